"""Command line: `python -m printables taxis-scorepad --out FILE.pdf [--players N] [--games N] [--lang ja]`."""

from __future__ import annotations

import argparse
from pathlib import Path

from ..core.cli import CliError
from ..core.i18n import DEFAULT, LANGUAGES
from ..core.style import PAPER_SIZES
from .board import board_pdf
from .scorepad import MAX_PLAYERS, MIN_PLAYERS, PADS_PER_PAGE, scorepad_pdf


def _whole(low: int, high: int):
    """An argparse type: a whole number from `low` to `high`."""

    def parse(text: str) -> int:
        """Parse the number or say what is allowed."""
        value = int(text) if text.isascii() and text.isdigit() and len(text) < 6 else None
        if value is None or not low <= value <= high:
            raise argparse.ArgumentTypeError(f"must be a whole number from {low} to {high}, not {text!r}")
        return value

    return parse


def add_commands(commands: argparse._SubParsersAction) -> None:
    """Add `taxis-scorepad` to `python -m printables`."""
    pad = commands.add_parser("taxis-scorepad", help="Thurn und Taxis: All Roads Lead to Rome: score pads",
                              description="The base game's rows plus Rome's clergy and the VP coins, two pads "
                                          "to a page.")
    pad.add_argument("--out", required=True, metavar="FILE.pdf", help="where to write the PDF")
    pad.add_argument("--players", type=_whole(MIN_PLAYERS, MAX_PLAYERS), default=MAX_PLAYERS,
                     help=f"player columns, {MIN_PLAYERS} to {MAX_PLAYERS} (default {MAX_PLAYERS})")
    pad.add_argument("--games", type=_whole(1, 100), default=PADS_PER_PAGE,
                     help=f"number of pads, {PADS_PER_PAGE} to a page (default {PADS_PER_PAGE})")
    pad.add_argument("--paper", choices=sorted(PAPER_SIZES), default="a4", help="paper size (default a4)")
    pad.add_argument("--lang", choices=LANGUAGES, default=DEFAULT, help=f"language (default {DEFAULT})")
    pad.set_defaults(run=run)
    board = commands.add_parser("taxis-board", help="Thurn und Taxis: All Roads Lead to Rome: the example board",
                                description="The companion's example Road-to-Rome board as a blank sheet.")
    board.add_argument("--out", required=True, metavar="FILE.pdf", help="where to write the PDF")
    board.add_argument("--paper", choices=sorted(PAPER_SIZES), default="a4", help="paper size (default a4)")
    board.add_argument("--lang", choices=LANGUAGES, default=DEFAULT, help=f"language (default {DEFAULT})")
    board.set_defaults(run=run_board)


def run(args: argparse.Namespace) -> str:
    """Build the score pads, write them, and say what was written."""
    data = scorepad_pdf(players=args.players, paper=args.paper, games=args.games, lang=args.lang)
    try:
        Path(args.out).write_bytes(data)
    except OSError as exc:
        raise CliError(f"Cannot write {args.out}: {exc.strerror or exc}.") from None
    return f"Wrote {args.games} Thurn und Taxis score pads for {args.players} players to {args.out}."


def run_board(args: argparse.Namespace) -> str:
    """Draw the example board, write it, and say what was written."""
    data = board_pdf(paper=args.paper, lang=args.lang)
    try:
        Path(args.out).write_bytes(data)
    except OSError as exc:
        raise CliError(f"Cannot write {args.out}: {exc.strerror or exc}.") from None
    return f"Wrote the Thurn und Taxis example board to {args.out}."
