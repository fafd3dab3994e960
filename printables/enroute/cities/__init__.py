"""A world city's printables, each in its own folder (`cities/<city>/`) that registers itself here.

Shared En Route printables name no city: they ask this registry. A city folder's `__init__.py` registers, on
import:

- `register_features(fn)`: drawn at the end of `city_features.draw_city_features` on a board with world-city
  features, `fn(c, board, layout, loc)` (Paris's shaped landmarks' sides and remote-landmark checkboxes);
- `register_map(fn)`: drawn on every map page after the world-city features, `fn(c, board, layout, loc)`
  (New York's landmarks on intersections and stars; nothing on a board without them);
- `register_sheet(Sheet(...))`: an extra printable of the `maps` command, chosen with its own `--option`
  (New York's halves).

`load()` imports every city folder once, sorted by name. Adding a city's printables adds a folder here only.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from companion.games.enroute.cities import load_folders

Draw = Callable[[Any, Any, Any, Any], None]


@dataclass(frozen=True)
class Sheet:
    """An extra printable of the `maps` command: its flag, help, PDF maker and what the CLI says it wrote."""

    option: str
    help: str
    pdf: Callable[..., bytes]  # (board, paper=..., lang=...) -> PDF bytes; ValueError when the board has no such
    what: Callable[[Any], str]  # board -> "n blank half maps of <city>"


FEATURES: list[Draw] = []
MAPS: list[Draw] = []
SHEETS: dict[str, Sheet] = {}
_loaded: list[str] = []


def register_features(fn: Draw) -> None:
    """Add a drawer of a city's feature types (kept once)."""
    if fn not in FEATURES:
        FEATURES.append(fn)


def register_map(fn: Draw) -> None:
    """Add a drawer run on every map page (kept once)."""
    if fn not in MAPS:
        MAPS.append(fn)


def register_sheet(sheet: Sheet) -> None:
    """Add an extra printable; two cities may not claim one option (a programming error)."""
    if SHEETS.get(sheet.option, sheet) != sheet:
        raise ValueError(f"the printable option {sheet.option!r} is already registered")
    SHEETS[sheet.option] = sheet


def load() -> list[str]:
    """Import every city folder once; return their names in load order."""
    if not _loaded:
        _loaded.extend(load_folders(__name__, __path__))
    return list(_loaded)


def draw_features(c: Any, board: Any, layout: Any, loc: Any) -> None:
    """Run every city's feature drawers."""
    load()
    for fn in FEATURES:
        fn(c, board, layout, loc)


def draw_map(c: Any, board: Any, layout: Any, loc: Any) -> None:
    """Run every city's map-page drawers."""
    load()
    for fn in MAPS:
        fn(c, board, layout, loc)


def sheets() -> list[Sheet]:
    """The extra printables, in load order."""
    load()
    return list(SHEETS.values())
