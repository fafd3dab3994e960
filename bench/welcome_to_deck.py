"""Welcome To... simulated games dealt by the construction deck, every move checked against the round's offer.

Run from the repository root: `python bench/welcome_to_deck.py [--games 1000] [modes...]`. Seed s plays
2 + s % 4 players (solo: 1); each game's sheets are scored by the existing scorer (an error problem counts as a
problem), a move the engine refused that the simulator thought legal is a problem, and player 1's mutated moves
(a number not on offer, an effect not chosen, ±3) must each be refused with a message naming the round's cards.
Each game's document carries its rounds and round logs (ROUNDLOG.md), so scoring it replays every log against
the cards; then player 1's first number is written 3 away from its card (log and sheet) and the import must
refuse it at that move with a message naming the round's cards ("logs refused").
Prints per mode the games, problems, mutated moves refused / tried, logs refused / tried, mean rounds, end reasons
and the time; exits 1 on any problem.
"""

from __future__ import annotations

import argparse
import copy
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.games.welcome_to import read_game, score_document
from companion.games.welcome_to.simulate import SIM_MODES, SimulationError, simulate_game

NAMING = ("not-on-offer", "not-the-card", "not-the-effect", "refusal-not-needed")


def _log_mutation_refused(document: dict) -> bool:
    """Write player 1's first number 3 away from its card, in the log and on the sheet: refused there, naming the
    round's cards."""
    doc = copy.deepcopy(document)
    log = doc["players"][0]["log"]
    k, j = next((k, j) for k, entry in enumerate(log) for j, m in enumerate(entry["moves"]) if m["kind"] == "number")
    moved = log[k]["moves"][j]
    card = log[k]["take"][0]  # 3 away from the card: outside even the temp agency's ±2
    moved["number"] = card + 3 if card <= 14 else card - 3
    doc["players"][0]["streets"][moved["street"]][moved["house"]] = moved["number"]
    found = read_game(doc).players[0].problems
    where = f"players[0].log[{k}].moves[{j}]"
    return any(p.path.startswith(where) and p.code in NAMING and p.message.startswith(("This round's", "Your cards"))
               for p in found)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("modes", nargs="*", default=SIM_MODES)
    args = parser.parse_args()
    failed = 0
    for mode in args.modes:
        start = time.perf_counter()
        problems = tried = refused = rounds = logs_tried = logs_refused = 0
        reasons: Counter = Counter()
        for seed in range(args.games):
            try:
                result = simulate_game(seed, mode, 2 + seed % 4, mutate=True)
            except SimulationError as exc:
                problems += 1
                print(f"{mode} seed {seed}: {exc}")
                continue
            scored = score_document(result.document)
            errors = [p for pl in scored["players"] for p in pl["problems"] if p["severity"] == "error"]
            problems += bool(errors)
            rounds += result.rounds
            reasons.update(str(r) for r in result.reasons)
            logs_tried += 1
            logs_refused += _log_mutation_refused(result.document)
            for found, offer, _move in result.mutations:
                tried += 1
                shown = f"{offer.shown[0].number} "
                refused += any(p.code in NAMING and shown in p.message for p in found)
        failed += problems + (tried - refused) + (logs_tried - logs_refused)
        print(f"{mode:13} games {args.games}  problems {problems}  mutated moves refused {refused}/{tried}  "
              f"logs refused {logs_refused}/{logs_tried}  "
              f"mean rounds {rounds / max(1, args.games):.1f}  {time.perf_counter() - start:.1f} s  "
              f"ends {dict(reasons)}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
