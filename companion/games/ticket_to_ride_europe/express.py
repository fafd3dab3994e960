"""The European Express: the longest trail of a player's own routes, counted in trains, computed exactly.

A trail may revisit cities but never uses a route twice. Why the search is exact:

1. Trails never leave a connected component, so each component is solved alone.
2. A component whose cities all have an even number of routes has an Euler
   circuit (Euler/Hierholzer): one trail uses every route, nothing is longer.
3. Otherwise take a longest trail T; it cannot be extended at either end. If
   T were closed, some city on it would have an unused route (else T would use
   the whole component and every degree would be even); starting T at that
   city and adding the route gives a longer trail, a contradiction. So T is
   open. An open trail uses an odd number of the routes at each of its ends,
   and T, which cannot be extended, uses all of them there: both ends have an
   odd number of routes. Searching every trail from every odd city meets T.
4. The depth-first search below enumerates all trails from a start, and cuts
   a branch only when an upper bound on anything it could still add cannot
   beat the best trail found. The bound (`_Search.bound`): the routes an
   extension adds form, with Euler, a connected set in which only the current
   end and the far end may have an odd degree; so of the k other cities with
   an odd number of unused routes, k - 1 keep an unused route each, and one
   kept route serves at most two of them: at least k // 2 routes stay unused,
   each at least as long as the shortest route of the component.

A tighter bound (also dropping the unused routes no longer reachable from the
trail's end) cut the search nodes by a further half to two thirds on dense
45-train networks but costs a walk over the routes at every node: on this map
it made the search three to five times slower, so it is not used.

The search also returns one longest trail (route by route) so a map can draw it.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass

Edge = tuple[Hashable, Hashable, int]  # city, city, trains


@dataclass(frozen=True)
class Trail:
    """A longest trail: its trains and the edges it runs along, in order (indices into the input)."""

    length: int
    edges: tuple[int, ...]


class _Search:
    """One component's exhaustive branch-and-bound search."""

    def __init__(self, weights: list[int], adj: list[list[tuple[int, int]]], total: int):
        """Keep the graph; nothing is used yet."""
        self.weights, self.adj = weights, adj
        self.used = [False] * len(weights)
        self.left = total  # trains of the unused routes
        self.odd = [len(out) % 2 == 1 for out in adj]  # cities with an odd number of unused routes
        self.odd_count = sum(self.odd)
        self.lightest = min(weights[e] for out in adj for e, _ in out)
        self.best, self.best_path = 0, ()
        self.path: list[int] = []
        self.nodes = 0  # search nodes, for the benchmark

    def run(self, start: int) -> None:
        """Search every trail from one start."""
        self._dfs(start, 0)

    def bound(self, v: int) -> int:
        """Most trains a trail from v can still add.

        The routes it adds form a sub-multigraph of the unused routes in which only v and the far end may
        have an odd degree: every other city with an odd number of unused routes keeps one of them, and one
        kept route serves at most two such cities.
        """
        others = self.odd_count - self.odd[v]
        return self.left - (others // 2) * self.lightest  # ceil((others - 1) / 2) routes at least

    def _dfs(self, v: int, length: int) -> None:
        """Extend the current trail from v in every way that can still beat the best."""
        self.nodes += 1
        if length > self.best:
            self.best, self.best_path = length, tuple(self.path)
        if length + self.bound(v) <= self.best:
            return
        odd = self.odd
        for e, w in self.adj[v]:
            if self.used[e]:
                continue
            weight = self.weights[e]
            self.used[e] = True
            self.left -= weight
            odd[v], odd[w] = not odd[v], not odd[w]
            self.odd_count += (1 if odd[v] else -1) + (1 if odd[w] else -1)
            self.path.append(e)
            self._dfs(w, length + weight)
            self.path.pop()
            odd[v], odd[w] = not odd[v], not odd[w]
            self.odd_count += (1 if odd[v] else -1) + (1 if odd[w] else -1)
            self.left += weight
            self.used[e] = False


def _components(n: int, ends: list[tuple[int, int]]) -> list[list[int]]:
    """Group edge indices by connected component."""
    parent = list(range(n))

    def find(x: int) -> int:
        """Root of x, halving the path."""
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for a, b in ends:
        parent[find(a)] = find(b)
    groups: dict[int, list[int]] = {}
    for i, (a, _) in enumerate(ends):
        groups.setdefault(find(a), []).append(i)
    return list(groups.values())


def _euler_circuit(edges: list[int], ends: list[tuple[int, int]]) -> tuple[int, ...]:
    """Hierholzer: a closed trail through every edge of a connected component whose degrees are all even."""
    adj: dict[int, list[tuple[int, int]]] = {}
    for e in edges:
        a, b = ends[e]
        adj.setdefault(a, []).append((e, b))
        adj.setdefault(b, []).append((e, a))
    used: set[int] = set()
    stack: list[tuple[int, int | None]] = [(ends[edges[0]][0], None)]
    circuit: list[int] = []
    while stack:
        v, via = stack[-1]
        while adj[v] and adj[v][-1][0] in used:
            adj[v].pop()
        if adj[v]:
            e, w = adj[v].pop()
            used.add(e)
            stack.append((w, e))
        else:
            stack.pop()
            if via is not None:
                circuit.append(via)
    return tuple(reversed(circuit))


def longest_trail(edges: Sequence[Edge]) -> Trail:
    """Return a longest trail (most trains, no edge twice) of an undirected multigraph, exactly.

    Edges join two different vertices (a route never loops) and weigh at least 1.
    """
    if any(a == b or w < 1 for a, b, w in edges):
        raise ValueError("an edge joins two different vertices and weighs at least 1")
    index: dict[Hashable, int] = {}
    ends = [(index.setdefault(a, len(index)), index.setdefault(b, len(index))) for a, b, _ in edges]
    weights = [w for _, _, w in edges]
    best = Trail(0, ())
    groups = sorted(_components(len(index), ends), key=lambda g: -sum(weights[e] for e in g))
    for group in groups:
        total = sum(weights[e] for e in group)
        if total <= best.length:
            break
        degree: dict[int, int] = {}
        for e in group:
            for v in ends[e]:
                degree[v] = degree.get(v, 0) + 1
        odd = sorted(v for v, d in degree.items() if d % 2)
        if not odd:
            best = Trail(total, _euler_circuit(group, ends))
            continue
        adj: list[list[tuple[int, int]]] = [[] for _ in index]
        for e in group:
            a, b = ends[e]
            adj[a].append((e, b))
            adj[b].append((e, a))
        for out in adj:  # long routes first: a long trail found early cuts more branches
            out.sort(key=lambda item: -weights[item[0]])
        search = _Search(weights, adj, total)
        search.best = best.length
        for v in odd:
            search.run(v)
        if search.best > best.length:
            best = Trail(search.best, search.best_path)
    return best
