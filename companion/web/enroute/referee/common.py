"""What the referee's pages share: the `play` blueprint and its helpers.

The setup walk-through is `setup.py`, the round tracker `rounds.py`, a player's own page `player.py`.
"""

from __future__ import annotations

from flask import Blueprint, abort, session

from ....games.core.problems import N_
from ...core.i18n import _
from ...core.security import small_int
from ...core.tables import registry, seats
from ..labels import join_list, label
from . import store

bp = Blueprint("play", __name__, url_prefix="/play")
SEAT_COLOURS = ("red", "blue", "green", "yellow")
CONFLICT = N_("The game changed on another phone meanwhile ({what}). Nothing was saved; what you entered is still "
              "here — check it against the page and send it again.")


def conflict_message(kinds) -> str:
    """Say that the game changed meanwhile, naming what changed (action kinds, or "setup")."""
    what = join_list(label(f"action_{k}", label("action_unknown")) for k in sorted(set(kinds)))
    return _(CONFLICT, what=what)


def _game(token: str) -> store.Played:
    """Load a game or answer 404."""
    game = store.load(token)
    if game is None:
        abort(404, description=_("There is no such game; check the link."))
    return game


def _version(form) -> int:
    """Return the version a form was based on (-1 when missing)."""
    raw = (form.version.data or "").strip()
    return small_int(raw, -1)


def _names(game: store.Played) -> list[str]:
    """Return the players' names."""
    return list(game.setup.get("names") or [])


def _form_message(form, otherwise: str | None = None) -> str:
    """Say why a form was refused: the CSRF token (expired or foreign), or `otherwise` (translated already)."""
    token = getattr(form, "csrf_token", None)
    if token is not None and token.errors:
        return _("The form expired or came from elsewhere; nothing was lost, please send it again.")
    return otherwise if otherwise is not None else _("Please fix the marked fields.")


def is_host(game_id: str) -> bool:
    """Tell whether this phone hosts the game (the core's host: the phone that started it).

    A game started before the core kept hosts has none recorded; the phone whose signed session says it
    started that game becomes its host the first time it asks (`play_host`, the old way, read only).
    """
    if seats.is_host(store.GAME, game_id):
        return True
    if game_id in session.get("play_host", []):
        row = registry.get(store.GAME, game_id)
        if row is None or not row.get("host"):
            seats.make_host(store.GAME, game_id)
            return True
    return False
