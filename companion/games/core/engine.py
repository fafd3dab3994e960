"""The entry a game's engine registers: its id, its document formats and its command-line commands.

A game package (`companion/games/<game>/`) exposes one `GAME = GameEngine(...)`;
the registry finds it, and the CLI's `score` and the API's `POST /api/score`
dispatch on a document's `format` through it. Nothing here knows any game.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any


class NotAGameDocument(ValueError):
    """The input is not a readable game document at all (CLI exit code 2, API 422)."""


@dataclass(frozen=True)
class ScoreOptions:
    """Settings of one scoring call that a game may use or ignore."""

    library: str | None = None  # folder of extra boards, for games that have boards
    time_limit: float | None = None  # seconds per search, for games that search
    request_time_limit: float | None = None  # seconds for all the searches of one call together


Scorer = Callable[[Any, ScoreOptions], dict]
CommandAdder = Callable[["argparse._SubParsersAction"], None]


@dataclass(frozen=True)
class GameEngine:
    """One game's engine as the shared code sees it."""

    id: str
    name: str
    formats: Mapping[str, Scorer]  # input format (e.g. "enroute-game/1") -> scorer returning the score document
    add_commands: CommandAdder | None = None  # extra `python -m companion` subcommands
    output_formats: tuple[str, ...] = field(default=())
    # Data files (globs under `companion/games/`) whose "name" fields are names the companion made up (boards,
    # landmarks, tiles): they are translated like any text (companion/games/core/datanames.py). Real place
    # names printed on a published board (Ticket to Ride's cities, Thurn und Taxis's) are not listed: the table
    # reads them off its own board.
    data_names: tuple[str, ...] = field(default=())


def iter_problems(doc: Any) -> Iterator[dict]:
    """Yield every `problems[]` item anywhere in a score document."""
    if isinstance(doc, dict):
        for key, value in doc.items():
            if key == "problems" and isinstance(value, list):
                yield from (p for p in value if isinstance(p, dict))
            else:
                yield from iter_problems(value)
    elif isinstance(doc, list):
        for item in doc:
            yield from iter_problems(item)


def has_error_problems(doc: Any) -> bool:
    """Tell whether a score document reports at least one error."""
    return any(p.get("severity") == "error" for p in iter_problems(doc))
