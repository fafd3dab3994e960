"""What the Thurn und Taxis views share: the blueprint, loading a table or a seat, and recording a change."""

from __future__ import annotations

from dataclasses import dataclass, field

from flask import Blueprint, abort, session

from ...games.core.problems import Problem
from ..core.i18n import _
from . import labels as lb
from . import store

bp = Blueprint("tables", __name__, url_prefix="/taxis")
HOST_KEY = "taxis_host"


def table_or_404(token: str) -> store.Stored:
    """Load a table or answer 404."""
    stored = store.load(token)
    if stored is None:
        abort(404, description=_("There is no such table; check the link or the code."))
    return stored


def seat_or_404(seat_token: str) -> tuple[store.Stored, int]:
    """Resolve a seat's secret link or answer 404."""
    found = store.seat_by_token(seat_token)
    if found is None:
        abort(404, description=_("This player link is not valid (it may have been replaced by a new one)."))
    stored = table_or_404(found[0])
    if found[1] >= len(stored.table.seats):
        abort(404, description=_("This player link is not valid."))
    return stored, found[1]


def remember_host(token: str) -> None:
    """Note in this phone's signed session that it started the table."""
    session[HOST_KEY] = [*session.get(HOST_KEY, [])[-19:], token]


def is_host(token: str) -> bool:
    """Tell whether this phone started the table (its signed session says so)."""
    return token in session.get(HOST_KEY, [])


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
    return Result(True, problems=list(outcome.problems), events=outcome.events)
