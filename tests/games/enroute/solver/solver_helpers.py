"""Helpers for the solver tests: small random En Route states drawn by hypothesis (not conftest, so folders never clash)."""

from __future__ import annotations

from itertools import combinations

from hypothesis import strategies as st

from companion.games.enroute.evaluation import Context
from companion.games.enroute.goals import METRICS, GoalCard
from companion.games.enroute.registry import find_board
from companion.games.enroute.sheet import Sheet
from companion.games.trails import bits

BOARD = find_board("training-city")
COLOURS = ("red", "green", "blue")


def _region_sections(x0: int, y0: int, size: int) -> list:
    """Every road of the board inside a size×size block of intersections starting at (x0, y0)."""
    inside = {(x, y) for x in range(x0, x0 + size + 1) for y in range(y0, y0 + size + 1)}
    return sorted(sec for sec in BOARD.roads if sec[0] in inside and sec[1] in inside)


@st.composite
def small_states(draw, max_sections: int = 9) -> tuple[Context, Sheet]:
    """A context and sheet with a few drawn sections in a corner of the map, tourists, goals and cards."""
    x0, y0 = draw(st.integers(0, 3)), draw(st.integers(0, 3))
    roads = _region_sections(x0, y0, 3)
    sections = draw(st.lists(st.sampled_from(roads), max_size=max_sections, unique=True))
    locations = sorted({loc for sec in roads for loc in BOARD.borders(sec)})
    tourists = {}
    for loc in draw(st.lists(st.sampled_from(locations), max_size=6, unique=True)):
        tourists[loc] = {draw(st.sampled_from(COLOURS)): draw(st.integers(1, 3))}
    points = sorted({p for sec in roads for p in sec})
    goal = tuple(draw(st.lists(st.sampled_from(points), min_size=3, max_size=3, unique=True)))
    cards = []
    for deck in draw(st.lists(st.sampled_from("ABC"), max_size=3, unique=True)):
        metric = draw(st.sampled_from(sorted(METRICS)))
        achiever = draw(st.integers(0, 6))
        cards.append(GoalCard(deck, f"card {deck}", metric, draw(st.sampled_from(["+", "−"])),
                              draw(st.integers(0, 8)), achiever + draw(st.integers(0, 4)), achiever))
    level = draw(st.sampled_from(["simplified", "intermediate", "full"]))
    cafes = {p: draw(st.sampled_from(["used", "unused"])) for p in draw(st.lists(st.sampled_from(points),
                                                                                 max_size=2, unique=True))}
    goal_values = {c.deck: draw(st.integers(0, 8)) for c in cards if c.metric == "manual"}
    sheet = Sheet(player="P", sections=sections, tourists=tourists, personal_goal=goal, cafes=cafes,
                  goal_values=goal_values)
    return Context(BOARD, level, (), tuple(cards)), sheet


def routes_of(scorer) -> list[int]:
    """Every edge set of the search graph that is a route: a trail set of real sections and at most one whole
    ride (few sections: every subset of the real ones with every subset of at most three virtual edges)."""
    g = scorer.graph
    real, virtual = list(bits(scorer.real)), list(bits(scorer.virtual))
    rides = [0] + [sum(1 << e for e in c) for n in (2, 3) for c in combinations(virtual, n)]
    found = []
    for n in range(1, len(real) + 1):
        for c in combinations(real, n):
            feet = sum(1 << e for e in c)
            for ride in rides:
                edges = feet | ride
                if g.is_trail_set(edges) and (not ride or scorer.ride_ok(edges)):
                    found.append(edges)
    return found


def bound_misses(scorer, rng) -> list[tuple[int, int, int]]:
    """The (route, included, available) triples where `bound` falls below a route's value: every route S of the
    scorer's graph, S itself included and available, then random included parts within it and available parts
    around it, told exactly S's edge count. Empty when the bound holds."""
    g = scorer.graph
    full = g.full
    misses = []
    for edges in routes_of(scorer):
        value = scorer.value(g, edges, None)
        for extra in (None, 0, full, full):
            included = edges if extra is None else edges & rng.getrandbits(full.bit_length())
            available = edges | (extra or 0) & rng.getrandbits(full.bit_length())
            if scorer.bound(g, included, available, edges.bit_count()) < value:
                misses.append((edges, included, available))
    return misses


def room_misses(scorer, rng) -> list[tuple[int, int, int, int | None]]:
    """The (route, included, available, room) where `room` takes an edge of a route S away, or calls its node
    hopeless: every route S, S itself included, then random included parts within it and available parts
    around it. Empty when the room keeps every route."""
    full = scorer.graph.full
    misses = []
    for edges in routes_of(scorer):
        for extra in (None, 0, full, full, full):
            included = edges if extra is None else edges & rng.getrandbits(full.bit_length())
            available = edges | (extra or 0) & rng.getrandbits(full.bit_length())
            room = scorer.room(included, available)
            if room is None or edges & ~room:
                misses.append((edges, included, available, room))
    return misses


def dead_end_misses(make_scorer, rng) -> list[tuple[int, int, int]]:
    """The (route, available, dead end's way) where a route S through a dead end of an available part around it
    (`RouteScorer.dead_end_ways`: a section to an uncircled intersection with no other available edge) has a
    personal-goal stretch longer than its sections less that dead end's way to a circled intersection. Empty
    when the rule holds. `make_scorer()` builds a fresh scorer (one more, without circled intersections, gives
    each route's value less its stretch)."""
    scorer, plain = make_scorer(), make_scorer()
    plain.marked = 0
    g = scorer.graph
    full = g.full
    misses = []
    for edges in routes_of(scorer):
        value, rest = scorer.value(g, edges, None), plain.value(g, edges, None)
        span = (value[0] - rest[0]) // scorer.factor
        for extra in (0, full, full):
            available = edges | extra & rng.getrandbits(full.bit_length())
            for e, way in scorer.dead_end_ways(available):
                if edges & e and span > max(0, (edges & scorer.real).bit_count() - way):
                    misses.append((edges, available, way))
    return misses


def floor_misses(make_scorer) -> list[tuple[int, tuple, object, object]]:
    """The (route, floor, value told the floor, exact value) where `value` given a floor goes wrong: None for a
    route whose key is not below the floor, or a key other than the exact one. Floors just below, at and above each
    route's key (PP and tail) and the best key so far. `make_scorer()` builds a fresh scorer (`value` remembers)."""
    exact_scorer = make_scorer()
    g = exact_scorer.graph
    misses = []
    routes = routes_of(exact_scorer)
    exact = {edges: exact_scorer.value(g, edges, None) for edges in routes}
    best = max(exact.values(), default=None)
    for edges in routes:
        key = exact[edges]
        floors = {best, key, (key[0] - 1, *key[1:]), (key[0] + 1, *key[1:]), (key[0] - 2, *key[1:]),
                  (key[0], key[1] + 1, *key[2:]), (key[0], key[1] - 1, *key[2:])}
        for floor in floors:
            got = make_scorer().value(g, edges, floor)
            if (got is None and not key < floor) or (got is not None and got != key):
                misses.append((edges, floor, got, key))
    return misses
