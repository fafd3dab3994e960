"""The long run of the route fuzzer (issue 27): every route of `app.url_map`, ≥ 10,000 requests, no 500.

Run from the repository root: `python bench/fuzz_routes.py [--requests 10000] [--seed 27] [--seeds 3]`.
Each seed starts a fresh app on a throwaway SQLite file (CSRF on, as served), walks it as a phone would
(one table of every game through its own start form), then sends the seeded requests of
`tests/core/route_fuzzer.py`. It prints the answers by status, the time taken and every 500 with its method,
address and body; the exit code is 1 when any request answered 500. The suite runs the same fuzzer with
`FUZZ_REQUESTS` requests (default 1500) in tests/core/test_fuzz_routes.py.
"""

from __future__ import annotations

import argparse
import logging
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "core")]

from route_fuzzer import fuzz, harvest  # noqa: E402

from companion.web.core.app import create_app  # noqa: E402


def run(requests: int, seed: int) -> int:
    """Fuzz one fresh app; print what came back; return the number of 500s."""
    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"TESTING": True, "SECRET_KEY": "fuzz", "DATABASE": f"{folder}/fuzz.sqlite",
                          "BOARD_LIBRARY": f"{folder}/boards", "SOLVER_TIME_LIMIT": 0.2,
                          "SOLVER_REQUEST_LIMIT": 0.5, "RATELIMIT_ENABLED": False})
        app.logger.setLevel(logging.CRITICAL)
        client = app.test_client()
        started = time.perf_counter()
        world = harvest(app, client)
        walked = time.perf_counter() - started
        failures, statuses = fuzz(app, client, world, requests, seed)
        took = time.perf_counter() - started - walked
    rules = sum(1 for _ in app.url_map.iter_rules())
    print(f"seed {seed}: {requests} requests over {rules} rules in {took:.1f} s (walk {walked:.1f} s, "
          f"{len(world.pages)} pages, {len(world.created)} tables started); by status: "
          + ", ".join(f"{k}: {v}" for k, v in sorted(statuses.items())))
    for line in failures:
        print("  " + line)
    return len(failures)


def main() -> int:
    """Parse the options and run each seed."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=27)
    parser.add_argument("--seeds", type=int, default=1, help="run this many seeds, from --seed on")
    args = parser.parse_args()
    found = sum(run(args.requests, seed) for seed in range(args.seed, args.seed + args.seeds))
    print(f"{found} × 500 in {args.requests * args.seeds} requests")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
