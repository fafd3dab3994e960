"""Benchmark the photo reader on phone photos made like the hidden acceptance set (issue 30).

The photos come from tests/vision/photo_camera.py `phone_photo` (its own truth, pens, print and 3-D
camera: nothing of the reader's own rendering but the printed PDF). Training city and London by default,
`--boards all` adds the five other cities with their own marks (crosses, remote spaces, section colours,
tickets: CITY_JUDGES); easy / medium / hard. Run from the repository root:

    python bench/vision_phone.py --first-seed 1000 --seeds 8          # held out: never tuned on
    python bench/vision_phone.py --first-seed 0 --seeds 8             # the tuning seeds
    python bench/vision_phone.py --first-seed 1000 --seeds 8 --reader-root /path/to/main   # before

Per board and difficulty: photos refused; section F1 over the photos read; sheets exact once the
flagged items are corrected (every wrong item flagged); wrong items not flagged over all items read;
the median CPU time of a read (JPEG decoding included). Photos are cached in --cache (made once).
"""

from __future__ import annotations

import argparse
import pickle
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
READER = Path(sys.argv[sys.argv.index("--reader-root") + 1]) if "--reader-root" in sys.argv else ROOT
sys.path[:0] = [str(READER), str(ROOT), str(ROOT / "tests" / "vision")]

from companion.games.enroute.registry import find_board  # noqa: E402
from companion.vision.reader import PhotoError, read_photo  # noqa: E402

BOARDS = ("training-city", "london-example")
CITIES = ("cairo-example", "hong-kong-example", "new-york-example", "paris-example", "rio-example")
# The marks a world city's sheet adds, judged against the photo maker's truth (its own names for them).
CITY_JUDGES = {
    "remote": lambda d, t: d.value == t.remote.get(d.key, {}),
    "crossed": lambda d, t: d.value == (d.key in t.crossed),
    "ferry": lambda d, t: d.value == (d.key in t.crossed),
    "colour": lambda d, t: (d.value == t.colours.get(d.key)) if d.key in t.sections else None,
    "ticket": lambda d, t: d.value == (d.key in t.tickets),
}
LEVELS = ("easy", "medium", "hard")


def photo(board, seed: int, level: str, cache: Path):
    """Return (JPEG bytes, truth) of a phone photo, made once and kept in the cache."""
    path = cache / f"{board.id}-{level}-{seed}.pickle"
    if path.exists():
        return pickle.loads(path.read_bytes())
    sys.path.insert(0, str(ROOT))  # the photo maker is this checkout's, whichever reader reads
    from photo_camera import phone_photo

    made = phone_photo(board, seed, level)
    cache.mkdir(parents=True, exist_ok=True)
    path.write_bytes(pickle.dumps(made))
    return made


def judge(reading, truth) -> dict:
    """Count one reading's sections (tp, fp, fn), its items, and its wrong items flagged or not."""
    out = {"tp": 0, "fp": 0, "fn": 0, "items": 0, "flagged": 0, "silent": 0, "kinds": {}, "doubtful": 0, "city": 0,
           "city_silent": 0}
    for d in reading.decisions:
        if d.kind == "section":
            want = d.key in truth.sections
            out["tp"] += d.value and want
            out["fp"] += d.value and not want
            out["fn"] += (not d.value) and want
            right = d.value == want
        elif d.kind == "tourists":
            right = d.value == truth.tourists.get(d.key, {})
        elif d.kind == "cafe":
            right = d.value == truth.cafes.get(d.key)
        elif d.kind == "goal":
            right = d.value == (d.key in truth.goal)
        elif d.kind in CITY_JUDGES:
            right = CITY_JUDGES[d.kind](d, truth)
            if right is None:  # not judged (the colour of a section that is not drawn)
                continue
            out["city"] += 1
            out["city_silent"] += (not right) and not d.doubtful
        else:
            raise ValueError(f"the bench does not judge {d.kind!r} decisions")
        out["items"] += 1
        out["doubtful"] += d.doubtful
        if not right:
            out["flagged"] += d.doubtful
            out["silent"] += not d.doubtful
            if not d.doubtful:
                out["kinds"][d.kind] = out["kinds"].get(d.kind, 0) + 1
    return out


def main() -> None:
    """Make (or load) the photos, read them, print a table per board and difficulty."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=8)
    parser.add_argument("--first-seed", type=int, default=1000)
    parser.add_argument("--reader-root", default=None, help="a checkout whose companion package reads")
    parser.add_argument("--cache", default="/tmp/vision_phone_cache")
    parser.add_argument("--boards", nargs="*", default=list(BOARDS),
                        help="board ids, or 'all' for the training city, London and the five other cities")
    parser.add_argument("--levels", nargs="*", default=list(LEVELS))
    parser.add_argument("--verbose", action="store_true", help="every photo's errors")
    args = parser.parse_args()
    cache = Path(args.cache)
    if args.boards == ["all"]:
        args.boards = [*BOARDS, *CITIES]
    print("| board | level | photos | refused | section F1 | sheets exact after flags | wrong not flagged "
          "| items flagged | silent by kind | city marks wrong not flagged | CPU median |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    total = {"photos": 0, "refused": 0, "tp": 0, "fp": 0, "fn": 0, "exact": 0, "items": 0, "silent": 0, "doubtful": 0,
             "city": 0, "city_silent": 0}
    times = []
    for board_id in args.boards:
        board = find_board(board_id)
        for level in args.levels:
            row = dict.fromkeys(total, 0)
            kinds: dict[str, int] = {}
            cpu = []
            for seed in range(args.first_seed, args.first_seed + args.seeds):
                data, truth = photo(board, seed, level, cache)
                row["photos"] += 1
                started = time.process_time()
                try:
                    reading = read_photo(data, [board])
                except PhotoError as exc:
                    cpu.append(time.process_time() - started)
                    row["refused"] += 1
                    if args.verbose:
                        print(f"  {board_id} {level} {seed}: refused: {exc}")
                    continue
                cpu.append(time.process_time() - started)
                result = judge(reading, truth)
                for key in ("tp", "fp", "fn", "items", "silent", "doubtful", "city", "city_silent"):
                    row[key] += result[key]
                row["exact"] += result["silent"] == 0
                for kind, n in result["kinds"].items():
                    kinds[kind] = kinds.get(kind, 0) + n
                if args.verbose and (result["silent"] or result["flagged"]):
                    print(f"  {board_id} {level} {seed}: flagged wrong {result['flagged']}, silent {result['kinds']}")
            read = row["photos"] - row["refused"]
            f1 = 2 * row["tp"] / max(1, 2 * row["tp"] + row["fp"] + row["fn"])
            print(f"| {board_id} | {level} | {row['photos']} | {row['refused']} | {f1:.3f} | {row['exact']}/{read} "
                  f"| {row['silent']}/{row['items']} = {100 * row['silent'] / max(1, row['items']):.2f} % "
                  f"| {100 * row['doubtful'] / max(1, row['items']):.1f} % | {kinds or '-'} "
                  f"| {_city(row)} | {statistics.median(cpu):.2f} s |")
            for key in total:
                total[key] += row[key]
            times += cpu
    read = total["photos"] - total["refused"]
    f1 = 2 * total["tp"] / max(1, 2 * total["tp"] + total["fp"] + total["fn"])
    print(f"| all | all | {total['photos']} | {total['refused']} | {f1:.3f} | {total['exact']}/{read} "
          f"| {total['silent']}/{total['items']} = {100 * total['silent'] / max(1, total['items']):.2f} % "
          f"| {100 * total['doubtful'] / max(1, total['items']):.1f} % | | {_city(total)} "
          f"| {statistics.median(times):.2f} s |")


def _city(row: dict) -> str:
    """The city marks' wrong readings not flagged, over the city marks read ("-" on a board without them)."""
    return f"{row['city_silent']}/{row['city']}" if row["city"] else "-"


if __name__ == "__main__":
    main()
