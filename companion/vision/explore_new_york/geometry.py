"""Where things are on a printed Explore New York map page, in pixels of the rectified photo.

The places come from the printables' own layout (`printables.explore_new_york.maps.MapPage`), so the
reader and the print never disagree; the blank page is the printed PDF page rendered at the reader's
scale (pypdfium2), as for En Route (`companion.vision.pagegeom`).

Every road is a polyline (`paths`): a straight road is its two ends, a curved corner road the printed
curve (a straight piece, a Bézier corner, a straight piece) sampled finely. For the shared mark
readers of `companion.vision.marks`, which draw roads as straight pieces between named points,
`points`/`roads` also carry the curve's pieces (points keyed `("arc", section, k)`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from companion.games.explore_new_york.tile import CORNER_ROADS, LOCATIONS, POINTS, ROADS, Section, Tile

from ..pagegeom import PX_PER_MM, PX_PER_PT

ARC_PIECES = 8  # straight pieces a curved corner road is cut into for the shared mark readers


@dataclass(frozen=True)
class TileGeometry:
    """A map page's size and its elements' places, in rectified pixels (y down)."""

    width: int
    height: int
    cell: float
    points: dict  # intersection (and curve piece ends) -> (x, y)
    paths: dict[Section, np.ndarray]  # road -> polyline (n x 2)
    blocks: dict[tuple[int, int], tuple[float, float, float]]  # district -> (left, top, side)
    roads: tuple  # straight pieces (pairs of keys of `points`): the shared mark readers' roads
    cafes: dict  # cafe intersection -> badge (half width, half height)
    box: tuple[int, int, int, int]
    anchors: tuple[tuple[float, float], ...]  # printed coordinates beside the map: fine alignment

    def to_px(self, x_pt: float, y_pt: float) -> tuple[float, float]:
        """Convert page points (y up) to rectified pixels (y down)."""
        return x_pt * PX_PER_PT, self.height - y_pt * PX_PER_PT


def tile_key(tile: Tile) -> str:
    """Return a key that changes whenever the tile does (a table's own tiles can be edited)."""
    from companion.games.explore_new_york.tiles import tile_to_json

    return json.dumps(tile_to_json(tile), sort_keys=True)


def page_size_pt(paper: str) -> tuple[float, float]:
    """Return the page size of a paper in points."""
    from printables.core.style import paper_size

    return paper_size(paper)


def tile_geometry(tile: Tile, paper: str, lang: str) -> TileGeometry:
    """Return the geometry of a tile's map page printed on `paper` in `lang`."""
    return _geometry(tile_key(tile), paper, lang, tile)


def _bezier(p0, p1, p2, p3, n: int) -> np.ndarray:
    """Sample a cubic Bézier curve at n points (ends included)."""
    t = np.linspace(0, 1, n)[:, None]
    p0, p1, p2, p3 = (np.asarray(p, np.float64) for p in (p0, p1, p2, p3))
    return (1 - t) ** 3 * p0 + 3 * (1 - t) ** 2 * t * p1 + 3 * (1 - t) * t * t * p2 + t ** 3 * p3


def corner_path(page, sec: Section) -> np.ndarray:
    """The printed curve of a corner road in page points (y up), as `printables...maps._corner_path` draws it."""
    r = page.cell * 0.62
    (ax, ay), (bx, by) = (page.at(*p) for p in sec)
    cx, cy = page.at(*CORNER_ROADS[sec][0])
    horizontal = (ax, ay) if abs(ay - cy) < 1e-6 else (bx, by)
    vertical = (bx, by) if horizontal == (ax, ay) else (ax, ay)
    sx = cx + (r if horizontal[0] > cx else -r)
    sy = cy + (r if vertical[1] > cy else -r)
    first = np.linspace(horizontal, (sx, cy), 6)
    curve = _bezier((sx, cy), (cx, cy), (cx, cy), (cx, sy), 17)
    last = np.linspace((cx, sy), vertical, 6)
    return np.concatenate([first[:-1], curve, last[1:]])


@lru_cache(maxsize=16)
def _geometry(_key: str, paper: str, lang: str, tile: Tile) -> TileGeometry:
    """Compute (once per tile, paper and language) the page geometry."""
    from printables.explore_new_york.maps import BAND, MapPage

    width_pt, height_pt = page_size_pt(paper)
    page = MapPage(width_pt, height_pt)
    width, height = round(width_pt * PX_PER_PT), round(height_pt * PX_PER_PT)

    def px(x: float, y: float) -> tuple[float, float]:
        """Page points to pixels."""
        return x * PX_PER_PT, height - y * PX_PER_PT

    points: dict = {p: px(*page.at(*p)) for p in POINTS}
    paths: dict[Section, np.ndarray] = {}
    pieces = []
    for sec in ROADS:
        if sec in CORNER_ROADS:
            line = np.array([px(x, y) for x, y in corner_path(page, sec)])
            paths[sec] = line
            # ARC_PIECES straight pieces between points spread evenly along the curve
            lengths = np.concatenate([[0], np.cumsum(np.hypot(*np.diff(line, axis=0).T))])
            marks = np.interp(np.linspace(0, lengths[-1], ARC_PIECES + 1), lengths, np.arange(len(line)))
            keys = []
            for k, m in enumerate(marks):
                i = min(int(m), len(line) - 2)
                f = m - i
                key = ("arc", sec, k)
                points[key] = tuple(line[i] * (1 - f) + line[i + 1] * f)
                keys.append(key)
            # the curve's ends are the section's own intersections
            start = min(sec, key=lambda p: np.hypot(*(np.array(points[p]) - line[0])))
            end = sec[1] if start == sec[0] else sec[0]
            keys[0], keys[-1] = start, end
            pieces += list(zip(keys, keys[1:]))
        else:
            paths[sec] = np.array([points[sec[0]], points[sec[1]]])
            pieces.append(sec)
    cell = page.cell * PX_PER_PT
    blocks = {}
    for c, r in LOCATIONS:
        left, top = px(*page.at(c - 1, r - 1))
        blocks[(c, r)] = (left, top, cell)
    badge = page.cell * 0.17 + max(1.0, page.cell * 0.17 * 0.18) / 2  # as draw_cafes: radius + half its ring
    cafes = {cafe.at: (badge * PX_PER_PT, badge * PX_PER_PT) for cafe in tile.cafes}
    xs, ys = [p[0] for p in points.values()], [p[1] for p in points.values()]
    pad = cell * 0.45
    box = (max(0, int(min(xs) - pad)), max(0, int(min(ys) - pad)), min(width, int(max(xs) + pad) + 1),
           min(height, int(max(ys) + pad) + 1))
    anchors = [px(page.at(k + 0.5, 0)[0], page.top + 2.2 * 72 / 25.4 + 4.3) for k in range(6)]
    anchors += [px(page.left - BAND / 2 - 1, page.at(0, k + 0.5)[1]) for k in range(6)]
    return TileGeometry(width, height, cell, points, paths, blocks, tuple(pieces), cafes, box, tuple(anchors))


def blank_page(tile: Tile, paper: str, lang: str) -> np.ndarray:
    """Return the blank printed page (RGB float32 0..1) at the rectified scale."""
    return _blank(tile_key(tile), paper, lang, tile)


@lru_cache(maxsize=8)
def _blank(_key: str, paper: str, lang: str, tile: Tile) -> np.ndarray:
    """Render (once) the tile's printed map page."""
    image = render_page(tile, paper, lang, PX_PER_PT)
    width_pt, height_pt = page_size_pt(paper)
    width, height = round(width_pt * PX_PER_PT), round(height_pt * PX_PER_PT)
    out = np.ones((height, width, 3), np.float32)
    h, w = min(height, image.shape[0]), min(width, image.shape[1])
    out[:h, :w] = image[:h, :w].astype(np.float32) / 255.0
    return out


def render_page(tile: Tile, paper: str, lang: str, scale: float) -> np.ndarray:
    """Render a tile's printed map page to an RGB uint8 array, `scale` pixels per point."""
    import pypdfium2

    from printables.explore_new_york.maps import maps_pdf

    pdf = pypdfium2.PdfDocument(maps_pdf([tile], lang=lang, paper=paper))
    try:
        image = np.array(pdf[0].render(scale=scale).to_pil().convert("RGB"))
    finally:
        pdf.close()
    return image


__all__ = ["PX_PER_MM", "TileGeometry", "blank_page", "render_page", "tile_geometry", "tile_key"]
