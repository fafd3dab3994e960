"""The Thurn und Taxis score pad: the base game's rows plus Rome's clergy and the VP coins, one column per player.

Every word comes from the catalogues in the PDF's language; the tiles' points are never printed (the
rules the companion has do not give them), only a line to note them from the physical tiles.
"""

from __future__ import annotations

from io import BytesIO

from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm

from companion.games.core.problems import N_
from companion.games.thurn_und_taxis_rome.data import facts

from ..core import style
from ..core.i18n import PrintLocale, print_locale
from ..core.pads import PADS_PER_PAGE, draw_frame, draw_note, draw_pads
from ..core.style import INK, MUTED, RULE, draw_fitted, fit_size, wrap

MIN_PLAYERS, MAX_PLAYERS = 2, 4
PADDING = 4 * mm
HEADER = 14 * mm
NAMES = 10 * mm
ROW = 7.6 * mm
TOTAL = 10 * mm
LABEL_COLUMN = 78 * mm
MAX_PLAYER_COLUMN = 26 * mm
BAND = HexColor("#f1ede4")

TITLE = N_("Thurn und Taxis: All Roads Lead to Rome")
SUBTITLE = N_("Score pad · base game, The Audience, Offices of honor")
DATE = N_("Date")
PLAYER = N_("Player")
PLAYER_HINT = N_("name and colour")
PLAYER_COLUMN = N_("Player {n}")
TOTAL_TEXT = N_("Total")
RANK_TEXT = N_("Rank")
MEMO = N_("Points printed on the clergy tiles:")
NOTE = N_("Ties share a rank. Houses left score −1 each; clergy score only in Rome at the end.")
ROWS = (
    (N_("Province tiles"), N_("Baden, Württemberg-Hohenzollern, Baiern, Böhmen-Salzburg, Schweiz-Tyrol")),
    (N_("All-provinces tile"), N_("one tile, the points printed on it")),
    (N_("Long-route tiles"), N_("routes of 5, 6 and 7 cities: one tile of each")),
    (N_("End-of-game tile"), N_("the player who ended the game: 1")),
    (N_("Carriage"), N_("route length on it, points: {points}")),
    (N_("Houses left"), N_("−1 each")),
    (N_("Clergy in Rome"), N_("the points of your tiles in Rome at the end")),
    (N_("VP coins"), N_("1 each (Offices of honor)")),
)


def check_players(players: int) -> int:
    """Return the number of players if it is 2..4, else raise ValueError saying so."""
    if isinstance(players, bool) or not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"players must be a whole number from {MIN_PLAYERS} to {MAX_PLAYERS}, not {players!r}.")
    return players


def _carriage_points() -> str:
    """The carriage row's hint: route length and points, from the shipped bonus tiles."""
    return ", ".join(f"{n}: {p}" for n, p in sorted(facts().carriage_points.items()))


def draw_header(c, left: float, top: float, width: float, loc: PrintLocale) -> None:
    """Draw the game's name, what the pad covers, and the date line."""
    fonts = loc.fonts
    c.setFillColor(INK)
    draw_fitted(c, loc.t(TITLE), left, top - 6 * mm, width * 0.62, fonts.bold, 12, fonts=fonts)
    c.setFillColor(MUTED)
    draw_fitted(c, loc.t(SUBTITLE), left, top - 10.5 * mm, width * 0.62, fonts.regular, 7, fonts=fonts)
    date = loc.printable(loc.t(DATE))
    date_left = left + width * 0.66
    c.setFillColor(INK)
    c.setFont(fonts.regular, 8.5)
    c.drawString(date_left, top - 6 * mm, date)
    start = date_left + c.stringWidth(date, fonts.regular, 8.5) + 2 * mm
    c.setStrokeColor(MUTED)
    c.setLineWidth(0.5)
    c.line(start, top - 6.3 * mm, left + width, top - 6.3 * mm)


def draw_names(c, players: int, left: float, top: float, label_w: float, column_w: float, loc: PrintLocale) -> None:
    """Draw the row where each player writes their name and colour."""
    fonts = loc.fonts
    c.setFillColor(INK)
    player = loc.printable(loc.t(PLAYER))
    c.setFont(fonts.bold, 8)
    c.drawString(left + 1.5 * mm, top - NAMES / 2 - 1 * mm, player)
    hint_left = 1.5 * mm + c.stringWidth(player, fonts.bold, 8) + 2 * mm
    hint = loc.printable(loc.t(PLAYER_HINT))
    c.setFillColor(MUTED)
    c.setFont(fonts.regular, fit_size(hint, fonts.regular, 6, label_w - hint_left - 1.5 * mm))
    c.drawString(left + hint_left, top - NAMES / 2 - 1 * mm, hint)
    c.setStrokeColor(MUTED)
    c.setLineWidth(0.5)
    for p in range(players):
        x = left + label_w + p * column_w
        c.line(x + 2 * mm, top - NAMES + 3 * mm, x + column_w - 2 * mm, top - NAMES + 3 * mm)
        draw_fitted(c, loc.t(PLAYER_COLUMN, n=p + 1), x + 2 * mm, top - NAMES + 0.8 * mm, column_w - 4 * mm,
                    fonts.regular, 5.5, fonts=fonts)


def draw_row(c, label: str, hint: str, left: float, top: float, width: float, loc: PrintLocale) -> None:
    """Draw one row's label and hint in the label column."""
    fonts = loc.fonts
    mid = top - ROW / 2
    c.setFillColor(INK)
    draw_fitted(c, label, left + 1.5 * mm, mid + 0.4 * mm, width - 3 * mm, fonts.bold, 7.5, fonts=fonts)
    lines, size = wrap(loc.printable(hint), fonts.regular, 5.2, width - 3 * mm, 1)
    c.setFillColor(MUTED)
    c.setFont(fonts.regular, size)
    c.drawString(left + 1.5 * mm, mid - 2.3 * mm, lines[0] if lines else "")


def draw_table(c, players: int, left: float, top: float, width: float, loc: PrintLocale) -> float:
    """Draw the names, the scoring rows, the total and the rank rows; return the table's bottom."""
    column_w = min(MAX_PLAYER_COLUMN, (width - LABEL_COLUMN) / players)
    label_w = width - players * column_w
    right = left + label_w + players * column_w
    draw_names(c, players, left, top, label_w, column_w, loc)
    y = top - NAMES
    c.setStrokeColor(INK)
    c.setLineWidth(0.9)
    c.line(left, y, right, y)
    for i, (label, hint) in enumerate(ROWS):
        if i % 2 == 1:
            c.setFillColor(BAND)
            c.rect(left, y - ROW, right - left, ROW, stroke=0, fill=1)
        draw_row(c, loc.t(label), loc.t(hint, points=_carriage_points()), left, y, label_w, loc)
        y -= ROW
        c.setStrokeColor(RULE)
        c.setLineWidth(0.4)
        c.line(left, y, right, y)
    c.setStrokeColor(INK)
    c.setLineWidth(1.2)
    c.line(left, y, right, y)
    c.setFillColor(INK)
    draw_fitted(c, loc.t(TOTAL_TEXT), left + 1.5 * mm, y - TOTAL / 2 - 1.3 * mm, label_w - 3 * mm, loc.fonts.bold,
                10, fonts=loc.fonts)
    c.rect(left + label_w, y - TOTAL, players * column_w, TOTAL, stroke=1, fill=0)
    y -= TOTAL
    draw_fitted(c, loc.t(RANK_TEXT), left + 1.5 * mm, y - ROW / 2 - 1 * mm, label_w - 3 * mm, loc.fonts.bold, 8,
                fonts=loc.fonts)
    c.setStrokeColor(RULE)
    c.setLineWidth(0.5)
    c.line(left, y - ROW, right, y - ROW)
    bottom = y - ROW
    for p in range(players + 1):
        x = left + label_w + p * column_w
        c.line(x, top - NAMES, x, bottom)
    return bottom


def draw_memo(c, left: float, top: float, width: float, loc: PrintLocale) -> float:
    """Draw the line where the table notes each clergy rank's printed points; return its bottom."""
    fonts = loc.fonts
    c.setFillColor(INK)
    text = loc.printable(loc.t(MEMO))
    c.setFont(fonts.regular, 7)
    c.drawString(left, top - 4.5 * mm, text)
    x = left + c.stringWidth(text, fonts.regular, 7) + 2 * mm
    ranks = [r for r in facts().ranks if r.seed is not None]
    slot = (left + width - x) / (len(ranks) + 1)
    c.setStrokeColor(MUTED)
    c.setLineWidth(0.5)
    for r in ranks:
        name = loc.printable(loc.t(RANK_NAMES.get(r.id, r.name)))
        c.setFont(fonts.regular, fit_size(name, fonts.regular, 6.5, slot * 0.6))
        c.drawString(x, top - 4.5 * mm, name)
        c.line(x + slot * 0.62, top - 4.8 * mm, x + slot - 2 * mm, top - 4.8 * mm)
        x += slot
    c.line(x, top - 4.8 * mm, x + slot * 0.55, top - 4.8 * mm)  # the fifth tile: its name and points written in
    c.line(x + slot * 0.62, top - 4.8 * mm, x + slot - 1 * mm, top - 4.8 * mm)
    return top - 7 * mm


RANK_NAMES = {"cardinal": N_("Cardinal"), "bishop": N_("Bishop"), "priest": N_("Priest"), "pastor": N_("Pastor")}


def draw_pad_note(c, left: float, top: float, width: float, loc: PrintLocale) -> None:
    """Draw the note on ties and what scores."""
    draw_note(c, loc.t(NOTE), left, top, width, loc)


def draw_pad(c, players: int, left: float, top: float, width: float, height: float, loc: PrintLocale) -> None:
    """Draw one whole score pad in the given box."""
    draw_frame(c, left, top, width, height)
    inner_left, inner_w = left + PADDING, width - 2 * PADDING
    draw_header(c, inner_left, top - PADDING, inner_w, loc)
    bottom = draw_table(c, players, inner_left, top - PADDING - HEADER, inner_w, loc)
    bottom = draw_memo(c, inner_left, bottom, inner_w, loc)
    draw_pad_note(c, inner_left, bottom, inner_w, loc)


def scorepad_pdf(players: int = 4, paper: str = "a4", games: int = PADS_PER_PAGE, lang: str = "en") -> bytes:
    """Build `games` score pads for 2 to 4 players, two to a page, in a language ("en", "ja"); return PDF bytes."""
    check_players(players)
    if isinstance(games, bool) or not isinstance(games, int) or not 1 <= games <= 100:
        raise ValueError(f"games must be a whole number from 1 to 100, not {games!r}.")
    page = style.paper_size(paper)
    loc = print_locale(lang)
    buffer = BytesIO()
    c = style.new_canvas(buffer, paper, loc.t(TITLE), loc.t(SUBTITLE), lang)
    draw_pads(c, games, page, lambda c, left, top, width, height: draw_pad(c, players, left, top, width, height, loc))
    return style.finish(c, buffer)
