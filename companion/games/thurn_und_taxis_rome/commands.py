"""The scorer the registry dispatches to, and the `rome-track` command that checks a board a table entered."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ..core.engine import ScoreOptions
from .scoring import score_game
from .track import read_track


def score_document(doc: Any, options: ScoreOptions) -> dict:
    """Score a `thurn-und-taxis-rome-game/1` document (the options are not used: no boards, no search)."""
    return score_game(doc)


def cmd_rome_track(args: argparse.Namespace) -> int:
    """Check a `thurn-und-taxis-rome-track/1` file: print its problems; exit 0 (fine), 1 (errors) or 2 (no JSON)."""
    try:
        with open(args.track, encoding="utf-8") as handle:
            doc = json.load(handle)
    except OSError as exc:
        print(f"error: cannot read {args.track}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        print(f"error: {args.track} is not JSON: {exc}", file=sys.stderr)
        return 2
    track, problems = read_track(doc)
    result = {"ok": track is not None, "problems": [p.to_json() for p in problems]}
    json.dump(result, sys.stdout, indent=2 if args.pretty else None, ensure_ascii=False)
    sys.stdout.write("\n")
    return 0 if track is not None else 1


def add_commands(sub: argparse._SubParsersAction) -> None:
    """Add `rome-track` to `python -m companion`."""
    cmd = sub.add_parser("rome-track", help="check a Road-to-Rome board entered as thurn-und-taxis-rome-track/1")
    cmd.add_argument("track", help="path of the track JSON file")
    cmd.add_argument("--pretty", action="store_true", help="indent the output")
    cmd.set_defaults(func=cmd_rome_track)
