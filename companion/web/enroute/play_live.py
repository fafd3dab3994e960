"""Live referee pages (issue 13, U5): a tiny JSON mark that changes whenever the game changes.

The tracker, the setup steps and each player's page poll it about once a second
(`static/live.js`) and reload themselves when it moves, unless the phone holds an
entry that is not sent yet; then they only say that the game changed. Polling a
small JSON answer works behind any WSGI server and on SQLite or PostgreSQL.
"""

from __future__ import annotations

from flask import abort, jsonify

from ..core.i18n import _
from . import play_store as store
from .play_common import bp


def _answer(mark: str | None):
    """Answer the mark as JSON that no cache keeps (404 when there is no such game)."""
    if mark is None:
        abort(404, description=_("There is no such game; check the link."))
    response = jsonify({"mark": mark})
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/<token>/live")
def live(token: str):
    """The game's change mark, for the tracker and the setup steps."""
    return _answer(store.change_mark(token))


@bp.get("/s/<seat_token>/live")
def seat_live(seat_token: str):
    """The game's change mark, for a player's own page (reached by the seat's secret link only)."""
    found = store.seat_by_token(seat_token)
    return _answer(store.change_mark(found[0]) if found else None)
