"""The baseline without a cap on one dense state: a measured ratio, not a lower bound.

`python bench/solver_uncapped.py [--state N]` rebuilds the dense set of `bench/solver.py` (same seed), picks
the state whose solver time is the median (or state N), then runs plain exhaustive enumeration to the end
and compares the two answers. Expect several minutes.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from solver import DENSE_SEED, dense_state

from companion.games.enroute.evaluation import evaluate_route, search_objective
from companion.games.enroute.registry import find_board
from companion.games.enroute.search import best_route, exhaustive_best_route


def main() -> None:
    """Time the solver on every dense state, then the uncapped baseline on the median one."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--state", type=int, help="dense state index (default: the median solver time)")
    args = parser.parse_args()
    board = find_board("training-city")
    rng = random.Random(DENSE_SEED)
    states = [dense_state(board, rng) for _ in range(20)]
    timed = []
    for i, (ctx, sheet) in enumerate(states):
        started = time.monotonic()
        best_route(ctx, sheet, time_limit=30)
        timed.append((time.monotonic() - started, i))
    index = args.state if args.state is not None else sorted(timed)[len(timed) // 2][1]
    ctx, sheet = states[index]
    started = time.monotonic()
    fast = best_route(ctx, sheet, time_limit=30)
    solver_s = time.monotonic() - started
    started = time.monotonic()
    base = exhaustive_best_route(ctx, sheet, time_limit=None)
    base_s = time.monotonic() - started

    def key(walk):
        """The objective of a walk."""
        return search_objective(ctx, sheet, evaluate_route(ctx, sheet, walk))

    print(f"dense state {index}: {len(sheet.sections)} sections; solver {solver_s * 1000:.1f} ms "
          f"(proven {fast.proven}); baseline {base_s:.1f} s; same walk {fast.walk == base.walk}; "
          f"same key {key(fast.walk) == key(base.walk)}; ratio {base_s / solver_s:.0f}×")


if __name__ == "__main__":
    main()
