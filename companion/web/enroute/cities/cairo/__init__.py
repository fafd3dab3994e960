"""Cairo on the web: what a player's round brief says of Cairo's cards (their tourists go to a remote space, two
of them cross the location out), registered into `cities.NOTES` on import. The remote spaces themselves are a
feature type drawn by `maps/svgfeatures.py` (any city may have them)."""

from __future__ import annotations

from ....core.i18n import _
from ...labels import join_list, symbol_name
from .. import register_round_notes


def card_notes(state, player: int, cards, matches: list) -> list[str]:
    """Explain the round's remote-space cards: where their tourists go, and the × of two of them."""
    board = state.board
    symbolled = [c for c in cards if c.symbol and not c.repeat]
    if len(symbolled) == 2:
        return [_("Two Cairo cards: all their tourists go to the remote spaces ({spaces}) and your location is "
                  "crossed out (×); it can never get tourists.",
                  spaces=join_list(symbol_name(board, c.symbol) for c in symbolled))]
    if not symbolled:
        return []
    notes = [_("Cairo card: its tourists go to the remote space {space}, not to your location.",
               space=symbol_name(board, symbolled[0].symbol))]
    if any(c.repeat for c in cards):
        notes.append(_("With the repeat card, your location gets two tourists of the Cairo card's type."))
    return notes


register_round_notes(card_notes)
