"""A world city's web contributions, each in its own folder (`cities/<city>/`) that registers itself here.

Shared En Route web modules name no city: they ask this registry. A city folder's `__init__.py` registers, on
import, what it adds to the pages:

- tap-map feature drawers (`svgfeatures.register`, by feature type, as every feature type does);
- `register_view(fn)`: extra attributes of the map's `<svg>` element, `fn(board, x0, y0, width, height) -> str`
  ("" when the board does not need it; New York's two halves for a phone);
- `register_marks(fn)`: extra marks over the features, `fn(board) -> list[str]` (New York's landmarks on
  intersections);
- `register_style(css)`: the map style its drawings need (shown with the feature styles);
- `register_action(kind, handler)`: a table action of the refereed game (`referee/store.apply`),
  `handler(game, state, seat, payload) -> (new state, problems)`, or `(None, problems)` to refuse it before the
  engine is asked;
- `register_round_notes(fn)`: what a player's round brief says of the city's round rules,
  `fn(state, player, cards, matches) -> list[str]` (Cairo's cards, Hong Kong's ferries and harbour);
- `register_script(name, folder, pages, wanted)`: a page script kept in the city's `static/` folder and served
  at the shared static URL `/static/enroute/<name>` (the URL it always had); a page of `pages` ("sheet": a score
  table's sheet, "seat": a refereed game's player page) includes it when `wanted(board)`;
- `register_sheet_notes(tools, features)`: the rule notes a score sheet shows for the city's own sheet tools and
  feature types (`{tool or type: (texts marked with N_, ...)}`), after the shared ones (`tables/city_sheet.py`);
- `register_card_field(field)`: a round card's own field on the referee's card form (`CardField`: `add(cls,
  prefix, board)` adds it for a board that needs it, `read(form, prefix, board) -> dict` its `RoundCard` keyword
  values, `check(form, prefix, board, title, values, errors) -> bool` refuses what cannot be (Cairo's remote space
  symbol);
- `register_referee(module)`: the dotted name of the city's module of refereed-game pages (imported when the
  referee first asks, so it may import `referee/`); each of its functions is optional:
  `add_views(bp)` adds its forms' views to the referee's blueprint (`enroute.play`, the URLs and endpoint names
  they always had), `tracker(game) -> dict` and `seat(game, number, ctx) -> dict` add to the tracker's and a
  player's page context (`{}` when the board does not need it), `setup_step(game, key) -> (form, apply) | None`
  is a setup step's form, `setup_extra(game, key, setup) -> dict` what a setup step's page shows.

`load()` imports every city folder once (sorted by name, so registrations keep one order). Adding a city to
the web adds a folder here and nothing else. A city module imports only this registry, `labels`, `maps/` and
the core: `maps/svgmap.py` loads the folders while it is itself being imported (a referee module, imported only
when the referee asks, may also import `referee/`).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ....games.enroute.cities import load_folders

SHARED_STATIC = Path(__file__).parents[1] / "static"  # the game's own static folder (`/static/enroute/`)
PAGES = ("sheet", "seat")


@dataclass(frozen=True)
class Script:
    """A city's page script: its file `folder / name`, the pages that may show it, and when they do."""

    name: str
    folder: Path
    pages: tuple[str, ...]
    wanted: Callable[[Any], bool]


@dataclass(frozen=True)
class CardField:
    """A city's field of a round card on the referee's card form: added, read and checked with the shared ones."""

    add: Callable[[Any, str, Any], None]
    read: Callable[[Any, str, Any], dict]
    check: Callable[..., bool]


VIEWS: list[Callable[..., str]] = []
MARKS: list[Callable[[Any], list[str]]] = []
STYLES: list[str] = []
ACTIONS: dict[str, Callable[..., tuple[Any, list]]] = {}
NOTES: list[Callable[..., list[str]]] = []
SCRIPTS: dict[str, Script] = {}
REFEREES: list[str] = []
CARD_FIELDS: list[CardField] = []
TOOL_NOTES: dict[str, tuple[str, ...]] = {}
FEATURE_NOTES: dict[str, tuple[str, ...]] = {}
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


def register_round_notes(fn: Callable[..., list[str]]) -> None:
    """Add a maker of round-brief notes (kept once)."""
    if fn not in NOTES:
        NOTES.append(fn)


def register_script(name: str, folder: Path, pages: tuple[str, ...], wanted: Callable[[Any], bool]) -> None:
    """Add a city's page script; its name may not be a shared static file's or another city's (a programming
    error: one URL answers one file)."""
    script = Script(name, Path(folder), tuple(pages), wanted)
    if not (script.folder / name).is_file() or not set(script.pages) <= set(PAGES):
        raise ValueError(f"the script {name!r} is not in {folder} or names an unknown page")
    if (SHARED_STATIC / name).exists() or SCRIPTS.get(name, script).folder != script.folder:
        raise ValueError(f"the static file {name!r} is already served")
    SCRIPTS[name] = script


def register_sheet_notes(tools: dict[str, tuple[str, ...]] | None = None,
                         features: dict[str, tuple[str, ...]] | None = None) -> None:
    """Add a city's rule notes of its sheet tools and feature types; one tool or type has one city's notes (a
    programming error otherwise)."""
    for found, notes in ((TOOL_NOTES, tools or {}), (FEATURE_NOTES, features or {})):
        for kind, texts in notes.items():
            if found.get(kind, tuple(texts)) != tuple(texts):
                raise ValueError(f"the notes of {kind!r} are already registered")
            found[kind] = tuple(texts)


def sheet_notes() -> tuple[dict[str, tuple[str, ...]], dict[str, tuple[str, ...]]]:
    """The cities' rule notes of sheet tools and of feature types, in load order."""
    load()
    return dict(TOOL_NOTES), dict(FEATURE_NOTES)


def register_card_field(card_field: CardField) -> None:
    """Add a round card's own field (kept once)."""
    if card_field not in CARD_FIELDS:
        CARD_FIELDS.append(card_field)


def card_fields() -> list[CardField]:
    """The cities' round-card fields, in load order."""
    load()
    return list(CARD_FIELDS)


def register_referee(module: str) -> None:
    """Add a city's module of refereed-game pages by its dotted name (kept once; imported when first asked)."""
    if module not in REFEREES:
        REFEREES.append(module)


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


def round_notes(state: Any, player: int, cards: Any, matches: list) -> list[str]:
    """The cities' notes on this player's round cards and matching locations (usually none)."""
    load()
    return [note for fn in NOTES for note in fn(state, player, cards, matches)]


def scripts(board: Any, page: str) -> list[str]:
    """The file names of the cities' scripts this page includes for this board."""
    load()
    return [s.name for s in SCRIPTS.values() if page in s.pages and s.wanted(board)]


def static_folder(name: str) -> Path | None:
    """The city folder serving the static file `name`, or None (a shared static file or none at all)."""
    load()
    script = SCRIPTS.get(name)
    return script.folder if script is not None else None


def referee_hooks(name: str) -> list[Callable[..., Any]]:
    """The cities' referee functions called `name` (`add_views`, `tracker`, `seat`, `setup_step`,
    `setup_extra`), in load order."""
    load()
    modules = [importlib.import_module(module) for module in REFEREES]
    return [getattr(module, name) for module in modules if callable(getattr(module, name, None))]


def add_play_views(bp: Any) -> None:
    """Add the cities' views to the referee's blueprint (once, before the app registers it)."""
    for fn in referee_hooks("add_views"):
        fn(bp)


def tracker_context(game: Any) -> dict:
    """What the cities add to the round tracker's page for this game."""
    return {k: v for fn in referee_hooks("tracker") for k, v in fn(game).items()}


def seat_context(game: Any, number: int, ctx: dict) -> dict:
    """What the cities add to a player's page (`ctx`: what the page has so far)."""
    extra: dict = {}
    for fn in referee_hooks("seat"):
        extra.update(fn(game, number, {**ctx, **extra}))
    return extra


def setup_step(game: Any, key: str) -> tuple[Any, Any] | None:
    """A city's form of this setup step and its `apply(form, setup)`, or None."""
    return next((found for fn in referee_hooks("setup_step") if (found := fn(game, key)) is not None), None)


def setup_extra(game: Any, key: str, setup: dict) -> dict:
    """What the cities add to a setup step's page."""
    return {k: v for fn in referee_hooks("setup_extra") for k, v in fn(game, key, setup).items()}
