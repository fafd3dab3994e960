"""Benchmark the photo reader on the independent degraded set (tests/vision/photo_camera.py).

Run from the repository root:

    python bench/vision_camera.py                    # 20 seeds x 6 defects + 40 vision_synth photos
    python bench/vision_camera.py --seeds 6 --measures   # print every photo's quality measures
    python bench/vision_camera.py --lenient          # no refusals: what the reader would have said
    python bench/vision_camera.py --reader-root /path/to/main/checkout   # the reader before (no check)

A "none" photo should be read; every other defect should be refused. For the photos read, sections
are scored (F1 over drawn sections) and every wrong item (section, tourists, cafe, goal) counts as
flagged (the reader asked the player to check it) or silent (a confident error).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# --reader-root DIR reads with another checkout's reader (e.g. main, for a before/after figure).
READER = Path(sys.argv[sys.argv.index("--reader-root") + 1]) if "--reader-root" in sys.argv else ROOT
sys.path[:0] = [str(READER), str(ROOT), str(ROOT / "tests" / "vision"), str(ROOT / "bench")]

from photo_camera import DEFECTS, camera_photo  # noqa: E402
from vision_phone import judge  # noqa: E402
from vision_synth import make_photo  # noqa: E402

from companion.games.enroute.registry import find_board  # noqa: E402
from companion.vision.reader import PhotoError, read_photo  # noqa: E402


def wrong_items(reading, truth) -> tuple[int, int, int, int, int]:
    """Return (true positives, false positives, false negatives) of sections, and flagged / silent errors
    (judged as bench/vision_phone.py judges a reading)."""
    got = judge(reading, truth)
    return got["tp"], got["fp"], got["fn"], got["flagged"], got["silent"]


def main() -> None:
    """Make the photos, read them, report per defect."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=20)
    parser.add_argument("--first-seed", type=int, default=500)
    parser.add_argument("--synth", type=int, default=40, help="vision_synth photos that must be accepted")
    parser.add_argument("--lenient", action="store_true", help="never refuse (the reader before the check)")
    parser.add_argument("--measures", action="store_true")
    parser.add_argument("--reader-root", default=None, help="a checkout whose companion package reads")
    parser.add_argument("--only", nargs="*", default=None, help="sets to run (defects or synth)")
    args = parser.parse_args()
    board = find_board("training-city")
    sets = [(defect, [camera_photo(board, s, defect) for s in range(args.first_seed, args.first_seed + args.seeds)])
            for defect in DEFECTS if not args.only or defect in args.only]
    if not args.only or "synth" in args.only:
        sets.append(("synth", [make_photo(board, s) for s in range(20000, 20000 + args.synth)]))
    print("| set | photos | refused | sections F1 (read photos) | wrong items flagged | wrong items silent |")
    print("| --- | --- | --- | --- | --- | --- |")
    for name, photos in sets:
        refused = tp = fp = fn = flagged = silent = 0
        for data, truth in photos:
            try:
                reading = (read_photo(data, [board]) if args.reader_root
                           else read_photo(data, [board], strict=not args.lenient))
            except PhotoError as exc:
                refused += 1
                if args.measures:
                    print(f"  {name}: refused: {exc}")
                continue
            if args.measures:
                print(f"  {name}: {getattr(reading, 'quality', None)}")
            a, b, c, f, s = wrong_items(reading, truth)
            tp, fp, fn, flagged, silent = tp + a, fp + b, fn + c, flagged + f, silent + s
        f1 = 2 * tp / max(1, 2 * tp + fp + fn)
        print(f"| {name} | {len(photos)} | {refused} | {f1:.3f} | {flagged} | {silent} |")


if __name__ == "__main__":
    main()
