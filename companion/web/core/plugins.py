"""What a game's web package registers: its blueprint and its entry on the home page.

Each package under `companion/web/` other than `core` that exposes
`WEB = GameWeb(...)` is found here; tests and plug-ins may add more with
`register_web`. The app factory registers them all; nothing here names a game.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache

from flask import Blueprint

from .tables.spec import TableSpec

_PACKAGE = __name__.rsplit(".", 2)[0]  # companion.web
_EXTRA: dict[str, GameWeb] = {}


@dataclass(frozen=True)
class HomeEntry:
    """A game's card on the home page: its name, one line, its box colours and where to start."""

    title: str  # source text (English); shown through the catalogues
    tagline: str
    colours: tuple[str, str, str]  # background, text, accent: the box cover's colours
    start_endpoint: str
    links: tuple[tuple[str, str], ...] = ()  # (label, endpoint) of the game's other pages
    order: int = 100


@dataclass(frozen=True)
class GameWeb:
    """A game's web layer: its blueprint (its own url prefixes and static files) and home entry."""

    game_id: str
    blueprint: Blueprint
    home: HomeEntry | None = None
    about: str = ""  # a paragraph for the "About and formats" page (source text)
    web_scorers: Mapping[str, Callable] = field(default_factory=dict)  # format -> scorer used by POST /api/score
    tables: TableSpec | None = None  # its tables as the core runs them (public and seat views, delete, contract)
    extra: dict = field(default_factory=dict)


@cache
def _discovered() -> tuple[GameWeb, ...]:
    """Import each game's web package once and collect its `WEB` entry."""
    found = []
    package = importlib.import_module(_PACKAGE)
    for info in pkgutil.iter_modules(package.__path__):
        if not info.ispkg or info.name == "core":
            continue
        entry = getattr(importlib.import_module(f"{_PACKAGE}.{info.name}"), "WEB", None)
        if isinstance(entry, GameWeb):
            found.append(entry)
    return tuple(sorted(found, key=lambda w: w.game_id))


def game_webs() -> list[GameWeb]:
    """Return every game's web entry: the discovered packages, then the registered extras."""
    shipped = list(_discovered())
    ids = {w.game_id for w in shipped}
    return shipped + [w for w in _EXTRA.values() if w.game_id not in ids]


def register_web(entry: GameWeb) -> None:
    """Add a game's web entry that does not live under `companion/web/` (plug-ins, tests)."""
    _EXTRA[entry.game_id] = entry


def unregister_web(game_id: str) -> None:
    """Remove a web entry added with `register_web`."""
    _EXTRA.pop(game_id, None)
