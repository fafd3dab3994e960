"""World-city map features on the blank maps, readable in black and white.

Water is a hatched band, bridges a double line with their PP, scoring
streets and tram lines dashed strokes, harbour crossings dotted, stations a
square marked "S", and meeting points and remote tourist spaces boxes to
write tourists in beside their intersection, named as the board names them.
Only board data and catalogue texts are printed.
"""

from __future__ import annotations

from companion.games.core.problems import N_
from companion.games.enroute.board import Board

from .style import INK, MUTED, PrintLocale, draw_fitted

ONE_PP = N_("{pp} PP")
SPACE_PP = N_("{low}–{high} PP")
STATION_MARK = "S"
_GREY = 0.55


def _mid(layout, sec) -> tuple[float, float]:
    """The page position of a section's middle."""
    (ax, ay), (bx, by) = layout.point(sec[0]), layout.point(sec[1])
    return (ax + bx) / 2, (ay + by) / 2


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
    """Streets and lines dashed, harbour crossings dotted, bridges doubled with their PP."""
    c.saveState()
    c.setStrokeColor(INK)
    for kind, dash, width in (("street", [4, 2], 2.2), ("line", [1.5, 1.5], 1.6), ("harbour", [0.5, 2.5], 1.8)):
        c.setDash(dash)
        c.setLineWidth(width)
        c.setLineCap(1 if kind == "harbour" else 0)
        for feature in board.features_of(kind):
            for sec in feature.sections:
                (ax, ay), (bx, by) = layout.point(sec[0]), layout.point(sec[1])
                c.line(ax, ay, bx, by)
    c.setDash([])
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


def _box(c, layout, at, title: str, value: str | None, loc: PrintLocale) -> None:
    """A box to write tourists in, beside an intersection, with the name (and value) it stands for."""
    x, y = layout.point(at)
    w, h = layout.cell * 0.78, layout.cell * 0.42
    left = min(max(x - w / 2, layout.grid_left), layout.grid_right - w)  # inside the grid: clear of the coordinates
    bottom = y - h - layout.cell * 0.12 if at[1] < layout.rows else y + layout.cell * 0.12
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
        _box(c, layout, landmark.meeting, landmark.name, remote_value(board, landmark.track, loc), loc)
    for space in board.features_of("remote_space"):
        _box(c, layout, space.param("meeting"), space.name or space.id, space.param("symbol"), loc)


def draw_city_features(c, board: Board, layout, loc: PrintLocale) -> None:
    """Draw every world-city feature of a version 2 board (nothing on a version 1 board)."""
    if not board.features and not board.remote_landmarks():
        return
    draw_water(c, board, layout)
    draw_lines(c, board, layout)
    draw_bridges(c, board, layout, loc)
    draw_stations(c, board, layout, loc)
    draw_meeting_points(c, board, layout, loc)
