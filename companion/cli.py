"""Command line: `python -m companion score GAME.json` and friends."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from .games.enroute.game import NotAGameDocument
from .games.enroute.scoring import score_game
from .games.enroute.search import best_route


def _load_json(path: str) -> object:
    """Read a JSON document from a file path or `-` for standard input."""
    if path == "-":
        return json.load(sys.stdin)
    with open(path, encoding="utf-8") as handle:
        return json.load(handle)


def cmd_score(args: argparse.Namespace) -> int:
    """Score a game document and print `enroute-score/1`."""
    try:
        doc = _load_json(args.game)
    except OSError as exc:
        print(f"error: cannot read {args.game}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        print(f"error: {args.game} is not JSON: {exc}", file=sys.stderr)
        return 2
    try:
        limit = args.time_limit

        def chooser(ctx, sheet):
            """Choose a route with the command line's time limit."""
            return best_route(ctx, sheet, time_limit=limit)

        result = score_game(doc, library=args.library, chooser=chooser)
    except NotAGameDocument as exc:
        print(f"error: {args.game} is not an enroute-game/1 document: {exc}", file=sys.stderr)
        return 2
    json.dump(result, sys.stdout, indent=2 if args.pretty else None, ensure_ascii=False)
    sys.stdout.write("\n")
    failed = any(p["severity"] == "error" for player in result["players"] for p in player["problems"])
    return 1 if failed else 0


def cmd_simulate(args: argparse.Namespace) -> int:
    """Play a random legal game and print it as `enroute-game/1`."""
    from .games.enroute.problems import DocumentError
    from .games.enroute.registry import UnknownBoardError, find_board
    from .games.enroute.simulate import simulate_game

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


def build_parser() -> argparse.ArgumentParser:
    """Describe the commands."""
    parser = argparse.ArgumentParser(prog="python -m companion", description="En Route Companion tools.")
    sub = parser.add_subparsers(dest="command", required=True)
    score = sub.add_parser("score", help="score an enroute-game/1 document (prints enroute-score/1)")
    score.add_argument("game", help="path of the game JSON file, or - for standard input")
    score.add_argument("--library", help="folder of extra enroute-board/1 files (<id>.json)")
    score.add_argument("--pretty", action="store_true", help="indent the output")
    score.add_argument("--time-limit", type=float, default=None, metavar="SECONDS",
                       help="longest search for each companion-chosen route (default 3); "
                            "a route found when it runs out is marked proven: false")
    score.set_defaults(func=cmd_score)
    sim = sub.add_parser("simulate", help="play a random legal game (prints enroute-game/1)")
    sim.add_argument("--board", default="training-city", help="board id (default: training-city)")
    sim.add_argument("--players", type=int, default=4, choices=range(1, 5), metavar="1-4",
                     help="number of players, 1 to 4 (default: 4)")
    sim.add_argument("--seed", type=int, default=0, help="random seed (default: 0)")
    sim.add_argument("--level", default="full", choices=("simplified", "intermediate", "full"),
                     help="game level (default: full)")
    sim.add_argument("--library", help="folder of extra enroute-board/1 files (<id>.json)")
    sim.add_argument("--pretty", action="store_true", help="indent the output")
    sim.set_defaults(func=cmd_simulate)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line and return its exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except BrokenPipeError:
        # The reader went away (e.g. `| head`): stop quietly, as other Unix tools do.
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
