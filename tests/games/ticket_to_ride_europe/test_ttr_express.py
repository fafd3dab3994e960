"""The European Express search against an independent brute force: Euler's theorem on every edge subset.

A set of edges is one trail exactly when it is connected and has 0 or 2 vertices
of odd degree (Euler), so the longest trail is the heaviest such subset. The
search never enumerates subsets, so agreeing with this on random multigraphs
(parallel edges, several components, every route length) checks it is exact.
"""

from __future__ import annotations

import random

import pytest
from fuzz_scale import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.ticket_to_ride_europe.data import TRAINS, board
from companion.games.ticket_to_ride_europe.express import longest_trail

LENGTHS = (1, 2, 3, 4, 6, 8)


def brute_force(edges) -> int:
    """The heaviest connected edge subset with at most two odd vertices."""
    best = 0
    for mask in range(1, 1 << len(edges)):
        chosen = [e for i, e in enumerate(edges) if mask >> i & 1]
        degree: dict = {}
        for a, b, _ in chosen:
            degree[a] = degree.get(a, 0) + 1
            degree[b] = degree.get(b, 0) + 1
        if sum(d % 2 for d in degree.values()) > 2:
            continue
        reach, todo = set(), [chosen[0][0]]
        while todo:
            v = todo.pop()
            if v not in reach:
                reach.add(v)
                todo.extend(b if a == v else a for a, b, _ in chosen if v in (a, b))
        if reach == set(degree):
            best = max(best, sum(w for _, _, w in chosen))
    return best


def is_trail(edges, order) -> bool:
    """Tell whether the edges, in this order, can be walked one after another, none twice."""
    if len(set(order)) != len(order):
        return False
    if not order:
        return True
    for here in edges[order[0]][:2]:
        for e in order:
            a, b, _ = edges[e]
            if here not in (a, b):
                break
            here = b if here == a else a
        else:
            return True
    return False


multigraphs = st.integers(2, 6).flatmap(lambda n: st.lists(
    st.tuples(st.integers(0, n - 1), st.integers(0, n - 1), st.sampled_from(LENGTHS))
    .filter(lambda e: e[0] != e[1]), max_size=11))


@settings(max_examples=examples(400), deadline=None)
@given(multigraphs)
def test_search_equals_brute_force(edges):
    """On random multigraphs the search finds the brute force's length and a real trail of that length."""
    trail = longest_trail(edges)
    assert trail.length == brute_force(edges)
    assert is_trail(edges, trail.edges)
    assert trail.length == sum(edges[e][2] for e in trail.edges)


@settings(max_examples=examples(150), deadline=None)
@given(st.randoms(use_true_random=False))
def test_search_equals_brute_force_on_board_routes(rnd):
    """Random sets of up to 12 board routes, at most 45 trains and no double twice, agree with the brute force."""
    b = board()
    ids = rnd.sample(sorted(b.routes), 12)
    chosen, trains = [], 0
    for rid in ids:
        route = b.routes[rid]
        if trains + route.length <= TRAINS and b.twins.get(rid) not in chosen:
            chosen.append(rid)
            trains += route.length
    edges = [(b.routes[r].city_a, b.routes[r].city_b, b.routes[r].length) for r in chosen]
    assert longest_trail(edges).length == brute_force(edges)


@settings(max_examples=examples(200), deadline=None)
@given(multigraphs, st.randoms(use_true_random=False))
def test_edge_order_does_not_matter(edges, rnd):
    """Shuffling the input edges never changes the length."""
    shuffled = list(edges)
    rnd.shuffle(shuffled)
    assert longest_trail(shuffled).length == longest_trail(edges).length


@settings(max_examples=examples(200), deadline=None)
@given(multigraphs, st.tuples(st.integers(10, 12), st.integers(10, 12), st.sampled_from(LENGTHS)))
def test_adding_an_edge_never_shortens(edges, extra):
    """The longest trail is monotone: one more route cannot make it shorter."""
    if extra[0] != extra[1]:
        assert longest_trail([*edges, extra]).length >= longest_trail(edges).length


def test_loop_revisits_a_city():
    """A triangle with two tails: the trail goes round the loop and passes its junction twice."""
    edges = [("M", "F", 2), ("F", "B", 2), ("B", "P", 2), ("P", "F", 3), ("P", "D", 1)]
    assert longest_trail(edges).length == 9  # M-F-B-P-F leaves the 1-train tail out


def test_even_component_is_walked_whole():
    """Two triangles sharing a city (a figure eight): every city even, one trail uses all routes."""
    edges = [("A", "B", 2), ("B", "C", 3), ("C", "A", 4), ("A", "D", 1), ("D", "E", 6), ("E", "A", 8)]
    trail = longest_trail(edges)
    assert trail.length == 24 and sorted(trail.edges) == list(range(6))


def test_components_are_not_joined():
    """Two separate paths: only the longer counts."""
    assert longest_trail([("A", "B", 4), ("C", "D", 3), ("D", "E", 3)]).length == 6


def test_parallel_edges_form_a_loop():
    """Two routes between the same cities (as two players' stations never make) walk there and back."""
    assert longest_trail([("A", "B", 2), ("A", "B", 2), ("B", "C", 1)]).length == 5


def test_empty_and_loops():
    """No edges: length 0; an edge from a city to itself is refused."""
    assert longest_trail([]).length == 0
    with pytest.raises(ValueError):
        longest_trail([("A", "A", 1)])


def test_dense_45_trains_is_exact_against_brute_force_sample():
    """A dense western cluster (the benchmark's worst case) agrees with the brute force on its 12-route parts."""
    b = board()
    dense = [1, 3, 11, 17, 18, 20, 24, 25, 28, 35, 43, 49, 55, 57, 66, 67, 69, 90, 92]
    assert sum(b.routes[r].length for r in dense) <= TRAINS
    rnd = random.Random(7)
    for _ in range(5):
        part = rnd.sample(dense, 12)
        edges = [(b.routes[r].city_a, b.routes[r].city_b, b.routes[r].length) for r in part]
        assert longest_trail(edges).length == brute_force(edges)
