"""Command line: `python -m printables ttr-europe-scorepad --out FILE.pdf [--players N] [--names A,B]
[--sheet pad|tally] [--lang ja] [--paper letter]` (and `ttr-europe-tally`, the same with the tally sheet;
`ttr-europe-tickets ... [--variant base|1912|mega|big-cities]`, a ticket checklist page per player).

A bad option is argparse's usage error (exit 2); an unwritable output is one clear message, exit 2.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from ..core.cli import CliError
from ..core.i18n import DEFAULT, LANGUAGES
from ..core.style import PAPER_SIZES
from .checklist import VARIANTS, checklist_pdf
from .pads import MAX_PLAYERS, MIN_PLAYERS, scorepad_pdf, tally_pdf


def players_argument(text: str) -> int:
    """Parse --players: a whole number from 2 to 5."""
    value = int(text) if text.isascii() and text.isdigit() else None
    if value is None or not MIN_PLAYERS <= value <= MAX_PLAYERS:
        raise argparse.ArgumentTypeError(f"must be a whole number from {MIN_PLAYERS} to {MAX_PLAYERS}, not {text!r}")
    return value


def names_argument(text: str) -> list[str]:
    """Parse --names: 2 to 5 names separated by commas."""
    names = [n.strip() for n in text.split(",")]
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS or not all(names) or any(len(n) > 40 for n in names):
        raise argparse.ArgumentTypeError(f"give {MIN_PLAYERS} to {MAX_PLAYERS} names of at most 40 characters, "
                                         f"separated by commas, not {text!r}")
    return names


def add_commands(commands: argparse._SubParsersAction) -> None:
    """Add `ttr-europe-scorepad` and `ttr-europe-tally` to `python -m printables`."""
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--out", required=True, metavar="FILE.pdf", help="where to write the PDF")
    common.add_argument("--players", type=players_argument, default=None,
                        help=f"number of player columns, {MIN_PLAYERS} to {MAX_PLAYERS} (default {MAX_PLAYERS}, "
                             "or the number of --names)")
    common.add_argument("--names", type=names_argument, default=None, metavar="A,B,...",
                        help="players' names to print at the top of their columns")
    common.add_argument("--paper", choices=sorted(PAPER_SIZES), default="a4", help="paper size (default a4)")
    common.add_argument("--lang", choices=LANGUAGES, default=DEFAULT,
                        help=f"language of the printed texts (default {DEFAULT})")
    pad = commands.add_parser("ttr-europe-scorepad", parents=[common],
                              help="Ticket to Ride: Europe: a score pad (or, with --sheet tally, a route tally)",
                              description="Players as columns; routes, tickets, stations, European Express, total.")
    pad.add_argument("--sheet", choices=("pad", "tally"), default="pad",
                     help="pad: the score pad (default); tally: the blank route tally sheet")
    pad.set_defaults(run=run)
    tally = commands.add_parser("ttr-europe-tally", parents=[common],
                                help="Ticket to Ride: Europe: a blank route tally sheet",
                                description="Claimed routes counted by length, trains used, route points, tickets.")
    tally.set_defaults(run=run, sheet="tally")
    tickets = commands.add_parser("ttr-europe-tickets", parents=[common],
                                  help="Ticket to Ride: Europe: a ticket checklist, one page per player",
                                  description="Every ticket of the variant's deck with kept / done boxes.")
    tickets.add_argument("--variant", choices=tuple(VARIANTS), default="base", help="ticket deck (default base)")
    tickets.set_defaults(run=run, sheet="tickets")


def run(args: argparse.Namespace) -> str:
    """Build the requested sheet, write it, and return a line saying what was written."""
    players = args.players or (len(args.names) if args.names else MAX_PLAYERS)
    if args.names and len(args.names) != players:
        raise CliError(f"--players {players} but {len(args.names)} names were given.")
    if args.sheet == "tickets":
        data = checklist_pdf(players=players, names=args.names, variant=args.variant, paper=args.paper,
                             lang=args.lang)
    else:
        make = tally_pdf if args.sheet == "tally" else scorepad_pdf
        data = make(players=players, names=args.names, paper=args.paper, lang=args.lang)
    try:
        Path(args.out).write_bytes(data)
    except OSError as exc:
        raise CliError(f"Cannot write {args.out}: {exc.strerror or exc}.") from None
    what = {"tally": "route tally sheet", "tickets": "ticket checklist"}.get(args.sheet, "score pad")
    return f"Wrote a Ticket to Ride: Europe {what} for {players} players to {args.out}."
