"""A second, independent set of phone photos of filled-in maps, with one named defect each.

Made differently from vision_synth.photograph so the reader's thresholds are not tuned on the
pipeline they are tested with:

- pen: sections drawn as straight ballpoint or fine-liner strokes (0.25-0.8 mm), slightly bowed,
  with pressure changes (the stroke's darkness varies along it) and a skip now and then; tourists,
  cafes and goal circles come from vision_synth's felt pens (the reader's hardest part is the roads);
- camera: the page corners are thrown at random into the frame (cv2.getPerspectiveTransform, no
  3-D model), a vignette instead of a ramp, then one defect from DEFECTS applied with OpenCV
  kernels: Gaussian blur, motion blur (a line kernel), a glare ellipse (additive, saturating),
  a hard-edged shadow polygon, a small page in the frame; then noise and JPEG.

`camera_photo(board, seed, defect)` returns (JPEG bytes, Truth). "none" photos must be accepted;
the others (at their strength here) should be refused.
"""

from __future__ import annotations

import math
import random

import cv2
import numpy as np
from vision_synth import MM, Truth, _page, draw_marks, random_truth

from companion.games.enroute.board import Board
from companion.vision.pagegeom import PX_PER_PT, page_geometry

DEFECTS = ("none", "blur", "motion", "glare", "shadow", "small")
BALLPOINTS = [(20, 30, 120), (15, 15, 20), (70, 30, 110), (30, 30, 60)]


def _ballpoint(page: np.ndarray, board: Board, truth: Truth, paper: str, lang: str, rng: random.Random) -> None:
    """Draw the truth's sections with a thin pen whose pressure varies (multiplicative ink, in place)."""
    geo = page_geometry(board, paper, lang)
    k = 2.0 / PX_PER_PT  # vision_synth renders at SCALE 2 pixels per point
    colour = np.array(rng.choice(BALLPOINTS), np.float32) / 255.0
    width = rng.uniform(0.25, 0.8) * MM
    layer = np.zeros(page.shape[:2], np.float32)
    for a, b in sorted(truth.sections):
        pa, pb = np.array(geo.points[a]) * k, np.array(geo.points[b]) * k
        d = pb - pa
        normal = np.array([-d[1], d[0]]) / np.hypot(*d)
        bow = rng.uniform(-0.6, 0.6) * MM
        t = np.linspace(-0.03, 1.03, 30)[:, None]
        pts = pa + t * d + (4 * t * (1 - t)) * bow * normal
        for i in range(len(pts) - 1):
            if rng.random() < 0.03:  # the ball skips
                continue
            pressure = rng.uniform(0.55, 1.0)
            p, q = np.round(pts[i] * 16).astype(int), np.round(pts[i + 1] * 16).astype(int)
            cv2.line(layer, tuple(p), tuple(q), pressure, max(1, round(width)), cv2.LINE_AA, shift=4)
    layer = np.clip(layer, 0, 1)[..., None]
    ink = page.astype(np.float32) / 255.0 * (1 - layer + layer * colour)
    page[:] = np.clip(ink * 255, 0, 255).astype(np.uint8)


def camera_photo(board: Board, seed: int, defect: str = "none", paper: str = "a4",
                 lang: str = "en") -> tuple[bytes, Truth]:
    """Return a photo (JPEG bytes) of a filled-in map with one defect, and the truth it shows."""
    rng = random.Random(seed * 7 + 3)
    truth = random_truth(board, rng)
    drawn = Truth(truth.player_board, set(), truth.tourists, truth.cafes, truth.goal)
    page = draw_marks(_page(board, truth.player_board, paper, lang), board, drawn, paper, lang, rng)
    _ballpoint(page, board, truth, paper, lang, rng)
    h, w = page.shape[:2]
    out_w, out_h = (1500, 2000) if rng.random() < 0.7 else (1200, 1600)
    fill = rng.uniform(0.2, 0.28) if defect == "small" else rng.uniform(0.7, 0.9)
    pw, ph = out_w * fill, out_w * fill * h / w
    cx, cy = rng.uniform(pw / 2, out_w - pw / 2), rng.uniform(min(ph / 2, out_h / 2), max(out_h / 2, out_h - ph / 2))
    jitter = 0.06 * pw
    dst = np.float32([[cx - pw / 2, cy - ph / 2], [cx + pw / 2, cy - ph / 2], [cx + pw / 2, cy + ph / 2],
                      [cx - pw / 2, cy + ph / 2]]) + np.float32([[rng.uniform(-jitter, jitter) for _ in range(2)]
                                                                 for _ in range(4)])
    turns = rng.choice((0, 1, 2, 3))
    dst = np.roll(dst, turns, axis=0)
    matrix = cv2.getPerspectiveTransform(np.float32([[0, 0], [w, 0], [w, h], [0, h]]), dst)
    table = np.full((out_h, out_w, 3), rng.uniform(50, 120), np.float32)
    warped = cv2.warpPerspective(page, matrix, (out_w, out_h), flags=cv2.INTER_AREA).astype(np.float32)
    inside = cv2.warpPerspective(np.ones((h, w), np.float32), matrix, (out_w, out_h))[..., None]
    image = warped * inside + table * (1 - inside)
    ys, xs = np.mgrid[0:out_h, 0:out_w].astype(np.float32)
    r2 = ((xs - out_w / 2) ** 2 + (ys - out_h / 2) ** 2) / (out_w ** 2 + out_h ** 2)
    image *= (rng.uniform(0.85, 1.0) - rng.uniform(0.1, 0.3) * r2 * 4)[..., None]  # vignette
    image *= np.array([rng.uniform(0.9, 1.05) for _ in range(3)], np.float32)  # white balance
    image = cv2.GaussianBlur(image, (0, 0), 0.5)
    scale = pw / w  # photo pixels per page pixel
    mm = MM * scale  # photo pixels per millimetre of page
    if defect == "blur":
        image = cv2.GaussianBlur(image, (0, 0), rng.uniform(0.4, 0.65) * mm)
    elif defect == "motion":
        length = max(3, round(rng.uniform(1.0, 1.8) * mm))
        kernel = np.zeros((length, length), np.float32)
        kernel[length // 2, :] = 1.0 / length
        rot = cv2.getRotationMatrix2D((length / 2 - 0.5, length / 2 - 0.5), rng.uniform(0, 180), 1.0)
        kernel = cv2.warpAffine(kernel, rot, (length, length))
        image = cv2.filter2D(image, -1, kernel / kernel.sum())
    elif defect == "glare":
        mask = np.zeros((out_h, out_w), np.float32)
        centre = (round(cx + rng.uniform(-0.2, 0.2) * pw), round(cy + rng.uniform(-0.2, 0.2) * ph))
        axes = (round(rng.uniform(0.12, 0.2) * pw), round(rng.uniform(0.07, 0.12) * pw))
        cv2.ellipse(mask, centre, axes, rng.uniform(0, 180), 0, 360, 1.0, -1)
        mask = cv2.GaussianBlur(mask, (0, 0), 0.03 * pw)
        image = image + mask[..., None] * rng.uniform(300, 450)
    elif defect == "shadow":
        mask = np.zeros((out_h, out_w), np.float32)
        angle = rng.uniform(0, 2 * math.pi)
        ux, uy = math.cos(angle), math.sin(angle)
        edge = rng.uniform(-0.15, 0.15) * pw  # a straight shadow edge crossing the map near its middle
        far = 3 * max(out_w, out_h)
        px, py = cx + ux * edge, cy + uy * edge
        poly = np.array([[px - uy * far, py + ux * far], [px + uy * far, py - ux * far],
                         [px + uy * far + ux * far, py - ux * far + uy * far],
                         [px - uy * far + ux * far, py + ux * far + uy * far]], np.int32)
        cv2.fillPoly(mask, [poly], 1.0)
        mask = cv2.GaussianBlur(mask, (0, 0), rng.uniform(0.5, 1.5))
        image *= (1 - mask * rng.uniform(0.5, 0.7))[..., None]
    noise = np.random.default_rng(seed).normal(0, rng.uniform(2, 5), image.shape)
    image = np.clip(image + noise, 0, 255).astype(np.uint8)
    ok, jpeg = cv2.imencode(".jpg", cv2.cvtColor(image, cv2.COLOR_RGB2BGR),
                            [cv2.IMWRITE_JPEG_QUALITY, rng.randint(70, 88)])
    assert ok
    return jpeg.tobytes(), truth
