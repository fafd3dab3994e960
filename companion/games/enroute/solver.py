"""En Route's scorer for the generic trail search: rows 1–8, achiever PP of met goal cards, tie-breaks.

The search (`companion.games.trails`) runs over sets of drawn sections. This
module values a set exactly as `scoring.search_objective` values its best
walk, and bounds the sets between an included and an available part:

* rows 1–7, the tourists and the landmarks on the route depend only on the
  locations the set borders and the intersections it touches, and never
  drop when sections are added, so the available part bounds them;
* row 8 (personal goal) is at most the number of sections, and 0 unless two
  circled intersections are on the route; its exact value is the longest
  stretch between two different circled intersections over every walking
  order (`trails.marked_span`); a stretch never crosses a vehicle ride, so
  it is bounded over the real sections only (never through a ride's hub);
* a goal card's metric is bounded from above by the available part ("+"
  cards) or from below by the included part ("−" cards); `turns` and
  `longest_straight` depend on the walk and are assumed met in bounds.

With a `turns` or `longest_straight` card, a walk term (Paris diversity) or
a ride, a set's value is the best over every walk of it (Euler trails
enumerated until one reaches the most the set can score, `_walks_top`):
exact, but slow on sets with many crossings — the time limit then applies as
usual.
"""

from __future__ import annotations

import time
from collections import deque

from ..trails import (
    TrailGraph,
    bits,
    euler_trails,
    lex_smallest,
    lexmin_trail,
    marked_span,
    search_trails,
    trail_starts,
)
from ..trails.walks import _valid_steps
from . import geometry as geo
from .evaluation import CAFE_PP, Context, RouteChoice, zone_metrics
from .geometry import Point
from .route import is_turn, longest_straight, route_facts, turns, walk_goal_span, walk_shape
from .rows import scoring_rows
from .rowtypes import ROW_TYPES, unused_cafes
from .sheet import Sheet
from .vehicles import hub_edges, is_hub, walk_of

COLOURS = ("red", "green", "blue", "purple")
WALK_METRICS = ("turns", "longest_straight")
Key = tuple[int, int, int, int]
NEVER: Key = (-1, -1, -1, -1)  # below every set's key (the empty route scores at least 0)
NO_WAY = 1 << 20  # the way to a circled intersection when there is none


class RouteScorer:
    """Values and bounds sets of one player's drawn sections (a `trails.TrailScorer`)."""

    decide_vertices = True  # the search decides vertices whole first: `fixed_ends` then knows route ends sooner

    def __init__(self, ctx: Context, sheet: Sheet) -> None:
        """Index the board's locations, landmarks and points against the player's drawn sections."""
        board = ctx.board
        self.ctx, self.sheet = ctx, sheet
        drawn = {p for sec in sheet.sections for p in sec}
        # Vehicle rides: virtual edges through hubs (vehicles.py); none on a board without vehicles.
        self.hubs = hub_edges(board, drawn) if board.features else []
        self.graph = g = TrailGraph([*sheet.sections, *((a, b) for a, b, _, _ in self.hubs)])
        self.virtual = sum(1 << g.edge_index[geo.section(a, b)] for a, b, _, _ in self.hubs)
        self.real = g.full & ~self.virtual
        self.hub_vertices = sum(1 << i for i, p in enumerate(g.vertices) if is_hub(p))
        self.groups: dict[str, list[int]] = {}  # vehicle -> masks of its sides (stations; bank A, bank B, link)
        for a, b, vid, side in self.hubs:
            masks = self.groups.setdefault(vid, [0, 0, 0])
            masks[side] |= 1 << g.edge_index[geo.section(a, b)]
        self.bank_vehicles = {f.id for f in board.features_of("vehicle") if f.param("by") == "banks"}
        # Each ride edge's intersection (its end off the hub), and the ride edges a ride through it cannot pair
        # with: those whose intersection a road joins to it (`ride_ok`: such a ride is no ride).
        self.ride_ends: list[tuple[int, int]] = []  # (ride edge bit, its intersection's vertex index)
        self.ride_bars: dict[int, int] = {}  # ride edge bit -> the other side's edges it cannot ride to
        for a, b, vid, side in self.hubs:
            if side == 2:
                continue
            e = 1 << g.edge_index[geo.section(a, b)]
            self.ride_ends.append((e, g.index[a]))
            for c, d, wid, other in self.hubs:
                if wid == vid and other == (side if vid not in self.bank_vehicles else 1 - side) and c != a \
                        and board.is_road(geo.section(a, c)):
                    self.ride_bars[e] = self.ride_bars.get(e, 0) | 1 << g.edge_index[geo.section(c, d)]
        self.ride_points = sum(1 << v for _, v in self.ride_ends)
        self._ride_rooms: dict[tuple[int, int, int], int | None] = {}
        locations = sorted({loc for sec in g.edges if not is_hub(sec[0]) for loc in board.borders(sec)})
        bit = {loc: i for i, loc in enumerate(locations)}
        self.edge_locs = [0 if is_hub(sec[0]) or is_hub(sec[1]) else sum(1 << bit[loc] for loc in board.borders(sec))
                          for sec in g.edges]
        rows = scoring_rows(board, ctx.level)
        types = {row.type for row in rows}
        self.colours = [row.spec.colour for row in rows if row.type == "tourists"]
        self.tourists = [{c: sheet.tourists.get(loc, {}).get(c, 0) for c in self.colours} for loc in locations]
        self.all_tourists = [sum(sheet.tourists.get(loc, {}).values()) for loc in locations]
        self.empty = sum(1 << i for i, n in enumerate(self.all_tourists) if not n)
        # A landmark on the route only along its own sides (New York's triangles: the landmark's `sides`; Paris's
        # garden: a `landmark_sides` feature) gets a bit of its own beside the locations: its sides set it, so
        # "on the route" stays a union of edge facts and the bounds hold.
        shaped = {f.param("landmark"): tuple(f.sections) for f in board.features_of("landmark_sides")}
        sides_of = {lm.id: shaped.get(lm.id, lm.sides) for lm in board.landmarks}
        sided = {}
        for lm in board.landmarks:
            edges = [g.edge_index[sec] for sec in sides_of[lm.id] if sec in g.edge_index]
            if sides_of[lm.id] and edges:
                sided[lm.id] = 1 << len(self.tourists)
                self.tourists.append(dict.fromkeys(self.colours, 0))
                self.all_tourists.append(0)
                for e in edges:
                    self.edge_locs[e] |= sided[lm.id]
        # Landmarks off the drawn sections and meeting points can never be on the route: leave them out.
        self.landmarks = []
        for lm in board.landmarks:
            mask = sided.get(lm.id, 0) if sides_of[lm.id] else sum(1 << bit[loc] for loc in lm.locations if loc in bit)
            ends = [lm.meeting] if lm.meeting is not None and lm.id not in shaped else []
            ends += [p for p in lm.points if not lm.ticket or p in sheet.ticket_points]
            pmask = sum(1 << g.index[p] for p in set(ends) if p in g.index)
            if mask or pmask:
                worth = (lm.pp or 0) if lm.kind == "yellow" and "yellow" in types else 0
                worth += ctx.track_pp(lm.track) if lm.track is not None and "iconic" in types else 0
                self.landmarks.append((mask, pmask, lm.kind, worth))
        # Cairo's remote spaces: their tourists are on the route with their meeting point.
        self.spaces = []
        for space in board.features_of("remote_space"):
            meeting = space.param("meeting")
            if space.id in sheet.remote and meeting in g.index:
                self.spaces.append((1 << g.index[meeting], sheet.remote[space.id]))
        self.remote_points = sum(m for _, m, _, _ in self.landmarks) | sum(m for m, _ in self.spaces)
        terms = [ROW_TYPES[row.type].term(row.spec, self) for row in rows if ROW_TYPES[row.type].term]
        # A walk term (Paris diversity) is valued on each walk (`walk_value`) and bounded like the others.
        self.terms = [t for t in terms if not getattr(t, "walk", False)]
        self.walk_terms = [t for t in terms if getattr(t, "walk", False)]
        self.fixed = 0
        if "cafes" in types and ctx.level != "simplified":
            self.fixed = CAFE_PP * unused_cafes(sheet)
        vta = board.visit_them_all if "visit_them_all" in types else None
        self.vta_points = sum(1 << g.index[p] for p in vta.at if p in g.index) if vta else 0
        self.vta_pp = [vta.score(n) for n in range(len(vta.at) + 1)] if vta else [0]
        self.vta_best = [max(self.vta_pp[:n + 1]) for n in range(len(self.vta_pp))]
        goal = sheet.personal_goal if ctx.level != "simplified" and "personal_goal" in types else None
        # The personal goal row's multiplier (Paris doubles it: its spec's `pp`).
        self.factor = next((row.spec.pp or 1 for row in rows if row.type == "personal_goal"), 1)
        self.marked = sum(1 << g.index[p] for p in set(goal or ()) if p in g.index)
        self.cards = ctx.goals
        # (card, metric key or None for a manual card, lower is better): read once, not on every bound
        self._card_facts = [(c, None if c.metric == "manual" else c.metric_key, c.lower_is_better) for c in ctx.goals]
        self.any_lower = any(lower for _, _, lower in self._card_facts)
        self.walk_cards = any(c.metric in WALK_METRICS for c in ctx.goals)
        # Zone goals (New York): sections next to a zone are monotone (bounded by the available part); whether
        # the route starts or ends next to one depends on the walk, so such a card is valued walk by walk.
        self.zones: dict[str, int] = {}
        self.zone_const: dict[str, int] = {}  # a zone-end card met alike either way: its result does not matter
        self.zone_ends: list[tuple[str, int]] = []  # zone-end cards that a walk's first or last section decides
        for card in ctx.goals:
            zone = board.feature("zone", card.zone) if card.zone else None
            if zone is None:
                continue
            near = set(zone.locations)
            mask = sum(1 << i for i, sec in enumerate(g.edges) if board.is_road(sec) and near & set(board.borders(sec)))
            if card.metric == "zone_sections":
                self.zones[card.metric_key] = mask
            elif card.is_met(0) == card.is_met(1):
                self.zone_const[card.metric_key] = 0
            else:
                self.zone_ends.append((card.metric_key, mask))
        self.turn_cards = self.walk_cards
        self.walk_metrics = {c.metric for c in ctx.goals} & set(WALK_METRICS)  # the walk metrics a card reads
        self._turn: dict[tuple[int, int, int], bool] = {}  # (a, b, c) vertex indices -> the walk turns at b
        self._pair = {pair: i for i, (a, b) in enumerate(g.ends) for pair in ((a, b), (b, a))}
        # Straight lines of drawn sections (edge masks in order): a walk's longest straight run lies along one.
        self.lines = _straight_lines(board, g, self.real) if "longest_straight" in self.walk_metrics else None
        # Per vertex, the pairs of its sections a walk goes straight through (as masks): for the turns bound.
        self.straight_at = _straight_pairs(board, g, self.real) if "turns" in self.walk_metrics else None
        self.walk_cards = self.walk_cards or bool(self.zone_ends)
        self.zone_walks: set[int] = set()  # sets whose best walk must start or end next to the zone
        self._cover: dict[int, tuple[int, int]] = {}
        self._stats: dict[int, tuple[int, int, int, int]] = {}
        self._goal: dict[int, list[list]] = {}
        self._tops: dict[int, tuple] = {}  # available part -> `_top`
        self._dead: dict[int, list[tuple[int, int]]] = {}  # available part -> `dead_ends` (edge, way) pairs
        self._lows: dict[int, dict[str, int]] = {}  # included part -> `_low`
        self.spans: dict[int, list] = {}
        self.unsettled: dict[int, tuple[int, dict[str, int]]] = {}  # ride sets left at the first best walk
        self._walk_keys = {k for k, _ in self.zone_ends} | set(WALK_METRICS)
        self.walks: dict[int, list[int]] = {}
        self.deadline: float | None = None
        self.truncated = False
        self.best: Key | None = None  # the highest key `value` gave: the search's best so far

    # --- set facts -------------------------------------------------------------------------------------

    def cover(self, edges: int) -> tuple[int, int]:
        """Return (locations bordered, intersections touched) of a set of sections, as masks."""
        got = self._cover.get(edges)
        if got is None:
            locs = 0
            edge_locs = self.edge_locs
            rest = edges
            while rest:
                low = rest & -rest
                locs |= edge_locs[low.bit_length() - 1]
                rest ^= low
            got = self._cover[edges] = (locs, self.graph.vertex_mask(edges & self.real))
        return got

    def stats(self, locs: int, points: int = 0) -> tuple[int, int, int, int]:
        """Return (landmark rows, tourists, landmarks, empty locations) for bordered locations.

        `points`: the intersections on the route, for remote landmarks and spaces (a board without them
        keys its cache by the locations alone).
        """
        near = points & self.remote_points
        cache = locs if not near else (locs, near)
        got = self._stats.get(cache)
        if got is None:
            counts = dict.fromkeys(self.colours, 0)
            total = 0
            for i in bits(locs):
                for c, n in self.tourists[i].items():
                    counts[c] += n
                total += self.all_tourists[i]
            for pmask, remote in self.spaces:
                if pmask & near:
                    for c, n in remote.items():
                        if c in counts:
                            counts[c] += n
                        total += n
            rows = landmarks = 0
            for mask, pmask, kind, worth in self.landmarks:
                if mask & locs or pmask & near:
                    landmarks += 1
                    rows += (counts[kind] if kind in counts else 0) + worth
            got = self._stats[cache] = (rows, total, landmarks, (locs & self.empty).bit_count())
        return got

    def ride_room(self, included: int, available: int) -> int | None:
        """The available edges a valid set containing `included` may still use (None: no valid set): `_ride_room`,
        which drops virtual edges only, read from the included and available virtual edges and the ride
        intersections a section touches (cached on those)."""
        virtual = self.virtual
        touched = self.graph.vertex_mask((available | included) & self.real) & self.ride_points
        key = (included & virtual, available & virtual, touched)
        got = self._ride_rooms.get(key, -1)
        if got == -1:
            got = self._ride_room(included, available)
            got = self._ride_rooms[key] = None if got is None else got & virtual
        return None if got is None else (available & self.real) | got

    def _ride_room(self, included: int, available: int) -> int | None:
        """The available edges a valid set containing `included` may still use (None: no valid set).

        One ride in all: once a vehicle's virtual edge is included, the other vehicles' are out; a vehicle by
        stations takes two station edges, a vehicle by banks one edge per bank and the link. A vehicle that can no
        longer make a whole ride (its link or a bank's every edge excluded, fewer than two stations left) is out:
        a set with part of a ride is never a route (`ride_ok`).
        """
        # A ride edge needs a section at its intersection; an included one bars the rides a road would shortcut.
        real = (available | included) & self.real
        for e, v in self.ride_ends:
            if (available | included) & e and not real & self.graph.inc[v]:
                if included & e:
                    return None
                available &= ~e
            if included & e:
                if included & self.ride_bars.get(e, 0):
                    return None
                available &= ~self.ride_bars.get(e, 0)
        room = available | included
        for vid, (one, two, link) in self.groups.items():
            if vid in self.bank_vehicles:
                whole = room & link and room & one and room & two
            else:
                whole = (room & one).bit_count() >= 2
            if not whole:
                if included & (one | two | link):
                    return None
                available &= ~(one | two | link)
        for vid, (one, two, link) in self.groups.items():
            mine = one | two | link
            if not included & mine:
                continue
            available &= ~(self.virtual & ~mine)  # no other vehicle
            if vid in self.bank_vehicles:
                for side in (one, two):
                    n = (included & side).bit_count()
                    if n > 1:
                        return None
                    if n == 1:
                        available &= ~(side & ~included)
            else:
                n = (included & one).bit_count()
                if n > 2:
                    return None
                if n == 2:
                    available &= ~(one & ~included)
            return available
        return available

    def room(self, included: int, available: int) -> int | None:
        """The available edges a route containing `included` may use (`trails` search hook): the rides' rule, then
        the route's ends (`end_room`)."""
        if self.virtual:
            room = self.ride_room(included, available)
            if room is None:
                return None
            available = room
        return self.end_room(included, available)

    def end_room(self, included: int, available: int) -> int | None:
        """Drop the available edges that would give a route with fixed ends a third odd intersection.

        When the included part fixes both ends of every route (`fixed_ends`: two odd intersections no undecided
        edge touches), every other intersection of the route is even: one with a single undecided edge and an even
        number of included ones (a dead end among them) cannot take that edge, which goes, again and again.
        """
        g = self.graph
        odd = g.odd_mask(included)
        vbits = g.vbits
        while True:
            free = available & ~included
            # Intersections with undecided edges: touched by one, and by two or more.
            seen = more = 0
            rest = free
            while rest:
                low = rest & -rest
                vb = vbits[low.bit_length() - 1]
                more |= seen & vb
                seen |= vb
                rest ^= low
            fixed = odd & ~seen
            if fixed.bit_count() != 2:
                return None if fixed.bit_count() > 2 else available
            single = seen & ~more & ~odd  # one undecided edge, even so far: taking it makes a third odd
            if not single:
                return available
            available &= ~(g.touching(single) & free)

    def ride_size(self, included: int) -> int:
        """The virtual edges every route containing `included` has: a whole ride of the vehicle it rides (two
        station edges, or a bank edge on each side and the link), none if it includes no virtual edge."""
        for vid, (one, two, link) in self.groups.items():
            if included & (one | two | link):
                return 3 if vid in self.bank_vehicles else 2
        return 0

    def ride_ok(self, edges: int) -> bool:
        """Tell whether a set's virtual edges make at most one ride, each ride station a segment's end.

        A ride joins two segments of at least one section each, between two intersections no road joins.
        """
        g = self.graph
        if not edges & self.real:
            return False
        rides = 0
        real = g.vertex_mask(edges & self.real)
        for vid, (one, two, link) in self.groups.items():
            if vid in self.bank_vehicles:
                a, b = (edges & one).bit_count(), (edges & two).bit_count()
                if a > 1 or b > 1:
                    return False
                used = (edges & one) | (edges & two)
                complete = bool(edges & link) and a == 1 and b == 1
            else:
                used = edges & one
                if used.bit_count() > 2:
                    return False
                complete = used.bit_count() == 2
            ends = [a if not is_hub(g.vertices[a]) else b for a, b in (g.ends[i] for i in bits(used))]
            if any(not real >> v & 1 for v in ends):
                return False
            if edges & (one | two | link) and not complete:
                return False  # a dangling virtual edge: the same route as the set without it, valued there
            if complete:
                rides += 1
                if self.ctx.board.is_road(geo.section(g.vertices[ends[0]], g.vertices[ends[1]])):
                    return False
        return rides <= 1

    def _cards(self, high: dict[str, int], low: dict[str, int] | None) -> int:
        """Achiever PP of the cards met: `high`/`low` bound the metrics (equal when exact)."""
        pp = 0
        for card, key, lower in self._card_facts:
            if key is None:
                met = card.is_met(self.sheet.goal_values.get(card.deck))
            elif key in high:
                met = card.is_met(low[key] if lower and low is not None else high[key])
            else:
                met = True  # walk metrics: assumed met in a bound
            pp += card.achiever_pp if met else 0
        return pp

    # --- the scorer interface ----------------------------------------------------------------------------

    def goal_pairs(self, available: int) -> list[list]:
        """For each pair (p, q) of circled intersections within `available`: [the sections a stretch between them
        can use, p, q, the most sections it can have or None until asked], the largest parts first.

        The stretch is a trail from p to q: it stays off the bridge-tree branches
        beside its way (`TrailGraph.between`), and its odd vertices are exactly
        p and q, so the other odd vertices there need dropped paths (counted in `stretch_bound`, when needed).
        """
        got = self._goal.get(available)
        if got is None:
            g = self.graph
            marked = list(bits(self.cover(available)[1] & self.marked))
            got = [[part, p, q, None] for p, q, part in g.between_pairs(available, marked) if part]
            got.sort(key=lambda pair: -pair[0].bit_count())
            self._goal[available] = got
        return got

    def stretch_bound(self, included: int, available: int, max_edges: int) -> int:
        """Most sections of a personal-goal stretch of a route S, included ⊆ S ⊆ available, ≤ max_edges sections
        (`_stretch`)."""
        return self._stretch(included, available, max_edges)[0]

    def _stretch(self, included: int, available: int, max_edges: int) -> tuple[int, int]:
        """Most sections of a personal-goal stretch of a route S, included ⊆ S ⊆ available, ≤ max_edges sections.

        A stretch between p and q lies within their `between` part (`goal_pairs`), and the included sections
        outside that part are on the route too, beside the stretch: the stretch has at most `max_edges` less those.
        On foot, a route end the included part already fixes (`fixed_ends`) is at least its way to the nearest
        circled intersection from the stretch. Returns that most and the limit of the fixed ends alone (the most is
        the smaller of that limit and the pairs' own, so a tighter limit is applied to the most directly).
        """
        inc = included & self.real
        longest = max_edges  # the route's ends off the stretch: the stretch is at most the rest
        g = self.graph
        if included and not available & self.virtual:
            for v in bits(self.fixed_ends(g, included, available)):
                if not self.marked >> v & 1:
                    d = g.nearest(available, v, self.marked)
                    if d is None:
                        return 0, 0  # no circled intersection on any route here
                    longest -= d
        if longest <= 0:
            return 0, longest
        available &= self.real  # a stretch never crosses a ride: real sections only (and fewer sets to cache)
        best = 0
        for pair in self.goal_pairs(available):
            part = pair[0]
            if part.bit_count() <= best:
                break  # largest parts first: no later pair does better
            # Each limit alone: the ways to the ends may be the included sections outside the part.
            cap = min(longest, max_edges - (inc & ~part).bit_count())
            if cap <= best:
                continue
            most = pair[3]
            if most is None:  # the parity drops, once per part and pair
                _, p, q, _ = pair
                drops = g.drops_needed(part, g.odd_mask(part) ^ (1 << p) ^ (1 << q), 0)
                most = pair[3] = -1 if drops is None else part.bit_count() - drops
            best = max(best, min(most, cap))
        return best, longest

    def bound(self, graph: TrailGraph, included: int, available: int, max_edges: int) -> Key:
        """Upper key of every trail set between `included` and `available` with at most `max_edges` sections."""
        if self.virtual:
            room = self.ride_room(included, available)
            if room is None:
                return NEVER  # the included virtual edges can never make one proper ride
            if room != available and included:  # what is left connected to the included part, not through a hub out
                room, _ = graph.reach(room, graph.vertex_mask(included))
            available = room
            # Rides are not sections: a set with part of a ride has all of it (`ride_ok`), so of its at most
            # `max_edges` edges that many are virtual.
            max_edges = min(max_edges - self.ride_size(included), (available & self.real).bit_count())
        rows, tourists, landmarks, goal = self._base(graph, included, available, max_edges)
        if goal:  # first with a stretch of every section: when even that is below the best, the node is dropped as is
            key = (rows + max_edges * self.factor, max_edges, tourists, landmarks)
            if self.best is not None and key < self.best:
                return key
            stretch, longest = self._stretch(included, available, max_edges)
            key = (rows + stretch * self.factor, max_edges, tourists, landmarks)
            if not stretch or (self.best is not None and key < self.best):
                return key  # the dead ends could only lower it: below the best (or no stretch) already
            pend, way = self.dead_ends(included, available)
            with_end = max(0, min(stretch, longest - way))  # each pair's most is min(its own, longest): the same
            if pend and with_end < stretch:
                # A route with a dead end ends there, its way to a circled intersection off the stretch; a route
                # without them lies within the rest.
                rest = available & ~pend
                most = min(max_edges, (rest & self.real).bit_count())
                without, _, _, _ = self._base(graph, included, rest, most)
                pp = rows + with_end * self.factor
                if without + min(most, stretch) * self.factor > pp:  # else the routes with a dead end bound all
                    pp = max(pp, without + self.stretch_bound(included, rest, most) * self.factor)
                return (pp, max_edges, tourists, landmarks)
            rows += stretch * self.factor
        return (rows, max_edges, tourists, landmarks)

    def _base(self, graph: TrailGraph, included: int, available: int, max_edges: int) -> tuple[int, int, int, bool]:
        """(PP of rows 1–7 and the cards, tourists, landmarks, whether two circled intersections are within reach)
        bounding every set between `included` and `available` with at most `max_edges` sections, but for the
        personal goal's stretch."""
        top = self._tops.get(available)
        if top is None:
            top = self._tops[available] = self._top(available)
        rows, tourists, landmarks, empty, goal, zones, walked = top
        high = {"route_length": max_edges, "tourists_on_route": tourists, "landmarks_on_route": landmarks,
                "empty_locations_on_route": empty, **self.zone_const, **walked}
        if zones:
            high.update({k: min(max_edges, n) for k, n in zones.items()})
        if self.zone_ends and included:
            ends = self.walk_ends(graph, included, available)
            if ends is not None:
                for k, m in self.zone_ends:
                    if high[k] and not ends & graph.vertex_mask(available & m & self.real):
                        high[k] = 0  # no route here can start or end with a section next to the zone
        if "turns" in high:  # a walk of n sections has n - 1 points between them
            high["turns"] = min(high["turns"], max(0, max_edges - 1))
        low = None
        if self.any_lower:
            low = self._lows.get(included)
            if low is None:
                low = self._lows[included] = self._low(included)
        return rows + self._cards(high, low), tourists, landmarks, goal

    def dead_ends(self, included: int, available: int) -> tuple[int, int]:
        """The undecided sections to a dead end of `available` (`dead_end_ways`), and the fewest sections from
        one of those dead ends to a circled intersection (`NO_WAY` when none is reached)."""
        pend, way = 0, NO_WAY
        for e, d in self.dead_end_ways(available):
            if not e & included:
                pend |= e
                way = min(way, d)
        return pend, way

    def dead_end_ways(self, available: int) -> list[tuple[int, int]]:
        """For each dead end of `available` (an intersection with one available edge, neither circled nor a hub):
        (that edge, its fewest sections to a circled intersection, a ride costing none; `NO_WAY` when none is
        reached). A route through it ends there, so that way is off its personal-goal stretch."""
        got = self._dead.get(available)
        if got is None:
            g = self.graph
            seen = more = 0
            rest = available
            while rest:
                low = rest & -rest
                vb = g.vbits[low.bit_length() - 1]
                more |= seen & vb
                seen |= vb
                rest ^= low
            got = []
            for v in bits(seen & ~more & ~self.marked & ~self.hub_vertices):
                way = self._way(available, v)
                got.append((available & g.inc[v], NO_WAY if way is None else way))
            self._dead[available] = got
        return got

    def _way(self, available: int, source: int) -> int | None:
        """The fewest sections of `available` from `source` to a circled intersection (a ride's edges cost none)."""
        g, marked, virtual = self.graph, self.marked, self.virtual
        dist = {source: 0}
        queue = deque([source])
        done = 0
        while queue:
            v = queue.popleft()
            if done >> v & 1:
                continue
            done |= 1 << v
            d = dist[v]
            if marked >> v & 1:
                return d
            for w, _, eb in g.adj_bits[v]:
                if available & eb:
                    free = virtual & eb
                    nd = d if free else d + 1
                    if nd < dist.get(w, NO_WAY):
                        dist[w] = nd
                        if free:
                            queue.appendleft(w)
                        else:
                            queue.append(w)
        return None

    def fixed_ends(self, graph: TrailGraph, included: int, available: int) -> int:
        """The intersections every route S, included ⊆ S ⊆ available, has as an end (its odd intersections that
        no undecided edge touches; more than two: no route, none told)."""
        fixed = graph.odd_mask(included) & ~graph.vertex_mask(available & ~included)
        return fixed if fixed.bit_count() <= 2 else 0

    def walk_ends(self, graph: TrailGraph, included: int, available: int) -> int | None:
        """The intersections a route S, included ⊆ S ⊆ available, can start or end at (None: not told).

        An intersection whose every available edge is included has its parity in S already; S has at most
        two odd intersections, and a route with one is never closed: its ends are the odd ones, and only an
        intersection with an undecided edge can still turn odd.
        """
        free = graph.vertex_mask(available & ~included)
        fixed = graph.odd_mask(included) & ~free
        n = fixed.bit_count()
        if n >= 2:
            return fixed  # exactly these two (more: no route at all)
        if n == 1:
            return fixed | free
        return None  # maybe closed: any intersection of S can be its start

    def least_edges(self, best: Key, bound: Key) -> int | None:
        """The fewest sections a set with a key at most `bound` needs to reach `best`: when the bound's PP is the
        best's, the set must at least match its length, the key's next part (not told with rides: their virtual
        edges are not sections)."""
        return best[1] if bound[0] == best[0] and not self.virtual else None

    def _top(self, available: int) -> tuple:
        """What bounds the sets within `available` whatever their size: (rows 1–8 but the personal goal, tourists,
        landmarks, empty locations, whether two circled intersections are within reach, sections next to each zone,
        the most of each walk-dependent metric a card reads)."""
        locs, points = self.cover(available)
        rows, tourists, landmarks, empty = self.stats(locs, points)
        rows += self.fixed + self.vta_best[(points & self.vta_points).bit_count()]
        for term in (*self.terms, *self.walk_terms):
            rows += term.bound(available, points)
        goal = (points & self.marked).bit_count() >= 2  # a personal-goal stretch possible (`goal_bound`, on demand)
        zones = {k: (available & m).bit_count() for k, m in self.zones.items()}
        # The walk-dependent metrics' most: a zone end (no section next to the zone: unmet), a straight run, turns.
        walked = {k: int(bool(available & m)) for k, m in self.zone_ends}
        if self.lines is not None:
            walked["longest_straight"] = _longest_run(self.lines, available & self.real)
        if self.straight_at is not None:
            walked["turns"] = _most_turns(self.graph, self.straight_at, available & self.real, points)
        return rows, tourists, landmarks, empty, goal, zones, walked

    def _low(self, included: int) -> dict[str, int]:
        """The metrics of the included part: every set containing it has at least these ("−" cards)."""
        _, t, n, e = self.stats(*self.cover(included))
        low = {"route_length": (included & self.real).bit_count(), "tourists_on_route": t,
               "landmarks_on_route": n, "empty_locations_on_route": e}
        low.update({k: (included & m).bit_count() for k, m in self.zones.items()})
        low.update(self.zone_const)
        if self.lines is not None:
            low["longest_straight"] = 0  # no walk's is lower
        if self.straight_at is not None:
            low["turns"] = 0
        return low

    def value(self, graph: TrailGraph, edges: int, floor: Key | None) -> Key | None:
        """Exact key of a trail set under its best walk; None when it is surely below `floor`.

        The highest key given so far is the search's best (`bound` uses it to skip work on nodes that die anyway).
        """
        key = self._value(graph, edges, floor)
        if key is not None and (self.best is None or key > self.best):
            self.best = key
        return key

    def _value(self, graph: TrailGraph, edges: int, floor: Key | None) -> Key | None:
        """Exact key of a trail set under its best walk; None when it is surely below `floor`."""
        if edges & self.virtual and not self.ride_ok(edges):
            return None
        locs, points = self.cover(edges)
        rows, tourists, landmarks, empty = self.stats(locs, points)
        size = (edges & self.real).bit_count()
        rows += self.fixed + self.vta_pp[(points & self.vta_points).bit_count()]
        for term in self.terms:
            rows += term.value(edges, points)
        exact = {"route_length": size, "tourists_on_route": tourists, "landmarks_on_route": landmarks,
                 "empty_locations_on_route": empty}
        exact.update({k: (edges & m).bit_count() for k, m in self.zones.items()})
        exact.update(self.zone_const)
        if len(self.zone_ends) == 1 and not self.turn_cards and not self.walk_terms and not edges & self.virtual:
            return self._value_zone_end(edges, rows, exact, floor)
        if self.walk_cards or self.walk_terms or edges & self.virtual:
            return self._value_by_walks(edges, rows, exact, floor)
        rows += self._cards(exact, exact)
        tail = (size, tourists, landmarks)
        if (points & self.marked).bit_count() < 2:
            return (rows, *tail)
        at_least = 0
        if floor is not None:
            if (rows + size * self.factor, *tail) < floor:
                return None
            at_least = -(-(floor[0] - rows) // self.factor)
        span, stretches = marked_span(graph, edges, self.marked, at_least)
        if span < 0:
            return None
        self.spans[edges] = stretches
        return (rows + span * self.factor, *tail)

    def _value_by_walks(self, edges: int, rows: int, exact: dict[str, int], floor: Key | None,
                        settle: bool = False) -> Key | None:
        """Best key over every walk of the set (walk-dependent goal cards); remembers the smallest best walk.

        Walks are tried until one reaches what the set can score at most (`_walks_top`). With a ride the walks do
        not come in the order of their intersections, so a set left that early is noted and, should it be among
        the best, walked again in full by `best_walk` (`settle`) for the smallest walk among the equal ones.
        """
        board, g = self.ctx.board, self.graph
        goal = [g.vertices[i] for i in bits(self.marked)]
        rides = bool(edges & self.virtual)
        # With fewer than two circled intersections on the set and no walk-dependent card, every walk scores alike.
        alike = rides and not self.walk_cards and not self.walk_terms and \
            (self.cover(edges)[1] & self.marked).bit_count() < 2
        tail = (exact["route_length"], exact["tourists_on_route"], exact["landmarks_on_route"])
        ceiling, span_top = self._walks_top(edges, rows, exact, rides, floor)
        top = ceiling
        if floor is not None and (ceiling, *tail) < floor:
            return None
        if settle:
            alike, ceiling = False, None
        best: Key | None = None
        shown: list = []  # the best walk as intersections (a ride's hub dropped), for ties
        walks = euler_trails(g, edges) if edges else iter([[0]] if g.vertices else [[]])
        fast = not rides and not self.walk_terms
        marked = set(bits(self.marked))
        for n, walk in enumerate(walks):
            if self.deadline is not None and not n & 255 and n and time.monotonic() > self.deadline:
                self.truncated = True  # the best walk so far stands in; the answer will not be proven
                break
            if fast:  # on foot, no walk term: the walk's facts straight from vertex indices
                metrics = dict(exact, **self._walk_facts(walk)) if self.walk_cards else exact
                key = (rows + walk_goal_span(walk, marked) * self.factor + self._cards(metrics, metrics), *tail)
                if best is None or key > best:
                    best, self.walks[edges] = key, walk
                if ceiling is not None and best[0] >= ceiling:
                    break
                continue
            if rides:
                points, at = self._ride_walk(walk)
                if at is None:  # the hubs at the walk's ends only: the route on foot
                    span = walk_goal_span(points, goal)
                elif not 0 < at < len(points) - 2:
                    continue  # a ride from the route's very end: that walk is the route without it
                else:  # the stretch within one segment, never across the ride
                    span = max(walk_goal_span(points[:at + 1], goal), walk_goal_span(points[at + 1:], goal))
            else:
                points = [g.vertices[i] for i in walk]
                span = walk_goal_span(points, goal)
            # The ceiling with this walk's stretch instead of the best stretch: a walk below the best walk so far
            # (or, before one, below the floor) is passed over before its walk terms and metrics are computed.
            beat = best if best is not None else floor
            if beat is not None and (top - (span_top - span) * self.factor, *tail) < beat:
                if alike:
                    break  # every walk scores alike: the set is below the floor
                continue
            metrics = exact
            if self.walk_metrics:  # only what a card reads: turns and straight runs cost a pass over the walk
                metrics = dict(exact, turns=turns(board, points), longest_straight=longest_straight(board, points))
            if self.zone_ends:
                metrics = dict(metrics, **zone_metrics(board, points, route_facts(board, points)))
            walked = sum(t.walk_value(points) for t in self.walk_terms)
            key = (rows + span * self.factor + walked + self._cards(metrics, metrics), *tail)
            # Walks come in lexicographic order of vertex indices; with a ride the hub breaks that order, so a tie
            # is settled by the walk as intersections (the smallest one is the answer).
            if best is None or key > best or (rides and key == best and points < shown):
                best, self.walks[edges], shown = key, walk, points
            if alike or (ceiling is not None and best[0] >= ceiling):
                if rides:  # the first such walk in vertex order: maybe not the smallest as intersections
                    self.unsettled[edges] = (rows, exact)
                break  # nothing depends on the walk, or nothing can beat this walk: the first such walk is the set's
        return best

    def _ride_walk(self, walk: list[int]) -> tuple[list[Point], int | None]:
        """A walk through a ride's hubs as intersections (hubs dropped), and where its ride starts (None: the hubs
        only at its ends, no ride)."""
        hubs, vertices = self.hub_vertices, self.graph.vertices
        points: list[Point] = []
        at = None
        skipped = False
        for v in walk:
            if hubs >> v & 1:
                skipped = True
                continue
            if skipped and points:
                at = len(points) - 1  # the ride: from the last intersection to this one
            skipped = False
            points.append(vertices[v])
        return points, at

    def _walks_top(self, edges: int, rows: int, exact: dict[str, int], rides: bool,
                   floor: Key | None = None) -> tuple[int, int]:
        """The most PP any walk of the set can score: rows 1–7, the longest stretch between two circled
        intersections over every walking order (`marked_span`; with a ride the stretch stays within one segment,
        so it is also below the sections), each walk term's bound, and the cards met with every walk-dependent
        metric (turns, straight runs, zone ends) assumed met.

        With a `floor`, a stretch too short to reach it is not searched for: when the longest is shorter, the
        most is told without it (then below the floor's PP)."""
        g = self.graph
        walk_most = sum(t.bound(edges, self.cover(edges)[1]) for t in self.walk_terms)
        metrics = {k: v for k, v in exact.items() if k not in self._walk_keys}
        rest = rows + walk_most + self._cards(metrics, metrics)
        span = 0
        if (self.cover(edges)[1] & self.marked).bit_count() >= 2:
            # The fewest sections of stretch a walk needs to reach the floor's PP (none: any stretch may).
            at_least = 0 if floor is None else max(0, -(-(floor[0] - rest) // self.factor))
            if rides:  # never across the ride: the stretch leaves its virtual edges to the walk's two ends
                span = min(max(0, marked_span(g, edges, self.marked, at_least, self.virtual)[0]),
                           exact["route_length"] - 1)
            else:
                span = max(0, marked_span(g, edges, self.marked, at_least)[0])
        return rest + span * self.factor, span

    def _walk_facts(self, walk: list[int]) -> dict[str, int]:
        """The walk metrics of a walk on foot given as vertex indices: turns and longest straight (a turn at each
        vertex triple decided once, `route.is_turn`), and whether it starts or ends next to each zone of a card."""
        found: dict[str, int] = {}
        if self.walk_metrics:
            turn, vertices, board = self._turn, self.graph.vertices, self.ctx.board
            turned = []
            for triple in zip(walk, walk[1:], walk[2:], strict=False):
                t = turn.get(triple)
                if t is None:
                    t = turn[triple] = is_turn(board, *(vertices[v] for v in triple))
                turned.append(t)
            found["turns"], found["longest_straight"] = walk_shape(turned, len(walk) - 1)
        for key, mask in self.zone_ends:
            ends = (self._pair[walk[0], walk[1]], self._pair[walk[-2], walk[-1]]) if len(walk) > 1 else ()
            found[key] = int(any(mask >> e & 1 for e in ends))
        return found

    def _ends_near(self, edges: int, near: int) -> bool:
        """Tell whether some walk of the set starts (or, walked backwards, ends) with a section of `near`."""
        g = self.graph
        return any(near >> e & 1 for s in trail_starts(g, edges) for _, e in _valid_steps(g, edges, s))

    def _value_zone_end(self, edges: int, rows: int, exact: dict[str, int], floor: Key | None) -> Key | None:
        """Exact key of a set when one goal card asks for a route starting or ending next to a zone (Grand Central).

        Whether a walk can start with a given section is Fleury's test, so without a personal-goal stretch the
        set's value needs no walk; with one, the best stretch (`marked_span`) bounds it and walks are tried only
        until a walk with a zone end reaches that bound.
        """
        key, mask = self.zone_ends[0]
        g = self.graph
        tail = (exact["route_length"], exact["tourists_on_route"], exact["landmarks_on_route"])
        ends = bool(edges & mask) and self._ends_near(edges, edges & mask)
        met = dict(exact, **{key: int(ends)})
        marked = (self.cover(edges)[1] & self.marked).bit_count() >= 2
        if not marked:
            if ends:
                self.zone_walks.add(edges)
            return (rows + self._cards(met, met), *tail)
        if floor is not None and (rows + exact["route_length"] * self.factor + self._cards(met, met), *tail) < floor:
            return None
        span, stretches = marked_span(g, edges, self.marked, 0)
        top = rows + span * self.factor + self._cards(met, met)
        if not ends:
            self.spans[edges] = stretches
            return (top, *tail)
        goal = [g.vertices[i] for i in bits(self.marked)]
        best: Key | None = None
        for n, walk in enumerate(euler_trails(g, edges)):
            if self.deadline is not None and not n & 255 and n and time.monotonic() > self.deadline:
                self.truncated = True
                break
            points = [g.vertices[i] for i in walk]
            near = int(bool(mask >> g.edge_index[geo.section(points[0], points[1])] & 1
                            or mask >> g.edge_index[geo.section(points[-2], points[-1])] & 1))
            metrics = dict(exact, **{key: near})
            value = (rows + walk_goal_span(points, goal) * self.factor + self._cards(metrics, metrics), *tail)
            if best is None or value > best:
                best, self.walks[edges] = value, walk
            if value[0] == top:
                break  # nothing beats the best stretch with a zone end
        return best

    # --- choosing the walk -----------------------------------------------------------------------------------

    def best_walk(self, edges: int) -> list[int]:
        """Return the lexicographically smallest walk of a set that reaches the set's key."""
        g = self.graph
        if not edges:
            return [0] if g.vertices else []
        if edges in self.unsettled:  # its walks again, all of them: the smallest best walk as intersections
            self._value_by_walks(edges, *self.unsettled.pop(edges), None, settle=True)
        if edges in self.walks:
            return self.walks[edges]
        if edges in self.zone_walks:  # the smallest walk starting or ending next to the zone
            mask = self.zone_ends[0][1]
            for walk in euler_trails(g, edges):
                first = g.edge_index[geo.section(g.vertices[walk[0]], g.vertices[walk[1]])]
                last = g.edge_index[geo.section(g.vertices[walk[-2]], g.vertices[walk[-1]])]
                if mask >> first & 1 or mask >> last & 1:
                    return walk
        stretches = self.spans.get(edges)
        if stretches:
            return lex_smallest(s.walk(g) for s in sorted(stretches, key=lambda s: s.head)) or []
        return list(lexmin_trail(g, edges, min(trail_starts(g, edges))))

    def points(self, walk: list[int]) -> list[Point]:
        """Turn a walk of vertex indices into intersections (a ride's hubs dropped: the ride is one step)."""
        return walk_of([self.graph.vertices[i] for i in walk])


def _straight_lines(board, g: TrailGraph, real: int) -> list[tuple[int, ...]]:
    """The drawn sections in straight lines of two or more (each line its edge masks in order): sections that
    follow each other with no turn between them (`route.is_turn`); a walk's straight run uses one line."""
    nxt: dict[int, list[int]] = {}
    for e in bits(real):
        a, b = g.ends[e]
        for x, y in ((a, b), (b, a)):  # e walked x → y, then on along f from y
            for z, f in g.adj[y]:
                if f != e and real >> f & 1 and not is_turn(board, g.vertices[x], g.vertices[y], g.vertices[z]):
                    nxt.setdefault(e, []).append(f)
    lines, seen = [], set()
    for e in sorted(nxt):
        if e in seen or len(nxt[e]) > 1:
            continue  # start from an end of a line (one neighbour along it)
        line, prev = [e], None
        while True:
            seen.add(line[-1])
            step = [f for f in nxt.get(line[-1], []) if f != prev and f not in seen]
            if not step:
                break
            prev = line[-1]
            line.append(step[0])
        lines.append(tuple(1 << x for x in line))
    return lines


def _straight_pairs(board, g: TrailGraph, real: int) -> list[set[int]]:
    """For each vertex, the masks of two of its drawn sections that a walk passes straight through."""
    pairs: list[set[int]] = [set() for _ in g.vertices]
    for v in range(len(g.vertices)):
        near = [(w, e) for w, e in g.adj[v] if real >> e & 1]
        for i, (a, e) in enumerate(near):
            for b, f in near[i + 1:]:
                if not is_turn(board, g.vertices[a], g.vertices[v], g.vertices[b]):
                    pairs[v].add(1 << e | 1 << f)
    return pairs


def _most_turns(g: TrailGraph, straight_at: list[set[int]], edges: int, points: int) -> int:
    """The most turns a walk of sections within `edges` can make: a walk passes through a vertex at most half
    its sections there times, and not with a turn where its only two sections there go straight on."""
    most = 0
    inc = g.inc
    for v in bits(points):
        here = edges & inc[v]
        d = here.bit_count()
        if d >= 2 and not (d == 2 and here in straight_at[v]):
            most += d // 2
    return most


def _longest_run(lines: list[tuple[int, ...]], edges: int) -> int:
    """The most sections of `edges` one after another along one straight line (1 for any other section)."""
    best = 1 if edges else 0
    for line in lines:
        run = 0
        for bit in line:
            if edges & bit:
                run += 1
                if run > best:
                    best = run
            else:
                run = 0
    return best


def repaired(graph: TrailGraph, piece: int) -> int:
    """Return a trail set inside a connected piece: drop short paths between odd vertices until ≤ 2 are left.

    A quick heuristic whose only job is a good first solution for the bound.
    """
    edges = piece
    while True:
        odd = list(bits(graph.odd_mask(edges)))
        if len(odd) <= 2:
            return edges if graph.is_connected(edges) else 0
        # First each odd vertex's way to its nearest other odd vertex; only when dropping none of those keeps the
        # set connected, every pair's shortest way.
        for nearest_only in (True, False):
            paths = sorted(_odd_paths(graph, edges, odd, nearest_only))
            path = next((p for _, _, _, p in paths if graph.is_connected(edges & ~p)), None)
            if path is not None:
                edges &= ~path
                break
        else:
            return 0


def _odd_paths(graph: TrailGraph, edges: int, odd: list[int], nearest_only: bool) -> list[tuple[int, int, int, int]]:
    """Shortest ways within `edges` between odd vertices as (length, from, to, edge mask): from each one to its
    nearest other odd vertex, or between every pair."""
    found = []
    targets = sum(1 << v for v in odd)
    for i, a in enumerate(odd):
        parent = _bfs_parents(graph, edges, a, targets & ~(1 << a) if nearest_only else 0)
        for b in (odd if nearest_only else odd[i + 1:]):
            if b != a and b in parent:
                path, v = 0, b
                while v != a:
                    v, e = parent[v]
                    path |= 1 << e
                found.append((path.bit_count(), min(a, b), max(a, b), path))
    return found


def _bfs_parents(graph: TrailGraph, edges: int, source: int, stop: int = 0) -> dict[int, tuple[int, int]]:
    """Breadth-first tree within `edges`: vertex -> (previous vertex, edge); with `stop`, only until the
    first vertex of that mask is reached."""
    parent: dict[int, tuple[int, int]] = {source: (source, -1)}
    frontier = [source]
    while frontier:
        nxt = []
        for v in frontier:
            for w, e in graph.adj[v]:
                if edges >> e & 1 and w not in parent:
                    parent[w] = (v, e)
                    if stop >> w & 1:
                        return parent
                    nxt.append(w)
        frontier = nxt
    return parent


def solve(ctx: Context, sheet: Sheet, time_limit: float | None) -> tuple[RouteChoice, dict]:
    """Find the best final route; return it and search statistics (nodes, optimal sets, seconds)."""
    started = time.monotonic()
    deadline = None if time_limit is None else started + time_limit
    scorer = RouteScorer(ctx, sheet)
    scorer.deadline = deadline
    g = scorer.graph
    # First routes on foot (a ride's virtual edges alone never make a route): one per piece of the drawn sections.
    seeds = tuple(s for s in (repaired(g, p) for p in g.components(scorer.real)) if s)
    result = search_trails(g, scorer, deadline, seeds)
    proven = result.proven and not scorer.truncated
    # Out of time, one set's walk is enough: finish promptly rather than compare every tie.
    sets = sorted(result.sets) if proven else sorted(result.sets)[:1]
    if scorer.virtual:  # rides: compare the candidates as intersections, not as vertex indices (the hub)
        walk = min((scorer.best_walk(s) for s in sets), key=scorer.points, default=[])
    else:
        walk = lex_smallest(scorer.best_walk(s) for s in sets) or []
    stats = {"nodes": result.nodes, "optimal_sets": len(result.sets), "seconds": time.monotonic() - started}
    return RouteChoice(scorer.points(walk), proven), stats
