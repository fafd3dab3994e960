"""New York's map features on the blank maps: landmarks on intersections (Times Square, the Statue of Liberty's
docks), the bridge-view stars with their PP inside, and the hotspot roads a table marks are left to the players' pens.

Times Square is a box at its intersection; the statue gets a box at each dock with "ticket" and its PP range
(it scores only with the ticket of a dock that is on the route); a star is a five-pointed mark with its PP.
Only board data and catalogue texts are printed.
"""

from __future__ import annotations

import math

from companion.games.core.problems import N_
from companion.games.enroute.board import Board

from ...city_features import _box, remote_value
from ...style import INK, PrintLocale

TICKET = N_("{name}: with a ticket")


def draw_point_landmarks(c, board: Board, layout, loc: PrintLocale) -> None:
    """A box at each intersection a landmark stands on (Times Square) or is reached from with a ticket (docks)."""
    for landmark in board.landmarks:
        if not landmark.points or landmark.locations:
            continue
        title = loc.t(TICKET, name=landmark.name) if landmark.ticket else loc.name(landmark.name)
        for at in landmark.points:
            _box(c, layout, at, title, remote_value(board, landmark.track, loc), loc)


def _star_path(c, x: float, y: float, radius: float):
    """A five-pointed star path centred on (x, y)."""
    path = c.beginPath()
    for k in range(10):
        r = radius if k % 2 == 0 else radius * 0.45
        angle = math.pi / 2 + k * math.pi / 5
        px, py = x + r * math.cos(angle), y + r * math.sin(angle)
        path.moveTo(px, py) if k == 0 else path.lineTo(px, py)
    path.close()
    return path


def draw_stars(c, board: Board, layout, loc: PrintLocale) -> None:
    """A star on each bridge-view intersection with its PP inside (no label beside it to collide with names)."""
    c.saveState()
    radius = layout.cell * 0.2
    for star in board.features_of("star"):
        x, y = layout.point(star.points[0])
        c.setFillGray(1)
        c.setStrokeColor(INK)
        c.setLineWidth(0.9)
        c.drawPath(_star_path(c, x, y, radius), stroke=1, fill=1)
        c.setFillColor(INK)
        size = max(5, radius * 0.85)
        c.setFont(loc.fonts.bold, size)
        c.drawCentredString(x, y - size * 0.38, str(star.param("pp")))
    c.restoreState()


def draw_new_york(c, board: Board, layout, loc: PrintLocale) -> None:
    """Draw New York's own features (nothing on a board without them)."""
    draw_point_landmarks(c, board, layout, loc)
    if board.features_of("star"):
        draw_stars(c, board, layout, loc)


__all__ = ["draw_new_york"]
