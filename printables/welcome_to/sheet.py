"""A blank Welcome To... player sheet, drawn from `sheet.json`: three streets with their printed pools and park
tracks, fence lines between the houses, the estate value columns, the pool, temp agency, bis, permit refusal
and roundabout tracks, the city plan boxes and the scoring boxes. Landscape, one sheet per page."""

from __future__ import annotations

from io import BytesIO

from reportlab.lib.colors import HexColor
from reportlab.lib.pagesizes import landscape
from reportlab.lib.units import mm

from companion.games.welcome_to import RULES, Rules
from companion.games.welcome_to.data import ESTATE_SIZES

from ..core import style
from ..core.i18n import PrintLocale, print_locale
from ..core.style import INK, MARGIN, MUTED, RULE, draw_fitted, wrap
from . import texts

POOL = HexColor("#2a8fd6")
PARK = HexColor("#2f8a3b")
SHADE = HexColor("#f3efe4")
HOUSE_W = 13 * mm
HOUSE_H = 16 * mm
GAP = 2.6 * mm  # the fence line between two houses
STREET_H = 28 * mm
HEADER_H = 13 * mm
RIGHT_W = 64 * mm  # plan and scoring boxes
BOX = 4.8 * mm  # one track box


def page_size(paper: str) -> tuple[float, float]:
    """The landscape page of a paper size."""
    return landscape(style.paper_size(paper))


def draw_header(c, left: float, top: float, width: float, loc: PrintLocale) -> None:
    """The title, the line under it and the name line."""
    fonts = loc.fonts
    c.setFillColor(INK)
    draw_fitted(c, loc.t(texts.SHEET_TITLE), left, top - 6 * mm, width * 0.5, fonts.bold, 15, fonts=fonts)
    c.setFillColor(MUTED)
    draw_fitted(c, loc.t(texts.SHEET_SUBTITLE), left, top - 10.5 * mm, width * 0.5, fonts.italic, 7.5, fonts=fonts)
    name = loc.printable(loc.t(texts.NAME))
    x = left + width * 0.58
    c.setFillColor(INK)
    c.setFont(fonts.regular, 10)
    c.drawString(x, top - 7 * mm, name)
    c.setStrokeColor(MUTED)
    c.setLineWidth(0.6)
    c.line(x + c.stringWidth(name, fonts.regular, 10) + 2 * mm, top - 7.3 * mm, left + width, top - 7.3 * mm)


def draw_track(c, values: tuple[int, ...], left: float, mid: float, loc: PrintLocale, minus: bool = False,
               colour=INK, box: float = BOX) -> float:
    """A row of boxes with their values (the first value is the printed start, not a box); return its right end."""
    c.setLineWidth(0.5)
    for i, value in enumerate(values):
        x = left + i * box
        c.setStrokeColor(colour)
        c.rect(x, mid - box / 2, box, box, stroke=1, fill=0)
        c.setFillColor(INK)
        text = f"−{value}" if minus and value else str(value)
        draw_fitted(c, text, x + box / 2, mid - 1.1 * mm, box - 0.6 * mm, loc.fonts.regular, 7, align="centre")
    return left + len(values) * box


def draw_street(c, rules: Rules, street: int, left: float, top: float, loc: PrintLocale) -> None:
    """One street: its name, park track and houses, printed pools as circles, dotted fence lines between houses."""
    fonts = loc.fonts
    c.setFillColor(INK)
    draw_fitted(c, loc.t(texts.STREET, n=street + 1), left, top - 4 * mm, 30 * mm, fonts.bold, 10, fonts=fonts)
    parks = loc.printable(loc.t(texts.PARKS))
    c.setFillColor(PARK)
    c.setFont(fonts.bold, 8)
    park_left = left + 34 * mm
    c.drawString(park_left, top - 4 * mm, parks)
    draw_track(c, rules.park_tracks[street][1:], park_left + c.stringWidth(parks, fonts.bold, 8) + 2 * mm,
               top - 3.2 * mm, loc, colour=PARK)
    y = top - 7 * mm - HOUSE_H
    size = rules.street_sizes[street]
    pools = set(rules.pools_of(street))
    for h in range(size):
        x = left + h * (HOUSE_W + GAP)
        c.setFillColor(SHADE)
        c.setStrokeColor(INK)
        c.setLineWidth(0.8)
        c.rect(x, y, HOUSE_W, HOUSE_H, stroke=1, fill=1)
        if h in pools:
            c.setStrokeColor(POOL)
            c.setLineWidth(1)
            c.circle(x + HOUSE_W - 2.6 * mm, y + HOUSE_H - 2.6 * mm, 1.7 * mm, stroke=1, fill=0)
        if h < size - 1:
            draw_fence_line(c, x + HOUSE_W + GAP / 2, y, HOUSE_H)
    # The street ends are fenced already.
    c.setStrokeColor(INK)
    c.setLineWidth(1.6)
    for x in (left - GAP / 2, left + size * (HOUSE_W + GAP) - GAP / 2):
        c.line(x, y - 1 * mm, x, y + HOUSE_H + 1 * mm)


def draw_fence_line(c, x: float, y: float, height: float) -> None:
    """A dotted line where a fence may be drawn."""
    c.saveState()
    c.setStrokeColor(MUTED)
    c.setLineWidth(0.6)
    c.setDash([0.8 * mm, 0.8 * mm])
    c.line(x, y, x, y + height)
    c.restoreState()


def draw_estate_columns(c, rules: Rules, left: float, top: float, loc: PrintLocale) -> float:
    """The six estate value columns (size, printed value, boxes to cross); return the block's width."""
    fonts = loc.fonts
    c.setFillColor(INK)
    draw_fitted(c, loc.t(texts.ESTATE_VALUES), left, top - 3.5 * mm, 74 * mm, fonts.bold, 9, fonts=fonts)
    col_w = 12.5 * mm
    for k, n in enumerate(ESTATE_SIZES):
        x = left + k * col_w
        track = rules.estate_track(n)
        draw_house_count(c, n, x + col_w / 2, top - 7.5 * mm)
        c.setFillColor(INK)
        draw_fitted(c, str(track[0]), x + col_w / 2, top - 13 * mm, col_w - 1 * mm, fonts.bold, 11, align="centre")
        for i, value in enumerate(track[1:]):
            y = top - 15 * mm - (i + 1) * BOX
            c.setStrokeColor(INK)
            c.setLineWidth(0.5)
            c.rect(x + (col_w - BOX) / 2, y, BOX, BOX, stroke=1, fill=0)
            draw_fitted(c, str(value), x + col_w / 2, y + 1.3 * mm, BOX - 0.6 * mm, fonts.regular, 7,
                        align="centre")
    return len(ESTATE_SIZES) * col_w


def draw_house_count(c, n: int, centre: float, mid: float) -> None:
    """A column's estate size as a row of little houses (1 to 6), as the printed sheet shows it."""
    side = 1.5 * mm
    left = centre - (n * side + (n - 1) * 0.4 * mm) / 2
    c.setFillColor(INK)
    for k in range(n):
        c.rect(left + k * (side + 0.4 * mm), mid - side / 2, side, side, stroke=0, fill=1)


def draw_tracks(c, rules: Rules, left: float, top: float, width: float, loc: PrintLocale) -> None:
    """The pool, temp agency, bis, permit refusal and roundabout tracks, one per line."""
    fonts = loc.fonts
    label_w = 40 * mm
    lines = [(texts.POOLS, rules.pool_track[1:], False, POOL), (texts.TEMPS, tuple(range(1, rules.temp_boxes + 1)),
                                                                  False, INK),
             (texts.BIS, rules.bis_track[1:], True, INK), (texts.REFUSALS, rules.refusal_track[1:], True, INK),
             (texts.ROUNDABOUTS, rules.roundabout_track[1:], True, INK)]
    for i, (label, values, minus, colour) in enumerate(lines):
        mid = top - 4 * mm - i * 8 * mm
        c.setFillColor(INK)
        draw_fitted(c, loc.t(label), left, mid - 1.2 * mm, label_w - 1.5 * mm, fonts.bold, 8, fonts=fonts)
        draw_track(c, values, left + label_w, mid, loc, minus=minus, colour=colour,
                   box=min(BOX, (width - label_w) / max(len(values), 1)))


def draw_scoring(c, left: float, top: float, width: float, loc: PrintLocale) -> float:
    """The three plan boxes and one box per scoring row, then the total; return the bottom."""
    fonts = loc.fonts
    c.setFillColor(INK)
    draw_fitted(c, loc.t(texts.PLANS), left, top - 4 * mm, width, fonts.bold, 10, fonts=fonts)
    plan_w = (width - 4 * mm) / 3
    for k in range(3):
        x = left + k * (plan_w + 2 * mm)
        c.setStrokeColor(INK)
        c.setLineWidth(0.8)
        c.roundRect(x, top - 19 * mm, plan_w, 12 * mm, 1.5 * mm, stroke=1, fill=0)
        c.setFillColor(MUTED)
        draw_fitted(c, loc.t(texts.STACK, n=k + 1), x + 1.5 * mm, top - 10 * mm, plan_w - 3 * mm, fonts.regular, 7,
                    fonts=fonts)
    y = top - 24 * mm
    c.setFillColor(INK)
    draw_fitted(c, loc.t(texts.SCORE), left, y - 3 * mm, width, fonts.bold, 10, fonts=fonts)
    y -= 5 * mm
    row_h = 8.6 * mm
    box_w = 17 * mm
    for label in (*texts.ROWS, texts.TOTAL):
        y -= row_h
        total = label == texts.TOTAL
        c.setFillColor(INK)
        text = loc.t(label) + (" (−)" if label in texts.MINUS_ROWS else "")
        draw_fitted(c, text, left, y + row_h / 2 - 1.3 * mm, width - box_w - 2 * mm,
                    fonts.bold if total else fonts.regular, 9 if total else 8, fonts=fonts)
        c.setStrokeColor(INK)
        c.setLineWidth(1.4 if total else 0.7)
        c.rect(left + width - box_w, y + 0.8 * mm, box_w, row_h - 1.6 * mm, stroke=1, fill=0)
    return y


def draw_help(c, left: float, bottom: float, width: float, loc: PrintLocale) -> None:
    """How to fill the sheet, in two small lines at the bottom."""
    lines, size = wrap(loc.printable(loc.t(texts.HELP)), loc.fonts.italic, 7, width, 2)
    c.setFillColor(MUTED)
    c.setFont(loc.fonts.italic, size)
    for i, line in enumerate(lines):
        c.drawString(left, bottom + (len(lines) - 1 - i) * size * 1.3, line)


def draw_sheet(c, rules: Rules, page_w: float, page_h: float, loc: PrintLocale) -> None:
    """One whole player sheet on the current page."""
    left, top = MARGIN, page_h - MARGIN
    width = page_w - 2 * MARGIN
    draw_header(c, left, top, width, loc)
    streets_w = width - RIGHT_W - 6 * mm
    y = top - HEADER_H
    for s in range(len(rules.street_sizes)):
        draw_street(c, rules, s, left + GAP, y, loc)
        y -= STREET_H
    c.setStrokeColor(RULE)
    c.setLineWidth(0.5)
    c.line(left, y - 1 * mm, left + streets_w, y - 1 * mm)
    block = draw_estate_columns(c, rules, left, y - 3 * mm, loc)
    draw_tracks(c, rules, left + block + 6 * mm, y - 3 * mm, streets_w - block - 6 * mm, loc)
    draw_scoring(c, left + width - RIGHT_W, top - HEADER_H, RIGHT_W, loc)
    draw_help(c, left, MARGIN, streets_w, loc)


def sheet_pdf(paper: str = "a4", sheets: int = 1, lang: str = "en", rules: Rules = RULES) -> bytes:
    """Build `sheets` blank player sheets (one per landscape page) in a language ("en", "ja"); return the PDF."""
    if isinstance(sheets, bool) or not isinstance(sheets, int) or not 1 <= sheets <= 100:
        raise ValueError(f"sheets must be a whole number from 1 to 100, not {sheets!r}.")
    loc = print_locale(lang)
    page_w, page_h = page_size(paper)
    buffer = BytesIO()
    c = style.new_canvas(buffer, paper, loc.t(texts.SHEET_TITLE), loc.t(texts.SUBJECT), lang)
    c.setPageSize((page_w, page_h))
    for _sheet in range(sheets):
        draw_sheet(c, rules, page_w, page_h, loc)
        c.showPage()
    return style.finish(c, buffer)
