"""What every game's score pad shares: pads stacked on a page with a dashed cut line between them, the
rounded frame of a pad, and the small italic note under its table. Each game draws its own pad inside."""

from __future__ import annotations

import math
from collections.abc import Callable

from reportlab.lib.units import mm

from .i18n import PrintLocale
from .style import MARGIN, MUTED, RULE, wrap

PADS_PER_PAGE = 2
PAD_GAP = 10 * mm  # between two pads, where the cut line runs

# draw(c, left, top, width, height): one pad in the box given.
DrawPad = Callable[[object, float, float, float, float], None]


def draw_cut_line(c, y: float, page_width: float) -> None:
    """Draw the dashed line to cut two pads apart."""
    c.saveState()
    c.setStrokeColor(RULE)
    c.setLineWidth(0.5)
    c.setDash([2 * mm, 1.5 * mm])
    c.line(MARGIN, y, page_width - MARGIN, y)
    c.restoreState()


def draw_frame(c, left: float, top: float, width: float, height: float) -> None:
    """Draw a pad's rounded frame."""
    c.setStrokeColor(RULE)
    c.setLineWidth(0.6)
    c.roundRect(left, top - height, width, height, 2.5 * mm, stroke=1, fill=0)


def draw_note(c, text: str, left: float, top: float, width: float, loc: PrintLocale, size: float = 6.5,
              max_lines: int = 2, drop: float = 3.5 * mm, leading: float = 1.25) -> None:
    """Draw a small italic note of at most `max_lines` lines (shrunk to fit) below `top`."""
    lines, fitted = wrap(loc.printable(text), loc.fonts.italic, size, width, max_lines)
    c.setFillColor(MUTED)
    c.setFont(loc.fonts.italic, fitted)
    for i, line in enumerate(lines):
        c.drawString(left, top - drop - i * fitted * leading, line)


def draw_pads(c, games: int, page_size: tuple[float, float], draw: DrawPad, per_page: int = PADS_PER_PAGE) -> None:
    """Draw `games` pads, `per_page` stacked on each page between the margins, cut lines between them."""
    page_w, page_h = page_size
    pad_h = (page_h - 2 * MARGIN - (per_page - 1) * PAD_GAP) / per_page
    for page in range(math.ceil(games / per_page)):
        for slot in range(min(per_page, games - page * per_page)):
            top = page_h - MARGIN - slot * (pad_h + PAD_GAP)
            draw(c, MARGIN, top, page_w - 2 * MARGIN, pad_h)
            if slot:
                draw_cut_line(c, top + PAD_GAP / 2, page_w)
        c.showPage()
