"""En Route's scorer for the shared `score` dispatch, and its own command: `simulate`."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ..core.engine import ScoreOptions
from ..core.problems import DocumentError
from .registry import UnknownBoardError, find_board
from .scoring import score_game
from .search import SearchBudget
from .simulate import simulate_game


def score_document(doc: Any, options: ScoreOptions) -> dict:
    """Score an `enroute-game/1` document into `enroute-score/1` with the options' board library and time limit."""
    players = doc.get("players") if isinstance(doc, dict) else None
    searches = len(players) if isinstance(players, list) else 1
    budget = SearchBudget(options.time_limit, options.request_time_limit, searches)
    return score_game(doc, library=options.library, chooser=budget.chooser)


def cmd_simulate(args: argparse.Namespace) -> int:
    """Play a random legal game and print it as `enroute-game/1`."""
    try:
        board = find_board(args.board, args.library)
    except UnknownBoardError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except (DocumentError, OSError, ValueError) as exc:
        print(f"error: the board {args.board!r} cannot be read: {exc}", file=sys.stderr)
        return 2
    try:
        doc = simulate_game(board, players=args.players, seed=args.seed, level=args.level)
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    json.dump(doc, sys.stdout, indent=2 if args.pretty else None, ensure_ascii=False)
    sys.stdout.write("\n")
    return 0


def add_commands(sub: argparse._SubParsersAction) -> None:
    """Add `simulate` to `python -m companion`."""
    sim = sub.add_parser("simulate", help="play a random legal En Route game (prints enroute-game/1)")
    sim.add_argument("--board", default="training-city", help="board id (default: training-city)")
    sim.add_argument("--players", type=int, default=4, choices=range(1, 5), metavar="1-4",
                     help="number of players, 1 to 4 (default: 4)")
    sim.add_argument("--seed", type=int, default=0, help="random seed (default: 0)")
    sim.add_argument("--level", default="full", choices=("simplified", "intermediate", "full"),
                     help="game level (default: full)")
    sim.add_argument("--library", help="folder of extra enroute-board/1 files (<id>.json)")
    sim.add_argument("--pretty", action="store_true", help="indent the output")
    sim.set_defaults(func=cmd_simulate)
