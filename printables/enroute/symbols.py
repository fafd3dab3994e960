"""Small vector symbols: landmark kinds, tourists, cafe cups and their bonuses, festival points.

Every symbol is drawn centred on (x, y) at a given height. Each landmark kind and
each tourist colour has its own *shape*, so a black-and-white print stays readable.
"""

from __future__ import annotations

import math

from reportlab.lib.colors import white

from .style import CUP, FONT_BOLD, INK, KIND_COLOURS, TOURIST_COLOURS

CAFE_ASPECT = 1.75  # a cafe badge is this many times wider than high
OUTLINE = 0.45  # points; thin enough to look drawn, thick enough to survive a draft print


def _polygon(c, points: list[tuple[float, float]], fill: bool = True, stroke: bool = True) -> None:
    """Draw a closed polygon through the given points."""
    path = c.beginPath()
    path.moveTo(*points[0])
    for point in points[1:]:
        path.lineTo(*point)
    path.close()
    c.drawPath(path, fill=int(fill), stroke=int(stroke))


def _regular(n: int, radius: float, rotation: float = 90.0) -> list[tuple[float, float]]:
    """Return the corners of a regular n-gon around the origin, first corner at `rotation` degrees."""
    return [(radius * math.cos(math.radians(rotation + k * 360 / n)),
             radius * math.sin(math.radians(rotation + k * 360 / n))) for k in range(n)]


def _begin(c, x: float, y: float, fill, stroke=INK, width: float = OUTLINE) -> None:
    """Save the state, move the origin to the symbol centre and set its colours."""
    c.saveState()
    c.translate(x, y)
    c.setFillColor(fill)
    c.setStrokeColor(stroke)
    c.setLineWidth(width)
    c.setLineJoin(1)


def draw_star(c, x: float, y: float, size: float, fill) -> None:
    """Draw a five-pointed star (lively red landmarks)."""
    _begin(c, x, y - size * 0.05, fill)
    outer, inner = size * 0.54, size * 0.22
    points = []
    for k in range(10):
        radius = outer if k % 2 == 0 else inner
        angle = math.radians(90 + k * 36)
        points.append((radius * math.cos(angle), radius * math.sin(angle)))
    _polygon(c, points)
    c.restoreState()


def draw_tree(c, x: float, y: float, size: float, fill) -> None:
    """Draw a round tree on a trunk (green parks and gardens)."""
    _begin(c, x, y, fill)
    c.setFillColor(INK)
    c.rect(-size * 0.06, -size * 0.5, size * 0.12, size * 0.42, stroke=0, fill=1)
    c.setFillColor(fill)
    c.circle(0, size * 0.12, size * 0.36, stroke=1, fill=1)
    c.restoreState()


def draw_temple(c, x: float, y: float, size: float, fill) -> None:
    """Draw a columned building (blue museums, galleries, theatres)."""
    _begin(c, x, y, fill)
    half = size * 0.48
    _polygon(c, [(-half, size * 0.18), (half, size * 0.18), (0, size * 0.5)])
    c.rect(-half, -size * 0.5, 2 * half, size * 0.12, stroke=1, fill=1)
    for k in (-1, 0, 1):
        c.rect(k * half * 0.62 - size * 0.07, -size * 0.38, size * 0.14, size * 0.52, stroke=1, fill=1)
    c.restoreState()


def draw_briefcase(c, x: float, y: float, size: float, fill) -> None:
    """Draw a briefcase (purple business centres)."""
    _begin(c, x, y, fill)
    c.roundRect(-size * 0.5, -size * 0.42, size, size * 0.7, size * 0.08, stroke=1, fill=1)
    c.setFillColor(white)
    c.roundRect(-size * 0.18, size * 0.28, size * 0.36, size * 0.2, size * 0.05, stroke=1, fill=0)
    c.line(-size * 0.5, size * 0.02, size * 0.5, size * 0.02)
    c.restoreState()


def draw_gem(c, x: float, y: float, size: float, fill) -> None:
    """Draw a cut gem (yellow popular landmarks, which print their own PP)."""
    _begin(c, x, y, fill)
    w, top, girdle = size * 0.5, size * 0.4, size * 0.12
    _polygon(c, [(-w * 0.55, top), (w * 0.55, top), (w, girdle), (0, -size * 0.5), (-w, girdle)])
    c.line(-w, girdle, w, girdle)
    c.line(-w * 0.2, girdle, 0, -size * 0.5)
    c.line(w * 0.2, girdle, 0, -size * 0.5)
    c.restoreState()


def draw_tower(c, x: float, y: float, size: float, fill) -> None:
    """Draw a tall monument (grey iconic landmarks, valued by their rating track)."""
    _begin(c, x, y, fill)
    _polygon(c, [(-size * 0.2, -size * 0.42), (size * 0.2, -size * 0.42), (size * 0.1, size * 0.28),
                 (0, size * 0.5), (-size * 0.1, size * 0.28)])
    c.rect(-size * 0.34, -size * 0.5, size * 0.68, size * 0.1, stroke=1, fill=1)
    c.restoreState()


# A registry instead of an if-chain: a city that adds a kind adds one entry here.
KIND_SYMBOLS = {
    "red": draw_star,
    "green": draw_tree,
    "blue": draw_temple,
    "purple": draw_briefcase,
    "yellow": draw_gem,
    "grey": draw_tower,
}


def draw_kind_symbol(c, kind: str, x: float, y: float, size: float) -> None:
    """Draw the symbol of a landmark kind in its colour."""
    KIND_SYMBOLS[kind](c, x, y, size, KIND_COLOURS[kind][0])


def draw_tourist(c, colour: str, x: float, y: float, size: float) -> None:
    """Draw one tourist: red circle, green square, blue triangle, purple pentagon."""
    _begin(c, x, y, TOURIST_COLOURS[colour], width=OUTLINE * 0.8)
    half = size / 2
    if colour == "red":
        c.circle(0, 0, half, stroke=1, fill=1)
    elif colour == "green":
        c.rect(-half * 0.9, -half * 0.9, half * 1.8, half * 1.8, stroke=1, fill=1)
    elif colour == "blue":
        _polygon(c, [(p[0], p[1] - half * 0.2) for p in _regular(3, half * 1.15)])
    else:
        _polygon(c, _regular(5, half * 1.05))
    c.restoreState()


def draw_cup(c, x: float, y: float, size: float) -> None:
    """Draw an empty coffee cup on a saucer, centred on (x, y)."""
    _begin(c, x, y, white, stroke=CUP, width=OUTLINE * 1.6)
    w, h = size * 0.62, size * 0.56
    path = c.beginPath()
    path.moveTo(-w / 2, h / 2)
    path.lineTo(w / 2, h / 2)
    path.curveTo(w / 2, -h * 0.2, w * 0.3, -h / 2, 0, -h / 2)
    path.curveTo(-w * 0.3, -h / 2, -w / 2, -h * 0.2, -w / 2, h / 2)
    path.close()
    c.circle(w / 2, h * 0.12, size * 0.14, stroke=1, fill=0)
    c.drawPath(path, stroke=1, fill=1)
    c.line(-w * 0.7, -h / 2 - size * 0.06, w * 0.7, -h / 2 - size * 0.06)
    c.restoreState()


def draw_cafe(c, cafe, x: float, y: float, size: float) -> None:
    """Draw a cafe: a white pill `size` high with the cup on the left and its bonus on the right."""
    width = size * CAFE_ASPECT
    c.saveState()
    c.setFillColor(white)
    c.setStrokeColor(CUP)
    c.setLineWidth(OUTLINE * 1.8)
    c.roundRect(x - width / 2, y - size / 2, width, size, size / 2, stroke=1, fill=1)
    c.restoreState()
    draw_cup(c, x - width * 0.2, y - size * 0.06, size * 0.62)
    BONUS_GLYPHS[cafe.bonus](c, cafe, x + width * 0.2, y, size * 0.62)


def draw_tourists_bonus(c, cafe, x: float, y: float, size: float) -> None:
    """Draw a new-tourists bonus: a lightning straw out of the cup and the tourists beside it."""
    # The rules draw this cup's straw as lightning: the bonus is used at once or kept for 2 PP.
    c.saveState()
    c.setStrokeColor(CUP)
    c.setLineWidth(OUTLINE * 1.3)
    c.setLineJoin(1)
    sx, sy = x - size * 0.62, y + size * 0.12
    path = c.beginPath()
    path.moveTo(sx, sy)
    path.lineTo(sx + size * 0.22, sy + size * 0.3)
    path.lineTo(sx + size * 0.06, sy + size * 0.34)
    path.lineTo(sx + size * 0.3, sy + size * 0.66)
    c.drawPath(path, stroke=1, fill=0)
    c.restoreState()
    shapes = [colour for colour, count in cafe.tourists for _ in range(count)]
    # Up to two side by side in two rows, so three or four still fit the badge.
    per_row = 1 if len(shapes) == 1 else 2
    rows = -(-len(shapes) // per_row)
    shape = size * (0.5 if rows == 1 else 0.4)
    step = shape * 1.2
    for i, colour in enumerate(shapes):
        row, col = divmod(i, per_row)
        in_row = min(per_row, len(shapes) - row * per_row)
        tx = x + (col - (in_row - 1) / 2) * step
        ty = y + ((rows - 1) / 2 - row) * step
        draw_tourist(c, colour, tx, ty, shape)


def draw_section_bonus(c, cafe, x: float, y: float, size: float) -> None:
    """Draw a route-section bonus: one drawn section with its two end points."""
    c.saveState()
    c.setStrokeColor(INK)
    c.setFillColor(INK)
    c.setLineWidth(OUTLINE * 2.4)
    half = size * 0.42
    c.line(x - half, y, x + half, y)
    for end in (-1, 1):
        c.circle(x + end * half, y, size * 0.1, stroke=0, fill=1)
    c.setFont(FONT_BOLD, size * 0.5)
    c.drawCentredString(x, y + size * 0.12, "+1")
    c.restoreState()


def draw_coordinate_bonus(c, cafe, x: float, y: float, size: float) -> None:
    """Draw a coordinate-change bonus: plus-minus one."""
    c.saveState()
    c.setFillColor(INK)
    c.setFont(FONT_BOLD, size * 0.72)
    c.drawCentredString(x, y - size * 0.26, "\u00b11")
    c.restoreState()


def draw_card_bonus(c, cafe, x: float, y: float, size: float) -> None:
    """Draw a cafe-card bonus (New York): a small card standing for the round's cafe card."""
    c.saveState()
    c.setStrokeColor(INK)
    c.setFillColor(white)
    c.setLineWidth(OUTLINE * 1.6)
    w, h = size * 0.56, size * 0.8
    c.roundRect(x - w / 2, y - h / 2, w, h, size * 0.08, stroke=1, fill=1)
    c.setFillColor(INK)
    c.setFont(FONT_BOLD, size * 0.5)
    c.drawCentredString(x, y - size * 0.17, "?")
    c.restoreState()


BONUS_GLYPHS = {
    "tourists": draw_tourists_bonus,
    "section": draw_section_bonus,
    "coordinate": draw_coordinate_bonus,
    "card": draw_card_bonus,
}


def draw_visit_point(c, x: float, y: float, size: float) -> None:
    """Draw a Visit-Them-All point: a yellow disc with a ring, unlike any cafe or intersection."""
    c.saveState()
    c.setFillColor(KIND_COLOURS["yellow"][0])
    c.setStrokeColor(INK)
    c.setLineWidth(OUTLINE * 1.6)
    c.circle(x, y, size / 2, stroke=1, fill=1)
    c.setStrokeColor(white)
    c.setLineWidth(OUTLINE * 1.4)
    c.circle(x, y, size * 0.3, stroke=1, fill=0)
    c.restoreState()


def draw_number_disk(c, number: int | str, x: float, y: float, size: float, fill=INK) -> None:
    """Draw a scoring-space number in a filled disc, the way the board numbers its rows."""
    c.saveState()
    c.setFillColor(fill)
    c.circle(x, y, size / 2, stroke=0, fill=1)
    c.setFillColor(white)
    c.setFont(FONT_BOLD, size * 0.62)
    c.drawCentredString(x, y - size * 0.22, str(number))
    c.restoreState()
