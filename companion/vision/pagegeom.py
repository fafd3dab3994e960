"""Where things are on a printed map page, in pixels of the rectified photo, and the blank page itself.

The geometry comes from the printables' own layout (`printables.enroute.maps.map_layout`), so the
reader and the print can never disagree; the blank page is the printed PDF page rendered at the
reader's scale (pypdfium2), which lets the reader see only what a player added.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np

from companion.games.enroute.board import Board, board_to_json
from companion.games.enroute.geometry import Point, Section

from . import pagecode

PX_PER_MM = 4.0  # rectified resolution: enough for 1 mm marker strokes, small enough to stay fast
PX_PER_PT = PX_PER_MM / pagecode.MM


@dataclass(frozen=True)
class PageGeometry:
    """A map page's size and its elements' places, in rectified pixels (y down)."""

    width: int
    height: int
    cell: float  # one location's pitch
    street: float
    points: dict[Point, tuple[float, float]]
    blocks: dict[tuple[int, int], tuple[float, float, float]]  # location -> (left, top, side)
    roads: tuple[Section, ...]
    cafes: dict[Point, tuple[float, float]]  # cafe point -> badge (half width, half height)
    box: tuple[int, int, int, int]  # the map with its cafes and rings: x0, y0, x1, y1
    anchors: tuple[tuple[float, float], ...]  # printed coordinates around the map: fine alignment
    curves: dict[Section, tuple[tuple[float, float], ...]] = field(default_factory=dict)  # corner arcs (Bezier)
    areas: dict[str, tuple[float, float, float, float]] = field(default_factory=dict)  # boxes: left, top, w, h

    def road_points(self, roads, along: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Return points along roads as printed (roads x along x 2) and the unit normals there.

        A straight road is its chord; a corner road is its printed quarter arc (a cubic Bezier curve, as the
        printables draw it): a pen following the arc is sampled where it runs, not on the chord.
        """
        t = np.asarray(along, np.float32)[None, :, None]
        centre, tangent = [], []
        for sec in roads:
            curve = self.curves.get(sec)
            if curve is None:
                a, b = np.array(self.points[sec[0]], np.float32), np.array(self.points[sec[1]], np.float32)
                centre.append(a + t[0] * (b - a))
                tangent.append(np.broadcast_to(b - a, (t.shape[1], 2)))
                continue
            p0, p1, p2, p3 = (np.array(p, np.float32) for p in curve)
            u = t[0]
            centre.append((1 - u) ** 3 * p0 + 3 * (1 - u) ** 2 * u * p1 + 3 * (1 - u) * u ** 2 * p2 + u ** 3 * p3)
            tangent.append(3 * (1 - u) ** 2 * (p1 - p0) + 6 * (1 - u) * u * (p2 - p1) + 3 * u ** 2 * (p3 - p2))
        c = np.stack(centre).astype(np.float32)
        d = np.stack(tangent).astype(np.float32)
        n = np.stack([-d[..., 1], d[..., 0]], axis=-1) / np.maximum(np.linalg.norm(d, axis=-1, keepdims=True), 1e-6)
        return c, n

    def to_px(self, x_pt: float, y_pt: float) -> tuple[float, float]:
        """Convert page points (y up) to rectified pixels (y down)."""
        return x_pt * PX_PER_PT, self.height - y_pt * PX_PER_PT


def page_size_pt(paper: str) -> tuple[float, float]:
    """Return the page size of a paper in points."""
    from printables.enroute.style import paper_size

    return paper_size(paper)


def page_geometry(board: Board, paper: str, lang: str) -> PageGeometry:
    """Return the geometry of a board's map page printed on `paper` in `lang`."""
    return _geometry(_board_key(board), paper, lang, board)


def _board_key(board: Board) -> str:
    """Return a key that changes whenever the board data does (saved boards can be edited)."""
    return json.dumps(board_to_json(board), sort_keys=True)


@lru_cache(maxsize=16)
def _geometry(_key: str, paper: str, lang: str, board: Board) -> PageGeometry:
    """Compute (once per board, paper and language) the page geometry."""
    from printables.enroute.maps import map_layout
    from printables.enroute.symbols import CAFE_ASPECT

    layout = map_layout(board, paper, lang)
    width_pt, height_pt = page_size_pt(paper)
    width, height = round(width_pt * PX_PER_PT), round(height_pt * PX_PER_PT)

    def px(x: float, y: float) -> tuple[float, float]:
        """Page points to pixels."""
        return x * PX_PER_PT, height - y * PX_PER_PT

    points = {(x, y): px(*layout.point((x, y))) for x in range(board.cols + 1) for y in range(board.rows + 1)}
    blocks = {}
    for loc in board.locations():
        left, bottom, side = layout.block(loc)
        lx, top = px(left, bottom + side)
        blocks[loc] = (lx, top, side * PX_PER_PT)
    size = layout.cell * 0.34 * PX_PER_PT  # as draw_cafes sizes the badge
    cafes = {cafe.at: (size * CAFE_ASPECT / 2, size / 2) for cafe in board.cafes}
    xs, ys = [p[0] for p in points.values()], [p[1] for p in points.values()]
    pad = layout.cell * PX_PER_PT * 0.75
    box = (max(0, int(min(xs) - pad)), max(0, int(min(ys) - pad)), min(width, int(max(xs) + pad) + 1),
           min(height, int(max(ys) + pad) + 1))
    from printables.enroute.maps import LABEL_BAND

    off = (LABEL_BAND + layout.street) / 2  # where draw_coordinates centres the printed coordinates
    anchors = [px(layout.column_centre(c), y) for c in range(1, board.cols + 1)
               for y in (layout.grid_top + off, layout.grid_bottom - off)]
    anchors += [px(x, layout.row_centre(r)) for r in range(1, board.rows + 1)
                for x in (layout.grid_left - off, layout.grid_right + off)]
    from printables.enroute.city_features import corner_arc

    curves = {}
    for sec in board.roads:
        arc = corner_arc(board, layout, sec)
        if arc is not None:
            curves[sec] = tuple(px(*p) for p in arc)
    from .cities import page_areas

    areas = {key: (left * PX_PER_PT, height - top * PX_PER_PT, w * PX_PER_PT, h * PX_PER_PT)
             for key, (left, top, w, h) in page_areas(board, layout).items()}
    return PageGeometry(width, height, layout.cell * PX_PER_PT, layout.street * PX_PER_PT, points, blocks,
                        tuple(board.roads), cafes, box, tuple(anchors), curves, areas)


def blank_page(board: Board, player_board: int, paper: str, lang: str) -> np.ndarray:
    """Return the blank printed page (RGB float32 0..1) at the rectified scale."""
    return _blank(_board_key(board), player_board, paper, lang, board)


@lru_cache(maxsize=8)
def _blank(_key: str, player_board: int, paper: str, lang: str, board: Board) -> np.ndarray:
    """Render (once) one page of the printed maps."""
    image = render_page(board, player_board, paper, lang, PX_PER_PT)
    width_pt, height_pt = page_size_pt(paper)
    width, height = round(width_pt * PX_PER_PT), round(height_pt * PX_PER_PT)
    # pdfium may round the bitmap up by a pixel; the pixel grid itself starts at the page's top-left.
    out = np.ones((height, width, 3), np.float32)
    h, w = min(height, image.shape[0]), min(width, image.shape[1])
    out[:h, :w] = image[:h, :w].astype(np.float32) / 255.0
    return out


def render_page(board: Board, player_board: int, paper: str, lang: str, scale: float) -> np.ndarray:
    """Render a board's map page for one player board to an RGB uint8 array, `scale` pixels per point."""
    import pypdfium2

    from printables.enroute.maps import maps_pdf

    numbers = [pb.number for pb in board.player_boards]
    pdf = pypdfium2.PdfDocument(maps_pdf(board, paper=paper, lang=lang))
    try:
        page = pdf[numbers.index(player_board)]
        bitmap = page.render(scale=scale)
        image = np.array(bitmap.to_pil().convert("RGB"))
    finally:
        pdf.close()
    return image
