"""Why the score sheet says what it says: each station's borrowed route and what it gained, each completed
ticket's path, and the tie-break that decided between two players with the same total.

Everything here reads the engine's own results (`score_table`); nothing is scored a second way. A
station's gain is the ticket points its borrowed route adds while the player's other stations keep
theirs, so it answers "what would I lose without this station's route?".
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .data import Board, board
from .model import read_document
from .scoring import RANK_ORDER, PlayerScore, rank_key, score_table
from .tickets import score_with


@dataclass(frozen=True)
class StationUse:
    """One built station: the route it borrows (None: nothing), whose route that is, and what it gains."""

    city: str
    route: int | None
    owners: tuple[str, ...]  # the players who claimed the borrowed route (one unless the table conflicts)
    gain: int  # ticket points the borrowed route adds, the other stations keeping theirs
    completes: tuple[int, ...]  # indices of the tickets done only thanks to it


@dataclass(frozen=True)
class TieBreak:
    """Two players with the same total, next to each other in the ranking, and what put one ahead."""

    ahead: int  # index of the player ranked first (players[i])
    behind: int
    deciding: str | None  # "tickets", "stations", "express"; None when the rank is shared
    values: tuple[int, int]  # the deciding counts (tickets completed, stations built, Express 0/10)


@dataclass(frozen=True)
class Explanation:
    """A scored table with the reasons the score sheet shows."""

    lines: list[PlayerScore]
    stations: dict[int, list[StationUse]]  # per scored player
    ticket_paths: dict[int, list[tuple[int, ...] | None]]  # per scored player, per ticket: route ids
    tie_breaks: list[TieBreak]


def _owners(doc: Any) -> dict[int, list[str]]:
    """For each claimed route id, the names of the players who list it."""
    _variant, players, _problems = read_document(doc)
    owners: dict[int, list[str]] = {}
    for i, p in enumerate(players):
        name = p.player if p is not None and p.player else f"Player {i + 1}"
        for rid in dict.fromkeys(p.routes if p is not None else ()):
            if rid is not None:
                owners.setdefault(rid, []).append(name)
    return owners


def station_uses(b: Board, line: PlayerScore, owners: Mapping[int, Sequence[str]]) -> list[StationUse]:
    """Explain each station of a scored player: its route, its owner, the points and tickets it adds."""
    result = line.tickets
    uses = []
    for k, (city, route) in enumerate(zip(line.stations, result.borrowed)):
        gain, completes = 0, ()
        if route is not None:
            without = score_with(b, line.routes, [*result.borrowed[:k], None, *result.borrowed[k + 1:]], line.held)
            gain = result.points - without.points
            completes = tuple(i for i, (now, then) in enumerate(zip(result.completed, without.completed))
                              if now and not then)
        uses.append(StationUse(city, route, tuple(owners.get(route, ())) if route is not None else (), gain, completes))
    return uses


def trail_between(b: Board, routes: Iterable[int], a: str, z: str) -> tuple[int, ...] | None:
    """A path of fewest routes from city a to city z along the given routes (route ids in order), or None."""
    out: dict[str, list[tuple[int, str]]] = {}
    for rid in routes:
        r = b.routes[rid]
        out.setdefault(r.city_a, []).append((rid, r.city_b))
        out.setdefault(r.city_b, []).append((rid, r.city_a))
    came: dict[str, tuple[str, int] | None] = {a: None}
    queue = deque([a])
    while queue:
        city = queue.popleft()
        if city == z:
            path = []
            while came[city] is not None:
                city, rid = came[city]
                path.append(rid)
            return tuple(reversed(path))
        for rid, nxt in sorted(out.get(city, [])):
            if nxt not in came:
                came[nxt] = (city, rid)
                queue.append(nxt)
    return None


def ticket_paths(b: Board, line: PlayerScore) -> list[tuple[int, ...] | None]:
    """For each ticket of a scored player: the routes (own and borrowed) that join its cities, or None."""
    usable = [*line.routes, *(r for r in line.tickets.borrowed if r is not None)]
    return [trail_between(b, usable, t.city_from, t.city_to) if done else None
            for t, done in zip(line.held, line.tickets.completed)]


def tie_breaks(lines: Sequence[PlayerScore]) -> list[TieBreak]:
    """For players next to each other in the ranking with the same total: the rule that decided, or a shared rank."""
    scored = sorted((i for i, line in enumerate(lines) if line.scored),
                    key=lambda i: (lines[i].rank, i))
    found = []
    for i, j in zip(scored, scored[1:]):
        a, b = rank_key(lines[i]), rank_key(lines[j])
        if a[0] != b[0]:
            continue
        step = next((k for k in range(1, len(RANK_ORDER)) if a[k] != b[k]), None)
        if step is None:
            found.append(TieBreak(i, j, None, (0, 0)))
        else:
            shown = (abs(a[step]), abs(b[step]))  # stations are compared negated: show the counts
            found.append(TieBreak(i, j, RANK_ORDER[step], shown))
    return found


def explain_table(doc: Any) -> Explanation:
    """Score a game document and explain it: stations, ticket paths and tie-breaks.

    Raises `NotAGameDocument` when the input is not a `ttr-europe-game/1` document.
    """
    b = board()
    lines, _shared = score_table(doc)
    owners = _owners(doc)
    stations = {i: station_uses(b, line, owners) for i, line in enumerate(lines) if line.scored}
    paths = {i: ticket_paths(b, line) for i, line in enumerate(lines) if line.scored}
    return Explanation(lines, stations, paths, tie_breaks(lines))
