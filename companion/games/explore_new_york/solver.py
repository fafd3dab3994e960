"""The best final route: an exact branch and bound through the generic trail search (`companion.games.trails`).

The final route is one continuous line over drawn sections, each used once
(it may cross itself, and start and end may coincide): a trail. Its PP depend
only on the set of its sections (the districts they border, the cafes they
touch), never on the walking order, and adding a section never lowers any
row, so the PP of the available sections bound every set inside them.

What is maximised: PP, then the number of sections (so that among equal
routes the companion keeps as much of the drawing as it can). Among routes
equal on both, the lexicographically smallest walk (as a list of [x, y]
intersections) is chosen, so the answer never depends on the order the
sections were listed in.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from ..trails import TrailGraph, bits, lex_smallest, lexmin_trail, search_trails, trail_starts
from .rows import route_districts
from .sheet import Sheet
from .tile import CAFE_PP, COLOURS, SMILEY_PP, Point, borders, star_pp

DEFAULT_TIME_LIMIT = 3.0  # seconds per search; a search cut short reports its best route as not proven


@dataclass(frozen=True)
class RouteChoice:
    """The chosen walk, its PP, and whether it is proven best."""

    walk: list[Point]
    total: int
    proven: bool


class RouteScorer:
    """Values and bounds sets of one player's drawn sections (a `trails.TrailScorer`)."""

    def __init__(self, sheet: Sheet) -> None:
        """Index the districts along the drawn sections and the cafes they touch."""
        self.graph = g = TrailGraph(sheet.sections)
        tile = sheet.tile
        locations = sorted(route_districts(g.edges))
        bit = {loc: i for i, loc in enumerate(locations)}
        self.edge_locs = [sum(1 << bit[loc] for loc in borders(sec)) for sec in g.edges]
        self.kinds = [tile.kind(loc) for loc in locations]
        self.tourists = [sheet.tourists_at(loc) for loc in locations]
        self.cafes = sum(1 << g.index[c.at] for c in tile.cafes if c.at in g.index)
        self._totals: dict[tuple[int, int], int] = {}

    def total(self, edges: int) -> int:
        """PP of a set of sections (cached by the districts and cafes it reaches)."""
        locs = 0
        for i in bits(edges):
            locs |= self.edge_locs[i]
        cafes = (self.graph.vertex_mask(edges) & self.cafes).bit_count()
        key = (locs, cafes)
        got = self._totals.get(key)
        if got is None:
            tourists = dict.fromkeys(COLOURS, 0)
            kinds = dict.fromkeys((*COLOURS, "yellow", "grey"), 0)
            for i in bits(locs):
                for colour, n in self.tourists[i].items():
                    tourists[colour] += n
                if self.kinds[i] in kinds:
                    kinds[self.kinds[i]] += 1
            got = (sum(tourists[c] * kinds[c] for c in COLOURS) + CAFE_PP * cafes + SMILEY_PP * kinds["yellow"]
                   + star_pp(kinds["grey"]))
            self._totals[key] = got
        return got

    def bound(self, graph: TrailGraph, included: int, available: int, max_edges: int) -> tuple[int, int]:
        """Upper key of every trail set between `included` and `available` with at most `max_edges` sections."""
        return (self.total(available), max_edges)

    def value(self, graph: TrailGraph, edges: int, floor: tuple | None) -> tuple[int, int]:
        """Exact key of a trail set: its PP and its number of sections."""
        return (self.total(edges), edges.bit_count())


def smallest_walk(graph: TrailGraph, edges: int) -> list[int]:
    """The lexicographically smallest walk using every edge of a trail set once."""
    if not edges:
        return []
    return list(lexmin_trail(graph, edges, min(trail_starts(graph, edges))))


def best_route(sheet: Sheet, time_limit: float | None = DEFAULT_TIME_LIMIT) -> RouteChoice:
    """Find the best final route of a sheet; proven unless `time_limit` seconds ran out first (None: no limit)."""
    scorer = RouteScorer(sheet)
    g = scorer.graph
    if not len(g):
        return RouteChoice([], 0, True)
    deadline = None if time_limit is None else time.monotonic() + time_limit
    result = search_trails(g, scorer, deadline)
    sets = sorted(result.sets) if result.proven else sorted(result.sets)[:1]
    walk = lex_smallest(smallest_walk(g, s) for s in sets) or []
    return RouteChoice([g.vertices[i] for i in walk], result.key[0] if result.key else 0, result.proven)


__all__ = ["DEFAULT_TIME_LIMIT", "RouteChoice", "RouteScorer", "best_route", "smallest_walk"]
