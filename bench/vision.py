"""Benchmark the photo reader on synthetic phone photos: accuracy per kind of item and reading time.

Run from the repository root:

    python bench/vision.py                      # 200 photos (seeds 10000..10199), writes bench/vision.md
    python bench/vision.py --photos 20 --no-write

The photos come from tests/vision/vision_synth.py (printed page + felt-pen marks + a synthetic phone
photo: tilt up to 30°, rotation, uneven light, partial shadow, colour cast, blur, noise, JPEG). They
are made first (not timed); then each is read once with `read_photo` (decoding the JPEG included),
in one process, after one warm-up read that renders the blank page into the reader's cache.
A photo the reader refuses counts every one of its items as wrong.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "vision")]  # run as a script from anywhere

import cv2  # noqa: E402
import numpy as np  # noqa: E402
from vision_synth import Score, compare, make_photo  # noqa: E402

from companion.games.enroute.registry import find_board  # noqa: E402
from companion.vision.reader import PhotoError, read_photo  # noqa: E402

CAMERA_SECTION = "## Independent degraded set (bench/vision_camera.py)"


def percentile(values: list[float], share: float) -> float:
    """Return the nearest-rank percentile of values."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, int(np.ceil(share * len(ordered))) - 1))]


def main() -> None:
    """Make the photos, read them, and report."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--photos", type=int, default=200)
    parser.add_argument("--first-seed", type=int, default=10000)
    parser.add_argument("--board", default="training-city")
    parser.add_argument("--out", default=str(ROOT / "bench" / "vision.md"))
    parser.add_argument("--no-write", action="store_true", help="print only, do not write the report")
    args = parser.parse_args()
    board = find_board(args.board)
    started = time.perf_counter()
    photos = [make_photo(board, seed) for seed in range(args.first_seed, args.first_seed + args.photos)]
    made = time.perf_counter() - started
    read_photo(photos[0][0], [board])  # warm-up: imports, detector, the blank page render (cached)
    total, times, refused = Score(), [], []
    for seed, (data, truth) in enumerate(photos, start=args.first_seed):
        start = time.perf_counter()
        try:
            reading = read_photo(data, [board])
        except PhotoError as exc:
            times.append(time.perf_counter() - start)
            refused.append((seed, str(exc)))
            total.roads += len(board.roads)
            total.locations += board.cols * board.rows
            continue
        times.append(time.perf_counter() - start)
        score = compare(reading, truth)
        for key, value in vars(score).items():
            setattr(total, key, getattr(total, key) + value)
    items = total.roads + total.locations + total.cafes + total.goals
    rows = [
        ("photos", f"{args.photos} (seeds {args.first_seed}..{args.first_seed + args.photos - 1}), "
                   f"{len(refused)} refused"),
        ("sections right", f"{total.sections_right}/{total.roads} = {100 * total.sections_right / total.roads:.2f} %"),
        ("tourist counts right (every location)",
         f"{total.tourists_right}/{total.locations} = {100 * total.tourists_right / total.locations:.2f} %"),
        ("tourist counts right (locations with tourists)",
         f"{total.marked_right}/{total.marked_locations} = "
         f"{100 * total.marked_right / max(1, total.marked_locations):.2f} %"),
        ("cafes right (none / circled / struck)",
         f"{total.cafes_right}/{total.cafes} = {100 * total.cafes_right / max(1, total.cafes):.2f} %"),
        ("goal intersections right (circled or not)",
         f"{total.goals_right}/{total.goals} = {100 * total.goals_right / max(1, total.goals):.2f} %"),
        ("items flagged doubtful", f"{total.flagged}/{items} = {100 * total.flagged / max(1, items):.2f} %"),
        ("wrong items NOT flagged", f"{total.missed_doubts}"),
        ("reading time median", f"{1000 * statistics.median(times):.0f} ms"),
        ("reading time p99", f"{1000 * percentile(times, 0.99):.0f} ms"),
        ("reading time max", f"{1000 * max(times):.0f} ms"),
    ]
    machine = (f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, load average "
               f"{' '.join(f'{v:.1f}' for v in os.getloadavg())} at the end; Python {platform.python_version()}, "
               f"OpenCV {cv2.__version__}, NumPy {np.__version__}; photos made in {made:.0f} s")
    lines = ["| measure | result |", "| --- | --- |"] + [f"| {k} | {v} |" for k, v in rows]
    print("\n".join(lines))
    print(machine)
    for seed, message in refused:
        print(f"refused seed {seed}: {message}")
    if args.no_write:
        return
    command = "python bench/vision.py" + ("" if args.photos == 200 else f" --photos {args.photos}")
    report = [
        "# Photo reader benchmark (bench/vision.py)", "",
        f"Command, from the repository root: `{command}`", "",
        "Synthetic phone photos of filled-in training-city maps (tests/vision/vision_synth.py): the printed page",
        "rendered with pypdfium2, felt-pen marks of varying width, wobble and colour, then a camera tilt up to 30°,",
        "in-plane rotation, uneven light, a partial shadow on most photos, colour cast, blur, noise and JPEG",
        "compression. Each photo is read once, JPEG decoding included, after one warm-up read.", "",
        *lines, "",
        f"Machine: {machine}. The machine is shared with other work, so the times are an upper bound.", "",
        *(f"- refused seed {seed}: {message}" for seed, message in refused),
        "",
        "These are synthetic photos: the pens, the paper and the print match the reader's own rendering of the",
        "page far better than a home printer and a phone camera will. Real photos will read worse; the",
        "doubtful items the reader flags and the player's confirmation on the tap map are there for that.",
    ]
    out = Path(args.out)
    # bench/vision_camera.py's section (the independent degraded set) is kept as it is.
    kept = out.read_text(encoding="utf-8").partition(CAMERA_SECTION)[1:] if out.exists() else ("", "")
    out.write_text("\n".join(report) + "\n" + ("\n" + "".join(kept) if kept[0] else ""), encoding="utf-8")


if __name__ == "__main__":
    main()
