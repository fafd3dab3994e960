"""The solver against exhaustive search on small random New York sheets: triangles, Times Square, the statue's
tickets, Broadway, stars, cafe-card PP, zone goals (sections next to a zone; route ends next to one), rides."""

from __future__ import annotations

from fuzz_scale import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from solver_helpers import bound_misses

from companion.games.enroute import geometry as geo
from companion.games.enroute.evaluation import Context, evaluate_route, search_objective
from companion.games.enroute.goals import GoalCard
from companion.games.enroute.registry import find_board
from companion.games.enroute.search import exhaustive_best_route
from companion.games.enroute.sheet import Sheet
from companion.games.enroute.solver import RouteScorer, solve
from companion.games.enroute.vehicles import ride_allowed

BOARD = find_board("new-york-example")
DOCKS = {f.id: f.points[0] for f in BOARD.features_of("dock")}
ANCHORS = sorted({p for lm in BOARD.landmarks for p in lm.points} | set(DOCKS.values())
                 | {f.points[0] for f in BOARD.features_of("star")} | {f.points[0] for f in BOARD.features_of("station")}
                 | {p for lm in BOARD.landmarks for s in lm.sides for p in s}
                 | {p for f in BOARD.features_of("zone") for sec in BOARD.roads
                    if set(f.locations) & set(BOARD.borders(sec)) for p in sec})


def _near(points) -> list:
    """The roads touching some intersections or one road away from them."""
    close = set(points) | {q for p in points for q in BOARD.neighbours(p)}
    return sorted(sec for sec in BOARD.roads if sec[0] in close or sec[1] in close)


@st.composite
def ny_states(draw, max_sections: int = 7, anchors: tuple = tuple(ANCHORS), metrics: tuple = (
        "zone_sections", "zone_end", "route_length", "landmarks_on_route"), min_sections: int = 0, min_cards: int = 0):
    """A few drawn sections around New York's features, tourists, tickets, cafe bonuses, ratings and zone goals."""
    focus = draw(st.lists(st.sampled_from(anchors), min_size=1, max_size=2, unique=True))
    roads = _near(focus)
    sections = draw(st.lists(st.sampled_from(roads), min_size=min(min_sections, len(roads)), max_size=max_sections,
                             unique=True))
    locations = sorted({loc for sec in roads for loc in BOARD.borders(sec)})
    tourists = {}
    for loc in draw(st.lists(st.sampled_from(locations), max_size=5, unique=True)) if locations else []:
        tourists[loc] = {draw(st.sampled_from(("red", "green", "blue", "purple"))): draw(st.integers(1, 3))}
    points = sorted({p for sec in roads for p in sec})
    goal = tuple(draw(st.lists(st.sampled_from(points), min_size=3, max_size=3, unique=True)))
    tickets = draw(st.lists(st.sampled_from(sorted(DOCKS)), max_size=2, unique=True))
    reached = sorted({p for sec in sections for p in sec if BOARD.cafe_at(p)})
    cafes = {p: draw(st.sampled_from(["used", "unused"])) for p in reached}
    bonus = {p: draw(st.sampled_from(["pp", "section", "ticket"])) for p in reached}
    ratings = tuple((t, draw(st.integers(0, len(track) - 1))) for t, track in BOARD.ratings)
    cards = []
    for deck in draw(st.lists(st.sampled_from("ABC"), min_size=min_cards, max_size=2, unique=True)):
        metric = draw(st.sampled_from(metrics))
        zone = draw(st.sampled_from(["theatre-district", "grand-central"])) if metric.startswith("zone") else None
        sign = draw(st.sampled_from(["+", "−"])) if metric != "zone_end" else "+"
        cards.append(GoalCard(deck, f"card {deck}", metric, sign, draw(st.integers(0, 4)), 17, draw(st.integers(0, 17)),
                              zone))
    sheet = Sheet(player="P", sections=sections, tourists=tourists, personal_goal=goal, cafes=cafes,
                  cafe_bonus=bonus, tickets=tickets, ticket_points=frozenset(DOCKS[d] for d in tickets))
    return Context(BOARD, draw(st.sampled_from(["intermediate", "full"])), ratings, tuple(cards)), sheet


def _legal(sheet, walk) -> bool:
    """A walk over drawn sections, each at most once, with at most one subway ride between two segments."""
    steps = list(zip(walk, walk[1:], strict=False))
    roads = [geo.section(a, b) for a, b in steps if BOARD.is_road(geo.section(a, b))]
    rides = [(i, a, b) for i, (a, b) in enumerate(steps) if not BOARD.is_road(geo.section(a, b))]
    if len(set(roads)) != len(roads) or not set(roads) <= set(sheet.sections) or len(rides) > 1:
        return False
    return all(0 < i < len(steps) - 1 and any(ride_allowed(BOARD, v, a, b) for v in BOARD.features_of("vehicle"))
               for i, a, b in rides)


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ny_states())
def test_solver_matches_exhaustive_on_new_york(state):
    """The solver's route scores what trying every walk finds best, and is proven and legal."""
    ctx, sheet = state
    expected = exhaustive_best_route(ctx, sheet, None)
    got, _ = solve(ctx, sheet, None)
    assert got.proven
    assert _legal(sheet, got.walk), got.walk
    key = search_objective(ctx, sheet, evaluate_route(ctx, sheet, got.walk, best_order=False))
    assert key == search_objective(ctx, sheet, evaluate_route(ctx, sheet, expected.walk, best_order=False))


THEATRE = tuple(sorted({p for loc in BOARD.feature("zone", "theatre-district").locations
                        for p in ((loc[0] - 1, loc[1] - 1), (loc[0], loc[1]))}))


@settings(max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ny_states(anchors=THEATRE, metrics=("zone_sections", "zone_end")))
def test_solver_matches_exhaustive_on_zone_goals(state):
    """Around the theatre district, where zone goals decide the best route, the solver stays exact."""
    ctx, sheet = state
    expected = exhaustive_best_route(ctx, sheet, None)
    got, _ = solve(ctx, sheet, None)
    assert got.proven
    key = search_objective(ctx, sheet, evaluate_route(ctx, sheet, got.walk, best_order=False))
    assert key == search_objective(ctx, sheet, evaluate_route(ctx, sheet, expected.walk, best_order=False))


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ny_states(max_sections=7, anchors=THEATRE, metrics=("zone_end",), min_sections=4, min_cards=1),
       st.randoms(use_true_random=False))
def test_the_bound_holds_for_every_route(state, rng):
    """`bound` is at least the value of every route S between an included part within it and an available part
    around it (a zone-end card counted only where a route there can start or end next to the zone)."""
    ctx, sheet = state
    assert not bound_misses(RouteScorer(ctx, sheet), rng)
