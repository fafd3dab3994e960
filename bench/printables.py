"""Benchmark the printables: time to build a city's blank maps and a score pad (median of repeated runs).

Run from the repository root: `python bench/printables.py [--runs N] [--board ID]`.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run as a script from anywhere

from companion.games.enroute.registry import find_board
from printables.enroute import maps_pdf, scorepad_pdf


def median_ms(build, runs: int) -> tuple[float, float, int]:
    """Return (median ms, slowest ms, size in bytes) of `runs` calls of build()."""
    build()  # warm up: fonts, imports and the board cache are one-time costs
    times, size = [], 0
    for _ in range(runs):
        start = time.perf_counter()
        size = len(build())
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times), max(times), size


def main() -> None:
    """Time each document and print a small table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--board", default="training-city")
    args = parser.parse_args()
    board = find_board(args.board)
    cases = [
        (f"maps, {len(board.player_boards)} pages (A4)", lambda: maps_pdf(board)),
        ("score pad, 4 players, 2 games (A4)", lambda: scorepad_pdf(board)),
        ("maps + score pad", lambda: maps_pdf(board) + scorepad_pdf(board)),
    ]
    print(f"{board.name}, median of {args.runs} runs, Python {sys.version.split()[0]}")
    print(f"{'document':<38} {'median ms':>10} {'max ms':>8} {'KiB':>6}")
    for name, build in cases:
        median, slowest, size = median_ms(build, args.runs)
        print(f"{name:<38} {median:>10.1f} {slowest:>8.1f} {size / 1024:>6.0f}")


if __name__ == "__main__":
    main()
