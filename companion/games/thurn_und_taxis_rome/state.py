"""A table in progress: seats, turn, the Audience and the Offices of honor, as plain dataclasses.

Every action (`audience.py`, `offices.py`, `turns.py`) takes a `Table` and returns an `Outcome`
holding a new table: the old one is never changed, so a page can keep it for an undo. A refused
action returns the same table with error problems that say why.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from ..core.problems import Problem, has_errors
from .track import Track

TABLE_FORMAT = "thurn-und-taxis-rome-table/1"
MODULES = ("audience", "offices")


@dataclass
class Seat:
    """One player at the table, in clockwise order; seat 0 is the start player."""

    player: str
    colour: str


@dataclass
class RomeTile:
    """A clergy tile face up in Rome (or sent away from Rome, `by` naming the carriage that replaced it)."""

    seat: int
    rank: str
    carriage: str
    by: str | None = None

    def to_json(self) -> dict:
        """Return the tile as the state document writes it."""
        doc: dict[str, Any] = {"seat": self.seat, "rank": self.rank, "carriage": self.carriage}
        if self.by is not None:
            doc["by"] = self.by
        return doc


@dataclass
class Audience:
    """The Audience module: the board, the carriages, each seat's secret clergy, and Rome."""

    track: Track | None  # None: the table has not entered the board; moves name cities freely
    carriages: dict[str, str]  # carriage id -> the city it stands in
    assignments: list[dict[str, str] | None]  # per seat: carriage id -> rank (SECRET), None until placed
    rome: list[RomeTile] = field(default_factory=list)
    dismissed: list[RomeTile] = field(default_factory=list)
    arrivals: list[str] = field(default_factory=list)  # carriage ids in order of arrival

    @property
    def ready(self) -> list[bool]:
        """Which seats have placed their clergy (public)."""
        return [a is not None for a in self.assignments]


@dataclass
class Returning:
    """Officials' tiles being returned: the rounds after a stack ran out, or the final return."""

    kind: str  # "rounds" or "final"
    starter: int | None  # rounds: the seat whose turn it is (each round starts there); final: None
    round: int
    queue: list[int]  # rounds: seats still to return this round, next first; final: seats not yet done


@dataclass
class Offices:
    """The Offices of honor module: the stacks, each seat's tiles, the VP coins."""

    stacks: dict[str, int]
    hands: list[dict[str, int]]
    coins: list[int]
    coin_supply: int
    returning: Returning | None = None


@dataclass
class Posts:
    """Post offices placed, bonus tiles taken (stack id, points) per seat, and who triggered the end."""

    houses: list[int]
    bonus: list[list[tuple[str, int]]]
    final_round: int | None = None  # the seat that triggered the end; the round is played out

    def taken(self, stack: str) -> int:
        """How many tiles of a stack are gone."""
        return sum(1 for own in self.bonus for s, _ in own if s == stack)

    def to_json(self) -> dict:
        """Return the state document's `posts`."""
        return {"houses": list(self.houses), "bonus": [[{"stack": s, "points": p} for s, p in own]
                                                       for own in self.bonus],
                "final_round": self.final_round}


@dataclass
class Turn:
    """Whose turn it is and what they did in it."""

    active: int = 0
    number: int = 1
    office_taken: bool = False
    route_scored: bool = False


@dataclass
class Table:
    """The whole state of one table."""

    seats: list[Seat]
    modules: tuple[str, ...]
    turn: Turn
    ended: bool
    tile_values: dict[str, int]  # clergy rank -> points, entered from the physical tiles
    rank_names: dict[str, str]  # clergy rank -> name printed on the tile, where the table gave one
    audience: Audience | None
    offices: Offices | None
    log: list[dict] = field(default_factory=list)
    posts: Posts | None = None  # post offices, bonus tiles and the final round (posts.py); None: not tracked

    def colour_of(self, seat: int) -> str:
        """Return a seat's colour."""
        return self.seats[seat].colour

    def copy(self) -> Table:
        """Return an independent copy to change."""
        return copy.deepcopy(self)


@dataclass(frozen=True)
class Outcome:
    """What an action did: the new table (or the old one when refused), its problems and public events."""

    table: Table
    problems: tuple[Problem, ...] = ()
    events: tuple[dict, ...] = ()

    @property
    def ok(self) -> bool:
        """Tell whether the action was done (no error problems)."""
        return not has_errors(self.problems)

    def to_json(self) -> dict:
        """Return the outcome for a page: ok, problems and events (the table is sent separately)."""
        return {"ok": self.ok, "problems": [p.to_json() for p in self.problems], "events": list(self.events)}


def refuse(table: Table, problems: list[Problem]) -> Outcome:
    """Refuse an action: the table stays as it was."""
    return Outcome(table, tuple(problems))


def done(table: Table, events: list[dict], problems: list[Problem] | None = None) -> Outcome:
    """Accept an action: log its public events on the new table."""
    for event in events:
        table.log.append({"n": len(table.log) + 1, **event})
    return Outcome(table, tuple(problems or ()), tuple(events))


def table_to_json(table: Table) -> dict:
    """Return the whole state as a `thurn-und-taxis-rome-table/1` document (secrets included)."""
    doc: dict[str, Any] = {
        "format": TABLE_FORMAT,
        "seats": [{"player": s.player, "colour": s.colour} for s in table.seats],
        "modules": list(table.modules),
        "turn": {"active": table.turn.active, "number": table.turn.number,
                 "office_taken": table.turn.office_taken, "route_scored": table.turn.route_scored},
        "ended": table.ended,
        "tile_values": dict(table.tile_values),
        "rank_names": dict(table.rank_names),
        "audience": None,
        "offices": None,
        "log": copy.deepcopy(table.log),
    }
    if table.audience is not None:
        a = table.audience
        doc["audience"] = {
            "track": a.track.to_json() if a.track is not None else None,
            "carriages": dict(a.carriages),
            "seats": [{"ready": x is not None, "assignment": dict(x) if x is not None else None}
                      for x in a.assignments],
            "rome": [t.to_json() for t in a.rome],
            "dismissed": [t.to_json() for t in a.dismissed],
            "arrivals": list(a.arrivals),
        }
    if table.offices is not None:
        o = table.offices
        returning = None
        if o.returning is not None:
            r = o.returning
            returning = {"kind": r.kind, "starter": r.starter, "round": r.round, "queue": list(r.queue)}
        doc["offices"] = {"stacks": dict(o.stacks), "hands": [dict(h) for h in o.hands], "coins": list(o.coins),
                          "coin_supply": o.coin_supply, "returning": returning}
    if table.posts is not None:
        doc["posts"] = table.posts.to_json()
    return doc
