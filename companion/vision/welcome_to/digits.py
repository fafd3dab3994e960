"""A small handwritten digit classifier for the house numbers, trained only on digits generated here.

Training digits (`training_digit`): each digit is a few pen strokes through control points of a unit box
(straight lines and elliptic arcs, several common ways of writing 1, 4, 7 and 9), bent by a random slant,
rotation, squeeze and smooth jitter, drawn with a round pen of random width and pressure at the reader's
scale, then blurred and noised. The reader's own crops and these go through the same `normalise` (the ink
cropped, centred in 28 x 28 like a scanned form) and `features` (gradient histograms + a coarse image).

The model is a one-hidden-layer network in numpy, trained deterministically (`python -m
companion.vision.welcome_to.digits`) into `digits.npz` beside this file (float16, ~100 kB). Nothing is
downloaded: the data is all generated.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache
from pathlib import Path

import cv2
import numpy as np

MODEL = Path(__file__).with_name("digits.npz")
SIDE = 28
INNER = 20
HIDDEN = 128


def _arc(cx: float, cy: float, rx: float, ry: float, a0: float, a1: float, n: int = 14) -> list[tuple[float, float]]:
    """Points along an ellipse from angle a0 to a1 (degrees; y down, so 90 is the bottom)."""
    return [(cx + rx * math.cos(math.radians(a)), cy + ry * math.sin(math.radians(a)))
            for a in np.linspace(a0, a1, n)]


# Each digit: ways of writing it, each a list of strokes, each a list of points in a unit box (y down).
STYLES: dict[int, list[list[list[tuple[float, float]]]]] = {
    0: [[_arc(0.5, 0.5, 0.42, 0.5, -90, 270, 24)], [_arc(0.5, 0.5, 0.38, 0.5, -70, 300, 24)]],
    1: [[[(0.5, 0.0), (0.5, 1.0)]], [[(0.2, 0.25), (0.55, 0.0), (0.55, 1.0)]],
        [[(0.25, 0.22), (0.55, 0.0), (0.55, 1.0)], [(0.2, 1.0), (0.85, 1.0)]]],
    2: [[[*_arc(0.5, 0.3, 0.42, 0.3, 200, 380, 12), (0.05, 1.0), (0.95, 1.0)]],
        [[*_arc(0.5, 0.28, 0.4, 0.28, 190, 400, 12), (0.1, 0.95), (0.9, 0.98)]]],
    3: [[_arc(0.5, 0.27, 0.38, 0.27, 200, 450, 12) + _arc(0.5, 0.73, 0.42, 0.27, 270, 520, 12)[1:]],
        [[(0.1, 0.0), (0.85, 0.0), (0.4, 0.42), *_arc(0.5, 0.7, 0.42, 0.3, 250, 520, 12)[1:]]]],
    4: [[[(0.65, 0.0), (0.05, 0.68), (0.95, 0.68)], [(0.7, 0.3), (0.7, 1.0)]],
        [[(0.2, 0.0), (0.1, 0.58), (0.92, 0.58)], [(0.72, 0.0), (0.72, 1.0)]]],
    5: [[[(0.85, 0.0), (0.25, 0.0), (0.2, 0.42), *_arc(0.5, 0.68, 0.4, 0.32, 235, 520, 14)[1:]]],
        [[(0.25, 0.0), (0.18, 0.45), *_arc(0.5, 0.68, 0.4, 0.32, 235, 520, 14)[1:]], [(0.25, 0.0), (0.9, 0.0)]]],
    6: [[_arc(0.6, 0.55, 0.5, 0.55, 290, 180, 10) + _arc(0.5, 0.72, 0.38, 0.28, 180, 540, 18)[1:]],
        [[(0.7, 0.0), (0.25, 0.5), *_arc(0.5, 0.72, 0.36, 0.28, 200, 560, 18)]]],
    7: [[[(0.05, 0.0), (0.95, 0.0), (0.4, 1.0)]], [[(0.05, 0.0), (0.95, 0.0), (0.4, 1.0)], [(0.3, 0.5), (0.85, 0.5)]],
        [[(0.05, 0.15), (0.1, 0.0), (0.95, 0.0), (0.5, 1.0)]]],
    8: [[_arc(0.5, 0.25, 0.32, 0.25, 0, 360, 16), _arc(0.5, 0.73, 0.4, 0.27, 0, 360, 16)],
        [_arc(0.5, 0.25, 0.3, 0.25, 90, 450, 16) + _arc(0.5, 0.73, 0.42, 0.27, 270, -90, 16)]],
    9: [[_arc(0.5, 0.3, 0.4, 0.3, 0, 360, 16), [(0.9, 0.3), (0.85, 1.0)]],
        [[*_arc(0.5, 0.3, 0.4, 0.3, 10, 370, 16), (0.85, 0.6), (0.6, 1.0)]]],
}


def training_digit(digit: int, rng: random.Random, height: float | None = None) -> np.ndarray:
    """Return one generated digit as ink strength (float32 0..1, y down), about `height` pixels tall."""
    strokes = rng.choice(STYLES[digit])
    h = height or rng.uniform(20, 36)
    w = h * rng.uniform(0.45, 0.8)
    slant, angle = rng.uniform(-0.35, 0.25), math.radians(rng.uniform(-8, 8))
    k = 4  # drawn at 4x, then reduced: anti-aliased strokes
    size = int(h * 1.8) + 8
    canvas = np.zeros((size * k, size * k), np.float32)
    phase = [rng.uniform(0, 2 * math.pi) for _ in range(4)]
    amp = rng.uniform(0, 0.06)
    pen = rng.uniform(1.2, 4.0)
    for stroke in strokes:
        pts = []
        for x, y in stroke:
            # smooth jitter: a low-frequency wave over the box, the same for nearby points
            jx = amp * math.sin(3 * y + phase[0]) + amp * math.sin(5 * x + phase[1])
            jy = amp * math.sin(3 * x + phase[2]) + amp * math.sin(4 * y + phase[3])
            u, v = (x + jx - 0.5) * w, (y + jy - 0.5) * h
            u -= slant * v
            u, v = u * math.cos(angle) - v * math.sin(angle), u * math.sin(angle) + v * math.cos(angle)
            pts.append(((u + size / 2) * k, (v + size / 2) * k))
        line = np.round(np.array(pts) * 4).astype(np.int32)
        cv2.polylines(canvas, [line], False, rng.uniform(0.6, 1.0), max(1, round(pen * k)), cv2.LINE_AA, shift=2)
    image = cv2.resize(canvas, (size, size), interpolation=cv2.INTER_AREA)
    blur = rng.uniform(0, 0.9)
    if blur > 0.3:
        image = cv2.GaussianBlur(image, (0, 0), blur)
    image *= rng.uniform(0.35, 1.0)
    noise = np.random.default_rng(rng.randint(0, 2**31)).normal(0, rng.uniform(0, 0.04), image.shape)
    return np.clip(image + noise.astype(np.float32), 0, 1)


def normalise(strength: np.ndarray, mask: np.ndarray | None = None, threshold: float = 0.12) -> np.ndarray | None:
    """Crop a character's ink and centre it in a 28 x 28 square (longer side 20 px); None without ink."""
    ink = strength if mask is None else strength * mask
    ys, xs = np.nonzero(ink > threshold)
    if len(xs) < 4:
        return None
    x0, x1, y0, y1 = xs.min(), xs.max() + 1, ys.min(), ys.max() + 1
    crop = ink[y0:y1, x0:x1]
    scale = INNER / max(x1 - x0, y1 - y0)
    w, h = max(1, round((x1 - x0) * scale)), max(1, round((y1 - y0) * scale))
    small = cv2.resize(crop, (w, h), interpolation=cv2.INTER_AREA if scale < 1 else cv2.INTER_LINEAR)
    out = np.zeros((SIDE, SIDE), np.float32)
    top, left = (SIDE - h) // 2, (SIDE - w) // 2
    out[top:top + h, left:left + w] = small
    peak = float(out.max())
    return out / peak if peak > 0 else None


def _gradients(square: np.ndarray) -> np.ndarray:
    """Gradient histograms: 4 x 4 cells of 7 px, 9 unsigned directions each, weighted by the gradient's size."""
    gx = cv2.Sobel(square, cv2.CV_32F, 1, 0, ksize=3)
    gy = cv2.Sobel(square, cv2.CV_32F, 0, 1, ksize=3)
    size = np.hypot(gx, gy)
    direction = (np.degrees(np.arctan2(gy, gx)) % 180) / 20.0  # 0..9
    low = np.floor(direction).astype(int) % 9
    high = (low + 1) % 9
    share = direction - np.floor(direction)
    hist = np.zeros((4, 4, 9), np.float32)
    cy, cx = np.mgrid[0:SIDE, 0:SIDE] // 7
    np.add.at(hist, (cy, cx, low), size * (1 - share))
    np.add.at(hist, (cy, cx, high), size * share)
    hist = np.sqrt(hist)
    return (hist / (np.linalg.norm(hist) + 1e-6)).ravel()


def features(square: np.ndarray) -> np.ndarray:
    """Return a character's features: its gradient histograms and a 14 x 14 copy of it."""
    coarse = cv2.resize(square, (14, 14), interpolation=cv2.INTER_AREA).ravel()
    return np.concatenate([_gradients(square), coarse]).astype(np.float32)


def training_set(count: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """Return `count` generated digits' features and labels."""
    rng = random.Random(seed)
    xs, ys = [], []
    while len(xs) < count:
        digit = rng.randrange(10)
        square = normalise(training_digit(digit, rng))
        if square is None:
            continue
        xs.append(features(square))
        ys.append(digit)
    return np.array(xs), np.array(ys)


def train(count: int = 24000, epochs: int = 30, seed: int = 7) -> dict[str, np.ndarray]:
    """Train the network on generated digits (deterministic for a seed); return its weights."""
    x, y = training_set(count, seed)
    mean, std = x.mean(axis=0), x.std(axis=0) + 1e-3
    x = (x - mean) / std
    rng = np.random.default_rng(seed)
    w1 = rng.normal(0, math.sqrt(2 / x.shape[1]), (x.shape[1], HIDDEN)).astype(np.float32)
    b1 = np.zeros(HIDDEN, np.float32)
    w2 = rng.normal(0, math.sqrt(1 / HIDDEN), (HIDDEN, 10)).astype(np.float32)
    b2 = np.zeros(10, np.float32)
    params = [w1, b1, w2, b2]
    m = [np.zeros_like(p) for p in params]
    v = [np.zeros_like(p) for p in params]
    step, lr, batch = 0, 2e-3, 128
    for _epoch in range(epochs):
        order = rng.permutation(len(x))
        for start in range(0, len(x), batch):
            idx = order[start:start + batch]
            xb, yb = x[idx], y[idx]
            hidden = np.maximum(xb @ w1 + b1, 0)
            logits = hidden @ w2 + b2
            p = np.exp(logits - logits.max(axis=1, keepdims=True))
            p /= p.sum(axis=1, keepdims=True)
            p[np.arange(len(idx)), yb] -= 1
            g_logits = p / len(idx)
            g_w2 = hidden.T @ g_logits + 1e-4 * w2
            g_hidden = (g_logits @ w2.T) * (hidden > 0)
            g_w1 = xb.T @ g_hidden + 1e-4 * w1
            grads = [g_w1, g_hidden.sum(axis=0), g_w2, g_logits.sum(axis=0)]
            step += 1
            for i, (param, grad) in enumerate(zip(params, grads)):
                m[i] = 0.9 * m[i] + 0.1 * grad
                v[i] = 0.999 * v[i] + 0.001 * grad * grad
                param -= lr * (m[i] / (1 - 0.9**step)) / (np.sqrt(v[i] / (1 - 0.999**step)) + 1e-8)
        lr *= 0.9
    return {"mean": mean, "std": std, "w1": w1, "b1": b1, "w2": w2, "b2": b2}


@lru_cache(maxsize=1)
def model() -> dict[str, np.ndarray]:
    """Return the committed weights (as float32)."""
    with np.load(MODEL) as data:
        return {k: data[k].astype(np.float32) for k in data.files}


def probabilities(squares: list[np.ndarray]) -> np.ndarray:
    """Return each normalised character's probability of being 0..9 (N x 10)."""
    if not squares:
        return np.zeros((0, 10), np.float32)
    weights = model()
    x = (np.stack([features(s) for s in squares]) - weights["mean"]) / weights["std"]
    logits = np.maximum(x @ weights["w1"] + weights["b1"], 0) @ weights["w2"] + weights["b2"]
    p = np.exp(logits - logits.max(axis=1, keepdims=True))
    return p / p.sum(axis=1, keepdims=True)


def main() -> None:
    """Train and save the model, and say how it does on other generated digits."""
    weights = train()
    np.savez_compressed(MODEL, **{k: v.astype(np.float16) for k, v in weights.items()})
    model.cache_clear()
    x, y = training_set(3000, 99)
    squares_acc = float((probabilities_from_features(x).argmax(axis=1) == y).mean())
    print(f"Saved {MODEL} ({MODEL.stat().st_size // 1024} kB); accuracy on other generated digits {squares_acc:.3f}")


def probabilities_from_features(x: np.ndarray) -> np.ndarray:
    """Return probabilities for ready-made feature rows."""
    weights = model()
    x = (x - weights["mean"]) / weights["std"]
    logits = np.maximum(x @ weights["w1"] + weights["b1"], 0) @ weights["w2"] + weights["b2"]
    p = np.exp(logits - logits.max(axis=1, keepdims=True))
    return p / p.sum(axis=1, keepdims=True)


if __name__ == "__main__":
    main()
