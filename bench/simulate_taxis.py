"""Simulate seeded legal Thurn und Taxis: All Roads Lead to Rome games and report problems and figures.

    /work/main/.venv/bin/python bench/simulate_taxis.py [--games 500] [--seed 0]

Every game: 2-4 players, both modules, the example board, post offices and bonus tiles tracked; the
mutated actions (a move north, a second tile of one stack, a reward twice) must each be refused.
Exit 1 when any game has a problem or fewer than 500 mutations were refused over the run.
"""

from __future__ import annotations

import argparse
import collections
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.games.thurn_und_taxis_rome.simulate import play


def main() -> int:
    """Run the games and print the figures."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    start = time.perf_counter()
    bad, sheets, turns, arrivals, actions = 0, 0, 0, 0, 0
    refused: collections.Counter = collections.Counter()
    players: collections.Counter = collections.Counter()
    for seed in range(args.seed, args.seed + args.games):
        result = play(seed)
        players[result.players] += 1
        turns += result.turns
        arrivals += result.arrivals
        actions += result.actions
        sheets += result.sheet is not None and not result.sheet["problems"]
        refused.update((what, code) for what, code, _ in result.refusals)
        if result.problems:
            bad += 1
            print(f"seed {seed}: {result.problems[:3]}")
    took = time.perf_counter() - start
    print(f"games {args.games} (players {dict(sorted(players.items()))}), with problems {bad}, "
          f"score sheets {sheets}, turns {turns}, actions {actions}, arrivals in Rome {arrivals}")
    print(f"mutations refused {sum(refused.values())}: " + ", ".join(f"{w}/{c} {n}" for (w, c), n in
                                                                       sorted(refused.items())))
    print(f"{took:.1f} s ({1000 * took / max(args.games, 1):.1f} ms per game)")
    return 1 if bad or sum(refused.values()) < min(500, args.games) else 0


if __name__ == "__main__":
    raise SystemExit(main())
