"""Find a printed map page in a photo: its corner markers, its perspective and its page code."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field

import cv2
import numpy as np

from companion.games.core.problems import N_

from . import pagecode
from .pagegeom import PX_PER_MM, PX_PER_PT, page_size_pt

MAX_SIDE = 2000  # photos are scaled down to this first: markers stay ~50 px, detection stays fast
MAX_PIXELS = 50_000_000


class PhotoError(Exception):
    """A photo that cannot be read, with a message template for the player (N_ text and parameters)."""

    def __init__(self, template: str, **params):
        """Keep the template and its parameters for the page's language."""
        super().__init__(template.format(**params) if params else template)
        self.template, self.params = template, params


@dataclass(frozen=True)
class Located:
    """A page found in a photo: the photo (RGB uint8), page points -> photo pixels, and the page code."""

    photo: np.ndarray
    homography: np.ndarray
    code: pagecode.PageCode
    markers: int
    code_confidence: float
    corners: dict = field(default_factory=dict)  # marker id -> its 4 corners in the photo


def decode_image(data: bytes) -> np.ndarray:
    """Decode image bytes (JPEG, PNG, WebP...) to RGB uint8, scaled down to MAX_SIDE; PhotoError if impossible."""
    if not data:
        raise PhotoError(N_("The file is empty; choose a photo of your map."))
    buffer = np.frombuffer(data, np.uint8)
    header = _image_size(data)
    if header is not None and header[0] * header[1] > MAX_PIXELS:
        raise PhotoError(N_("The photo is too large ({pixels} megapixels); the limit is {limit}."),
                         pixels=header[0] * header[1] // 1_000_000, limit=MAX_PIXELS // 1_000_000)
    image = cv2.imdecode(buffer, cv2.IMREAD_COLOR)
    if image is None:
        raise PhotoError(N_("This file is not a photo the companion can read (JPEG, PNG or WebP)."))
    scale = MAX_SIDE / max(image.shape[:2])
    if scale < 1:
        image = cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    return cv2.cvtColor(image, cv2.COLOR_BGR2RGB)


def _image_size(data: bytes) -> tuple[int, int] | None:
    """Return (width, height) from a PNG or JPEG header without decoding, or None."""
    if data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) >= 24:
        return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    if data[:2] == b"\xff\xd8":
        i = 2
        while i + 9 < len(data):
            if data[i] != 0xFF:
                return None
            kind, length = data[i + 1], int.from_bytes(data[i + 2:i + 4], "big")
            if 0xC0 <= kind <= 0xCF and kind not in (0xC4, 0xC8, 0xCC):
                return int.from_bytes(data[i + 7:i + 9], "big"), int.from_bytes(data[i + 5:i + 7], "big")
            i += 2 + length
    return None


_LOCAL = threading.local()  # one detector per thread: OpenCV promises nothing about sharing one


def _detector() -> cv2.aruco.ArucoDetector:
    """Return this thread's ArUco detector for the page's markers."""
    detector = getattr(_LOCAL, "detector", None)
    if detector is None:
        params = cv2.aruco.DetectorParameters()
        params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
        # Small, blurred markers: read their bits from the cell centres and accept any correctable id
        # (only ids 0-3 count, and all found corners must agree on one page).
        params.errorCorrectionRate = 1.0
        params.perspectiveRemovePixelPerCell = 8
        params.perspectiveRemoveIgnoredMarginPerCell = 0.25
        dictionary = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50)
        detector = _LOCAL.detector = cv2.aruco.ArucoDetector(dictionary, params)
    return detector


def find_markers(gray: np.ndarray) -> dict[int, np.ndarray]:
    """Return the corners (4 x 2, photo pixels) of each page marker found."""
    corners, ids, _rejected = _detector().detectMarkers(gray)
    found: dict[int, np.ndarray] = {}
    if ids is None:
        return found
    for quad, marker in zip(corners, ids.ravel()):
        if int(marker) in pagecode.MARKER_IDS and int(marker) not in found:
            found[int(marker)] = quad.reshape(4, 2)
    return found


NO_MAP = N_("No printed map found: the photo must show the four black corner squares of a map page printed by the "
            "companion ({found} of 4 seen).")


def locate(photo: np.ndarray, sizes=page_size_pt, missing: str = NO_MAP) -> Located:
    """Find the page in a photo; PhotoError with a clear message when it is not a readable map page.

    `sizes(paper)` gives the page's size in points as the reader expects it; the page turned the other way is
    tried too (another game's page may lie landscape: its code then names it, and the reader says so).
    `missing` is the message (with `{found}`) when fewer than three corner markers are seen.
    """
    gray = cv2.cvtColor(photo, cv2.COLOR_RGB2GRAY)
    markers = find_markers(gray)
    if len(markers) < 3:
        raise PhotoError(missing, found=len(markers))
    # Every paper the expected way round first: a page tried the wrong way round samples the code strip's place
    # on other print, and a 4-bit check lets 1 in 16 such readings through (a Letter page misread as turned A4).
    shapes = [(paper, sizes(paper)) for paper in pagecode.PAPERS]
    shapes += [(paper, size[::-1]) for paper, size in shapes]
    for paper, (width, height) in shapes:
        found = dict(markers)
        homography = _fit(found, width, height)
        if homography is not None and len(found) == 3:
            found = _recover(gray, found, homography, width, height)
            homography = _fit(found, width, height) if len(found) == 4 else homography
        if homography is None:
            continue
        code, confidence = read_code(gray, homography, width)
        if code is not None and code.paper == paper:
            return Located(photo, homography, code, len(found), confidence, found)
    raise PhotoError(N_("The corner squares are there, but the page code between the two bottom squares cannot be "
                        "read: take the photo again with the whole page sharp and in the light."))


def _fit(markers: dict[int, np.ndarray], width: float, height: float) -> np.ndarray | None:
    """Return the page-to-photo homography of the markers' corners on a page of this size."""
    page = pagecode.marker_corners(width, height)
    src = np.array([page[m] for m in markers], np.float32).reshape(-1, 2)
    dst = np.array([markers[m] for m in markers], np.float32).reshape(-1, 2)
    return cv2.findHomography(src, dst, 0)[0]


def _recover(gray: np.ndarray, markers: dict[int, np.ndarray], homography: np.ndarray, width: float,
             height: float) -> dict[int, np.ndarray]:
    """Look again for the one missing marker where the other three put it, in a straightened close-up."""
    missing = next(m for m in pagecode.MARKER_IDS if m not in markers)
    left, bottom = pagecode.marker_squares(width, height)[missing]
    pad, scale = 5 * pagecode.MM, 10 / pagecode.MM  # 5 mm around it, 10 pixels per point of page
    side = round((pagecode.MARKER_SIZE + 2 * pad) * scale)
    # Close-up pixel (u, v) <- page point (left - pad + u / scale, bottom + size + pad - v / scale).
    to_page = np.array([[1 / scale, 0, left - pad], [0, -1 / scale, bottom + pagecode.MARKER_SIZE + pad], [0, 0, 1]])
    close_to_photo = homography @ to_page
    close = cv2.warpPerspective(gray, np.linalg.inv(close_to_photo), (side, side), flags=cv2.INTER_LINEAR,
                                borderMode=cv2.BORDER_REPLICATE)
    found = find_markers(close)
    if missing not in found:
        return markers
    quad = cv2.perspectiveTransform(found[missing].reshape(-1, 1, 2).astype(np.float64), close_to_photo)
    return {**markers, missing: quad.reshape(4, 2).astype(np.float32)}


def read_code(gray: np.ndarray, homography: np.ndarray, width: float) -> tuple[pagecode.PageCode | None, float]:
    """Read the page code strip through a page-to-photo homography; return it and its weakest contrast.

    With only three markers found the homography is least sure far from them, so the strip is also
    looked for up to 2 mm off its place (the check bits, the paper and the board's name must then
    all agree, which a misread does not do by chance).
    """
    best: tuple[pagecode.PageCode | None, float] = (None, 0.0)
    for dx, dy in sorted(((dx, dy) for dx in range(-2, 3) for dy in range(-2, 3)), key=lambda d: abs(d[0]) + abs(d[1])):
        code, spread = _code_at(gray, homography, width, dx * pagecode.MM, dy * pagecode.MM)
        if code is not None:
            return code, spread
        best = max(best, (None, spread), key=lambda b: b[1])
    return best


def _code_at(gray: np.ndarray, homography: np.ndarray, width: float, dx: float,
             dy: float) -> tuple[pagecode.PageCode | None, float]:
    """Read the code strip shifted by (dx, dy) points."""
    cells = pagecode.code_cells(width)
    # 3 x 5 sample points inside each cell (away from its edges), projected into the photo.
    fx = dx + np.linspace(0.25, 0.75, 3) * pagecode.CODE_CELL
    fy = dy + pagecode.CODE_BOTTOM + np.linspace(0.2, 0.8, 5) * pagecode.CODE_HEIGHT
    pts = np.array([(left + x, y) for left, _i in cells for x in fx for y in fy], np.float32)
    photo_pts = cv2.perspectiveTransform(pts.reshape(-1, 1, 2), homography).reshape(-1, 2)
    h, w = gray.shape
    inside = (photo_pts[:, 0] >= 0) & (photo_pts[:, 0] < w - 1) & (photo_pts[:, 1] >= 0) & (photo_pts[:, 1] < h - 1)
    if not inside.all():
        return None, 0.0
    values = cv2.remap(gray.astype(np.float32), photo_pts[:, 0].reshape(1, -1), photo_pts[:, 1].reshape(1, -1),
                       cv2.INTER_LINEAR).reshape(len(cells), -1).mean(axis=1)
    first, second = values[0::2], values[1::2]
    bits = [1 if a < b else 0 for a, b in zip(first, second)]
    spread = float(np.abs(first - second).min() / max(1.0, float(values.max() - values.min())))
    return pagecode.decode(bits), spread


def rectify(located: Located, width: int, height: int, shift: np.ndarray | None = None) -> np.ndarray:
    """Warp the photo onto the page at the reader's scale (RGB uint8, width x height).

    `shift` (H x W x 2, rectified pixels) moves each page pixel before the page-to-photo fit: what a
    curled page or the lens bends away from the one perspective (see `local_shift`).
    """
    photo_to_page = page_to_pixels(height) @ np.linalg.inv(located.homography)
    if shift is None:
        return cv2.warpPerspective(located.photo, photo_to_page, (width, height), flags=cv2.INTER_LINEAR,
                                   borderMode=cv2.BORDER_REPLICATE)
    to_photo = np.linalg.inv(photo_to_page)
    xs = np.arange(width, dtype=np.float32)[None, :] + shift[..., 0]
    ys = np.arange(height, dtype=np.float32)[:, None] + shift[..., 1]
    w = to_photo[2, 0] * xs + to_photo[2, 1] * ys + to_photo[2, 2]
    map_x = ((to_photo[0, 0] * xs + to_photo[0, 1] * ys + to_photo[0, 2]) / w).astype(np.float32)
    map_y = ((to_photo[1, 0] * xs + to_photo[1, 1] * ys + to_photo[1, 2]) / w).astype(np.float32)
    return cv2.remap(located.photo, map_x, map_y, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)


SHIFT_TILE, SHIFT_STEP = 40, 28  # rectified pixels: 10 mm tiles every 7 mm
SHIFT_SEARCH, FINE_SEARCH = 10, 6  # +-2.5 mm at half scale (the broad look), then +-1.5 mm


def local_shift(rectified: np.ndarray, blank: np.ndarray, box: tuple[int, int, int, int],
                coarse: bool = False) -> np.ndarray | None:
    """Measure where the print really is in a rectified photo, tile by tile: a smooth shift field.

    One perspective fits a flat page through a perfect lens; a page curls and a phone lens bends
    straight lines, which leaves the print a millimetre or two off its place here and there. Each
    tile of the blank page (with enough print in it) is found in the photo nearby (normalised
    correlation: the light does not matter); outliers (ink over the print) are dropped against their
    neighbours' median, gaps filled, and the field smoothed and brought to full size (H x W x 2).
    """
    if coarse:  # first a broad look at half the scale: larger tiles, a reach of +-5 mm
        full_h, full_w = blank.shape[:2]
        half_size = (full_w // 2, full_h // 2)
        small = _shift_field(cv2.resize(rectified, half_size, interpolation=cv2.INTER_AREA),
                             cv2.resize(blank, half_size, interpolation=cv2.INTER_AREA),
                             tuple(v // 2 for v in box), SHIFT_SEARCH)
        if small is None:
            return None
        return np.ascontiguousarray(cv2.resize(small, (full_w, full_h), interpolation=cv2.INTER_LINEAR) * 2)
    return _shift_field(rectified, blank, box, FINE_SEARCH)


def _shift_field(rectified: np.ndarray, blank: np.ndarray, box: tuple[int, int, int, int],
                 search: int) -> np.ndarray | None:
    """Measure the shift field of `local_shift` with tiles found up to `search` pixels off."""
    height, width = blank.shape[:2]
    photo = cv2.cvtColor(rectified, cv2.COLOR_RGB2GRAY).astype(np.float32) / 255.0
    page = cv2.cvtColor(blank, cv2.COLOR_RGB2GRAY)
    half, reach = SHIFT_TILE // 2, SHIFT_TILE // 2 + search
    # The print's contrast in every tile at once (box sums): tiles with little print cannot be found.
    mean = cv2.blur(page, (SHIFT_TILE, SHIFT_TILE))
    spread = np.sqrt(np.maximum(cv2.blur(page * page, (SHIFT_TILE, SHIFT_TILE)) - mean * mean, 0))
    cols, rows = -(-width // SHIFT_STEP), -(-height // SHIFT_STEP)
    field = np.zeros((rows, cols, 2), np.float32)
    found = np.zeros((rows, cols), bool)
    x0, y0, x1, y1 = box
    for r in range(rows):
        cy = r * SHIFT_STEP + SHIFT_STEP // 2
        if cy < y0 - SHIFT_STEP or cy > y1 + SHIFT_STEP or cy - reach < 0 or cy + reach > height:
            continue
        for c in range(cols):
            cx = c * SHIFT_STEP + SHIFT_STEP // 2
            if cx < x0 - SHIFT_STEP or cx > x1 + SHIFT_STEP or cx - reach < 0 or cx + reach > width:
                continue
            if spread[cy, cx] < 0.06:
                continue
            template = page[cy - half:cy + half, cx - half:cx + half]
            window = photo[cy - reach:cy + reach, cx - reach:cx + reach]
            result = cv2.matchTemplate(window, template, cv2.TM_CCOEFF_NORMED)
            _lo, score, _at, (bx, by) = cv2.minMaxLoc(result)
            if score < 0.45:
                continue
            field[r, c] = (bx + _peak(result, bx, by, 1) - search, by + _peak(result, bx, by, 0) - search)
            found[r, c] = True
    if found.sum() < 6:
        return None
    # Drop tiles that disagree with their neighbours (ink, a repeated pattern), fill and smooth.
    weights = found.astype(np.float32)
    for _round in range(2):
        blur_w = cv2.blur(weights, (5, 5))
        mean = np.stack([cv2.blur(field[..., k] * weights, (5, 5)) for k in (0, 1)], axis=-1)
        mean /= np.maximum(blur_w, 1e-6)[..., None]
        off = np.hypot(*(field - mean).transpose(2, 0, 1))
        weights = (found & (off < 2.0)).astype(np.float32)
    sigma = 1.2
    blur_w = cv2.GaussianBlur(weights, (0, 0), sigma)
    smooth = np.stack([cv2.GaussianBlur(field[..., k] * weights, (0, 0), sigma) for k in (0, 1)], axis=-1)
    smooth /= np.maximum(blur_w, 1e-6)[..., None]
    far = cv2.GaussianBlur(weights, (0, 0), 6.0)
    wide = np.stack([cv2.GaussianBlur(field[..., k] * weights, (0, 0), 6.0) for k in (0, 1)], axis=-1)
    wide /= np.maximum(far, 1e-6)[..., None]
    trust = np.clip(blur_w / 0.2, 0, 1)[..., None]
    smooth = smooth * trust + wide * (1 - trust)  # far from any tile: the broad trend
    full = cv2.resize(smooth, (cols * SHIFT_STEP, rows * SHIFT_STEP), interpolation=cv2.INTER_LINEAR)
    return np.ascontiguousarray(full[:height, :width])


def _peak(result: np.ndarray, x: int, y: int, axis: int) -> float:
    """Sub-pixel offset of a correlation peak along one axis (a parabola through three values)."""
    if axis == 1:
        if x == 0 or x == result.shape[1] - 1:
            return 0.0
        a, b, c = result[y, x - 1], result[y, x], result[y, x + 1]
    else:
        if y == 0 or y == result.shape[0] - 1:
            return 0.0
        a, b, c = result[y - 1, x], result[y, x], result[y + 1, x]
    den = a - 2 * b + c
    return float(np.clip(0.5 * (a - c) / den, -0.5, 0.5)) if den < 0 else 0.0


def page_to_pixels(height: int) -> np.ndarray:
    """Return the matrix from page points (y up) to rectified pixels (y down) of a page `height` pixels high."""
    return np.array([[PX_PER_PT, 0, 0], [0, -PX_PER_PT, height], [0, 0, 1]], np.float64)


def refine(located: Located, blank: np.ndarray, anchors: tuple[tuple[float, float], ...]) -> Located:
    """Fit the page more finely: find the printed coordinates around the map and refit with them.

    Three markers leave the far corner of the page to extrapolation, and a print is never quite flat;
    the map's own printed coordinates (where players do not draw) pin it down near the map. Each is
    found by template matching a small patch of the blank page near where the markers put it.
    """
    height, width = blank.shape[:2]
    to_px = page_to_pixels(height)
    photo_to_px = to_px @ np.linalg.inv(located.homography)
    gray = cv2.cvtColor(located.photo, cv2.COLOR_RGB2GRAY)
    template = (cv2.cvtColor(blank, cv2.COLOR_RGB2GRAY) * 255).astype(np.uint8)
    patch, search = round(4.5 * PX_PER_MM), round(4 * PX_PER_MM)  # half sizes
    reach = patch + search
    src, dst = [], []
    for ax, ay in anchors:
        x, y = round(ax), round(ay)
        if x - reach < 0 or y - reach < 0 or x + reach >= width or y + reach >= height:
            continue
        # Warp only the small window around this anchor: fast, and the rest of the photo is not needed.
        shift = np.array([[1, 0, x - reach], [0, 1, y - reach], [0, 0, 1]], np.float64)
        window = cv2.warpPerspective(gray, np.linalg.inv(shift) @ photo_to_px, (2 * reach, 2 * reach),
                                     flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
        piece = template[y - patch:y + patch, x - patch:x + patch]
        if piece.std() < 10:
            continue
        result = cv2.matchTemplate(window, piece, cv2.TM_CCOEFF_NORMED)
        _lo, score, _at, best = cv2.minMaxLoc(result)
        if score < 0.6:
            continue
        src.append((x, y))
        dst.append((x - reach + best[0] + patch, y - reach + best[1] + patch))
    if len(src) < 8:
        return located
    found = cv2.perspectiveTransform(np.array(dst, np.float32).reshape(-1, 1, 2), np.linalg.inv(photo_to_px))
    page = cv2.perspectiveTransform(np.array(src, np.float32).reshape(-1, 1, 2), np.linalg.inv(to_px))
    corners = pagecode.marker_corners(*page_size_pt(located.code.paper))
    marker_page = np.array([c for m in sorted(located.corners) for c in corners[m]], np.float32).reshape(-1, 1, 2)
    marker_photo = np.array([located.corners[m] for m in sorted(located.corners)], np.float32).reshape(-1, 1, 2)
    homography, _mask = cv2.findHomography(np.concatenate([marker_page, page]), np.concatenate([marker_photo, found]),
                                           cv2.RANSAC, 3.0)
    if homography is None:
        return located
    return Located(located.photo, homography, located.code, located.markers, located.code_confidence,
                   located.corners)
