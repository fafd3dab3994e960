"""Cairo on the web: what a player's round brief says of Cairo's cards (their tourists go to a remote space, two
of them cross the location out), registered into `cities.NOTES` on import, and the round card's remote space
symbol on the referee's card form (`cities.CARD_FIELDS`). The remote spaces themselves are a feature type drawn
by `maps/svgfeatures.py` (any city may have them)."""

from __future__ import annotations

from wtforms import SelectField
from wtforms.fields.choices import SelectChoice

from ....core.i18n import _, data_name
from ...labels import join_list, symbol_name
from .. import CardField, register_card_field, register_round_notes


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




def _symbol_field(cls, prefix: str, board) -> None:
    """A card's remote space symbol, on a board with remote spaces."""
    spaces = [SelectChoice(str(f.param("symbol")), data_name(f.name) or f.id)
              for f in board.features_of("remote_space")]
    if spaces:
        setattr(cls, f"{prefix}_symbol", SelectField(_("Cairo card: remote space symbol"),
                                                     choices=[SelectChoice("", _("none")), *spaces],
                                                     validate_choice=False))


def _read_symbol(form, prefix: str, board) -> dict:
    """The card's symbol as the `RoundCard` keeps it (None: no symbol or no field)."""
    name = f"{prefix}_symbol"
    return {"symbol": (form[name].data or None) if name in form else None}


def _check_symbol(form, prefix: str, board, title: str, values: dict, errors: list[str]) -> bool:
    """A symbol must be one of the board's remote spaces."""
    known = {f.param("symbol") for f in board.features_of("remote_space")}
    if values["symbol"] and values["symbol"] not in known:
        form[f"{prefix}_symbol"].errors = [_("Choose one of the listed symbols.")]
        errors.append(_("{card}: choose one of the listed remote space symbols.", card=title))
        return False
    return True


register_round_notes(card_notes)
register_card_field(CardField(_symbol_field, _read_symbol, _check_symbol))
