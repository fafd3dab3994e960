"""Live referee pages: the game's change mark, answered the core's way (`core.tables.live`).

The tracker, the setup steps and each player's page poll it about once a second (the core's `live.js`, macro
`live_box`) and show the new state when it moves, unless the phone holds an entry that is not sent yet. The
mark is made of public parts only (`store.change_mark`): every phone at the table sees it.
"""

from __future__ import annotations

from ...core.tables.live import live_answer
from . import store
from .common import bp


@bp.get("/<token>/live")
def live(token: str):
    """The game's change mark, for the tracker and the setup steps."""
    return live_answer(store.change_mark(token))


@bp.get("/s/<seat_token>/live")
def seat_live(seat_token: str):
    """The game's change mark, for a player's own page (reached by the seat's secret link only)."""
    found = store.seat_by_token(seat_token)
    return live_answer(store.change_mark(found[0]) if found else None)
