"""Ticket to Ride: Europe paper: a score pad (players as columns, the four final-scoring rows, totals) and a
route tally sheet (claimed routes counted by length, turned into points, trains checked against 45).

Every word comes from the catalogues in the PDF's language; the points per route length and the bonus
values come from the engine's data, so paper and companion count alike.
"""

from __future__ import annotations

from io import BytesIO

from reportlab.lib.units import mm

from companion.games.core.problems import N_
from companion.games.ticket_to_ride_europe import board
from companion.games.ticket_to_ride_europe.data import EXPRESS_POINTS, STATION_POINTS, STATIONS, TRAINS

from ..core import style
from ..core.i18n import PrintLocale, print_locale
from ..core.pads import draw_note, draw_pads
from ..core.style import INK, MARGIN, MUTED, RULE, draw_fitted

MIN_PLAYERS, MAX_PLAYERS = 2, 5
GAME = N_("Ticket to Ride: Europe")
PAD_TITLE = N_("Score pad")
TALLY_TITLE = N_("Route tally")
DATE = N_("Date")
PLAYER = N_("Player")
PLAYER_COLUMN = N_("Player {n}")
TOTAL = N_("Total")
# (label, hint) of the score pad's rows: the four rows, then what breaks ties.
PAD_ROWS = (
    (N_("Routes"), N_("route points (score track)")),
    (N_("Tickets"), N_("+ completed, − not completed")),
    (N_("Stations"), N_("{points} per station not built (of {stations})")),
    (N_("European Express"), N_("{points} for the longest continuous path")),
)
TIE_ROWS = ((N_("Tickets completed"), N_("1st tie-break: most")), (N_("Stations built"), N_("2nd tie-break: fewest")))
RANK = N_("Rank")
TIES = N_("Ties: most completed tickets, then fewest stations built, then the European Express; otherwise the "
          "rank is shared.")
LENGTH_ROW = N_("Routes of {length}")
LENGTH_HINT = N_("{points} points each")
TRAINS_ROW = N_("Trains used")
TRAINS_HINT = N_("at most {trains}")
ROUTE_POINTS = N_("Route points")
ROUTE_POINTS_HINT = N_("to the Routes row")
TICKET_LINES = N_("Tickets")
TICKET_HINT = N_("cities, done or not, ± points")
TALLY_NOTE = N_("Count each player's routes by length with tally marks, multiply by the points, add them up. "
                "Trains used = number of routes × length; it can never be more than {trains}.")
LABEL_W = 62 * mm
HEADER_H = 16 * mm
NAME_H = 10 * mm


def check_players(players: int) -> int:
    """Return the number of players if it is 2..5, else raise ValueError saying so."""
    if isinstance(players, bool) or not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"players must be a whole number from {MIN_PLAYERS} to {MAX_PLAYERS}, not {players!r}.")
    return players


def check_names(names: list[str] | None, players: int) -> list[str]:
    """Return the printed names: as given (one per player, cut to 40 characters), or empty columns."""
    if names is None:
        return [""] * players
    if not isinstance(names, list | tuple) or len(names) != players or not all(isinstance(n, str) for n in names):
        raise ValueError(f"names must be a list of {players} texts, one per player.")
    return [n.strip()[:40] for n in names]


def draw_header(c, title: str, left: float, top: float, width: float, loc: PrintLocale) -> None:
    """Draw the game name, the sheet's title and the date line."""
    fonts = loc.fonts
    c.setFillColor(INK)
    draw_fitted(c, loc.t(GAME), left, top - 7 * mm, width * 0.6, fonts.bold, 15, fonts=fonts)
    c.setFillColor(MUTED)
    draw_fitted(c, loc.t(title), left, top - 12.5 * mm, width * 0.6, fonts.regular, 9, fonts=fonts)
    date = loc.printable(loc.t(DATE))
    x = left + width * 0.64
    c.setFillColor(INK)
    c.setFont(fonts.regular, 9)
    c.drawString(x, top - 7 * mm, date)
    c.setStrokeColor(MUTED)
    c.setLineWidth(0.5)
    start = x + c.stringWidth(date, fonts.regular, 9) + 2 * mm
    c.line(start, top - 7.3 * mm, left + width, top - 7.3 * mm)


def draw_names(c, names: list[str], left: float, top: float, column_w: float, loc: PrintLocale) -> None:
    """Draw the row of player names: printed when known, else a write-in line with "Player n" under it."""
    fonts = loc.fonts
    c.setFillColor(INK)
    draw_fitted(c, loc.t(PLAYER), left + 1.5 * mm, top - NAME_H / 2 - 1.2 * mm, LABEL_W - 3 * mm, fonts.bold, 9,
                fonts=fonts)
    for p, name in enumerate(names):
        x = left + LABEL_W + p * column_w
        if name:
            c.setFillColor(INK)
            draw_fitted(c, name, x + column_w / 2, top - NAME_H / 2 - 1.2 * mm, column_w - 3 * mm, fonts.bold, 10,
                        align="centre", fonts=fonts)
        else:
            c.setStrokeColor(MUTED)
            c.setLineWidth(0.5)
            c.line(x + 2 * mm, top - NAME_H + 3.2 * mm, x + column_w - 2 * mm, top - NAME_H + 3.2 * mm)
            c.setFillColor(MUTED)
            draw_fitted(c, loc.t(PLAYER_COLUMN, n=p + 1), x + column_w / 2, top - NAME_H + 0.8 * mm, column_w - 3 * mm,
                        fonts.regular, 6, align="centre", fonts=fonts)


def draw_row_label(c, text: str, hint: str, left: float, top: float, height: float, loc: PrintLocale,
                   bold: bool = True) -> None:
    """Draw a row's label and its one-line hint in the label column."""
    fonts = loc.fonts
    mid = top - height / 2
    c.setFillColor(INK)
    draw_fitted(c, text, left + 1.5 * mm, mid + (0.8 * mm if hint else -1.2 * mm), LABEL_W - 3 * mm,
                fonts.bold if bold else fonts.regular, 9.5, fonts=fonts)
    if hint:
        c.setFillColor(MUTED)
        draw_fitted(c, hint, left + 1.5 * mm, mid - 3 * mm, LABEL_W - 3 * mm, fonts.regular, 6.5, fonts=fonts)


def draw_grid(c, rows: int, left: float, top: float, width: float, row_h: float, players: int,
              column_w: float, thick: tuple[int, ...] = ()) -> float:
    """Draw the horizontal rules of `rows` rows and the player columns' verticals; return the bottom."""
    bottom = top - rows * row_h
    for r in range(rows + 1):
        y = top - r * row_h
        heavy = r in thick
        c.setStrokeColor(INK if heavy or r in (0, rows) else RULE)
        c.setLineWidth(1.1 if heavy or r in (0, rows) else 0.45)
        c.line(left, y, left + width, y)
    c.setStrokeColor(RULE)
    c.setLineWidth(0.5)
    for p in range(players + 1):
        x = left + LABEL_W + p * column_w
        c.line(x, top + NAME_H, x, bottom)
    return bottom


def draw_pad_note(c, text: str, left: float, top: float, width: float, loc: PrintLocale) -> None:
    """Draw a small note of at most three lines."""
    draw_note(c, text, left, top, width, loc, size=7.5, max_lines=3, drop=4 * mm, leading=1.3)


def draw_pad(c, names: list[str], left: float, top: float, width: float, height: float, loc: PrintLocale) -> None:
    """Draw one score pad in the given box: names, the four rows, the total, the tie-break rows and rank."""
    players = len(names)
    column_w = (width - LABEL_W) / players
    draw_header(c, PAD_TITLE, left, top, width, loc)
    names_top = top - HEADER_H
    draw_names(c, names, left, names_top, column_w, loc)
    table_top = names_top - NAME_H
    labels = [(loc.t(text), loc.t(hint, points=points, stations=STATIONS))
              for (text, hint), points in zip(PAD_ROWS, (None, None, STATION_POINTS, EXPRESS_POINTS))]
    labels += [(loc.t(TOTAL), "")]
    labels += [(loc.t(text), loc.t(hint)) for text, hint in TIE_ROWS] + [(loc.t(RANK), "")]
    row_h = min(13 * mm, (height - HEADER_H - NAME_H - 10 * mm) / len(labels))
    bottom = draw_grid(c, len(labels), left, table_top, width, row_h, players, column_w, thick=(4, 5))
    for i, (text, hint) in enumerate(labels):
        draw_row_label(c, text, hint, left, table_top - i * row_h, row_h, loc, bold=i < 5)
    draw_pad_note(c, loc.t(TIES), left, bottom, width, loc)


def draw_tally(c, names: list[str], left: float, top: float, width: float, height: float, loc: PrintLocale) -> None:
    """Draw the tally: a row per route length (tally marks and points), trains used, route points, tickets."""
    players = len(names)
    column_w = (width - LABEL_W) / players
    draw_header(c, TALLY_TITLE, left, top, width, loc)
    names_top = top - HEADER_H
    draw_names(c, names, left, names_top, column_w, loc)
    table_top = names_top - NAME_H
    points = board().route_points
    lengths = sorted({r.length for r in board().routes.values()})  # the lengths the map has (no 5 on this board)
    labels = [(loc.t(LENGTH_ROW, length=n), loc.t(LENGTH_HINT, points=points[n])) for n in lengths]
    labels += [(loc.t(TRAINS_ROW), loc.t(TRAINS_HINT, trains=TRAINS)),
               (loc.t(ROUTE_POINTS), loc.t(ROUTE_POINTS_HINT))]
    tickets = 8
    labels += [(loc.t(TICKET_LINES), loc.t(TICKET_HINT))] + [("", "")] * (tickets - 1) + [(loc.t(TOTAL), "")]
    row_h = min(12 * mm, (height - HEADER_H - NAME_H - 18 * mm) / len(labels))
    bottom = draw_grid(c, len(labels), left, table_top, width, row_h, players, column_w,
                       thick=(len(lengths), len(lengths) + 2, len(labels) - 1))
    for i, (text, hint) in enumerate(labels):
        if text:
            draw_row_label(c, text, hint, left, table_top - i * row_h, row_h, loc)
    c.setFillColor(RULE)
    c.setFont(loc.fonts.regular, 8)
    for i, length in enumerate(lengths):  # "× points =" guides, so the tally is multiplied in place
        y = table_top - i * row_h - row_h / 2 - 1.2 * mm
        for p in range(players):
            x = left + LABEL_W + p * column_w
            c.drawRightString(x + column_w - 2 * mm, y, loc.printable(f"× {points[length]} ="))
    draw_pad_note(c, loc.t(TALLY_NOTE, trains=TRAINS), left, bottom, width, loc)


def _canvas(title: str, players: int, names: list[str] | None, paper: str, lang: str):
    """Check the arguments and open a canvas; return it, its buffer, the printed names, the page and locale."""
    check_players(players)
    printed = check_names(names, players)
    page = style.paper_size(paper)
    loc = print_locale(lang)
    buffer = BytesIO()
    c = style.new_canvas(buffer, paper, f"{loc.t(GAME)} · {loc.t(title)}", loc.t(style.SUBJECT), lang)
    return c, buffer, printed, page, loc


def scorepad_pdf(players: int = MAX_PLAYERS, names: list[str] | None = None, paper: str = "a4",
                 lang: str = "en") -> bytes:
    """Build a page of two score pads for 2–5 players (names printed when given), "en" or "ja"; return PDF bytes."""
    c, buffer, printed, page, loc = _canvas(PAD_TITLE, players, names, paper, lang)
    draw_pads(c, 2, page, lambda c, left, top, width, height: draw_pad(c, printed, left, top, width, height, loc))
    return style.finish(c, buffer)


def tally_pdf(players: int = MAX_PLAYERS, names: list[str] | None = None, paper: str = "a4",
              lang: str = "en") -> bytes:
    """Build a route tally sheet for 2–5 players (names printed when given), "en" or "ja"; return PDF bytes."""
    c, buffer, printed, (page_w, page_h), loc = _canvas(TALLY_TITLE, players, names, paper, lang)
    draw_tally(c, printed, MARGIN, page_h - MARGIN, page_w - 2 * MARGIN, page_h - 2 * MARGIN, loc)
    c.showPage()
    return style.finish(c, buffer)
