"""The tappable SVG city map, generated from the board data (not an image).

Every road, location, cafe and intersection gets a stable id (`s-0-0-1-0`,
`l-2-3`, `c-0-2`, `p-4-1`) so the page script, the problem highlights and the
browser tests all address the same elements. Hit areas live in their own
layers on top; CSS enables only the layer of the current tool, so a tap never
hits the wrong kind of thing. Grid roads get diamond hit areas that tile the
map without overlapping (one cell wide, about 50 px on a 360 px phone), so
each road is a ≥ 44 px target.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from markupsafe import Markup, escape

from ....games.enroute.board import COLOURS, Board, PlayerBoard
from ....games.enroute.geometry import Location, Point, Section
from ...core.gridmap import section_id
from ...core.i18n import data_name
from .. import cities
from ..labels import label as run_label
from . import svgfeatures as sf

cities.load()  # each city folder registers its drawers, map views and marks

CELL = 60
LEFT = TOP = 34  # room for the printed coordinates
RIGHT = BOTTOM = 16
# Tourist slots per colour: offsets from the cell centre (quadrants), so counts never overlap.
SLOTS = {"red": (-15, -15), "green": (15, -15), "blue": (-15, 15), "purple": (15, 15)}


@dataclass
class MapState:
    """What to show on a map: drawn sections, route, tourists, cafes, goal points and highlights."""

    drawn: set[Section] = field(default_factory=set)
    route: list[Point] = field(default_factory=list)
    tourists: dict[Location, dict[str, int]] = field(default_factory=dict)
    cafes: dict[Point, str] = field(default_factory=dict)
    goal: list[Point] = field(default_factory=list)
    struck: set[Location] = field(default_factory=set)  # tourists erased at game end
    erased: set[Section] = field(default_factory=set)  # drawn sections left off the final route
    problems: set[str] = field(default_factory=set)  # element ids to highlight
    crossed: set[Location] = field(default_factory=set)  # Cairo's × locations
    remote: dict[str, dict[str, int]] = field(default_factory=dict)  # remote tourist spaces: id -> counts
    remote_struck: set[str] = field(default_factory=set)  # remote spaces erased at game end (meeting point off)
    colours: dict[Section, str] = field(default_factory=dict)  # Paris: each drawn section's colour


def xy(point: Point) -> tuple[float, float]:
    """Return the SVG coordinates of an intersection."""
    return (LEFT + point[0] * CELL, TOP + point[1] * CELL)


def location_id(loc: Location) -> str:
    """Return the element id of a location."""
    return f"l-{loc[0]}-{loc[1]}"


KIND_GLYPHS = {"red": "●", "green": "■", "blue": "▲", "purple": "⬟"}


def point_id(point: Point, kind: str = "p") -> str:
    """Return the element id of an intersection (`p`) or of a cafe (`c`)."""
    return f"{kind}-{point[0]}-{point[1]}"


def _shape(colour: str, cx: float, cy: float, r: float = 13) -> str:
    """Return the tourist shape of a colour: circle, square, triangle or pentagon."""
    if colour == "red":
        return f'<circle cx="{cx}" cy="{cy}" r="{r}"/>'
    if colour == "green":
        return f'<rect x="{cx - r + 1}" y="{cy - r + 1}" width="{2 * r - 2}" height="{2 * r - 2}"/>'
    if colour == "blue":
        return (f'<polygon points="{cx},{cy - r - 1} {cx + r + 1},{cy + r - 1} {cx - r - 1},{cy + r - 1}"/>')
    pts = []  # purple pentagon
    for k in range(5):
        a = -math.pi / 2 + k * 2 * math.pi / 5
        pts.append(f"{cx + (r + 1) * math.cos(a):.1f},{cy + (r + 1) * math.sin(a):.1f}")
    return f'<polygon points="{" ".join(pts)}"/>'


def _cls(*names: str) -> str:
    """Join the non-empty class names."""
    return " ".join(n for n in names if n)


def render_map(board: Board, player_board: PlayerBoard | None, state: MapState, *, interactive: bool = True,
               label: str = "", colours: tuple[str, ...] = COLOURS, map_id: str = "map") -> Markup:
    """Return the SVG of a board with a player's markings; hit layers only when interactive."""
    width = LEFT + board.cols * CELL + RIGHT
    height = TOP + board.rows * CELL + BOTTOM
    route_secs = {tuple(sorted(pair)) for pair in zip(state.route, state.route[1:])}
    x0, y0, x1, y1 = sf.extents(board)
    x0, y0 = min(0, x0 - 4), min(0, y0 - 4)
    width, height = max(width, x1 + 4) - x0, max(height, y1 + 4) - y0
    halves = cities.view_attributes(board, x0, y0, width, height)  # e.g. each half's view of a double map
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" id="{map_id}" class="map" viewBox="{x0} {y0} {width} {height}" '
           f'role="img" aria-label="{escape(label or data_name(board.name))}" data-mode="roads"{halves}>']
    out.append('<g class="coords" aria-hidden="true">')
    cols = player_board.columns if player_board else tuple(range(1, board.cols + 1))
    rows = player_board.rows if player_board else tuple(range(1, board.rows + 1))
    for c in range(board.cols):
        out.append(f'<text class="coord col" data-index="{c}" x="{LEFT + (c + .5) * CELL}" y="{TOP - 10}">'
                   f'{cols[c]}</text>')
    for r in range(board.rows):
        out.append(f'<text class="coord row" data-index="{r}" x="{LEFT - 16}" y="{TOP + (r + .5) * CELL + 6}">'
                   f'{rows[r]}</text>')
    ctx = sf.Ctx(board, state.remote, state.problems, state.remote_struck)
    if board.features or any(road.tags for road in board.roads.values()):
        out.append(f"<style>{sf.STYLE}{cities.style()}</style>")
    out.append("</g><g class=\"cells\">")
    for loc in board.locations():
        x, y = xy((loc[0] - 1, loc[1] - 1))
        marks = board.landmarks_at(loc)
        kind = marks[0].kind if marks else ""
        title = ", ".join(data_name(lm.name) for lm in marks)
        classes = _cls("cell", kind and "k-" + kind, location_id(loc) in state.problems and "problem")
        out.append(f'<rect id="{location_id(loc)}" class="{classes}" '
                   f'x="{x + 3}" y="{y + 3}" width="{CELL - 6}" height="{CELL - 6}" rx="6">'
                   + (f"<title>{escape(title)}</title>" if title else "") + "</rect>")
        for lm in marks[:1]:
            # Colour is never the only cue: specialised landmarks carry their tourists' shape.
            glyph = KIND_GLYPHS.get(lm.kind)
            if glyph:
                # The centre: tourist marks take the four quadrants.
                out.append(f'<text class="lm-kind" x="{x + CELL / 2}" y="{y + CELL / 2 + 5}">{glyph}</text>')
            text = str(lm.pp) if lm.kind == "yellow" else ("★" if lm.kind == "grey" else "")
            if text:
                out.append(f'<text class="lm-label" x="{x + CELL / 2}" y="{y + CELL / 2 + 5}">{text}</text>')
    out.append('</g><g class="features-under">')
    out.extend(sf.layer(board, ctx, "under"))
    out.append('</g><g class="roads">')
    extra = sf.road_classes(board)
    for sec in board.roads:
        (ax, ay), (bx, by) = xy(sec[0]), xy(sec[1])
        arc = sf.corner_arc(board, sec)
        classes = _cls("sec", extra.get(sec, ""), arc and "corner", sec in state.drawn and "drawn",
                       sec in route_secs and "route", sec in state.erased and "erased",
                       section_id(sec) in state.problems and "problem",
                       sec in state.colours and f"pc-{state.colours[sec]}")
        out.append(f'<line id="{section_id(sec)}" class="{classes}" x1="{ax}" y1="{ay}" x2="{bx}" y2="{by}"/>')
        if arc:  # drawn right after its road: the road's classes style the arc (CSS `line + path`)
            out.append(f'<path class="arc" d="{arc}"/>')
    for ghost in sorted(state.problems):
        # A drawn "section" that is no road of the map still gets a line, so its problem shows.
        parts = ghost.split("-")
        if parts[0] == "s" and len(parts) == 5 and all(v.isdigit() for v in parts[1:]):
            x1, y1, x2, y2 = map(int, parts[1:])
            sec = ((x1, y1), (x2, y2))
            if not board.is_road(sec) and all(board.on_map(p) for p in sec):
                (ax, ay), (bx, by) = xy(sec[0]), xy(sec[1])
                out.append(f'<line id="{ghost}" class="sec ghost problem" x1="{ax}" y1="{ay}" x2="{bx}" y2="{by}"/>')
    out.append('</g><g class="features-over">')
    out.extend(sf.layer(board, ctx, "over"))
    out.extend(cities.marks(board))
    out.append('</g><g class="rides">')
    for a, b in zip(state.route, state.route[1:]):
        if a != b and not board.is_road(tuple(sorted((a, b)))):  # a vehicle ride joins two segments
            (ax, ay), (bx, by) = xy(a), xy(b)
            out.append(f'<line class="ride" x1="{ax}" y1="{ay}" x2="{bx}" y2="{by}"/>')
    out.append('</g><g class="marks">')
    if board.visit_them_all:
        vta = escape(data_name(board.visit_them_all.name))
        for p in board.visit_them_all.at:
            px, py = xy(p)
            out.append(f'<circle class="vta" cx="{px}" cy="{py}" r="7"><title>{vta}</title></circle>')
    ends = {state.route[0], state.route[-1]} if len(state.route) > 1 else set()
    for x in range(board.cols + 1):
        for y in range(board.rows + 1):
            p = (x, y)
            px, py = xy(p)
            classes = _cls("goal", p in state.goal and "on", p in ends and "route-end",
                           point_id(p) in state.problems and "problem")
            out.append(f'<circle id="{point_id(p)}" class="{classes}" cx="{px}" cy="{py}" r="13"/>')
    for cafe in board.cafes:
        px, py = xy(cafe.at)
        st = state.cafes.get(cafe.at)
        classes = _cls("cafe", st and "circled", st == "used" and "used",
                       point_id(cafe.at, "c") in state.problems and "problem")
        bonus = escape(run_label(f"bonus_{cafe.bonus}", cafe.bonus))
        out.append(f'<g id="{point_id(cafe.at, "c")}" class="{classes}" transform="translate({px},{py})">'
                   f'<title>{bonus}</title><circle class="cup-bg" r="12"/>'
                   '<path class="cup" d="M-6,-4 h10 v6 a5,5 0 0 1 -10,0 z M4,-2 a3,3 0 0 1 0,6"/>'
                   '<circle class="ring" r="15"/><line class="strike" x1="-15" y1="13" x2="15" y2="-13"/></g>')
    out.append('</g><g class="tourists">')
    for loc in board.locations():
        cx, cy = xy((loc[0] - 1, loc[1] - 1))
        cx, cy = cx + CELL / 2, cy + CELL / 2
        counts = state.tourists.get(loc, {})
        out.append(f'<g class="{_cls("tg", loc in state.struck and "struck")}" data-loc="{loc[0]},{loc[1]}">')
        for colour in colours:
            dx, dy = SLOTS[colour]
            n = counts.get(colour, 0)
            out.append(f'<g class="{_cls("tt", "tt-" + colour, not n and "zero")}" data-colour="{colour}">'
                       f'{_shape(colour, cx + dx, cy + dy)}'
                       f'<text x="{cx + dx}" y="{cy + dy + (9 if colour == "blue" else 6)}">{n}</text></g>')
        out.append(f'<line class="strike" x1="{cx - 24}" y1="{cy + 24}" x2="{cx + 24}" y2="{cy - 24}"/></g>')
    out.append("</g>")
    if "crossed" in sf.tools(board) or state.crossed:
        out.append('<g class="crossed">')
        for loc in board.locations():
            cx, cy = sf.cell_centre(loc)
            classes = _cls("xloc", loc in state.crossed and "on",
                           f"x-{loc[0]}-{loc[1]}" in state.problems and "problem")
            out.append(f'<path id="x-{loc[0]}-{loc[1]}" class="{classes}" data-loc="{loc[0]},{loc[1]}" '
                       f'd="M{cx - 20},{cy - 20} L{cx + 20},{cy + 20} M{cx + 20},{cy - 20} L{cx - 20},{cy + 20}"/>')
        out.append("</g>")
    if interactive:
        out.extend(_hit_layers(board))
    out.append("</svg>")
    return Markup("".join(out))


def _hit_layers(board: Board) -> list[str]:
    """Return the invisible tap targets: roads, locations, cafes and intersections."""
    out = ['<g class="hits hits-roads">']
    for sec in board.roads:
        (ax, ay), (bx, by) = xy(sec[0]), xy(sec[1])
        mx, my = (ax + bx) / 2, (ay + by) / 2
        # Half a cell to either side of the road: the diamonds of neighbouring roads only touch. A diagonal
        # road gets a slim diamond, so it never covers the middle of its location's side roads.
        f = 0.2 if "diagonal" in board.roads[sec].tags else 0.5
        nx, ny = -(by - ay) * f, (bx - ax) * f
        key = f"{sec[0][0]},{sec[0][1]},{sec[1][0]},{sec[1][1]}"
        out.append(f'<polygon class="hit" data-sec="{key}" points="{ax},{ay} {mx + nx},{my + ny} {bx},{by} '
                   f'{mx - nx},{my - ny}"/>')
    out.append('</g><g class="hits hits-locs">')
    for loc in board.locations():
        x, y = xy((loc[0] - 1, loc[1] - 1))
        out.append(f'<rect class="hit" data-loc="{loc[0]},{loc[1]}" x="{x}" y="{y}" width="{CELL}" height="{CELL}"/>')
    out.append('</g><g class="hits hits-cafes">')
    for cafe in board.cafes:
        px, py = xy(cafe.at)
        out.append(f'<circle class="hit" data-pt="{cafe.at[0]},{cafe.at[1]}" cx="{px}" cy="{py}" r="{CELL * .45}"/>')
    out.append('</g><g class="hits hits-pts">')
    for x in range(board.cols + 1):
        for y in range(board.rows + 1):
            px, py = xy((x, y))
            out.append(f'<circle class="hit" data-pt="{x},{y}" cx="{px}" cy="{py}" r="{CELL * .45}"/>')
    out.append('</g><g class="hits hits-ride">')
    ctx = sf.Ctx(board)
    hits = sf.layer(board, ctx, "hits")
    out.extend(h for h in hits if "data-ride" in h)
    out.append('</g><g class="hits hits-remote">')
    out.extend(h for h in hits if "data-remote" in h)
    out.append('</g><g class="hits hits-crossed">')
    if "crossed" in sf.tools(board):
        for loc in board.locations():
            x, y = xy((loc[0] - 1, loc[1] - 1))
            out.append(f'<rect class="hit" data-xloc="{loc[0]},{loc[1]}" x="{x}" y="{y}" width="{CELL}" '
                       f'height="{CELL}"/>')
    out.append("</g>")
    return out
