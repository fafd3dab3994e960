"""Simulated games per world city: each ends without a referee error and scores without an error problem.

Run from the repository root: `python bench/simulate_cities.py [--games 1000] [--team] [cities...]`. Seed s
plays 1 + s % 4 players (`--team`: 4 players, 2 against 2) at level (simplified, intermediate, full)[s % 3]; every
turn goes through the referee (a refused move raises `SimulationError`), and the game is scored by
`scoring.score_game` (best routes chosen by the solver). Prints per city the games played, how many had an
error problem, and the time.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.games.enroute.game import read_game
from companion.games.enroute.registry import find_board
from companion.games.enroute.scoring import score_game
from companion.games.enroute.simulate import simulate_game, simulate_state, to_game_document

CITIES = ("london-example", "rio-example", "cairo-example", "hong-kong-example", "paris-example", "new-york-example")


def errors_of(scored: dict) -> list[dict]:
    """Return every error problem of a score document (document level and per player)."""
    found = [p for p in scored.get("problems", []) if p["severity"] == "error"]
    return found + [p for pl in scored.get("players", []) for p in pl.get("problems", []) if p["severity"] == "error"]


def main() -> int:
    """Simulate and score the games; exit 1 if any game had an error problem."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--read-only", action="store_true",
                        help="read each game (every sheet checked) instead of scoring it with best routes")
    parser.add_argument("--team", action="store_true", help="team games: 4 players, 2 against 2, every seed")
    parser.add_argument("cities", nargs="*", default=CITIES)
    args = parser.parse_args()
    failed = 0
    for city in args.cities:
        board = find_board(city)
        start, bad = time.perf_counter(), 0
        for seed in range(args.games):
            level = ("simplified", "intermediate", "full")[seed % 3]
            if args.team:
                doc = to_game_document(simulate_state(board, 4, seed, level, mode="team"))
            else:
                doc = simulate_game(board, 1 + seed % 4, seed, level)
            if args.read_only:
                problems = [p.to_json() for p in read_game(doc).problems if p.severity == "error"]
            else:
                problems = errors_of(score_game(doc))
            if problems:
                bad += 1
                print(f"{city} seed {seed}: {problems[0]['path']}: {problems[0]['message']}")
        failed += bad
        print(f"{city}: {args.games} games, {bad} with an error problem, {time.perf_counter() - start:.1f} s")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
