"""The tap map's drawings of `enroute-board/2` map features, one drawing per engine feature type.

`DRAWERS` is keyed by the engine's feature type names (`features.FEATURE_TYPES`):
each entry draws a feature below the roads (water, coloured streets, zones),
above them (bridges, stations, meeting points, remote-space boxes), adds
classes to the roads it marks (a harbour crossing, a tram), gives tap targets
of its own (ride stops, remote spaces), names the sheet tools it needs and its
legend symbol. `svgmap.render_map` only walks the board's features through
this registry; a new feature type adds an entry here, never an `if city`.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

from markupsafe import escape

from ....games.enroute.board import Board
from ....games.enroute.features import FEATURE_TYPES, Feature
from ....games.enroute.geometry import Location, Point, Section
from ...core.i18n import _, data_name

CELL = 60
LEFT = TOP = 34
SLOTS = {"red": (-15, -15), "green": (15, -15), "blue": (-15, 15), "purple": (15, 15)}
REMOTE_GLYPHS = {"triangle": "▲", "palm": "♣", "column": "▮"}  # Cairo's card symbols; any other: its first letter
KIND_GLYPHS = {"red": "●", "green": "■", "blue": "▲", "purple": "⬟", "grey": "★", "yellow": "◆"}


def xy(point: Point) -> tuple[float, float]:
    """Return the SVG coordinates of an intersection."""
    return (LEFT + point[0] * CELL, TOP + point[1] * CELL)


def cell_centre(loc: Location) -> tuple[float, float]:
    """Return the SVG coordinates of a location's centre."""
    x, y = xy((loc[0] - 1, loc[1] - 1))
    return x + CELL / 2, y + CELL / 2


@dataclass
class Ctx:
    """What a drawing may need besides its feature: the board and the sheet's city marks."""

    board: Board
    remote: dict[str, dict[str, int]] = field(default_factory=dict)
    problems: set[str] = field(default_factory=set)
    struck: set[str] = field(default_factory=set)  # remote spaces whose tourists are erased (score page)


Draw = Callable[[Feature, Ctx], list[str]]


def _none(_feature: Feature, _ctx: Ctx) -> list[str]:
    """Draw nothing."""
    return []


@dataclass(frozen=True)
class Drawer:
    """How the tap map shows one feature type."""

    under: Draw = _none  # below the roads
    over: Draw = _none  # above the roads and intersections
    road_class: str = ""  # a class added to each road of the feature
    hits: Draw = _none  # tap targets of its own (ride stops, remote spaces)
    tools: tuple[str, ...] = ()  # sheet tools the feature needs: "ride", "remote", "crossed"
    symbol: str = ""  # the legend's small drawing (SVG content in a 28×28 box)


DRAWERS: dict[str, Drawer] = {}


def register(type_name: str, drawer: Drawer) -> None:
    """Add the drawing of an engine feature type."""
    DRAWERS[type_name] = drawer


def feature_id(feature: Feature) -> str:
    """Return the element id of a feature's drawing."""
    return f"f-{feature.id}"


def _title(feature: Feature) -> str:
    """Return an SVG title naming the feature (its name, else its id)."""
    return f"<title>{escape(data_name(feature.name) or feature.id)}</title>"


# ---- river and banks --------------------------------------------------------------------------------------

def _river_under(feature: Feature, ctx: Ctx) -> list[str]:
    """The water between the banks as a tinted band, and each water line (a removed road) as waves."""
    doc = feature.to_json()
    out = [f'<g id="{feature_id(feature)}" class="ft-river">{_title(feature)}']
    banks = list(doc.get("banks", {}).values()) if isinstance(doc.get("banks"), dict) else []
    if len(banks) == 2 and all(isinstance(b, list) and b for b in banks):
        pts = [xy(tuple(p)) for p in banks[0]] + [xy(tuple(p)) for p in reversed(banks[1])]
        out.append('<polygon class="water" points="' + " ".join(f"{x},{y}" for x, y in pts) + '"/>')
    for a, b in doc.get("water", []):
        (ax, ay), (bx, by) = xy(tuple(a)), xy(tuple(b))
        out.append(f'<line class="waterline" x1="{ax}" y1="{ay}" x2="{bx}" y2="{by}"/>')
    out.append("</g>")
    return out


def _river_over(feature: Feature, ctx: Ctx) -> list[str]:
    """Each bank's intersections get a small tick of their bank (the felucca rides between them)."""
    out = [f'<g class="ft-banks" data-river="{escape(feature.id)}">']
    for i, (bank, points) in enumerate(feature.param("banks", ())):
        for p in points:
            px, py = xy(p)
            out.append(f'<circle class="bank bank-{i % 2}" data-bank="{escape(bank)}" cx="{px}" cy="{py}" r="4"/>')
    out.append("</g>")
    return out


def _bank_hits(feature: Feature, ctx: Ctx) -> list[str]:
    """Ride taps on the bank intersections of a vehicle by banks (drawn once per river)."""
    if not any(v.param("by") == "banks" and v.param("river") == feature.id for v in ctx.board.features_of("vehicle")):
        return []
    seen: set[Point] = set()
    out = []
    for _bank, points in feature.param("banks", ()):
        for p in points:
            if p in seen:
                continue
            seen.add(p)
            px, py = xy(p)
            out.append(f'<circle class="hit" data-ride="{p[0]},{p[1]}" cx="{px}" cy="{py}" r="{CELL * .45}"/>')
    return out


register("river", Drawer(under=_river_under, over=_river_over, hits=_bank_hits,
                         symbol='<rect class="water" x="2" y="8" width="24" height="12"/>'
                                '<line class="waterline" x1="2" y1="14" x2="26" y2="14"/>'))


# ---- bridges ----------------------------------------------------------------------------------------------

def _bridge_over(feature: Feature, ctx: Ctx) -> list[str]:
    """Two railings along the bridge's road, and its PP in a badge when it scores."""
    (a, b) = feature.sections[0]
    (ax, ay), (bx, by) = xy(a), xy(b)
    length = math.hypot(bx - ax, by - ay) or 1
    nx, ny = -(by - ay) / length * 8, (bx - ax) / length * 8
    sx, sy = (bx - ax) * .2, (by - ay) * .2
    out = [f'<g id="{feature_id(feature)}" class="ft-bridge">{_title(feature)}']
    for k in (1, -1):
        out.append(f'<line class="rail" x1="{ax + sx + k * nx:.1f}" y1="{ay + sy + k * ny:.1f}" '
                   f'x2="{bx - sx + k * nx:.1f}" y2="{by - sy + k * ny:.1f}"/>')
    pp = feature.param("pp") or 0
    if pp:
        mx, my = (ax + bx) / 2 + nx * 1.9, (ay + by) / 2 + ny * 1.9
        out.append(f'<circle class="badge" cx="{mx:.1f}" cy="{my:.1f}" r="10"/>'
                   f'<text class="badge-text" x="{mx:.1f}" y="{my + 5:.1f}">{pp}</text>')
    out.append("</g>")
    return out


register("bridge", Drawer(over=_bridge_over, road_class="bridge",
                          symbol='<line class="rail" x1="4" y1="9" x2="24" y2="9"/>'
                                 '<line class="rail" x1="4" y1="19" x2="24" y2="19"/>'))


# ---- vehicles and stations --------------------------------------------------------------------------------

register("vehicle", Drawer(tools=("ride",), symbol='<line class="ride" x1="3" y1="22" x2="25" y2="6"/>'))


def _station_over(feature: Feature, ctx: Ctx) -> list[str]:
    """A station: a square box with the subway bar on its intersection."""
    px, py = xy(feature.points[0])
    return [f'<g id="{feature_id(feature)}" class="ft-station" transform="translate({px},{py})">{_title(feature)}'
            '<rect class="box" x="-10" y="-10" width="20" height="20" rx="3"/>'
            '<line class="bar" x1="-10" y1="0" x2="10" y2="0"/></g>']


def _station_hits(feature: Feature, ctx: Ctx) -> list[str]:
    """A ride tap on the station."""
    p = feature.points[0]
    px, py = xy(p)
    return [f'<circle class="hit" data-ride="{p[0]},{p[1]}" cx="{px}" cy="{py}" r="{CELL * .45}"/>']


register("station", Drawer(over=_station_over, hits=_station_hits,
                           symbol='<rect class="box" x="4" y="4" width="20" height="20" rx="3"/>'
                                  '<line class="bar" x1="4" y1="14" x2="24" y2="14"/>'))


# ---- meeting points, remote landmarks and remote tourist spaces -------------------------------------------

def _meeting_over(feature: Feature, ctx: Ctx) -> list[str]:
    """A meeting point: a diamond on its intersection, with the kind of each remote landmark it reaches."""
    p = feature.points[0]
    px, py = xy(p)
    out = [f'<g id="{feature_id(feature)}" class="ft-meeting" transform="translate({px},{py})">{_title(feature)}'
           '<rect class="diamond" x="-9" y="-9" width="18" height="18" transform="rotate(45)"/>']
    remote = [lm for lm in ctx.board.remote_landmarks() if lm.meeting == p]
    sx = -1 if p[0] == ctx.board.cols else 1  # the landmark's marks go toward the inside of the map
    sy = 1 if p[1] == 0 else -1
    for i, lm in enumerate(remote):
        gx, gy = sx * (17 + 15 * i), sy * 16
        star = f'<text class="remote-star" x="{gx}" y="{gy + sy * 14 + 5}">★</text>' if lm.track else ""
        out.append(f'<g class="remote-lm k-{escape(lm.kind)}"><title>{escape(data_name(lm.name))}</title>'
                   f'<text class="remote-glyph" x="{gx}" y="{gy + 5}">{KIND_GLYPHS.get(lm.kind, "★")}</text>'
                   f'{star}</g>')
    out.append("</g>")
    return out


register("meeting_point", Drawer(over=_meeting_over,
                                 symbol='<rect class="diamond" x="8" y="8" width="12" height="12" '
                                        'transform="rotate(45 14 14)"/>'))


def remote_box(feature: Feature, board: Board) -> tuple[float, float, float, float]:
    """Return a remote space's box (x, y, width, height): outside the map beside a meeting point on its edge,
    on the meeting point when it lies inside (the view box grows to hold boxes outside the grid)."""
    p = tuple(feature.param("meeting"))
    px, py = xy(p)
    w, h = 56, 52
    dx = -1 if p[0] == 0 else (1 if p[0] == board.cols else 0)
    dy = -1 if p[1] == 0 else (1 if p[1] == board.rows else 0)
    if dx and dy:  # a corner: beside it, below or above, so the row labels stay readable
        dx = 0
    cx, cy = px + dx * (w / 2 + 12), py + dy * (h / 2 + 12)
    return cx - w / 2, cy - h / 2, w, h


def extents(board: Board) -> tuple[float, float, float, float]:
    """Return the smallest and largest x and y any feature drawing reaches (remote boxes may lie outside)."""
    boxes = [remote_box(f, board) for f in board.features_of("remote_space")]
    xs = [b[0] for b in boxes] + [b[0] + b[2] for b in boxes]
    ys = [b[1] for b in boxes] + [b[1] + b[3] for b in boxes]
    return (min(xs, default=0), min(ys, default=0), max(xs, default=0), max(ys, default=0))


def _remote_over(feature: Feature, ctx: Ctx) -> list[str]:
    """A remote tourist space: a box to write tourists in, with its symbol and the counts of the sheet."""
    x, y, w, h = remote_box(feature, ctx.board)
    symbol = feature.param("symbol") or "?"
    glyph = REMOTE_GLYPHS.get(symbol, symbol[:1].upper())
    counts = ctx.remote.get(feature.id, {})
    problem = (" problem" if feature_id(feature) in ctx.problems else "") + (" struck" if feature.id in ctx.struck
                                                                             else "")
    out = [f'<g id="{feature_id(feature)}" class="ft-remote{problem}" data-remote="{escape(feature.id)}">'
           f'{_title(feature)}<rect class="box" x="{x}" y="{y}" width="{w}" height="{h}" rx="6"/>'
           f'<text class="remote-symbol" x="{x + w / 2}" y="{y + 17}">{escape(glyph)}</text>']
    colours = ("red", "green", "blue", "purple") if "purple" in ctx.board.kinds_present() else ("red", "green",
                                                                                                  "blue")
    for i, colour in enumerate(colours):
        n = counts.get(colour, 0)
        cx = x + w * (i + .5) / len(colours)
        out.append(f'<text class="rc rc-{colour}{"" if n else " zero"}" data-colour="{colour}" x="{cx:.1f}" '
                   f'y="{y + h - 12}">{n}</text>')
    if feature.id in ctx.struck:
        out.append(f'<line class="strike" x1="{x + 4}" y1="{y + h - 4}" x2="{x + w - 4}" y2="{y + 4}"/>')
    out.append("</g>")
    return out


def _remote_hits(feature: Feature, ctx: Ctx) -> list[str]:
    """The whole box is the tap target of the remote space."""
    x, y, w, h = remote_box(feature, ctx.board)
    return [f'<rect class="hit" data-remote="{escape(feature.id)}" x="{x}" y="{y}" width="{w}" height="{h}"/>']


register("remote_space", Drawer(over=_remote_over, hits=_remote_hits, tools=("remote", "crossed"),
                                symbol='<rect class="box" x="2" y="5" width="24" height="18" rx="4"/>'
                                       '<text class="remote-symbol" x="8" y="19">▲</text>'))


# ---- coloured streets, scoring sets, lines, zones, ferries, harbour ---------------------------------------

def _sections_under(css: str) -> Draw:
    """A wide coloured band under each road of the feature."""
    def draw(feature: Feature, ctx: Ctx) -> list[str]:
        """Draw the band."""
        out = [f'<g id="{feature_id(feature)}" class="{css}">{_title(feature)}']
        for a, b in feature.sections:
            (ax, ay), (bx, by) = xy(a), xy(b)
            out.append(f'<line class="band" x1="{ax}" y1="{ay}" x2="{bx}" y2="{by}"/>')
        out.append("</g>")
        return out
    return draw


def _pp_badges(feature: Feature, ctx: Ctx) -> list[str]:
    """A PP badge on the middle of each scoring section (or on each scoring point)."""
    pp = feature.param("pp")
    if not pp:
        return []
    out = []
    spots = [((xy(a)[0] + xy(b)[0]) / 2, (xy(a)[1] + xy(b)[1]) / 2) for a, b in feature.sections]
    spots += [xy(p) for p in feature.points]
    for x, y in spots:
        out.append(f'<g class="ft-pp"><circle class="badge" cx="{x}" cy="{y}" r="9"/>'
                   f'<text class="badge-text" x="{x}" y="{y + 5}">{pp}</text></g>')
    return out


def _zone_under(feature: Feature, ctx: Ctx) -> list[str]:
    """A dotted outline inside each location of the zone."""
    out = [f'<g id="{feature_id(feature)}" class="ft-zone">{_title(feature)}']
    for loc in feature.locations:
        x, y = xy((loc[0] - 1, loc[1] - 1))
        out.append(f'<rect class="zone" x="{x + 7}" y="{y + 7}" width="{CELL - 14}" height="{CELL - 14}" rx="4"/>')
    out.append("</g>")
    return out


def _ferry_over(feature: Feature, ctx: Ctx) -> list[str]:
    """A ferry: a boat in its location's corner."""
    x, y = xy((feature.locations[0][0] - 1, feature.locations[0][1] - 1))
    return [f'<g id="{feature_id(feature)}" class="ft-ferry">{_title(feature)}'
            f'<path class="boat" d="M{x + 6},{y + 44} h22 l-4,7 h-14 z M{x + 16},{y + 44} v-12 l8,9 z"/></g>']


register("street", Drawer(under=_sections_under("ft-street"), road_class="street",
                          symbol='<line class="band street" x1="2" y1="14" x2="26" y2="14"/>'))
register("section_pp", Drawer(under=_sections_under("ft-sectionpp"), over=_pp_badges, road_class="scoring",
                              symbol='<line class="band sectionpp" x1="2" y1="14" x2="26" y2="14"/>'))
register("point_pp", Drawer(over=_pp_badges, symbol='<circle class="badge" cx="14" cy="14" r="9"/>'))
register("line", Drawer(under=_sections_under("ft-line"), road_class="line",
                        symbol='<line class="band line" x1="2" y1="14" x2="26" y2="14"/>'))
register("zone", Drawer(under=_zone_under, symbol='<rect class="zone" x="3" y="3" width="22" height="22" rx="4"/>'))
register("ferry", Drawer(over=_ferry_over, tools=("crossed",),
                         symbol='<path class="boat" d="M3,18 h22 l-4,7 h-14 z M13,18 v-12 l8,9 z"/>'))
register("harbour", Drawer(under=_sections_under("ft-harbour"), road_class="harbour",
                           symbol='<line class="band harbour" x1="2" y1="14" x2="26" y2="14"/>'))


# ---- corner roads -----------------------------------------------------------------------------------------

def corner_arc(board: Board, sec: Section) -> str | None:
    """Return the SVG path of a corner road (an arc bulging toward the cut-off corner), None for another road."""
    road = board.roads.get(sec)
    if road is None or "corner" not in road.tags:
        return None
    a, b = sec
    if abs(a[0] - b[0]) != 1 or abs(a[1] - b[1]) != 1:
        return None
    c1, c2 = (a[0], b[1]), (b[0], a[1])
    cut = c1 if len(board.neighbours(c1)) <= len(board.neighbours(c2)) else c2
    centre = c2 if cut == c1 else c1
    (ax, ay), (bx, by), (cx, cy) = xy(a), xy(b), xy(centre)
    sweep = 1 if (ax - cx) * (by - cy) - (ay - cy) * (bx - cx) > 0 else 0
    return f"M{ax},{ay} A{CELL},{CELL} 0 0 {sweep} {bx},{by}"


# ---- what the page needs ----------------------------------------------------------------------------------

def road_classes(board: Board) -> dict[Section, str]:
    """Return the extra classes of roads marked by features (harbour, tram, street, bridge)."""
    classes: dict[Section, list[str]] = {}
    for feature in board.features:
        drawer = DRAWERS.get(feature.type)
        if drawer and drawer.road_class:
            for sec in feature.sections:
                classes.setdefault(sec, []).append(drawer.road_class)
    return {sec: " ".join(names) for sec, names in classes.items()}


def layer(board: Board, ctx: Ctx, part: str) -> list[str]:
    """Return one drawing layer ("under", "over" or "hits") of every feature of the board."""
    out: list[str] = []
    for feature in board.features:
        drawer = DRAWERS.get(feature.type)
        if drawer is not None:
            out.extend(getattr(drawer, part)(feature, ctx))
    return out


def tools(board: Board) -> list[str]:
    """Return the sheet tools the board's features need, in a fixed order."""
    wanted = {t for f in board.features if (d := DRAWERS.get(f.type)) for t in d.tools}
    return [t for t in ("ride", "remote", "crossed", "colour") if t in wanted]


def legend(board: Board) -> list[dict]:
    """Return the legend entries of the board's feature types: the engine's legend text and our symbol."""
    items, seen = [], set()
    for feature in board.features:
        if feature.type in seen or feature.type not in FEATURE_TYPES:
            continue
        seen.add(feature.type)
        drawer = DRAWERS.get(feature.type, Drawer())
        items.append({"type": feature.type, "text": _(FEATURE_TYPES[feature.type].legend),
                      "symbol": drawer.symbol})
    return items


STYLE = """
svg.map .ft-river .water { fill: var(--blue); fill-opacity: .16; stroke: none; }
svg.map .ft-river .waterline, .legend-symbol .waterline { stroke: var(--blue); stroke-width: 5; stroke-dasharray: 2 6;
  stroke-linecap: round; opacity: .8; }
.legend-symbol .water { fill: var(--blue); fill-opacity: .25; }
svg.map .bank { fill: var(--blue); stroke: var(--bg); stroke-width: 1; }
svg.map .bank-1 { fill: var(--bg); stroke: var(--blue); stroke-width: 2; }
svg.map .rail, .legend-symbol .rail { stroke: var(--ink); stroke-width: 3; stroke-linecap: round; }
svg.map .badge, .legend-symbol .badge { fill: var(--card); stroke: var(--ink); stroke-width: 2; }
svg.map .badge-text { font: 800 13px system-ui, sans-serif; fill: var(--fg); text-anchor: middle; }
svg.map .ft-station .box, .legend-symbol .box { fill: var(--card); stroke: var(--ink); stroke-width: 2.5; }
svg.map .ft-station .bar, .legend-symbol .bar { stroke: var(--ink); stroke-width: 3; }
svg.map .diamond, .legend-symbol .diamond { fill: var(--card); stroke: var(--ink); stroke-width: 2.5; }
svg.map .remote-glyph, svg.map .remote-star { font: 700 14px system-ui, sans-serif; text-anchor: middle; }
svg.map .remote-lm.k-red .remote-glyph { fill: var(--red); }
svg.map .remote-lm.k-green .remote-glyph { fill: var(--green); }
svg.map .remote-lm.k-blue .remote-glyph { fill: var(--blue); }
svg.map .remote-lm.k-grey .remote-glyph { fill: var(--grey); }
svg.map .ft-remote .box { fill: var(--card); stroke: var(--ink); stroke-width: 2; fill-opacity: .93; }
svg.map .ft-remote.problem .box { stroke: var(--error); stroke-width: 4; stroke-dasharray: 6 3; }
svg.map .remote-symbol { font: 700 15px system-ui, sans-serif; fill: var(--fg); text-anchor: middle; }
.legend-symbol .remote-symbol { font: 700 13px system-ui, sans-serif; fill: var(--fg); }
svg.map .ft-remote.struck .rc { opacity: .45; }
svg.map .ft-remote .strike { stroke: var(--error); stroke-width: 3; }
svg.map .rc { font: 800 14px system-ui, sans-serif; text-anchor: middle; }
svg.map .rc.zero { opacity: .25; }
svg.map .rc-red { fill: var(--red); } svg.map .rc-green { fill: var(--green); } svg.map .rc-blue { fill: var(--blue); }
svg.map .rc-purple { fill: var(--purple); }
svg.map .band, .legend-symbol .band { stroke-width: 14; stroke-linecap: round; opacity: .35; }
svg.map .ft-street .band, .legend-symbol .band.street { stroke: var(--red); }
svg.map .ft-sectionpp .band, .legend-symbol .band.sectionpp { stroke: var(--yellow); }
svg.map .ft-line .band, .legend-symbol .band.line { stroke: var(--green); stroke-dasharray: 4 4; stroke-linecap: butt; }
svg.map .ft-harbour .band, .legend-symbol .band.harbour { stroke: var(--blue); stroke-dasharray: 10 5;
  stroke-linecap: butt; }
svg.map .zone, .legend-symbol .zone { fill: none; stroke: var(--blue); stroke-width: 2; stroke-dasharray: 2 4; }
svg.map .boat, .legend-symbol .boat { fill: var(--card); stroke: var(--ink); stroke-width: 2; }
svg.map line.sec.corner { stroke-opacity: 0; }
svg.map line.sec.corner + path.arc { fill: none; stroke: var(--road); stroke-width: 3; stroke-linecap: round; }
svg.map line.sec.corner.drawn + path.arc { stroke: var(--ink); stroke-width: 7; }
svg.map line.sec.corner.route + path.arc { stroke: var(--route); stroke-width: 9; }
svg.map line.sec.corner.erased + path.arc { stroke: var(--ink); stroke-width: 4; stroke-dasharray: 3 7; opacity: .6; }
svg.map line.sec.corner.problem + path.arc { stroke: var(--error); stroke-width: 7; stroke-dasharray: 8 4; }
svg.map .ride, .legend-symbol .ride { stroke: var(--route); stroke-width: 5; stroke-dasharray: 10 6; fill: none;
  stroke-linecap: round; }
svg.map .ride-start { fill: var(--accent); fill-opacity: .5; stroke: var(--accent); stroke-width: 3; }
svg.map path.xloc { fill: none; stroke: none; pointer-events: none; }
svg.map path.xloc.on { stroke: var(--ink); stroke-width: 6; stroke-linecap: round; }
svg.map path.xloc.on.problem { stroke: var(--error); }
.legend-list { list-style: none; padding: 0; margin: .3rem 0; }
.legend-list li { display: flex; gap: .5rem; align-items: center; margin: .25rem 0; }
.legend-symbol { flex: none; }
svg.map[data-mode="ride"] .hits-ride .hit, svg.map[data-mode="remote"] .hits-remote .hit,
svg.map[data-mode="crossed"] .hits-crossed .hit { pointer-events: all; }
svg.map[data-mode="ride"] .bank, svg.map[data-mode="ride"] .ft-station .box { stroke: var(--accent); stroke-width: 3; }
"""
