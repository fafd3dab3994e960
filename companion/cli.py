"""Command line: `python -m companion score GAME.json` for any registered game, and each game's own commands."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from .games.core.engine import NotAGameDocument, ScoreOptions, has_error_problems
from .games.registry import games, score_document


def _load_json(path: str) -> object:
    """Read a JSON document from a file path or `-` for standard input."""
    if path == "-":
        return json.load(sys.stdin)
    with open(path, encoding="utf-8") as handle:
        return json.load(handle)


def cmd_score(args: argparse.Namespace) -> int:
    """Score a game document of any registered game and print its score document."""
    try:
        doc = _load_json(args.game)
    except OSError as exc:
        print(f"error: cannot read {args.game}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        print(f"error: {args.game} is not JSON: {exc}", file=sys.stderr)
        return 2
    try:
        result = score_document(doc, ScoreOptions(library=args.library, time_limit=args.time_limit))
    except NotAGameDocument as exc:
        print(f"error: {args.game} is not a game document: {exc}", file=sys.stderr)
        return 2
    json.dump(result, sys.stdout, indent=2 if args.pretty else None, ensure_ascii=False)
    sys.stdout.write("\n")
    return 1 if has_error_problems(result) else 0


def build_parser() -> argparse.ArgumentParser:
    """Describe the shared commands, then each game's own."""
    registered = games()
    formats = ", ".join(f for g in registered for f in g.formats)
    parser = argparse.ArgumentParser(prog="python -m companion",
                                     description="Table companion tools: score and check finished games.")
    sub = parser.add_subparsers(dest="command", required=True)
    score = sub.add_parser("score", help=f"score a game document ({formats}); prints its score document")
    score.add_argument("game", help="path of the game JSON file, or - for standard input")
    score.add_argument("--library", help="folder of extra boards (<id>.json), for games with boards")
    score.add_argument("--pretty", action="store_true", help="indent the output")
    score.add_argument("--time-limit", type=float, default=None, metavar="SECONDS",
                       help="longest search for each companion-chosen route (default 3); "
                            "a route found when it runs out is marked proven: false")
    score.set_defaults(func=cmd_score)
    for entry in registered:
        if entry.add_commands is not None:
            entry.add_commands(sub)
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
