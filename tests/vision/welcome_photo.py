"""Phone photos of filled-in Welcome To sheets, made by another method than the reader's assumptions.

- Handwriting: each digit is one or more cubic Bezier paths (`GLYPHS`, drawn freehand here: not the
  classifier's straight lines and elliptic arcs, and not its styles), stamped as discs whose radius follows
  the pen's pressure along the path, at the page's own scale, in a pen's colour (subtractive ink), with a
  per-writer slant, size, spacing (two digits sometimes touch) and wobble.
- Ticks: a check mark, a cross, a slash or a filled box; fences: a wobbly line along the dotted line, sometimes
  short of the ends; pools: a cross, a fill or a scribbled ring.
- Camera: `photo_camera.photograph` (3-D tilt and curl, lens distortion, light, shadows, glare, defocus, shake,
  noise, sharpening, JPEG), the same as the En Route phone set.

`welcome_photo(seed, level)` returns (JPEG bytes, truth player object, truth boxes {(track, i): bool}).
"""

from __future__ import annotations

import math
import random
from functools import lru_cache

import numpy as np
from photo_camera import PHONE_SCALE, PMM, photograph

from companion.games.welcome_to import RULES
from companion.vision.welcome_to.sheetgeom import render_sheet

PENS = {"ballpoint-blue": (30, 50, 150), "ballpoint-black": (25, 25, 35), "felt-black": (10, 10, 10),
        "pencil": (90, 90, 95), "felt-green": (20, 110, 60)}

# Digits as cubic Bezier paths in a unit box (y down): each stroke is a list of segments (p0, c1, c2, p3).
GLYPHS: dict[int, list[list[list[tuple[float, float]]]]] = {
    0: [[[(0.6, 0.0), (0.0, -0.05), (-0.05, 1.0), (0.45, 1.0)], [(0.45, 1.0), (1.05, 1.0), (1.0, 0.0), (0.5, 0.02)]]],
    1: [[[(0.3, 0.2), (0.4, 0.12), (0.5, 0.05), (0.6, 0.0)], [(0.6, 0.0), (0.58, 0.35), (0.56, 0.7), (0.55, 1.0)]]],
    2: [[[(0.08, 0.25), (0.2, -0.1), (0.95, -0.05), (0.8, 0.35)], [(0.8, 0.35), (0.65, 0.6), (0.3, 0.8), (0.05, 1.0)],
         [(0.05, 1.0), (0.35, 0.97), (0.7, 1.02), (1.0, 0.97)]]],
    3: [[[(0.1, 0.12), (0.5, -0.1), (1.0, 0.1), (0.45, 0.47)], [(0.45, 0.47), (1.1, 0.5), (0.95, 1.1), (0.05, 0.9)]]],
    4: [[[(0.6, 0.0), (0.4, 0.25), (0.2, 0.5), (0.0, 0.7)], [(0.0, 0.7), (0.3, 0.69), (0.7, 0.7), (1.0, 0.68)]],
        [[(0.72, 0.25), (0.71, 0.5), (0.7, 0.75), (0.7, 1.0)]]],
    5: [[[(0.9, 0.02), (0.6, 0.0), (0.35, 0.02), (0.2, 0.0)], [(0.2, 0.0), (0.18, 0.15), (0.15, 0.3), (0.15, 0.45)],
         [(0.15, 0.45), (0.7, 0.25), (1.1, 0.65), (0.75, 0.9)], [(0.75, 0.9), (0.5, 1.05), (0.2, 1.0), (0.05, 0.88)]]],
    6: [[[(0.8, 0.02), (0.3, 0.1), (0.0, 0.55), (0.15, 0.85)], [(0.15, 0.85), (0.35, 1.15), (1.0, 0.95), (0.85, 0.65)],
         [(0.85, 0.65), (0.7, 0.4), (0.2, 0.45), (0.12, 0.7)]]],
    7: [[[(0.02, 0.05), (0.35, 0.0), (0.7, 0.03), (0.98, 0.0)], [(0.98, 0.0), (0.7, 0.3), (0.5, 0.65), (0.42, 1.0)]]],
    8: [[[(0.8, 0.12), (0.5, -0.1), (0.0, 0.1), (0.5, 0.48)], [(0.5, 0.48), (1.1, 0.85), (0.5, 1.1), (0.2, 0.92)],
         [(0.2, 0.92), (-0.05, 0.75), (0.3, 0.5), (0.5, 0.48)], [(0.5, 0.48), (0.9, 0.3), (0.85, 0.15), (0.8, 0.12)]]],
    9: [[[(0.9, 0.25), (0.8, -0.05), (0.1, -0.05), (0.12, 0.3)], [(0.12, 0.3), (0.15, 0.55), (0.8, 0.55), (0.9, 0.25)],
         [(0.9, 0.25), (0.88, 0.5), (0.85, 0.75), (0.82, 1.0)]]],
}


@lru_cache(maxsize=4)
def _printed(paper: str, lang: str) -> np.ndarray:
    """The blank sheet at the photo set's scale (rendered once)."""
    return render_sheet(paper, lang, PHONE_SCALE)


def _bezier(segment, n: int = 16) -> np.ndarray:
    """Points along one cubic Bezier segment."""
    p = np.array(segment, np.float64)
    t = np.linspace(0, 1, n)[:, None]
    return ((1 - t) ** 3) * p[0] + 3 * ((1 - t) ** 2) * t * p[1] + 3 * (1 - t) * t * t * p[2] + t ** 3 * p[3]


class Writer:
    """One player's hand: pen, stroke width, size, slant, wobble, and how ticks, fences and pools look."""

    def __init__(self, rng: random.Random, level: str):
        """Pick the hand at random."""
        self.rng = rng
        name = rng.choice(sorted(PENS))
        self.colour = np.array(PENS[name], np.float32) / 255.0
        thin = name.startswith("ballpoint") or name == "pencil"
        self.width = rng.uniform(0.3, 0.55) * PMM if thin else rng.uniform(0.55, 1.0) * PMM
        self.strength = rng.uniform(0.55, 0.8) if name == "pencil" else rng.uniform(0.8, 1.0)
        self.height = rng.uniform(5.0, 8.5) * PMM
        self.slant = rng.uniform(-0.25, 0.3)
        self.wobble = {"easy": 0.02, "medium": 0.04, "hard": 0.06}[level]
        self.tick_style = rng.choice(("check", "cross", "slash", "fill"))
        self.pool_style = rng.choice(("cross", "fill", "ring"))

    def path(self, layer: np.ndarray, pts: np.ndarray) -> None:
        """Stamp discs along a path (page pixels) whose radius follows a varying pressure."""
        seg = np.diff(pts, axis=0)
        length = float(np.hypot(seg[:, 0], seg[:, 1]).sum())
        n = max(2, int(length / 0.6))
        cum = np.concatenate([[0], np.cumsum(np.hypot(seg[:, 0], seg[:, 1]))])
        s = np.linspace(0, cum[-1], n)
        xs, ys = np.interp(s, cum, pts[:, 0]), np.interp(s, cum, pts[:, 1])
        phase = self.rng.uniform(0, 6.3)
        pressure = 0.75 + 0.25 * np.sin(np.linspace(0, self.rng.uniform(2, 6), n) + phase)
        h, w = layer.shape
        for x, y, p in zip(xs, ys, pressure):
            r = max(0.6, self.width / 2 * p)
            x0, x1, y0, y1 = int(x - r - 1), int(x + r + 2), int(y - r - 1), int(y + r + 2)
            if x0 < 0 or y0 < 0 or x1 > w or y1 > h:
                continue
            yy, xx = np.mgrid[y0:y1, x0:x1]
            disc = np.clip(r + 0.5 - np.hypot(xx - x, yy - y), 0, 1) * self.strength * (0.85 + 0.15 * p)
            layer[y0:y1, x0:x1] = np.maximum(layer[y0:y1, x0:x1], disc)

    def digit(self, layer: np.ndarray, digit: int, left: float, top: float, height: float) -> float:
        """Write one digit with its top-left at (left, top) pixels; return its right edge."""
        width = height * (0.35 if digit == 1 else self.rng.uniform(0.55, 0.7))
        for stroke in GLYPHS[digit]:
            pts = np.concatenate([_bezier(seg) for seg in stroke])
            pts = pts + np.array([[self.rng.gauss(0, self.wobble), self.rng.gauss(0, self.wobble)]])
            x = left + (pts[:, 0] - self.slant * (pts[:, 1] - 0.5)) * width
            self.path(layer, np.stack([x, top + pts[:, 1] * height], axis=1))
        return left + width

    def number(self, layer: np.ndarray, n: int, box: tuple[float, float, float, float]) -> None:
        """Write a house number in a house (page pixels, y down), a little off centre."""
        x0, y0, x1, y1 = box
        height = min(self.height * self.rng.uniform(0.9, 1.1), (y1 - y0) * 0.62)
        text = [int(c) for c in str(n)]
        gap = self.rng.uniform(-0.2, 1.2) * PMM
        widths = [height * (0.35 if d == 1 else 0.62) for d in text]
        total = sum(widths) + gap * (len(text) - 1)
        left = (x0 + x1) / 2 - total / 2 + self.rng.uniform(-1, 1) * PMM
        top = y0 + (y1 - y0) * 0.42 - height / 2 + self.rng.uniform(-0.8, 0.8) * PMM
        for d in text:
            left = self.digit(layer, d, left, top, height) + gap

    def tick(self, layer: np.ndarray, box: tuple[float, float, float, float]) -> None:
        """Tick a box in the writer's way."""
        x0, y0, x1, y1 = box
        w, h = x1 - x0, y1 - y0
        j = lambda: self.rng.uniform(-0.08, 0.08)  # noqa: E731
        if self.tick_style == "check":
            pts = [(x0 + w * (0.15 + j()), y0 + h * (0.5 + j())), (x0 + w * (0.4 + j()), y0 + h * (0.85 + j())),
                   (x0 + w * (0.95 + j()), y0 + h * (0.05 + j()))]
            self.path(layer, np.array(pts))
        elif self.tick_style == "cross":
            self.path(layer, np.array([(x0 + w * (0.1 + j()), y0 + h * (0.1 + j())), (x1 - w * (0.1 + j()), y1 - h * 0.1)]))
            self.path(layer, np.array([(x1 - w * (0.1 + j()), y0 + h * (0.1 + j())), (x0 + w * 0.1, y1 - h * (0.1 + j()))]))
        elif self.tick_style == "slash":
            self.path(layer, np.array([(x0 + w * (0.1 + j()), y1 - h * (0.1 + j())), (x1 - w * 0.1, y0 + h * (0.1 + j()))]))
        else:
            for k in range(5):
                y = y0 + h * (0.2 + 0.15 * k)
                self.path(layer, np.array([(x0 + w * 0.15, y), (x1 - w * 0.15, y + h * j())]))

    def fence(self, layer: np.ndarray, x: float, top: float, bottom: float) -> None:
        """Draw a fence along a dotted line, wobbling, sometimes short of its ends."""
        t = np.linspace(self.rng.uniform(-0.05, 0.1), self.rng.uniform(0.9, 1.05), 12)
        xs = x + self.rng.uniform(-0.4, 0.4) * PMM + np.sin(t * 3 + self.rng.uniform(0, 6)) * 0.3 * PMM
        self.path(layer, np.stack([xs, top + t * (bottom - top)], axis=1))

    def pool(self, layer: np.ndarray, cx: float, cy: float, r: float) -> None:
        """Build a pool: cross, fill or ring over the printed circle."""
        if self.pool_style == "cross":
            for a in (45, 135):
                d = np.array([math.cos(math.radians(a)), math.sin(math.radians(a))]) * r * 1.1
                self.path(layer, np.array([(cx - d[0], cy - d[1]), (cx + d[0], cy + d[1])]))
        elif self.pool_style == "fill":
            for k in range(4):
                y = cy - r * 0.6 + k * r * 0.4
                self.path(layer, np.array([(cx - r * 0.7, y), (cx + r * 0.7, y)]))
        else:
            a = np.linspace(0, 2 * math.pi * 1.6, 40)
            rr = r * np.linspace(0.3, 0.9, 40)
            self.path(layer, np.stack([cx + rr * np.cos(a), cy + rr * np.sin(a)], axis=1))


def random_sheet(rng: random.Random, intermediate: bool = True) -> tuple[dict, dict]:
    """A sheet a player could have: rising numbers with gaps, a few bis and roundabouts, fences, pools, tracks."""
    streets, fences = [], []
    fill = rng.uniform(0.4, 1.0)
    roundabouts = 0
    for size in RULES.street_sizes:
        row: list = [None] * size
        n = rng.randint(0, 2)
        for h in range(size):
            if rng.random() < fill and n <= 17:
                row[h] = n
                n += rng.choice((1, 1, 1, 2, 2, 3))
        for h in range(1, size):
            if row[h] is None and row[h - 1] is not None and isinstance(row[h - 1], int) and rng.random() < 0.25:
                row[h] = f"{row[h - 1]}b"
        if intermediate and roundabouts < 2 and rng.random() < 0.2:
            empties = [h for h in range(1, size - 1) if row[h] is None]
            if empties:
                row[rng.choice(empties)] = "R"
                roundabouts += 1
        streets.append(row)
        f = sorted(rng.sample(range(size - 1), rng.randint(0, 5)))
        for h, v in enumerate(row):
            if v == "R":
                f = sorted(set(f) | {i for i in (h - 1, h) if 0 <= i < size - 1})
        fences.append(f)
    pools = [[s, h] for s, h in RULES.pool_positions if isinstance(streets[s][h], int) and rng.random() < 0.5]
    bis = sum(1 for row in streets for v in row if isinstance(v, str) and v.endswith("b"))
    player = {"player": "?", "streets": streets, "fences": fences, "pools": pools,
              "parks": [rng.randint(0, len(t) - 1) for t in RULES.park_tracks],
              "estate_values": {}, "temps": rng.randint(0, 6), "refusals": rng.randint(0, 3), "plans": []}
    for n in range(1, 7):
        k = rng.randint(0, len(RULES.estate_track(n)) - 1) if rng.random() < 0.5 else 0
        if k:
            player["estate_values"][str(n)] = k
    counts = {f"park{s}": player["parks"][s] for s in range(3)}
    counts.update({f"estate{n}": player["estate_values"].get(str(n), 0) for n in range(1, 7)})
    counts.update({"pools": len(pools), "temps": player["temps"], "bis": bis, "refusals": player["refusals"],
                   "roundabouts": roundabouts})
    return player, counts


def draw_sheet(player: dict, counts: dict, rng: random.Random, level: str, paper: str = "a4",
               lang: str = "en") -> np.ndarray:
    """Print the blank sheet and write the player's sheet on it; return the page (RGB float32 0..1)."""
    from printables.welcome_to.sheet import sheet_layout

    layout = sheet_layout(paper, lang)
    page = _printed(paper, lang).astype(np.float32) / 255.0
    height = page.shape[0]
    k = PHONE_SCALE

    def px(rect):
        x0, y0, x1, y1 = rect
        return x0 * k, height - y1 * k, x1 * k, height - y0 * k

    hand = Writer(rng, level)
    layer = np.zeros(page.shape[:2], np.float32)
    for s, row in enumerate(player["streets"]):
        for h, value in enumerate(row):
            if value is None:
                continue
            if value == "R":
                hand.tick(layer, px(layout.roundabout_boxes[(s, h)]))
                continue
            n = int(str(value).rstrip("b"))
            hand.number(layer, n, px(layout.houses[(s, h)]))
            if isinstance(value, str):
                hand.tick(layer, px(layout.bis_boxes[(s, h)]))
        for i in player["fences"][s]:
            x, y0, y1 = layout.fences[(s, i)]
            hand.fence(layer, x * k, height - y1 * k, height - y0 * k)
    for s, h in player["pools"]:
        x, y, r = layout.pools[(s, h)]
        hand.pool(layer, x * k, height - y * k, r * k)
    for name, count in counts.items():
        for box in layout.tracks[name][:count]:
            hand.tick(layer, px(box))
    layer = np.clip(layer, 0, 1)[..., None]
    return page * (1 - layer + layer * hand.colour)


def welcome_photo(seed: int, level: str = "medium", paper: str = "a4", lang: str = "en",
                  megapixels: float | None = None) -> tuple[bytes, dict, dict]:
    """Return a phone photo (JPEG) of a filled-in sheet, its truth player object and its track counts."""
    rng = random.Random(f"welcome-{seed}-{level}")
    player, counts = random_sheet(rng)
    page = draw_sheet(player, counts, rng, level, paper, lang)
    return photograph(page, rng, level, megapixels), player, counts
