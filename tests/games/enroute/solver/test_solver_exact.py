"""The solver against plain exhaustive search: same objective, same walk, proven."""

from __future__ import annotations

import random
import time
from dataclasses import replace

from fuzz_scale import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from solver_helpers import BOARD, bound_misses, dead_end_misses, room_misses, small_states

from companion.games.enroute import geometry as geo
from companion.games.enroute.evaluation import Context, evaluate_route, search_objective
from companion.games.enroute.goals import GoalCard
from companion.games.enroute.route import longest_straight, turns
from companion.games.enroute.search import best_route, exhaustive_best_route
from companion.games.enroute.sheet import Sheet
from companion.games.enroute.solver import RouteScorer, _longest_run, _most_turns, solve
from companion.games.trails import euler_trails


def _is_legal(walk, sheet) -> bool:
    """Tell whether a walk uses only drawn sections, each at most once."""
    secs = [geo.section(a, b) for a, b in zip(walk, walk[1:])]
    return len(set(secs)) == len(secs) and set(secs) <= set(sheet.sections)


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_states())
def test_solver_matches_exhaustive(state):
    """Same walk (hence same objective) as trying every trail, and proven."""
    ctx, sheet = state
    expected = exhaustive_best_route(ctx, sheet, None)
    got, _ = solve(ctx, sheet, None)
    assert got.proven
    assert _is_legal(got.walk, sheet)
    key = search_objective(ctx, sheet, evaluate_route(ctx, sheet, got.walk, best_order=False))
    assert key == search_objective(ctx, sheet, evaluate_route(ctx, sheet, expected.walk, best_order=False))
    assert got.walk == expected.walk


@settings(max_examples=examples(60), deadline=None)
@given(small_states(max_sections=12))
def test_section_order_does_not_matter(state):
    """Shuffling the drawn sections (and flipping their ends) gives the same route."""
    ctx, sheet = state
    first = best_route(ctx, sheet)
    rng = random.Random(len(sheet.sections))
    shuffled = [sec[::-1] if rng.random() < 0.5 else sec for sec in sheet.sections]
    rng.shuffle(shuffled)
    again = best_route(ctx, Sheet(player="P", sections=shuffled, tourists=sheet.tourists,
                                  personal_goal=sheet.personal_goal, cafes=sheet.cafes,
                                  goal_values=sheet.goal_values))
    assert (first.walk, first.proven) == (again.walk, again.proven)


def _full_board_sheet() -> Sheet:
    """Every road drawn, tourists everywhere, the personal goal on three corners."""
    tourists = {loc: {"red": 1, "green": 1, "blue": 1} for loc in BOARD.locations()}
    return Sheet(player="P", sections=sorted(BOARD.roads), tourists=tourists,
                 personal_goal=((0, 0), (6, 0), (0, 6)))


def test_tiny_time_limit_returns_a_legal_unproven_route_quickly():
    """A hard limit far too short for the full board still answers at once, with a legal route."""
    sheet = _full_board_sheet()
    started = time.monotonic()
    choice = best_route(Context(BOARD), sheet, time_limit=0.01)
    assert time.monotonic() - started < 1.5
    assert choice.proven is False
    assert _is_legal(choice.walk, sheet) and len(choice.walk) > 1


def test_nothing_drawn_gives_the_empty_route():
    """With no sections the route is empty and proven."""
    choice = best_route(Context(BOARD), Sheet(player="P"))
    assert (choice.walk, choice.proven) == ([], True)


@settings(max_examples=examples(120), deadline=None)
@given(small_states(max_sections=9))
def test_the_walk_metric_bounds_hold_for_every_walk(state):
    """The longest run along a straight line of the drawn sections is at least every walk's longest straight,
    and a line walked alone reaches it; no walk turns more often than the turns bound."""
    ctx, sheet = state
    ctx = replace(ctx, goals=(GoalCard("A", "straight", "longest_straight", "+", 3, 4, 2),
                              GoalCard("B", "turning", "turns", "+", 3, 4, 2)))
    scorer = RouteScorer(ctx, sheet)
    g = scorer.graph
    for edges in range(1, g.full + 1):
        if not g.is_trail_set(edges):
            continue
        bound = _longest_run(scorer.lines, edges)
        most = _most_turns(g, scorer.straight_at, edges, g.vertex_mask(edges))
        for walk in euler_trails(g, edges):
            points = [g.vertices[v] for v in walk]
            assert longest_straight(BOARD, points) <= bound
            assert turns(BOARD, points) <= most
    for line in scorer.lines:
        edges = sum(line)
        walk = next(euler_trails(g, edges))
        assert _longest_run(scorer.lines, edges) == len(line) == longest_straight(BOARD, [g.vertices[v] for v in walk])


@settings(max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_states(max_sections=9), st.randoms(use_true_random=False))
def test_the_bound_holds_for_every_route(state, rng):
    """`bound` is at least the value of every route S between an included part within it and an available part
    around it, told S's edge count: the personal-goal stretch's limits (its pair's part, the included sections
    beside it, the ways from fixed route ends to a circled intersection) never cut a route off."""
    ctx, sheet = state
    assert not bound_misses(RouteScorer(ctx, sheet), rng)


@settings(max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_states(max_sections=9), st.randoms(use_true_random=False))
def test_a_route_through_a_dead_end_ends_there(state, rng):
    """A route through a dead end of the available part ends there: its personal-goal stretch leaves out at least
    the dead end's way to a circled intersection (`RouteScorer.dead_ends`, in `bound`)."""
    ctx, sheet = state
    assert not dead_end_misses(lambda: RouteScorer(ctx, sheet), rng)


@settings(max_examples=examples(100), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_states(max_sections=9), st.randoms(use_true_random=False))
def test_the_room_keeps_every_route(state, rng):
    """`room` never takes away an edge of a route containing the included part, nor calls such a node hopeless
    (with both route ends fixed by the included part, a dead end elsewhere is off every route)."""
    ctx, sheet = state
    assert not room_misses(RouteScorer(ctx, sheet), rng)
