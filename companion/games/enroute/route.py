"""Facts about a final route: what it borders, its shape metrics, and the personal goal.

A final route is a walk of intersections using each drawn section at most once
(a trail). Everything here works on any road graph, so the world cities'
diagonal and rounded-corner roads need no special cases beyond their tags.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
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

    @property
    def length(self) -> int:
        """Number of sections in the route."""
        return len(self.sections)


def route_facts(board: Board, walk: Sequence[Point]) -> RouteFacts:
    """Compute which locations and intersections a walk is on."""
    secs = walk_sections(walk)
    locations = {loc for sec in secs for loc in board.borders(sec)}
    points = set(walk) if secs else set()
    return RouteFacts(tuple(walk), frozenset(secs), frozenset(locations), frozenset(points))


def _bends(board: Board, sec: Section) -> bool:
    """Tell whether a road is tagged as bending (diagonal or rounded corner)."""
    return bool(_BENDING & set(board.roads[sec].tags))


def turns(board: Board, walk: Sequence[Point]) -> int:
    """Count the interior points of a walk where it does not go on straight.

    The joint where a closed route starts and ends is not a place along the
    route, so it is not counted.
    """
    count = 0
    for a, b, c in zip(walk, walk[1:], walk[2:], strict=False):
        if geo.direction(a, b) != geo.direction(b, c) or _bends(board, geo.section(a, b)) \
                or _bends(board, geo.section(b, c)):
            count += 1
    return count


def longest_straight(board: Board, walk: Sequence[Point]) -> int:
    """Return the most sections in one run going on in the same direction."""
    best = run = 0
    prev_dir = None
    for a, b in zip(walk, walk[1:], strict=False):
        d = geo.direction(a, b)
        bends = _bends(board, geo.section(a, b))
        run = run + 1 if (d == prev_dir and not bends) else 1
        prev_dir = None if bends else d
        best = max(best, run)
    return best


def walk_goal_span(walk: Sequence[Point], goal: Iterable[Point]) -> int:
    """Return the longest stretch of this walk between two different goal intersections."""
    goal = set(goal)
    first: dict[Point, int] = {}
    last: dict[Point, int] = {}
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
    """Search the Euler trails of `secs` for the longest span between two goal points.

    States are (position, unused sections, phase, start goal point) where the
    phase says whether the counted stretch has not begun (0) or is running
    (1). Once the stretch ends, only the possibility to finish the trail
    matters, which `_completable` decides without search.
    """
    goal_set = set(goal)
    index = {s: i for i, s in enumerate(secs)}
    incident: dict[Point, list[tuple[int, Point]]] = {}
    for s, i in index.items():
        a, b = s
        incident.setdefault(a, []).append((i, b))
        incident.setdefault(b, []).append((i, a))
    full = (1 << len(secs)) - 1
    memo: dict[tuple, int] = {}
    NONE = -1

    def step(v: Point, mask: int, phase: int, start: Point | None) -> int:
        """Best further count from here, or NONE if no completion counts anything."""
        key = (v, mask, phase, start)
        if key in memo:
            return memo[key]
        best = NONE
        if phase == 0 and v in goal_set:
            best = max(best, step(v, mask, 1, v))
        if phase == 1 and v in goal_set and v != start:
            best = max(best, 0)  # end the stretch here; the rest is walked without counting
        for i, w in incident[v]:
            if mask >> i & 1 and _completable(w, mask & ~(1 << i), secs):
                sub = step(w, mask & ~(1 << i), phase, start)
                if sub != NONE:
                    best = max(best, sub + (1 if phase == 1 else 0))
        memo[key] = best
        return best

    best = 0
    for v in _trail_starts(secs):
        best = max(best, step(v, full, 0, None))
    return best


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
