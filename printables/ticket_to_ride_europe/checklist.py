"""Ticket to Ride: Europe paper: a ticket checklist per player.

One page per player: every ticket of the variant's deck (cities, points, long
tickets marked) with a "kept" box to tick when the player keeps the ticket and
a "done" box to tick at the end when their routes (with a station's borrowed
route) connect the two cities, then the sums that make the Tickets row. The
sheet says it is secret: a player's tickets are nobody else's business until
the final scoring. Every variant has its deck in the data (Big Cities: the 45
regular 1912 tickets touching one of the nine big cities); a variant without
one would get blank lines to write each ticket on.

The deck comes from the engine's data, so the paper lists exactly the tickets
the companion accepts for that variant.
"""

from __future__ import annotations

from io import BytesIO

from reportlab.lib.units import mm

from companion.games.core.problems import N_
from companion.games.ticket_to_ride_europe import board

from ..core import style
from ..core.i18n import PrintLocale, print_locale
from ..core.style import INK, MARGIN, MUTED, RULE, draw_fitted, wrap
from .pads import GAME, MAX_PLAYERS, MIN_PLAYERS, check_names, check_players

TITLE = N_("Ticket checklist")
VARIANTS = {
    "base": N_("Europe (base game tickets)"),
    "1912": N_("Europa 1912 (1912 tickets only)"),
    "mega": N_("Mega Europe (all 101 tickets)"),
    "big-cities": N_("Big Cities (45 tickets, no long ones)"),
}
PLAYER = N_("Player")
SECRET = N_("Secret: your tickets are nobody else's business until the final scoring. Keep this sheet face down.")
HOW = N_("Tick \"kept\" for every ticket you keep (at the start and during play). At the end, tick \"done\" for "
         "each kept ticket your routes connect (a station may borrow one route of another player in its city).")
HOW_BLANK = N_("Write every ticket you keep on a line: its two cities and its points. At the end, tick \"done\" for "
               "each one your routes connect (a station may borrow one route of another player in its city).")
KEPT = N_("kept")
DONE = N_("done")
TICKET = N_("Ticket")
POINTS = N_("Points")
LONG = N_("long")
SORTED = N_("Listed by the first city in alphabetical order; a ticket reads the same both ways.")
SUM_DONE = N_("Completed tickets: +")
SUM_FAILED = N_("Kept, not completed: −")
SUM_ROW = N_("Tickets row =")
BLANK_LINES = 24
ROW_MAX = 8 * mm
BOX = 3.4 * mm


def deck(variant: str) -> list | None:
    """The variant's tickets sorted by their cities, or None when the data has no deck for it (Big Cities)."""
    if variant not in VARIANTS:
        raise ValueError(f"variant must be one of {', '.join(VARIANTS)}, not {variant!r}.")
    cards = board().decks.get(variant)
    if cards is None:
        return None
    return sorted(cards.values(), key=lambda t: (t.city_a.casefold(), t.city_b.casefold()))


def draw_title(c, name: str, variant: str, left: float, top: float, width: float, loc: PrintLocale) -> float:
    """Draw the game, the sheet's title, the variant and the player's name (or a line to write it); return the
    y below."""
    fonts = loc.fonts
    c.setFillColor(INK)
    draw_fitted(c, loc.t(GAME), left, top - 6 * mm, width * 0.55, fonts.bold, 14, fonts=fonts)
    c.setFillColor(MUTED)
    draw_fitted(c, f"{loc.t(TITLE)} · {loc.t(VARIANTS[variant])}", left, top - 11.5 * mm, width * 0.55,
                fonts.regular, 9, fonts=fonts)
    x = left + width * 0.58
    c.setFillColor(INK)
    label = loc.printable(loc.t(PLAYER))
    c.setFont(fonts.regular, 9)
    c.drawString(x, top - 6 * mm, label)
    start = x + c.stringWidth(label, fonts.regular, 9) + 2 * mm
    if name:
        draw_fitted(c, name, start, top - 6 * mm, left + width - start, fonts.bold, 13, fonts=fonts)
    else:
        c.setStrokeColor(MUTED)
        c.setLineWidth(0.5)
        c.line(start, top - 6.3 * mm, left + width, top - 6.3 * mm)
    y = top - 15 * mm
    for text, font in ((SECRET, fonts.bold), (HOW if deck(variant) is not None else HOW_BLANK, fonts.regular)):
        lines, size = wrap(loc.printable(loc.t(text)), font, 7.5, width, 2)
        c.setFont(font, size)
        c.setFillColor(INK if font == fonts.bold else MUTED)
        for line in lines:
            y -= size * 1.3
            c.drawString(left, y, line)
    return y - 2 * mm


def draw_box(c, x: float, y: float) -> None:
    """Draw one empty tick box with its lower left corner at (x, y)."""
    c.setStrokeColor(INK)
    c.setLineWidth(0.6)
    c.rect(x, y, BOX, BOX, stroke=1, fill=0)


def draw_column_head(c, x: float, y: float, width: float, loc: PrintLocale) -> None:
    """Draw the heads of one column of tickets: kept, done, ticket, points."""
    fonts = loc.fonts
    c.setFillColor(MUTED)
    for text, cx in ((KEPT, x + 3 * mm), (DONE, x + 10 * mm)):
        draw_fitted(c, loc.t(text), cx, y, 7 * mm, fonts.regular, 6.5, align="centre", fonts=fonts)
    draw_fitted(c, loc.t(TICKET), x + 15 * mm, y, width - 30 * mm, fonts.regular, 6.5, fonts=fonts)
    draw_fitted(c, loc.t(POINTS), x + width - 1 * mm, y, 14 * mm, fonts.regular, 6.5, align="right", fonts=fonts)


def draw_ticket_row(c, ticket, x: float, top: float, width: float, row_h: float, loc: PrintLocale) -> None:
    """Draw one ticket's line: the two boxes, "City – City" (long tickets marked) and its points."""
    fonts = loc.fonts
    mid = top - row_h / 2
    size = min(9.0, row_h / mm * 1.9)
    draw_box(c, x + 3 * mm - BOX / 2, mid - BOX / 2)
    draw_box(c, x + 10 * mm - BOX / 2, mid - BOX / 2)
    c.setFillColor(INK)
    text = f"{ticket.city_a} – {ticket.city_b}"
    if ticket.kind == "long":
        text += f" ({loc.t(LONG)})"
    draw_fitted(c, text, x + 15 * mm, mid - size * 0.35, width - 27 * mm, fonts.regular, size, fonts=fonts)
    draw_fitted(c, str(ticket.points), x + width - 1 * mm, mid - size * 0.35, 10 * mm, fonts.bold, size,
                align="right", fonts=fonts)
    c.setStrokeColor(RULE)
    c.setLineWidth(0.35)
    c.line(x, top - row_h, x + width, top - row_h)


def draw_blank_row(c, x: float, top: float, width: float, row_h: float) -> None:
    """Draw one write-in line: the done box, a line for the cities and a short line for the points."""
    mid = top - row_h / 2
    draw_box(c, x + 10 * mm - BOX / 2, mid - BOX / 2)
    c.setStrokeColor(RULE)
    c.setLineWidth(0.45)
    c.line(x + 15 * mm, top - row_h + 1.2 * mm, x + width - 16 * mm, top - row_h + 1.2 * mm)
    c.line(x + width - 12 * mm, top - row_h + 1.2 * mm, x + width - 1 * mm, top - row_h + 1.2 * mm)


def draw_sums(c, left: float, y: float, width: float, loc: PrintLocale) -> None:
    """Draw the three write-in sums that make the Tickets row."""
    fonts = loc.fonts
    third = width / 3
    for k, text in enumerate((SUM_DONE, SUM_FAILED, SUM_ROW)):
        x = left + k * third
        label = loc.printable(loc.t(text))
        size = style.fit_size(label, fonts.bold, 9, third * 0.62)
        c.setFillColor(INK)
        c.setFont(fonts.bold, size)
        c.drawString(x, y, label)
        c.setStrokeColor(INK)
        c.setLineWidth(0.6)
        start = x + c.stringWidth(label, fonts.bold, size) + 1.5 * mm
        c.line(start, y - 0.6 * mm, x + third - 4 * mm, y - 0.6 * mm)


def draw_checklist(c, name: str, variant: str, page_w: float, page_h: float, loc: PrintLocale) -> None:
    """Draw one player's page: title, the deck in two columns (or blank lines), the sums."""
    left, width = MARGIN, page_w - 2 * MARGIN
    y = draw_title(c, name, variant, left, page_h - MARGIN, width, loc)
    cards = deck(variant)
    rows = cards if cards is not None else [None] * BLANK_LINES
    per_column = (len(rows) + 1) // 2
    gap = 8 * mm
    column_w = (width - gap) / 2
    sums_h = 14 * mm
    head_y = y - 3 * mm
    top = head_y - 2 * mm
    row_h = min(ROW_MAX, (top - MARGIN - sums_h) / per_column)
    for col in range(2):
        x = left + col * (column_w + gap)
        draw_column_head(c, x, head_y, column_w, loc)
        c.setStrokeColor(INK)
        c.setLineWidth(0.8)
        c.line(x, top, x + column_w, top)
        for k, ticket in enumerate(rows[col * per_column:(col + 1) * per_column]):
            row_top = top - k * row_h
            if ticket is None:
                draw_blank_row(c, x, row_top, column_w, row_h)
            else:
                draw_ticket_row(c, ticket, x, row_top, column_w, row_h, loc)
    bottom = top - per_column * row_h
    if cards is not None:
        c.setFillColor(MUTED)
        draw_fitted(c, loc.t(SORTED), left, bottom - 4.5 * mm, width, loc.fonts.italic, 7, fonts=loc.fonts)
    draw_sums(c, left, bottom - 11 * mm, width, loc)


def checklist_pdf(players: int = MAX_PLAYERS, names: list[str] | None = None, variant: str = "base",
                  paper: str = "a4", lang: str = "en") -> bytes:
    """Build one ticket checklist page per player (names printed when given) for a variant; return PDF bytes."""
    check_players(players)
    printed = check_names(names, players)
    deck(variant)  # refuses an unknown variant before any drawing
    page_w, page_h = style.paper_size(paper)
    loc = print_locale(lang)
    buffer = BytesIO()
    c = style.new_canvas(buffer, paper, f"{loc.t(GAME)} · {loc.t(TITLE)}", loc.t(style.SUBJECT), lang)
    for name in printed:
        draw_checklist(c, name, variant, page_w, page_h, loc)
        c.showPage()
    return style.finish(c, buffer)


__all__ = ["MAX_PLAYERS", "MIN_PLAYERS", "VARIANTS", "checklist_pdf", "deck"]
