"""An undirected simple graph with numbered edges, and edge sets as integer bitmasks.

Edges are numbered in sorted order of their (sorted) end pairs and vertices in
sorted order, so every search built on this graph is deterministic whatever
order the edges were given in. An edge set is an `int` whose bit `i` says
edge `i` is in the set: unions, differences and sizes are single operations.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator
from typing import Generic, TypeVar

V = TypeVar("V", bound=Hashable)


def bits(mask: int) -> Iterator[int]:
    """Yield the indices of the set bits of a mask, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


class TrailGraph(Generic[V]):
    """A graph for trail searches: vertex and edge numbering, incidence masks, connectivity and parity."""

    def __init__(self, edges: Iterable[tuple[V, V]]) -> None:
        """Number the edges and vertices (loops and repeated edges are dropped)."""
        pairs = sorted({(a, b) if a <= b else (b, a) for a, b in edges if a != b})
        self.edges: list[tuple[V, V]] = pairs
        self.vertices: list[V] = sorted({v for e in pairs for v in e})
        self.index: dict[V, int] = {v: i for i, v in enumerate(self.vertices)}
        self.ends: list[tuple[int, int]] = [(self.index[a], self.index[b]) for a, b in pairs]
        self.edge_index: dict[tuple[V, V], int] = {e: i for i, e in enumerate(pairs)}
        n = len(self.vertices)
        # Bit mask of the two ends of each edge: the XOR of these over a set gives its odd vertices.
        self.vbits: list[int] = [(1 << a) | (1 << b) for a, b in self.ends]
        self.inc: list[int] = [0] * n
        adjacency: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        for i, (a, b) in enumerate(self.ends):
            self.inc[a] |= 1 << i
            self.inc[b] |= 1 << i
            adjacency[a].append((b, i))
            adjacency[b].append((a, i))
        # Neighbours in vertex order, so greedy walks are lexicographically smallest.
        self.adj: list[tuple[tuple[int, int], ...]] = [tuple(sorted(lst)) for lst in adjacency]
        self.full: int = (1 << len(pairs)) - 1

    def __len__(self) -> int:
        """Number of edges."""
        return len(self.edges)

    def mask_of(self, edges: Iterable[tuple[V, V]]) -> int:
        """Return the mask of some edges of the graph given by their ends."""
        mask = 0
        for a, b in edges:
            mask |= 1 << self.edge_index[(a, b) if a <= b else (b, a)]
        return mask

    def edges_of(self, mask: int) -> list[tuple[V, V]]:
        """Return the edges of a mask as end pairs."""
        return [self.edges[i] for i in bits(mask)]

    def vertex_mask(self, mask: int) -> int:
        """Return the mask of the vertices touched by an edge set."""
        vm = 0
        for i in bits(mask):
            vm |= self.vbits[i]
        return vm

    def odd_mask(self, mask: int) -> int:
        """Return the mask of the vertices of odd degree in an edge set."""
        odd = 0
        for i in bits(mask):
            odd ^= self.vbits[i]
        return odd

    def touching(self, vmask: int) -> int:
        """Return the mask of all edges incident to some vertex of `vmask`."""
        em = 0
        for v in bits(vmask):
            em |= self.inc[v]
        return em

    def reach(self, mask: int, vmask: int) -> tuple[int, int]:
        """Return the edges of `mask` connected to the vertices `vmask`, and the vertices reached."""
        seen_v = vmask
        todo = vmask
        got = 0
        while todo:
            new_edges = self.touching(todo) & mask & ~got
            got |= new_edges
            vm = self.vertex_mask(new_edges)
            todo = vm & ~seen_v
            seen_v |= vm
        return got, seen_v

    def components(self, mask: int) -> list[int]:
        """Split an edge set into connected pieces, ordered by their lowest edge."""
        pieces = []
        rest = mask
        while rest:
            low = rest & -rest
            piece, _ = self.reach(rest, self.vbits[low.bit_length() - 1])
            pieces.append(piece)
            rest &= ~piece
        return pieces

    def is_connected(self, mask: int) -> bool:
        """Tell whether an edge set is one connected piece (the empty set is)."""
        if not mask:
            return True
        low = mask & -mask
        return self.reach(mask, self.vbits[low.bit_length() - 1])[0] == mask

    def is_trail_set(self, mask: int) -> bool:
        """Tell whether some walk uses exactly these edges once each (connected, 0 or 2 odd vertices)."""
        return self.odd_mask(mask).bit_count() <= 2 and self.is_connected(mask)

    def distances(self, mask: int, source: int) -> dict[int, int]:
        """Return the hop distance from vertex `source` to every vertex reachable within `mask`."""
        dist = {source: 0}
        frontier = [source]
        while frontier:
            nxt = []
            for v in frontier:
                for w, e in self.adj[v]:
                    if mask >> e & 1 and w not in dist:
                        dist[w] = dist[v] + 1
                        nxt.append(w)
            frontier = nxt
        return dist
