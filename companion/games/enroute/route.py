"""Facts about a final route: what it borders, its shape metrics, and the personal goal.

A final route is a walk of intersections using each drawn section at most once
(a trail). Everything here works on any road graph, so the world cities'
diagonal and rounded-corner roads need no special cases beyond their tags.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache

from . import geometry as geo
from .board import Board
from .geometry import Location, Point, Section

# Tagged roads bend, so they never continue a straight run (rule §9 "Unexpected turn").
_BENDING = {"diagonal", "corner"}


def walk_sections(walk: Sequence[Point]) -> list[Section]:
    """Return the sections of a walk in order."""
    return [geo.section(a, b) for a, b in zip(walk, walk[1:], strict=False)]


@dataclass(frozen=True)
class RouteFacts:
    """The sections, bordered locations and intersections of a route."""

    walk: tuple[Point, ...]
    sections: frozenset[Section]
    locations: frozenset[Location]
    points: frozenset[Point]
    ride: tuple[Point, Point] | None = None  # a vehicle ride: the one step of the walk that is not a road

    @property
    def length(self) -> int:
        """Number of sections in the route."""
        return len(self.sections)


def route_facts(board: Board, walk: Sequence[Point]) -> RouteFacts:
    """Compute which locations and intersections a walk is on (a step off the roads is a vehicle ride)."""
    secs = walk_sections(walk)
    ride = None
    if board.features and not all(board.is_road(sec) for sec in secs):
        ride = next((a, b) for a, b in zip(walk, walk[1:], strict=False) if not board.is_road(geo.section(a, b)))
        secs = [sec for sec in secs if board.is_road(sec)]
    locations = {loc for sec in secs for loc in board.borders(sec)}
    points = set(walk) if secs else set()
    return RouteFacts(tuple(walk), frozenset(secs), frozenset(locations), frozenset(points), ride)


def segments(board: Board, walk: Sequence[Point]) -> list[list[Point]]:
    """Split a walk at its vehicle rides (steps that are not roads) into segments walked on foot."""
    parts: list[list[Point]] = [list(walk[:1])]
    for a, b in zip(walk, walk[1:], strict=False):
        if board.is_road(geo.section(a, b)):
            parts[-1].append(b)
        else:
            parts.append([b])
    return parts


def split_goal_span(walk: Sequence[Point], facts: RouteFacts, goal: Iterable[Point]) -> int:
    """The personal goal of a walk with a ride: the best stretch within one segment (never across the ride)."""
    goal = tuple(goal)
    a, b = facts.ride
    for i in range(len(walk) - 1):
        if (walk[i], walk[i + 1]) == (a, b):
            return max(walk_goal_span(walk[:i + 1], goal), walk_goal_span(walk[i + 1:], goal))
    return walk_goal_span(walk, goal)


HUB = (-1, -1)  # a virtual intersection standing for the vehicle: a ride is s1 → HUB → s2


def ride_goal_span(facts: RouteFacts, goal: Iterable[Point]) -> int:
    """The personal goal of a route with a ride under its best walking order, never counting across the ride.

    Every walking order with the ride is an Euler trail of the sections plus
    the two virtual edges s1–HUB–s2; the stretch is counted in each segment.
    """
    from ..trails import TrailGraph, euler_trails

    a, b = facts.ride
    graph = TrailGraph([*facts.sections, (a, HUB), (HUB, b)])
    goal = tuple(goal)
    best = 0
    for walk in euler_trails(graph, graph.full):
        points = [graph.vertices[i] for i in walk]
        parts, part = [], []
        for p in points:
            if p == HUB:
                parts.append(part)
                part = []
            else:
                part.append(p)
        parts.append(part)
        best = max(best, *(walk_goal_span(q, goal) for q in parts))
    return best


def _bends(board: Board, sec: Section) -> bool:
    """Tell whether a road is tagged as bending (diagonal or rounded corner)."""
    return sec in board.derived("bending_roads", _bending_roads)


def _bending_roads(board: Board) -> frozenset:
    """The sections of the board's bending roads (made once per board)."""
    return frozenset(sec for sec, road in board.roads.items() if _BENDING & set(road.tags))


def turns(board: Board, walk: Sequence[Point]) -> int:
    """Count the interior points of a walk where it does not go on straight (per segment around a ride).

    The joint where a closed route starts and ends is not a place along the
    route, so it is not counted.
    """
    if board.features and len(parts := segments(board, walk)) > 1:
        return sum(turns(board, part) for part in parts)
    return walk_shape(_turned(board, walk), len(walk) - 1)[0]


def _turned(board: Board, walk: Sequence[Point]) -> Iterator[bool]:
    """Whether a walk on foot turns at each point between two of its sections, in order."""
    return (is_turn(board, a, b, c) for a, b, c in zip(walk, walk[1:], walk[2:], strict=False))


def walk_shape(turned: Iterable[bool], sections: int) -> tuple[int, int]:
    """(turns, most sections in one straight run) of a walk on foot with `sections` sections, from whether it turns
    at each point between two of them (`is_turn`, in order): a straight run is a stretch with no turn inside."""
    count = 0
    run = best = 1 if sections > 0 else 0
    for turn in turned:
        if turn:
            count += 1
            run = 1
        else:
            run += 1
            best = max(best, run)
    return count, best


def is_turn(board: Board, a: Point, b: Point, c: Point) -> bool:
    """Tell whether a walk going a → b → c turns at b: a change of direction, or a bending road either side.

    A walk on foot goes on straight at b exactly where it does not turn there (`walk_shape`).
    """
    return geo.direction(a, b) != geo.direction(b, c) or _bends(board, geo.section(a, b)) \
        or _bends(board, geo.section(b, c))


def longest_straight(board: Board, walk: Sequence[Point]) -> int:
    """Return the most sections in one run going on in the same direction (a ride ends a run)."""
    if board.features and len(parts := segments(board, walk)) > 1:
        return max(longest_straight(board, part) for part in parts)
    return walk_shape(_turned(board, walk), len(walk) - 1)[1]


def walk_goal_span(walk: Sequence[Hashable], goal: Iterable[Hashable]) -> int:
    """Return the longest stretch of this walk between two different goal intersections (as points, or as the
    vertex indices of a trail graph)."""
    goal = set(goal)
    first: dict[Hashable, int] = {}
    last: dict[Hashable, int] = {}
    for i, p in enumerate(walk):
        if p in goal:
            first.setdefault(p, i)
            last[p] = i
    best = 0
    for p in first:
        for q in last:
            if p != q and last[q] > first[p]:
                best = max(best, last[q] - first[p])
    return best


def personal_goal_pp(sections: Iterable[Section], goal: Iterable[Point] | None) -> int:
    """Return the personal-goal PP of a route under its best walking order.

    The same set of sections can often be walked in several orders (loops,
    crossings), and the rule counts the sections between two circled
    intersections along the walk; the player may choose the order, so the
    best one counts.
    """
    if not goal:
        return 0
    secs = tuple(sorted(set(sections)))
    if not secs:
        return 0
    return _best_span(secs, tuple(sorted(set(goal))))


@lru_cache(maxsize=4096)
def _best_span(secs: tuple[Section, ...], goal: tuple[Point, ...]) -> int:
    """Find the longest stretch between two different goal points over all Euler trails of `secs`.

    An Euler trail that counts a stretch S from goal p to goal q is A + S + B:
    a trail A from the start to p, S, and a trail B from q to the end. Any
    such split works as long as S is connected (its parity then follows), so
    the best span is len(secs) minus the fewest sections A and B can waste.
    That number is usually tiny, so we deepen it from 0 and stop at the
    first split that works, pruning with shortest distances to goal points.
    For a closed route the walk can start anywhere, so A is empty (start at p).
    """
    goal_set = frozenset(goal)
    incident: dict[Point, list[tuple[Section, Point]]] = {}
    for sec in secs:
        a, b = sec
        incident.setdefault(a, []).append((sec, b))
        incident.setdefault(b, []).append((sec, a))
    present = [g for g in goal if g in incident]
    if len(present) < 2:
        return 0
    starts = _trail_starts(secs)
    if not starts or not is_connected(secs):
        return 0
    closed = len(starts) != 2
    dist = _goal_distances(incident, goal_set)
    total = len(secs)
    ends = [(p, p) for p in present] if closed else [(starts[0], starts[1]), (starts[1], starts[0])]
    for waste in range(total):
        for s, t in ends:
            for a_len in range(waste + 1) if not closed else (0,):
                for used_a, p in _trails_to_goal(s, a_len, incident, goal_set, dist, frozenset()):
                    if closed and p != s:
                        continue
                    for used_b, q in _trails_to_goal(t, waste - a_len, incident, goal_set, dist, used_a):
                        if q == p:
                            continue
                        rest = [sec for sec in secs if sec not in used_a and sec not in used_b]
                        if rest and is_connected(rest):
                            return total - waste
    return 0


def _goal_distances(incident: dict, goal: frozenset) -> dict[Point, int]:
    """Return each point's distance in sections to the nearest goal point (multi-source BFS)."""
    dist = {g: 0 for g in goal if g in incident}
    frontier = list(dist)
    while frontier:
        nxt = []
        for v in frontier:
            for _, w in incident[v]:
                if w not in dist:
                    dist[w] = dist[v] + 1
                    nxt.append(w)
        frontier = nxt
    return dist


def _trails_to_goal(start: Point, length: int, incident: dict, goal: frozenset, dist: dict,
                    banned: frozenset) -> Iterator[tuple[frozenset, Point]]:
    """Yield (sections used, end) for trails of exactly `length` sections from `start` to a goal point."""
    def walk(v: Point, used: frozenset, left: int) -> Iterator[tuple[frozenset, Point]]:
        """Extend the trail while a goal point is still reachable in the sections left."""
        if dist.get(v, length + 1) > left:
            return
        if left == 0:
            if v in goal:
                yield used, v
            return
        for sec, w in incident[v]:
            if sec not in used and sec not in banned:
                yield from walk(w, used | {sec}, left - 1)

    yield from walk(start, frozenset(), length)


def _trail_starts(secs: Sequence[Section]) -> list[Point]:
    """Return where an Euler trail of these sections can start (none if there is no trail)."""
    degree = Counter(p for s in secs for p in s)
    odd = sorted(p for p, d in degree.items() if d % 2)
    if len(odd) == 2:
        return odd
    return sorted(degree) if not odd else []


def _completable(v: Point, mask: int, secs: Sequence[Section]) -> bool:
    """Tell whether the unused sections can all be walked in one trail starting at v."""
    rest = [secs[i] for i in range(len(secs)) if mask >> i & 1]
    if not rest:
        return True
    degree = Counter(p for s in rest for p in s)
    if v not in degree:
        return False
    odd = [p for p, d in degree.items() if d % 2]
    if odd and (len(odd) != 2 or v not in odd):
        return False
    return is_connected(rest)


def is_connected(secs: Iterable[Section]) -> bool:
    """Tell whether sections form one connected piece."""
    adj: dict[Point, list[Point]] = {}
    for a, b in secs:
        adj.setdefault(a, []).append(b)
        adj.setdefault(b, []).append(a)
    if not adj:
        return True
    start = next(iter(adj))
    seen = {start}
    stack = [start]
    while stack:
        for w in adj[stack.pop()]:
            if w not in seen:
                seen.add(w)
                stack.append(w)
    return len(seen) == len(adj)


def euler_walk(secs: Iterable[Section], start: Point | None = None) -> list[Point] | None:
    """Return one walk using every section exactly once (Hierholzer), or None if none exists."""
    secs = sorted(set(secs))
    if not secs:
        return []
    starts = _trail_starts(secs)
    if not starts or not is_connected(secs):
        return None
    if start is None or start not in starts:
        start = starts[0]
    adj: dict[Point, list[Point]] = {}
    for a, b in secs:
        adj.setdefault(a, []).append(b)
        adj.setdefault(b, []).append(a)
    for p in adj:
        adj[p].sort(reverse=True)
    used: set[Section] = set()
    stack, walk = [start], []
    while stack:
        v = stack[-1]
        while adj[v] and geo.section(v, adj[v][-1]) in used:
            adj[v].pop()
        if adj[v]:
            w = adj[v].pop()
            used.add(geo.section(v, w))
            stack.append(w)
        else:
            walk.append(stack.pop())
    return walk[::-1]
