"""Walks over a fixed edge set: the lexicographically smallest Euler trail, every Euler trail,
and the longest stretch between two different marked vertices.

Vertices are graph indices; because vertex indices follow vertex order, the
lexicographic order of index lists is the order of the vertex lists.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence

from .graph import TrailGraph, bits


def _valid_steps(graph: TrailGraph, rest: int, v: int) -> list[tuple[int, int]]:
    """Return the (next vertex, edge) steps from v after which all of `rest` can still be walked."""
    options = [(w, e) for w, e in graph.adj[v] if rest >> e & 1]
    if len(options) <= 1:
        return options
    # With two or more edges left at v, a bridge would strand the edges on v's side (Fleury).
    return [(w, e) for w, e in options if graph.reach(rest & ~(1 << e), 1 << w)[1] >> v & 1]


def trail_starts(graph: TrailGraph, mask: int) -> list[int]:
    """Return the vertices an Euler trail of `mask` can start from (none if it has no Euler trail)."""
    if not mask or not graph.is_connected(mask):
        return []
    odd = list(bits(graph.odd_mask(mask)))
    if len(odd) == 2:
        return odd
    return list(bits(graph.vertex_mask(mask))) if not odd else []


def lexmin_trail(graph: TrailGraph, mask: int, start: int) -> Iterator[int]:
    """Yield the lexicographically smallest walk from `start` using every edge of `mask` once.

    The caller guarantees such a walk exists (start is a valid trail start).
    """
    yield start
    v, rest = start, mask
    while rest:
        w, e = _valid_steps(graph, rest, v)[0]
        rest &= ~(1 << e)
        v = w
        yield w


def euler_trails(graph: TrailGraph, mask: int) -> Iterator[list[int]]:
    """Yield every walk using each edge of `mask` exactly once, in lexicographic order."""
    walk: list[int] = []

    def extend(v: int, rest: int) -> Iterator[list[int]]:
        """Depth-first over the valid continuations (none ever dead-ends)."""
        walk.append(v)
        if not rest:
            yield list(walk)
        for w, e in _valid_steps(graph, rest, v):
            yield from extend(w, rest & ~(1 << e))
        walk.pop()

    for s in trail_starts(graph, mask):
        yield from extend(s, mask)


def lex_smallest(walks: Iterable[Iterable[int]]) -> list[int] | None:
    """Return the smallest of some walks, reading each one only as far as it can still win."""
    best: list[int] | None = None
    for walk in walks:
        it = iter(walk)
        if best is None:
            best = list(it)
            continue
        n = 0
        for x in it:
            if n >= len(best) or x > best[n]:
                break
            if x < best[n]:
                best = [*best[:n], x, *list(it)]
                break
            n += 1
        else:
            best = best[:n]  # this walk ended equal so far: a prefix is smaller
    return best


class Stretch:
    """A way to walk an edge set as head + middle + tail with the middle between two marked vertices.

    `head` runs from the walk's start to the first marked vertex p, `tail`
    from the second marked vertex q to the walk's end; the middle uses every
    other edge, from p to q.
    """

    __slots__ = ("head", "middle", "tail")

    def __init__(self, head: Sequence[int], tail: Sequence[int], middle: int) -> None:
        """Keep the parts."""
        self.head = tuple(head)
        self.tail = tuple(tail)
        self.middle = middle

    def walk(self, graph: TrailGraph) -> Iterator[int]:
        """Yield the smallest full walk with this head and tail."""
        yield from self.head[:-1]
        yield from lexmin_trail(graph, self.middle, self.head[-1])
        yield from self.tail[1:]


def _trails_to(graph: TrailGraph, mask: int, start: int, length: int, on: int,
               near: dict[int, int]) -> list[tuple[list[int], int]]:
    """Return every trail of exactly `length` edges of `mask` from `start` ending on a vertex of `on`,
    with its edge mask; `near` gives each vertex's distance to the closest vertex of `on`."""
    found: list[tuple[list[int], int]] = []
    walk = [start]

    def extend(v: int, used: int, left: int) -> None:
        """Depth-first, never further from `on` than the steps left."""
        if not left:
            if on >> v & 1:
                found.append((list(walk), used))
            return
        for w, e in graph.adj[v]:
            if mask >> e & 1 and not used >> e & 1 and near.get(w, left) < left:
                walk.append(w)
                extend(w, used | 1 << e, left - 1)
                walk.pop()

    if near.get(start, length + 1) <= length:
        extend(start, 0, length)
    return found


def marked_span(graph: TrailGraph, mask: int, marked: int, at_least: int = 0,
                avoid: int = 0) -> tuple[int, list[Stretch]]:
    """Return the longest stretch between two different marked vertices over all Euler trails of `mask`,
    and every way (head, tail) to walk it; (0, []) when fewer than two marked vertices are on it.

    When the longest stretch is surely shorter than `at_least`, (-1, []) may
    come back instead, without the full search. With `avoid`, only stretches using none of those edges
    count (-1, []: there is none).

    A walk is head + middle + tail with |middle| = |mask| − |head| − |tail|, so
    the search deepens over k = |head| + |tail| and stops at the first k that
    leaves a connected middle; parity needs no check: the middle's odd
    vertices are always its two marked ends.
    """
    on = marked & graph.vertex_mask(mask)
    if not mask or on.bit_count() < 2:
        return 0, []
    size = mask.bit_count()
    odd = list(bits(graph.odd_mask(mask)))
    targets = list(bits(on))
    if odd and not mask & avoid:
        u, v = odd
        if on >> u & 1 and on >> v & 1:
            return size, [Stretch((u,), (v,), mask), Stretch((v,), (u,), mask)]
    dist = {m: graph.distances(mask, m) for m in targets}
    near = {x: min(dist[m][x] for m in targets) for x in dist[targets[0]]}
    if odd:
        k_low = near[odd[0]] + near[odd[1]]
    else:
        k_low = min(dist[p][q] for p in targets for q in targets if p != q)
    if size - k_low < at_least:
        return -1, []
    cache: dict[tuple[int, int], list[tuple[list[int], int]]] = {}

    def trails(x: int, n: int) -> list[tuple[list[int], int]]:
        """Trails of n edges from x that end on a marked vertex (cached across depths)."""
        if (x, n) not in cache:
            cache[(x, n)] = _trails_to(graph, mask, x, n, on, near)
        return cache[(x, n)]

    for k in range(k_low, min(size, size - at_least + 1)):
        found = _stretches(graph, mask, on, odd, k, trails, avoid)
        if found:
            return size - k, found
    # Two marked vertices on a trail always give a stretch of at least 1, so only `at_least` gets here.
    return -1, []


def _stretches(graph: TrailGraph, mask: int, on: int, odd: list[int], k: int,
               trails: Callable[[int, int], list[tuple[list[int], int]]], avoid: int = 0) -> list[Stretch]:
    """Return the (head, tail) splits with |head| + |tail| = k leaving a connected middle (with none of the
    edges of `avoid`)."""
    found: list[Stretch] = []
    if odd:
        for s, t in ((odd[0], odd[1]), (odd[1], odd[0])):
            for a in range(k + 1):
                heads = trails(s, a)
                if not heads:
                    continue
                for rtail, tmask in trails(t, k - a):
                    for head, hmask in heads:
                        if hmask & tmask or head[-1] == rtail[-1]:
                            continue
                        middle = mask & ~hmask & ~tmask
                        if middle and not middle & avoid and graph.is_connected(middle):
                            found.append(Stretch(head, rtail[::-1], middle))
        return found
    # Closed walk: tail + head is one trail from q back round to p through the start.
    for q in bits(on):
        for outer, omask in trails(q, k):
            p = outer[-1]
            if p == q:
                continue
            middle = mask & ~omask
            if middle and not middle & avoid and graph.is_connected(middle):
                for i in range(len(outer)):
                    found.append(Stretch(outer[i:], outer[:i + 1], middle))
    return found
