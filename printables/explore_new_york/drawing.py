"""Drawing pieces shared by the Explore New York printables: tourist symbols, cafes, kind marks, the score table."""

from __future__ import annotations

from reportlab.lib.colors import HexColor

from companion.games.core.problems import N_

from ..core.i18n import PrintLocale
from ..core.style import INK, MUTED, RULE, draw_fitted

TOURIST = {"red": HexColor("#c62828"), "green": HexColor("#2e7d32"), "blue": HexColor("#1565c0")}
KIND_FILL = {"red": HexColor("#f6cfcb"), "green": HexColor("#d3ead0"), "blue": HexColor("#cfdff3"),
             "yellow": HexColor("#f8e49a"), "grey": HexColor("#d6d6d6"), "white": HexColor("#ffffff")}
CAFE = HexColor("#7a4a21")
ROAD = HexColor("#8d877b")

ROWS = (
    ("red", N_("Red")),
    ("green", N_("Green")),
    ("blue", N_("Blue")),
    ("cafes", N_("Cafes × 3")),
    ("yellow", N_("Smileys × 6")),
    ("grey", N_("Stars: 1 / 2 / 3 / 4 give 4 / 12 / 24 / 36")),
)
TOURISTS_HEAD = N_("tourists")
DISTRICTS_HEAD = N_("districts")
TOTAL = N_("Total")


def draw_tourist(c, colour: str, x: float, y: float, r: float, filled: bool = True) -> None:
    """A tourist symbol centred at (x, y): ○ red, □ green, △ blue (filled in its colour, or outlined)."""
    c.setStrokeColor(TOURIST[colour])
    c.setFillColor(TOURIST[colour])
    c.setLineWidth(max(0.6, r * 0.25))
    fill = 1 if filled else 0
    if colour == "red":
        c.circle(x, y, r, stroke=1, fill=fill)
    elif colour == "green":
        c.rect(x - r, y - r, 2 * r, 2 * r, stroke=1, fill=fill)
    else:
        path = c.beginPath()
        path.moveTo(x, y + r * 1.15)
        path.lineTo(x + r * 1.15, y - r * 0.85)
        path.lineTo(x - r * 1.15, y - r * 0.85)
        path.close()
        c.drawPath(path, stroke=1, fill=fill)


def draw_star(c, x: float, y: float, r: float) -> None:
    """A five-pointed star (grey star districts)."""
    import math

    path = c.beginPath()
    for k in range(10):
        radius = r if k % 2 == 0 else r * 0.45
        angle = math.pi / 2 + k * math.pi / 5
        px, py = x + radius * math.cos(angle), y + radius * math.sin(angle)
        path.moveTo(px, py) if k == 0 else path.lineTo(px, py)
    path.close()
    c.setFillColor(MUTED)
    c.setStrokeColor(INK)
    c.setLineWidth(0.5)
    c.drawPath(path, stroke=1, fill=1)


def draw_smiley(c, x: float, y: float, r: float) -> None:
    """A smiley face (yellow smiley districts)."""
    c.setStrokeColor(INK)
    c.setFillColor(HexColor("#f2c12e"))
    c.setLineWidth(0.6)
    c.circle(x, y, r, stroke=1, fill=1)
    c.setFillColor(INK)
    c.circle(x - r * 0.35, y + r * 0.25, r * 0.12, stroke=0, fill=1)
    c.circle(x + r * 0.35, y + r * 0.25, r * 0.12, stroke=0, fill=1)
    c.arc(x - r * 0.55, y - r * 0.6, x + r * 0.55, y + r * 0.2, 200, 140)


def draw_cafe(c, x: float, y: float, r: float, tourists: list[str]) -> None:
    """A cafe on an intersection: a white disc ringed in brown with its tourist symbols."""
    c.setFillColor(HexColor("#ffffff"))
    c.setStrokeColor(CAFE)
    c.setLineWidth(max(1.0, r * 0.18))
    c.circle(x, y, r, stroke=1, fill=1)
    step = r * 0.8
    for i, colour in enumerate(tourists):
        off = (i - (len(tourists) - 1) / 2) * step
        draw_tourist(c, colour, x + off, y, r * 0.3)


def draw_score_table(c, loc: PrintLocale, left: float, top: float, width: float, row_h: float,
                     names: list[str] | None = None) -> float:
    """The score table: one row per scoring row, one column per player (or the tile's one column);
    colour rows have tourist and district boxes. Returns the bottom y."""
    t, fonts = loc.t, loc.fonts
    columns = names if names is not None else [""]
    label_w = width * (0.42 if names is None else 0.34)
    col_w = (width - label_w) / len(columns)
    y = top
    c.setStrokeColor(RULE)
    c.setLineWidth(0.6)
    if names is not None:
        for i, name in enumerate(columns):
            draw_fitted(c, name, left + label_w + (i + 0.5) * col_w, y - row_h * 0.65, col_w - 4, fonts.bold,
                        row_h * 0.45, align="centre", fonts=fonts)
        y -= row_h
    for key, text in ROWS:
        c.setStrokeColor(RULE)
        c.line(left, y, left + width, y)
        if key in TOURIST:
            draw_tourist(c, key, left + row_h * 0.4, y - row_h / 2, row_h * 0.2)
            label_x = left + row_h * 0.8
        else:
            label_x = left + 2
        c.setFillColor(INK)
        draw_fitted(c, t(text), label_x, y - row_h * 0.62, label_w - (label_x - left) - 2, fonts.regular,
                    row_h * 0.42, fonts=fonts)
        for i in range(len(columns)):
            x0 = left + label_w + i * col_w
            if key in TOURIST:
                _boxes(c, loc, x0, y, col_w, row_h)
            else:
                c.setStrokeColor(INK)
                c.rect(x0 + col_w * 0.55, y - row_h * 0.85, col_w * 0.4, row_h * 0.7, stroke=1, fill=0)
        y -= row_h
    c.setStrokeColor(INK)
    c.setLineWidth(1.2)
    c.line(left, y, left + width, y)
    c.setFillColor(INK)
    draw_fitted(c, t(TOTAL), left + 2, y - row_h * 0.65, label_w - 4, fonts.bold, row_h * 0.5, fonts=fonts)
    for i in range(len(columns)):
        x0 = left + label_w + i * col_w
        c.setLineWidth(1.2)
        c.rect(x0 + col_w * 0.45, y - row_h * 0.9, col_w * 0.5, row_h * 0.8, stroke=1, fill=0)
    return y - row_h


def _boxes(c, loc: PrintLocale, x0: float, y: float, w: float, h: float) -> None:
    """Boxes of a colour row: tourists × districts = PP."""
    c.setStrokeColor(INK)
    c.setLineWidth(0.6)
    box = min(w * 0.2, h * 0.9)
    gap = (w - 3 * box) / 4
    for k in range(3):
        bx = x0 + gap + k * (box + gap)
        c.rect(bx, y - h * 0.85, box, h * 0.7, stroke=1, fill=0)
    c.setFillColor(MUTED)
    c.setFont(loc.fonts.regular, h * 0.45)
    c.drawCentredString(x0 + gap + box + gap / 2, y - h * 0.62, "×")
    c.drawCentredString(x0 + gap + 2 * box + 1.5 * gap, y - h * 0.62, "=")
