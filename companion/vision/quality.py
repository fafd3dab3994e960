"""Is a photo good enough to read? Measure it on the straightened page, against the blank print.

The reader knows exactly what the printed page looks like (the blank page it renders), so each
measure compares the photo with that page where the print is, instead of guessing from the photo:

- **size**: photo pixels per millimetre of page at the map (from the page-to-photo fit);
- **blur**: the Gaussian blur (in mm) that, applied to the blank page, matches the photo best
  (normalised correlation over the map, after dividing out the light);
- **glare**: the share of the map whose printed lines have lost most of their contrast in a bright
  photo (reflected light adds to the paper and the print alike, so the print washes out);
- **shadow**: the steepest step of the light over the map (log of the light estimate, per 2 mm),
  which a shadow with a hard edge makes and soft light never does.

`check(...)` raises PhotoError naming the first measure that fails and how to retake the photo.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from companion.games.core.problems import N_

from .locate import Located, PhotoError, page_to_pixels
from .pagegeom import PX_PER_MM, PageGeometry

# Thresholds, chosen on tests/vision/photo_camera.py photos (bench/vision_camera.py) with the
# synthetic set of vision_synth.py kept accepted: see bench/vision.md.
MIN_PX_PER_MM = 2.4  # below this the 1 mm wide pen strokes and the markers' cells blur into the paper
MAX_BLUR_MM = 0.45  # Gaussian sigma of the whole photo, in millimetres of page
MAX_MOTION_MM = 0.8  # length of a straight smear (a shaken phone), in millimetres of page
MAX_GLARE = 0.04  # share of the map's tiles washed out
MAX_SHADOW_STEP = 0.3  # |log light| change over 2 mm
THIN_PEN_BLUR_MM = 0.3  # a thin or pale pen (PALE_PEN) fades into the paper from this blur on
PALE_PEN = 0.45  # the drawn roads' median ink strength (0..1) of a thin ballpoint; felt pens are 0.55-0.9
SIGMAS = (0.0, 0.6, 0.9, 1.2, 1.6, 2.0, 2.6, 3.4, 4.4)  # rectified pixels (4 per mm)


@dataclass(frozen=True)
class Quality:
    """The measures of one photo."""

    px_per_mm: float
    blur_mm: float
    motion_mm: float
    glare: float
    shadow_step: float


def measure(located: Located, rectified: np.ndarray, blank: np.ndarray, geo: PageGeometry) -> Quality:
    """Measure size, blur, glare and hard shadows of a rectified photo against the blank page."""
    x0, y0, x1, y1 = geo.box
    photo = cv2.cvtColor(rectified[y0:y1, x0:x1], cv2.COLOR_RGB2GRAY).astype(np.float32) / 255.0
    print_ = cv2.cvtColor(blank[y0:y1, x0:x1], cv2.COLOR_RGB2GRAY)
    return Quality(_px_per_mm(located, geo), _blur(photo, print_), _motion(photo, print_),
                   _glare(photo, print_, geo.cell), _shadow(photo, print_))


def check(quality: Quality) -> None:
    """Refuse a photo the reader cannot trust, with the reason and how to take it again."""
    if quality.px_per_mm < MIN_PX_PER_MM:
        raise PhotoError(N_("The map is too small in this photo to read every line: come closer, so the page "
                            "fills most of the photo, and take it again."))
    if quality.blur_mm > MAX_BLUR_MM or quality.motion_mm > MAX_MOTION_MM:
        raise PhotoError(N_("This photo is blurred: hold the phone still, let it focus on the map (tap the "
                            "screen) and take it again."))
    if quality.glare > MAX_GLARE:
        raise PhotoError(N_("Light reflects off part of the map and washes out the lines: tilt the page or the "
                            "phone a little, or move away from the lamp, and take it again."))
    if quality.shadow_step > MAX_SHADOW_STEP:
        raise PhotoError(N_("A hard shadow falls across the map: move so that your shadow or the phone's is off "
                            "the page, and take it again."))


def check_pen(quality: Quality, pen: float | None) -> None:
    """Refuse a blurred photo of a thin or pale pen: its lines fade into the paper (read after the sections).

    A felt pen's strokes survive a blur that leaves a ballpoint's as faint as the paper's grain; the
    pen's strength is what the sheet's surely drawn roads show (None when no road is surely drawn).
    """
    # No road surely drawn on a blurred photo: a thin pen's lines may have faded altogether (a finished
    # sheet always has a route), so it is refused the same way.
    if (pen is None or pen < PALE_PEN) and quality.blur_mm >= THIN_PEN_BLUR_MM - 1e-6:
        raise PhotoError(N_("This photo is blurred: hold the phone still, let it focus on the map (tap the "
                            "screen) and take it again."))


def _px_per_mm(located: Located, geo: PageGeometry) -> float:
    """Return the photo's pixels per millimetre along the map's shortest edge (the page is tilted)."""
    x0, y0, x1, y1 = geo.box
    corners = np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], np.float64).reshape(-1, 1, 2)
    to_page = np.linalg.inv(page_to_pixels(geo.height))
    in_photo = cv2.perspectiveTransform(corners, located.homography @ to_page).reshape(-1, 2)
    in_page = corners.reshape(-1, 2)
    ratios = []
    for i in range(4):
        j = (i + 1) % 4
        photo_len = float(np.hypot(*(in_photo[j] - in_photo[i])))
        page_mm = float(np.hypot(*(in_page[j] - in_page[i]))) / PX_PER_MM
        ratios.append(photo_len / page_mm)
    return min(ratios)


def _flat(photo: np.ndarray, print_: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Return the light (photo's local white over the print's, on a 2 mm grid) and the photo divided by it."""
    h, w = photo.shape
    small = (max(1, w // 8), max(1, h // 8))
    kernel = np.ones((3, 3), np.uint8)
    lit = cv2.dilate(cv2.resize(photo, small, interpolation=cv2.INTER_AREA), kernel)
    printed = cv2.dilate(cv2.resize(print_, small, interpolation=cv2.INTER_AREA), kernel)
    light = lit / np.maximum(printed, 0.05)
    full = cv2.resize(cv2.GaussianBlur(light, (0, 0), 1.5), (w, h), interpolation=cv2.INTER_LINEAR)
    return light, photo / np.maximum(full, 0.05)


def _blur(photo: np.ndarray, print_: np.ndarray) -> float:
    """Return the blur (sigma, mm) of the blank page that correlates best with the photo."""
    _light, flat = _flat(photo, print_)
    # Where the print has detail (edges of lines, letters, symbols): elsewhere blur changes nothing.
    edges = cv2.dilate((cv2.morphologyEx(print_, cv2.MORPH_GRADIENT, np.ones((3, 3), np.uint8)) > 0.25)
                       .astype(np.uint8), np.ones((5, 5), np.uint8)) > 0
    if edges.sum() < 500:
        return 0.0
    f = flat[edges] - flat[edges].mean()
    best, best_sigma = -2.0, 0.0
    for sigma in SIGMAS:
        t = cv2.GaussianBlur(print_, (0, 0), sigma) if sigma else print_
        g = t[edges] - t[edges].mean()
        score = float((f * g).sum() / max(1e-6, np.sqrt((f * f).sum() * (g * g).sum())))
        if score > best:
            best, best_sigma = score, sigma
    return best_sigma / PX_PER_MM


def _motion(photo: np.ndarray, print_: np.ndarray) -> float:
    """Return how much longer (mm) the photo is smeared along one direction than across it (a shake).

    Measured on the middle of the map (a shake smears the whole photo alike): the blank page is
    smeared along each of four directions by line kernels of growing length; the best length in
    each direction is kept.
    """
    h, w = photo.shape
    crop = (slice(h // 4, h - h // 4), slice(w // 4, w - w // 4))
    p, t = photo[crop], print_[crop]
    _light, flat = _flat(p, t)
    edges = cv2.dilate((cv2.morphologyEx(t, cv2.MORPH_GRADIENT, np.ones((3, 3), np.uint8)) > 0.25)
                       .astype(np.uint8), np.ones((5, 5), np.uint8)) > 0
    if edges.sum() < 500:
        return 0.0
    f = flat[edges] - flat[edges].mean()
    f_norm = float(np.sqrt((f * f).sum()))
    lengths = {}
    for angle in (0, 45, 90, 135):
        best = -2.0
        for length in (1, 3, 5, 7, 9, 12):
            kernel = np.zeros((length, length), np.float32)
            kernel[length // 2, :] = 1.0
            if angle and length > 1:
                rot = cv2.getRotationMatrix2D(((length - 1) / 2, (length - 1) / 2), angle, 1.0)
                kernel = cv2.warpAffine(kernel, rot, (length, length))
            smeared = cv2.filter2D(t, -1, kernel / kernel.sum())
            g = smeared[edges] - smeared[edges].mean()
            score = float((f * g).sum() / max(1e-6, f_norm * np.sqrt((g * g).sum())))
            if score > best:
                best, lengths[angle] = score, length
    # Focus blur smears every way alike; a shake smears along one direction much more than across it.
    return (max(lengths.values()) - min(lengths.values())) / PX_PER_MM


def _glare(photo: np.ndarray, print_: np.ndarray, cell: float) -> float:
    """Return the share of map tiles where the print has lost most of its contrast in bright light."""
    side = max(8, round(cell))
    h, w = photo.shape
    washed = tiles = 0
    for y in range(0, h - side // 2, side):
        for x in range(0, w - side // 2, side):
            p, t = photo[y:y + side, x:x + side], print_[y:y + side, x:x + side]
            dark, white = t < 0.5, t > 0.9
            if dark.sum() < 20 or white.sum() < 20:
                continue
            tiles += 1
            paper = float(np.median(p[white]))
            contrast = 1 - float(np.median(p[dark])) / max(paper, 1e-3)
            expected = 1 - float(np.median(t[dark])) / float(np.median(t[white]))
            if paper > 0.8 and contrast < 0.35 * expected:
                washed += 1
    return washed / tiles if tiles else 0.0


def _shadow(photo: np.ndarray, print_: np.ndarray) -> float:
    """Return the steepest change of the light's logarithm between neighbours of a 2 mm grid."""
    light, _flat_photo = _flat(photo, print_)
    log = np.log(np.maximum(light, 0.02))
    steps = [np.abs(np.diff(log, axis=0)), np.abs(np.diff(log, axis=1))]
    # The 98th percentile, not the maximum: one odd tile (a dark drawing over white) is no shadow edge.
    values = np.concatenate([s.ravel() for s in steps])
    return float(np.percentile(values, 99.5)) if values.size else 0.0

