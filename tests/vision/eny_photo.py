"""Phone photos of filled-in printed Explore New York maps, made without the reader's model.

The page is the printed PDF (rendered at the phone set's own scale, then "home printed": lighter
toner, duller colours, dot gain, tinted paper). What a player draws is drawn here by hand models of
tests/vision/photo_camera.py (its pens: felt, marker, thin ballpoint with skips; its hand wobble; its
tourist outlines by the rules' shapes, filled or not, one pen or coloured pens) along the tile's
roads — a curved corner road as a circular arc (the print is a Bézier curve: the reader samples
that one) — and the photo is taken by the same 3-D phone camera (`photo_camera.photograph`: tilt,
roll, curl, lens, light, shadows, glare, defocus, shake, noise, sharpening, JPEG).

`eny_photo(tile, seed, level)` returns (JPEG bytes, EnyTruth).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np
from photo_camera import (
    PHONE_PENS,
    PHONE_SCALE,
    PHONE_SHAPES,
    PHONE_TOURIST_INKS,
    PMM,
    _hand,
    _Pen,
    _tourist_shape,
    photograph,
)

from companion.games.explore_new_york.tile import CORNER_ROADS, LOCATIONS, Tile, neighbours, section

LEVELS = ("easy", "medium", "hard")


@dataclass
class EnyTruth:
    """What the photographed sheet shows."""

    sections: set = field(default_factory=set)
    tourists: dict = field(default_factory=dict)  # district -> {colour: n}
    cafes: set = field(default_factory=set)  # circled cafes
    walks: list = field(default_factory=list)
    pen: str = ""
    one_pen: bool = False


def eny_truth(tile: Tile, rng: random.Random) -> EnyTruth:
    """A plausible end state: one to three walks, tourists in 3-9 districts, reached cafes circled."""
    truth = EnyTruth()
    points = sorted({p for sec in CORNER_ROADS for p in sec} | {(x, y) for x in range(7) for y in range(7)
                                                                if neighbours((x, y))})
    for _ in range(rng.randint(1, 3)):
        point = rng.choice(points)
        walk = [point]
        for _ in range(rng.randint(3, 10)):
            options = [p for p in neighbours(point) if p not in walk[-2:]] or list(neighbours(point))
            point = rng.choice(options)
            walk.append(point)
        truth.walks.append(walk)
        truth.sections.update(section(a, b) for a, b in zip(walk, walk[1:]))
    for loc in rng.sample(LOCATIONS, rng.randint(3, 9)):
        counts: dict[str, int] = {}
        for _ in range(rng.choice((1, 1, 2, 2, 3, 4))):
            colour = rng.choice(tuple(PHONE_TOURIST_INKS))
            counts[colour] = counts.get(colour, 0) + 1
        truth.tourists[loc] = counts
    reached = {p for sec in truth.sections for p in sec}
    truth.cafes = {c.at for c in tile.cafes if c.at in reached and rng.random() < 0.9}
    return truth


@lru_cache(maxsize=8)
def _printed(tile: Tile, paper: str, lang: str) -> np.ndarray:
    """The blank page at the phone set's scale (rendered once)."""
    from companion.vision.explore_new_york.geometry import render_page

    return render_page(tile, paper, lang, PHONE_SCALE)


def _home_print(page: np.ndarray, rng: random.Random) -> np.ndarray:
    """A home printer's copy: lighter toner, duller colours, a little dot gain, tinted paper."""
    import cv2

    grey = page.mean(axis=2, keepdims=True)
    page = page * (1 - rng.uniform(0, 0.2)) + grey * rng.uniform(0, 0.2)
    page = 1 - (1 - page) * rng.uniform(0.8, 1.0)
    page = cv2.GaussianBlur(page, (0, 0), 0.1 * PMM)
    return page * np.array([rng.uniform(0.94, 1.0), rng.uniform(0.94, 1.0), rng.uniform(0.9, 1.0)], np.float32)


def _arc(centre: np.ndarray, radius: float, start: float, end: float, n: int = 14) -> list[np.ndarray]:
    """Points on a circular arc (angles in radians)."""
    return [centre + radius * np.array([math.cos(a), math.sin(a)]) for a in np.linspace(start, end, n)]


def draw_eny_marks(tile: Tile, truth: EnyTruth, paper: str, lang: str, rng: random.Random, level: str) -> np.ndarray:
    """Print the blank page and draw the truth on it by hand; return the page (RGB float32 0..1, PHONE_SCALE)."""
    from printables.core.style import paper_size
    from printables.explore_new_york.maps import MapPage

    page = _home_print(_printed(tile, paper, lang).astype(np.float32) / 255.0, rng)
    height = page.shape[0]
    layout = MapPage(*paper_size(paper))
    k = PHONE_SCALE
    cell = layout.cell * k

    def at(p) -> np.ndarray:
        x, y = layout.at(*p)
        return np.array([x * k, height - y * k])

    def road(a, b) -> list[np.ndarray]:
        """The hand's way from a to b along the road: straight, or round a tile corner on a circle."""
        sec = section(a, b)
        if sec not in CORNER_ROADS:
            return [at(a), at(b)]
        corner = at(CORNER_ROADS[sec][0])
        r = 0.62 * cell * rng.uniform(0.85, 1.05)
        pa, pb = at(a), at(b)
        # The circle touching both edges of the tile at distance r from the corner, inward.
        inward = np.sign((pa + pb) / 2 - corner)
        centre = corner + inward * r
        ends = [pa, corner + np.array([inward[0] * r, 0]) if abs(pa[1] - corner[1]) < 1 else
                corner + np.array([0, inward[1] * r])]
        first = ends[1]
        second = corner + (np.array([0, inward[1] * r]) if abs(pa[1] - corner[1]) < 1 else
                           np.array([inward[0] * r, 0]))
        a0 = math.atan2(*(first - centre)[::-1])
        a1 = math.atan2(*(second - centre)[::-1])
        if a1 - a0 > math.pi:
            a1 -= 2 * math.pi
        elif a0 - a1 > math.pi:
            a1 += 2 * math.pi
        return [pa, *_arc(centre, r, a0, a1), pb]

    kinds = {"easy": ("felt", "felt", "marker"), "medium": ("felt", "marker", "ballpoint"),
             "hard": ("felt", "ballpoint", "ballpoint")}[level]
    pen = _Pen(rng.choice(kinds), rng.choice(list(PHONE_PENS.values())), rng)
    truth.pen, truth.one_pen = pen.kind, rng.random() < 0.3
    route = np.zeros(page.shape[:2], np.float32)
    wobble = rng.uniform(0.2, 0.7) * PMM
    for walk in truth.walks:
        way: list[np.ndarray] = [at(walk[0])]
        for a, b in zip(walk, walk[1:]):
            way += road(a, b)[1:]
        pen.stroke(route, _hand(way, rng, wobble))
    badge = layout.cell * 0.17 * k
    for spot in sorted(truth.cafes):
        c, r = at(spot), badge + rng.uniform(1.5, 3.5) * PMM
        t = rng.uniform(0, 6.3) + np.linspace(0, 2 * math.pi * rng.uniform(0.95, 1.08), 40)
        pen.stroke(route, np.stack([c[0] + r * np.cos(t), c[1] + r * rng.uniform(0.9, 1.1) * np.sin(t)], axis=1))
    layers = [(route, pen.colour)]
    filled = rng.random() < 0.35
    pens = {name: (pen if truth.one_pen else _Pen(rng.choice(("felt", "felt", "marker")), ink, rng))
            for name, ink in PHONE_TOURIST_INKS.items()}
    tourist_layers = {name: np.zeros(page.shape[:2], np.float32) for name in PHONE_TOURIST_INKS}
    cafes = [at(c.at) for c in tile.cafes]
    for loc, counts in sorted(truth.tourists.items()):
        x0, y0 = at((loc[0] - 1, loc[1] - 1))
        # keep off the printed smiley or star (top right) and the cafes on the district's corners
        keep_off = [np.array([x0 + 0.78 * cell, y0 + 0.22 * cell])] if tile.kind(loc) in ("yellow", "grey") else []
        keep_off += [c for c in cafes if abs(c[0] - x0 - cell / 2) <= cell / 2 + 1 and abs(c[1] - y0 - cell / 2) <= cell / 2 + 1]
        placed: list[tuple[float, float]] = []
        for colour in [c for c, n in sorted(counts.items()) for _ in range(n)]:
            r = rng.uniform(1.3, 2.3) * PMM
            for _try in range(60):
                cx = rng.uniform(x0 + 2.5 * PMM + r, x0 + cell - 2.5 * PMM - r)
                cy = rng.uniform(y0 + 2.5 * PMM + r, y0 + cell - 2.5 * PMM - r)
                if all(math.hypot(cx - px, cy - py) > 2 * r + 1.2 * PMM for px, py in placed) and \
                        all(math.hypot(cx - q[0], cy - q[1]) > badge + r + 2.5 * PMM for q in keep_off):
                    break
            placed.append((cx, cy))
            outline = _tourist_shape(PHONE_SHAPES[colour], cx, cy, r, rng)
            tp = pens[colour]
            target = route if tp is pen else tourist_layers[colour]
            if filled:
                tp.fill(target, outline)
            tp.stroke(target, outline, closed=True)
    layers += [(tourist_layers[n], pens[n].colour) for n in tourist_layers if pens[n] is not pen]
    for layer, colour in layers:  # subtractive ink: each pen's layer filters the light
        page *= 1 - layer[..., None] * (1 - colour[None, None, :])
    return page


def eny_photo(tile: Tile, seed: int, level: str = "medium", paper: str = "a4", lang: str = "en",
              megapixels: float | None = None, walks: list | None = None) -> tuple[bytes, EnyTruth]:
    """Return a phone photo (JPEG bytes) of a filled-in Explore New York map at a difficulty, and its truth.

    `walks` (lists of intersections) force the route; the rest stays the seed's.
    """
    rng = random.Random(f"eny-{seed}-{level}-{tile.id}")
    truth = eny_truth(tile, rng)
    if walks is not None:
        truth.walks = walks
        truth.sections = {section(a, b) for walk in walks for a, b in zip(walk, walk[1:])}
        reached = {p for sec in truth.sections for p in sec}
        truth.cafes = {c.at for c in tile.cafes if c.at in reached}
    page = draw_eny_marks(tile, truth, paper, lang, rng, level)
    return photograph(page, rng, level, megapixels), truth


def blank_photo(tile: Tile, seed: int, paper: str = "a4", lang: str = "en", megapixels: float = 3) -> bytes:
    """A phone photo of the blank printed page (nothing drawn)."""
    rng = random.Random(f"eny-blank-{seed}-{tile.id}")
    page = _home_print(_printed(tile, paper, lang).astype(np.float32) / 255.0, rng)
    return photograph(page, rng, "easy", megapixels)
