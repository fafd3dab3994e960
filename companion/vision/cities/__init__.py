"""What a world city's printed map adds for the photo reader: a folder per city (`cities/<city>/`) registers,
by the board feature type that brings them, the marks its sheet records beyond sections, tourists, cafes and the
personal goal (Cairo's × locations and remote tourist spaces, Hong Kong's crossed-out ferries, Paris's section
colours, New York's Statue of Liberty tickets).

The shared reader names no city: it asks this registry for the readers of the feature types a board has
(`readers_for`), in a fixed order. Adding a city adds a folder here (and its printed boxes through `areas`).
Corner roads need no reader of their own: the page geometry samples every road as printed (`pagegeom`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from companion.games.enroute.cities import load_folders

Rect = tuple[float, float, float, float]  # page points: left, top (y up), width, height


@dataclass(frozen=True)
class MarkReader:
    """One kind of city mark: how to find it on the photo and what it adds to the draft.

    - `kind`: the decision kind it makes (also the bench's name for it);
    - `feature`: the board feature type that brings it (a board without it never runs the reader);
    - `read(ink, geo, board, decisions) -> decisions`: the whole list, with its own decisions added (it may
      lower or replace others: a crossed-out location holds no tourists);
    - `draft(decisions, draft, board)`: fold its decisions into the `enroute-sheet/1` draft (in place);
    - `areas(board, layout) -> {key: Rect}`: printed boxes a player writes in (read like blocks);
    - `describe(decision, board, player_board) -> (template, params)`: the "please check" text (N_ template);
    - `target(decision, board) -> ("location"|"section"|"point"|"feature", key) | None`: where it sits on the
      tap map (None: beside the map, e.g. a form field).
    """

    kind: str
    feature: str
    read: Callable[..., list]
    draft: Callable[..., None]
    describe: Callable[..., tuple[str, dict]]
    target: Callable[..., Any]
    areas: Callable[..., dict[str, Rect]] | None = None


READERS: dict[str, MarkReader] = {}
_loaded: list[str] = []


def register(reader: MarkReader) -> None:
    """Add a city mark reader (one per kind; registering the same one again is harmless)."""
    if READERS.get(reader.kind, reader) != reader:
        raise ValueError(f"a photo mark reader of kind {reader.kind!r} is already registered")
    READERS[reader.kind] = reader


def load() -> None:
    """Import every city folder once."""
    if not _loaded:
        _loaded.extend(load_folders(__name__, __path__) or ["-"])


def readers_for(board) -> list[MarkReader]:
    """Return the readers of the feature types a board has, in kind order (none on a board without them)."""
    load()
    present = {f.type for f in board.features}
    return [READERS[kind] for kind in sorted(READERS) if READERS[kind].feature in present]


def reader_of(kind: str) -> MarkReader | None:
    """Return the reader that makes decisions of a kind (None for the shared kinds)."""
    load()
    return READERS.get(kind)


def page_areas(board, layout) -> dict[str, Rect]:
    """Return every printed box the board's readers read in, keyed `<kind>:<key>`."""
    out: dict[str, Rect] = {}
    for reader in readers_for(board):
        if reader.areas is not None:
            out.update({f"{reader.kind}:{key}": rect for key, rect in reader.areas(board, layout).items()})
    return out
