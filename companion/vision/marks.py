"""Decide what a player drew on a rectified map page: sections, tourists, cafes, goal circles.

Everything works on the *ink*: how much darker the photo is than the blank printed page at the
same place (the blank page is eroded a little so a pixel of misalignment does not read as ink).
Each decision samples the known geometry (along a road, inside a block, on a ring around a cafe
or an intersection) instead of looking for lines or shapes anywhere, which keeps it fast and
keeps the printed dotted roads, symbols and texts out of it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

from companion.games.enroute.geometry import Point, Section

from .pagegeom import PageGeometry

INK = 0.2  # darker than the printed page by this much (0..1) is ink
FAINT = 0.08  # darker than the printed page by this much is faint ink: a thin or pale pen, or blur
LOW = 0.5  # a decision with a confidence below this is flagged for the player to check
# Tourist marker colours by hue (degrees) of the ink's own colour; gaps between them are doubtful.
HUES = {"red": ((0, 18), (330, 360)), "green": ((75, 170),), "blue": ((185, 245),), "purple": ((260, 320),)}
STRIKE_CORRIDOR = 0.065  # of a cell: the route's strokes through a cafe stay within this of the road
STRUCK = 0.75  # share of a slanted line through the badge that is inked
MIN_MARK = 18  # pixels (~1.1 mm²): smaller coloured specks are noise
SATURATED = 0.3  # colour saturation of tourist ink (the route pen is often dark)


@dataclass(frozen=True)
class Decision:
    """One thing the reader decided, how sure it is (0..1), and the measure it decided on."""

    kind: str  # "section", "tourists", "cafe", "goal"
    key: tuple
    value: object
    confidence: float
    measure: float
    measure2: float = 0.0

    @property
    def doubtful(self) -> bool:
        """Tell whether the player should check this item."""
        return self.confidence < LOW


@dataclass
class Ink:
    """The ink of a rectified photo: strength (0..1 darker than print) and the ink's own colour."""

    strength: np.ndarray  # H x W float32
    colour: np.ndarray  # H x W x 3 float32, transmittance of the ink per channel
    visible: np.ndarray  # H x W float32: 1 where the print is light enough for ink to show, else 0
    exact: np.ndarray  # like strength, against the print itself (not eroded): ink over dark print shows


def ink_of(photo: np.ndarray, blank: np.ndarray, box: tuple[int, int, int, int]) -> Ink:
    """Compare a rectified photo (RGB uint8) with the blank page (RGB float 0..1) inside box (x0, y0, x1, y1)."""
    x0, y0, x1, y1 = box
    p = photo[y0:y1, x0:x1].astype(np.float32) / 255.0
    t = blank[y0:y1, x0:x1]
    # Light falls unevenly: estimate it as the local brightest photo over the local brightest print,
    # on a small copy (light changes slowly), then bring it back to full size.
    small = (max(1, (x1 - x0) // 8), max(1, (y1 - y0) // 8))
    kernel = np.ones((3, 3), np.uint8)
    lit = cv2.GaussianBlur(cv2.dilate(cv2.resize(p, small, interpolation=cv2.INTER_AREA), kernel), (0, 0), 1.5)
    printed = cv2.GaussianBlur(cv2.dilate(cv2.resize(t, small, interpolation=cv2.INTER_AREA), kernel), (0, 0), 1.5)
    light = cv2.resize(lit / np.maximum(printed, 0.05), (x1 - x0, y1 - y0), interpolation=cv2.INTER_LINEAR)
    pn = p / np.maximum(light, 0.05)
    darkest = cv2.erode(t, np.ones((5, 5), np.uint8))
    diff = darkest - pn
    strength = np.zeros(blank.shape[:2], np.float32)
    strength[y0:y1, x0:x1] = np.clip(np.maximum(np.maximum(diff[..., 0], diff[..., 1]), diff[..., 2]), 0, 1)
    colour = np.zeros(blank.shape, np.float32)
    colour[y0:y1, x0:x1] = np.clip(pn / np.maximum(t, 0.15), 0, 1)
    visible = np.zeros(blank.shape[:2], np.float32)
    visible[y0:y1, x0:x1] = (darkest.min(axis=2) > 0.55).astype(np.float32)
    exact = np.zeros(blank.shape[:2], np.float32)
    raw = cv2.GaussianBlur(t, (3, 3), 0) - pn
    exact[y0:y1, x0:x1] = np.clip(np.maximum(np.maximum(raw[..., 0], raw[..., 1]), raw[..., 2]), 0, 1)
    return Ink(strength, colour, visible, exact)


def _sample(image: np.ndarray, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
    """Sample a single-channel image at float positions (any shape), bilinear, 0 outside."""
    shape = xs.shape
    out = cv2.remap(image, xs.reshape(1, -1).astype(np.float32), ys.reshape(1, -1).astype(np.float32),
                    cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT, borderValue=0)
    return out.reshape(shape)


def _confidence(measure: float, threshold: float, scale: float) -> float:
    """Turn the distance of a measure from its threshold into a confidence 0..1."""
    return float(min(1.0, abs(measure - threshold) / scale))


def read_sections(ink: Ink, geo: PageGeometry) -> list[Decision]:
    """Decide for every road whether a section is drawn: the share of its length that carries ink."""
    roads = geo.roads
    a = np.array([geo.points[s[0]] for s in roads], np.float32)
    b = np.array([geo.points[s[1]] for s in roads], np.float32)
    along = np.linspace(0.1, 0.9, 25, dtype=np.float32)
    across = np.linspace(-1, 1, 9, dtype=np.float32) * geo.cell * 0.075
    d = b - a
    n = np.stack([-d[:, 1], d[:, 0]], axis=1) / np.linalg.norm(d, axis=1, keepdims=True)
    pts = a[:, None, None, :] + along[None, :, None, None] * d[:, None, None, :] \
        + across[None, None, :, None] * n[:, None, None, :]
    values = _sample(ink.strength, pts[..., 0], pts[..., 1]).max(axis=2)  # roads x along
    centre = a[:, None, :] + along[None, :, None] * d[:, None, :]
    valid = ~_under_cafes(centre, geo)
    # Where the printed road itself is dark (its dots), ink cannot show darker than the print: a thin
    # line is judged by the light gaps between the dots only.
    near = np.linspace(-1, 1, 3, dtype=np.float32) * geo.cell * 0.02
    light = _sample(ink.visible, (centre[:, :, None, 0] + near * n[:, None, None, 0]),
                    (centre[:, :, None, 1] + near * n[:, None, None, 1])).min(axis=2) > 0.5
    decisions = []
    for i, sec in enumerate(roads):
        keep = values[i][valid[i]] if valid[i].sum() >= 5 else values[i]
        share = float((keep > INK).mean())
        gaps = values[i][valid[i] & light[i]]
        faint = float((gaps > FAINT).mean()) if len(gaps) >= 6 else float((keep > FAINT).mean())
        confidence = _confidence(share, 0.5, 0.35)
        drawn = share >= 0.5
        if not drawn:
            # "Not drawn" is only sure when the road is as light as the blank print along it: a thin,
            # pale or blurred line leaves fainter ink than INK along most of its length.
            confidence = min(confidence, _confidence(faint, 0.5, 0.35) if faint < 0.5 else 0.3)
        decisions.append(Decision("section", sec, drawn, confidence, share, faint))
    return decisions


def _under_cafes(points: np.ndarray, geo: PageGeometry) -> np.ndarray:
    """Tell which sample points lie on a cafe badge, where a stroke may stop short of the intersection."""
    hidden = np.zeros(points.shape[:-1], bool)
    for at, (hx, hy) in geo.cafes.items():
        cx, cy = geo.points[at]
        hidden |= (np.abs(points[..., 0] - cx) < hx + 3) & (np.abs(points[..., 1] - cy) < hy + 3)
    return hidden


def _hue_classes(colour: np.ndarray, strength: np.ndarray, mask: np.ndarray) -> dict[str, np.ndarray]:
    """Split coloured ink (inside `mask`) into the four tourist colours and "unknown" (hues between them)."""
    hsv = cv2.cvtColor(colour, cv2.COLOR_RGB2HSV)  # float input: hue in degrees 0..360, saturation 0..1
    hue, sat = hsv[..., 0], hsv[..., 1]
    coloured = mask & (strength > INK) & (sat > SATURATED)
    classes: dict[str, np.ndarray] = {}
    known = np.zeros_like(coloured)
    for name, ranges in HUES.items():
        sel = np.zeros_like(coloured)
        for lo, hi in ranges:
            sel |= (hue >= lo) & (hue < hi)
        classes[name] = coloured & sel
        known |= sel
    classes["unknown"] = coloured & ~known
    return classes


def _road_band(shape: tuple[int, ...], geo: PageGeometry) -> np.ndarray:
    """Return a mask (in the map box) of a narrow band along every road."""
    x0, y0 = geo.box[:2]
    band = np.zeros(shape[:2], np.uint8)
    width = max(2, round(geo.cell * 0.05))
    for a, b in geo.roads:
        (ax, ay), (bx, by) = geo.points[a], geo.points[b]
        cv2.line(band, (round(ax - x0), round(ay - y0)), (round(bx - x0), round(by - y0)), 1, width)
    return band > 0


def _strokes(ink_mask: np.ndarray, band: np.ndarray) -> np.ndarray:
    """Return the ink connected to a road: the route pen's strokes, cafe rings and goal circles."""
    _count, labels = cv2.connectedComponents(ink_mask, connectivity=8)
    touching = np.unique(labels[band & (ink_mask > 0)])
    return np.isin(labels, touching[touching > 0])


def read_tourists(ink: Ink, geo: PageGeometry, colours: tuple[str, ...]) -> list[Decision]:
    """Count the tourist marks in every location by colour: coloured ink blobs inside its block."""
    bx0, by0, bx1, by1 = geo.box
    strength, colour = ink.strength[by0:by1, bx0:bx1], ink.colour[by0:by1, bx0:bx1]
    owner = np.full(strength.shape, -1, np.int32)
    locations = sorted(geo.blocks)
    inset = geo.cell * 0.07
    for index, loc in enumerate(locations):
        left, top, side = geo.blocks[loc]
        x0, y0 = round(left + inset) - bx0, round(top + inset) - by0
        x1, y1 = round(left + side - inset) - bx0, round(top + side - inset) - by0
        owner[y0:y1, x0:x1] = index
    band = _road_band(strength.shape, geo)
    strokes = _strokes((strength > INK).astype(np.uint8), band)
    classes = _hue_classes(colour, strength, np.ones(strength.shape, bool))
    # The route pen's own colours: the classes a good part of the ink on the roads falls in (none if dark;
    # a brown pen falls partly in red and partly between the tourist colours).
    inked = int(((strength > INK) & band).sum())
    for name, mask in classes.items():
        # Ink joined to the roads is the pen's (rings, circles, strokes) unless it has another colour.
        pen = name == "unknown" or (inked > 0 and int((mask & band).sum()) > 0.15 * inked)
        classes[name] = mask & (owner >= 0) & (~strokes if pen else True)
    blobs: dict[int, dict[str, list[int]]] = {i: {} for i in range(len(locations))}
    near_roads: set[int] = set()
    for name in (*colours, "unknown"):
        mask = cv2.morphologyEx(classes[name].astype(np.uint8), cv2.MORPH_CLOSE, np.ones((3, 3), np.uint8))
        count, labels, stats, _centroids = cv2.connectedComponentsWithStats(mask, connectivity=8)
        # A coloured blob joined to a road may be a ring or a goal circle in another pen than the
        # route's: counted, but the location is flagged.
        joined = set(np.unique(labels[strokes & (mask > 0)]).tolist()) - {0}
        for k in range(1, count):
            area = int(stats[k, cv2.CC_STAT_AREA])
            if area < MIN_MARK:
                continue
            # A mark belongs to the block under its bounding box's centre (closing may step past an edge).
            x, y = stats[k, cv2.CC_STAT_LEFT], stats[k, cv2.CC_STAT_TOP]
            where = owner[y + stats[k, cv2.CC_STAT_HEIGHT] // 2, x + stats[k, cv2.CC_STAT_WIDTH] // 2]
            if where < 0:
                continue
            blobs[where].setdefault(name, []).append(area)
            if k in joined:
                near_roads.add(int(where))
    typical = {name: float(np.median([a for b in blobs.values() for a in b.get(name, [])] or [0]))
               for name in colours}
    decisions = []
    for index, loc in enumerate(locations):
        found = blobs[index]
        counts, confidence, measure = {}, 1.0, 0.0
        for name in colours:
            areas = found.get(name, [])
            n = 0
            for area in areas:
                ratio = area / typical[name] if typical[name] else 1.0
                if ratio > 1.7:  # marks drawn into each other: count by size, and ask
                    n += max(1, round(ratio))
                    confidence = min(confidence, 0.35)
                else:
                    n += 1
                if area < 2 * MIN_MARK:
                    confidence = min(confidence, 0.45)
            if n:
                counts[name] = n
            measure += len(areas)
        if index in near_roads:
            confidence = min(confidence, 0.4)
        if found.get("unknown"):
            confidence = min(confidence, 0.3)  # coloured ink of no tourist colour (orange? pink?)
        decisions.append(Decision("tourists", loc, counts, confidence, measure))
    return decisions


def _ring(ink: Ink, centre: tuple[float, float], half: tuple[float, float], reach: tuple[float, float],
          avoid: list[float], threshold: float = INK) -> tuple[float, int]:
    """Return the share of directions around a point with ink on a ring, and how many quadrants have it."""
    angles = np.radians(np.arange(0, 360, 7.5, dtype=np.float32))
    steps = np.linspace(reach[0], reach[1], 10, dtype=np.float32)
    xs = centre[0] + (half[0] + steps[None, :]) * np.cos(angles)[:, None]
    ys = centre[1] + (half[1] + steps[None, :]) * np.sin(angles)[:, None]
    hit = _sample(ink.strength, xs, ys).max(axis=1) > threshold
    degrees = np.degrees(angles)
    keep = np.ones(len(angles), bool)
    for direction in avoid:
        keep &= np.abs((degrees - direction + 180) % 360 - 180) > 25
    if keep.sum() == 0:
        return 0.0, 0
    quadrants = {int(deg // 90) % 4 for deg, k, ok in zip(degrees, hit, keep) if k and ok}
    return float(hit[keep].mean()), len(quadrants)


def _road_directions(point: Point, roads: tuple[Section, ...], geo: PageGeometry) -> list[float]:
    """Return the image-space directions (degrees) of the roads leaving an intersection."""
    out = []
    px, py = geo.points[point]
    for a, b in roads:
        if point in (a, b):
            qx, qy = geo.points[b if a == point else a]
            out.append(math.degrees(math.atan2(qy - py, qx - px)) % 360)
    return out


def read_cafes(ink: Ink, geo: PageGeometry) -> list[Decision]:
    """Decide for every cafe: none, circled ("unused") or circled and struck through ("used")."""
    decisions = []
    mm = geo.cell / 24  # about one millimetre at the usual cell size
    for at, (hx, hy) in sorted(geo.cafes.items()):
        directions = _road_directions(at, geo.roads, geo)
        ring, quadrants = _ring(ink, geo.points[at], (hx, hy), (1.5 * mm, 5.5 * mm), directions)
        strike = _strike(ink, geo.points[at], (hx, hy), directions, geo.cell * STRIKE_CORRIDOR)
        circled = ring >= 0.5 and quadrants >= 3
        struck = strike >= STRUCK
        state = "used" if struck else ("unused" if circled else None)
        confidence = min(_confidence(ring, 0.5, 0.3), _confidence(strike, STRUCK, 0.25))
        if struck and not circled:
            confidence = min(confidence, 0.3)  # the rules keep the circle when striking
        decisions.append(Decision("cafe", at, state, confidence, ring, strike))
    return decisions


def _strike(ink: Ink, centre: tuple[float, float], half: tuple[float, float], directions: list[float],
            corridor: float) -> float:
    """Return how well a straight slanted line through a cafe badge is inked (0..1): the strike-through.

    Lines at 15-75° either way through (and a little beside) the centre are sampled inside the badge;
    the roads' own strokes run along the roads, so the parts within `corridor` of a road are skipped.
    """
    angles = np.radians(np.concatenate([np.arange(15, 80, 5), np.arange(105, 170, 5)])).astype(np.float32)
    shifts = np.linspace(-1, 1, 5, dtype=np.float32) * half[1] * 0.35
    ts = np.linspace(-half[0], half[0], 41, dtype=np.float32)
    cos, sin = np.cos(angles)[:, None, None], np.sin(angles)[:, None, None]
    xs = ts[None, None, :] * cos - shifts[None, :, None] * sin
    ys = ts[None, None, :] * sin + shifts[None, :, None] * cos
    xs, ys = np.broadcast_to(xs, (len(angles), len(shifts), len(ts))), np.broadcast_to(ys, xs.shape)
    inside = (xs / half[0]) ** 2 + (ys / half[1]) ** 2 < 0.85
    for direction in directions:
        rad = math.radians(direction)
        along = xs * math.cos(rad) + ys * math.sin(rad)
        off = np.abs(-xs * math.sin(rad) + ys * math.cos(rad))
        inside &= ~((along > -corridor) & (off < corridor))
    # Thicken the probe by a pixel either way: a hand-drawn line is not perfectly straight. The badge
    # is mostly printed cup and bonus, so this compares with the print itself, with a higher bar.
    values = np.maximum(_sample(ink.exact, centre[0] + xs, centre[1] + ys),
                        _sample(ink.exact, centre[0] + xs, centre[1] + ys + 1.5))
    values = np.maximum(values, _sample(ink.exact, centre[0] + xs, centre[1] + ys - 1.5))
    counts = inside.sum(axis=2)
    share = np.where(counts >= 6, ((values > 0.3) & inside).sum(axis=2) / np.maximum(counts, 1), 0.0)
    return float(share.max())


def read_goal(ink: Ink, geo: PageGeometry) -> list[Decision]:
    """Decide for every intersection without a cafe whether it is circled (a personal-goal point)."""
    decisions = []
    for point in sorted(geo.points):
        if point in geo.cafes:
            continue
        directions = _road_directions(point, geo.roads, geo)
        reach = (geo.cell * 0.09, geo.cell * 0.28)
        share, quadrants = _ring(ink, geo.points[point], (0.0, 0.0), reach, directions)
        circled = share >= 0.5 and quadrants >= 3
        confidence = _confidence(share, 0.5, 0.3)
        if not circled and share >= 0.5:
            confidence = min(confidence, 0.4)
        if not circled and confidence >= LOW:
            # A thin or pale circle leaves faint ink around most of the point: flag it, do not say "no".
            faint, faint_quadrants = _ring(ink, geo.points[point], (0.0, 0.0), reach, directions, FAINT)
            if faint >= 0.45 and faint_quadrants >= 3:
                confidence = 0.4
        decisions.append(Decision("goal", point, circled, confidence, share))
    return decisions
