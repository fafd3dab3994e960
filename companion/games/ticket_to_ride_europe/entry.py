"""One player's entry, checked while it is typed: the problems it has now against the rest of the table.

A phone enters one player's routes, stations and tickets while the other
players' entries are whatever they saved last. `check_entry` scores the whole
table as it stands (the same validation and scoring as a finished game, no
rule of its own) and reports the one player's problems, including those that
involve another player (a route both claimed, a station city both used),
plus what the page shows while tapping: trains used and left, route points,
and each ticket's state once the entry is free of errors.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..core.problems import Problem
from .data import TRAINS, board
from .model import read_document
from .scoring import score_table


@dataclass(frozen=True)
class TicketState:
    """One ticket of the entry: its cities as written, its points (None: not known yet), done or not (None: unknown)."""

    city_from: str
    city_to: str
    points: int | None
    completed: bool | None


@dataclass(frozen=True)
class EntryReport:
    """What one player's entry gives now: its problems and a running count of it."""

    problems: list[Problem]
    trains: int  # trains of the known routes, each counted once
    route_points: int
    stations: int
    tickets: tuple[TicketState, ...]
    borrowed: tuple[int | None, ...] | None  # per station, when the entry is scored
    longest_path: int | None  # the entry's longest trail in trains, when scored
    scored: bool

    @property
    def trains_left(self) -> int:
        """Trains not used (negative when the routes need more than a player has)."""
        return TRAINS - self.trains

    def to_json(self) -> dict:
        """The report as JSON (problems in the interchange shape)."""
        return {"problems": [p.to_json() for p in self.problems], "trains": self.trains,
                "trains_left": self.trains_left, "route_points": self.route_points, "stations": self.stations,
                "tickets": [{"from": t.city_from, "to": t.city_to, "points": t.points, "completed": t.completed}
                            for t in self.tickets],
                "borrowed": None if self.borrowed is None else list(self.borrowed),
                "longest_path": self.longest_path, "scored": self.scored}


def check_entry(doc: Any, seat: int) -> EntryReport:
    """Check players[seat] of a `ttr-europe-game/1` document against the whole table as it stands.

    Raises `NotAGameDocument` when `doc` is not a game document and IndexError when there is no such seat.
    """
    b = board()
    lines, _shared = score_table(doc)
    line = lines[seat]
    variant, players, _problems = read_document(doc)
    entry = players[seat]
    routes = tuple(dict.fromkeys(r for r in (entry.routes if entry else ()) if r in b.routes))
    deck = b.decks.get(variant) if variant else None
    tickets = []
    for k, t in enumerate(entry.tickets if entry else ()):
        if t is None:
            continue
        if line.scored:
            held = line.held[k]
            tickets.append(TicketState(held.city_from, held.city_to, held.points, line.tickets.completed[k]))
            continue
        known = deck.get(frozenset((t.from_, t.to))) if deck else None
        tickets.append(TicketState(t.from_, t.to, known.points if known else t.points, None))
    return EntryReport(problems=list(line.problems), trains=sum(b.routes[r].length for r in routes),
                       route_points=sum(b.points_of(r) for r in routes),
                       stations=len(entry.stations) if entry else 0, tickets=tuple(tickets),
                       borrowed=line.tickets.borrowed if line.scored else None,
                       longest_path=line.express.length if line.scored else None, scored=line.scored)
