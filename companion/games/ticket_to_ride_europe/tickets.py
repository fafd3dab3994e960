"""Destination tickets: which ones a player completes, with the best use of their stations.

A ticket is completed when its two cities are joined by the player's own
routes plus the one route each station borrows. When a station's `borrows` is
not given, the companion tries every choice for all such stations together
(nothing, or any other player's route at the station's city) and keeps the
one with the most ticket points, then the most completed tickets, then the
fewest borrowed routes (a station whose route would help no ticket reports
`null`), then the lowest route ids station by station, so the answer is the
same on every run.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import product

from .checks import HeldTicket
from .data import Board


class Joins:
    """Union-find over cities: which cities a set of routes joins."""

    def __init__(self) -> None:
        """Start with every city alone."""
        self.parent: dict[str, str] = {}

    def find(self, city: str) -> str:
        """The representative of a city's group."""
        parent = self.parent
        root = city
        while parent.get(root, root) != root:
            root = parent[root]
        while parent.get(city, city) != root:
            parent[city], city = root, parent[city]
        return root

    def join(self, a: str, b: str) -> None:
        """Put two cities in one group."""
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            self.parent[ra] = rb

    def joined(self, a: str, b: str) -> bool:
        """Tell whether two cities are in one group."""
        return self.find(a) == self.find(b)


@dataclass(frozen=True)
class TicketResult:
    """The tickets of one player, scored with one choice of borrowed routes."""

    borrowed: tuple[int | None, ...]  # per station, in the player's order
    completed: tuple[bool, ...]  # per ticket, in the player's order
    points: int  # + completed, − failed

    @property
    def count(self) -> int:
        """Completed tickets."""
        return sum(self.completed)


def own_joins(board: Board, routes: Iterable[int]) -> Joins:
    """The cities a player's own routes join."""
    joins = Joins()
    for rid in routes:
        route = board.routes[rid]
        joins.join(route.city_a, route.city_b)
    return joins


def _score(board: Board, own: Joins, borrowed: Sequence[int | None], tickets: Sequence[HeldTicket]) -> TicketResult:
    """Score the tickets with the own routes plus some borrowed ones."""
    extra = Joins()
    for rid in borrowed:
        if rid is not None:
            route = board.routes[rid]
            extra.join(own.find(route.city_a), own.find(route.city_b))
    completed = tuple(extra.joined(own.find(t.city_from), own.find(t.city_to)) for t in tickets)
    points = sum(t.points if done else -t.points for t, done in zip(tickets, completed))
    return TicketResult(tuple(borrowed), completed, points)


def score_with(board: Board, routes: Iterable[int], borrowed: Sequence[int | None],
               tickets: Sequence[HeldTicket]) -> TicketResult:
    """Score tickets with the own routes plus exactly these borrowed routes (None: that station borrows nothing)."""
    return _score(board, own_joins(board, routes), borrowed, tickets)


def options(board: Board, own: Joins, city: str, mine: set[int], claimed: Mapping[int, object]) -> list[int | None]:
    """A station's choices: nothing, or another player's route at its city that joins two of the own groups.

    A route whose two cities the own routes already join can help no ticket, whatever else is borrowed.
    """
    found: list[int | None] = [None]
    for route in board.routes_at(city):
        if route.id in claimed and route.id not in mine and not own.joined(route.city_a, route.city_b):
            found.append(route.id)
    return found


def best_tickets(board: Board, routes: Sequence[int], stations: Sequence[tuple[str, int | None]],
                 claimed: Mapping[int, object], tickets: Sequence[HeldTicket]) -> TicketResult:
    """Score a player's tickets with the best borrowing for the stations whose `borrows` is not given.

    `stations` are (city, given route or None); `claimed` holds every route id some player claimed.
    """
    own = own_joins(board, routes)
    mine = set(routes)
    choices = [[given] if given is not None else options(board, own, city, mine, claimed)
               for city, given in stations]
    best: TicketResult | None = None
    best_key: tuple[int, int, int] | None = None
    for borrowed in product(*choices):
        result = _score(board, own, borrowed, tickets)
        key = (result.points, result.count, -sum(1 for b in borrowed if b is not None))
        if best_key is None or key > best_key:  # product runs in ascending order: the first best is the lowest
            best, best_key = result, key
    assert best is not None  # product of non-empty choices yields at least one
    return best
