"""Generic readings of the marks world cities add, used by the city folders (`companion/vision/cities/`).

Nothing here names a city: a cross (×) drawn in a location, tourists written in a printed box, a tick in a
printed box, and the pen colour of each drawn section. Each returns decisions with a confidence like the
shared reader's (`marks.Decision`, flagged below 0.5).
"""

from __future__ import annotations

import cv2
import numpy as np

from companion.games.core.problems import N_

from .marks import FAINT, FAINT_ABOVE_NOISE, INK, Decision, Ink, _confidence, _road_band, _sample, _strokes
from .pagegeom import PageGeometry

CROSSED = 0.9  # share of each spoke of a cross (×) inked without a break from its centre out
CROSS_DOUBT = 0.5  # from this share on, a location not read as crossed is flagged
FAINT_CROSS = 0.5  # or from this share of faint ink on (a thin or pale pen)
TICK_MM2 = 3.0  # ink (square millimetres, away from the roads) in a box that makes a tick
PEN_HUES = {"red": ((0, 25), (330, 360)), "green": ((70, 175),), "blue": ((185, 260),)}
PEN_SATURATION = 0.25  # a coloured section's ink is at least this saturated
CROSS_KINDS: set[str] = set()  # the decision kinds of crosses (a city reader names its own)
CROSSED_DOUBT = N_("Check the cross (×) at {where}: read as {state} (confidence {sure}).")


def _pen_level(ink: Ink) -> float:
    """The ink level a mark in the sheet's own pen reaches (as the goal circles are read)."""
    pen = ink.levels.get("pen", INK * 2)
    faint = max(FAINT, ink.levels.get("noise", 0.0) + FAINT_ABOVE_NOISE)
    return min(INK, max(faint + FAINT_ABOVE_NOISE, 0.55 * pen))


def cross_share(ink: Ink, block: tuple[float, float, float], level: float, width: float, mm: float) -> float:
    """Return how well a cross (two slanted strokes through the middle) is inked in a block (0..1).

    Both arms are looked for at 25-65° either way, through one point near the block's centre, over the middle
    52 % of the block, each of the four spokes inked without a break and thin: a hand-drawn × is seldom square
    or centred; a tourist mark (even filled) covers the middle only, and the route runs along the block's sides.
    """
    left, top, side = block
    half = side * 0.26
    off = 0.5 * width + mm
    ts = np.linspace(-half, half, 23, dtype=np.float32)
    shifts = np.linspace(-1, 1, 5, dtype=np.float32) * side * 0.12
    arms = []
    for base in (45.0, 135.0):
        angles = np.radians(base + np.arange(-20, 21, 5, dtype=np.float32))
        cx = left + side / 2 + shifts[:, None, None, None]
        cy = top + side / 2 + shifts[None, :, None, None]
        xs = cx + ts[None, None, None, :] * np.cos(angles)[None, None, :, None]
        ys = cy + ts[None, None, None, :] * np.sin(angles)[None, None, :, None]
        xs, ys = np.broadcast_arrays(xs, ys)  # centres x centres x slants x samples, both
        # A pixel and a half either way across the arm: a hand-drawn stroke is not quite straight.
        nx, ny = -np.sin(angles)[None, None, :, None] * 1.5, np.cos(angles)[None, None, :, None] * 1.5
        values = np.maximum(np.maximum(_sample(ink.strength, xs, ys), _sample(ink.strength, xs + nx, ys + ny)),
                            _sample(ink.strength, xs - nx, ys - ny))
        hit = values > level
        # A stroke is thin: beside it (half the pen's width and a millimetre off) there is paper on one side at
        # least, where a filled mark or a cluster of marks is ink on both. Near the centre the other arm runs
        # beside it, so the first `off` pixels are not asked.
        sx, sy = -np.sin(angles)[None, None, :, None] * off, np.cos(angles)[None, None, :, None] * off
        wide = (_sample(ink.strength, xs + sx, ys + sy) > level) & (_sample(ink.strength, xs - sx, ys - sy) > level)
        hit &= ~wide | (np.abs(ts) < off)[None, None, None, :]
        # Each arm's two spokes out of the centre must carry ink without a break from the centre out: a filled
        # tourist mark covers the middle only, and a line through two marks side by side breaks between them.
        spokes = np.minimum(_run(hit[..., 11::-1]), _run(hit[..., 11:]))
        arms.append(spokes.max(axis=2))  # per centre: its best arm at this slant
    # Both arms through one centre: two marks side by side never make a cross.
    return float(np.minimum(arms[0], arms[1]).max())


def _run(hit: np.ndarray) -> np.ndarray:
    """Return the longest run of consecutive hits along the last axis, as a share of its length."""
    run = np.zeros(hit.shape[:-1], np.int32)
    best = np.zeros_like(run)
    for i in range(hit.shape[-1]):
        run = (run + 1) * hit[..., i]
        best = np.maximum(best, run)
    return best / hit.shape[-1]


def read_crosses(ink: Ink, geo: PageGeometry, locations, kind: str = "crossed") -> list[Decision]:
    """Decide for each candidate location whether it is crossed out (×)."""
    level = _pen_level(ink)
    faint = max(FAINT, ink.levels.get("noise", 0.0) + FAINT_ABOVE_NOISE)
    width, mm = ink.levels.get("width", 0.0), geo.cell / 24
    CROSS_KINDS.add(kind)
    decisions = []
    for loc in sorted(locations):
        if loc not in geo.blocks:
            continue
        share = cross_share(ink, geo.blocks[loc], level, width, mm)
        crossed = share >= CROSSED
        confidence = _confidence(share, CROSSED, 0.1)
        if not crossed and (share >= CROSS_DOUBT or cross_share(ink, geo.blocks[loc], faint, width, mm) >= FAINT_CROSS):
            confidence = min(confidence, 0.4)  # a cross in a thin or pale pen (or skipping) reads fainter
        decisions.append(Decision(kind, loc, crossed, confidence, share))
    return decisions


def empty_crossed(decisions: list[Decision], crossed: list[Decision]) -> list[Decision]:
    """A crossed-out location holds no tourists: its cross is no tourist mark (the tourist reading is replaced)."""
    gone = {d.key: d for d in crossed if d.value}
    out = []
    for d in decisions:
        if d.kind == "tourists" and d.key in gone:
            d = Decision("tourists", d.key, {}, min(1.0, gone[d.key].confidence), 0.0)
        out.append(d)
    return out


def box_tourists(decisions: list[Decision], prefix: str, kind: str) -> list[Decision]:
    """Turn the shared reader's "box" decisions of one city kind (keys `<prefix>:<id>`) into that kind's."""
    return [Decision(kind, d.key.split(":", 1)[1], d.value, d.confidence, d.measure)
            for d in decisions if d.kind == "box" and d.key.startswith(prefix + ":")]


def read_ticks(ink: Ink, geo: PageGeometry, prefix: str, kind: str) -> list[Decision]:
    """Decide for each printed box of a kind (`geo.areas`, keys `<prefix>:<id>`) whether it is ticked.

    A tick, cross or scribble is ink away from the roads (the route's strokes through the box are the roads'):
    ticked with at least TICK_MM2 of it; route ink lumped in the box, or half as much ink, is flagged.
    """
    mm2 = (geo.cell / 24) ** 2  # about one square millimetre at the usual cell size
    x0, y0 = geo.box[:2]
    level = _pen_level(ink)
    strength = ink.strength[geo.box[1]:geo.box[3], geo.box[0]:geo.box[2]]
    inked = (strength > level).astype(np.uint8)
    # The route's strokes are the ink joined to a road outside the boxes (a box is printed over a road: a tick
    # in it crosses that road's line without being the route's).
    band = _road_band(strength.shape, geo)
    for left, top, w, h in geo.areas.values():
        rows = slice(max(0, round(top - y0)), max(0, round(top + h - y0)))
        band[rows, max(0, round(left - x0)):max(0, round(left + w - x0))] = False
    strokes = _strokes(inked, band)
    decisions = []
    for key in sorted(k for k in geo.areas if k.startswith(prefix + ":")):
        left, top, w, h = geo.areas[key]
        inset = geo.cell * 0.04
        bx0, by0 = max(0, round(left + inset - x0)), max(0, round(top + inset - y0))
        bx1, by1 = round(left + w - inset - x0), round(top + h - inset - y0)
        window = inked[by0:by1, bx0:bx1].astype(bool)
        own = float((window & ~strokes[by0:by1, bx0:bx1]).sum()) / mm2
        joined = float((window & strokes[by0:by1, bx0:bx1]).sum()) / mm2
        ticked = own >= TICK_MM2
        confidence = _confidence(own, TICK_MM2, TICK_MM2 * 0.6)
        if not ticked and joined >= 2 * TICK_MM2:
            confidence = min(confidence, 0.4)  # a tick drawn into the route's stroke?
        decisions.append(Decision(kind, key.split(":", 1)[1], ticked, confidence, own, joined))
    return decisions


def pen_colour(rgb: np.ndarray) -> tuple[str | None, float]:
    """Name a pen's colour (red, green, blue) from its ink's transmittance, and how sure (0..1)."""
    hsv = cv2.cvtColor(np.clip(rgb, 0, 1).reshape(1, 1, 3).astype(np.float32), cv2.COLOR_RGB2HSV)[0, 0]
    hue, saturation = float(hsv[0]), float(hsv[1])
    if saturation < PEN_SATURATION:
        return None, 0.0
    for name, ranges in PEN_HUES.items():
        for lo, hi in ranges:
            if lo <= hue < hi:
                edge = min(hue - lo if lo > 0 else 99, hi - hue if hi < 360 else 99)
                return name, float(min(1.0, edge / 15) * min(1.0, (saturation - PEN_SATURATION) / 0.15))
    return None, 0.0


def read_colours(ink: Ink, geo: PageGeometry, decisions: list[Decision], kind: str = "colour") -> list[Decision]:
    """Decide the pen colour of every section read as drawn: the median colour of its inked points.

    The ends (near the intersections, where other sections of other colours meet) are left out; a section
    whose ink has no clear red, green or blue hue is flagged with the nearest guess.
    """
    drawn = [d for d in decisions if d.kind == "section" and d.value]
    if not drawn:
        return []
    along = np.linspace(0.2, 0.8, 19, dtype=np.float32)
    across = np.linspace(-1, 1, 7, dtype=np.float32) * geo.cell * 0.07
    centre, n = geo.road_points([d.key for d in drawn], along)
    pts = centre[:, :, None, :] + across[None, None, :, None] * n[:, :, None, :]
    strength = _sample(ink.strength, pts[..., 0], pts[..., 1])
    channels = np.stack([_sample(np.ascontiguousarray(ink.colour[..., c]), pts[..., 0], pts[..., 1])
                         for c in range(3)], axis=-1)
    out = []
    for i, d in enumerate(drawn):
        inked = strength[i] > INK
        if inked.sum() < 5:
            out.append(Decision(kind, d.key, None, 0.2, 0.0))
            continue
        rgb = np.median(channels[i][inked], axis=0)
        name, sure = pen_colour(rgb)
        if name is None:
            # No clear hue: the closest of the three by hue, flagged.
            hsv = cv2.cvtColor(np.clip(rgb, 0, 1).reshape(1, 1, 3).astype(np.float32), cv2.COLOR_RGB2HSV)[0, 0]
            centres = {"red": 0.0, "green": 120.0, "blue": 220.0}
            name = min(centres, key=lambda c: min(abs(hsv[0] - centres[c]), 360 - abs(hsv[0] - centres[c])))
            sure = 0.2
        out.append(Decision(kind, d.key, name, sure, float(inked.mean())))
    return out


def read_crossed(ink, geo, board, decisions, kind="crossed", locations=None):
    """Crosses in every location (or the given ones); a crossed location's tourist reading is emptied."""
    crosses = read_crosses(ink, geo, locations if locations is not None else board.locations(), kind)
    return empty_crossed(decisions, crosses) + crosses


def draft_crossed(decisions, draft, board) -> None:
    """`crossed`: the crossed-out locations, in order, once each (any reader of crosses)."""
    found = {tuple(d.key) for d in decisions if d.kind in CROSS_KINDS and d.value}
    if found:
        draft["crossed"] = [list(loc) for loc in sorted(found)]


def describe_crossed(decision, board, fmt) -> str:
    """The check text of a cross."""
    return fmt.t(CROSSED_DOUBT, where=fmt.location(decision.key), state=fmt.state(decision.value),
                 sure=fmt.sure(decision))
