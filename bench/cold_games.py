"""Engine time of never-seen 4-player games with routes chosen (the API's cold path), against another checkout.

Run from the repository root: `python bench/cold_games.py [--games 300] [--rounds 3] [--against PATH]`.
It simulates `--games` training-city games (seeds 5000 and up, final routes removed), then scores them all in a
fresh process per round — this checkout and, with `--against`, another checkout of the project (a `git worktree`
of an earlier commit) in turn, so both are measured in the same conditions — and prints each round's total,
median and p99 per game, and the ratio of totals. No server, no database: `bench/api.py` measures those.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# Run inside the measured checkout: score every document once, print the per-game seconds as JSON.
_TIMER = """
import json, sys, time
sys.path.insert(0, sys.argv[1])
from companion.games.core.engine import ScoreOptions
from companion.games.registry import score_document
docs = json.load(open(sys.argv[2]))
score_document(docs[0], ScoreOptions())  # imports and registries loaded before the clock starts
times = []
for doc in docs:
    started = time.perf_counter()
    score_document(doc, ScoreOptions())
    times.append(time.perf_counter() - started)
print(json.dumps(times))
"""


def documents(count: int) -> list[dict]:
    """Simulated 4-player games without final routes: every route is the companion's to choose."""
    sys.path.insert(0, str(ROOT))
    from companion.games.enroute.registry import find_board
    from companion.games.enroute.simulate import simulate_game

    board = find_board("training-city")
    docs = []
    for seed in range(5000, 5000 + count):
        doc = simulate_game(board, players=4, seed=seed)
        for player in doc["players"]:
            player["final_route"] = None
        docs.append(doc)
    return docs


def timed(root: Path, path: str) -> list[float]:
    """Per-game seconds of one checkout on the saved documents, in a process of its own."""
    out = subprocess.run([sys.executable, "-c", _TIMER, str(root), path], check=True, capture_output=True,
                         text=True, env={**os.environ, "PYTHONHASHSEED": "0"})
    return json.loads(out.stdout)


def figures(times: list[float]) -> str:
    """Total, median and p99 in milliseconds."""
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    return f"{sum(times) * 1000:,.0f} ms | {statistics.median(times) * 1000:.2f} ms | {p99 * 1000:.1f} ms"


def main() -> None:
    """Measure this checkout (and the other one in turn); print a Markdown table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="4-player games (default 300)")
    parser.add_argument("--rounds", type=int, default=3, help="measurements of each checkout (default 3)")
    parser.add_argument("--against", type=Path, help="another checkout of the project, measured in turn")
    args = parser.parse_args()
    if args.against is not None and not (args.against / "companion" / "games").is_dir():
        parser.error(f"--against: {args.against} is not a checkout of this project")
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(documents(args.games), f)
    roots = [("this checkout", ROOT)] + ([("--against", args.against.resolve())] if args.against else [])
    print(f"`python bench/cold_games.py --games {args.games} --rounds {args.rounds}"
          f"{' --against ' + str(args.against) if args.against else ''}`: {args.games} never-seen 4-player games, "
          f"routes chosen, {os.cpu_count()} CPUs\n")
    print("| round | code | total | median per game | p99 per game |\n|---|---|---|---|---|")
    totals: dict[str, list[float]] = {name: [] for name, _ in roots}
    try:
        for n in range(1, args.rounds + 1):
            for name, root in roots if n % 2 else roots[::-1]:  # alternate which goes first
                times = timed(root, f.name)
                totals[name].append(sum(times))
                print(f"| {n} | {name} | {figures(times)} |")
    finally:
        os.unlink(f.name)
    if args.against:
        ratios = [a / b for a, b in zip(totals["this checkout"], totals["--against"], strict=True)]
        print(f"\nTotal time, this checkout / --against, per round: {', '.join(f'{r:.3f}' for r in ratios)}")


if __name__ == "__main__":
    main()
