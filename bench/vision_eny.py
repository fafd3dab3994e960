"""Benchmark the Explore New York photo reader on phone photos of its printed maps (issue 30 item 4).

The photos come from tests/vision/eny_photo.py (its own truth, hand-drawn pens and arcs, a home print,
and the 3-D phone camera of tests/vision/photo_camera.py: nothing of the reader's model but the printed
PDF). The four shipped tiles, easy / medium / hard. Run from the repository root:

    nice python bench/vision_eny.py --first-seed 0 --seeds 6        # the tuning seeds
    nice python bench/vision_eny.py --first-seed 1000 --seeds 6     # held out: never tuned on

Per difficulty: photos, refused (with the reason's first words), section F1 and marks F1 (tourists
counted per district and colour, and circled cafes) over the photos read, sheets exact once the
flagged items are corrected (no wrong item left unflagged), wrong items not flagged over all items,
the share of items flagged, and the median CPU time of a read (JPEG decoding included, every thread's
CPU: `time.process_time`) and its median wall time. Photos are cached in --cache (made once).
"""

from __future__ import annotations

import argparse
import pickle
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "vision")]

from companion.games.explore_new_york.tiles import shipped_tiles  # noqa: E402
from companion.vision.explore_new_york.reader import PhotoError, read_photo  # noqa: E402

LEVELS = ("easy", "medium", "hard")


def photo(tile, seed: int, level: str, cache: Path):
    """Return (JPEG bytes, truth) of a phone photo, made once and kept in the cache."""
    path = cache / f"{tile.id}-{level}-{seed}.pickle"
    if path.exists():
        return pickle.loads(path.read_bytes())
    from eny_photo import eny_photo

    made = eny_photo(tile, seed, level)
    cache.mkdir(parents=True, exist_ok=True)
    path.write_bytes(pickle.dumps(made))
    return made


def judge(reading, truth) -> dict:
    """Count one reading's sections and marks (tp, fp, fn) and its wrong items, flagged or not."""
    out = Counter()
    kinds: Counter = Counter()
    for d in reading.decisions:
        if d.kind == "section":
            want = d.key in truth.sections
            out["s_tp"] += d.value and want
            out["s_fp"] += d.value and not want
            out["s_fn"] += (not d.value) and want
            right = d.value == want
        elif d.kind == "tourists":
            want = truth.tourists.get(d.key, {})
            for colour in ("red", "green", "blue"):
                got, need = d.value.get(colour, 0), want.get(colour, 0)
                out["m_tp"] += min(got, need)
                out["m_fp"] += max(0, got - need)
                out["m_fn"] += max(0, need - got)
            right = d.value == want
        else:
            want = d.key in truth.cafes
            out["m_tp"] += d.value and want
            out["m_fp"] += d.value and not want
            out["m_fn"] += (not d.value) and want
            right = d.value == want
        out["items"] += 1
        out["doubtful"] += d.doubtful
        if not right:
            out["flagged"] += d.doubtful
            out["silent"] += not d.doubtful
            if not d.doubtful:
                kinds[d.kind] += 1
    out["exact"] = int(out["silent"] == 0)
    return {"counts": out, "kinds": kinds}


def f1(tp: int, fp: int, fn: int) -> float:
    """The F1 score of counts."""
    return 2 * tp / max(1, 2 * tp + fp + fn)


def main() -> None:
    """Make (or load) the photos, read them, print a table per difficulty."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=6)
    parser.add_argument("--first-seed", type=int, default=1000)
    parser.add_argument("--cache", default="/tmp/vision_eny_cache")
    parser.add_argument("--tiles", nargs="*", default=sorted(shipped_tiles()))
    parser.add_argument("--levels", nargs="*", default=list(LEVELS))
    parser.add_argument("--verbose", action="store_true", help="every photo's errors")
    args = parser.parse_args()
    cache = Path(args.cache)
    tiles = [shipped_tiles()[t] for t in args.tiles]
    print(f"seeds {args.first_seed}-{args.first_seed + args.seeds - 1}, tiles {', '.join(args.tiles)}")
    print("| level | photos | refused | section F1 | marks F1 | sheets exact after flags | wrong not flagged "
          "| items flagged | silent by kind | CPU median | wall median |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    grand, all_cpu, all_wall, photos_all, refused_all = Counter(), [], [], 0, Counter()
    for level in args.levels:
        row, kinds, cpu, wall, refused, photos = Counter(), Counter(), [], [], Counter(), 0
        for tile in tiles:
            for seed in range(args.first_seed, args.first_seed + args.seeds):
                data, truth = photo(tile, seed, level, cache)
                photos += 1
                started, clock = time.process_time(), time.perf_counter()
                try:
                    reading = read_photo(data, [tile])
                except PhotoError as exc:
                    cpu.append(time.process_time() - started)
                    wall.append(time.perf_counter() - clock)
                    refused[" ".join(str(exc).split()[:4])] += 1
                    if args.verbose:
                        print(f"  {tile.id} {level} {seed}: refused: {exc}")
                    continue
                cpu.append(time.process_time() - started)
                wall.append(time.perf_counter() - clock)
                result = judge(reading, truth)
                row.update(result["counts"])
                kinds.update(result["kinds"])
                if args.verbose and (result["counts"]["silent"] or result["counts"]["flagged"]):
                    silent = [(d.kind, d.key, d.value) for d in reading.decisions if not d.doubtful and d.value != (
                        d.key in truth.sections if d.kind == "section" else truth.tourists.get(d.key, {})
                        if d.kind == "tourists" else d.key in truth.cafes)]
                    print(f"  {tile.id} {level} {seed} ({truth.pen}, one pen {truth.one_pen}): flagged wrong "
                          f"{result['counts']['flagged']}, silent {silent}")
        read = photos - sum(refused.values())
        print(f"| {level} | {photos} | {sum(refused.values())} {dict(refused) or ''} "
              f"| {f1(row['s_tp'], row['s_fp'], row['s_fn']):.3f} | {f1(row['m_tp'], row['m_fp'], row['m_fn']):.3f} "
              f"| {row['exact']}/{read} | {row['silent']}/{row['items']} = "
              f"{100 * row['silent'] / max(1, row['items']):.2f} % "
              f"| {100 * row['doubtful'] / max(1, row['items']):.1f} % "
              f"| {dict(kinds) or '-'} | {statistics.median(cpu):.2f} s | {statistics.median(wall):.2f} s |")
        grand.update(row)
        all_cpu += cpu
        all_wall += wall
        photos_all += photos
        refused_all.update(refused)
    read = photos_all - sum(refused_all.values())
    print(f"| all | {photos_all} | {sum(refused_all.values())} | {f1(grand['s_tp'], grand['s_fp'], grand['s_fn']):.3f} "
          f"| {f1(grand['m_tp'], grand['m_fp'], grand['m_fn']):.3f} | {grand['exact']}/{read} "
          f"| {grand['silent']}/{grand['items']} = {100 * grand['silent'] / max(1, grand['items']):.2f} % "
          f"| {100 * grand['doubtful'] / max(1, grand['items']):.1f} % | | {statistics.median(all_cpu):.2f} s "
          f"| {statistics.median(all_wall):.2f} s |")


if __name__ == "__main__":
    main()
