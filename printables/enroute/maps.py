"""Blank player maps: one page per player board, drawn as vectors from the board data.

Every word on the page comes from the catalogues in the PDF's language
(`lang`), written in that language's fonts; the board's own names (city,
landmarks, Visit-Them-All points) are board data and print as the board gives them.
"""

from __future__ import annotations

from dataclasses import dataclass
from io import BytesIO

from reportlab.lib.units import mm

from companion.games.core.problems import N_
from companion.games.enroute.board import Board, Landmark, PlayerBoard
from companion.games.enroute.rows import ScoringRow

from ..core.i18n import Translate, translator
from . import cities, style
from .camera import draw_camera_marks
from .city_features import draw_city_features, stroke_road
from .legend import draw_legend, legend_height
from .scoring_spaces import draw_scoring_spaces, scoring_spaces_height
from .style import (
    BLOCK_EDGE,
    FONT_BOLD,
    INK,
    KIND_COLOURS,
    MARGIN,
    MUTED,
    ROAD,
    RULE,
    STREET,
    PrintLocale,
    draw_fitted,
    print_locale,
    wrap,
)
from .symbols import draw_cafe, draw_kind_symbol, draw_visit_point
from .texts import level_rows, localized_rows

HEADER = 15 * mm
FOOTER = 6 * mm
LABEL_BAND = 7 * mm  # room for the printed coordinates on each side of the grid
GAP = 4 * mm
MAX_CELL = 24 * mm
NOTE = N_("Map drawn by En Route Companion from the board data: the companion's own design, not the "
         "publisher's artwork. Play with your copy of En Route.")
TITLE = N_("{city}: blank player maps")
SUBTITLE = N_("En Route · blank player map")
BADGE = N_("Player board {number}")
PAGE = N_("{board} · page {page} of {pages}")
ONE_PP = N_("{pp} PP")
PP_RANGE = N_("{low}–{high} PP")
_ENGLISH = translator("en")


@dataclass(frozen=True)
class MapLayout:
    """Where everything goes on a map page; the tests use it to check label positions."""

    width: float
    height: float
    cell: float
    grid_left: float
    grid_top: float
    cols: int
    rows: int
    legend_top: float
    scoring_top: float

    @property
    def street(self) -> float:
        """Width of the street between two blocks."""
        return self.cell * 0.18

    @property
    def grid_right(self) -> float:
        """Page x of the rightmost intersection column."""
        return self.grid_left + self.cols * self.cell

    @property
    def grid_bottom(self) -> float:
        """Page y of the bottom intersection row."""
        return self.grid_top - self.rows * self.cell

    def point(self, point: tuple[int, int]) -> tuple[float, float]:
        """Return the page position of an intersection (y counts down from the top row)."""
        return self.grid_left + point[0] * self.cell, self.grid_top - point[1] * self.cell

    def block(self, location: tuple[int, int]) -> tuple[float, float, float]:
        """Return (left, bottom, side) of a location's block inside its streets."""
        c, r = location
        inset = self.street / 2
        return (self.grid_left + (c - 1) * self.cell + inset, self.grid_top - r * self.cell + inset,
                self.cell - self.street)

    def column_centre(self, column: int) -> float:
        """Return the page x of the centre of a layout column (1-based)."""
        return self.grid_left + (column - 0.5) * self.cell

    def row_centre(self, row: int) -> float:
        """Return the page y of the centre of a layout row (1-based)."""
        return self.grid_top - (row - 0.5) * self.cell


def map_layout(board: Board, paper: str = "a4", lang: str = "en",
               rows: list[ScoringRow] | None = None) -> MapLayout:
    """Size the map to the paper: the biggest grid that leaves room for legend and scoring spaces."""
    width, height = style.paper_size(paper)
    loc = print_locale(lang)
    rows = rows if rows is not None else localized_rows(board, loc)
    below = legend_height(board, width - 2 * MARGIN, loc) + scoring_spaces_height(rows)
    free_height = height - 2 * MARGIN - HEADER - FOOTER - below - 3 * GAP - 2 * LABEL_BAND
    free_width = width - 2 * MARGIN - 2 * LABEL_BAND
    cell = min(free_width / board.cols, free_height / board.rows, MAX_CELL)
    map_top = height - MARGIN - HEADER - GAP
    grid_top = map_top - LABEL_BAND
    grid_left = (width - board.cols * cell) / 2
    # The legend belongs to the map and the scoring panel to the foot of the page; whatever
    # the cell cap leaves over goes between them.
    legend_top = grid_top - board.rows * cell - LABEL_BAND - GAP
    scoring_top = MARGIN + FOOTER + GAP + scoring_spaces_height(rows)
    return MapLayout(width, height, cell, grid_left, grid_top, board.cols, board.rows, legend_top, scoring_top)


def draw_header(c, board: Board, player_board: PlayerBoard, layout: MapLayout, loc: PrintLocale) -> None:
    """Draw the city name, the player board number and a rule under them."""
    fonts = loc.fonts
    top = layout.height - MARGIN
    left, right = MARGIN, layout.width - MARGIN
    c.setFillColor(INK)
    draw_fitted(c, loc.name(board.name), left, top - 8 * mm, right - left - 55 * mm, fonts.bold, 20, fonts=fonts)
    c.setFillColor(MUTED)
    draw_fitted(c, loc.t(SUBTITLE), left, top - 12.5 * mm, right - left - 55 * mm, fonts.regular, 8, fonts=fonts)
    badge_w, badge_h = 40 * mm, 10 * mm
    c.saveState()
    c.setFillColor(INK)
    c.roundRect(right - badge_w, top - 11.5 * mm, badge_w, badge_h, 2 * mm, stroke=0, fill=1)
    c.setFillColor(style.PAPER)
    draw_fitted(c, loc.t(BADGE, number=player_board.number), right - badge_w / 2, top - 8 * mm, badge_w - 4 * mm,
                fonts.bold, 12, align="centre", fonts=fonts)
    c.restoreState()
    c.setStrokeColor(RULE)
    c.setLineWidth(0.6)
    c.line(left, top - HEADER + 1 * mm, right, top - HEADER + 1 * mm)


def draw_streets(c, layout: MapLayout) -> None:
    """Fill the street area behind the blocks so the road grid reads at a glance."""
    pad = layout.street
    c.saveState()
    c.setFillColor(STREET)
    c.setStrokeColor(BLOCK_EDGE)
    c.setLineWidth(0.5)
    c.roundRect(layout.grid_left - pad, layout.grid_bottom - pad, layout.cols * layout.cell + 2 * pad,
                layout.rows * layout.cell + 2 * pad, pad, stroke=1, fill=1)
    c.restoreState()


def draw_locations(c, board: Board, layout: MapLayout) -> None:
    """Draw every location as a block: white, or tinted in the colour of its landmark."""
    c.saveState()
    c.setLineWidth(0.6)
    for location in board.locations():
        landmarks = board.landmarks_at(location)
        if landmarks:
            strong, tint = KIND_COLOURS[landmarks[0].kind]
            c.setFillColor(tint)
            c.setStrokeColor(strong)
            c.setLineWidth(1.1)
        else:
            c.setFillColor(style.PAPER)
            c.setStrokeColor(BLOCK_EDGE)
            c.setLineWidth(0.6)
        left, bottom, side = layout.block(location)
        c.roundRect(left, bottom, side, side, side * 0.06, stroke=1, fill=1)
    c.restoreState()


def draw_landmark_joins(c, board: Board, layout: MapLayout) -> None:
    """Tint the street between neighbouring locations of one landmark, so it reads as one place."""
    c.saveState()
    for landmark in board.landmarks:
        cells = set(landmark.locations)
        c.setFillColor(KIND_COLOURS[landmark.kind][1])
        for col, row in sorted(cells):
            left, bottom, side = layout.block((col, row))
            overlap = 1.2  # points: cover the blocks' borders where the two meet
            inner = side * 0.1  # keep clear of the rounded corners
            if (col + 1, row) in cells:
                c.rect(left + side - overlap, bottom + inner, layout.street + 2 * overlap, side - 2 * inner,
                       stroke=0, fill=1)
            if (col, row + 1) in cells:
                c.rect(left + inner, bottom - layout.street - overlap, side - 2 * inner,
                       layout.street + 2 * overlap, stroke=0, fill=1)
    c.restoreState()


def draw_roads(c, board: Board, layout: MapLayout) -> None:
    """Draw every road as a dotted line (a corner road as an arc) and a dot where sections start and end."""
    c.saveState()
    c.setStrokeColor(ROAD)
    c.setLineCap(1)
    c.setLineWidth(1.1)
    # A zero-length dash with round caps prints as evenly spaced dots.
    gap = layout.cell / 9
    c.setDash([0, gap], gap / 2)
    for section in board.roads:
        stroke_road(c, board, layout, section)
    c.setDash([])
    c.setFillColor(ROAD)
    ends = {p for section in board.roads for p in section}
    for point in ends:
        x, y = layout.point(point)
        c.circle(x, y, layout.cell * 0.03, stroke=0, fill=1)
    c.restoreState()


def landmark_value(board: Board, landmark: Landmark, t: Translate = _ENGLISH) -> str | None:
    """Return the PP a landmark prints: its own for yellow, its rating range for grey."""
    if landmark.kind == "yellow" and landmark.pp is not None:
        return t(ONE_PP, pp=landmark.pp)
    coordinate = board.coordinate_track(landmark.track) if landmark.track else None
    if coordinate is not None:  # a world city's coordinate track (Rio's statue): base to most
        return t(PP_RANGE, low=coordinate.base, high=coordinate.max)
    track = board.rating_track(landmark.track) if landmark.track else None
    if track:
        low, high = min(track), max(track)
        return t(ONE_PP, pp=low) if low == high else t(PP_RANGE, low=low, high=high)
    return None


def draw_landmark(c, board: Board, landmark: Landmark, layout: MapLayout, loc: PrintLocale) -> None:
    """Draw a landmark's symbol in each of its locations, and its name and value in the first."""
    for index, location in enumerate(sorted(landmark.locations, key=lambda loc: (loc[1], loc[0]))):
        left, bottom, side = layout.block(location)
        symbol = side * 0.27
        draw_kind_symbol(c, landmark.kind, left + side * 0.2, bottom + side - side * 0.2, symbol)
        if index:
            continue
        value = landmark_value(board, landmark, loc.t)
        if value:
            c.setFillColor(INK)
            draw_fitted(c, value, left + side - side * 0.07, bottom + side - side * 0.24,
                        side * 0.55, loc.fonts.bold, 7.5, align="right", fonts=loc.fonts)
        # Names sit at the bottom so the middle stays free for the tourists players mark.
        lines, size = wrap(loc.printable(loc.name(landmark.name)), loc.fonts.regular, 6.2, side * 0.84, 2)
        c.setFillColor(INK)
        c.setFont(loc.fonts.regular, size)
        for i, line in enumerate(lines):  # top line first, so extracted text reads in order
            c.drawCentredString(left + side / 2, bottom + side * 0.07 + (len(lines) - 1 - i) * size * 1.15, line)


def draw_coordinates(c, player_board: PlayerBoard, layout: MapLayout) -> None:
    """Print this player board's own coordinates: columns top and bottom, rows left and right."""
    c.saveState()
    c.setFillColor(INK)
    size = min(12.0, layout.cell * 0.45)
    c.setFont(FONT_BOLD, size)
    band = LABEL_BAND
    top_y = layout.grid_top + band / 2 - size * 0.36 + layout.street / 2
    bottom_y = layout.grid_bottom - band / 2 - size * 0.36 - layout.street / 2
    left_x = layout.grid_left - band / 2 - layout.street / 2
    right_x = layout.grid_right + band / 2 + layout.street / 2
    # One edge at a time, so the extracted text lists each edge's coordinates in order.
    for y in (top_y, bottom_y):
        for column, printed in enumerate(player_board.columns, start=1):
            c.drawCentredString(layout.column_centre(column), y, str(printed))
    for x in (left_x, right_x):
        for row, printed in enumerate(player_board.rows, start=1):
            c.drawCentredString(x, layout.row_centre(row) - size * 0.36, str(printed))
    c.restoreState()


def draw_cafes(c, board: Board, layout: MapLayout) -> None:
    """Draw every cafe badge on its intersection."""
    for cafe in board.cafes:
        x, y = layout.point(cafe.at)
        draw_cafe(c, cafe, x, y, layout.cell * 0.34)


def draw_visit_points(c, board: Board, layout: MapLayout) -> None:
    """Draw the Visit-Them-All points on their intersections."""
    if board.visit_them_all is None:
        return
    for point in board.visit_them_all.at:
        x, y = layout.point(point)
        draw_visit_point(c, x, y, layout.cell * 0.26)


def draw_footer(c, board: Board, player_board: PlayerBoard, layout: MapLayout, loc: PrintLocale,
                page: tuple[int, int] | None = None) -> None:
    """Draw the note that the map is the companion's own design, and the page's place in the set."""
    fonts = loc.fonts
    c.setFillColor(MUTED)
    width = layout.width - 2 * MARGIN
    draw_fitted(c, loc.t(NOTE), MARGIN, MARGIN, width * 0.78, fonts.italic, 6.2, fonts=fonts)
    numbers = [pb.number for pb in board.player_boards]
    number, pages = page or (numbers.index(player_board.number) + 1, len(numbers))
    place = loc.t(PAGE, board=board.id, page=number, pages=pages)
    draw_fitted(c, place, layout.width - MARGIN, MARGIN, width * 0.2, fonts.regular, 6.2, align="right",
                fonts=fonts)


def draw_map_page(c, board: Board, player_board: PlayerBoard, layout: MapLayout, loc: PrintLocale,
                  rows: list[ScoringRow], page: tuple[int, int] | None = None) -> None:
    """Draw one whole player map page (`rows`: the scoring rows in the page's language; `page`: n of m)."""
    draw_header(c, board, player_board, layout, loc)
    draw_streets(c, layout)
    draw_locations(c, board, layout)
    draw_landmark_joins(c, board, layout)
    draw_roads(c, board, layout)
    for landmark in board.landmarks:
        draw_landmark(c, board, landmark, layout, loc)
    draw_city_features(c, board, layout, loc)
    cities.draw_map(c, board, layout, loc)  # a city folder's own marks (nothing on a board without them)
    draw_visit_points(c, board, layout)
    draw_cafes(c, board, layout)
    draw_coordinates(c, player_board, layout)
    draw_legend(c, board, MARGIN, layout.legend_top, layout.width - 2 * MARGIN, loc)
    draw_scoring_spaces(c, rows, MARGIN, layout.scoring_top, layout.width - 2 * MARGIN, loc)
    draw_footer(c, board, player_board, layout, loc, page)
    draw_camera_marks(c, board, player_board, layout.width, layout.height, loc)


def maps_pdf(board: Board, paper: str = "a4", lang: str = "en", player_boards=None, level: str = "full",
             goal_decks=None) -> bytes:
    """Build the blank maps of a city, one page per player board, in a language ("en", "ja"); return the PDF.

    A table prints one page per seat (issue 13, U9): `player_boards` lists the seats' board numbers, and
    the scoring spaces show only the rows the table's `level` plays.
    """
    loc = print_locale(lang)  # an unknown language is a ValueError, like an unknown paper
    rows = level_rows(localized_rows(board, loc), level, goal_decks)
    layout = map_layout(board, paper, lang, rows)
    chosen = list(board.player_boards)
    if player_boards is not None:
        chosen = [board.player_board(n) for n in player_boards]
        if not chosen or None in chosen:
            raise ValueError(f"player_boards must list player boards of {board.id}, not {player_boards!r}.")
    buffer = BytesIO()
    c = style.new_canvas(buffer, paper, loc.t(TITLE, city=board.name), loc.t(style.SUBJECT), lang)
    for n, player_board in enumerate(chosen):
        draw_map_page(c, board, player_board, layout, loc, rows,
                      (n + 1, len(chosen)) if player_boards is not None else None)
        c.showPage()
    return style.finish(c, buffer)


__all__ = ["MapLayout", "draw_map_page", "map_layout", "maps_pdf"]
