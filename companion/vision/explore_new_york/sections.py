"""Decide which roads carry a drawn section, sampling along each road's printed polyline.

The same decision as the En Route reader's (`companion.vision.marks.read_sections`: the share of the
road's length carrying ink, faint ink flagged, the photo's own noise measured on the undrawn roads),
but along any polyline, so Explore New York's curved corner roads are sampled along their curve.
"""

from __future__ import annotations

import numpy as np

from ..marks import FAINT, FAINT_ABOVE_NOISE, INK, Decision, Ink
from ..quality import PALE_PEN
from .geometry import TileGeometry

ALONG = 25  # samples along a road, 10-90 % of its length
ACROSS = 9  # samples across it
HALF_WIDTH = 0.075  # of a cell: how far across the road ink is looked for (about 1.8 mm)
PALE_FAINT_SHARE = 0.25  # on a thin or pale pen's sheet, faint ink along this share of a road flags it


def _sample(image: np.ndarray, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
    """Sample a single-channel image at float positions (any shape), bilinear, 0 outside."""
    import cv2

    shape = xs.shape
    out = cv2.remap(image, xs.reshape(1, -1).astype(np.float32), ys.reshape(1, -1).astype(np.float32),
                    cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT, borderValue=0)
    return out.reshape(shape)


def along_path(line: np.ndarray, fractions: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Return points at fractions of a polyline's length and the unit normals there."""
    steps = np.diff(line, axis=0)
    lengths = np.hypot(steps[:, 0], steps[:, 1])
    total = np.concatenate([[0], np.cumsum(lengths)])
    at = fractions * total[-1]
    index = np.clip(np.searchsorted(total, at, side="right") - 1, 0, len(steps) - 1)
    f = (at - total[index]) / np.maximum(lengths[index], 1e-9)
    points = line[index] + f[:, None] * steps[index]
    tangent = steps[index] / np.maximum(lengths[index], 1e-9)[:, None]
    return points, np.stack([-tangent[:, 1], tangent[:, 0]], axis=1)


def _under_cafes(points: np.ndarray, geo: TileGeometry) -> np.ndarray:
    """Tell which sample points lie on a cafe badge, where a stroke may stop short of the intersection."""
    hidden = np.zeros(points.shape[:-1], bool)
    for at, (hx, _hy) in geo.cafes.items():
        cx, cy = geo.points[at]
        hidden |= np.hypot(points[..., 0] - cx, points[..., 1] - cy) < hx + 3
    return hidden


def read_sections(ink: Ink, geo: TileGeometry) -> list[Decision]:
    """Decide for every road whether a section is drawn: the share of its length that carries ink."""
    roads = sorted(geo.paths)
    along = np.linspace(0.1, 0.9, ALONG)
    across = np.linspace(-1, 1, ACROSS) * geo.cell * HALF_WIDTH
    near = np.linspace(-1, 1, 3) * geo.cell * 0.02
    centres, normals = zip(*(along_path(geo.paths[sec], along) for sec in roads))
    centre, normal = np.array(centres), np.array(normals)  # roads x along x 2
    pts = centre[:, :, None, :] + across[None, None, :, None] * normal[:, :, None, :]
    across_values = _sample(ink.strength, pts[..., 0], pts[..., 1])  # roads x along x across
    values = across_values.max(axis=2)
    valid = ~_under_cafes(centre, geo)
    light = _sample(ink.visible, centre[:, :, None, 0] + near * normal[:, :, None, 0],
                    centre[:, :, None, 1] + near * normal[:, :, None, 1]).min(axis=2) > 0.5
    shares = np.array([(values[i][valid[i]] > INK).mean() if valid[i].sum() >= 5 else (values[i] > INK).mean()
                       for i in range(len(roads))])
    quiet = values[shares < 0.1]
    noise = float(np.percentile(quiet, 80)) if quiet.size >= 50 else 0.0
    faint_level = min(max(FAINT, noise + FAINT_ABOVE_NOISE), INK * 0.8)
    ink.levels = {"noise": noise}
    drawn_values = values[shares >= 0.7]
    if drawn_values.size >= ALONG:
        ink.levels["pen"] = float(np.median(drawn_values))
        inked = (across_values[shares >= 0.7] > INK).sum(axis=2)
        ink.levels["width"] = float(np.median(inked[inked > 0])) * (across[1] - across[0]) if (inked > 0).any() \
            else 0.0
    # A thin or pale pen (no road surely drawn, or the drawn roads' ink weak) leaves some of its sections
    # fainter still, along the printed dots where only the gaps show it: on such a sheet a quarter of the
    # road's gaps carrying faint ink is enough to ask the player (tuning photos: harbor medium 1).
    pen = ink.levels.get("pen")
    faint_share = PALE_FAINT_SHARE if pen is None or pen < PALE_PEN else 0.5
    decisions = []
    for i, sec in enumerate(roads):
        keep = values[i][valid[i]] if valid[i].sum() >= 5 else values[i]
        share = float((keep > INK).mean())
        gaps = values[i][valid[i] & light[i]]
        faint = float((gaps > faint_level).mean()) if len(gaps) >= 6 else float((keep > faint_level).mean())
        confidence = min(1.0, abs(share - 0.5) / 0.35)
        drawn = share >= 0.5
        if not drawn:
            confidence = min(confidence, min(1.0, abs(faint - 0.5) / 0.35) if faint < faint_share else 0.3)
        decisions.append(Decision("section", sec, drawn, confidence, share, faint))
    return decisions
