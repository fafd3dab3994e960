"""Timing of the Ticket to Ride: Europe engine (a script, not a test): worst-case European Express, whole games.

Run from the repository root:
    python bench/ttr_europe.py [--games 300] [--hunt 0]

1. The European Express for the densest 45-train networks found: the worst sets below
   were found by hill climbing over legal route sets (at most 45 trains, never both routes
   of a double) to maximise the search's nodes (`--hunt N` runs N more climbs).
2. Whole 5-player mega games, 3 stations each: p50, p99 and max of `score_document`.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "games" / "ticket_to_ride_europe"))
sys.path.insert(0, str(ROOT))

from ttr_helpers import random_game  # noqa: E402

from companion.games.ticket_to_ride_europe import express, score_document  # noqa: E402
from companion.games.ticket_to_ride_europe.data import TRAINS, board  # noqa: E402

WORST = {  # found by the hill climb of `hunt`, seeds 0-5
    "west-19-routes": [1, 3, 11, 17, 18, 20, 24, 25, 28, 35, 43, 49, 55, 57, 66, 67, 69, 90, 92],
    "west-20-routes": [1, 11, 12, 17, 18, 24, 28, 35, 36, 40, 43, 48, 52, 55, 56, 57, 65, 67, 90, 92],
    "west-19-routes-b": [2, 11, 12, 17, 20, 24, 26, 28, 35, 36, 42, 43, 48, 55, 57, 65, 67, 69, 92],
    "west-22-routes": [9, 11, 16, 17, 18, 24, 35, 36, 40, 41, 42, 43, 48, 52, 55, 57, 58, 65, 88, 89, 92, 101],
}


def edges(ids: list[int]) -> list[tuple[str, str, int]]:
    """The routes as (city, city, trains)."""
    b = board()
    return [(b.routes[r].city_a, b.routes[r].city_b, b.routes[r].length) for r in ids]


def nodes(ids: list[int]) -> int:
    """Search nodes the European Express takes for a route set."""
    count = [0]
    original = express._Search.run

    def run(self, start):
        """Count this start's nodes."""
        original(self, start)
        count[0] += self.nodes
        self.nodes = 0

    express._Search.run = run
    try:
        express.longest_trail(edges(ids))
    finally:
        express._Search.run = original
    return count[0]


def legal(ids: list[int]) -> bool:
    """At most 45 trains and never both routes of a double."""
    b = board()
    return sum(b.routes[r].length for r in ids) <= TRAINS and not any(b.twins.get(r) in ids for r in ids)


def hunt(seed: int, steps: int = 400) -> tuple[int, list[int]]:
    """Hill-climb from a greedy set of short routes towards the most search nodes."""
    rnd = random.Random(seed)
    routes = list(board().routes.values())
    ids: list[int] = []
    for route in sorted(routes, key=lambda r: (r.length, rnd.random())):
        if legal([*ids, route.id]):
            ids.append(route.id)
    best = (nodes(ids), sorted(ids))
    current = best[0]
    for _ in range(steps):
        new = list(ids)
        for _ in range(rnd.randint(1, 3)):
            if new and rnd.random() < 0.6:
                new.remove(rnd.choice(new))
            pick = rnd.choice(routes).id
            if pick not in new:
                new.append(pick)
        while not legal(new):
            new.remove(rnd.choice(new))
        cost = nodes(new)
        if cost >= current:
            ids, current = new, cost
        best = max(best, (cost, sorted(new)))
    return best


def timed(fn, repeat: int) -> list[float]:
    """Milliseconds of each call."""
    out = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        out.append((time.perf_counter() - start) * 1000)
    return out


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--hunt", type=int, default=0, help="extra hill climbs for worse Express sets")
    args = parser.parse_args()
    sets = dict(WORST)
    for seed in range(args.hunt):
        cost, ids = hunt(100 + seed)
        sets[f"hunt-{100 + seed}"] = ids
        print(f"hunt seed {100 + seed}: {cost} nodes {ids}")
    print("European Express, worst 45-train sets (ms over 20 runs):")
    for name, ids in sets.items():
        ms = timed(lambda ids=ids: express.longest_trail(edges(ids)), 20)
        trail = express.longest_trail(edges(ids)).length
        trains = sum(board().routes[r].length for r in ids)
        print(f"  {name:18} {len(ids)} routes {trains} trains, longest {trail}: {nodes(ids)} nodes, "
              f"median {statistics.median(ms):.1f} ms, max {max(ms):.1f} ms")
    rnd = random.Random(1)
    docs = []
    for _ in range(args.games):
        doc = random_game(rnd, players=5, variant="mega", stations=3)
        cities = sorted(board().cities)
        rnd.shuffle(cities)
        for p in doc["players"]:
            p["stations"] = [{"city": cities.pop()} for _ in range(3)]
        docs.append(doc)
    ms = sorted(t for doc in docs for t in timed(lambda doc=doc: score_document(doc), 1))
    p99 = ms[min(len(ms) - 1, int(len(ms) * 0.99))]
    print(f"5-player mega games, 3 stations each ({len(ms)} games): median {statistics.median(ms):.1f} ms, "
          f"p99 {p99:.1f} ms, max {ms[-1]:.1f} ms")


if __name__ == "__main__":
    main()
