"""Synthetic phone photos of filled-in printed En Route maps, with the truth they show.

`make_photo(board, seed)` renders the printed page, draws a random end state on it with felt-pen
strokes (width, wobble and colour vary), then "photographs" it: a random camera tilt up to 30°,
an in-plane rotation, uneven light and a partial shadow, a colour cast, blur, sensor noise and
JPEG compression. Same seed, same photo. The tests and bench/vision.py measure the reader on them.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from functools import lru_cache

import cv2
import numpy as np

from companion.games.enroute.board import COLOURS, Board
from companion.games.enroute.geometry import Point, Section
from companion.vision.pagegeom import PX_PER_PT, page_geometry, render_page

SCALE = 2.0  # pixels per point of the rendered page the pens draw on (~5.7 px/mm)
MM = SCALE * 72 / 25.4  # pixels per millimetre on that page
PENS = [(25, 25, 30), (20, 40, 110), (25, 80, 40), (90, 50, 30), (60, 30, 90), (150, 30, 40), (40, 40, 40)]
TOURIST_INKS = {"red": (215, 45, 45), "green": (35, 150, 70), "blue": (35, 85, 205), "purple": (125, 55, 165)}


@dataclass
class Truth:
    """What the synthetic player drew: the reader should find exactly this."""

    player_board: int
    sections: set[Section] = field(default_factory=set)
    tourists: dict[tuple[int, int], dict[str, int]] = field(default_factory=dict)
    cafes: dict[Point, str] = field(default_factory=dict)
    goal: list[Point] = field(default_factory=list)


@lru_cache(maxsize=8)
def _page(board: Board, number: int, paper: str, lang: str) -> np.ndarray:
    """Render (once) a printed page at the pens' scale."""
    return render_page(board, number, paper, lang, SCALE)


def random_truth(board: Board, rng: random.Random) -> Truth:
    """Choose a plausible end state: a long walk with a few branches, tourists, cafes, maybe a goal."""
    truth = Truth(rng.choice(board.player_boards).number)
    point = (rng.randint(0, board.cols), rng.randint(0, board.rows))
    for _ in range(rng.randint(10, 24)):
        if rng.random() < 0.15:  # a fresh start elsewhere: a branch or a second piece
            point = (rng.randint(0, board.cols), rng.randint(0, board.rows))
        nxt = rng.choice(board.neighbours(point))
        truth.sections.add((point, nxt) if point <= nxt else (nxt, point))
        point = nxt
    colours = COLOURS if "purple" in board.kinds_present() else COLOURS[:3]
    for loc in rng.sample(board.locations(), rng.randint(5, 14)):
        main = rng.choice(colours)
        counts: dict[str, int] = {}
        for _ in range(rng.choice((1, 1, 2, 2, 3, 4))):
            colour = main if rng.random() < 0.75 else rng.choice(colours)
            counts[colour] = counts.get(colour, 0) + 1
        truth.tourists[loc] = counts
    for cafe in board.cafes:
        state = rng.choice((None, None, "unused", "used"))
        if state:
            truth.cafes[cafe.at] = state
    if rng.random() < 0.75:
        cafes = {c.at for c in board.cafes}
        points = [(x, y) for x in range(board.cols + 1) for y in range(board.rows + 1) if (x, y) not in cafes]
        truth.goal = sorted(rng.sample(points, 3))
    return truth


def _wobbly(a: np.ndarray, b: np.ndarray, rng: random.Random, wobble: float) -> np.ndarray:
    """Return a hand-drawn polyline from a to b: overshoot or stop short a little, and wave sideways."""
    d = b - a
    length = float(np.hypot(*d))
    unit, normal = d / length, np.array([-d[1], d[0]]) / length
    start = a - unit * rng.uniform(-1.0, 1.2) * MM
    end = b + unit * rng.uniform(-1.0, 1.2) * MM
    t = np.linspace(0, 1, 40)[:, None]
    phase, freq = rng.uniform(0, 6.3), rng.uniform(0.5, 2.0)
    offset = wobble * (np.sin(2 * math.pi * freq * t + phase) + 0.3 * np.sin(7 * t + phase * 2))
    return start + t * (end - start) + offset * normal


def _poly(image: np.ndarray, points: np.ndarray, colour, width: int, closed: bool = False) -> None:
    """Draw an anti-aliased polyline (sub-pixel precision)."""
    pts = np.round(points * 16).astype(np.int32).reshape(-1, 1, 2)
    cv2.polylines(image, [pts], closed, colour, max(1, width), cv2.LINE_AA, shift=4)


def _shape(colour: str, cx: float, cy: float, r: float, rng: random.Random) -> np.ndarray:
    """Return the outline of a tourist mark: circle (red), square (green), triangle (blue), pentagon (purple)."""
    sides = {"red": 24, "green": 4, "blue": 3, "purple": 5}[colour]
    turn = rng.uniform(-0.25, 0.25) + {"green": math.pi / 4, "blue": -math.pi / 2, "purple": -math.pi / 2}.get(colour, 0)
    angles = turn + np.arange(sides) * 2 * math.pi / sides
    radius = r * np.array([rng.uniform(0.9, 1.1) for _ in range(sides)])
    return np.stack([cx + radius * np.cos(angles), cy + radius * np.sin(angles)], axis=1)


def draw_marks(page: np.ndarray, board: Board, truth: Truth, paper: str, lang: str,
               rng: random.Random) -> np.ndarray:
    """Draw a truth on a rendered page with felt pens; return the new page."""
    image = page.copy()
    geo = page_geometry(board, paper, lang)
    k = SCALE / PX_PER_PT
    pos = {p: np.array(xy) * k for p, xy in geo.points.items()}
    pen = tuple(int(np.clip(v + rng.randint(-15, 15), 0, 255)) for v in rng.choice(PENS))
    width = rng.uniform(0.7, 1.6) * MM
    wobble = rng.uniform(0.1, 0.7) * MM
    for a, b in sorted(truth.sections):
        _poly(image, _wobbly(pos[a], pos[b], rng, wobble * rng.uniform(0.5, 1.0)), pen, round(width))
    inks = {c: tuple(int(np.clip(v + rng.randint(-20, 20), 0, 255)) for v in rgb) for c, rgb in TOURIST_INKS.items()}
    mark_width = rng.uniform(0.5, 1.0) * MM
    filled = rng.random() < 0.3
    for loc, counts in sorted(truth.tourists.items()):
        left, top, side = (v * k for v in geo.blocks[loc])
        marks = [c for c, n in sorted(counts.items()) for _ in range(n)]
        rng.shuffle(marks)
        cols = 2 if len(marks) <= 4 else 3
        cell = (side - 6 * MM) / cols
        for i, colour in enumerate(marks):
            cx = left + 3 * MM + (i % cols + 0.5) * cell + rng.uniform(-0.12, 0.12) * cell
            cy = top + 3 * MM + (i // cols + 0.5) * cell + rng.uniform(-0.12, 0.12) * cell
            outline = _shape(colour, cx, cy, rng.uniform(1.5, 2.2) * MM, rng)
            if filled:
                cv2.fillPoly(image, [np.round(outline * 16).astype(np.int32)], inks[colour], cv2.LINE_AA, shift=4)
            _poly(image, outline, inks[colour], round(mark_width), closed=True)
    for at, state in sorted(truth.cafes.items()):
        hx, hy = (v * k for v in geo.cafes[at])
        grow = rng.uniform(1.5, 3.5) * MM
        start = rng.uniform(0, 2 * math.pi)
        sweep = 2 * math.pi * rng.uniform(0.92, 1.05)
        t = start + np.linspace(0, sweep, 60)
        ring = np.stack([pos[at][0] + (hx + grow) * np.cos(t), pos[at][1] + (hy + grow) * np.sin(t)], axis=1)
        _poly(image, ring, pen, round(width * 0.8))
        if state == "used":
            angle = math.radians(rng.uniform(25, 50)) * rng.choice((-1, 1))
            half = hx * rng.uniform(0.8, 1.1)
            d = np.array([math.cos(angle), math.sin(angle)]) * half
            _poly(image, _wobbly(pos[at] - d, pos[at] + d, rng, 0.2 * MM), pen, round(width * 0.8))
    printed = set(board.visit_them_all.at) if board.visit_them_all else set()
    for point in truth.goal:
        # Around a printed festival point a player circles outside its disc.
        r = rng.uniform(4.5, 6.0) * MM if point in printed else rng.uniform(3.0, 5.0) * MM
        t = rng.uniform(0, 6.3) + np.linspace(0, 2 * math.pi * rng.uniform(0.93, 1.05), 48)
        ring = np.stack([pos[point][0] + r * np.cos(t), pos[point][1] + r * rng.uniform(0.85, 1.15) * np.sin(t)],
                        axis=1)
        _poly(image, ring, pen, round(width * 0.8))
    return image


def photograph(page: np.ndarray, rng: random.Random, size: tuple[int, int] = (1200, 1600),
               tilt_max: float = 30.0) -> bytes:
    """Take a synthetic phone photo of a page: perspective, rotation, light, shadow, blur, noise; JPEG bytes."""
    h, w = page.shape[:2]
    out_w, out_h = size
    tilt, azimuth = math.radians(rng.uniform(0, tilt_max)), rng.uniform(0, 2 * math.pi)
    roll = math.radians(rng.uniform(-30, 30) + rng.choice((0, 0, 0, 90, 180, -90)))
    corners = np.array([[-w / 2, -h / 2, 0], [w / 2, -h / 2, 0], [w / 2, h / 2, 0], [-w / 2, h / 2, 0]])
    ax, ay = math.cos(azimuth), math.sin(azimuth)  # tilt about this axis in the page plane
    c, s = math.cos(tilt), math.sin(tilt)
    tilt_m = np.array([[c + ax * ax * (1 - c), ax * ay * (1 - c), ay * s],
                       [ax * ay * (1 - c), c + ay * ay * (1 - c), -ax * s],
                       [-ay * s, ax * s, c]])
    roll_m = np.array([[math.cos(roll), -math.sin(roll), 0], [math.sin(roll), math.cos(roll), 0], [0, 0, 1]])
    world = corners @ (roll_m @ tilt_m).T
    focal = max(w, h) * rng.uniform(1.0, 1.6)
    z = world[:, 2] + focal * 1.2
    projected = world[:, :2] * focal / z[:, None]
    span = projected.max(axis=0) - projected.min(axis=0)
    if (span[0] > span[1]) != (out_w > out_h):  # the phone is turned to frame the page, as people do
        out_w, out_h = out_h, out_w
    fit = min(out_w / span[0], out_h / span[1]) * rng.uniform(0.8, 0.95)
    projected = (projected - projected.min(axis=0)) * fit
    room = np.array([out_w, out_h]) - (projected.max(axis=0))
    projected += np.array([rng.uniform(0, room[0]), rng.uniform(0, room[1])])
    src = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    matrix = cv2.getPerspectiveTransform(src, projected.astype(np.float32))
    table = np.array([rng.randint(40, 140) for _ in range(3)], np.float32)
    background = np.clip(table + np.random.default_rng(rng.randint(0, 2**31)).normal(0, 8, (out_h, out_w, 3)), 0, 255)
    photo = cv2.warpPerspective(page, matrix, (out_w, out_h), flags=cv2.INTER_AREA,
                                borderMode=cv2.BORDER_CONSTANT, borderValue=(0, 0, 0))
    inside = cv2.warpPerspective(np.ones((h, w), np.float32), matrix, (out_w, out_h))[..., None]
    image = photo.astype(np.float32) * inside + background * (1 - inside)
    image *= _light(out_w, out_h, rng)[..., None]
    image *= np.array([rng.uniform(0.88, 1.05) for _ in range(3)], np.float32)  # colour cast
    sigma = rng.uniform(0.4, 1.4)
    image = cv2.GaussianBlur(image, (0, 0), sigma)
    noise = np.random.default_rng(rng.randint(0, 2**31)).normal(0, rng.uniform(1.5, 5), image.shape)
    image = np.clip(image + noise, 0, 255).astype(np.uint8)
    ok, jpeg = cv2.imencode(".jpg", cv2.cvtColor(image, cv2.COLOR_RGB2BGR),
                            [cv2.IMWRITE_JPEG_QUALITY, rng.randint(60, 90)])
    assert ok
    return jpeg.tobytes()


def _light(w: int, h: int, rng: random.Random) -> np.ndarray:
    """Return a light field: a gradient across the frame and a soft-edged shadow over part of it."""
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    angle = rng.uniform(0, 2 * math.pi)
    ramp = (xs * math.cos(angle) + ys * math.sin(angle)) / max(w, h)
    ramp = (ramp - ramp.min()) / max(1e-6, float(ramp.max() - ramp.min()))
    light = rng.uniform(0.85, 1.0) - rng.uniform(0.1, 0.35) * ramp
    if rng.random() < 0.7:  # a partial shadow (a hand, a phone) with a soft edge
        mask = np.zeros((h, w), np.float32)
        cx, cy = rng.uniform(0, w), rng.uniform(0, h)
        pts = np.array([[cx + rng.uniform(-0.5, 0.5) * w, cy + rng.uniform(-0.5, 0.5) * h] for _ in range(5)])
        cv2.fillPoly(mask, [pts.astype(np.int32)], 1.0)
        mask = cv2.GaussianBlur(mask, (0, 0), rng.uniform(5, 25))
        light *= 1 - mask * rng.uniform(0.2, 0.45)
    return light


def make_photo(board: Board, seed: int, paper: str = "a4", lang: str = "en",
               tilt_max: float = 30.0) -> tuple[bytes, Truth]:
    """Return a synthetic photo (JPEG bytes) of a filled-in map and the truth it shows; same seed, same photo."""
    rng = random.Random(seed)
    truth = random_truth(board, rng)
    page = draw_marks(_page(board, truth.player_board, paper, lang), board, truth, paper, lang, rng)
    return photograph(page, rng, tilt_max=tilt_max), truth


@dataclass
class Score:
    """How a reading compares with the truth."""

    roads: int = 0
    sections_right: int = 0
    locations: int = 0
    tourists_right: int = 0
    marked_locations: int = 0
    marked_right: int = 0
    cafes: int = 0
    cafes_right: int = 0
    goals: int = 0
    goals_right: int = 0
    missed_doubts: int = 0  # wrong items the reader did not flag
    flagged: int = 0


def compare(reading, truth: Truth) -> Score:
    """Compare a reader's decisions with the truth, item by item."""
    score = Score()
    for d in reading.decisions:
        if d.kind == "section":
            right = d.value == (d.key in truth.sections)
            score.roads += 1
            score.sections_right += right
        elif d.kind == "tourists":
            want = truth.tourists.get(d.key, {})
            right = d.value == want
            score.locations += 1
            score.tourists_right += right
            if want:
                score.marked_locations += 1
                score.marked_right += right
        elif d.kind == "cafe":
            right = d.value == truth.cafes.get(d.key)
            score.cafes += 1
            score.cafes_right += right
        else:
            right = d.value == (d.key in truth.goal)
            score.goals += 1
            score.goals_right += right
        score.flagged += d.doubtful
        score.missed_doubts += (not right) and not d.doubtful
    return score
