"""The tappable SVG of a player's tile, generated from the tile data (never an image).

Every road, district, cafe and intersection has a stable id (`s-1-0-2-0`,
`d-2-3`, `c-4-2`, `p-4-1`) so the page script, the problem highlights and
the tests address the same elements. Hit areas live in their own layers on
top and CSS enables only the current tool's layer, so a tap never hits the
wrong kind of thing. Road hit areas are diamonds that tile the map (a cell
wide, about 50 px on a 390 px phone); the curved corner roads get the whole
rounded corner. The outer corners are drawn rounded: one curved section.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from markupsafe import Markup, escape

from ...games.explore_new_york.tile import (
    COLOURS,
    CORNER_ROADS,
    LOCATIONS,
    POINTS,
    ROADS,
    SIZE,
    Location,
    Point,
    Section,
    Tile,
)
from ..core.gridmap import section_id

CELL = 56
LEFT = TOP = 28  # room for the printed coordinates
RIGHT = BOTTOM = 12
ROUND = 0.62 * CELL  # radius of the rounded outer corners
WIDTH = LEFT + SIZE * CELL + RIGHT
HEIGHT = TOP + SIZE * CELL + BOTTOM
# Tourist slots: offsets from the district centre, so counts never overlap; the kind glyph takes the fourth.
SLOTS = {"red": (-13, -13), "green": (13, -13), "blue": (-13, 13)}
KIND_GLYPH = {"yellow": "☺", "grey": "★"}


@dataclass
class MapState:
    """What to show: drawn sections, the route, tourists, circled cafes, what the route erases, highlights."""

    drawn: set[Section] = field(default_factory=set)
    route: list[Point] = field(default_factory=list)
    tourists: dict[Location, dict[str, int]] = field(default_factory=dict)
    circled: set[Point] = field(default_factory=set)
    erased: set[Section] = field(default_factory=set)
    struck: set[Location] = field(default_factory=set)
    problems: set[str] = field(default_factory=set)
    matches: set[Location] = field(default_factory=set)  # districts the round's cards allow (the referee)
    doubts: set[str] = field(default_factory=set)  # element ids a photo reading was unsure of (the player checks)


def xy(p: Point) -> tuple[float, float]:
    """SVG coordinates of an intersection."""
    return (LEFT + p[0] * CELL, TOP + p[1] * CELL)


def district_id(loc: Location) -> str:
    """Element id of a district."""
    return f"d-{loc[0]}-{loc[1]}"


def point_id(p: Point, kind: str = "p") -> str:
    """Element id of an intersection (`p`) or a cafe (`c`)."""
    return f"{kind}-{p[0]}-{p[1]}"


def _corner_of(loc: Location) -> Point | None:
    """The rounded tile corner of a corner district, if it is one."""
    return next((corner for corner, district in CORNER_ROADS.values() if district == loc), None)


def road_path(sec: Section) -> str:
    """SVG path data of a road: a straight line, or the rounded corner for a curved road."""
    a, b = sec
    (ax, ay), (bx, by) = xy(a), xy(b)
    if sec not in CORNER_ROADS:
        return f"M{ax},{ay} L{bx},{by}"
    corner = CORNER_ROADS[sec][0]
    cx, cy = xy(corner)
    # From a, along its side toward the corner, round the corner, and on to b.
    sx = cx + (ROUND if ax > cx else -ROUND) if ay == cy else cx
    sy = cy + (ROUND if ay > cy else -ROUND) if ax == cx else cy
    ex = cx + (ROUND if bx > cx else -ROUND) if by == cy else cx
    ey = cy + (ROUND if by > cy else -ROUND) if bx == cx else cy
    sweep = _sweep((sx, sy), (cx, cy), (ex, ey))
    return f"M{ax},{ay} L{sx},{sy} A{ROUND},{ROUND} 0 0 {sweep} {ex},{ey} L{bx},{by}"


def _sweep(start: tuple[float, float], corner: tuple[float, float], end: tuple[float, float]) -> int:
    """The SVG arc sweep flag that bends the corner's way (toward the inside of the tile)."""
    v1 = (corner[0] - start[0], corner[1] - start[1])
    v2 = (end[0] - corner[0], end[1] - corner[1])
    return 1 if v1[0] * v2[1] - v1[1] * v2[0] > 0 else 0


def district_path(loc: Location) -> str:
    """SVG path data of a district's area (a corner district has its outer corner rounded)."""
    c, r = loc
    x0, y0 = xy((c - 1, r - 1))
    x1, y1 = xy((c, r))
    corner = _corner_of(loc)
    if corner is None:
        return f"M{x0},{y0} H{x1} V{y1} H{x0} Z"
    sec = next(s for s, (_, d) in CORNER_ROADS.items() if d == loc)
    inner = next(p for p in ((c - 1, r - 1), (c, r - 1), (c, r), (c - 1, r)) if p not in sec and p != corner)
    ix, iy = xy(inner)
    return road_path(sec) + f" L{ix},{iy} Z"


def _hit_polygon(sec: Section) -> str:
    """Points of a road's hit area: a diamond between the two district centres, or the whole rounded corner."""
    a, b = sec
    (ax, ay), (bx, by) = xy(a), xy(b)
    if sec in CORNER_ROADS:
        corner, district = CORNER_ROADS[sec]
        cx, cy = xy(corner)
        mx, my = xy((district[0] - 0.5, district[1] - 0.5))
        return f"{ax},{ay} {cx},{cy} {bx},{by} {mx},{my}"
    mx, my = (ax + bx) / 2, (ay + by) / 2
    if ay == by:
        top, bottom = max(TOP, my - CELL / 2), min(TOP + SIZE * CELL, my + CELL / 2)
        return f"{ax},{ay} {mx},{top} {bx},{by} {mx},{bottom}"
    left, right = max(LEFT, mx - CELL / 2), min(LEFT + SIZE * CELL, mx + CELL / 2)
    return f"{ax},{ay} {left},{my} {bx},{by} {right},{my}"


def tourist_shape(colour: str, cx: float, cy: float, r: float = 9.5) -> str:
    """The tourist symbol of a colour: ○ red, □ green, △ blue."""
    if colour == "red":
        return f'<circle class="tourist red" cx="{cx}" cy="{cy}" r="{r}"/>'
    if colour == "green":
        return f'<rect class="tourist green" x="{cx - r}" y="{cy - r}" width="{2 * r}" height="{2 * r}"/>'
    return (f'<polygon class="tourist blue" points="{cx},{cy - r - 1.5} {cx + r + 1.5},{cy + r} '
            f'{cx - r - 1.5},{cy + r}"/>')


def _svg_open(label: str, map_id: str, interactive: bool) -> list[str]:
    """The opening of the SVG element."""
    role = "group" if interactive else "img"
    return [f'<svg xmlns="http://www.w3.org/2000/svg" class="eny-map" id="{escape(map_id)}" '
            f'viewBox="0 0 {WIDTH} {HEIGHT}" role="{role}" aria-label="{escape(label)}">']


def _districts(tile: Tile, state: MapState, names: dict[str, str]) -> list[str]:
    """District areas (coloured by kind), their glyphs and their tourist counts."""
    out = ['<g class="districts">']
    for loc in LOCATIONS:
        kind = tile.kind(loc)
        classes = f"district k-{kind}" + (" struck" if loc in state.struck else "")
        classes += " problem" if district_id(loc) in state.problems else ""
        classes += " match" if loc in state.matches else ""
        classes += " doubt" if district_id(loc) in state.doubts else ""
        x, y = xy((loc[0] - 0.5, loc[1] - 0.5))
        out.append(f'<path id="{district_id(loc)}" class="{classes}" d="{district_path(loc)}">'
                   f'<title>{escape(names.get(kind, kind))}</title></path>')
        if kind in KIND_GLYPH:
            out.append(f'<text class="glyph k-{kind}" x="{x + 14}" y="{y + 19}">{KIND_GLYPH[kind]}</text>')
        counts = state.tourists.get(loc, {})
        for colour in COLOURS:
            dx, dy = SLOTS[colour]
            n = counts.get(colour, 0)
            hidden = "" if n else " empty"
            shape = tourist_shape(colour, x + dx, y + dy)
            out.append(f'<g class="slot{hidden}" id="t-{loc[0]}-{loc[1]}-{colour}">{shape}'
                       f'<text class="count" x="{x + dx}" y="{y + dy + 4.5}">{n}</text></g>')
    out.append("</g>")
    return out


def _roads(state: MapState) -> list[str]:
    """Every road: dotted when free, solid when drawn, marked when on the route or to be erased."""
    route = {tuple(sorted(p)) for p in zip(state.route, state.route[1:], strict=False)}
    out = ['<g class="roads">']
    for sec in ROADS:
        classes = ["road"]
        if sec in state.drawn:
            classes.append("drawn")
        if sec in route:
            classes.append("route")
        if sec in state.erased:
            classes.append("erased")
        if section_id(sec) in state.problems:
            classes.append("problem")
        if section_id(sec) in state.doubts:
            classes.append("doubt")
        out.append(f'<path id="{section_id(sec)}" class="{" ".join(classes)}" d="{road_path(sec)}"/>')
    out.append("</g>")
    return out


def _cafes(tile: Tile, state: MapState) -> list[str]:
    """Cafe cups on their intersections with their tourist symbols; a ring when circled."""
    out = ['<g class="cafes">']
    for cafe in tile.cafes:
        x, y = xy(cafe.at)
        classes = "cafe" + (" circled" if cafe.at in state.circled else "")
        classes += " problem" if point_id(cafe.at, "c") in state.problems else ""
        classes += " doubt" if point_id(cafe.at, "c") in state.doubts else ""
        symbols = [colour for colour, n in cafe.tourists for _ in range(n)]
        out.append(f'<g id="{point_id(cafe.at, "c")}" class="{classes}">'
                   f'<circle class="ring" cx="{x}" cy="{y}" r="14"/><circle class="cup" cx="{x}" cy="{y}" r="10"/>')
        for i, colour in enumerate(symbols):
            off = (i - (len(symbols) - 1) / 2) * 8
            out.append(tourist_shape(colour, x + off, y, 3.4))
        out.append("</g>")
    out.append("</g>")
    return out


def _labels(tile: Tile) -> list[str]:
    """The printed coordinates: X along the top, Y down the left side."""
    out = ['<g class="coords">']
    for k in range(SIZE):
        x, _ = xy((k + 0.5, 0))
        _, y = xy((0, k + 0.5))
        out.append(f'<text x="{x}" y="{TOP - 9}">{tile.columns[k]}</text>')
        out.append(f'<text x="{LEFT - 11}" y="{y + 5}">{tile.rows[k]}</text>')
    out.append("</g>")
    return out


def _hits(tile: Tile) -> list[str]:
    """The tap targets, one layer per tool."""
    out = ['<g class="hit hit-roads">']
    for sec in ROADS:
        (ax, ay), (bx, by) = sec
        out.append(f'<polygon class="hit-road" data-id="{section_id(sec)}" data-a="{ax},{ay}" data-b="{bx},{by}" '
                   f'points="{_hit_polygon(sec)}"/>')
    out.append('</g><g class="hit hit-districts">')
    for loc in LOCATIONS:
        x0, y0 = xy((loc[0] - 1, loc[1] - 1))
        printed = tile.printed(loc)
        out.append(f'<rect class="hit-district" data-id="{district_id(loc)}" data-at="{loc[0]},{loc[1]}" '
                   f'data-printed="{printed[0]},{printed[1]}" x="{x0}" y="{y0}" width="{CELL}" height="{CELL}"/>')
    out.append('</g><g class="hit hit-cafes">')
    for cafe in tile.cafes:
        x, y = xy(cafe.at)
        out.append(f'<circle class="hit-cafe" data-id="{point_id(cafe.at, "c")}" data-at="{cafe.at[0]},{cafe.at[1]}" '
                   f'cx="{x}" cy="{y}" r="24"/>')
    out.append('</g><g class="hit hit-points">')
    for p in POINTS:
        x, y = xy(p)
        out.append(f'<circle class="hit-point" id="{point_id(p)}" data-at="{p[0]},{p[1]}" cx="{x}" cy="{y}" r="22"/>')
    out.append("</g>")
    return out


def render_map(tile: Tile, state: MapState, label: str, names: dict[str, str] | None = None,
               interactive: bool = True, map_id: str = "eny-map") -> Markup:
    """The SVG of a tile with a player's markings (tap layers only when interactive)."""
    parts = _svg_open(label, map_id, interactive)
    parts += _districts(tile, state, names or {})
    parts += _roads(state)
    parts += _cafes(tile, state)
    parts += _labels(tile)
    if state.route:
        x, y = xy(state.route[0])
        parts.append(f'<circle class="route-start" cx="{x}" cy="{y}" r="6"/>')
    if interactive:
        parts += _hits(tile)
    parts.append("</svg>")
    return Markup("".join(parts))


__all__ = ["CELL", "HEIGHT", "WIDTH", "MapState", "district_id", "district_path", "point_id", "render_map",
           "road_path", "section_id", "tourist_shape", "xy"]
