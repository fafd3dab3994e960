"""The solver against exhaustive search on small random sheets of every world city, vehicle rides included."""

from __future__ import annotations

import random
from dataclasses import replace

from fuzz_scale import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from solver_helpers import bound_misses, dead_end_misses, floor_misses, room_misses

from companion.games.enroute import geometry as geo
from companion.games.enroute.evaluation import Context, evaluate_route, search_objective
from companion.games.enroute.goals import GoalCard
from companion.games.enroute.registry import find_board
from companion.games.enroute.search import exhaustive_best_route
from companion.games.enroute.sheet import Sheet
from companion.games.enroute.solver import RouteScorer, solve
from companion.games.enroute.vehicles import hub_edges, ride_allowed

CITIES = {b: find_board(b) for b in ("london-example", "rio-example", "cairo-example", "hong-kong-example")}


def _near(board, points) -> list:
    """The roads touching some intersections, or one road away from them."""
    close = set(points) | {q for p in points for q in board.neighbours(p)}
    return sorted(sec for sec in board.roads if sec[0] in close or sec[1] in close)


@st.composite
def city_states(draw, max_sections: int = 7, min_sections: int = 0):
    """A city, a few drawn sections around its vehicles and features, tourists, ratings, marks and goals."""
    board = CITIES[draw(st.sampled_from(sorted(CITIES)))]
    anchors = sorted({a for a, _, _, _ in hub_edges(board, {p for sec in board.roads for p in sec}) if board.on_map(a)}
                     | {lm.meeting for lm in board.landmarks if lm.meeting}
                     | {f.param("meeting") for f in board.features_of("remote_space")})
    if not anchors:
        anchors = sorted({p for f in board.features for sec in f.sections for p in sec}) or [(0, 0)]
    focus = draw(st.lists(st.sampled_from(anchors), min_size=min(2, len(anchors)), max_size=3, unique=True))
    roads = _near(board, focus)
    sections = draw(st.lists(st.sampled_from(roads), min_size=min(min_sections, len(roads)), max_size=max_sections,
                             unique=True))
    locations = sorted({loc for sec in roads for loc in board.borders(sec)})
    tourists = {}
    for loc in draw(st.lists(st.sampled_from(locations), max_size=5, unique=True)) if locations else []:
        tourists[loc] = {draw(st.sampled_from(("red", "green", "blue"))): draw(st.integers(1, 3))}
    remote = {f.id: {draw(st.sampled_from(("red", "green", "blue"))): draw(st.integers(1, 3))}
              for f in board.features_of("remote_space") if draw(st.booleans())}
    points = sorted({p for sec in roads for p in sec})
    goal = tuple(draw(st.lists(st.sampled_from(points), min_size=3, max_size=3, unique=True)))
    ratings = tuple((t, draw(st.integers(0, len(track) - 1))) for t, track in board.ratings)
    marks = tuple((t, tuple(draw(st.lists(st.sampled_from(track.spaces), max_size=4, unique=True))))
                  for t, track in board.coordinate_tracks)
    cards = []
    for deck in draw(st.lists(st.sampled_from("AB"), max_size=2, unique=True)):
        metric = draw(st.sampled_from(["route_length", "turns", "tourists_on_route", "longest_straight"]))
        cards.append(GoalCard(deck, f"card {deck}", metric, "+", draw(st.integers(0, 6)), 5, 3))
    sheet = Sheet(player="P", sections=sections, tourists=tourists, personal_goal=goal, remote=remote)
    return Context(board, draw(st.sampled_from(["intermediate", "full"])), ratings, tuple(cards), marks), sheet


def _legal(ctx, sheet, walk) -> bool:
    """A walk over drawn sections, each at most once, with at most one legal ride between two segments."""
    board = ctx.board
    steps = list(zip(walk, walk[1:], strict=False))
    roads = [geo.section(a, b) for a, b in steps if board.is_road(geo.section(a, b))]
    rides = [(i, a, b) for i, (a, b) in enumerate(steps) if not board.is_road(geo.section(a, b))]
    if len(set(roads)) != len(roads) or not set(roads) <= set(sheet.sections) or len(rides) > 1:
        return False
    return all(0 < i < len(steps) - 1 and any(ride_allowed(board, v, a, b) for v in board.features_of("vehicle"))
               for i, a, b in rides)


@settings(max_examples=examples(400), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(city_states())
def test_solver_matches_exhaustive_on_every_city(state):
    """The solver's route scores what trying every walk (rides included) finds best, and is proven and legal."""
    ctx, sheet = state
    expected = exhaustive_best_route(ctx, sheet, None)
    got, _ = solve(ctx, sheet, None)
    assert got.proven
    assert _legal(ctx, sheet, got.walk), got.walk
    key = search_objective(ctx, sheet, evaluate_route(ctx, sheet, got.walk, best_order=False))
    assert key == search_objective(ctx, sheet, evaluate_route(ctx, sheet, expected.walk, best_order=False))
    assert got.walk == expected.walk  # among equal routes the same one: the smallest walk as intersections
    # The score sheet values the chosen route as the search did (its best walking order).
    assert search_objective(ctx, sheet, evaluate_route(ctx, sheet, got.walk)) >= key


def test_the_solver_rides_the_subway_when_it_pays():
    """Two station-ended pieces far apart: the best route joins them with one ride; both stations count."""
    board = CITIES["london-example"]
    sections = [((1, 1), (2, 1)), ((2, 1), (3, 1)), ((3, 1), (4, 1)), ((4, 1), (4, 2)), ((6, 4), (6, 5))]
    sheet = Sheet(player="P", sections=[geo.section(*s) for s in sections])
    got, _ = solve(Context(board), sheet, None)
    evaluation = evaluate_route(Context(board), sheet, got.walk)
    assert evaluation.facts.ride is not None and evaluation.rows["stations"] == 12
    assert evaluation.metrics["route_length"] == 5


def test_the_felucca_never_joins_one_bank():
    """Two pieces ending on the same bank only: no ride is possible, the route is the better piece alone."""
    board = CITIES["cairo-example"]
    sections = [((2, 1), (3, 1)), ((2, 5), (3, 5))]
    sheet = Sheet(player="P", sections=[geo.section(*s) for s in sections])
    got, _ = solve(Context(board), sheet, None)
    assert evaluate_route(Context(board), sheet, got.walk).facts.ride is None
    assert len(got.walk) == 2


def test_a_ride_route_among_equal_walks_is_the_smallest():
    """Many walks of one London set with a subway ride score alike: the search stops at the first walk reaching
    the set's most, in vertex order (the ride's hub first), and must still give the smallest walk as intersections,
    the one trying every walk gives."""
    board = CITIES["london-example"]
    sections = [((4, 5), (4, 6)), ((4, 5), (5, 5)), ((4, 6), (5, 6)), ((5, 1), (5, 2)), ((5, 2), (6, 2)),
                ((5, 4), (5, 5)), ((5, 5), (5, 6)), ((5, 5), (6, 5)), ((5, 6), (6, 6)), ((6, 2), (6, 3)),
                ((6, 4), (6, 5)), ((6, 5), (6, 6))]
    tourists = {(2, 1): {"green": 1}, (5, 1): {"blue": 1}, (2, 3): {"blue": 2}, (3, 3): {"blue": 1},
                (4, 3): {"blue": 1}, (6, 3): {"green": 3}, (4, 4): {"green": 3}, (2, 5): {"red": 2},
                (4, 5): {"green": 1}, (2, 6): {"green": 3}, (4, 6): {"blue": 2}, (6, 6): {"green": 2}}
    sheet = Sheet(player="P", sections=sections, tourists=tourists, personal_goal=((6, 3), (4, 6), (5, 2)))
    ctx = Context(board)
    got, _ = solve(ctx, sheet, None)
    expected = exhaustive_best_route(ctx, sheet, None)
    assert got.proven and expected.proven
    assert evaluate_route(ctx, sheet, got.walk).facts.ride is not None
    assert got.walk == expected.walk


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(city_states(max_sections=6), st.randoms(use_true_random=False))
def test_the_ride_room_keeps_every_route(state, rng):
    """`room` (what a node may still use) never takes away an edge of a route containing the included part, and
    never calls such a node hopeless: every route S, any included part within it, any available part around it."""
    ctx, sheet = state
    assert not room_misses(RouteScorer(ctx, sheet), rng)


def test_a_felucca_without_its_link_is_out_of_room():
    """Cairo's felucca needs its link and one edge on each bank: with the link excluded, none of its edges is left,
    and a node that included one of them is hopeless (the search branched on such edges before)."""
    board = CITIES["cairo-example"]
    sections = [((2, 1), (3, 1)), ((3, 1), (4, 1)), ((3, 3), (4, 3)), ((3, 0), (3, 1))]
    scorer = RouteScorer(Context(board), Sheet(player="P", sections=[geo.section(*s) for s in sections]))
    one, two, link = scorer.groups["felucca"]
    assert one and two and link
    no_link = scorer.graph.full & ~link
    assert scorer.room(0, no_link) & scorer.virtual == 0
    assert scorer.room(one & -one, no_link) is None
    assert scorer.room(0, scorer.graph.full) == scorer.graph.full  # with the link every edge may still serve


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(city_states(max_sections=7, min_sections=4), st.randoms(use_true_random=False))
def test_the_bound_holds_for_every_route(state, rng):
    """`bound` is at least the value of every route S between the included and the available part, told no more
    edges than S has (a ride's virtual edges among them: the bound takes them off the sections)."""
    ctx, sheet = state
    assert not bound_misses(RouteScorer(ctx, sheet), rng)


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(city_states(max_sections=7, min_sections=4), st.randoms(use_true_random=False))
def test_a_route_through_a_dead_end_ends_there(state, rng):
    """A route through a dead end of the available part ends there, and the dead end's way to a circled
    intersection (a ride's edges cost no section) is off its personal-goal stretch (`RouteScorer.dead_ends`)."""
    ctx, sheet = state
    assert not dead_end_misses(lambda: RouteScorer(ctx, sheet), rng)


@settings(max_examples=examples(100), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(city_states(max_sections=8, min_sections=5), st.randoms(use_true_random=False))
def test_a_floor_drops_only_routes_below_it(state, rng):
    """`value` told a floor gives None only for a route whose key is below it, else its exact key: the walks' most
    (`_walks_top`) skips stretches too short to reach the floor's PP, with a ride (never across it) or without.
    The circled intersections are on the drawn sections, so that most routes have a stretch."""
    ctx, sheet = state
    points = sorted({p for sec in sheet.sections for p in sec})
    if len(points) >= 3:
        sheet = replace(sheet, personal_goal=tuple(rng.sample(points, 3)))
    assert not floor_misses(lambda: RouteScorer(ctx, sheet))


def test_the_bound_holds_across_a_ride():
    """Two London pieces joined by the subway, the circled intersections on one piece: a route's fixed end on the
    other piece reaches them only through the ride, so the stretch bound must not measure that way on foot."""
    board = CITIES["london-example"]
    sections = [((1, 1), (2, 1)), ((2, 1), (3, 1)), ((3, 1), (4, 1)), ((4, 1), (4, 2)), ((6, 4), (6, 5)),
                ((6, 5), (6, 6))]
    for goal in (((1, 1), (3, 1), (4, 2)), ((6, 4), (6, 6), (9, 9))):
        sheet = Sheet(player="P", sections=[geo.section(*s) for s in sections], personal_goal=goal)
        scorer = RouteScorer(Context(board), sheet)
        assert scorer.virtual and not bound_misses(scorer, random.Random(0)), goal
