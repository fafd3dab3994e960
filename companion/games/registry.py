"""Find a game's engine by id or by document format (`find_game`), without naming any game here.

Every package under `companion/games/` that exposes `GAME` is a game; tests and
plug-ins may add more with `register_game`.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from typing import Any

from .core.engine import GameEngine, NotAGameDocument, ScoreOptions

_PACKAGE = __name__.rsplit(".", 1)[0]
_EXTRA: dict[str, GameEngine] = {}


class UnknownGameError(LookupError):
    """No registered game has this id or reads this format."""

    def __str__(self) -> str:
        """Name what was asked for and what is known."""
        known = ", ".join(f for g in games() for f in g.formats)
        return f"No game reads {self.args[0]!r}; known formats: {known}."


@cache
def _discovered() -> tuple[GameEngine, ...]:
    """Import each game package once and collect its `GAME` entry, sorted by id."""
    found = []
    package = importlib.import_module(_PACKAGE)
    for info in pkgutil.iter_modules(package.__path__):
        if not info.ispkg:
            continue
        module = importlib.import_module(f"{_PACKAGE}.{info.name}")
        entry = getattr(module, "GAME", None)
        if isinstance(entry, GameEngine):
            found.append(entry)
    return tuple(sorted(found, key=lambda g: g.id))


def games() -> list[GameEngine]:
    """Return every game: the discovered packages, then the registered extras."""
    shipped = list(_discovered())
    ids = {g.id for g in shipped}
    return shipped + [g for g in _EXTRA.values() if g.id not in ids]


def register_game(entry: GameEngine) -> None:
    """Add a game that does not live under `companion/games/` (plug-ins, tests)."""
    _EXTRA[entry.id] = entry


def unregister_game(game_id: str) -> None:
    """Remove a game added with `register_game`."""
    _EXTRA.pop(game_id, None)


def find_game(key: str) -> GameEngine:
    """Return the game with this id, or the game that reads this document format."""
    for entry in games():
        if key == entry.id or key in entry.formats:
            return entry
    raise UnknownGameError(key)


def score_document(doc: Any, options: ScoreOptions | None = None) -> dict:
    """Score any registered game's document, dispatching on its `format`.

    Raises `NotAGameDocument` when it is not an object with a known `format`.
    """
    known = ", ".join(f for g in games() for f in g.formats)
    if not isinstance(doc, dict):
        kind = "a list" if isinstance(doc, list) else "a single value"
        raise NotAGameDocument(f"A game document is a JSON object with a \"format\" key ({known}), not {kind}.")
    fmt = doc.get("format")
    if not isinstance(fmt, str):
        raise NotAGameDocument(f"A game document needs a \"format\" key naming its format; known formats: {known}.")
    try:
        entry = find_game(fmt)
    except UnknownGameError as exc:
        raise NotAGameDocument(str(exc)) from exc
    scorer = entry.formats.get(fmt)
    if scorer is None:  # the key was a game id, not one of its formats
        raise NotAGameDocument(f"{fmt!r} names a game, not a document format; "
                               f"its formats: {', '.join(entry.formats)}.")
    return scorer(doc, options or ScoreOptions())
