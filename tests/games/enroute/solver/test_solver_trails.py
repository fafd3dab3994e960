"""The generic trail search on graphs that have nothing to do with En Route."""

from __future__ import annotations

from itertools import combinations

from fuzz_scale import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.trails import (
    TrailGraph,
    bits,
    euler_trails,
    lex_smallest,
    lexmin_trail,
    marked_span,
    search_trails,
    trail_starts,
)

LETTERS = "abcdefg"


class LongestTrail:
    """Score a trail set by its number of edges, with a weight per vertex touched as a second key."""

    def __init__(self, weights: dict[str, int]) -> None:
        """Keep the weights."""
        self.weights = weights

    def _weight(self, graph: TrailGraph, edges: int) -> int:
        """Total weight of the vertices an edge set touches."""
        return sum(self.weights[graph.vertices[v]] for v in bits(graph.vertex_mask(edges)))

    def bound(self, graph, included, available, max_edges):
        """Every trail set within `available` has at most `max_edges` edges and touches no more: the positive
        weights there, and the negative ones of the vertices the included part touches (every set touches them; a
        set may keep off the others)."""
        touched = graph.vertex_mask(included)
        weight = 0
        for v in bits(graph.vertex_mask(available)):
            w = self.weights[graph.vertices[v]]
            weight += w if w > 0 or touched >> v & 1 else 0
        return (max_edges, weight)

    def value(self, graph, edges, floor):
        """Exact key."""
        return (edges.bit_count(), self._weight(graph, edges))


graphs = st.lists(st.tuples(st.sampled_from(LETTERS), st.sampled_from(LETTERS)), min_size=1, max_size=11)
weights = st.fixed_dictionaries({c: st.integers(0, 5) for c in LETTERS})


@settings(max_examples=examples(200), deadline=None)
@given(graphs, weights)
def test_search_finds_every_best_set(edges, w):
    """The best key and the full list of sets reaching it agree with trying every subset."""
    graph = TrailGraph(edges)
    scorer = LongestTrail(w)
    result = search_trails(graph, scorer)
    masks = [sum(1 << i for i in c) for n in range(len(graph) + 1) for c in combinations(range(len(graph)), n)]
    keys = {m: scorer.value(graph, m, None) for m in masks if graph.is_trail_set(m)}
    best = max(keys.values())
    assert result.proven and result.key == best
    assert sorted(result.sets) == sorted(m for m, k in keys.items() if k == best)


class EdgeWeights:
    """Score a trail set by the sum of its edges' weights (some negative: more edges is not always better), then its
    number of edges."""

    def __init__(self, weights: list[int]) -> None:
        """Keep the weights (edge i weighs weights[i])."""
        self.weights = weights

    def bound(self, graph, included, available, max_edges):
        """The included edges' weights and every positive available weight; at most `max_edges` edges."""
        w = self.weights
        return (sum(w[e] for e in bits(included)) + sum(w[e] for e in bits(available & ~included) if w[e] > 0),
                max_edges)

    def value(self, graph, edges, floor):
        """Exact key."""
        return (sum(self.weights[e] for e in bits(edges)), edges.bit_count())


@settings(max_examples=examples(200), deadline=None)
@given(st.lists(st.tuples(st.sampled_from(LETTERS), st.sampled_from(LETTERS)), min_size=1, max_size=14),
       st.lists(st.integers(-3, 5), min_size=21, max_size=21), st.sampled_from([(1, 0), (2, 1), (3, 4)]))
def test_dives_and_polish_change_nothing_found(edges, w, how):
    """Diving every few nodes and polishing the best set (hill climbing over its neighbours) still give the best key
    and every set reaching it, as trying every subset does."""
    graph = TrailGraph(edges)
    plunge, polish_after = how
    for scorer in (EdgeWeights(w), LongestTrail(dict(zip(LETTERS, w, strict=False)))):
        result = search_trails(graph, scorer, plunge=plunge, polish_after=polish_after)
        masks = [sum(1 << i for i in c) for n in range(len(graph) + 1) for c in combinations(range(len(graph)), n)]
        keys = {m: scorer.value(graph, m, None) for m in masks if graph.is_trail_set(m)}
        best = max(keys.values())
        assert result.proven and result.key == best
        assert sorted(result.sets) == sorted(m for m, k in keys.items() if k == best)


def _span(walk, marked) -> int:
    """The longest stretch of a walk between two different marked vertices (by brute force)."""
    return max((j - i for i, p in enumerate(walk) for j, q in enumerate(walk) if j > i and p != q
                and p in marked and q in marked), default=0)


@settings(max_examples=examples(200), deadline=None)
@given(graphs, st.sets(st.sampled_from(LETTERS), min_size=2, max_size=3))
def test_marked_span_and_its_walks(edges, marked):
    """The longest marked stretch over all walks, and the stretches really reach it."""
    graph = TrailGraph(edges)
    mask = graph.full
    if not mask or not graph.is_trail_set(mask):
        return
    on = {graph.index[v] for v in marked if v in graph.index}
    marks = sum(1 << v for v in on)
    walks = list(euler_trails(graph, mask))
    best = max(_span(wk, on) for wk in walks)
    span, stretches = marked_span(graph, mask, marks)
    assert span == best
    assert bool(stretches) == (best > 0)
    for s in stretches:
        walk = list(s.walk(graph))
        assert walk in walks
        assert _span(walk, on) == best


def _span_off(walk, marked, ends, avoid) -> int:
    """The longest stretch of a walk between two different marked vertices using no edge of `avoid` (brute force)."""
    steps = [ends[frozenset(pair)] for pair in zip(walk, walk[1:], strict=False)]
    return max((j - i for i, p in enumerate(walk) for j, q in enumerate(walk) if j > i and p != q
                and p in marked and q in marked and not any(avoid >> e & 1 for e in steps[i:j])), default=-1)


@settings(max_examples=examples(200), deadline=None)
@given(graphs, st.sets(st.sampled_from(LETTERS), min_size=2, max_size=3), st.integers(0, 2 ** 11 - 1))
def test_marked_span_off_some_edges(edges, marked, avoid):
    """With edges to avoid (a ride's, in En Route), the longest stretch using none of them over all walks."""
    graph = TrailGraph(edges)
    mask = graph.full
    avoid &= mask
    if not mask or not graph.is_trail_set(mask):
        return
    on = {graph.index[v] for v in marked if v in graph.index}
    if len(on) < 2:
        return
    ends = {frozenset(pair): i for i, pair in enumerate(graph.ends)}
    best = max(_span_off(wk, on, ends, avoid) for wk in euler_trails(graph, mask))
    span, stretches = marked_span(graph, mask, sum(1 << v for v in on), 0, avoid)
    assert max(span, -1) == best
    for s in stretches:
        assert not s.middle & avoid


@settings(max_examples=examples(200), deadline=None)
@given(graphs)
def test_lexmin_trail_is_the_smallest_walk(edges):
    """Greedy Fleury in vertex order gives the smallest Euler trail, and euler_trails lists them in order."""
    graph = TrailGraph(edges)
    mask = graph.full
    walks = list(euler_trails(graph, mask))
    assert walks == sorted(walks)
    starts = trail_starts(graph, mask)
    assert bool(walks) == bool(starts)
    if walks:
        assert list(lexmin_trail(graph, mask, min(starts))) == walks[0]


def test_lex_smallest_reads_prefixes_right():
    """A prefix is smaller than its extensions; the first difference decides otherwise."""
    assert lex_smallest([[1, 2, 3], [1, 2], [1, 3]]) == [1, 2]
    assert lex_smallest([iter([2, 0]), iter([1, 9, 9])]) == [1, 9, 9]
    assert lex_smallest([]) is None


def test_a_triangle_with_a_tail():
    """Known answer: triangle a-b-c plus c-d: all four edges form one trail from d round to c."""
    graph = TrailGraph([("a", "b"), ("b", "c"), ("c", "a"), ("d", "c")])
    result = search_trails(graph, LongestTrail(dict.fromkeys(LETTERS, 0)))
    assert result.key == (4, 0) and result.sets == [graph.full]
    assert [graph.vertices[v] for v in lexmin_trail(graph, graph.full, min(trail_starts(graph, graph.full)))] \
        == ["c", "a", "b", "c", "d"]


def _trail_edges(graph, u, w) -> int:
    """Union of the edges of every trail from u to w (by brute force over all trails from u)."""
    found = 0

    def extend(v, used):
        nonlocal found
        if v == w and used:
            found |= used
        for x, e in graph.adj[v]:
            if not used >> e & 1:
                extend(x, used | 1 << e)

    extend(u, 0)
    return found


@settings(max_examples=examples(200), deadline=None)
@given(graphs, st.sampled_from(LETTERS), st.sampled_from(LETTERS))
def test_between_keeps_every_edge_a_trail_can_use(edges, a, b):
    """`between` drops only bridge-tree branches no u–w trail enters, and nothing when none is cut off."""
    graph = TrailGraph(edges)
    if a == b or a not in graph.index or b not in graph.index:
        return
    u, w = graph.index[a], graph.index[b]
    part = graph.between(graph.full, u, w)
    used = _trail_edges(graph, u, w)
    assert used & ~part == 0
    assert bool(part) == bool(used)
    for e in bits(part & ~used):
        # an edge kept but on no trail must sit in a piece without bridges beside the way (a cycle
        # hanging off a cut vertex): it is never a bridge of the graph
        assert not graph.bridges(graph.full) >> e & 1


@settings(max_examples=examples(300), deadline=None)
@given(graphs, st.integers(0, (1 << 11) - 1), st.lists(st.sampled_from(LETTERS), max_size=5, unique=True))
def test_between_pairs_is_between_for_every_pair(edges, keep, names):
    """`between_pairs` (one spanning forest for all pairs) gives each pair what `between` gives it, pairs out of
    reach left out, on any edge set (several pieces too) and vertices off it."""
    graph = TrailGraph(edges)
    mask = graph.full & keep
    vertices = [graph.index[x] for x in names if x in graph.index]
    expected = [(u, w, graph.between(mask, u, w)) for i, u in enumerate(vertices) for w in vertices[i + 1:]]
    assert graph.between_pairs(mask, vertices) == [(u, w, part) for u, w, part in expected if part]


def test_between_cuts_off_a_dangling_path():
    """Known answer: a square a-b-c-d with a tail d-e-f; trails from a to c never use the tail."""
    graph = TrailGraph([("a", "b"), ("b", "c"), ("c", "d"), ("d", "a"), ("d", "e"), ("e", "f")])
    part = graph.between(graph.full, graph.index["a"], graph.index["c"])
    assert sorted(graph.edges_of(part)) == [("a", "b"), ("a", "d"), ("b", "c"), ("c", "d")]
    assert graph.between(graph.full, graph.index["a"], graph.index["f"]) == graph.full


@settings(max_examples=examples(200), deadline=None)
@given(graphs, st.integers(0, (1 << 11) - 1))
def test_bridges_and_bridge_tree_match_their_definition(edges, keep):
    """A bridge is an edge whose removal disconnects its ends; the bridge tree's pieces are what is left."""
    graph = TrailGraph(edges)
    mask = graph.full & keep
    cut = graph.bridges(mask)
    for e in bits(mask):
        a, b = graph.ends[e]
        _, reached = graph.reach(mask & ~(1 << e), 1 << a)
        assert bool(cut >> e & 1) == (not reached >> b & 1)
    piece_of, pieces, tree = graph.bridge_tree(mask)
    assert sorted(piece_of) == list(bits(graph.vertex_mask(mask)))  # every vertex, pendant ones too
    assert sum(p.bit_count() for p in pieces) + cut.bit_count() == mask.bit_count()
    for e in bits(cut):
        a, b = (piece_of[v] for v in graph.ends[e])
        assert a != b and (b, e) in tree[a] and (a, e) in tree[b]
    for i, p in enumerate(pieces):
        assert graph.is_connected(p) and all(piece_of[v] == i for v in bits(graph.vertex_mask(p)))


@settings(max_examples=examples(300), deadline=None)
@given(graphs, st.integers(0, (1 << 11) - 1))
def test_bridge_paths_are_the_leaf_to_leaf_paths_of_the_bridge_tree(edges, keep):
    """Every path between two leaves of the bridge tree, found by walking the tree: its pieces and its edges."""
    graph = TrailGraph(edges)
    pieces_all = graph.components(graph.full & keep)
    if not pieces_all:
        return
    mask = pieces_all[0]  # the search asks about connected sets only
    piece_of, pieces, tree = graph.bridge_tree(mask)
    got_of, paths = graph.bridge_paths(mask)
    assert got_of == piece_of
    if not any(tree):
        assert paths == [((1 << len(pieces)) - 1, mask)]
        return
    leaves = [i for i, nb in enumerate(tree) if len(nb) <= 1]
    expected = []
    for i, x in enumerate(leaves):
        for y in leaves[i + 1:]:
            way = {x: (x, None)}  # walk the tree from x until y is reached
            todo = [x]
            for u in todo:
                for w, e in tree[u]:
                    if w not in way:
                        way[w] = (u, e)
                        todo.append(w)
            nodes, edges, u = 1 << y, pieces[y], y
            while u != x:
                u, e = way[u]
                nodes |= 1 << u
                edges |= (1 << e) | pieces[u]
            expected.append((nodes, edges))
    assert paths == expected
