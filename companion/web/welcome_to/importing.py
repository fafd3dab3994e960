"""Finished sheets and games brought in as JSON: read, checked by the engine, refused with every error named.

A seat takes a `welcome-to-game/1` player object (or a game document with one
player); a new table takes a whole game document. Either is refused while the
engine finds an error, so a stored sheet always reads clean and the moves made
on top of it are checked against a sheet the rules accept.
"""

from __future__ import annotations

from typing import Any

from ...games.core.engine import NotAGameDocument
from ...games.core.problems import Problem, has_errors
from ...games.welcome_to import GAME_FORMAT, read_game
from ...games.welcome_to.roundlog import has_round_log
from ..core.i18n import _
from ..core.security import loads
from .live import Settings, table_rounds
from .store import MAX_SEATS


def _document(text: str) -> tuple[Any, str | None]:
    """Parse pasted JSON, or say why it is not readable."""
    if not text.strip():
        return None, _("Paste a JSON document or choose a file.")
    value, problem = loads(text)
    if problem is not None:
        return None, _("This is not readable JSON: {error} Nothing was saved; your text is kept.", error=problem[:160])
    return value, None


def _problems(game, index: int | None = None) -> list[Problem]:
    """The game's problems, and those of one player (all players when `index` is None)."""
    found = list(game.problems)
    for i, player in enumerate(game.players):
        if index is None or i == index:
            found += player.problems
    return found


def read_seat_import(text: str, settings: Settings, name: str) -> tuple[dict | None, str | None, list[Problem]]:
    """A finished sheet for one seat: (player object, None, warnings) or (None, message, problems)."""
    value, message = _document(text)
    if message is not None:
        return None, message, []
    rounds = None
    if isinstance(value, dict) and value.get("format") == GAME_FORMAT:
        players = value.get("players")
        if not isinstance(players, list) or len(players) != 1:
            return None, _("A game document brought to one seat has exactly one player."), []
        rounds = value.get("rounds")
        value = players[0]
    if not isinstance(value, dict) or "streets" not in value:
        return None, _("A sheet is a JSON object with \"streets\" (a welcome-to-game/1 player), or a game with one "
                       "player."), []
    player = {**value, "player": name}
    doc = {"format": GAME_FORMAT, "mode": settings.mode, "intermediate": settings.intermediate,
           "plans": list(settings.plans), "players": [player]}
    if rounds is None and player.get("log") is not None:
        rounds = table_rounds(settings)
    if rounds is not None:
        doc["rounds"] = rounds
    game = read_game(doc)
    found = _problems(game)
    if has_errors(found):
        return None, _("The sheet was not imported: the rules refuse it. Fix it and import again; your text is "
                       "kept."), found
    return player, None, found


def log_note(doc: Any) -> str:
    """What the import checked of the cards: against the round log, or nothing (no log)."""
    if has_round_log(doc):
        return _("The round log was replayed: every number and effect matches the cards of its round.")
    return _("Imported without a round log: numbers and effects were not checked against the cards.")


def read_game_import(text: str) -> tuple[dict | None, str | None, list[Problem]]:
    """A finished game for a new table: (document, None, warnings) or (None, message, problems)."""
    value, message = _document(text)
    if message is not None:
        return None, message, []
    try:
        game = read_game(value)
    except NotAGameDocument as exc:
        return None, _("This is not a welcome-to-game/1 document: {reason}", reason=str(exc)), []
    if len(game.players) > MAX_SEATS:
        return None, _("A table holds at most {most} players.", most=MAX_SEATS), []
    found = _problems(game)
    if has_errors(found):
        return None, _("The game was not imported: the rules refuse it. Fix it and import again; your text is "
                       "kept."), found
    return value, None, found
