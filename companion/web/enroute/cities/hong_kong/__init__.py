"""Hong Kong on the web: what a player's round brief says of its ferries (a matching ferry location sends the
tourists to an empty waterfront location) and its harbour crossings, registered into `cities.NOTES` on import."""

from __future__ import annotations

from .....games.enroute import referee as ref
from .....games.enroute.cityplay import ferry_at
from ....core.i18n import _
from ...maps.printed import place
from .. import register_round_notes


def water_notes(state, player: int, cards, matches: list) -> list[str]:
    """Name each matching location that is a ferry, and say how a harbour crossing is drawn."""
    board = state.board
    notes = [_("{where} is a ferry: choose an empty waterfront location for the tourists and draw the segment from "
               "there. Each ferry carries your tourists once.", where=place(ref.player_board_of(state, player), loc))
             for loc in matches if ferry_at(board, loc) is not None]
    if board.features_of("harbour"):
        notes.append(_("A harbour crossing is drawn as the turn's only section, or as a bonus section paid by a "
                       "route-section cafe reached this turn."))
    return notes


register_round_notes(water_notes)
