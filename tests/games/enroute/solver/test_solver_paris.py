"""The solver against exhaustive search on small random Paris sheets: colours, diversity, tours, shaped landmarks."""

from __future__ import annotations

from fuzz_scale import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.games.enroute import geometry as geo
from companion.games.enroute.evaluation import Context, evaluate_route, search_objective
from companion.games.enroute.registry import find_board
from companion.games.enroute.search import exhaustive_best_route
from companion.games.enroute.sheet import Sheet
from companion.games.enroute.solver import solve

BOARD = find_board("paris-example")
COLOURS = ("red", "green", "blue")


def _near(points) -> list:
    """The roads touching some intersections, or one road away from them."""
    close = set(points) | {q for p in points for q in BOARD.neighbours(p)}
    return sorted(sec for sec in BOARD.roads if sec[0] in close or sec[1] in close)


@st.composite
def paris_states(draw, max_sections: int = 8):
    """A few coloured sections around Paris's stations, shaped landmarks and tour targets; tours, tourists."""
    anchors = sorted({f.points[0] for f in BOARD.features_of("station")}
                     | {p for f in BOARD.features_of("landmark_sides") for sec in f.sections for p in sec}
                     | {p for f in BOARD.features_of("tour") for sec in f.sections for p in sec})
    focus = draw(st.lists(st.sampled_from(anchors), min_size=2, max_size=3, unique=True))
    roads = _near(focus)
    sections = draw(st.lists(st.sampled_from(roads), max_size=max_sections, unique=True))
    colours = {sec: draw(st.sampled_from(COLOURS)) for sec in sections}
    near = {loc for sec in roads for loc in BOARD.borders(sec)}
    marked = sorted(near & {loc for lm in BOARD.landmarks for loc in lm.locations})  # tourists where they score
    locations = marked if marked and draw(st.booleans()) else sorted(near)
    tourists = {}
    for loc in draw(st.lists(st.sampled_from(locations), max_size=5, unique=True)) if locations else []:
        kinds = [lm.kind for lm in BOARD.landmarks_at(loc) if lm.kind in COLOURS]
        tourists[loc] = {draw(st.sampled_from(kinds or COLOURS)): draw(st.integers(1, 3))}
    points = sorted({p for sec in roads for p in sec})
    goal = tuple(draw(st.lists(st.sampled_from(points), min_size=3, max_size=3, unique=True)))
    ratings = tuple((t, draw(st.integers(0, len(track) - 1))) for t, track in BOARD.ratings)
    tours = tuple(draw(st.sampled_from([t.id for t in BOARD.features_of("tour") if t.param("colour") == c]))
                  for c in COLOURS)
    sheet = Sheet(player="P", sections=sections, tourists=tourists, personal_goal=goal, colours=colours)
    return Context(BOARD, draw(st.sampled_from(["intermediate", "full"])), ratings, (), (), tours), sheet


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(paris_states())
def test_solver_matches_exhaustive_on_paris(state):
    """The solver's route scores what trying every walk finds best (diversity is walk-dependent), proven."""
    ctx, sheet = state
    expected = exhaustive_best_route(ctx, sheet, None)
    got, _ = solve(ctx, sheet, None)
    assert got.proven
    steps = [geo.section(a, b) for a, b in zip(got.walk, got.walk[1:], strict=False)]
    roads = [s for s in steps if BOARD.is_road(s)]
    assert len(set(roads)) == len(roads) and set(roads) <= set(sheet.sections)
    key = search_objective(ctx, sheet, evaluate_route(ctx, sheet, got.walk, best_order=False))
    assert key == search_objective(ctx, sheet, evaluate_route(ctx, sheet, expected.walk, best_order=False))
    assert got.walk == expected.walk  # among equal routes, the smallest walk as intersections (rides too)


def test_the_solver_walks_the_diverse_order():
    """A plus-shaped set whose best walk puts three colours in a row twice: the solver finds that walk."""
    arms = [((2, 1), (2, 2)), ((2, 2), (3, 2)), ((1, 2), (2, 2)), ((2, 2), (2, 3))]
    colour = dict(zip([geo.section(*a) for a in arms], ["red", "red", "green", "blue"], strict=True))
    extra = {geo.section((3, 2), (3, 1)): "green", geo.section((1, 2), (1, 1)): "blue"}
    sheet = Sheet(player="P", sections=[*colour, *extra], colours={**colour, **extra})
    got, _ = solve(Context(BOARD), sheet, None)
    evaluation = evaluate_route(Context(BOARD), sheet, got.walk)
    best = exhaustive_best_route(Context(BOARD), sheet, None)
    assert evaluation.rows["diversity"] == evaluate_route(Context(BOARD), sheet, best.walk).rows["diversity"] >= 3
