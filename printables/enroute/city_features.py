"""World-city map features on the blank maps, readable in black and white.

Water is a hatched band, bridges a double line with their PP, scoring
streets and tram lines dashed strokes, harbour crossings a solid wavy line
(a water route, unlike any street), corner roads quarter arcs, stations a
square marked "S", and meeting points and remote tourist spaces boxes to
write tourists in beside their intersection, named as the board names them.
Only board data and catalogue texts are printed.
"""

from __future__ import annotations

from companion.games.core.problems import N_
from companion.games.enroute.board import Board

from . import cities
from .style import INK, MUTED, PrintLocale, draw_fitted

ONE_PP = N_("{pp} PP")
SPACE_PP = N_("{low}–{high} PP")
STATION_MARK = "S"
# The feature types the maps draw, so the legend explains them (vehicles, zones and ferries are not drawn).
LEGEND_FEATURES = ("river", "bridge", "station", "meeting_point", "remote_space", "street", "line", "harbour")
_GREY = 0.55
_KAPPA = 0.5523  # control-point length of a quarter circle drawn as one cubic Bezier curve
_WAVE = 0.07  # harbour wave height, in cells


def _mid(layout, sec) -> tuple[float, float]:
    """The page position of a section's middle."""
    (ax, ay), (bx, by) = layout.point(sec[0]), layout.point(sec[1])
    return (ax + bx) / 2, (ay + by) / 2


def corner_arc(board: Board, layout, sec) -> tuple[tuple[float, float], ...] | None:
    """Return the Bezier points (start, control, control, end) of a corner road; None for another road.

    A corner road joins two diagonal intersections round a cut-off corner: of the two other corners of
    its square, the cut one has fewer roads; the road is the quarter circle centred on the other one.
    """
    road = board.roads.get(sec)
    if road is None or "corner" not in road.tags:
        return None
    a, b = sec
    if abs(a[0] - b[0]) != 1 or abs(a[1] - b[1]) != 1:
        return None
    c1, c2 = (a[0], b[1]), (b[0], a[1])
    centre = c2 if len(board.neighbours(c1)) <= len(board.neighbours(c2)) else c1
    (ax, ay), (bx, by), (cx, cy) = layout.point(a), layout.point(b), layout.point(centre)
    return ((ax, ay), (ax + _KAPPA * (bx - cx), ay + _KAPPA * (by - cy)),
            (bx + _KAPPA * (ax - cx), by + _KAPPA * (ay - cy)), (bx, by))


def stroke_road(c, board: Board, layout, sec) -> None:
    """Stroke one road in the current style: a corner road as its arc, any other road straight."""
    arc = corner_arc(board, layout, sec)
    if arc is None:
        (ax, ay), (bx, by) = layout.point(sec[0]), layout.point(sec[1])
        c.line(ax, ay, bx, by)
        return
    path = c.beginPath()
    path.moveTo(*arc[0])
    path.curveTo(*arc[1], *arc[2], *arc[3])
    c.drawPath(path, stroke=1, fill=0)


def stroke_wave(c, start: tuple[float, float], end: tuple[float, float], height: float) -> None:
    """Stroke a wavy line (alternating half waves of cubic curves) from start to end."""
    (ax, ay), (bx, by) = start, end
    length = ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5
    if not length:
        return
    waves = max(2, round(length / (height * 5)))
    nx, ny = -(by - ay) / length * height, (bx - ax) / length * height  # the normal, one wave high
    path = c.beginPath()
    path.moveTo(ax, ay)
    for i in range(waves):
        sign = 1 if i % 2 == 0 else -1
        x0, y0 = ax + (bx - ax) * i / waves, ay + (by - ay) * i / waves
        x1, y1 = ax + (bx - ax) * (i + 1) / waves, ay + (by - ay) * (i + 1) / waves
        dx, dy = (x1 - x0) / 3, (y1 - y0) / 3
        path.curveTo(x0 + dx + sign * nx, y0 + dy + sign * ny, x0 + 2 * dx + sign * nx, y0 + 2 * dy + sign * ny,
                     x1, y1)
    c.drawPath(path, stroke=1, fill=0)


def draw_water(c, board: Board, layout) -> None:
    """Hatch the river's water lines: no road runs there."""
    c.saveState()
    c.setStrokeGray(_GREY)
    c.setLineWidth(0.6)
    for river in board.features_of("river"):
        for a, b in river.to_json().get("water", []):
            (ax, ay), (bx, by) = layout.point(tuple(a)), layout.point(tuple(b))
            steps = 6
            for i in range(steps + 1):
                x, y = ax + (bx - ax) * i / steps, ay + (by - ay) * i / steps
                c.line(x - 3, y - 3, x + 3, y + 3)
    c.restoreState()


def draw_lines(c, board: Board, layout) -> None:
    """Streets and lines dashed (along corner arcs too), harbour crossings as solid wavy water routes."""
    c.saveState()
    c.setStrokeColor(INK)
    for kind, dash, width in (("street", [4, 2], 2.2), ("line", [1.5, 1.5], 1.6)):
        c.setDash(dash)
        c.setLineWidth(width)
        for feature in board.features_of(kind):
            for sec in feature.sections:
                stroke_road(c, board, layout, sec)
    c.setDash([])
    c.setLineWidth(1.3)
    c.setLineCap(1)
    for feature in board.features_of("harbour"):
        for sec in feature.sections:
            stroke_wave(c, layout.point(sec[0]), layout.point(sec[1]), layout.cell * _WAVE)
    c.restoreState()


def draw_bridges(c, board: Board, layout, loc: PrintLocale) -> None:
    """A double line along each bridge; a scoring bridge prints its PP beside it."""
    c.saveState()
    c.setStrokeColor(INK)
    c.setLineWidth(0.8)
    for bridge in board.features_of("bridge"):
        sec = bridge.sections[0]
        (ax, ay), (bx, by) = layout.point(sec[0]), layout.point(sec[1])
        dx, dy = (0, 2.2) if ay == by else (2.2, 0)
        c.line(ax + dx, ay + dy, bx + dx, by + dy)
        c.line(ax - dx, ay - dy, bx - dx, by - dy)
        if bridge.param("pp"):
            x, y = _mid(layout, sec)
            c.setFillColor(INK)
            draw_fitted(c, loc.t(ONE_PP, pp=bridge.param("pp")), x + 4, y + 2, layout.cell * 0.5,
                        loc.fonts.bold, 7, fonts=loc.fonts)
    c.restoreState()


def draw_stations(c, board: Board, layout, loc: PrintLocale) -> None:
    """A square with S on each station."""
    c.saveState()
    size = layout.cell * 0.22
    for station in board.features_of("station"):
        x, y = layout.point(station.points[0])
        c.setFillGray(1)
        c.setStrokeColor(INK)
        c.setLineWidth(1)
        c.rect(x - size / 2, y - size / 2, size, size, stroke=1, fill=1)
        c.setFillColor(INK)
        c.setFont(loc.fonts.bold, size * 0.75)
        c.drawCentredString(x, y - size * 0.27, STATION_MARK)
    c.restoreState()


def box_rect(layout, at) -> tuple[float, float, float, float]:
    """Return (left, bottom, width, height) of the box written in beside an intersection (the photo reader's too)."""
    x, y = layout.point(at)
    w, h = layout.cell * 0.78, layout.cell * 0.42
    left = min(max(x - w / 2, layout.grid_left), layout.grid_right - w)  # inside the grid: clear of the coordinates
    bottom = y - h - layout.cell * 0.12 if at[1] < layout.rows else y + layout.cell * 0.12
    return left, bottom, w, h


def _box(c, layout, at, title: str, value: str | None, loc: PrintLocale) -> None:
    """A box to write tourists in, beside an intersection, with the name (and value) it stands for."""
    x, y = layout.point(at)
    left, bottom, w, h = box_rect(layout, at)
    c.saveState()
    c.setFillGray(1)
    c.setStrokeColor(INK)
    c.setLineWidth(0.9)
    c.setDash([2, 1])
    c.rect(left, bottom, w, h, stroke=1, fill=1)
    c.setDash([])
    c.circle(x, y, layout.cell * 0.07, stroke=1, fill=0)
    c.setFillColor(INK)
    draw_fitted(c, loc.printable(title), left + 2, bottom + h - 7, w - 4, loc.fonts.regular, 6, fonts=loc.fonts)
    if value:
        c.setFillColor(MUTED)
        draw_fitted(c, value, left + w - 2, bottom + 2, w * 0.6, loc.fonts.bold, 6, align="right", fonts=loc.fonts)
    c.restoreState()


def remote_value(board: Board, track_id: str | None, loc: PrintLocale) -> str | None:
    """The PP range a remote landmark's track can reach."""
    coordinate = board.coordinate_track(track_id) if track_id else None
    if coordinate is not None:
        return loc.t(SPACE_PP, low=coordinate.base, high=coordinate.max)
    track = board.rating_track(track_id) if track_id else None
    return loc.t(SPACE_PP, low=min(track), high=max(track)) if track else None


def draw_meeting_points(c, board: Board, layout, loc: PrintLocale) -> None:
    """Remote landmarks and remote tourist spaces as boxes at their meeting points."""
    for landmark in board.remote_landmarks():
        _box(c, layout, landmark.meeting, loc.name(landmark.name), remote_value(board, landmark.track, loc), loc)
    for space in board.features_of("remote_space"):
        _box(c, layout, space.param("meeting"), loc.name(space.name) or space.id, space.param("symbol"), loc)


def draw_city_features(c, board: Board, layout, loc: PrintLocale) -> None:
    """Draw every world-city feature of a version 2 board (nothing on a version 1 board)."""
    if not board.features and not board.remote_landmarks():
        return
    draw_water(c, board, layout)
    draw_lines(c, board, layout)
    draw_bridges(c, board, layout, loc)
    draw_stations(c, board, layout, loc)
    draw_meeting_points(c, board, layout, loc)
    cities.draw_features(c, board, layout, loc)  # the feature types a city folder draws itself


def draw_feature_icon(c, x: float, y: float, size: float, kind: str) -> None:
    """A legend icon for a feature type, drawn as on the map (x, y: the icon's centre)."""
    c.saveState()
    c.setStrokeColor(INK)
    c.setFillColor(INK)
    half = size / 2
    if kind == "station":
        c.setFillGray(1)
        c.rect(x - half * 0.7, y - half * 0.7, size * 0.7, size * 0.7, stroke=1, fill=1)
    elif kind in ("meeting_point", "remote_space"):
        c.setDash([2, 1])
        c.rect(x - half, y - half * 0.6, size, size * 0.6, stroke=1, fill=0)
    elif kind == "river":
        c.setStrokeGray(_GREY)
        for i in range(4):
            c.line(x - half + i * size / 4, y - half / 2, x - half + i * size / 4 + 3, y + half / 2)
    elif kind == "bridge":
        c.line(x - half, y + 1.5, x + half, y + 1.5)
        c.line(x - half, y - 1.5, x + half, y - 1.5)
    elif kind == "harbour":
        c.setLineWidth(1.3)
        stroke_wave(c, (x - half, y), (x + half, y), size * 0.15)
    else:
        dash = {"street": [4, 2], "line": [1.5, 1.5]}.get(kind, [])
        c.setDash(dash)
        c.setLineWidth(1.8)
        c.line(x - half, y, x + half, y)
    c.restoreState()
