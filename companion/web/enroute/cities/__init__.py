"""A world city's web contributions, each in its own folder (`cities/<city>/`) that registers itself here.

Shared En Route web modules name no city: they ask this registry. A city folder's `__init__.py` registers, on
import, what it adds to the pages:

- tap-map feature drawers (`svgfeatures.register`, by feature type, as every feature type does);
- `register_view(fn)`: extra attributes of the map's `<svg>` element, `fn(board, x0, y0, width, height) -> str`
  ("" when the board does not need it; New York's two halves for a phone);
- `register_marks(fn)`: extra marks over the features, `fn(board) -> list[str]` (New York's landmarks on
  intersections);
- `register_style(css)`: the map style its drawings need (shown with the feature styles);
- `register_action(kind, handler)`: a table action of the refereed game (`play_store.apply_action`),
  `handler(game, state, seat, payload) -> (new state, problems)`, or `(None, problems)` to refuse it before the
  engine is asked.

`load()` imports every city folder once (sorted by name, so registrations keep one order). Adding a city to
the web adds a folder here and nothing else.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ....games.enroute.cities import load_folders

VIEWS: list[Callable[..., str]] = []
MARKS: list[Callable[[Any], list[str]]] = []
STYLES: list[str] = []
ACTIONS: dict[str, Callable[..., tuple[Any, list]]] = {}
_loaded: list[str] = []


def register_view(fn: Callable[..., str]) -> None:
    """Add a map `<svg>` attribute maker (kept once)."""
    if fn not in VIEWS:
        VIEWS.append(fn)


def register_marks(fn: Callable[[Any], list[str]]) -> None:
    """Add a drawer of marks over the features (kept once)."""
    if fn not in MARKS:
        MARKS.append(fn)


def register_style(css: str) -> None:
    """Add a city's map style (kept once)."""
    if css not in STYLES:
        STYLES.append(css)


def register_action(kind: str, handler: Callable[..., tuple[Any, list]]) -> None:
    """Add a table action; two cities may not claim one kind (a programming error)."""
    if ACTIONS.get(kind, handler) is not handler:
        raise ValueError(f"the table action {kind!r} is already registered")
    ACTIONS[kind] = handler


def load() -> list[str]:
    """Import every city folder once; return their names in load order."""
    if not _loaded:
        _loaded.extend(load_folders(__name__, __path__))
    return list(_loaded)


def view_attributes(board: Any, x0: float, y0: float, width: float, height: float) -> str:
    """The cities' extra `<svg>` attributes for this board (usually "")."""
    return "".join(fn(board, x0, y0, width, height) for fn in VIEWS)


def marks(board: Any) -> list[str]:
    """The cities' marks over the features for this board."""
    return [mark for fn in MARKS for mark in fn(board)]


def style() -> str:
    """The cities' map styles."""
    return "".join(STYLES)
