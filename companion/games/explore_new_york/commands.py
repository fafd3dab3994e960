"""Explore New York's own command: `explore-ny-simulate` (a random legal game as explore-ny-game/1)."""

from __future__ import annotations

import argparse
import json
import sys

from .simulate import simulate_game


def cmd_simulate(args: argparse.Namespace) -> int:
    """Play a random legal game and print it."""
    json.dump(simulate_game(args.players, args.seed), sys.stdout, indent=2 if args.pretty else None,
              ensure_ascii=False)
    sys.stdout.write("\n")
    return 0


def add_commands(sub: argparse._SubParsersAction) -> None:
    """Add `explore-ny-simulate` to `python -m companion`."""
    sim = sub.add_parser("explore-ny-simulate",
                         help="play a random legal Explore New York game (prints explore-ny-game/1)")
    sim.add_argument("--players", type=int, default=4, choices=range(2, 5), metavar="2-4",
                     help="number of players, 2 to 4 (default: 4)")
    sim.add_argument("--seed", type=int, default=0, help="random seed (default: 0)")
    sim.add_argument("--pretty", action="store_true", help="indent the output")
    sim.set_defaults(func=cmd_simulate)
