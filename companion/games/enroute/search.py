"""Choosing a player's best final route.

`best_route` is the engine's solver (`solver.solve`): a branch and bound over
sets of drawn sections with the generic trail search of `companion.games.trails`.
`exhaustive_best_route` enumerates every trail of the drawn sections, every
walking order included. It is exact and simple, and exponential: it is the
reference the solver is checked and benchmarked against.

What both maximise, for a walk W over the drawn sections using each at most
once: `search_objective` of W walked as given (row 8 counts W's own stretch
between two circled intersections; goal-card metrics are W's), i.e. rows 1–8
plus the achiever PP of every goal card W meets, then route length, tourists
on the route, landmarks on the route. The best walk of a set of sections
scores exactly what `evaluate_route` gives that set (its best walking order).

Choice among equal routes (deterministic): the lexicographically smallest
walk, comparing walks as lists of (x, y) intersections. So the start is the
smallest possible intersection, a route and its reverse resolve to the one
with the smaller start, and when nothing scores more than an empty route
(for example "−" goal cards), the answer is the single intersection
[smallest drawn point]; with nothing drawn it is the empty walk []. Among the
walks of a route whose personal goal depends on the walking order, only walks
reaching the route's best stretch count as equal. The order in which sections
were listed never matters.
"""

from __future__ import annotations

import math
import time
from dataclasses import replace
from itertools import combinations

from . import geometry as geo
from .evaluation import Context, RouteChoice, evaluate_route, goal_value, search_objective
from .geometry import Point
from .sheet import Sheet
from .solver import solve
from .vehicles import hub_edges, ride_allowed, walk_of

DEFAULT_TIME_LIMIT = 3.0  # seconds: a request never waits much longer per route


def _key(ctx: Context, sheet: Sheet, walk: list[Point]) -> tuple:
    """Rank a walk: higher objective first, then the smallest walk (for a deterministic choice)."""
    evaluation = evaluate_route(ctx, sheet, walk, best_order=False)
    return search_objective(ctx, sheet, evaluation)


def exhaustive_best_route(ctx: Context, sheet: Sheet, time_limit: float | None = DEFAULT_TIME_LIMIT) -> RouteChoice:
    """Return the best walk over the drawn sections by trying every trail.

    Among routes of equal objective the lexicographically smallest walk wins,
    so the answer does not depend on the order sections were listed in.
    """
    drawn = set(sheet.sections)
    adjacency: dict[Point, list[Point]] = {}
    board = ctx.board
    # Vehicle rides as walks through virtual hubs (vehicles.py); each walk is checked once translated.
    virtual = [geo.section(a, b) for a, b, _, _ in hub_edges(board, {p for sec in drawn for p in sec})] \
        if board.features else []
    for a, b in sorted(drawn | set(virtual)):
        adjacency.setdefault(a, []).append(b)
        adjacency.setdefault(b, []).append(a)
    for p in adjacency:
        adjacency[p].sort()
    deadline = None if time_limit is None else time.monotonic() + time_limit
    best: tuple | None = None
    best_walk: list[Point] = []
    counter = 0
    timed_out = False

    def consider(walk: list[Point]) -> None:
        """Keep the walk if it beats the best so far."""
        nonlocal best, best_walk
        if virtual:
            walk = walk_of(walk)
            if not walk or not _one_legal_ride(board, walk, drawn):
                return
        key = _key(ctx, sheet, walk)
        if best is None or key > best or (key == best and walk < best_walk):
            best, best_walk = key, list(walk)

    def extend(walk: list[Point], used: set) -> None:
        """Depth-first over every trail starting with `walk`."""
        nonlocal counter, timed_out
        if timed_out:
            return
        counter += 1
        if deadline is not None and counter % 256 == 0 and time.monotonic() > deadline:
            timed_out = True
            return
        consider(walk)
        v = walk[-1]
        for w in adjacency.get(v, ()):
            sec = geo.section(v, w)
            if sec not in used:
                used.add(sec)
                walk.append(w)
                extend(walk, used)
                walk.pop()
                used.discard(sec)

    if not drawn:
        return RouteChoice([], True)
    for start in sorted(adjacency):
        extend([start], set())
    return RouteChoice(best_walk, not timed_out)


def _one_legal_ride(board, walk: list[Point], drawn: set) -> bool:
    """Tell whether a walk uses drawn sections once each with at most one ride, a vehicle's, between two segments.

    A walk through a hub can come back as a road step: it must then be a drawn section not walked elsewhere.
    """
    steps = [geo.section(a, b) for a, b in zip(walk, walk[1:], strict=False)]
    roads = [sec for sec in steps if board.is_road(sec)]
    if len(set(roads)) != len(roads) or not set(roads) <= drawn:
        return False
    jumps = [i for i, sec in enumerate(steps) if not board.is_road(sec)]
    if not jumps:
        return True
    if len(jumps) > 1 or not 0 < jumps[0] < len(walk) - 2:
        return False
    a, b = walk[jumps[0]], walk[jumps[0] + 1]
    return any(ride_allowed(board, v, a, b) for v in board.features_of("vehicle"))


def best_route(ctx: Context, sheet: Sheet, time_limit: float | None = None) -> RouteChoice:
    """Return the best final route for a player, proven unless `time_limit` seconds ran out first.

    `None` means the default limit (`DEFAULT_TIME_LIMIT`); `math.inf` means no limit.
    """
    limit = DEFAULT_TIME_LIMIT if time_limit is None else time_limit
    choice, _ = solve(ctx, sheet, None if limit == math.inf else limit)
    return choice


SOLO_PULL = 100_000  # a goal card's weight when the solo search must meet it: more than any route's PP


def solo_result_of(ctx: Context, sheet: Sheet, walk: list[Point]) -> tuple[int, int]:
    """Return a solo route's (PP of rows 1–8, goal cards met): in solo, goal cards give no PP (seed ~l.672)."""
    evaluation = evaluate_route(ctx, sheet, walk)
    met = sum(1 for card in ctx.goals if card.is_met(goal_value(card, evaluation, sheet)))
    return evaluation.base, met


def solo_route(ctx: Context, sheet: Sheet, pp: int, goals: int, time_limit: float | None = None) -> RouteChoice:
    """Return the solo final route aimed at a challenge cell: its PP with its number of goal cards met, if any
    route reaches both (seed ~l.692); else the route with the most PP.

    Goal cards count only as met or not, so the search first weighs no card (the most PP); when that does not
    win, it tries each set of `goals` cards weighted above any PP: the best route meeting all of them has the
    most PP among such routes, so the cell is won exactly when one of these searches reaches `pp`.
    """
    def weighted(chosen: tuple[int, ...]) -> Context:
        """The context with the chosen cards pulling hard and the others giving nothing."""
        return replace(ctx, goals=tuple(replace(card, achiever_pp=SOLO_PULL if i in chosen else 0)
                                        for i, card in enumerate(ctx.goals)))

    best = best_route(weighted(()), sheet, time_limit)
    proven = best.proven
    got, met = solo_result_of(ctx, sheet, best.walk)
    if got >= pp and met >= goals:
        return best
    if 0 < goals <= len(ctx.goals):
        for chosen in combinations(range(len(ctx.goals)), goals):
            choice = best_route(weighted(chosen), sheet, time_limit)
            proven = proven and choice.proven
            got, met = solo_result_of(ctx, sheet, choice.walk)
            if got >= pp and met >= goals:
                return RouteChoice(choice.walk, choice.proven)
    return RouteChoice(best.walk, proven)


def solo_chooser(pp: int, goals: int, time_limit: float | None = None):
    """Return a `RouteChooser` for a solo game played against the cell (pp, goals)."""
    def choose(ctx: Context, sheet: Sheet) -> RouteChoice:
        """Choose the solo route aimed at the cell."""
        return solo_route(ctx, sheet, pp, goals, time_limit)
    return choose


class SearchBudget:
    """One request's time for route searches, shared among the searches still to come.

    Each search gets at most `per_route` seconds and at most an equal share of what is left of
    `total`, so a document with eight dense sheets answers within `total` (plus one share) instead of
    eight times the per-route limit; a search that runs out reports its best route as not proven.
    """

    def __init__(self, per_route: float | None = None, total: float | None = None, searches: int = 1):
        """Start the clock for `searches` expected searches."""
        self.per_route = DEFAULT_TIME_LIMIT if per_route is None else per_route
        self.deadline = None if total is None else time.monotonic() + total
        self.left = max(1, searches)

    def limit(self) -> float:
        """The time the next search may take."""
        if self.deadline is None:
            return self.per_route
        share = max(0.0, self.deadline - time.monotonic()) / self.left
        return max(0.05, min(self.per_route, share))

    def probe(self, ctx: Context, sheet: Sheet, seconds: float) -> RouteChoice:
        """A quick search of at most `seconds` (and this budget's share), not counted as one of its searches."""
        return best_route(ctx, sheet, time_limit=min(seconds, self.limit()))

    def chooser(self, ctx: Context, sheet: Sheet) -> RouteChoice:
        """Choose a route within this budget (a `RouteChooser`)."""
        limit = self.limit()
        self.left = max(1, self.left - 1)
        return best_route(ctx, sheet, time_limit=limit)
