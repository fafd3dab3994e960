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
        # Edges sharing an end with each edge: one step of a breadth-first search over edges.
        self.near: list[int] = [self.inc[a] | self.inc[b] for a, b in self.ends]
        # Per vertex: (neighbour, its bit, the edge's bit), for breadth-first searches that test masks directly.
        self.adj_bits: list[tuple[tuple[int, int, int], ...]] = [tuple((w, 1 << w, 1 << e) for w, e in lst)
                                                                 for lst in self.adj]
        self._odd: dict[int, int] = {}
        self._drops: dict[tuple[int, int, int], int | None] = {}
        self._vertices: dict[int, int] = {}
        self._trees: dict[int, tuple[dict[int, int], list[int], list[list[tuple[int, int]]]]] = {}

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
        """Return the mask of the vertices touched by an edge set (cached: searches ask again and again)."""
        vm = self._vertices.get(mask)
        if vm is None:
            vm = 0
            vbits = self.vbits
            rest = mask
            while rest:
                low = rest & -rest
                vm |= vbits[low.bit_length() - 1]
                rest ^= low
            self._vertices[mask] = vm
        return vm

    def odd_mask(self, mask: int) -> int:
        """Return the mask of the vertices of odd degree in an edge set (cached: searches ask again and again)."""
        odd = self._odd.get(mask)
        if odd is None:
            odd = 0
            vbits = self.vbits
            rest = mask
            while rest:
                low = rest & -rest
                odd ^= vbits[low.bit_length() - 1]
                rest ^= low
            self._odd[mask] = odd
        return odd

    def touching(self, vmask: int) -> int:
        """Return the mask of all edges incident to some vertex of `vmask`."""
        em = 0
        inc = self.inc
        while vmask:
            low = vmask & -vmask
            em |= inc[low.bit_length() - 1]
            vmask ^= low
        return em

    def reach(self, mask: int, vmask: int) -> tuple[int, int]:
        """Return the edges of `mask` connected to the vertices `vmask`, and the vertices reached."""
        near, vbits = self.near, self.vbits
        got = frontier = self.touching(vmask) & mask
        while frontier:
            grow = 0
            while frontier:
                low = frontier & -frontier
                i = low.bit_length() - 1
                grow |= near[i]
                vmask |= vbits[i]
                frontier ^= low
            frontier = grow & mask & ~got
            got |= frontier
        return got, vmask

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

    def nearest(self, mask: int, source: int, targets: int) -> int | None:
        """Return the hop distance within `mask` from `source` to the closest other vertex of `targets`."""
        targets &= ~(1 << source)
        seen = 1 << source
        frontier = [source]
        d = 0
        adj = self.adj_bits
        while frontier:
            d += 1
            nxt = []
            for v in frontier:
                for w, wb, eb in adj[v]:
                    if mask & eb and not seen & wb:
                        if targets & wb:
                            return d
                        seen |= wb
                        nxt.append(w)
            frontier = nxt
        return None

    def drops_needed(self, droppable: int, odd: int, free_ends: int) -> int | None:
        """Lower bound on the edges of `droppable` to remove so that at most `free_ends` (0 or 2) of the
        odd vertices `odd` stay odd, or None when that is impossible.

        The dropped edges form paths pairing the fixed odd vertices; a path from
        u to w is at least as long as the distance from either to its nearest
        other odd vertex, so it is at least the mean of the two. Up to
        `free_ends` vertices (the largest distances) may stay odd, or pair with
        a vertex that becomes odd, at no counted cost.

        Cached: a search asks about the same parts again and again (sibling nodes, a node's regions).
        """
        key = (droppable, odd, free_ends)
        got = self._drops.get(key, -1)
        if got != -1:
            return got
        got = self._drops[key] = self._drops_needed(droppable, odd, free_ends)
        return got

    def _drops_needed(self, droppable: int, odd: int, free_ends: int) -> int | None:
        """`drops_needed`, not cached."""
        far = []
        for v in bits(odd):
            d = self.nearest(droppable, v, odd)
            if d is None and not free_ends:
                return None
            far.append(d if d is not None else 1 << 20)
        far.sort()
        if free_ends:
            far = far[:max(0, len(far) - free_ends)]
        if far and far[-1] >= 1 << 20:
            return None
        return (sum(far) + 1) // 2

    def bridges(self, mask: int) -> int:
        """Return the bridges of an edge set: edges whose removal disconnects their two ends.

        A breadth-first spanning forest keeps, for each vertex, its tree edges up to the root as a mask; an edge
        off the forest closes a cycle with the tree way between its ends (the XOR of their two masks), so those
        tree edges are on a cycle. The bridges are the tree edges no such cycle covers.
        """
        return self._forest(mask)[0]

    def _forest(self, mask: int) -> tuple[int, dict[int, int], dict[int, int], dict[int, int]]:
        """(the bridges of `mask`, vertex -> its tree edges up to its root, vertex -> its root, root -> the edges
        of its connected piece), from a breadth-first spanning forest (`bridges`)."""
        up: dict[int, int] = {}
        root_of: dict[int, int] = {}
        piece_edges: dict[int, int] = {}
        tree = 0
        adj, inc, ends = self.adj_bits, self.inc, self.ends
        rest = mask
        while rest:  # one tree per connected piece
            low = rest & -rest
            root = ends[low.bit_length() - 1][0]
            up[root] = 0
            root_of[root] = root
            piece = inc[root]
            frontier = [root]
            while frontier:
                nxt = []
                for v in frontier:
                    way = up[v]
                    for w, _, eb in adj[v]:
                        if mask & eb and w not in up:
                            up[w] = way | eb
                            root_of[w] = root
                            tree |= eb
                            piece |= inc[w]
                            nxt.append(w)
                frontier = nxt
            piece_edges[root] = piece & mask
            rest &= ~piece
        covered = 0
        off = mask & ~tree
        while off:
            low = off & -off
            off ^= low
            a, b = ends[low.bit_length() - 1]
            covered |= up[a] ^ up[b]
        return tree & ~covered, up, root_of, piece_edges

    def between_pairs(self, mask: int, vertices: list[int]) -> list[tuple[int, int, int]]:
        """`between(mask, u, w)` for every pair u, w of `vertices` (u before w in the list), as (u, w, edges); pairs
        out of reach of each other left out.

        From one spanning forest (`_forest`) instead of a walk of the bridge tree per pair: below each bridge
        hangs the subtree of its lower end; a bridge off the tree way between u and w has both on one side, and
        the other side goes, with the bridge itself.
        """
        cut, up, root_of, piece_edges = self._forest(mask)
        inc = self.inc
        below: dict[int, int] = {}  # bridge bit -> the edges of the subtree under it, the bridge included
        if cut:
            for v, way in up.items():
                hang = way & cut
                if hang:
                    here = inc[v] & mask
                    while hang:
                        b = hang & -hang
                        below[b] = below.get(b, 0) | here
                        hang ^= b
        found = []
        for i, u in enumerate(vertices):
            top = root_of.get(u)
            if top is None:
                continue
            for w in vertices[i + 1:]:
                if root_of.get(w) != top:
                    continue
                part = piece_edges[top]
                off = cut & part & ~(up[u] ^ up[w])
                while off:
                    b = off & -off
                    off ^= b
                    part &= below[b] & ~b if up[u] & b else ~below[b]
                found.append((u, w, part))
        return found

    def between(self, mask: int, u: int, w: int) -> int:
        """Return the edges of `mask` a trail from vertex u to vertex w can use (0 if w is out of reach).

        A trail crosses a bridge at most once, so it never enters a branch of
        the bridge tree that hangs off the path between u's and w's pieces.
        """
        piece_of, pieces, tree = self.bridge_tree(mask)
        if u not in piece_of or w not in piece_of:
            return 0
        start, goal = piece_of[u], piece_of[w]
        parent = {start: (start, 0)}
        order = [start]
        for x in order:
            for y, e in tree[x]:
                if y not in parent:
                    parent[y] = (x, e)
                    order.append(y)
        if goal not in parent:
            return 0
        keep, x = pieces[goal], goal
        while x != start:
            x, e = parent[x]
            keep |= (1 << e) | pieces[x]
        return keep

    def bridge_tree(self, mask: int) -> tuple[dict[int, int], list[int], list[list[tuple[int, int]]]]:
        """Cut an edge set at its bridges: (vertex -> piece number, piece edge masks, piece adjacency by bridge).

        Cached: searches ask about the same sets again and again.
        """
        got = self._trees.get(mask)
        if got is not None:
            return got
        cut = self.bridges(mask)
        solid = mask & ~cut
        pieces = self.components(solid) if solid else []
        if not cut and len(pieces) == 1:  # the common case on dense sets: one two-edge-connected piece
            got = self._trees[mask] = (dict.fromkeys(bits(self.vertex_mask(mask)), 0), pieces, [[]])
            return got
        piece_of: dict[int, int] = {}
        for i, p in enumerate(pieces):
            for v in bits(self.vertex_mask(p)):
                piece_of[v] = i
        tree: list[list[tuple[int, int]]] = [[] for _ in pieces]
        ends = self.ends
        rest = cut
        while rest:  # a vertex on bridges only is a piece of its own (numbered as the bridges meet it)
            low = rest & -rest
            e = low.bit_length() - 1
            rest ^= low
            x, y = ends[e]
            a = piece_of.get(x)
            if a is None:
                a = piece_of[x] = len(pieces)
                pieces.append(0)
                tree.append([])
            b = piece_of.get(y)
            if b is None:
                b = piece_of[y] = len(pieces)
                pieces.append(0)
                tree.append([])
            tree[a].append((b, e))
            tree[b].append((a, e))
        got = self._trees[mask] = (piece_of, pieces, tree)
        return got

    def bridge_paths(self, mask: int) -> tuple[dict[int, int], list[tuple[int, int]]]:
        """Cut a connected edge set at its bridges: (vertex -> piece number, [(pieces mask, edges)] for every
        path between two leaves of the bridge tree); a trail stays within one such path.

        A trail crosses a bridge at most once, so it stays within the
        two-edge-connected pieces along one path of the bridge tree.
        """
        piece_of, pieces, tree = self.bridge_tree(mask)
        if not any(tree):  # no bridges
            return piece_of, [((1 << len(pieces)) - 1, mask)]
        # Root the tree at piece 0; the way from the root to each piece as masks (pieces by their number and by
        # their place in breadth-first order, bridges, piece edges): the way between two pieces is then the XOR
        # of their ways, plus their lowest common piece (the deepest common one: the last in that order).
        order = [0]
        up_nodes, up_rank, up_bridges, up_edges = {0: 1}, {0: 1}, {0: 0}, {0: pieces[0]}
        for x in order:
            for y, e in tree[x]:
                if y not in up_nodes:
                    up_nodes[y] = up_nodes[x] | 1 << y
                    up_rank[y] = up_rank[x] | 1 << len(order)
                    up_bridges[y] = up_bridges[x] | 1 << e
                    up_edges[y] = up_edges[x] | pieces[y]
                    order.append(y)
        leaves = [i for i, nb in enumerate(tree) if len(nb) <= 1]
        paths = []
        for i, x in enumerate(leaves):
            for y in leaves[i + 1:]:
                top = order[(up_rank[x] & up_rank[y]).bit_length() - 1]
                above = up_edges[top] & ~pieces[top]
                paths.append(((up_nodes[x] ^ up_nodes[y]) | 1 << top,
                              (up_bridges[x] ^ up_bridges[y]) | ((up_edges[x] | up_edges[y]) & ~above)))
        return piece_of, paths
