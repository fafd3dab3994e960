"""Decide what a player wrote on a straightened Welcome To sheet: house numbers, bis and roundabout boxes, pools,
fences and track boxes, each with a confidence (below LOW it is flagged for the player to check).

Everything works on the ink (companion.vision.marks.ink_of: how much darker the photo is than the blank print,
light divided out) sampled at the places the printed layout gives.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from ..marks import Ink
from ..pagegeom import PX_PER_MM
from . import digits
from .sheetgeom import Box, SheetGeometry

LOW = 0.5  # confidence below this: flagged
INK = 0.2  # darker than the print by this much is ink
FAINT = 0.08  # faint ink: a pale pen or blur
TICKED = 0.038  # share of a box's inside that is ink when ticked (tuning photos: empty <= 0.031, ticked >= 0.046)
FENCE = 0.33  # share of a fence line's length that carries ink (tuning photos: drawn >= 0.43, not <= 0.24)
FAINT_FENCE = 0.35  # share of a fence line with faint ink that flags it (undrawn lines: <= 0.3 on the tuning set)
POOL = 0.08  # share of a printed pool's disc that is ink when it is built
EMPTY_PX = 14  # fewer ink pixels in a house's writing area: no number (1 mm^2 is 16 px)
SURE_PX = 40  # more ink pixels: surely something written
DIGIT_INK = 0.15
MIN_PIECE = 5  # smaller ink specks are noise


@dataclass(frozen=True)
class Item:
    """One thing the reader decided: kind ("house", "fence", "pool", "box"), key, value, confidence 0..1."""

    kind: str
    key: tuple
    value: object
    confidence: float
    measure: float = 0.0
    note: str = ""  # why it is doubtful, for the page ("order", "bis", "gap", "count")

    @property
    def doubtful(self) -> bool:
        """Tell whether the player should check this item."""
        return self.confidence < LOW


def _conf(measure: float, threshold: float, scale: float) -> float:
    """Confidence from the distance of a measure to its threshold."""
    return float(min(1.0, abs(measure - threshold) / scale))


def _inside(ink: Ink, box: Box, inset: float) -> tuple[np.ndarray, np.ndarray]:
    """The ink strength and the visible mask inside a box, `inset` (share of its side) in from each edge."""
    x0, y0, x1, y1 = box
    dx, dy = (x1 - x0) * inset, (y1 - y0) * inset
    a, b, c, d = round(x0 + dx), round(y0 + dy), round(x1 - dx), round(y1 - dy)
    return ink.strength[b:d, a:c], ink.visible[b:d, a:c] > 0


def tick(ink: Ink, box: Box) -> tuple[bool, float, float]:
    """Is a box ticked? (value, confidence, measure: ink pixels over the box's inside, print included)."""
    strength, visible = _inside(ink, box, 0.14)
    if visible.sum() < 4:
        return False, 0.0, 0.0
    # Over the whole inside, not only where the print lets ink show: a box mostly taken by its printed value
    # ("-12") would otherwise make a few stray pixels by its edges look like a tick.
    share = float(((strength > INK) & visible).sum() / strength.size)
    faint = float(((strength > FAINT) & visible).sum() / strength.size)
    confidence = _conf(share, TICKED, 0.015)
    if share < TICKED and faint > 2 * TICKED:  # pale ink: maybe a tick in a thin pen
        confidence = min(confidence, 0.3)
    return share >= TICKED, confidence, share


def house_box(ink: Ink, box: Box) -> tuple[bool, float, float]:
    """Is a house's b or R box ticked? A tick stays in its box; a number's stroke running into it comes from above.

    The ink pieces that reach the box's inside are followed 2 mm around it: when most of their ink lies outside
    the box, they are a digit's strokes, not a tick — read as not ticked, and flagged.
    """
    value, confidence, share = tick(ink, box)
    if not value:
        return value, confidence, share
    x0, y0, x1, y1 = box
    pad = 2 * PX_PER_MM
    a, b, c, d = round(x0 - pad), round(y0 - pad), round(x1 + pad), round(y1 + pad)
    mask = ((ink.strength[b:d, a:c] > INK) & (ink.visible[b:d, a:c] > 0)).astype(np.uint8)
    _count, labels = cv2.connectedComponents(mask, connectivity=8)
    inner = np.zeros(mask.shape, bool)
    inset = 0.14 * (x1 - x0)
    inner[round(y0 - b + inset):round(y1 - b - inset), round(x0 - a + inset):round(x1 - a - inset)] = True
    touching = set(np.unique(labels[inner & (mask > 0)])) - {0}
    if not touching:
        return value, confidence, share
    pieces = np.isin(labels, list(touching))
    in_box = np.zeros(mask.shape, bool)
    in_box[round(y0 - b):round(y1 - b), round(x0 - a):round(x1 - a)] = True
    outside = float((pieces & ~in_box).sum()) / max(1.0, float((pieces & in_box).sum()))
    if outside > 1.0:
        return False, 0.3, share
    return value, confidence, share


def fence(ink: Ink, line: tuple[float, float, float]) -> tuple[bool, float, float]:
    """Is a fence drawn on a dotted line? (value, confidence, share of the line's rows inked)."""
    x, top, bottom = line
    half = round(0.75 * PX_PER_MM)  # the houses' edges are 1.3 mm away
    a, b = round(top + 0.08 * (bottom - top)), round(bottom - 0.08 * (bottom - top))
    cols = slice(round(x) - half, round(x) + half + 1)
    # A thin pen right on the dotted line hides on its dots against the eroded print: there the ink is taken
    # against the print itself (the grey dots darken under ink).
    strength = np.where(ink.visible[a:b, cols] > 0, ink.strength[a:b, cols], ink.exact[a:b, cols])
    rows = strength.max(axis=1)
    share = float((rows > INK).mean())
    # Faint ink (a pencil, a pale ballpoint) only where the print is light: the dots' own edges are not ink.
    faint = float((np.where(ink.visible[a:b, cols] > 0, ink.strength[a:b, cols], 0).max(axis=1) > FAINT).mean())
    confidence = _conf(share, FENCE, 0.12)
    if share < FENCE and faint >= FAINT_FENCE:
        confidence = min(confidence, 0.3)
    return share >= FENCE, confidence, share


def pool(ink: Ink, circle: tuple[float, float, float]) -> tuple[bool, float, float]:
    """Is a printed pool built (crossed, ticked or filled)? (value, confidence, share of its disc inked)."""
    cx, cy, r = circle
    reach = round(r * 1.15)
    ys, xs = np.mgrid[-reach:reach + 1, -reach:reach + 1]
    disc = np.hypot(xs, ys) <= r * 1.15
    y0, x0 = round(cy) - reach, round(cx) - reach
    strength = ink.strength[y0:y0 + 2 * reach + 1, x0:x0 + 2 * reach + 1]
    visible = (ink.visible[y0:y0 + 2 * reach + 1, x0:x0 + 2 * reach + 1] > 0) & disc
    if visible.sum() < 4:
        return False, 0.0, 0.0
    share = float((strength[visible] > INK).mean())
    return share >= POOL, _conf(share, POOL, 0.06), share


def _writing_area(ink: Ink, geo: SheetGeometry, key: tuple[int, int]) -> tuple[np.ndarray, tuple[int, int]]:
    """A house's ink where a number is written: the house less its edges, its b and R boxes and its pool."""
    x0, y0, x1, y1 = geo.houses[key]
    m = 0.6 * PX_PER_MM
    a, b, c, d = round(x0 + m), round(y0 + m), round(x1 - m), round(y1 - m)
    strength = np.where(ink.visible[b:d, a:c] > 0, ink.strength[b:d, a:c], 0).copy()
    pad = 0.35 * PX_PER_MM
    for boxes in (geo.bis_boxes, geo.roundabout_boxes):
        bx0, by0, bx1, _by1 = boxes[key]
        strength[max(0, round(by0 - pad - b)):, max(0, round(bx0 - pad - a)):max(0, round(bx1 + pad - a))] = 0
    if key in geo.pools:
        cx, cy, r = geo.pools[key]
        ys, xs = np.mgrid[0:strength.shape[0], 0:strength.shape[1]]
        strength[np.hypot(xs + a - cx, ys + b - cy) <= r + 0.6 * PX_PER_MM] = 0
    return strength, (a, b)


def _characters(strength: np.ndarray) -> list[np.ndarray]:
    """Split a house's ink into characters (masks, left to right): pieces joined by overlap in x."""
    peak = float(np.percentile(strength[strength > FAINT], 90)) if (strength > FAINT).sum() > 10 else 0.0
    mask = (strength > max(DIGIT_INK, 0.35 * peak)).astype(np.uint8)
    count, labels, stats, _centres = cv2.connectedComponentsWithStats(mask, connectivity=8)
    pieces = [(stats[i, 0], stats[i, 0] + stats[i, 2], i) for i in range(1, count) if stats[i, 4] >= MIN_PIECE]
    pieces.sort()
    groups: list[list] = []
    for left, right, i in pieces:
        if groups:
            g_left, g_right = groups[-1][0], groups[-1][1]
            overlap = min(right, g_right) - max(left, g_left)
            if overlap >= 0.3 * min(right - left, g_right - g_left) or left - g_right < 0:
                groups[-1] = [min(left, g_left), max(right, g_right), groups[-1][2] + [i]]
                continue
        groups.append([left, right, [i]])
    masks = [np.isin(labels, ids) for _l, _r, ids in groups]
    if len(masks) == 1:
        masks = _split_touching(masks[0])
    return masks


def _split_touching(mask: np.ndarray) -> list[np.ndarray]:
    """Two digits written touching (a wide blob): cut at the thinnest column of its middle."""
    ys, xs = np.nonzero(mask)
    width, height = xs.max() - xs.min() + 1, ys.max() - ys.min() + 1
    if width < 1.05 * height:
        return [mask]
    cols = mask[:, xs.min():xs.max() + 1].sum(axis=0)
    lo, hi = int(width * 0.25), int(width * 0.6)
    cut = xs.min() + lo + int(np.argmin(cols[lo:hi]))
    left, right = mask.copy(), mask.copy()
    left[:, cut:] = False
    right[:, :cut] = False
    return [m for m in (left, right) if m.sum() >= MIN_PIECE]


def read_number(strength: np.ndarray) -> tuple[int | None, float, float]:
    """Read a house's number from its ink: (number or None, confidence, ink pixels)."""
    amount = float((strength > DIGIT_INK).sum())
    if amount < SURE_PX:
        empty_conf = _conf(amount, (EMPTY_PX + SURE_PX) / 2, (SURE_PX - EMPTY_PX) / 2)
        if amount < EMPTY_PX:
            return None, empty_conf, amount
    chars = _characters(strength)
    squares = [digits.normalise(strength, m) for m in chars]
    squares = [s for s in squares if s is not None]
    if not squares:
        return None, 0.2, amount
    p = digits.probabilities(squares)
    if len(squares) == 1:
        d = int(p[0].argmax())
        conf = float(p[0, d])
        if amount < SURE_PX:
            conf = min(conf, 0.45)
        return d, conf, amount
    if len(squares) > 2:  # stray marks or a crossed-out number: keep the two biggest, flag
        sizes = [m.sum() for m in chars][:len(squares)]
        keep = sorted(sorted(range(len(squares)), key=lambda i: -sizes[i])[:2])
        p = p[keep]
        cap = 0.3
    else:
        cap = 1.0
    units = int(p[1, :8].argmax())  # 10..17
    conf = float(p[0, 1]) * float(p[1, units])
    return 10 + units, min(conf, cap), amount


def read_items(ink: Ink, geo: SheetGeometry) -> list[Item]:
    """Decide every house, box, pool and fence of the sheet; then flag what the rules say cannot be."""
    items: list[Item] = []
    for key in sorted(geo.houses):
        bis, bis_conf, bis_m = house_box(ink, geo.bis_boxes[key])
        rb, rb_conf, rb_m = house_box(ink, geo.roundabout_boxes[key])
        strength, _origin = _writing_area(ink, geo, key)
        number, conf, amount = read_number(strength)
        if rb:
            value, conf = "R", min(rb_conf, 0.3 if number is not None else 1.0)
        elif bis:
            value = f"{number}b" if number is not None else None
            conf = min(conf, bis_conf, 1.0 if number is not None else 0.2)
        else:
            value = number
            conf = min(conf, max(rb_conf, 0.0) if rb_m > 0.02 else 1.0, bis_conf if bis_m > 0.02 else 1.0)
        items.append(Item("house", key, value, conf, amount))
    for key in sorted(geo.fences):
        value, conf, measure = fence(ink, geo.fences[key])
        items.append(Item("fence", key, value, conf, measure))
    for key in sorted(geo.pools):
        value, conf, measure = pool(ink, geo.pools[key])
        items.append(Item("pool", key, value, conf, measure))
    for name, boxes in geo.tracks.items():
        for i, box in enumerate(boxes):
            value, conf, measure = tick(ink, box)
            items.append(Item("box", (name, i), value, conf, measure))
    return _checked(items)


def _number(value) -> int | None:
    """The number of a house value (7, "7b"), None for empty or a roundabout."""
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.endswith("b") and value[:-1].isdigit():
        return int(value[:-1])
    return None


def _checked(items: list[Item]) -> list[Item]:
    """Flag what cannot be: numbers not rising along a street, ticks after a gap on a track, a built pool on an
    empty house, a bis or roundabout track that disagrees with the houses."""
    out = {(i.kind, i.key): i for i in items}

    def flag(kind: str, key: tuple, note: str) -> None:
        item = out[(kind, key)]
        out[(kind, key)] = Item(item.kind, item.key, item.value, min(item.confidence, 0.3), item.measure, note)

    streets = sorted({k[0] for kind, k in out if kind == "house"})
    for s in streets:
        houses = sorted(k for kind, k in out if kind == "house" and k[0] == s)
        last = None
        for key in houses:
            value = out[("house", key)].value
            if value == "R":
                last = None
                continue
            n = _number(value)
            if n is None:
                continue
            bis = isinstance(value, str)
            if last is not None and (n < last[1] or (n == last[1] and not bis and not last[2])):
                flag("house", key, "order")
                flag("house", last[0], "order")
            last = (key, n, bis)
    tracks: dict[str, list[tuple[int, bool]]] = {}
    for (kind, key), item in out.items():
        if kind == "box":
            tracks.setdefault(key[0], []).append((key[1], bool(item.value)))
    for name, boxes in tracks.items():
        values = [v for _i, v in sorted(boxes)]
        if any(not a and b for a, b in zip(values, values[1:])):  # crossed from the left: a gap is doubtful
            for i, _v in sorted(boxes):
                flag("box", (name, i), "gap")
    for (kind, key), item in list(out.items()):
        if kind == "pool" and item.value and _number(out[("house", key)].value) is None:
            flag("pool", key, "empty")
    counts = {"bis": sum(1 for (k, _key), i in out.items() if k == "house" and isinstance(i.value, str)
                         and i.value.endswith("b")),
              "roundabouts": sum(1 for (k, _key), i in out.items() if k == "house" and i.value == "R"),
              "pools": sum(1 for (k, _key), i in out.items() if k == "pool" and i.value)}
    for name, count in counts.items():
        ticked = sum(1 for _i, v in tracks.get(name, []) if v)
        if ticked != count:
            for i, _v in tracks.get(name, []):
                flag("box", (name, i), "count")
            for (k, key), i in list(out.items()):
                if (name == "bis" and k == "house" and isinstance(i.value, str) and i.value.endswith("b")) or \
                        (name == "roundabouts" and k == "house" and i.value == "R") or (name == "pools" and k == "pool"
                                                                                        and i.value):
                    flag(k, key, "count")
    return list(out.values())
