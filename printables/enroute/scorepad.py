"""Score pads: the city's scoring rows in one column per player, several games per page.

Every word comes from the catalogues in the PDF's language (`lang`), in that
language's fonts; the city's name is board data and prints as the board gives it.
"""

from __future__ import annotations

from io import BytesIO

from reportlab.lib.units import mm

from companion.games.core.problems import N_
from companion.games.enroute.board import Board
from companion.games.enroute.rows import LEVELS, ScoringRow

from ..core.pads import PADS_PER_PAGE, draw_frame, draw_note, draw_pads
from . import style
from .scoring_spaces import TOTAL_TEXT, draw_row_icon
from .style import (
    FONT,
    INK,
    MUTED,
    RULE,
    TOURIST_COLOURS,
    PrintLocale,
    draw_fitted,
    fit_size,
    print_locale,
    wrap,
)
from .symbols import draw_number_disk
from .texts import level_rows, localized_rows, tiebreak_note

MAX_PLAYERS = 4
PADDING = 4 * mm
HEADER = 13 * mm
NAMES = 10 * mm
TOTAL = 10 * mm
NOTE = 8 * mm
LABEL_COLUMN = 80 * mm
MAX_PLAYER_COLUMN = 45 * mm
TITLE = N_("{city}: score pad")
SUBTITLE = N_("En Route · score pad")
DATE = N_("Date")
LEVEL = N_("Level")
LEVEL_NAMES = {"simplified": N_("simplified"), "intermediate": N_("intermediate"), "full": N_("full")}
PLAYER = N_("Player")
PLAYER_HINT = N_("name, and player board no.")
PLAYER_COLUMN = N_("Player {n}")


def check_players(players: int) -> int:
    """Return the number of players if it is 1..4, else raise ValueError saying so."""
    if isinstance(players, bool) or not isinstance(players, int) or not 1 <= players <= MAX_PLAYERS:
        raise ValueError(f"players must be a whole number from 1 to {MAX_PLAYERS}, not {players!r}.")
    return players


def draw_pad_header(c, board: Board, left: float, top: float, width: float, loc: PrintLocale,
                    level: str | None = None) -> None:
    """Draw the city name, the date line and the game level boxes (the table's `level` ticked)."""
    fonts = loc.fonts
    c.setFillColor(INK)
    draw_fitted(c, loc.name(board.name), left, top - 6.5 * mm, width * 0.45, fonts.bold, 14, fonts=fonts)
    c.setFillColor(MUTED)
    draw_fitted(c, loc.t(SUBTITLE), left, top - 10.5 * mm, width * 0.45, fonts.regular, 7.5, fonts=fonts)
    date_left = left + width * 0.5
    date, level_text = loc.printable(loc.t(DATE)), loc.printable(loc.t(LEVEL))
    # The write-in line and the level boxes start after the longer of the two words, 9 mm at least.
    start = date_left + max(9 * mm, c.stringWidth(date, fonts.regular, 8.5) + 1.5 * mm,
                            c.stringWidth(level_text, fonts.regular, 7.5) + 1.5 * mm)
    c.setFillColor(INK)
    c.setFont(fonts.regular, 8.5)
    c.drawString(date_left, top - 6 * mm, date)
    c.setStrokeColor(MUTED)
    c.setLineWidth(0.5)
    c.line(start, top - 6.3 * mm, left + width, top - 6.3 * mm)
    c.setFont(fonts.regular, 7.5)
    c.drawString(date_left, top - 10.8 * mm, level_text)
    x = start
    for lvl in LEVELS:
        name = loc.printable(loc.t(LEVEL_NAMES.get(lvl, lvl)))
        c.rect(x, top - 11.1 * mm, 2.8 * mm, 2.8 * mm, stroke=1, fill=0)
        if level == lvl:
            c.setLineWidth(1)
            c.line(x + .5 * mm, top - 9.8 * mm, x + 1.2 * mm, top - 10.7 * mm)
            c.line(x + 1.2 * mm, top - 10.7 * mm, x + 2.6 * mm, top - 8.6 * mm)
            c.setLineWidth(0.5)
        c.drawString(x + 4 * mm, top - 10.8 * mm, name)
        x += 6 * mm + c.stringWidth(name, fonts.regular, 7.5)


def draw_name_row(c, players: int, left: float, top: float, label_w: float, column_w: float,
                  loc: PrintLocale, names=None, boards=None) -> None:
    """Draw the row where each player writes their name and player board number (printed when the table knows)."""
    fonts = loc.fonts
    player = loc.printable(loc.t(PLAYER))
    c.setFillColor(INK)
    c.setFont(fonts.bold, 8)
    c.drawString(left + 1.5 * mm, top - NAMES / 2 - 1 * mm, player)
    # The hint follows the heading, at 14 mm or after a longer heading, and shrinks to the label column.
    hint_left = max(14 * mm, 1.5 * mm + c.stringWidth(player, fonts.bold, 8) + 2 * mm)
    hint = loc.printable(loc.t(PLAYER_HINT))
    c.setFont(fonts.regular, fit_size(hint, fonts.regular, 6, label_w - hint_left - 1.5 * mm))
    c.setFillColor(MUTED)
    c.drawString(left + hint_left, top - NAMES / 2 - 1 * mm, hint)
    for p in range(players):
        x = left + label_w + p * column_w
        c.setStrokeColor(MUTED)
        c.setLineWidth(0.5)
        c.line(x + 2 * mm, top - NAMES + 3 * mm, x + column_w - 2 * mm, top - NAMES + 3 * mm)
        c.setFillColor(MUTED)
        draw_fitted(c, loc.t(PLAYER_COLUMN, n=p + 1), x + 2 * mm, top - NAMES + 0.8 * mm, column_w - 9.5 * mm,
                    fonts.regular, 5.5, fonts=fonts)
        c.circle(x + column_w - 4.5 * mm, top - NAMES + 5.6 * mm, 2.4 * mm, stroke=1, fill=0)
        if names and p < len(names) and names[p]:
            c.setFillColor(INK)
            draw_fitted(c, names[p], x + 2 * mm, top - NAMES + 4 * mm, column_w - 9.5 * mm, fonts.bold, 9,
                        fonts=fonts)
        if boards and p < len(boards) and boards[p] is not None:
            c.setFillColor(INK)
            draw_fitted(c, str(boards[p]), x + column_w - 4.5 * mm, top - NAMES + 4.6 * mm, 4 * mm, fonts.bold, 8,
                        align="centre", fonts=fonts)


def draw_row_label(c, row: ScoringRow, left: float, top: float, width: float, height: float,
                   loc: PrintLocale) -> None:
    """Draw a scoring row's number, symbol, label and hint in the label column."""
    mid = top - height / 2
    draw_number_disk(c, row.number, left + 3 * mm, mid, min(4.6 * mm, height * 0.7))
    text_left = left + 6.8 * mm
    # Rows without a symbol keep the gap, so every label starts at the same x.
    draw_row_icon(c, row.key, text_left + 1.8 * mm, mid, min(3.6 * mm, height * 0.55))
    text_left += 4.8 * mm
    available = left + width - text_left - 1.5 * mm
    fonts = loc.fonts
    c.setFillColor(INK)
    draw_fitted(c, row.label, text_left, mid + 0.5 * mm, available, fonts.bold, 7.5, fonts=fonts)
    hint, size = wrap(loc.printable(row.hint), fonts.regular, 5.2, available, 1)
    c.setFillColor(MUTED)
    c.setFont(fonts.regular, size)
    c.drawString(text_left, mid - 2.2 * mm, hint[0] if hint else "")


def draw_product_guide(c, left: float, mid: float, width: float) -> None:
    """Draw faint 'x' and '=' in a cell, so tourists x landmarks can be written in place."""
    c.setFillColor(RULE)
    c.setFont(FONT, 7)
    c.drawCentredString(left + width * 0.3, mid - 1 * mm, "\u00d7")
    c.drawCentredString(left + width * 0.58, mid - 1 * mm, "=")


def draw_score_table(c, rows: list[ScoringRow], players: int, left: float, top: float, width: float,
                     row_h: float, loc: PrintLocale, names=None, boards=None) -> float:
    """Draw the name row, the scoring rows (already in the page's language) and the total; return the bottom."""
    column_w = min(MAX_PLAYER_COLUMN, (width - LABEL_COLUMN) / players)
    label_w = width - players * column_w
    draw_name_row(c, players, left, top, label_w, column_w, loc, names, boards)
    y = top - NAMES
    c.setStrokeColor(INK)
    c.setLineWidth(0.9)
    c.line(left, y, left + width, y)
    for i, row in enumerate(rows):
        if i % 2 == 1:
            # Light banding keeps the eye on one row across four columns.
            c.setFillColor(style.STREET)
            c.rect(left, y - row_h, width, row_h, stroke=0, fill=1)
        draw_row_label(c, row, left, y, label_w, row_h, loc)
        if row.key in TOURIST_COLOURS:
            for p in range(players):
                draw_product_guide(c, left + label_w + p * column_w, y - row_h / 2, column_w)
        y -= row_h
        c.setStrokeColor(RULE)
        c.setLineWidth(0.4)
        c.line(left, y, left + width, y)
    c.setStrokeColor(INK)
    c.setLineWidth(1.2)
    c.line(left, y, left + width, y)
    c.setFillColor(INK)
    draw_fitted(c, loc.t(TOTAL_TEXT), left + 1.5 * mm, y - TOTAL / 2 - 1.3 * mm, label_w - 3 * mm, loc.fonts.bold, 10,
                fonts=loc.fonts)
    bottom = y - TOTAL
    c.setLineWidth(1.2)
    c.rect(left + label_w, bottom, players * column_w, TOTAL, stroke=1, fill=0)
    c.setStrokeColor(RULE)
    c.setLineWidth(0.5)
    for p in range(players + 1):
        x = left + label_w + p * column_w
        c.line(x, top - NAMES, x, bottom if 0 < p < players else y)
    return bottom


def draw_tiebreak_note(c, left: float, top: float, width: float, loc: PrintLocale) -> None:
    """Draw the tie-break rule under the table."""
    draw_note(c, tiebreak_note(loc), left, top, width, loc)


def draw_pad(c, board: Board, rows: list[ScoringRow], players: int, left: float, top: float, width: float,
             height: float, loc: PrintLocale, table: dict | None = None) -> None:
    """Draw one whole score pad in the given box (`table`: the names, boards and level a table knows)."""
    table = table or {}
    draw_frame(c, left, top, width, height)
    inner_left, inner_w = left + PADDING, width - 2 * PADDING
    draw_pad_header(c, board, inner_left, top - PADDING, inner_w, loc, table.get("level"))
    table_top = top - PADDING - HEADER
    row_h = (height - 2 * PADDING - HEADER - NAMES - TOTAL - NOTE) / len(rows)
    bottom = draw_score_table(c, rows, players, inner_left, table_top, inner_w, min(row_h, 9 * mm), loc,
                              table.get("names"), table.get("boards"))
    draw_tiebreak_note(c, inner_left, bottom, inner_w, loc)


def scorepad_pdf(board: Board, players: int = 4, paper: str = "a4", games: int = PADS_PER_PAGE,
                 lang: str = "en", names=None, boards=None, level: str | None = None,
                 goal_decks=None) -> bytes:
    """Build `games` score pads for a city, two to a page, in a language ("en", "ja"); return the PDF bytes.

    A table's pad (issue 13, U9) prints what the table knows: the players' `names` (one column each),
    their player `boards`, its `level` ticked, and only the rows that level plays (`goal_decks`: the decks
    with a goal card at the table).
    """
    if names is not None:
        names = [str(n)[:40] for n in names]
        players = len(names)
    check_players(players)
    if level is not None and level not in LEVELS:
        raise ValueError(f"level must be one of {', '.join(LEVELS)}, not {level!r}.")
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(f"games must be a whole number of at least 1, not {games!r}.")
    page = style.paper_size(paper)
    loc = print_locale(lang)  # an unknown language is a ValueError, like an unknown paper
    rows = level_rows(localized_rows(board, loc), level or "full", goal_decks)
    table = {"names": names, "boards": boards, "level": level}
    buffer = BytesIO()
    c = style.new_canvas(buffer, paper, loc.t(TITLE, city=board.name), loc.t(style.SUBJECT), lang)
    draw_pads(c, games, page,
              lambda c, left, top, width, height: draw_pad(c, board, rows, players, left, top, width, height,
                                                           loc, table))
    return style.finish(c, buffer)
