"""The tappable SVG map of Europe: the companion's own schematic drawing of the board's cities and routes.

Every route is a line of train cars in its colour between two city dots,
with its length in a badge; the two routes of a double route run side by
side. Tunnels have a dotted edge; a ferry's locomotive cars carry a diamond.
Claimed routes are covered in the owner's colour (the phone's own player's
with a halo), stations are flags at their city. On an entry page the map
carries wide invisible tap targets per route and per city; the page's script
only toggles classes and form fields, every rule stays in the engine.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from markupsafe import Markup, escape

from ...games.ticket_to_ride_europe import Board, board
from .layout import HEIGHT, WIDTH, Spot, layout

CITY_R = 9  # a city dot
CAR_GAP = 3  # between two cars of a route
DOUBLE = 6.5  # half the distance between the two lines of a double route
HIT_WIDTH = 24  # a route's invisible tap target
CITY_HIT_R = 26  # a city's invisible tap target
BADGE_R = 9
LABEL_OFFSETS = {"n": (0, -15, "middle"), "s": (0, 25, "middle"), "e": (13, 5, "start"), "w": (-13, 5, "end"),
                 "ne": (9, -11, "start"), "nw": (-9, -11, "end"), "se": (9, 21, "start"), "sw": (-9, 21, "end")}


@dataclass
class MapState:
    """What the map shows: whose routes and stations are where, and what to highlight."""

    me: str = "red"  # the colour of the player whose entry this is ("" on a table-wide map)
    mine: set[int] = field(default_factory=set)
    taken: dict[int, str] = field(default_factory=dict)  # route id -> the other owner's colour
    my_stations: set[str] = field(default_factory=set)
    other_stations: dict[str, str] = field(default_factory=dict)  # city -> the other builder's colour
    express: set[int] = field(default_factory=set)
    problems: set[str] = field(default_factory=set)  # element ids to ring in red


def city_id(city: str) -> str:
    """A city's element id: its place in the board's sorted city list (names have accents)."""
    return f"c-{sorted(board().cities).index(city)}"


@dataclass(frozen=True)
class Segment:
    """Where one route is drawn: its two ends (outside the city dots) after the double-route offset."""

    x1: float
    y1: float
    x2: float
    y2: float

    def at(self, t: float) -> tuple[float, float]:
        """The point at fraction t of the way."""
        return self.x1 + (self.x2 - self.x1) * t, self.y1 + (self.y2 - self.y1) * t

    @property
    def length(self) -> float:
        """The drawn length."""
        return math.hypot(self.x2 - self.x1, self.y2 - self.y1)


def segments(b: Board, spots: Mapping[str, Spot]) -> dict[int, Segment]:
    """Place every route: a straight line between its cities, shifted sideways when it is half of a double."""
    placed = {}
    for rid, route in b.routes.items():
        a, z = sorted((route.city_a, route.city_b))  # one direction for both halves of a double
        p, q = spots[a], spots[z]
        dx, dy = q.x - p.x, q.y - p.y
        dist = math.hypot(dx, dy)
        ux, uy = dx / dist, dy / dist
        shift = 0.0
        twin = b.twins.get(rid)
        if twin is not None:
            shift = -DOUBLE if rid < twin else DOUBLE
        nx, ny = -uy * shift, ux * shift
        trim = CITY_R + 3
        placed[rid] = Segment(p.x + ux * trim + nx, p.y + uy * trim + ny, q.x - ux * trim + nx, q.y - uy * trim + ny)
    return placed


def _num(value: float) -> str:
    """A coordinate with one decimal at most."""
    return f"{value:.1f}".rstrip("0").rstrip(".")


def _route(b: Board, rid: int, seg: Segment, state: MapState, dim: bool = False) -> str:
    """One route's cars (and the claim layer under them); `dim` fades it (not this player's)."""
    route = b.routes[rid]
    cars = route.length
    car = max(2.0, (seg.length - (cars - 1) * CAR_GAP) / cars)
    classes = ["rt", f"k-{route.colour}"]
    style = ""
    if rid in state.mine:
        classes.append("mine")
        style = f' style="--owner: var(--p-{escape(state.me)})"'
    elif rid in state.taken:
        classes.append("taken")
        style = f' style="--owner: var(--p-{escape(state.taken[rid])})"'
    if route.tunnel:
        classes.append("tunnel")
    if dim:
        classes.append("dim")
    if rid in state.express:
        classes.append("express")
    if f"r-{rid}" in state.problems:
        classes.append("flagged")
    ends = f'x1="{_num(seg.x1)}" y1="{_num(seg.y1)}" x2="{_num(seg.x2)}" y2="{_num(seg.y2)}"'
    dash = f'stroke-dasharray="{_num(car)} {CAR_GAP}"'
    parts = [f'<g class="{" ".join(classes)}" id="r-{rid}" data-route="{rid}"{style}>',
             f'<line class="rt-halo" {ends}/>',
             f'<line class="rt-tunnel" {ends}/>' if route.tunnel else "",
             f'<line class="rt-edge" {ends} {dash}/>',
             f'<line class="rt-cars" {ends} {dash}/>']
    for k in range(route.ferry_locomotives):  # a diamond on each locomotive car of a ferry
        x, y = seg.at((k * (car + CAR_GAP) + car / 2) / seg.length)
        parts.append(f'<path class="loco" d="M{_num(x)} {_num(y - 3.5)}l3.5 3.5l-3.5 3.5l-3.5-3.5z"/>')
    parts.append("</g>")
    return "".join(parts)


def badge_point(b: Board, rid: int, seg: Segment) -> tuple[float, float]:
    """Where a route's length badge sits: halfway, or for the halves of a double shifted apart along the
    route so the two badges never overlap (at least a tenth of the route, or 9 units, each way)."""
    twin = b.twins.get(rid)
    if twin is None:
        return seg.at(0.5)
    shift = max(0.1, (BADGE_R + 0.5) / seg.length)
    return seg.at(0.5 - shift if rid < twin else 0.5 + shift)


def _badge(b: Board, rid: int, seg: Segment) -> str:
    """A route's length badge, the route's tap target of choice."""
    x, y = badge_point(b, rid, seg)
    route = b.routes[rid]
    return (f'<g class="badge k-{route.colour}" id="b-{rid}" data-route="{rid}">'
            f'<circle cx="{_num(x)}" cy="{_num(y)}" r="{BADGE_R}"/>'
            f'<text x="{_num(x)}" y="{_num(y + 4)}">{route.length}</text></g>')


def _city(city: str, spot: Spot, state: MapState) -> str:
    """A city's dot, name and station flag."""
    classes = ["city"]
    style = ""
    if city in state.my_stations:
        classes.append("station mine")
        style = f' style="--owner: var(--p-{escape(state.me)})"'
    elif city in state.other_stations:
        classes.append("station taken")
        style = f' style="--owner: var(--p-{escape(state.other_stations[city])})"'
    cid = city_id(city)
    if cid in state.problems:
        classes.append("flagged")
    dx, dy, anchor = LABEL_OFFSETS[spot.label]
    x, y = _num(spot.x), _num(spot.y)
    flag = (f'<path class="flag" d="M{_num(spot.x - 7)} {_num(spot.y + 7)}v-9l7-6l7 6v9z"/>')
    return (f'<g class="{" ".join(classes)}" id="{cid}" data-city="{escape(city)}"{style}>'
            f'<circle class="dot" cx="{x}" cy="{y}" r="{CITY_R}"/>{flag}'
            f'<text class="name" x="{_num(spot.x + dx)}" y="{_num(spot.y + dy)}" text-anchor="{anchor}">'
            f"{escape(city)}</text></g>")


def view_box(spots: Mapping[str, Spot], cities: Iterable[str], pad: float = 70, least: float = 380) -> str:
    """The part of the drawing around some cities (the whole drawing when there are none)."""
    points = [spots[c] for c in cities if c in spots]
    if not points:
        return f"0 0 {WIDTH} {HEIGHT}"
    x0, x1 = min(p.x for p in points) - pad, max(p.x for p in points) + pad
    y0, y1 = min(p.y for p in points) - pad, max(p.y for p in points) + pad
    width, height = max(x1 - x0, least), max(y1 - y0, least * 0.7)
    x0 = min(max(0.0, (x0 + x1 - width) / 2), WIDTH - min(width, WIDTH))
    y0 = min(max(0.0, (y0 + y1 - height) / 2), HEIGHT - min(height, HEIGHT))
    return f"{_num(x0)} {_num(y0)} {_num(min(width, WIDTH))} {_num(min(height, HEIGHT))}"


def render_map(state: MapState, interactive: bool = True, label: str = "", map_id: str = "map",
               dim: Iterable[int] = (), focus: Iterable[str] = ()) -> Markup:
    """Return the map as inline SVG; `interactive` adds the tap targets of an entry page; `focus` crops the
    drawing to the part around those cities."""
    b, spots = board(), layout()
    placed = segments(b, spots)
    dimmed = set(dim)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="ttr-map{" interactive" if interactive else ""}" '
           f'id="{escape(map_id)}" viewBox="{view_box(spots, focus)}" role="img" aria-label="{escape(label)}" '
           f'data-mode="routes" style="--me: var(--p-{escape(state.me or "none")})">',
           f'<rect class="sea" x="0" y="0" width="{WIDTH}" height="{HEIGHT}" rx="18"/>',
           '<g class="routes">']
    out += [_route(b, rid, placed[rid], state, rid in dimmed) for rid in sorted(placed)]
    out.append('</g><g class="cities">')
    out += [_city(city, spots[city], state) for city in sorted(spots)]
    out.append("</g>")
    if interactive:
        out.append('<g class="hits hits-routes">')
        for rid in sorted(placed):
            s = placed[rid]
            out.append(f'<line class="hit" data-route="{rid}" x1="{_num(s.x1)}" y1="{_num(s.y1)}" '
                       f'x2="{_num(s.x2)}" y2="{_num(s.y2)}" stroke-width="{HIT_WIDTH}"/>')
        out.append('</g>')
    out.append('<g class="badges">')
    out += [_badge(b, rid, placed[rid]) for rid in sorted(placed)]
    out.append("</g>")
    if interactive:
        out.append('<g class="hits hits-cities">')
        out += [f'<circle class="hit" data-city="{escape(city)}" cx="{_num(spots[city].x)}" '
                f'cy="{_num(spots[city].y)}" r="{CITY_HIT_R}"/>' for city in sorted(spots)]
        out.append("</g>")
    out.append("</svg>")
    return Markup("".join(out))
