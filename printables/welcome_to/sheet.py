"""A blank Welcome To... player sheet, drawn from `sheet.json`: three streets with their printed pools and park
tracks, fence lines between the houses, the estate value columns, the pool, temp agency, bis, permit refusal
and roundabout tracks, the city plan boxes and the scoring boxes. Landscape, one sheet per page.

Each house has a small "b" box (tick it for a bis) and an "R" box (tick it for a roundabout), and the page
carries the camera marks (corner markers, page code of kind 3), so a phone photo of a filled sheet can be
read (companion.vision.welcome_to). Drawing records every place the reader samples (`SheetLayout`), so the
print and the reader never disagree."""

from __future__ import annotations

from dataclasses import dataclass, field
from io import BytesIO

from reportlab.lib.colors import HexColor, white
from reportlab.lib.pagesizes import landscape
from reportlab.lib.units import mm

from companion.games.welcome_to import RULES, Rules
from companion.games.welcome_to.data import ESTATE_SIZES

from ..core import camera, style
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
MARK_BOX = 3.4 * mm  # a house's bis and roundabout boxes, in its bottom corners
MARK_INSET = 0.8 * mm
POOL_R = 1.7 * mm
POOL_INSET = 2.6 * mm  # from the house's top-right corner to the printed pool's centre
CAMERA_ID = "welcome-to/sheet"  # the page code's board name for every Welcome To sheet (player board 0)
CAMERA_KIND = 3  # pagecode.KINDS: "welcome-to-sheet"

Rect = tuple[float, float, float, float]  # x0, y0, x1, y1 in points, y up


@dataclass
class SheetLayout:
    """Where the things a player marks are printed, in page points (y up): what the photo reader samples."""

    width: float = 0.0
    height: float = 0.0
    houses: dict[tuple[int, int], Rect] = field(default_factory=dict)  # (street, house) -> the house
    bis_boxes: dict[tuple[int, int], Rect] = field(default_factory=dict)
    roundabout_boxes: dict[tuple[int, int], Rect] = field(default_factory=dict)
    pools: dict[tuple[int, int], tuple[float, float, float]] = field(default_factory=dict)  # centre x, y, radius
    fences: dict[tuple[int, int], tuple[float, float, float]] = field(default_factory=dict)  # (street, i) -> x, y0, y1
    tracks: dict[str, list[Rect]] = field(default_factory=dict)  # "park0".."park2", "estate1".."estate6", "pools"...

    def track(self, name: str) -> list[Rect]:
        """Return a track's box list (made on first use)."""
        return self.tracks.setdefault(name, [])


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
               colour=INK, box: float = BOX, boxes: list[Rect] | None = None) -> float:
    """A row of boxes with their values (the first value is the printed start, not a box); return its right end."""
    c.setLineWidth(0.5)
    for i, value in enumerate(values):
        x = left + i * box
        if boxes is not None:
            boxes.append((x, mid - box / 2, x + box, mid + box / 2))
        c.setStrokeColor(colour)
        c.rect(x, mid - box / 2, box, box, stroke=1, fill=0)
        c.setFillColor(INK)
        text = f"−{value}" if minus and value else str(value)
        draw_fitted(c, text, x + box / 2, mid - 1.1 * mm, box - 0.6 * mm, loc.fonts.regular, 7, align="centre")
    return left + len(values) * box


def draw_street(c, rules: Rules, street: int, left: float, top: float, loc: PrintLocale,
                rec: SheetLayout) -> None:
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
               top - 3.2 * mm, loc, colour=PARK, boxes=rec.track(f"park{street}"))
    y = top - 7 * mm - HOUSE_H
    size = rules.street_sizes[street]
    pools = set(rules.pools_of(street))
    for h in range(size):
        x = left + h * (HOUSE_W + GAP)
        c.setFillColor(SHADE)
        c.setStrokeColor(INK)
        c.setLineWidth(0.8)
        c.rect(x, y, HOUSE_W, HOUSE_H, stroke=1, fill=1)
        rec.houses[(street, h)] = (x, y, x + HOUSE_W, y + HOUSE_H)
        if h in pools:
            c.setStrokeColor(POOL)
            c.setLineWidth(1)
            c.circle(x + HOUSE_W - POOL_INSET, y + HOUSE_H - POOL_INSET, POOL_R, stroke=1, fill=0)
            rec.pools[(street, h)] = (x + HOUSE_W - POOL_INSET, y + HOUSE_H - POOL_INSET, POOL_R)
        draw_mark_boxes(c, street, h, x, y, loc, rec)
        if h < size - 1:
            draw_fence_line(c, x + HOUSE_W + GAP / 2, y, HOUSE_H)
            rec.fences[(street, h)] = (x + HOUSE_W + GAP / 2, y, y + HOUSE_H)
    # The street ends are fenced already.
    c.setStrokeColor(INK)
    c.setLineWidth(1.6)
    for x in (left - GAP / 2, left + size * (HOUSE_W + GAP) - GAP / 2):
        c.line(x, y - 1 * mm, x, y + HOUSE_H + 1 * mm)


def draw_mark_boxes(c, street: int, house: int, x: float, y: float, loc: PrintLocale, rec: SheetLayout) -> None:
    """A house's two small boxes: "b" bottom left (a bis), "R" bottom right (a roundabout), letters in grey."""
    for letter, left, boxes in (("b", x + MARK_INSET, rec.bis_boxes),
                                ("R", x + HOUSE_W - MARK_INSET - MARK_BOX, rec.roundabout_boxes)):
        c.setStrokeColor(MUTED)
        c.setFillColor(white)
        c.setLineWidth(0.4)
        c.rect(left, y + MARK_INSET, MARK_BOX, MARK_BOX, stroke=1, fill=1)
        c.setFillColor(MUTED)
        c.setFont(loc.fonts.regular, 5.5)
        c.drawCentredString(left + MARK_BOX / 2, y + MARK_INSET + 1.0 * mm, letter)
        boxes[(street, house)] = (left, y + MARK_INSET, left + MARK_BOX, y + MARK_INSET + MARK_BOX)


def draw_fence_line(c, x: float, y: float, height: float) -> None:
    """A dotted line where a fence may be drawn."""
    c.saveState()
    c.setStrokeColor(MUTED)
    c.setLineWidth(0.6)
    c.setDash([0.8 * mm, 0.8 * mm])
    c.line(x, y, x, y + height)
    c.restoreState()


def draw_estate_columns(c, rules: Rules, left: float, top: float, loc: PrintLocale, rec: SheetLayout) -> float:
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
            rec.track(f"estate{n}").append((x + (col_w - BOX) / 2, y, x + (col_w + BOX) / 2, y + BOX))
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


def draw_tracks(c, rules: Rules, left: float, top: float, width: float, loc: PrintLocale, rec: SheetLayout) -> None:
    """The pool, temp agency, bis, permit refusal and roundabout tracks, one per line."""
    fonts = loc.fonts
    label_w = 40 * mm
    lines = [("pools", texts.POOLS, rules.pool_track[1:], False, POOL),
             ("temps", texts.TEMPS, tuple(range(1, rules.temp_boxes + 1)), False, INK),
             ("bis", texts.BIS, rules.bis_track[1:], True, INK),
             ("refusals", texts.REFUSALS, rules.refusal_track[1:], True, INK),
             ("roundabouts", texts.ROUNDABOUTS, rules.roundabout_track[1:], True, INK)]
    for i, (name, label, values, minus, colour) in enumerate(lines):
        mid = top - 4 * mm - i * 8 * mm
        c.setFillColor(INK)
        draw_fitted(c, loc.t(label), left, mid - 1.2 * mm, label_w - 1.5 * mm, fonts.bold, 8, fonts=fonts)
        draw_track(c, values, left + label_w, mid, loc, minus=minus, colour=colour,
                   box=min(BOX, (width - label_w) / max(len(values), 1)), boxes=rec.track(name))


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


def draw_sheet(c, rules: Rules, page_w: float, page_h: float, loc: PrintLocale) -> SheetLayout:
    """One whole player sheet on the current page, with its camera marks; return where its boxes are."""
    rec = SheetLayout(page_w, page_h)
    camera.draw_camera_marks(c, CAMERA_ID, 0, page_w, page_h, loc.lang, kind=CAMERA_KIND)
    left, top = MARGIN, page_h - MARGIN
    width = page_w - 2 * MARGIN
    draw_header(c, left, top, width, loc)
    streets_w = width - RIGHT_W - 6 * mm
    y = top - HEADER_H
    for s in range(len(rules.street_sizes)):
        draw_street(c, rules, s, left + GAP, y, loc, rec)
        y -= STREET_H
    c.setStrokeColor(RULE)
    c.setLineWidth(0.5)
    c.line(left, y - 1 * mm, left + streets_w, y - 1 * mm)
    block = draw_estate_columns(c, rules, left, y - 3 * mm, loc, rec)
    draw_tracks(c, rules, left + block + 6 * mm, y - 3 * mm, streets_w - block - 6 * mm, loc, rec)
    draw_scoring(c, left + width - RIGHT_W, top - HEADER_H, RIGHT_W, loc)
    draw_help(c, left, MARGIN, streets_w, loc)
    return rec


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


def sheet_layout(paper: str = "a4", lang: str = "en", rules: Rules = RULES) -> SheetLayout:
    """Where a sheet printed on `paper` in `lang` has its houses, fences and boxes (drawn once, not saved)."""
    loc = print_locale(lang)
    page_w, page_h = page_size(paper)
    c = style.new_canvas(BytesIO(), paper, loc.t(texts.SHEET_TITLE), loc.t(texts.SUBJECT), lang)
    c.setPageSize((page_w, page_h))
    return draw_sheet(c, rules, page_w, page_h, loc)
