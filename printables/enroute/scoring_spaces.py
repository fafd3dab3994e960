"""The scoring spaces under a map: rows 1-9 as the board prints them, and a total box.

The rows come in already translated (`texts.localized_rows`); the panel's own
words and the fonts come from the printable's language.
"""

from __future__ import annotations

import math

from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth

from companion.games.core.problems import N_
from companion.games.enroute.rows import ScoringRow

from .style import (
    FONT,
    INK,
    MUTED,
    PAPER,
    RULE,
    TOURIST_COLOURS,
    PrintLocale,
    draw_fitted,
    wrap,
)
from .symbols import (
    KIND_SYMBOLS,
    draw_cup,
    draw_kind_symbol,
    draw_number_disk,
    draw_visit_point,
)

LINE = 8.6 * mm
TITLE = 6 * mm
COLUMN_GAP = 8 * mm
BOX_W, BOX_H = 15 * mm, 5.6 * mm
SMALL_BOX = 6 * mm
TITLE_TEXT = N_("Scoring")
TOTAL_TEXT = N_("Total PP")


def draw_row_icon(c, key: str, x: float, y: float, size: float) -> None:
    """Draw the symbol that goes with a scoring row, if it has one."""
    if key in KIND_SYMBOLS:
        draw_kind_symbol(c, key, x, y, size)
    elif key == "cafes":
        draw_cup(c, x, y, size * 1.05)
    elif key == "visit_them_all":
        draw_visit_point(c, x, y, size * 0.8)


def scoring_spaces_height(rows: list[ScoringRow]) -> float:
    """Return the height of the scoring panel for these rows (plus the total)."""
    return TITLE + math.ceil((len(rows) + 1) / 2) * LINE


def draw_box(c, x: float, y: float, width: float, height: float, heavy: bool = False) -> None:
    """Draw an empty write-in box with its bottom-left corner at (x, y)."""
    c.saveState()
    c.setStrokeColor(INK if heavy else MUTED)
    c.setFillColor(PAPER)
    c.setLineWidth(1.4 if heavy else 0.6)
    c.roundRect(x, y, width, height, 1.2 * mm, stroke=1, fill=1)
    c.restoreState()


def draw_product_boxes(c, right: float, y: float) -> float:
    """Draw the 'tourists x landmarks =' boxes left of the answer box; return their left edge."""
    c.saveState()
    c.setFillColor(MUTED)
    c.setFont(FONT, 8)
    x = right - 2.2 * mm
    c.drawRightString(x, y + 1.6 * mm, "=")
    x -= 2.6 * mm + SMALL_BOX
    draw_box(c, x, y, SMALL_BOX, BOX_H)
    c.setFillColor(MUTED)
    c.setFont(FONT, 8)
    c.drawCentredString(x - 2 * mm, y + 1.6 * mm, "\u00d7")
    x -= 4 * mm + SMALL_BOX
    draw_box(c, x, y, SMALL_BOX, BOX_H)
    c.restoreState()
    return x


def draw_scoring_row(c, row: ScoringRow, left: float, top: float, width: float, loc: PrintLocale) -> None:
    """Draw one scoring space: number, icon, label, hint, and the boxes to write in."""
    mid = top - LINE / 2
    draw_number_disk(c, row.number, left + 2.6 * mm, mid, 5 * mm)
    text_left = left + 6.6 * mm
    # Rows without a symbol keep the gap, so every label starts at the same x.
    draw_row_icon(c, row.key, text_left + 2 * mm, mid, 4 * mm)
    text_left += 5.4 * mm
    box_left = left + width - BOX_W
    draw_box(c, box_left, mid - BOX_H / 2, BOX_W, BOX_H)
    text_right = box_left - 2 * mm
    if row.key in TOURIST_COLOURS:
        text_right = draw_product_boxes(c, box_left, mid - BOX_H / 2) - 2 * mm
    draw_row_text(c, row, text_left, mid, text_right - text_left, loc)


def draw_row_text(c, row: ScoringRow, left: float, mid: float, width: float, loc: PrintLocale) -> None:
    """Draw a row's label with its hint under it, the hint on two lines when it is long."""
    fonts = loc.fonts
    hint, size = wrap(loc.printable(row.hint), fonts.regular, 5.6, width, 2)
    # Centre the label-and-hint block on the row, whether the hint takes one line or two.
    baseline = mid + 0.2 * mm + (len(hint) - 1) * size * 0.6
    c.setFillColor(INK)
    draw_fitted(c, row.label, left, baseline, width, fonts.bold, 7.6, fonts=fonts)
    c.setFillColor(MUTED)
    c.setFont(fonts.regular, size)
    for i, line in enumerate(hint):
        c.drawString(left, baseline - 0.6 * mm - (i + 1) * size * 1.15, line)


def draw_total_row(c, left: float, top: float, width: float, loc: PrintLocale) -> None:
    """Draw the total box, heavier than the rows so it reads as the result."""
    mid = top - LINE / 2
    c.setFillColor(INK)
    box_w = BOX_W + 6 * mm
    draw_fitted(c, loc.t(TOTAL_TEXT), left + width - box_w - 2.5 * mm, mid - 1.2 * mm, width - box_w - 2.5 * mm,
                loc.fonts.bold, 10, align="right", fonts=loc.fonts)
    draw_box(c, left + width - box_w, mid - BOX_H * 0.65, box_w, BOX_H * 1.3, heavy=True)


def draw_scoring_spaces(c, rows: list[ScoringRow], left: float, top: float, width: float,
                        loc: PrintLocale) -> None:
    """Draw the scoring panel: a title and the rows (already in the page's language) in two columns, the total."""
    title = loc.printable(loc.t(TITLE_TEXT))
    c.setFillColor(INK)
    c.setFont(loc.fonts.bold, 8.5)
    c.drawString(left, top - 4 * mm, title)
    c.setStrokeColor(RULE)
    c.setLineWidth(0.6)
    rule_left = max(15 * mm, stringWidth(title, loc.fonts.bold, 8.5) + 2 * mm)
    c.line(left + rule_left, top - 3.3 * mm, left + width, top - 3.3 * mm)
    per_column = math.ceil((len(rows) + 1) / 2)
    column_w = (width - COLUMN_GAP) / 2
    slots = [*rows, None]
    for i, row in enumerate(slots):
        column, line = divmod(i, per_column)
        x = left + column * (column_w + COLUMN_GAP)
        y = top - TITLE - line * LINE
        if row is None:
            draw_total_row(c, x, y, column_w, loc)
        else:
            draw_scoring_row(c, row, x, y, column_w, loc)

