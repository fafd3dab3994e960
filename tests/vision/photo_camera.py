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
from functools import lru_cache

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


# --------------------------------------------------------------------------------------------------
# Phone photos (issue 30, second stop): a set made like the hidden acceptance set is described, with
# its own truth, pens, print and camera (nothing from vision_synth but the Truth record):
#
# - truth: routes drawn as continuous walks (a player's pen goes on through an intersection), tourists
#   placed anywhere in their block (over the printed art and label too), cafes and three goal circles;
# - pens: felt pen, marker or thin ballpoint in black, blue or purple, ink laid subtractively
#   (overlaps darken), ballpoint pressure and skips; tourists as the rules draw them (red circle, green
#   square, blue triangle), some filled, and on some sheets every mark in the route's pen;
# - print: the page rendered by pypdfium2 at 3 px per point, then toner density, dot gain, paper tint;
# - camera: a 3-D page (curled like a sheet lifted at its edges) turned by up to 25° and any roll
#   (0/90/180/270 plus a little), seen through a pinhole with radial lens distortion, a table around,
#   light (gradient, soft or hard shadow, glare), vignette, white balance, defocus (a disc, not a
#   Gaussian) or a shake (a curved smear), shot noise, phone sharpening, JPEG 70-85, 1-12 MP.
# --------------------------------------------------------------------------------------------------

PHONE_SCALE = 3.0  # pixels per point of the page the phone set draws on (8.5 px/mm)
PMM = PHONE_SCALE * 72 / 25.4
PHONE_PENS = {"black": (0.13, 0.13, 0.16), "blue": (0.12, 0.2, 0.62), "purple": (0.38, 0.16, 0.52)}
PHONE_TOURIST_INKS = {"red": (0.85, 0.16, 0.18), "green": (0.13, 0.58, 0.28), "blue": (0.13, 0.32, 0.82)}
PHONE_SHAPES = {"red": "circle", "green": "square", "blue": "triangle"}
DIFFICULTIES = ("easy", "medium", "hard")


def phone_truth(board: Board, rng: random.Random) -> Truth:
    """A plausible end state: two or three walks, tourists in 4-12 locations, cafes, a goal."""
    truth = Truth(rng.choice(board.player_boards).number)
    walks = []
    for _ in range(rng.randint(1, 3)):
        point = (rng.randint(0, board.cols), rng.randint(0, board.rows))
        walk = [point]
        for _ in range(rng.randint(4, 12)):
            options = [p for p in board.neighbours(point) if p not in walk[-2:]] or list(board.neighbours(point))
            if not options:
                break
            point = rng.choice(options)
            walk.append(point)
        walks.append(walk)
        truth.sections.update((a, b) if a <= b else (b, a) for a, b in zip(walk, walk[1:]))
    colours = tuple(PHONE_TOURIST_INKS)
    for loc in rng.sample(board.locations(), rng.randint(4, 12)):
        counts: dict[str, int] = {}
        for _ in range(rng.choice((1, 1, 1, 2, 2, 3, 4))):
            colour = rng.choice(colours)
            counts[colour] = counts.get(colour, 0) + 1
        truth.tourists[loc] = counts
    for cafe in board.cafes:
        state = rng.choice((None, None, "unused", "used"))
        if state:
            truth.cafes[cafe.at] = state
    if rng.random() < 0.7:
        cafes = {c.at for c in board.cafes}
        points = [(x, y) for x in range(board.cols + 1) for y in range(board.rows + 1) if (x, y) not in cafes]
        truth.goal = sorted(rng.sample(points, 3))
    truth.walks = walks  # type: ignore[attr-defined]
    # Its own stream, seeded by the end state (drawing from `rng` would change every other board's photos).
    _city_truth(board, truth, random.Random(f"city-{board.id}-{sorted(truth.sections)}-{sorted(truth.tourists)}"))
    return truth


def _city_truth(board: Board, truth: Truth, rng: random.Random) -> None:
    """What a world city's sheet adds, by the board's feature types (its own random stream, so the training
    city's and London's photos stay what they were): crossed-out locations (remote tourist spaces: 0-2 of
    the empty locations; ferries: each ferry one time in two), tourists in remote spaces, a pen colour for
    each section (coloured routes), tickets at docks."""
    types = {f.type for f in board.features}
    truth.crossed, truth.remote, truth.colours, truth.tickets = set(), {}, {}, set()  # type: ignore[attr-defined]
    ferries = [loc for f in board.features_of("ferry") for loc in f.locations]
    for loc in ferries:  # a ferry location never holds tourists
        truth.tourists.pop(loc, None)
        if rng.random() < 0.5:
            truth.crossed.add(loc)
    if "remote_space" in types:
        empty = [loc for loc in board.locations() if loc not in truth.tourists]
        truth.crossed.update(rng.sample(empty, min(len(empty), rng.choice((0, 1, 1, 2)))))
        for space in board.features_of("remote_space"):
            if rng.random() < 0.6:
                counts: dict[str, int] = {}
                for _ in range(rng.choice((1, 1, 2, 3))):
                    colour = rng.choice(tuple(PHONE_TOURIST_INKS))
                    counts[colour] = counts.get(colour, 0) + 1
                truth.remote[space.id] = counts
    if "diversity" in types:
        truth.colours = {sec: rng.choice(("red", "green", "blue")) for sec in sorted(truth.sections)}
    for dock in board.features_of("dock"):
        if rng.random() < 0.5:
            truth.tickets.add(dock.id)


class _Pen:
    """A pen: colour (transmittance per channel), width (page pixels), and how it lays ink."""

    def __init__(self, kind: str, colour: tuple[float, float, float], rng: random.Random):
        self.kind, self.rng = kind, rng
        self.colour = np.array(colour, np.float32) * rng.uniform(0.9, 1.1)
        self.width = {"felt": rng.uniform(0.6, 1.1), "marker": rng.uniform(1.3, 2.2),
                      "ballpoint": rng.uniform(0.25, 0.45)}[kind] * PMM
        self.strength = {"felt": rng.uniform(0.8, 0.95), "marker": rng.uniform(0.85, 1.0),
                         "ballpoint": rng.uniform(0.45, 0.85)}[kind]

    def stroke(self, layer: np.ndarray, pts: np.ndarray, closed: bool = False) -> None:
        """Lay a stroke (page pixels) into a coverage layer (max: one pass of a pen)."""
        if closed:
            pts = np.concatenate([pts, pts[:1]])
        width = max(1, round(self.width))
        for p, q in zip(pts, pts[1:]):
            if self.kind == "ballpoint" and self.rng.random() < 0.02:
                continue  # the ball skips
            value = self.strength * (self.rng.uniform(0.7, 1.0) if self.kind == "ballpoint" else 1.0)
            _lay(layer, np.array([p, q]), lambda img, pts, value=value: cv2.line(
                img, tuple(int(v) for v in pts[0]), tuple(int(v) for v in pts[1]), value, width, cv2.LINE_AA,
                shift=4), width)

    def fill(self, layer: np.ndarray, pts: np.ndarray) -> None:
        """Fill a shape (colouring it in)."""
        _lay(layer, pts, lambda img, p: cv2.fillPoly(img, [p.astype(np.int32)], self.strength * 0.9, cv2.LINE_AA,
                                                        shift=4), 1)


def _lay(layer: np.ndarray, pts: np.ndarray, draw, width: int) -> None:
    """Draw into a small window of a coverage layer around pts, keeping the darker of old and new."""
    pad = width + 3
    x0, y0 = (np.floor(pts.min(axis=0)) - pad).astype(int)
    x1, y1 = (np.ceil(pts.max(axis=0)) + pad).astype(int)
    x0, y0 = max(0, x0), max(0, y0)
    x1, y1 = min(layer.shape[1], x1), min(layer.shape[0], y1)
    if x1 <= x0 or y1 <= y0:
        return
    window = np.zeros((y1 - y0, x1 - x0), np.float32)
    draw(window, np.round((pts - [x0, y0]) * 16).astype(int))
    np.maximum(layer[y0:y1, x0:x1], window, out=layer[y0:y1, x0:x1])


def _hand(points: list[np.ndarray], rng: random.Random, wobble: float) -> np.ndarray:
    """A hand-drawn path through points: a smooth random drift sideways, overshoot at both ends."""
    pts = [np.asarray(p, np.float64) for p in points]
    out = []
    for i, (a, b) in enumerate(zip(pts, pts[1:])):
        n = max(8, int(np.hypot(*(b - a)) / 6))
        t = np.linspace(0, 1, n, endpoint=False)[:, None]
        if i == 0:
            t = np.linspace(-rng.uniform(0, 0.05), 1, n, endpoint=False)[:, None]
        out.append(a + t * (b - a))
    end = pts[-1] + (pts[-1] - pts[-2]) * rng.uniform(0, 0.05)
    out.append(end[None, :])
    path = np.concatenate(out)
    drift = np.cumsum(np.random.default_rng(rng.randint(0, 2**31)).normal(0, 1, (len(path), 2)), axis=0)
    drift = cv2.GaussianBlur(drift.astype(np.float32), (1, 0), 6).astype(np.float64) if len(path) > 3 else drift
    drift -= drift.mean(axis=0)
    drift *= wobble / max(1e-6, float(np.abs(drift).max()))
    return path + drift


def _tourist_shape(shape: str, cx: float, cy: float, r: float, rng: random.Random) -> np.ndarray:
    """A hand-drawn tourist outline: circle, square or triangle, a little irregular and turned."""
    turn = rng.uniform(-0.3, 0.3)
    if shape == "circle":
        angles = turn + np.linspace(0, 2 * math.pi, 36, endpoint=False)
        radius = r * (1 + 0.06 * np.sin(angles * 2 + rng.uniform(0, 6)))
        return np.stack([cx + radius * np.cos(angles), cy + radius * np.sin(angles)], axis=1)
    sides = 4 if shape == "square" else 3
    base = math.pi / 4 if sides == 4 else -math.pi / 2
    corners = [(cx + r * rng.uniform(0.9, 1.1) * math.cos(base + turn + k * 2 * math.pi / sides),
                cy + r * rng.uniform(0.9, 1.1) * math.sin(base + turn + k * 2 * math.pi / sides)) for k in range(sides)]
    pts = []
    for k in range(sides):
        a, b = np.array(corners[k]), np.array(corners[(k + 1) % sides])
        pts += [a + t * (b - a) for t in np.linspace(0, 1, 8, endpoint=False)]
    return np.array(pts)


def draw_phone_marks(board: Board, truth: Truth, paper: str, lang: str, rng: random.Random,
                     level: str, pen_kind: str | None = None, one_pen: bool | None = None) -> np.ndarray:
    """Print the blank page and draw the truth on it; return the page (RGB float32 0..1, PHONE_SCALE)."""
    from printables.enroute.maps import map_layout

    page = _printed(board, truth.player_board, paper, lang).astype(np.float32) / 255.0
    # A home print: toner a little lighter, colours a little duller, dot gain, a tinted paper.
    grey = page.mean(axis=2, keepdims=True)
    page = page * (1 - rng.uniform(0, 0.25)) + grey * rng.uniform(0, 0.25)
    page = 1 - (1 - page) * rng.uniform(0.8, 1.0)
    page = cv2.GaussianBlur(page, (0, 0), 0.08 * PMM)
    page *= np.array([rng.uniform(0.94, 1.0), rng.uniform(0.94, 1.0), rng.uniform(0.9, 1.0)], np.float32)
    layout = map_layout(board, paper, lang)
    height = page.shape[0]
    k = PHONE_SCALE

    def at(point):
        x, y = layout.point(point)
        return np.array([x * k, height - y * k])

    kinds = {"easy": ("felt", "felt", "marker"), "medium": ("felt", "marker", "ballpoint"),
             "hard": ("felt", "ballpoint", "ballpoint")}[level]
    kind = rng.choice(kinds)
    pen = _Pen(pen_kind or kind, rng.choice(list(PHONE_PENS.values())), rng)
    drawn_one_pen = rng.random() < 0.3
    one_pen = drawn_one_pen if one_pen is None else one_pen
    truth.pen, truth.one_pen = pen.kind, one_pen  # type: ignore[attr-defined]
    layers: list[tuple[np.ndarray, np.ndarray]] = []
    route = np.zeros(page.shape[:2], np.float32)
    wobble = rng.uniform(0.2, 0.7) * PMM
    arcs = _corner_arcs(board, page, at)
    colours = getattr(truth, "colours", {})
    city_rng = random.Random(f"city-draw-{board.id}-{sorted(truth.sections)}")
    section_pens = {name: _Pen(city_rng.choice(("felt", "felt", "marker")), ink, city_rng)
                    for name, ink in PHONE_TOURIST_INKS.items()} if colours else {}
    section_layers = {name: np.zeros(page.shape[:2], np.float32) for name in section_pens}
    for walk in truth.walks:  # type: ignore[attr-defined]
        # Runs of one pen: the whole walk in the route pen, or each colour's run in its own (coloured routes).
        runs: list[tuple[str | None, list]] = []
        for a, b in zip(walk, walk[1:]):
            name = colours.get((a, b) if a <= b else (b, a))
            if not runs or runs[-1][0] != name:
                runs.append((name, [at(a)]))
            runs[-1][1].extend(_road_path(a, b, arcs, at))
        for name, pts in runs:
            if name is None:
                pen.stroke(route, _hand(pts, rng, wobble))
            else:
                section_pens[name].stroke(section_layers[name], _hand(pts, city_rng, wobble))
    layers += [(section_layers[name], section_pens[name].colour) for name in section_layers]
    _draw_city_marks(board, truth, layout, page, pen, route, city_rng, k, height)
    for spot, state in sorted(truth.cafes.items()):
        c = at(spot)
        rx, ry = layout.cell * 0.34 * k * 0.9 + rng.uniform(1.5, 3.5) * PMM, layout.cell * 0.17 * k + rng.uniform(1.5, 3.5) * PMM
        t = rng.uniform(0, 6.3) + np.linspace(0, 2 * math.pi * rng.uniform(0.95, 1.08), 40)
        pen.stroke(route, np.stack([c[0] + rx * np.cos(t), c[1] + ry * np.sin(t)], axis=1))
        if state == "used":
            angle = math.radians(rng.uniform(25, 60)) * rng.choice((-1, 1))
            d = np.array([math.cos(angle), math.sin(angle)]) * rx * rng.uniform(0.75, 1.0)
            pen.stroke(route, _hand([c - d, c + d], rng, 0.2 * PMM))
    for spot in truth.goal:
        c, r = at(spot), rng.uniform(3.0, 5.5) * PMM
        t = rng.uniform(0, 6.3) + np.linspace(0, 2 * math.pi * rng.uniform(0.95, 1.1), 40)
        pen.stroke(route, np.stack([c[0] + r * np.cos(t), c[1] + r * rng.uniform(0.85, 1.15) * np.sin(t)], axis=1))
    layers.append((route, pen.colour))
    filled = rng.random() < 0.35
    tourist_pens = {name: (pen if one_pen else _Pen(rng.choice(("felt", "felt", "marker")), ink, rng))
                    for name, ink in PHONE_TOURIST_INKS.items()}
    tourist_layers = {name: np.zeros(page.shape[:2], np.float32) for name in PHONE_TOURIST_INKS}
    boxes = _boxes(board, layout, k, height)  # printed boxes: no tourist of a location is drawn there
    for loc, counts in sorted(truth.tourists.items()):
        left, bottom, side = layout.block(loc)
        x0, y0, s = left * k, height - (bottom + side) * k, side * k
        marks = [c for c, n in sorted(counts.items()) for _ in range(n)]
        placed: list[tuple[float, float]] = []
        for colour in marks:
            r = rng.uniform(1.3, 2.3) * PMM
            for _try in range(100):
                if _try == 40:  # a printed box covers much of the block: smaller, nearer its edge
                    r = 1.3 * PMM
                edge = (2.5 if _try < 40 else 1.2) * PMM
                cx, cy = rng.uniform(x0 + edge + r, x0 + s - edge - r), rng.uniform(y0 + edge + r, y0 + s - edge - r)
                if all(math.hypot(cx - px, cy - py) > 2 * r + 1.2 * PMM for px, py in placed) and not any(
                        bl - r - PMM < cx < bl + bw + r + PMM and bt - r - PMM < cy < bt + bh + r + PMM
                        for bl, bt, bw, bh in boxes.values()):
                    break
            placed.append((cx, cy))
            outline = _tourist_shape(PHONE_SHAPES[colour], cx, cy, r, rng)
            tp = tourist_pens[colour]
            target = route if tp is pen else tourist_layers[colour]
            if filled:
                tp.fill(target, outline)
            tp.stroke(target, outline, closed=True)
    for space, counts in sorted(getattr(truth, "remote", {}).items()):  # tourists written in a remote space's box
        bl, bt, bw, bh = _boxes(board, layout, k, height)[f"remote:{space}"]
        marks = [c for c, n in sorted(counts.items()) for _ in range(n)]
        r = min(rng.uniform(1.2, 1.7) * PMM, bh * 0.22)
        slots = len(marks)
        for i, colour in enumerate(marks):
            cx = bl + bw * (i + 0.5) / slots + rng.uniform(-0.1, 0.1) * bw / slots
            cy = bt + bh * rng.uniform(0.55, 0.65)
            outline = _tourist_shape(PHONE_SHAPES[colour], cx, cy, r, rng)
            tp = tourist_pens[colour]
            target = route if tp is pen else tourist_layers[colour]
            if filled:
                tp.fill(target, outline)
            tp.stroke(target, outline, closed=True)
    layers += [(tourist_layers[name], tourist_pens[name].colour) for name in tourist_layers if tourist_pens[name] is not pen]
    for layer, colour in layers:  # subtractive ink: each pen's layer filters the light
        page *= 1 - layer[..., None] * (1 - colour[None, None, :])
    return page


def _corner_arcs(board: Board, page: np.ndarray, at) -> dict:
    """Each corner road's circle (centre, radius) as the page prints it: of the two corners its arc could bend
    round, the one whose arc's middle runs over printed (darker) road dots. Found on the print, not from the
    reader's or the printables' rule."""
    out = {}
    grey = page.mean(axis=2)
    for sec, road in board.roads.items():
        a, b = sec
        if "corner" not in road.tags or abs(a[0] - b[0]) != 1 or abs(a[1] - b[1]) != 1:
            continue
        pa, pb = at(a), at(b)
        best = None
        for corner in ((a[0], b[1]), (b[0], a[1])):
            c = at(corner)
            radius = float(np.hypot(*(pa - c)))
            t0 = math.atan2(*(pa - c)[::-1])
            turn = (math.atan2(*(pb - c)[::-1]) - t0 + math.pi) % (2 * math.pi) - math.pi
            ts = t0 + turn * np.linspace(0.15, 0.85, 120)
            xs, ys = (c[0] + radius * np.cos(ts)).astype(int), (c[1] + radius * np.sin(ts)).astype(int)
            values, rgb = grey[ys, xs], page[ys, xs]
            neutral = rgb.max(axis=1) - rgb.min(axis=1) < 0.1  # the road's dots are grey, block edges coloured
            dots = float(((values > 0.42) & (values < 0.62) & neutral).mean())  # and texts print black
            if best is None or dots > best[0]:
                best = (dots, c, radius)
        out[sec] = best[1:]
    return out


def _road_path(a, b, arcs: dict, at) -> list:
    """The points a pen passes from intersection a to b: straight, or round a corner road's arc."""
    sec = (a, b) if a <= b else (b, a)
    if sec not in arcs:
        return [at(b)]
    centre, radius = arcs[sec]
    pa, pb = at(a) - centre, at(b) - centre
    t0, t1 = math.atan2(pa[1], pa[0]), math.atan2(pb[1], pb[0])
    turn = (t1 - t0 + math.pi) % (2 * math.pi) - math.pi  # the short way round
    return [centre + radius * np.array([math.cos(t0 + turn * f), math.sin(t0 + turn * f)])
            for f in np.linspace(0.125, 1, 8)]


def _boxes(board: Board, layout, k: float, height: int) -> dict:
    """The boxes a city prints to write in (page pixels: left, top, width, height), keyed like the truth.

    Where the printables put them (`box_rect`: the print itself is the truth here): remote tourist spaces,
    and the "with a ticket" box at each dock."""
    from printables.enroute.city_features import box_rect

    out = {}
    spots = {f"remote:{f.id}": tuple(f.param("meeting")) for f in board.features_of("remote_space")}
    ticket_points = {p for lm in board.landmarks if lm.ticket for p in lm.points}
    spots.update({f"ticket:{f.id}": f.points[0] for f in board.features_of("dock") if f.points
                  and f.points[0] in ticket_points})
    for key, spot in spots.items():
        left, bottom, w, h = box_rect(layout, spot)
        out[key] = (left * k, height - (bottom + h) * k, w * k, h * k)
    return out


def _draw_city_marks(board: Board, truth: Truth, layout, page: np.ndarray, pen: _Pen, route: np.ndarray,
                     rng: random.Random, k: float, height: int) -> None:
    """Crosses (×) in crossed-out locations and ticks in ticket boxes, in the route's pen."""
    for loc in sorted(getattr(truth, "crossed", ())):
        left, bottom, side = layout.block(loc)
        s = side * k
        cx = left * k + s / 2 + rng.uniform(-0.08, 0.08) * s
        cy = height - (bottom + side) * k + s / 2 + rng.uniform(-0.08, 0.08) * s
        for base in (45, 135):
            angle = math.radians(base + rng.uniform(-12, 12))
            arm = s * rng.uniform(0.27, 0.4)
            d = np.array([math.cos(angle), math.sin(angle)]) * arm
            pen.stroke(route, _hand([np.array([cx, cy]) - d, np.array([cx, cy]) + d], rng, 0.3 * PMM))
    boxes = _boxes(board, layout, k, height)
    for dock in sorted(getattr(truth, "tickets", ())):
        bl, bt, bw, bh = boxes[f"ticket:{dock}"]
        cx, cy = bl + bw * rng.uniform(0.35, 0.65), bt + bh * rng.uniform(0.5, 0.65)
        size = bh * rng.uniform(0.25, 0.35)
        if rng.random() < 0.5:  # a tick
            pts = [np.array([cx - size, cy]), np.array([cx - size * 0.3, cy + size * 0.7]),
                   np.array([cx + size * 1.2, cy - size * 0.9])]
            pen.stroke(route, _hand(pts, rng, 0.2 * PMM))
        else:  # a cross
            for sign in (1, -1):
                pen.stroke(route, _hand([np.array([cx - size, cy - sign * size]), np.array([cx + size, cy + sign * size])],
                                        rng, 0.2 * PMM))


def _soft(mask: np.ndarray, sigma: float) -> np.ndarray:
    """Blur a mask by sigma pixels (on a smaller copy when the blur is wide: it is only light)."""
    if sigma < 8:
        return cv2.GaussianBlur(mask, (0, 0), sigma)
    h, w = mask.shape
    f = 4 / sigma
    small = cv2.resize(mask, (max(1, int(w * f)), max(1, int(h * f))), interpolation=cv2.INTER_AREA)
    return cv2.resize(cv2.GaussianBlur(small, (0, 0), 4), (w, h), interpolation=cv2.INTER_LINEAR)


@lru_cache(maxsize=8)
def _printed(board: Board, number: int, paper: str, lang: str) -> np.ndarray:
    """The blank page at the phone set's scale (rendered once)."""
    from companion.vision.pagegeom import render_page

    return render_page(board, number, paper, lang, PHONE_SCALE)


def _disc(radius: float) -> np.ndarray:
    """A defocus kernel: a uniform disc."""
    r = max(0.5, radius)
    size = 2 * math.ceil(r) + 1
    yy, xx = np.mgrid[:size, :size] - size // 2
    kernel = np.clip(r + 0.5 - np.hypot(xx, yy), 0, 1).astype(np.float32)
    return kernel / kernel.sum()


def phone_photo(board: Board, seed: int, level: str = "medium", paper: str = "a4", lang: str = "en",
                megapixels: float | None = None, pen: str | None = None, one_pen: bool | None = None,
                walks: list[list[tuple[int, int]]] | None = None, marks: dict | None = None) -> tuple[bytes, Truth]:
    """Return a phone photo (JPEG bytes) of a filled-in map at a difficulty, and the truth it shows.

    `pen` ("felt", "marker", "ballpoint"), `one_pen` (every tourist in the route's pen), `walks`
    (the route, as lists of intersections) and `marks` (a world city's: `crossed`, `remote`, `colours`,
    `tickets`, as the truth keeps them) force what the seed would choose; the rest stays the seed's.
    """
    rng = random.Random(f"phone-{seed}-{level}-{board.id}")
    truth = phone_truth(board, rng)
    if walks is not None:
        truth.walks = walks  # type: ignore[attr-defined]
        truth.sections = {(a, b) if a <= b else (b, a) for walk in walks for a, b in zip(walk, walk[1:])}
        if truth.colours:  # type: ignore[attr-defined]
            truth.colours = {sec: rng.choice(("red", "green", "blue")) for sec in sorted(truth.sections)}
    for key, value in (marks or {}).items():  # a world city's marks forced: crossed, remote, colours, tickets
        if key == "crossed":
            for loc in value:
                truth.tourists.pop(loc, None)
        setattr(truth, key, value)
    page = draw_phone_marks(board, truth, paper, lang, rng, level, pen, one_pen)
    return photograph(page, rng, level, megapixels), truth


def photograph(page: np.ndarray, rng: random.Random, level: str = "medium", megapixels: float | None = None) -> bytes:
    """Photograph a drawn page (RGB float32 0..1 at PHONE_SCALE) with a phone at a difficulty: JPEG bytes.

    The camera alone (3-D pose, curl, lens, light, focus, sensor, JPEG), so any game's printed sheet
    can be photographed the same way once its marks are drawn.
    """
    ph, pw = page.shape[:2]
    page_w_mm, page_h_mm = pw / PMM, ph / PMM
    mp = megapixels or rng.choice({"easy": (3, 5, 8, 12), "medium": (2, 3, 5, 8, 12), "hard": (1, 2, 3, 8, 12)}[level])
    width = int(math.sqrt(mp * 1e6 * 3 / 4))
    height = int(width * 4 / 3)
    if pw > ph:  # a landscape page (a Welcome To sheet) is taken with the phone turned across
        width, height = height, width
    tilt_max = {"easy": 10, "medium": 20, "hard": 25}[level]
    tilt, axis = math.radians(rng.uniform(0, tilt_max)), rng.uniform(0, 2 * math.pi)
    roll = math.radians(rng.choice((0, 0, 90, 180, 270)) + rng.uniform(-12, 12))
    if abs(math.sin(roll)) > 0.7:  # the page lies across: the phone is turned too
        width, height = height, width
    curl = rng.uniform(0, {"easy": 2, "medium": 6, "hard": 10}[level])  # mm the edges lift
    curl_axis = rng.choice((0, 1))
    k1 = rng.uniform(-0.08, 0.05)
    focal = max(width, height) * rng.uniform(0.8, 1.1)
    ax, ay = math.cos(axis), math.sin(axis)
    c, s = math.cos(tilt), math.sin(tilt)
    tilt_m = np.array([[c + ax * ax * (1 - c), ax * ay * (1 - c), ay * s],
                       [ax * ay * (1 - c), c + ay * ay * (1 - c), -ax * s],
                       [-ay * s, ax * s, c]])
    roll_m = np.array([[math.cos(roll), -math.sin(roll), 0], [math.sin(roll), math.cos(roll), 0], [0, 0, 1]])
    rot = roll_m @ tilt_m

    def lift(x, y):
        u = (x / page_w_mm - 0.5) * 2 if curl_axis == 0 else (y / page_h_mm - 0.5) * 2
        return -curl * u * u  # towards the camera (z grows away from it)

    def project(xs, ys, t):
        pts = np.stack([xs - page_w_mm / 2, ys - page_h_mm / 2, lift(xs, ys)], axis=-1) @ rot.T + t
        return pts[..., 0] / pts[..., 2] * focal, pts[..., 1] / pts[..., 2] * focal

    fill = rng.uniform(*{"easy": (0.75, 0.9), "medium": (0.6, 0.85), "hard": (0.45, 0.85)}[level])
    cx_mm = np.array([0, page_w_mm, page_w_mm, 0, page_w_mm / 2])
    cy_mm = np.array([0, 0, page_h_mm, page_h_mm, page_h_mm / 2])
    t = np.array([0.0, 0.0, focal])
    for _ in range(4):  # distance so the page fills `fill` of the frame, then placed at random inside it
        u, v = project(cx_mm, cy_mm, t)
        span = max((u.max() - u.min()) / width, (v.max() - v.min()) / height)
        t[2] *= span / fill
    u, v = project(cx_mm, cy_mm, t)
    room_u, room_v = width - (u.max() - u.min()), height - (v.max() - v.min())
    shift_u = rng.uniform(0.1, 0.9) * room_u - (u.min() + width / 2)
    shift_v = rng.uniform(0.1, 0.9) * room_v - (v.min() + height / 2)
    t[0] += shift_u * t[2] / focal
    t[1] += shift_v * t[2] / focal
    # Inverse map, on a grid 4x coarser: photo pixel -> undistorted ray -> the curled page.
    step = 4
    gv, gu = np.mgrid[0:height + step:step, 0:width + step:step].astype(np.float64)
    xd, yd = (gu - width / 2) / focal, (gv - height / 2) / focal
    xu, yu = xd.copy(), yd.copy()
    for _ in range(6):
        factor = 1 + k1 * (xu * xu + yu * yu)
        xu, yu = xd / factor, yd / factor
    ray = np.stack([xu, yu, np.ones_like(xu)], axis=-1) @ rot  # rot.T @ ray: into page axes
    origin = -rot.T @ t
    z = np.zeros_like(xu)
    for _ in range(4):
        scale = (z - origin[2]) / ray[..., 2]
        px = origin[0] + scale * ray[..., 0] + page_w_mm / 2
        py = origin[1] + scale * ray[..., 1] + page_h_mm / 2
        z = lift(px, py)
    map_x = cv2.resize((px * PMM).astype(np.float32), (width + step, height + step), interpolation=cv2.INTER_LINEAR)
    map_y = cv2.resize((py * PMM).astype(np.float32), (width + step, height + step), interpolation=cv2.INTER_LINEAR)
    map_x, map_y = map_x[:height, :width], map_y[:height, :width]
    photo_px_per_mm = focal / t[2]
    shrink = PMM / max(photo_px_per_mm, 1e-3)
    source = cv2.GaussianBlur(page, (0, 0), 0.45 * shrink) if shrink > 1.2 else page
    image = cv2.remap(source, map_x, map_y, cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT, borderValue=(-1, -1, -1))
    outside = image[..., 0] < -0.5
    grain = np.random.default_rng(rng.randint(0, 2**31))
    table = np.array([rng.uniform(0.2, 0.55), rng.uniform(0.15, 0.45), rng.uniform(0.1, 0.35)], np.float32)
    wood = 1 + 0.15 * np.sin(np.arange(width, dtype=np.float32) / rng.uniform(8, 40))[None, :, None]
    back = table[None, None, :] * wood * (1 + 0.03 * grain.standard_normal((height, width, 1), dtype=np.float32))
    image[outside] = np.broadcast_to(back, image.shape)[outside]
    # Light: a gradient, a soft shadow, sometimes a hard shadow or glare; vignette; white balance.
    yy, xx = np.arange(height, dtype=np.float32)[:, None], np.arange(width, dtype=np.float32)[None, :]
    angle = rng.uniform(0, 2 * math.pi)
    ramp = ((xx * math.cos(angle) + yy * math.sin(angle)) / max(width, height) + 1) / 2
    light = (rng.uniform(0.7, 1.0) * (1 - rng.uniform(0, {"easy": 0.2, "medium": 0.35, "hard": 0.45}[level]) * ramp)
             ).astype(np.float32)
    extra = rng.random() if level == "hard" else 1.0
    if rng.random() < 0.5 or (level == "hard" and extra < 0.25):
        mask = np.zeros((height, width), np.float32)
        pts = np.array([[rng.uniform(-0.3, 1.3) * width, rng.uniform(-0.3, 1.3) * height] for _ in range(4)])
        cv2.fillPoly(mask, [pts.astype(np.int32)], 1.0)
        hard = level == "hard" and extra < 0.25
        mask = _soft(mask, (0.002 if hard else rng.uniform(0.03, 0.08)) * width + 0.5)
        light *= 1 - mask * rng.uniform(*((0.5, 0.7) if hard else (0.15, 0.35)))
    image *= light[..., None]
    if level == "hard" and 0.25 <= extra < 0.4:  # a lamp reflected off the paper
        mask = np.zeros((height, width), np.float32)
        cv2.ellipse(mask, (int(rng.uniform(0.3, 0.7) * width), int(rng.uniform(0.3, 0.7) * height)),
                    (int(rng.uniform(0.1, 0.2) * width), int(rng.uniform(0.06, 0.12) * width)), rng.uniform(0, 180),
                    0, 360, 1.0, -1)
        image += _soft(mask, 0.04 * width)[..., None] * rng.uniform(0.6, 1.0)
    r2 = ((xx - width / 2) ** 2 + (yy - height / 2) ** 2) / ((width / 2) ** 2 + (height / 2) ** 2)
    image *= (1 - rng.uniform(0.05, 0.3) * r2)[..., None]
    image *= np.array([rng.uniform(0.85, 1.05), rng.uniform(0.95, 1.05), rng.uniform(0.8, 1.1)], np.float32)
    mm = photo_px_per_mm
    if level == "hard" and 0.4 <= extra < 0.6:
        image = cv2.filter2D(image, -1, _disc(rng.uniform(0.5, 1.0) * mm))  # out of focus
    elif level == "hard" and 0.6 <= extra < 0.8:
        length = rng.uniform(0.8, 1.6) * mm  # a shake: a short curved smear
        size = 2 * math.ceil(length) + 3
        kernel = np.zeros((size, size), np.float32)
        a0, bend = rng.uniform(0, math.pi), rng.uniform(-0.4, 0.4)
        for f in np.linspace(-0.5, 0.5, 25):
            ang = a0 + bend * f
            cv2.circle(kernel, (round(size / 2 - 0.5 + f * length * math.cos(ang)),
                                round(size / 2 - 0.5 + f * length * math.sin(ang))), 0, 1.0, -1)
        image = cv2.filter2D(image, -1, kernel / kernel.sum())
    else:
        image = cv2.filter2D(image, -1, _disc(rng.uniform(0.0, {"easy": 0.12, "medium": 0.2, "hard": 0.25}[level]) * mm))
    # Sensor: shot and read noise (stronger on small sensors), then the phone's sharpening.
    rngn = np.random.default_rng(rng.randint(0, 2**31))
    image = np.clip(image, 0, 1.2)
    noise = rng.uniform(0.004, 0.012) * (1 + 3 / mp)
    image += rngn.standard_normal(image.shape, dtype=np.float32) * noise * np.sqrt(np.maximum(image, 0.01) * 4)
    amount, radius = rng.uniform(0.2, 1.0), rng.uniform(0.8, 2.0)
    image = image + amount * (image - cv2.GaussianBlur(image, (0, 0), radius))
    image = np.clip(image * 255, 0, 255).astype(np.uint8)
    ok, jpeg = cv2.imencode(".jpg", cv2.cvtColor(image, cv2.COLOR_RGB2BGR),
                            [cv2.IMWRITE_JPEG_QUALITY, rng.randint(70, 85)])
    assert ok
    return jpeg.tobytes()
