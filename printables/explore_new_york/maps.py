"""Blank maps: one page per tile with its districts, roads (rounded corners), cafes and its score table.

Every word comes from the catalogues in the PDF's language; tile names are
tile data and print as the tile gives them. The tiles are the companion's own
example tiles (or a table's own), never the publisher's artwork.
"""

from __future__ import annotations

import hashlib
import json
from io import BytesIO

from reportlab.lib.units import mm

from companion.games.core.problems import N_
from companion.games.explore_new_york.tile import CORNER_ROADS, LOCATIONS, ROADS, SIZE, Tile

from ..core.camera import draw_camera_marks
from ..core.i18n import PrintLocale, print_locale
from ..core.style import INK, MARGIN, MUTED, draw_fitted, finish, new_canvas, paper_size
from .drawing import KIND_FILL, ROAD, draw_cafe, draw_score_table, draw_smiley, draw_star, draw_tourist

TITLE = N_("Explore New York · {tile}: blank map")
DOC_TITLE = N_("Explore New York: blank maps")
NOTE = N_("Map drawn by the table companion from its own example tile, not the publisher's artwork. "
          "X along the top, Y down the left side.")
LEGEND = N_("Tourists: red (lively places), green (parks), blue (culture). Cafes show the tourists they add.")
HEADER = 14 * mm
BAND = 7 * mm  # room for the printed coordinates
ROW_H = 8 * mm
CAMERA_KIND = 2  # companion.vision.pagecode.KINDS: "explore-new-york-map"
QUIET = 4 * mm  # white kept beside the bottom corner markers (a camera finds them by their outline)


def page_id(tile: Tile) -> str:
    """The id a map page's code names: the tile's id and a digest of everything printed from it.

    A table's own tile can be edited under the same id; a page printed before the edit then names
    another tile, and the reader says so instead of reading it against the wrong districts and cafes.
    """
    from companion.games.explore_new_york.tiles import tile_to_json

    text = json.dumps(tile_to_json(tile), sort_keys=True, ensure_ascii=False)
    return f"{tile.id}:{hashlib.sha256(text.encode('utf-8')).hexdigest()[:16]}"


class MapPage:
    """Where the grid goes on a page; points are tile intersections."""

    def __init__(self, width: float, height: float) -> None:
        """Fit the 6×6 grid between the header and the score table."""
        usable_w = width - 2 * MARGIN - BAND
        usable_h = height - 2 * MARGIN - HEADER - BAND - 8 * ROW_H - 12 * mm
        self.cell = min(24 * mm, usable_w / SIZE, usable_h / SIZE)
        self.left = MARGIN + BAND + (usable_w - SIZE * self.cell) / 2
        self.top = height - MARGIN - HEADER - BAND
        self.width, self.height = width, height

    def at(self, x: float, y: float) -> tuple[float, float]:
        """Page coordinates of tile intersection (x, y)."""
        return (self.left + x * self.cell, self.top - y * self.cell)

    @property
    def bottom(self) -> float:
        """Page y of the grid's bottom edge."""
        return self.top - SIZE * self.cell


def _corner_path(c, page: MapPage, sec, close_at=None):
    """The path of a curved corner road (from its horizontal end round the corner to its vertical end);
    with `close_at`, closed through that point (the corner district's area)."""
    r = page.cell * 0.62
    (ax, ay), (bx, by) = (page.at(*p) for p in sec)
    cx, cy = page.at(*CORNER_ROADS[sec][0])
    horizontal = (ax, ay) if abs(ay - cy) < 1e-6 else (bx, by)
    vertical = (bx, by) if horizontal == (ax, ay) else (ax, ay)
    sx = cx + (r if horizontal[0] > cx else -r)
    sy = cy + (r if vertical[1] > cy else -r)
    path = c.beginPath()
    path.moveTo(*horizontal)
    path.lineTo(sx, cy)
    path.curveTo(cx, cy, cx, cy, cx, sy)
    path.lineTo(*vertical)
    if close_at is not None:
        path.lineTo(*close_at)
        path.close()
    return path


def draw_districts(c, page: MapPage, tile: Tile) -> None:
    """Each district tinted by its kind, smiley and star marks; the four corner districts rounded outside."""
    corners = {d: sec for sec, (_, d) in CORNER_ROADS.items()}
    for loc in LOCATIONS:
        kind = tile.kind(loc)
        x0, y1 = page.at(loc[0] - 1, loc[1] - 1)
        c.setFillColor(KIND_FILL[kind])
        if loc in corners:
            sec = corners[loc]
            corner = CORNER_ROADS[sec][0]
            inner = next(p for p in ((loc[0] - 1, loc[1] - 1), (loc[0], loc[1] - 1), (loc[0], loc[1]),
                                     (loc[0] - 1, loc[1])) if p not in sec and p != corner)
            c.drawPath(_corner_path(c, page, sec, page.at(*inner)), stroke=0, fill=1)
        else:
            c.rect(x0, y1 - page.cell, page.cell, page.cell, stroke=0, fill=1)
        mx, my = x0 + page.cell * 0.22, y1 - page.cell * 0.22
        if kind == "yellow":
            draw_smiley(c, mx + page.cell * 0.56, my, page.cell * 0.12)
        elif kind == "grey":
            draw_star(c, mx + page.cell * 0.56, my, page.cell * 0.13)


def draw_roads(c, page: MapPage) -> None:
    """Every road as a dotted line; the four curved corner roads round the tile's corners."""
    c.setStrokeColor(ROAD)
    c.setLineWidth(1.4)
    c.setDash(1.2, 3)
    for sec in ROADS:
        if sec in CORNER_ROADS:
            c.drawPath(_corner_path(c, page, sec), stroke=1, fill=0)
        else:
            (ax, ay), (bx, by) = (page.at(*p) for p in sec)
            c.line(ax, ay, bx, by)
    c.setDash()


def draw_cafes(c, page: MapPage, tile: Tile) -> None:
    """The tile's cafes with their tourist symbols."""
    for cafe in tile.cafes:
        x, y = page.at(*cafe.at)
        draw_cafe(c, x, y, page.cell * 0.17, [colour for colour, n in cafe.tourists for _ in range(n)])


def draw_coordinates(c, page: MapPage, tile: Tile, loc: PrintLocale) -> None:
    """The printed coordinates: X along the top, Y down the left side."""
    c.setFillColor(MUTED)
    for k in range(SIZE):
        x, _ = page.at(k + 0.5, 0)
        _, y = page.at(0, k + 0.5)
        c.setFont(loc.fonts.bold, 12)
        c.drawCentredString(x, page.top + 2.2 * mm, str(tile.columns[k]))
        c.drawCentredString(page.left - BAND / 2 - 1, y - 4, str(tile.rows[k]))


def draw_legend(c, page: MapPage, loc: PrintLocale, y: float) -> None:
    """One line naming the tourist symbols."""
    x = MARGIN
    for i, colour in enumerate(("red", "green", "blue")):
        draw_tourist(c, colour, x + 3 * mm + i * 6 * mm, y + 1.2 * mm, 1.6 * mm)
    c.setFillColor(INK)
    draw_fitted(c, loc.t(LEGEND), x + 20 * mm, y, page.width - 2 * MARGIN - 20 * mm, loc.fonts.regular, 8.5,
                fonts=loc.fonts)


def draw_map_page(c, tile: Tile, loc: PrintLocale) -> None:
    """One tile's page: title, map, legend, score table, note, and the camera's marks (corner markers and the
    page code naming the tile) so a photo of the filled-in page can be read."""
    width, height = c._pagesize
    page = MapPage(width, height)
    c.setFillColor(INK)
    draw_fitted(c, loc.t(TITLE, tile=tile.name), MARGIN, height - MARGIN - 8 * mm, width - 2 * MARGIN,
                loc.fonts.bold, 16, fonts=loc.fonts)
    draw_districts(c, page, tile)
    draw_roads(c, page)
    draw_cafes(c, page, tile)
    draw_coordinates(c, page, tile, loc)
    draw_legend(c, page, loc, page.bottom - 8 * mm)
    table_w = min(width - 2 * MARGIN, 120 * mm)
    draw_score_table(c, loc, (width - table_w) / 2, page.bottom - 12 * mm, table_w, ROW_H)
    c.setFillColor(MUTED)
    draw_fitted(c, loc.t(NOTE), MARGIN + QUIET, MARGIN - 2, width - 2 * (MARGIN + QUIET), loc.fonts.italic, 7,
                fonts=loc.fonts)
    draw_camera_marks(c, page_id(tile), 0, width, height, loc.lang, CAMERA_KIND)


def maps_pdf(tiles: list[Tile], lang: str = "en", paper: str = "a4") -> bytes:
    """A PDF with one blank map page per tile, in `lang`."""
    loc = print_locale(lang)
    paper_size(paper)
    buffer = BytesIO()
    c = new_canvas(buffer, paper, loc.t(DOC_TITLE), lang=lang)
    for tile in tiles:
        draw_map_page(c, tile, loc)
        c.showPage()
    return finish(c, buffer)
