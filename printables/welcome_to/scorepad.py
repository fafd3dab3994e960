"""Welcome To... score pads: one column per player, a row per scoring line of the sheet (the three plans apart),
the total and the tie-break count; two pads to a portrait page."""

from __future__ import annotations

from io import BytesIO

from reportlab.lib.units import mm

from ..core import style
from ..core.i18n import PrintLocale, print_locale
from ..core.pads import PADS_PER_PAGE, draw_frame, draw_note, draw_pads
from ..core.style import INK, MUTED, RULE, draw_fitted
from . import texts

MAX_PLAYERS = 6
PADDING = 4 * mm
HEADER = 12 * mm
NAMES = 9 * mm
LABEL_W = 52 * mm
NOTE = 7 * mm


def check_players(players: int) -> int:
    """Return the number of players if it is 1..6, else raise ValueError saying so."""
    if isinstance(players, bool) or not isinstance(players, int) or not 1 <= players <= MAX_PLAYERS:
        raise ValueError(f"players must be a whole number from 1 to {MAX_PLAYERS}, not {players!r}.")
    return players


def pad_rows() -> list[tuple[str, dict, bool]]:
    """The pad's rows as (text, params, minus): each plan, the other sheet rows, then the estates count."""
    rows: list[tuple[str, dict, bool]] = [(texts.PLAN_ROW, {"n": n}, False) for n in (1, 2, 3)]
    rows += [(row, {}, row in texts.MINUS_ROWS) for row in texts.ROWS[1:]]
    return rows


def draw_pad_header(c, left: float, top: float, width: float, loc: PrintLocale) -> None:
    """The pad's title and its date line."""
    fonts = loc.fonts
    c.setFillColor(INK)
    draw_fitted(c, loc.t(texts.PAD_TITLE), left, top - 7 * mm, width * 0.6, fonts.bold, 13, fonts=fonts)
    date = loc.printable(loc.t(texts.DATE))
    x = left + width * 0.66
    c.setFont(fonts.regular, 9)
    c.drawString(x, top - 7 * mm, date)
    c.setStrokeColor(MUTED)
    c.setLineWidth(0.5)
    c.line(x + c.stringWidth(date, fonts.regular, 9) + 2 * mm, top - 7.3 * mm, left + width, top - 7.3 * mm)


def draw_table(c, players: int, left: float, top: float, width: float, row_h: float, loc: PrintLocale) -> float:
    """The name row, one row per scoring line, the total and the estates count; return the bottom."""
    fonts = loc.fonts
    column_w = (width - LABEL_W) / players
    for p in range(players):
        x = left + LABEL_W + p * column_w
        c.setFillColor(MUTED)
        draw_fitted(c, loc.t(texts.PLAYER_COLUMN, n=p + 1), x + 1.5 * mm, top - NAMES + 1 * mm, column_w - 3 * mm,
                    fonts.regular, 6, fonts=fonts)
    y = top - NAMES
    c.setStrokeColor(INK)
    c.setLineWidth(0.9)
    c.line(left, y, left + width, y)
    for text, params, minus in pad_rows():
        c.setFillColor(INK)
        label = loc.t(text, **params) + (" (−)" if minus else "")
        draw_fitted(c, label, left + 1.5 * mm, y - row_h / 2 - 1.2 * mm, LABEL_W - 3 * mm, fonts.regular, 8.5,
                    fonts=fonts)
        y -= row_h
        c.setStrokeColor(RULE)
        c.setLineWidth(0.4)
        c.line(left, y, left + width, y)
    c.setStrokeColor(INK)
    c.setLineWidth(1.2)
    c.line(left, y, left + width, y)
    c.setFillColor(INK)
    draw_fitted(c, loc.t(texts.TOTAL), left + 1.5 * mm, y - row_h / 2 - 1.5 * mm, LABEL_W - 3 * mm, fonts.bold, 10,
                fonts=fonts)
    y -= row_h
    c.rect(left + LABEL_W, y, width - LABEL_W, row_h, stroke=1, fill=0)
    c.setFillColor(MUTED)
    draw_fitted(c, loc.t(texts.ESTATES_COUNT), left + 1.5 * mm, y - row_h / 2 - 1.2 * mm, LABEL_W - 3 * mm,
                fonts.italic, 7.5, fonts=fonts)
    bottom = y - row_h
    c.setStrokeColor(RULE)
    c.setLineWidth(0.4)
    c.line(left, bottom, left + width, bottom)
    c.setLineWidth(0.5)
    for p in range(players + 1):
        x = left + LABEL_W + p * column_w
        c.line(x, top, x, bottom)
    return bottom


def draw_pad(c, players: int, left: float, top: float, width: float, height: float, loc: PrintLocale) -> None:
    """One whole score pad in its box."""
    draw_frame(c, left, top, width, height)
    inner_left, inner_w = left + PADDING, width - 2 * PADDING
    draw_pad_header(c, inner_left, top - PADDING, inner_w, loc)
    rows = len(pad_rows()) + 2
    row_h = min(8.5 * mm, (height - 2 * PADDING - HEADER - NAMES - NOTE) / rows)
    bottom = draw_table(c, players, inner_left, top - PADDING - HEADER, inner_w, row_h, loc)
    draw_note(c, loc.t(texts.TIES), inner_left, bottom, inner_w, loc, size=7, drop=4 * mm)


def scorepad_pdf(players: int = MAX_PLAYERS, paper: str = "a4", games: int = PADS_PER_PAGE, lang: str = "en") -> bytes:
    """Build `games` score pads for 1..6 players, two to a page, in a language ("en", "ja"); return the PDF."""
    check_players(players)
    if isinstance(games, bool) or not isinstance(games, int) or not 1 <= games <= 100:
        raise ValueError(f"games must be a whole number from 1 to 100, not {games!r}.")
    page = style.paper_size(paper)
    loc = print_locale(lang)
    buffer = BytesIO()
    c = style.new_canvas(buffer, paper, loc.t(texts.PAD_TITLE), loc.t(texts.SUBJECT), lang)
    draw_pads(c, games, page, lambda c, left, top, width, height: draw_pad(c, players, left, top, width, height, loc))
    return style.finish(c, buffer)
