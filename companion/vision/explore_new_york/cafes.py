"""Decide which cafes are circled: ink on a ring around each printed cafe badge, off the roads.

The En Route cafe reader (`companion.vision.marks.read_cafes`) judges a ring at a fixed ink strength made
for felt pens; here the bar follows the sheet's own pen as the En Route goal circles do (55 % of the ink
its surely drawn roads show, at most INK, at least a margin above the photo's noise), so a thin or pale
ballpoint circle reads as circled, and faint ink round most of a cafe flags it instead of saying "no".
"""

from __future__ import annotations

import math

import numpy as np

from ..marks import FAINT, FAINT_ABOVE_NOISE, INK, Decision, Ink
from .geometry import TileGeometry
from .sections import _sample

REACH_MM = (1.2, 6.0)  # the ring is looked for this far outside the printed badge
ROAD_GAP = 25  # degrees either side of a road leaving the cafe: the route's own strokes run there
CIRCLED = 0.5  # share of the directions off the roads carrying ink
FAINT_CIRCLED = 0.45  # share of directions with faint ink that flags a cafe read as not circled


def _directions(at, geo: TileGeometry) -> list[float]:
    """Image-space directions (degrees) of the road pieces leaving a cafe's intersection."""
    px, py = geo.points[at]
    out = []
    for a, b in geo.roads:
        if at in (a, b):
            qx, qy = geo.points[b if a == at else a]
            out.append(math.degrees(math.atan2(qy - py, qx - px)) % 360)
    return out


def _share(values: np.ndarray, keep: np.ndarray, level: float) -> tuple[float, int]:
    """Share of the kept directions above a level, and in how many quadrants."""
    if not keep.any():
        return 0.0, 0
    hit = (values > level) & keep
    quadrants = {int(k * 360 / len(values) // 90) % 4 for k in np.nonzero(hit)[0]}
    return float(hit[keep].mean()), len(quadrants)


def read_cafes(ink: Ink, geo: TileGeometry) -> list[Decision]:
    """Decide for every cafe whether it is circled (the sheet's `cafes`)."""
    mm = geo.cell / 24  # the printed cell is 24 mm
    pen = ink.levels.get("pen")
    noise = ink.levels.get("noise", 0.0)
    faint_level = max(FAINT, noise + FAINT_ABOVE_NOISE)
    level = min(INK, max(faint_level + FAINT_ABOVE_NOISE, 0.55 * pen)) if pen else INK
    angles = np.radians(np.arange(0, 360, 7.5))
    decisions = []
    for at, (half, _h) in sorted(geo.cafes.items()):
        cx, cy = geo.points[at]
        steps = half + np.linspace(REACH_MM[0], REACH_MM[1], 20) * mm
        xs = cx + steps[None, :] * np.cos(angles)[:, None]
        ys = cy + steps[None, :] * np.sin(angles)[:, None]
        values = _sample(ink.strength, xs, ys).max(axis=1)
        degrees = np.degrees(angles)
        keep = np.ones(len(angles), bool)
        for direction in _directions(at, geo):
            keep &= np.abs((degrees - direction + 180) % 360 - 180) > ROAD_GAP
        share, quadrants = _share(values, keep, level)
        circled = share >= CIRCLED and quadrants >= 3
        confidence = float(min(1.0, abs(share - CIRCLED) / 0.3))
        if not circled and share >= CIRCLED:
            confidence = min(confidence, 0.4)  # ink all round but in too few quadrants
        faint, faint_quadrants = _share(values, keep, faint_level)
        if not circled and faint >= FAINT_CIRCLED and faint_quadrants >= 3:
            confidence = min(confidence, 0.4)  # a thin or pale circle, or nothing: the player looks
        decisions.append(Decision("cafe", at, circled, confidence, share, faint))
    return decisions
