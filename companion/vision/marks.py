"""Decide what a player drew on a rectified map page: sections, tourists, cafes, goal circles.

Everything works on the *ink*: how much darker the photo is than the blank printed page at the
same place (the blank page is eroded a little so a pixel of misalignment does not read as ink).
Each decision samples the known geometry (along a road, inside a block, on a ring around a cafe
or an intersection) instead of looking for lines or shapes anywhere, which keeps it fast and
keeps the printed dotted roads, symbols and texts out of it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import cv2
import numpy as np

from companion.games.enroute.geometry import Point, Section

from .pagegeom import PageGeometry

ERODE = 3  # the blank page's darkest within this many pixels (the photo is aligned to it tile by tile)
RELATIVE_FLOOR = 0.35  # over grey print between this and GREY_PRINT, ink is measured relative to the print
GREY_PRINT = 0.75
VISIBLE = 0.55  # print lighter than this lets ink show
INK = 0.2  # darker than the printed page by this much (0..1) is ink
FAINT = 0.08  # darker than the printed page by this much is faint ink: a thin or pale pen, or blur
FAINT_ABOVE_NOISE = 0.04  # faint ink stands this much above the photo's noise along undrawn roads
COLOURED_PRINT = 0.3  # print whose channels differ by more than this is strongly coloured
BLACK_ROAD = 0.4  # a road printed black along this share of it hides most of a pen's line
BLACK_SHARE = 0.2  # of such a road inked (beside the print, in its gaps) reads as drawn, and is flagged
LOW = 0.5  # a decision with a confidence below this is flagged for the player to check
# Tourist marker colours by hue (degrees) of the ink's own colour; gaps between them are doubtful.
HUES = {"red": ((0, 18), (330, 360)), "green": ((75, 170),), "blue": ((185, 245),), "purple": ((260, 320),)}
STRIKE_CORRIDOR = 0.065  # of a cell: the route's strokes through a cafe stay within this of the road
STRIKE_INK = 0.3  # darker than the print itself by this much is a strike's ink (a felt pen's)
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
    levels: dict = field(default_factory=dict)  # what read_sections learnt of the sheet: "pen", "noise"
    black: np.ndarray | None = None  # H x W float32: 1 where the print is black (a dashed street), else 0
    coloured: np.ndarray | None = None  # H x W float32: 1 over strongly coloured print (a shaped landmark's sides)


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
    darkest = cv2.erode(t, np.ones((ERODE, ERODE), np.uint8))
    # Ink filters the light: over grey print (a bridge, a landmark's tint) it darkens by the same share
    # as over white paper, so the difference is taken relative to the print there.
    grey = (darkest < GREY_PRINT) & (darkest > RELATIVE_FLOOR)
    diff = (darkest - pn) / np.where(grey, darkest, 1.0)
    strength = np.zeros(blank.shape[:2], np.float32)
    strength[y0:y1, x0:x1] = np.clip(np.maximum(np.maximum(diff[..., 0], diff[..., 1]), diff[..., 2]), 0, 1)
    colour = np.zeros(blank.shape, np.float32)
    colour[y0:y1, x0:x1] = np.clip(pn / np.maximum(t, 0.15), 0, 1)
    visible = np.zeros(blank.shape[:2], np.float32)
    # The print's darkest and lightest channel (channel by channel: numpy's reductions over a last axis of 3 are slow).
    low = np.minimum(np.minimum(darkest[..., 0], darkest[..., 1]), darkest[..., 2])
    high = np.maximum(np.maximum(darkest[..., 0], darkest[..., 1]), darkest[..., 2])
    visible[y0:y1, x0:x1] = (low > VISIBLE).astype(np.float32)
    exact = np.zeros(blank.shape[:2], np.float32)
    raw = cv2.GaussianBlur(t, (3, 3), 0) - pn
    exact[y0:y1, x0:x1] = np.clip(np.maximum(np.maximum(raw[..., 0], raw[..., 1]), raw[..., 2]), 0, 1)
    black = np.zeros(blank.shape[:2], np.float32)
    black[y0:y1, x0:x1] = (high < RELATIVE_FLOOR).astype(np.float32)
    # Strongly coloured print (Paris's thick landmark sides): a home printer shifts its colour, so the difference
    # from the blank page there is no ink; a road along it is judged beside it, like a black street.
    coloured = np.zeros(blank.shape[:2], np.float32)
    strong = (high - low > COLOURED_PRINT) & (low < VISIBLE)
    # Thick strokes and areas only (a landmark block's thin edge is left alone): eroded by 2 pixels, grown back.
    kernel5 = np.ones((5, 5), np.uint8)
    coloured[y0:y1, x0:x1] = cv2.dilate(cv2.erode(strong.astype(np.uint8), kernel5), kernel5).astype(np.float32)
    return Ink(strength, colour, visible, exact, black=black, coloured=coloured)


def _sample(image: np.ndarray, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
    """Sample a single-channel image at float positions (any shape), bilinear, 0 outside."""
    shape = xs.shape
    # remap takes at most 32767 columns: lay the points out in rows of 4096 (New York has 12 x 6 locations).
    flat_x, flat_y = xs.reshape(-1).astype(np.float32), ys.reshape(-1).astype(np.float32)
    rows = max(1, -(-flat_x.size // 4096))
    pad = rows * 4096 - flat_x.size if flat_x.size > 4096 else 0
    width = 4096 if flat_x.size > 4096 else max(1, flat_x.size)
    grid_x = np.concatenate([flat_x, np.full(pad, -10, np.float32)]).reshape(rows, width)
    grid_y = np.concatenate([flat_y, np.full(pad, -10, np.float32)]).reshape(rows, width)
    out = cv2.remap(image, grid_x, grid_y, cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT, borderValue=0)
    return out.reshape(-1)[:flat_x.size].reshape(shape)


def _confidence(measure: float, threshold: float, scale: float) -> float:
    """Turn the distance of a measure from its threshold into a confidence 0..1."""
    return float(min(1.0, abs(measure - threshold) / scale))


def read_sections(ink: Ink, geo: PageGeometry) -> list[Decision]:
    """Decide for every road whether a section is drawn: the share of its length that carries ink."""
    roads = geo.roads
    along = np.linspace(0.1, 0.9, 25, dtype=np.float32)
    across = np.linspace(-1, 1, 9, dtype=np.float32) * geo.cell * 0.075
    # Along each road as printed: a corner road's quarter arc, not its chord.
    centre, n = _road_points(geo, roads, along)  # roads x along x 2
    pts = centre[:, :, None, :] + across[None, None, :, None] * n[:, :, None, :]
    across_values = _sample(ink.strength, pts[..., 0], pts[..., 1])  # roads x along x across
    if ink.coloured is not None:  # along a road printed in a strong colour, no ink is read over that print
        along_colour = (_sample(ink.coloured, centre[..., 0], centre[..., 1]) > 0.5).mean(axis=1) >= BLACK_ROAD
        if along_colour.any():
            over = _sample(ink.coloured, pts[along_colour][..., 0], pts[along_colour][..., 1]) > 0.5
            across_values[along_colour] = np.where(over, 0.0, across_values[along_colour])
    values = across_values.max(axis=2)  # roads x along
    valid = ~_under_cafes(centre, geo)
    # Where the printed road itself is dark (its dots), ink cannot show darker than the print: a thin
    # line is judged by the light gaps between the dots only.
    near = np.linspace(-1, 1, 3, dtype=np.float32) * geo.cell * 0.02
    light = _sample(ink.visible, (centre[:, :, None, 0] + near * n[:, :, None, 0]),
                    (centre[:, :, None, 1] + near * n[:, :, None, 1])).min(axis=2) > 0.5
    # A road printed black along much of it (a world city's dashed street or tram line): ink over it does not
    # show, only beside it and in the dashes' gaps. Such a road is drawn with less of it inked, and asked about.
    black = np.zeros(len(roads))
    if ink.black is not None:
        hidden = np.maximum(ink.black, ink.coloured) if ink.coloured is not None else ink.black
        black = (_sample(hidden, centre[..., 0], centre[..., 1]) > 0.5).mean(axis=1)
    # The photo's own noise along roads nobody drew (paper grain, print, JPEG): faint ink must stand
    # above it. Measured on the roads with the least ink (most roads of a sheet are not drawn).
    shares = np.array([(values[i][valid[i]] > INK).mean() if valid[i].sum() >= 5 else (values[i] > INK).mean()
                       for i in range(len(roads))])
    quiet = values[shares < 0.1]
    noise = float(np.percentile(quiet, 80)) if quiet.size >= 50 else 0.0
    faint_level = min(max(FAINT, noise + FAINT_ABOVE_NOISE), INK * 0.8)
    drawn_values = values[shares >= 0.7]
    ink.levels = {"noise": noise}
    if drawn_values.size >= 25:  # at least one road surely drawn: the pen's own strength
        ink.levels["pen"] = float(np.median(drawn_values))
        # The pen's stroke width (pixels): how much of the band across a surely drawn road is inked.
        inked = (across_values[shares >= 0.7] > INK).sum(axis=2)
        ink.levels["width"] = float(np.median(inked[inked > 0])) * (across[1] - across[0]) if (inked > 0).any() else 0.0
    decisions = []
    for i, sec in enumerate(roads):
        keep = values[i][valid[i]] if valid[i].sum() >= 5 else values[i]
        share = float((keep > INK).mean())
        gaps = values[i][valid[i] & light[i]]
        faint = float((gaps > faint_level).mean()) if len(gaps) >= 6 else float((keep > faint_level).mean())
        confidence = _confidence(share, 0.5, 0.35)
        drawn = share >= 0.5
        if black[i] >= BLACK_ROAD and not drawn:
            drawn = share >= BLACK_SHARE
            confidence = min(_confidence(share, BLACK_SHARE, 0.35), 0.45) if drawn else confidence
            if not drawn:
                # A pen along the black print may not show at all (a thin pen on the dashes, a marker filling
                # their gaps with its own dark line): "not drawn" is never sure there, the player is asked.
                confidence = min(confidence, 0.45)
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


def _road_points(geo, roads, along: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Points along roads as printed and their normals (`PageGeometry.road_points`); straight chords for a
    geometry without it (another game's page that reuses these readers)."""
    if hasattr(geo, "road_points"):
        return geo.road_points(roads, along)
    a = np.array([geo.points[sec[0]] for sec in roads], np.float32)
    b = np.array([geo.points[sec[1]] for sec in roads], np.float32)
    d = b - a
    n = np.stack([-d[:, 1], d[:, 0]], axis=1) / np.maximum(np.linalg.norm(d, axis=1, keepdims=True), 1e-6)
    t = np.asarray(along, np.float32)[None, :, None]
    return a[:, None, :] + t * d[:, None, :], np.broadcast_to(n[:, None, :], (len(roads), t.shape[1], 2)).copy()


def _road_band(shape: tuple[int, ...], geo: PageGeometry) -> np.ndarray:
    """Return a mask (in the map box) of a narrow band along every road."""
    x0, y0 = geo.box[:2]
    band = np.zeros(shape[:2], np.uint8)
    width = max(2, round(geo.cell * 0.05))
    centre, _n = _road_points(geo, geo.roads, np.linspace(0, 1, 9, dtype=np.float32))
    for path in centre:  # as printed: a corner road's arc
        pts = np.round(path - [x0, y0]).astype(np.int32)
        cv2.polylines(band, [pts.reshape(-1, 1, 2)], False, 1, width)
    return band > 0


def _strokes(ink_mask: np.ndarray, band: np.ndarray) -> np.ndarray:
    """Return the ink connected to a road: the route pen's strokes, cafe rings and goal circles."""
    _count, labels = cv2.connectedComponents(ink_mask, connectivity=8)
    touching = np.unique(labels[band & (ink_mask > 0)])
    return np.isin(labels, touching[touching > 0])


# Tourist shapes as the rules draw them, by colour (read by shape when one pen drew everything).
CIRCLE_HARMONIC = 0.02  # relative harmonic 3..5: a hand-drawn circle stays under it, a square is well over
LINE_PIECE = 0.2  # harmonic 2 of an outline above this is a line's piece (a mark stays under 0.16)
JOINED_LUMP = 0.15  # route ink in a block rounder than this (harmonic 2) may hide a mark drawn into it
OCCLUDED = 0.15  # dark print beside a mark, per pixel of the mark: its shape may be cut
SHAPE_NAMES = {"red": "circle", "green": "square", "blue": "triangle", "purple": "pentagon"}


@dataclass
class Blob:
    """One mark found in a block: its ink pixels, its colour and shape readings."""

    location: int
    area: int
    hull: float
    colour: str | None  # a tourist colour by the ink's hue, "dark" (no colour), or "unknown" (another hue)
    shape: str
    shape_margin: float
    joined: bool  # touches a route stroke
    occluded: float  # share of its outline's neighbourhood that is dark print (ink there does not show)
    box: tuple[int, int, int, int] = (0, 0, 0, 0)  # x, y, width, height in the map box


def _shape_features(points: np.ndarray) -> tuple[float, np.ndarray]:
    """Return a mark's hull area and the harmonics 2..6 of its outline's radius around its centre.

    The radius of a circle is the same all round; a square's peaks four times, a triangle's three
    times, a pentagon's five: the relative strength of those harmonics says the shape whatever its
    size, turn or fill, and a hand's wobble stays small beside them.
    """
    hull = cv2.convexHull(points.astype(np.float32)).reshape(-1, 2)
    area = float(cv2.contourArea(hull)) + 0.5 * float(cv2.arcLength(hull.reshape(-1, 1, 2), True))
    if len(hull) < 3:
        return area, np.zeros(5)
    moments = cv2.moments(hull.reshape(-1, 1, 2))
    if moments["m00"] <= 0:
        return area, np.zeros(5)
    cx, cy = moments["m10"] / moments["m00"], moments["m01"] / moments["m00"]
    closed = np.concatenate([hull, hull[:1]])
    edges = [a + np.linspace(0, 1, 12, endpoint=False)[:, None] * (b - a) for a, b in zip(closed, closed[1:])]
    outline = np.concatenate(edges)
    angle = np.arctan2(outline[:, 1] - cy, outline[:, 0] - cx)
    # Half a pixel outward: the hull runs through pixel centres.
    radius = np.hypot(outline[:, 0] - cx, outline[:, 1] - cy) + 0.5
    bins = 36
    index = ((angle + math.pi) / (2 * math.pi) * bins).astype(int) % bins
    profile = np.zeros(bins)
    np.maximum.at(profile, index, radius)
    empty = profile == 0
    if empty.any():
        profile[empty] = np.interp(np.nonzero(empty)[0], np.nonzero(~empty)[0], profile[~empty], period=bins)
    spectrum = np.abs(np.fft.rfft(profile)) / (bins * profile.mean())
    return area, spectrum[2:7]


def _shape_of(points: np.ndarray, colours: tuple[str, ...]) -> tuple[str, float, float, float]:
    """Return the tourist colour a mark's shape says, how clearly (0..1), the hull's area and its elongation.

    Harmonic 3 is a triangle, 4 a square, 5 a pentagon; none above the hand's wobble is a circle.
    Harmonic 2 is an elongation: a piece of a line.
    """
    area, harmonics = _shape_features(points)
    strength = {"blue": harmonics[1], "green": harmonics[2], "purple": harmonics[3]}
    strength = {name: value for name, value in strength.items() if name in colours}
    best = max(strength, key=strength.get)
    peak = strength[best]
    second = max([v for k, v in strength.items() if k != best] + [0.0])
    if peak < CIRCLE_HARMONIC:
        return "red", (CIRCLE_HARMONIC - peak) / CIRCLE_HARMONIC, area, float(harmonics[0])
    margin = min((peak - CIRCLE_HARMONIC) / CIRCLE_HARMONIC, (peak - second) / max(peak, 1e-6))
    return best, margin, area, float(harmonics[0])


def _hue_of(colour: np.ndarray, strength: np.ndarray, pixels: tuple[np.ndarray, np.ndarray]) -> str:
    """Return the tourist colour of a mark by its ink's hue, "dark" for an uncoloured pen, or "unknown"."""
    ink = colour[pixels]
    weight = strength[pixels]
    strong = weight >= np.percentile(weight, 50)
    mean = (ink[strong] if strong.sum() >= 3 else ink).mean(axis=0).astype(np.float32)
    hsv = cv2.cvtColor(mean.reshape(1, 1, 3), cv2.COLOR_RGB2HSV)[0, 0]
    if hsv[1] < SATURATED:
        return "dark"
    for name, ranges in HUES.items():
        if any(lo <= hsv[0] < hi for lo, hi in ranges):
            return name
    return "unknown"


def _blobs(mask: np.ndarray, strokes: np.ndarray, hidden: np.ndarray, owner: np.ndarray, colour: np.ndarray,
           strength: np.ndarray, colours: tuple[str, ...], hue: str | None) -> tuple[list[Blob], set[int]]:
    """Return the marks of a mask (closed a little, and across dark print) and the locations with specks."""
    small = np.ones((3, 3), np.uint8)
    closed = cv2.morphologyEx(mask.astype(np.uint8), cv2.MORPH_CLOSE, small) > 0
    across = cv2.morphologyEx(mask.astype(np.uint8), cv2.MORPH_CLOSE, np.ones((7, 7), np.uint8)) > 0
    mask = closed | (across & hidden & (owner >= 0))
    count, labels, stats, _centroids = cv2.connectedComponentsWithStats(mask.astype(np.uint8), connectivity=8)
    joined_labels = set(np.unique(labels[cv2.dilate(strokes.astype(np.uint8), small) > 0]).tolist()) - {0}
    blobs: list[Blob] = []
    specks: set[int] = set()
    for k in range(1, count):
        area = int(stats[k, cv2.CC_STAT_AREA])
        x, y = stats[k, cv2.CC_STAT_LEFT], stats[k, cv2.CC_STAT_TOP]
        w, h = stats[k, cv2.CC_STAT_WIDTH], stats[k, cv2.CC_STAT_HEIGHT]
        where = int(owner[y + h // 2, x + w // 2])  # the block under the mark's box centre
        if where < 0:
            continue
        if area < MIN_MARK:
            if area >= MIN_MARK // 2:
                specks.add(where)
            continue
        piece = labels[y:y + h, x:x + w] == k
        ys, xs = np.nonzero(piece)
        points = np.stack([xs, ys], axis=1)
        shape, margin, hull, elongation = _shape_of(points, colours)
        if k in joined_labels and elongation > LINE_PIECE:
            continue  # a piece of a ring or stroke joined to the route, not a mark
        name = hue or _hue_of(colour, strength, (ys + y, xs + x))
        # Dark print beside the mark: ink there does not show, so its shape may be cut.
        y0, x0 = max(0, y - 3), max(0, x - 3)
        around = cv2.dilate(np.pad(piece, ((y - y0, 3), (x - x0, 3))).astype(np.uint8), np.ones((7, 7), np.uint8))
        window = hidden[y0:y0 + around.shape[0], x0:x0 + around.shape[1]]
        occluded = float((around[:window.shape[0], :window.shape[1]].astype(bool) & window).sum()) / max(1, area)
        blobs.append(Blob(where, area, hull, name, shape, margin, k in joined_labels, occluded, (x, y, w, h)))
    return blobs, specks


def _on_cafe_ring(blob: Blob, geo: PageGeometry) -> bool:
    """Tell whether a mark's centre lies where a cafe's circle runs (1-6.5 mm outside the badge)."""
    mm = geo.cell / 24
    x, y, w, h = blob.box
    mx, my = x + w / 2 + geo.box[0], y + h / 2 + geo.box[1]
    for at, (hx, hy) in geo.cafes.items():
        cx, cy = geo.points[at]
        inner = ((mx - cx) / (hx + mm)) ** 2 + ((my - cy) / (hy + mm)) ** 2
        outer = ((mx - cx) / (hx + 6.5 * mm)) ** 2 + ((my - cy) / (hy + 6.5 * mm)) ** 2
        if inner > 1 and outer < 1:
            return True
    return False


def read_tourists(ink: Ink, geo: PageGeometry, colours: tuple[str, ...], areas: bool = True) -> list[Decision]:
    """Count the tourist marks in every location: the marks inside its block, by colour or by shape.

    Every player draws tourists as the rules do (red circle, green square, blue triangle, purple
    pentagon), in coloured pens or all in one pen. When the sheet's marks show at least two tourist
    colours, a mark's colour decides (its shape must agree, or the location is flagged); when they do
    not (one pen for everything), its shape decides. Ink over dark print does not show, so a mark
    crossing a printed label is joined again across the print before counting.
    """
    bx0, by0, bx1, by1 = geo.box
    strength, colour = ink.strength[by0:by1, bx0:bx1], ink.colour[by0:by1, bx0:bx1]
    hidden = ink.visible[by0:by1, bx0:bx1] < 0.5
    owner = np.full(strength.shape, -1, np.int32)
    # The blocks, then the boxes a world city prints to write in (`geo.areas`, over the blocks they cover: ink
    # there is the box's). Tourists in a box come back as "box" decisions for the city's own reader.
    locations: list = sorted(geo.blocks)
    rects = [(*geo.blocks[loc][:2], geo.blocks[loc][2], geo.blocks[loc][2]) for loc in locations]
    boxes = getattr(geo, "areas", {}) if areas else {}  # another game's geometry (Explore New York) has none
    locations += sorted(boxes)
    rects += [boxes[key] for key in sorted(boxes)]
    inset = geo.cell * 0.07
    for index, (left, top, w, h) in enumerate(rects):
        box_inset = inset if index < len(geo.blocks) else geo.cell * 0.03
        x0, y0 = max(0, round(left + box_inset) - bx0), max(0, round(top + box_inset) - by0)
        x1, y1 = round(left + w - box_inset) - bx0, round(top + h - box_inset) - by0
        owner[y0:y1, x0:x1] = index
    band = _road_band(strength.shape, geo)
    inked = (strength > INK).astype(np.uint8)
    strokes = _strokes(inked, band)
    inside = inked.astype(bool) & (owner >= 0)
    # A route stroke (or a ring or goal circle) reaching into a block is the route pen's, not a tourist.
    found = _blobs(inside & ~strokes, inside & strokes, hidden, owner, colour, strength, colours, None)
    blobs, specks = found
    # A mark drawn into a route stroke, a ring or a goal circle is joined to the route and left out
    # above: where a compact lump of such ink sits in a block, the player checks the location.
    count, labels, stats, _c = cv2.connectedComponentsWithStats((inside & strokes).astype(np.uint8), connectivity=8)
    for k in range(1, count):
        x, y, w, h, area = (int(v) for v in stats[k])
        where = int(owner[y + h // 2, x + w // 2])
        if where < 0 or area < 2 * MIN_MARK:
            continue
        ys, xs = np.nonzero(labels[y:y + h, x:x + w] == k)
        if _shape_of(np.stack([xs, ys], axis=1), colours)[3] < JOINED_LUMP:
            specks.add(where)
    hues = {b.colour for b in blobs if b.colour in colours}
    by_colour = len(hues) >= 2  # one colour (or none) for every mark: one pen, read by shape
    if by_colour:
        # Coloured pens: each colour's marks apart (a red and a blue mark drawn into each other are
        # two). Ink joined to the roads is the route pen's unless it has another colour (then it is
        # counted and its location flagged); marks without colour are read by shape and flagged.
        classes = _hue_classes(colour, strength, inside)
        inked_roads = int(((strength > INK) & band).sum())
        coloured = np.zeros(inside.shape, bool)
        for mask in classes.values():
            coloured |= mask
        blobs = [b for b in blobs if b.colour == "dark"
                 and coloured[b.box[1]:b.box[1] + b.box[3], b.box[0]:b.box[0] + b.box[2]].sum() < MIN_MARK]
        for name in (*colours, "unknown"):
            pen = name == "unknown" or (inked_roads > 0 and int((classes[name] & band).sum()) > 0.15 * inked_roads)
            mask = classes[name] & ~strokes if pen else classes[name]
            more, more_specks = _blobs(mask, classes[name] & strokes, hidden, owner, colour, strength, colours, name)
            blobs += more
            specks |= more_specks
    named = []
    for blob in blobs:
        confidence = 1.0
        if by_colour and blob.colour in colours:
            name = blob.colour
            if blob.shape != name and blob.shape_margin > 0.25:
                confidence = 0.4  # a red square? the player checks
        else:
            name = blob.shape
            if by_colour:
                confidence = 0.35  # an uncoloured mark on a coloured sheet
            if blob.shape_margin < 0.08 or blob.occluded > OCCLUDED:
                confidence = min(confidence, 0.4)  # a near tie, or part of the shape hidden by the print
        named.append((blob, name, confidence))
    # A mark's size against the sheet's usual mark of its kind (a player draws them alike).
    everyone = float(np.median([b.area for b in blobs])) if blobs else 0.0
    typical = {}
    for name in {n for _b, n, _c in named}:
        areas = [b.area for b, n, _c in named if n == name]
        typical[name] = float(np.median(areas)) if len(areas) >= 3 else everyone
    found: dict[int, dict[str, int]] = {}
    doubt: dict[int, float] = {}
    for blob, name, confidence in named:
        ratio = blob.area / typical[name] if typical[name] else 1.0
        if (blob.area < 2 * MIN_MARK and ratio < 0.3) or (
                by_colour and blob.colour == "dark" and blob.area < max(2 * MIN_MARK, 0.5 * everyone)):
            # A speck (of no colour, on a coloured sheet): not counted, but the player looks.
            doubt[blob.location] = min(doubt.get(blob.location, 1.0), 0.45)
            continue
        if by_colour and ratio < 0.6 and blob.occluded > OCCLUDED:
            confidence = min(confidence, 0.4)  # a piece of a mark cut by the print?
        n = 1
        if ratio > 1.7:  # marks drawn into each other: count by size, and ask
            n = max(2, round(ratio))
            confidence = min(confidence, 0.35)
        elif ratio > 1.4:
            confidence = min(confidence, 0.45)  # a big mark, or two drawn into each other?
        elif ratio < 0.3:
            confidence = min(confidence, 0.4)  # a speck, or a piece of a mark
        if blob.joined:
            confidence = min(confidence, 0.4)
        if blob.occluded > OCCLUDED and ratio > 1.2:
            confidence = min(confidence, 0.45)  # two marks joined across the print, or one cut by it?
        if _on_cafe_ring(blob, geo):
            confidence = min(confidence, 0.45)  # a piece of a cafe's ring (a pen's skip parts it)?
        if blob.colour == "unknown":
            confidence = min(confidence, 0.3)
        found.setdefault(blob.location, {})
        found[blob.location][name] = found[blob.location].get(name, 0) + n
        doubt[blob.location] = min(doubt.get(blob.location, 1.0), confidence)
    decisions = []
    for index, loc in enumerate(locations):
        counts = found.get(index, {})
        confidence = doubt.get(index, 1.0)
        if index in specks:
            confidence = min(confidence, 0.45)
        measure = float(sum(counts.values()))
        decisions.append(Decision("tourists" if index < len(geo.blocks) else "box", loc, counts, confidence, measure))
    return decisions


def _ring_values(ink: Ink, centre: tuple[float, float], half: tuple[float, float], reach: tuple[float, float],
                 avoid: list[float]) -> tuple[np.ndarray, np.ndarray]:
    """Return the strongest ink in each direction around a point (on a ring), and the directions kept."""
    angles = np.radians(np.arange(0, 360, 7.5, dtype=np.float32))
    steps = np.linspace(reach[0], reach[1], 20, dtype=np.float32)  # about a pixel apart: thin pens too
    xs = centre[0] + (half[0] + steps[None, :]) * np.cos(angles)[:, None]
    ys = centre[1] + (half[1] + steps[None, :]) * np.sin(angles)[:, None]
    values = _sample(ink.strength, xs, ys).max(axis=1)
    degrees = np.degrees(angles)
    keep = np.ones(len(angles), bool)
    for direction in avoid:
        keep &= np.abs((degrees - direction + 180) % 360 - 180) > 25
    return values, keep


def _ring_share(values: np.ndarray, keep: np.ndarray, threshold: float) -> tuple[float, int]:
    """Return the share of kept directions with ink above a threshold, and how many quadrants have it."""
    if keep.sum() == 0:
        return 0.0, 0
    hit = values > threshold
    degrees = np.arange(len(values)) * 360 / len(values)
    quadrants = {int(deg // 90) % 4 for deg, k, ok in zip(degrees, hit, keep) if k and ok}
    return float(hit[keep].mean()), len(quadrants)


def _ring(ink: Ink, centre: tuple[float, float], half: tuple[float, float], reach: tuple[float, float],
          avoid: list[float], threshold: float = INK) -> tuple[float, int]:
    """Return the share of directions around a point with ink on a ring, and how many quadrants have it."""
    return _ring_share(*_ring_values(ink, centre, half, reach, avoid), threshold)


def _road_directions(point: Point, roads: tuple[Section, ...], geo: PageGeometry) -> list[float]:
    """Return the image-space directions (degrees) of the roads leaving an intersection."""
    out = []
    px, py = geo.points[point]
    for a, b in roads:
        if point in (a, b):
            # The way the road leaves the point as printed (a corner road's arc leaves along its tangent).
            centre, _n = _road_points(geo, [(a, b)], np.array([0.1 if a == point else 0.9], np.float32))
            qx, qy = centre[0, 0]
            out.append(math.degrees(math.atan2(qy - py, qx - px)) % 360)
    return out


def read_cafes(ink: Ink, geo: PageGeometry) -> list[Decision]:
    """Decide for every cafe: none, circled ("unused") or circled and struck through ("used")."""
    decisions = []
    mm = geo.cell / 24  # about one millimetre at the usual cell size
    # The strike is judged against the print itself (ink.exact); a thin or pale pen (the sheet's pen
    # level, learnt on its roads) leaves less there than a felt pen: the bar follows it, within limits.
    pen = ink.levels.get("pen", STRIKE_INK / 0.55)
    noise = ink.levels.get("noise", 0.0)
    faint_level = max(FAINT, noise + FAINT_ABOVE_NOISE)
    strike_level = min(STRIKE_INK, max(faint_level + FAINT_ABOVE_NOISE, 0.55 * pen))
    for at, (hx, hy) in sorted(geo.cafes.items()):
        directions = _road_directions(at, geo.roads, geo)
        ring, quadrants = _ring(ink, geo.points[at], (hx, hy), (1.5 * mm, 5.5 * mm), directions)
        # A broad pen's route stroke along a road is wider than the usual corridor: widen it by the pen.
        corridor = max(geo.cell * STRIKE_CORRIDOR, 0.5 * ink.levels.get("width", 0.0) + 2.0)
        strike = _strike(ink, geo.points[at], (hx, hy), directions, corridor, strike_level)
        circled = ring >= 0.5 and quadrants >= 3
        struck = strike >= STRUCK
        state = "used" if struck else ("unused" if circled else None)
        confidence = min(_confidence(ring, 0.5, 0.3), _confidence(strike, STRUCK, 0.25))
        if struck and not circled:
            confidence = min(confidence, 0.3)  # the rules keep the circle when striking
        decisions.append(Decision("cafe", at, state, confidence, ring, strike))
    return decisions


def _strike(ink: Ink, centre: tuple[float, float], half: tuple[float, float], directions: list[float],
            corridor: float, level: float = 0.3) -> float:
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
    share = np.where(counts >= 6, ((values > level) & inside).sum(axis=2) / np.maximum(counts, 1), 0.0)
    return float(share.max())


def read_goal(ink: Ink, geo: PageGeometry) -> list[Decision]:
    """Decide for every intersection without a cafe whether it is circled (a personal-goal point).

    A thin pen leaves fainter ink than a felt pen: the ink threshold follows the sheet's own pen
    (its strength on the drawn roads, `ink.levels`) down to a margin above the photo's noise around
    the points nobody circled.
    """
    reach = (geo.cell * 0.09, geo.cell * 0.28)
    rings = []
    hidden: dict[Point, float] = {}
    for point in sorted(geo.points):
        if point in geo.cafes:
            continue
        directions = _road_directions(point, geo.roads, geo)
        rings.append((point, *_ring_values(ink, geo.points[point], (0.0, 0.0), reach, directions)))
        hidden[point] = _hidden_share(ink, geo.points[point], reach, directions)
    quiet = [values[keep] for _p, values, keep in rings if keep.any() and (values[keep] > INK).mean() < 0.1]
    noise = float(np.percentile(np.concatenate(quiet), 80)) if len(quiet) >= 5 else 0.0
    faint_level = min(max(FAINT, noise + FAINT_ABOVE_NOISE), INK * 0.8)
    pen = ink.levels.get("pen", INK * 2)
    level = min(INK, max(faint_level + FAINT_ABOVE_NOISE, 0.55 * pen))
    decisions = []
    for point, values, keep in rings:
        share, quadrants = _ring_share(values, keep, level)
        circled = share >= 0.5 and quadrants >= 3
        confidence = _confidence(share, 0.5, 0.3)
        if not circled and share >= 0.5:
            confidence = min(confidence, 0.4)
        if not circled and confidence >= LOW:
            # A thin or pale circle leaves faint ink around most of the point: flag it, do not say "no".
            faint, faint_quadrants = _ring_share(values, keep, faint_level)
            if faint >= 0.45 and faint_quadrants >= 3:
                confidence = 0.4
        decisions.append(Decision("goal", point, circled, confidence, share, hidden[point]))
    return decisions


def _hidden_share(ink: Ink, centre: tuple[float, float], reach: tuple[float, float], avoid: list[float]) -> float:
    """Return the share of directions around a point where dark print hides ink on a circle's way (a printed disc)."""
    angles = np.radians(np.arange(0, 360, 15, dtype=np.float32))
    steps = np.linspace(reach[0], reach[0] + (reach[1] - reach[0]) * 0.4, 6, dtype=np.float32)
    xs = centre[0] + steps[None, :] * np.cos(angles)[:, None]
    ys = centre[1] + steps[None, :] * np.sin(angles)[:, None]
    dark = (_sample(ink.visible, xs, ys) < 0.5).mean(axis=1)  # a printed line across is a sample or two
    degrees = np.degrees(angles)
    keep = np.ones(len(angles), bool)
    for direction in avoid:
        keep &= np.abs((degrees - direction + 180) % 360 - 180) > 25
    return float(dark[keep].mean()) if keep.any() else 0.0
