"""Where things are on a printed Welcome To sheet, in pixels of the rectified photo, and the blank sheet itself.

The places come from the printable's own drawing (`printables.welcome_to.sheet.sheet_layout`), so the reader
and the print cannot disagree; the blank sheet is the printed PDF page rendered at the reader's scale.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from ..pagegeom import PX_PER_MM, PX_PER_PT

Box = tuple[float, float, float, float]  # x0, y0, x1, y1 in rectified pixels, y down


@dataclass(frozen=True)
class SheetGeometry:
    """A Welcome To sheet's size and the places the reader samples, in rectified pixels (y down)."""

    width: int
    height: int
    houses: dict[tuple[int, int], Box]
    bis_boxes: dict[tuple[int, int], Box]
    roundabout_boxes: dict[tuple[int, int], Box]
    pools: dict[tuple[int, int], tuple[float, float, float]]  # centre x, y, radius
    fences: dict[tuple[int, int], tuple[float, float, float]]  # x, y top, y bottom
    tracks: dict[str, list[Box]]
    box: tuple[int, int, int, int]  # everything printed inside the margins: x0, y0, x1, y1
    cell: float = 10 * PX_PER_MM  # the quality check's tile (glare)


def page_size_landscape(paper: str) -> tuple[float, float]:
    """Return the landscape page size of a paper in points (the sheet is printed across)."""
    from printables.welcome_to.sheet import page_size

    return page_size(paper)


@lru_cache(maxsize=4)
def sheet_geometry(paper: str, lang: str) -> SheetGeometry:
    """Return the geometry of the sheet printed on `paper` in `lang`."""
    from printables.welcome_to.sheet import sheet_layout

    layout = sheet_layout(paper, lang)
    height = round(layout.height * PX_PER_PT)

    def box(rect) -> Box:
        x0, y0, x1, y1 = rect
        return x0 * PX_PER_PT, height - y1 * PX_PER_PT, x1 * PX_PER_PT, height - y0 * PX_PER_PT

    pools = {k: (x * PX_PER_PT, height - y * PX_PER_PT, r * PX_PER_PT) for k, (x, y, r) in layout.pools.items()}
    fences = {k: (x * PX_PER_PT, height - y1 * PX_PER_PT, height - y0 * PX_PER_PT)
              for k, (x, y0, y1) in layout.fences.items()}
    margin = round(12 * PX_PER_MM)
    width = round(layout.width * PX_PER_PT)
    return SheetGeometry(width, height, {k: box(v) for k, v in layout.houses.items()},
                         {k: box(v) for k, v in layout.bis_boxes.items()},
                         {k: box(v) for k, v in layout.roundabout_boxes.items()}, pools, fences,
                         {name: [box(r) for r in rects] for name, rects in layout.tracks.items()},
                         (margin, margin + round(4 * PX_PER_MM), width - margin,
                          height - margin - round(4 * PX_PER_MM)))


@lru_cache(maxsize=4)
def blank_sheet(paper: str, lang: str) -> np.ndarray:
    """Return the blank printed sheet (RGB float32 0..1) at the rectified scale (rendered once)."""
    image = render_sheet(paper, lang, PX_PER_PT)
    geo = sheet_geometry(paper, lang)
    out = np.ones((geo.height, geo.width, 3), np.float32)
    h, w = min(geo.height, image.shape[0]), min(geo.width, image.shape[1])
    out[:h, :w] = image[:h, :w].astype(np.float32) / 255.0
    return out


def render_sheet(paper: str, lang: str, scale: float) -> np.ndarray:
    """Render the blank sheet to an RGB uint8 array, `scale` pixels per point."""
    import pypdfium2

    from printables.welcome_to.sheet import sheet_pdf

    pdf = pypdfium2.PdfDocument(sheet_pdf(paper=paper, lang=lang))
    try:
        return np.array(pdf[0].render(scale=scale).to_pil().convert("RGB"))
    finally:
        pdf.close()
