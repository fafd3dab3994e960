"""Branch and bound over the edge sets of trails, with scoring callbacks.

A set of edges can be walked as one trail (each edge once) exactly when it is
connected and has 0 or 2 odd-degree vertices, so the search runs over edge
sets, not walks: a scorer values a set (its best walking order included) and
bounds every set between an included part and an available part.

Each connected set is reached once: the first included edge is the set's
lowest edge (the seed), then every node branches on its lowest undecided edge
touching the included part (or, for a scorer with `decide_vertices`, the lowest
at the included vertex with the fewest undecided edges) — include it, or
exclude it for good. Nodes are
expanded best-first: highest bound first, and among equal bounds the one with
the most included edges, so the search dives to full sets and the best key is
usually found before much else is looked at (a depth-first order found it
last and spent most of its nodes before). Two things give the best key early, so
that nodes which cannot reach it are bounded cheaply and dropped whole:

* every `plunge` nodes taken from the queue the search *dives*: it goes on
  with the better child of each node (by the queue's order; the other child is
  queued) until a node has none, so a full set is reached and valued;
* the best set is *polished* once the search has taken `polish_after` nodes
  and at each later improvement: its neighbours (one edge, two edges at a
  vertex or four round a square toggled) that are trail sets are valued, and
  the first better one is polished in turn (a hill climb).

Neither changes which nodes can be pruned, only when the best key is known,
so the result is the same. A node is pruned when

* the available edges connected to the included part cannot beat the best
  key found (the scorer's bound, given the most edges a trail in them can
  have: every odd vertex beyond two needs a path of dropped undecided edges
  to another odd vertex, `TrailGraph.drops_needed`), or
* three or more odd vertices have no undecided path to another odd vertex:
  no later choice can fix their parity.

Ties are kept: every set whose key equals the best is returned, so the caller
can choose among their walks.
"""

from __future__ import annotations

import heapq
import time
from dataclasses import dataclass, field
from typing import Protocol

from .graph import TrailGraph, bits

Key = tuple  # compared lexicographically, higher is better


class TrailScorer(Protocol):
    """What the search needs to know about the objective."""

    def bound(self, graph: TrailGraph, included: int, available: int, max_edges: int) -> Key:
        """Return a key at least that of every trail set S with included ⊆ S ⊆ available, |S| ≤ max_edges."""

    def value(self, graph: TrailGraph, edges: int, floor: Key | None) -> Key | None:
        """Return the key of a trail set (best walking order); None allowed when it is surely below floor."""

    # Optional: `room(included, available) -> int | None`, the available edges a set containing `included` that
    # the scorer values may use (None: no such set); nodes then branch only on those.
    # Optional: `decide_vertices = True`: nodes branch on an edge of the included part's vertex with the fewest
    # undecided edges (`_Search.branch_edge`), not on the lowest frontier edge, so vertices are decided whole
    # sooner (a scorer that reads route ends from decided parities bounds tighter).
    # Optional: `least_edges(best, bound) -> int | None`, the fewest edges a set whose key is at most `bound`
    # needs to reach `best` (None when the keys do not tell). When that is every available edge, the search
    # offers the available part itself instead of branching down to it.


@dataclass
class TrailSearchResult:
    """The best key, every edge set reaching it, whether that is proven, and the effort spent."""

    key: Key | None
    sets: list[int] = field(default_factory=list)
    proven: bool = True
    nodes: int = 0


class _OutOfTime(Exception):
    """Raised inside the search when the deadline passes."""


class _Search:
    """One run of the branch and bound."""

    def __init__(self, graph: TrailGraph, scorer: TrailScorer, deadline: float | None, plunge: int = 0,
                 polish_after: int | None = None) -> None:
        """Prepare the run (`plunge`: dive every that many nodes, 0 never; `polish_after`: polish the best set
        from that many nodes on, None never)."""
        self.graph = graph
        self.scorer = scorer
        self.deadline = deadline
        self.best: Key | None = None
        self.sets: list[int] = []
        self.nodes = 0
        self._bridge_paths: dict[int, tuple[dict[int, int], list[tuple[int, int]]]] = {}
        self.queue: list[tuple] = []
        self.count = 0  # nodes queued, so the queue order never compares edge sets
        self.least_edges = getattr(scorer, "least_edges", None)
        self.room = getattr(scorer, "room", None)
        self.by_vertex = getattr(scorer, "decide_vertices", False)
        self.plunge = plunge
        self.polish_after = polish_after
        self._moves: list[tuple[int, int]] | None = None
        self.polish_credit = POLISH_CREDIT  # sets the polish may still offer in vain

    def offer(self, edges: int, polish: bool = True) -> None:
        """Score a trail set and keep it if it is at least as good as the best (a new best is polished, once the
        search has taken `polish_after` nodes)."""
        key = self.scorer.value(self.graph, edges, self.best)
        if key is None or (self.best is not None and key < self.best):
            return
        if self.best is None or key > self.best:
            self.best, self.sets = key, [edges]
            if polish and self.polish_after is not None and self.nodes >= self.polish_after:
                self.polish(edges)
        elif edges not in self.sets:
            self.sets.append(edges)

    def moves(self) -> list[tuple[int, int]]:
        """The changes the polish tries, as (edges toggled, the vertices whose parity that changes): one edge, two
        edges at a vertex, the four edges round a square (a cycle a–b–d–c of four vertices)."""
        g = self.graph
        found = {1 << e for e in range(len(g.edges))}
        for v, near in enumerate(g.adj):
            for i, (a, e) in enumerate(near):
                for b, f in near[i + 1:]:
                    found.add(1 << e | 1 << f)
                    for c, h in g.adj[a]:
                        if c <= v:  # a square is found from both ends of a diagonal: once is enough
                            continue
                        for d, k in g.adj[b]:
                            if d == c:
                                found.add(1 << e | 1 << f | 1 << h | 1 << k)
        return [(m, g.odd_mask(m)) for m in sorted(found)]

    def polish(self, edges: int) -> None:
        """Hill-climb from a set: offer its neighbours (`moves`) that are trail sets and may beat the best (by the
        scorer's bound of the set alone), and go on from the first that does, until none does."""
        g = self.graph
        if self.polish_credit <= 0:
            return
        if self._moves is None:
            self._moves = self.moves()
        tried: set[int] = set()
        current = edges
        while current:
            start = self.best
            odd = g.odd_mask(current)
            for m, flips in self._moves:
                if (odd ^ flips).bit_count() > 2:
                    continue  # not a trail set: more than two odd vertices
                s = current ^ m
                if not s or s in tried:
                    continue
                tried.add(s)
                if not g.is_connected(s) or not self.scorer.bound(g, s, s, s.bit_count()) > self.best:
                    continue  # not a trail set, or it cannot beat the best (a tie is found by the search anyway)
                if self.deadline is not None and time.monotonic() > self.deadline:
                    raise _OutOfTime
                self.offer(s, polish=False)
                if self.best > start:
                    self.polish_credit += POLISH_GAIN
                    current = self.sets[0]
                    break
                self.polish_credit -= 1
                if self.polish_credit <= 0:
                    return  # the polish keeps offering sets that do not beat the best: no more of it
            else:
                return

    def regions(self, avail: int, vinc: int) -> list[int]:
        """The largest parts of `avail` a trail through the vertices `vinc` can stay within.

        The bridge tree of `avail` is cached: including an edge never changes it.
        """
        got = self._bridge_paths.get(avail)
        if got is None:
            got = self._bridge_paths[avail] = self.graph.bridge_paths(avail)
        piece_of, paths = got
        must = 0
        for v in bits(vinc):
            must |= 1 << piece_of[v]
        return [edges for nodes, edges in paths if must & nodes == must]

    def push(self, inc: int, avail: int, vinc: int, touch: int, reached: bool = False,
             hold: bool = False) -> tuple | None:
        """Bound the sets containing `inc` within `avail` and queue them unless they cannot reach the best.

        `vinc`/`touch` are the vertices of `inc` and the edges touching them; `reached`: `avail` is already
        all connected to `inc` (a node's part with one more edge of it included); `hold`: return the queue entry
        instead of queueing it (a dive).
        """
        g = self.graph
        if self.room is not None:
            narrowed = self.room(inc, avail)
            if narrowed is None:
                return  # no set containing `inc` is one the scorer values
            if narrowed != avail:
                avail, reached = narrowed, False
        if not reached:
            avail, _ = g.reach(avail, vinc)
        whole = self.scorer.bound(g, inc, avail, avail.bit_count())
        if self.best is not None and whole < self.best:
            return  # no set within all of `avail` reaches the best: no need for its regions and parity
        if self.best is not None and self.least_edges is not None:
            least = self.least_edges(self.best, whole)
            if least is not None and least >= avail.bit_count():
                # Only `avail` itself can reach the best (connected: reached from the included part).
                if g.odd_mask(avail).bit_count() <= 2:
                    self.offer(avail)
                return
        keep = 0
        top: Key | None = None
        for region in self.regions(avail, vinc):
            free = region & ~inc
            odd = g.odd_mask(region)
            drops = g.drops_needed(free, odd, 2) if odd.bit_count() > 2 else 0
            if drops is None:
                continue
            # The whole of `avail` with no drops is the bound just taken (the commonest case): not again.
            key = whole if region == avail and not drops else self.scorer.bound(g, inc, region,
                                                                                region.bit_count() - drops)
            if self.best is None or not key < self.best:
                keep |= region
                if top is None or key > top:
                    top = key
        if top is None:
            return
        self.count += 1
        # Highest bound first; among equal bounds the most included edges (a dive), then first queued.
        entry = ([-x for x in top], -inc.bit_count(), self.count, top, inc, keep, vinc, touch)
        if hold:
            return entry
        heapq.heappush(self.queue, entry)
        return None

    def run(self) -> None:
        """Expand queued nodes, highest bound first, until none can reach the best key; every `plunge` nodes taken
        from the queue, dive from the next one (expand the better child of each node until there is none)."""
        g = self.graph
        queue = self.queue
        dive = None  # the next node of a dive
        taken = 0  # nodes taken from the queue since the last dive
        while queue or dive is not None:
            diving = dive is not None
            if diving:
                _, _, _, top, inc, avail, vinc, touch = dive
                dive = None
            else:
                _, _, _, top, inc, avail, vinc, touch = heapq.heappop(queue)
            if self.best is not None and top < self.best:
                continue  # the best improved since this node was queued
            self.nodes += 1
            taken += not diving
            if self.nodes == self.polish_after and self.sets:
                self.polish(self.sets[0])
            if self.deadline is not None and not self.nodes & 63 and time.monotonic() > self.deadline:
                raise _OutOfTime
            if touch is None:  # a pending seed: its lowest edge's root now, the rest's seed later
                self.seed(avail)
                continue
            frontier = avail & ~inc & touch
            if not frontier:
                self.offer(inc)  # avail == inc here, and its parity passed the drops test
                continue
            low = self.branch_edge(inc, avail, vinc) if self.by_vertex else frontier & -frontier
            a, b = g.ends[low.bit_length() - 1]
            hold = self.plunge > 0 and (diving or taken >= self.plunge)
            kids = [self.push(inc | low, avail, vinc | (1 << a) | (1 << b), touch | g.inc[a] | g.inc[b], reached=True,
                              hold=hold),
                    self.push(inc, avail & ~low, vinc, touch, hold=hold)]
            if hold:
                taken = 0
                kids = sorted(k for k in kids if k is not None)
                if kids:
                    dive = kids[0]  # the better child (the queue's order) next; the other waits in the queue
                    for k in kids[1:]:
                        heapq.heappush(queue, k)

    def branch_edge(self, inc: int, avail: int, vinc: int) -> int:
        """The undecided edge a node branches on: the lowest at the included part's vertex with the fewest
        undecided edges (deciding a vertex whole fixes its parity: the scorer may then know a route's ends)."""
        free = avail & ~inc
        ginc = self.graph.inc
        best_n, best = 1 << 30, 0
        for v in bits(vinc):
            here = free & ginc[v]
            if here:
                n = here.bit_count()
                if n < best_n:
                    best_n, best = n, here
                    if n == 1:
                        break
        return best & -best

    def seed(self, available: int) -> None:
        """Queue the root of the lowest edge of `available` (the sets whose lowest edge it is), and the other
        edges' roots as one pending seed.

        The pending seed is queued under the bound of every set within the rest of `available` (included
        nothing), which is at least each later root's bound: it is opened only when the best key found is
        not above it, and when the best beats it every later root is skipped at once, unbounded.
        """
        g = self.graph
        low = available & -available
        e = low.bit_length() - 1
        self.push(low, available, g.vbits[e], g.inc[g.ends[e][0]] | g.inc[g.ends[e][1]])
        rest = available ^ low
        if not rest:
            return
        top = self.scorer.bound(g, 0, rest, rest.bit_count())
        if self.best is not None and top < self.best:
            return
        self.count += 1
        heapq.heappush(self.queue, ([-x for x in top], 0, self.count, top, 0, rest, 0, None))


PLUNGE = 16  # dive every this many nodes taken from the queue
POLISH_AFTER = 16  # polish the best set from this many nodes on (smaller searches end sooner without)
POLISH_CREDIT = 2  # the polish stops for good once it has offered this many more sets in vain than ...
POLISH_GAIN = 2  # ... this many for each better set it found


def search_trails(graph: TrailGraph, scorer: TrailScorer, deadline: float | None = None,
                  seeds: tuple[int, ...] = (), plunge: int = PLUNGE,
                  polish_after: int | None = POLISH_AFTER) -> TrailSearchResult:
    """Find the best-scoring trail sets of a graph (the empty set included) by branch and bound.

    `deadline` is a `time.monotonic()` instant; when it passes the best sets
    found so far are returned with `proven=False`. `seeds` are edge sets
    known to be trails (heuristic solutions) offered first so pruning starts
    strong. `plunge` and `polish_after` (see the module's notes; 0 and None: never) change only how soon the
    best key is found, never the result.
    """
    run = _Search(graph, scorer, deadline, plunge, polish_after)
    run.offer(0)
    proven = True
    try:
        for s in seeds:
            run.offer(s)
        for piece in graph.components(graph.full):
            run.seed(piece)
        run.run()
    except _OutOfTime:
        proven = False
    return TrailSearchResult(run.best, run.sets, proven, run.nodes)
