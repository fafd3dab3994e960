"""The companion's example Road-to-Rome board as a blank sheet: the drawing, with a box per city for the carriages.

Only the places the rules name, laid out as the companion's own drawing (engine data
`road-to-rome-drawing.json`); south is down and every road has an arrow toward Rom. The city names are
place names and stay as they are in every language; the title, the note and the legend are translated.
"""

from __future__ import annotations

import math
from io import BytesIO

from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm

from companion.games.core.problems import N_
from companion.games.thurn_und_taxis_rome.track import shipped_drawing, shipped_track

from ..core import style
from ..core.i18n import print_locale
from ..core.style import INK, MUTED, draw_fitted, wrap

TITLE = N_("Thurn und Taxis: the Road to Rome (example board)")
NOTE = N_("The companion's own drawing from the places the rules name, not the printed board. Carriages always "
          "move south (down the sheet), one road per city card without a new post office; at a fork the player "
          "chooses. A card of a carriage already in Rome, and Lodz's card, moves any other carriage.")
LEGEND = N_("Start cities: Lorrach (Baden), Tuttlingen (Wurttemberg-Hohenzollern), Freising (Baiern), Hallstadt "
            "(Bohmen-Salzburg), St. Gallen (Schweiz-Tyrol). With 2 players: Mailand, Como (two), Trient, Udine.")
ROAD = HexColor("#8a6d3b")
ROME = HexColor("#b03a2e")


def _arrow(c, x1: float, y1: float, x2: float, y2: float, gap: float) -> None:
    """A road from one city to the next south, stopping short of the dots, with an arrowhead."""
    length = math.hypot(x2 - x1, y2 - y1)
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    sx, sy, ex, ey = x1 + ux * gap, y1 + uy * gap, x2 - ux * gap, y2 - uy * gap
    c.line(sx, sy, ex, ey)
    head = 2.4 * mm
    for turn in (0.45, -0.45):
        ax = ex - head * (ux * math.cos(turn) - uy * math.sin(turn))
        ay = ey - head * (uy * math.cos(turn) + ux * math.sin(turn))
        c.line(ex, ey, ax, ay)


def board_pdf(paper: str = "a4", lang: str = "en") -> bytes:
    """Draw the example board on one page in a language ("en", "ja"); return PDF bytes."""
    loc = print_locale(lang)
    fonts = loc.fonts
    width, height = style.paper_size(paper)
    buffer = BytesIO()
    c = style.new_canvas(buffer, paper, loc.t(TITLE), loc.t(NOTE), lang)
    left, top = style.MARGIN, height - style.MARGIN
    usable = width - 2 * style.MARGIN
    c.setFillColor(INK)
    draw_fitted(c, loc.printable(loc.t(TITLE)), left, top - 6 * mm, usable, fonts.bold, 14, fonts=fonts)
    y = top - 12 * mm
    c.setFillColor(MUTED)
    for text in (NOTE, LEGEND):
        lines, size = wrap(loc.printable(loc.t(text)), fonts.regular, 8, usable, 4)
        c.setFont(fonts.regular, size)
        for line in lines:
            c.drawString(left, y, line)
            y -= size * 1.35
        y -= 1.5 * mm
    drawing = shipped_drawing()
    area_top, area_bottom = y - 8 * mm, style.MARGIN + 4 * mm
    scale = min(usable / drawing["width"], (area_top - area_bottom) / drawing["height"])
    x0 = left + (usable - drawing["width"] * scale) / 2

    def at(city: str) -> tuple[float, float]:
        x, yy = drawing["cities"][city]
        return x0 + x * scale, area_top - yy * scale

    c.setStrokeColor(ROAD)
    c.setLineWidth(1.2)
    for a, b in shipped_track().roads:
        _arrow(c, *at(a), *at(b), gap=6 * mm)
    box = 9 * mm
    for city in drawing["cities"]:
        x, yy = at(city)
        c.setStrokeColor(INK)
        c.setLineWidth(0.8)
        c.setFillColor(ROME if city == "Rom" else HexColor("#ffffff"))
        c.circle(x, yy, 2.2 * mm if city == "Rom" else 1.6 * mm, stroke=1, fill=1)
        c.setFillColor(INK)
        c.setFont(fonts.bold, 9)
        c.drawCentredString(x, yy + 3.4 * mm, city)
        c.setStrokeColor(MUTED)
        c.setLineWidth(0.5)
        c.rect(x - box / 2, yy - 2.6 * mm - box * 0.6, box, box * 0.6)  # where the carriages stand
    return style.finish(c, buffer)
