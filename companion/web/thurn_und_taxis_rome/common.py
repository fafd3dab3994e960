"""What the Thurn und Taxis views share: the blueprint, loading a table or a seat, the host, recording a change.

Secrets by construction: `table_or_404` and `seat_or_404` hand the views the table as the public view knows
it (`view.public_table`: every clergy placement face down), so no page, preview, JSON, mark or log can show
a placement. Only the store reads the whole state, to apply an action (`record`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from flask import Blueprint, abort, session

from ...games.core.problems import Problem
from ..core.i18n import _
from ..core.tables import registry, seats
from ..core.tables.live import mark_of
from . import labels as lb
from . import store, view

bp = Blueprint("tables", __name__, url_prefix="/taxis")
GAME_ID = "thurn-und-taxis-rome"
LEGACY_HOST_KEY = "taxis_host"  # tables started before the core's host: the session named the host


def load_public(token: str) -> store.Stored | None:
    """A table as every phone may see it (placements face down), or None."""
    stored = store.load(token)
    return view.public_stored(stored) if stored is not None else None


def table_or_404(token: str) -> store.Stored:
    """Load a table (its public form) or answer 404."""
    stored = load_public(token)
    if stored is None:
        abort(404, description=_("There is no such table; check the link or the code."))
    return stored


def change_mark(token: str) -> str | None:
    """The table's change mark (its version and the seats' log; nothing secret), or None when there is none."""
    version = store.version_of(token)
    if version is None:
        return None
    return mark_of(version, seats.event_mark(GAME_ID, token))


def seat_or_404(seat_token: str) -> tuple[store.Stored, int]:
    """Resolve a seat's secret link or answer 404."""
    found = store.seat_by_token(seat_token)
    if found is None:
        abort(404, description=_("This player link is not valid (it may have been replaced by a new one)."))
    stored = table_or_404(found[0])
    if found[1] >= len(stored.table.seats):
        abort(404, description=_("This player link is not valid."))
    return stored, found[1]


def is_host(token: str) -> bool:
    """Tell whether this phone hosts the table (the core's host; a table started before the core had one is
    adopted by the phone whose signed session says it started it)."""
    if seats.is_host(GAME_ID, token):
        return True
    if token in session.get(LEGACY_HOST_KEY, []):
        row = registry.get(GAME_ID, token)
        if row is None or not row["host"]:
            seats.make_host(GAME_ID, token)
            return True
    return False


def form_message(form, otherwise: str | None = None) -> str:
    """Say why a form was refused: its CSRF token (expired or from elsewhere), or `otherwise`."""
    token = getattr(form, "csrf_token", None)
    if token is not None and token.errors:
        return _("The form expired or came from elsewhere; nothing was lost, please send it again.")
    return otherwise if otherwise is not None else _("Please fix the marked fields.")


@dataclass
class Result:
    """What recording a change gave: done, or why not (a message, the engine's problems, the HTTP status)."""

    ok: bool
    message: str = ""
    problems: list[Problem] = field(default_factory=list)
    status: int = 200
    events: tuple = ()


def record(token: str, version: str | None, action: dict) -> Result:
    """Record an engine action with the version the page showed; explain a conflict or a refusal."""
    try:
        outcome = store.record(token, version, action)
    except store.Conflict as exc:
        return Result(False, lb.conflict_message(exc.what), status=409)
    if outcome is None:
        abort(404, description=_("There is no such table; check the link or the code."))
    if not outcome.ok:
        return Result(False, _("The companion refused this:"), list(outcome.problems), 422)
    saved(token)
    return Result(True, problems=list(outcome.problems), events=outcome.events)


def saved(token: str) -> None:
    """After a save: the table is not abandoned; when its game is over and every score line is in, it is finished."""
    stored = store.load(token)
    if stored is None:  # pragma: no cover - it was just saved
        return
    if view.sheet_final(stored):
        registry.finish(GAME_ID, token)
    else:
        registry.touch(GAME_ID, token)
