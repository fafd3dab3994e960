"""Live pages and offline entry, the same for every game.

- Every shared and seat page that shows a game's state includes the macro `live_box(url, mark, page)`
  (templates/core/macros.html); the core's `static/live.js` polls `url` about once a second and shows the
  new state when the mark moves, never over an entry that is not sent yet.
- A game's mark endpoint answers with `live_answer(mark)`: a tiny JSON no cache keeps. The mark is built
  from the public view only (it is seen by every phone at the table).
- Every entry form carries `data-offline-key`; the core's `static/offline.js` keeps its fields on the phone,
  asks `/ping` before it sends (so a dead network never opens the browser's error page), holds the entry
  while the companion cannot be reached and sends it by itself when it can.
"""

from __future__ import annotations

import hashlib

from flask import Blueprint, abort, jsonify

bp = Blueprint("tables_core", __name__)


def live_answer(mark: str | None):
    """Answer a change mark as JSON that no cache keeps (404 when there is no such table)."""
    if mark is None:
        abort(404, description="There is no such table; check the link.")
    response = jsonify({"mark": mark})
    response.headers["Cache-Control"] = "no-store"
    return response


def mark_of(*parts: object) -> str:
    """A short change mark made of public parts (versions, counts, the log's mark)."""
    return hashlib.sha256("|".join(map(str, parts)).encode()).hexdigest()[:16]


@bp.get("/ping")
def ping():
    """The offline script asks this before it sends an entry: an answer means the companion is reachable."""
    response = jsonify({"ok": True})
    response.headers["Cache-Control"] = "no-store"
    return response
