"""Command line: `python -m printables welcome-to-sheet|welcome-to-scorepad --out FILE.pdf [--lang ja] ...`.

Every failure (bad option, unwritable output) is one clear message on stderr
and exit code 2, never a traceback.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from ..core.cli import CliError
from ..core.i18n import DEFAULT, LANGUAGES
from ..core.style import PAPER_SIZES
from .scorepad import MAX_PLAYERS, PADS_PER_PAGE, scorepad_pdf
from .sheet import sheet_pdf


def _count(low: int, high: int):
    """An argparse type: a whole number from `low` to `high`."""

    def parse(text: str) -> int:
        """Parse the number or say what is expected."""
        value = int(text) if text.isascii() and text.isdigit() and len(text) < 6 else None
        if value is None or not low <= value <= high:
            raise argparse.ArgumentTypeError(f"must be a whole number from {low} to {high}, not {text!r}")
        return value

    return parse


def add_commands(commands: argparse._SubParsersAction) -> None:
    """Add Welcome To's `welcome-to-sheet` and `welcome-to-scorepad` commands to `python -m printables`."""
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--out", required=True, metavar="FILE.pdf", help="where to write the PDF")
    common.add_argument("--paper", choices=sorted(PAPER_SIZES), default="a4", help="paper size (default a4)")
    common.add_argument("--lang", choices=LANGUAGES, default=DEFAULT,
                        help=f"language of the printed texts (default {DEFAULT})")
    sheet = commands.add_parser("welcome-to-sheet", parents=[common], help="Welcome To...: blank player sheets",
                                description="Blank player sheets, one per landscape page, drawn from the sheet data.")
    sheet.add_argument("--sheets", type=_count(1, 100), default=1, help="number of sheets, 1 to 100 (default 1)")
    sheet.set_defaults(run=run)
    pad = commands.add_parser("welcome-to-scorepad", parents=[common], help="Welcome To...: score pads",
                              description="Score pads with one column per player, two to a page.")
    pad.add_argument("--players", type=_count(1, MAX_PLAYERS), default=MAX_PLAYERS,
                     help=f"player columns, 1 to {MAX_PLAYERS} (default {MAX_PLAYERS})")
    pad.add_argument("--games", type=_count(1, 100), default=PADS_PER_PAGE,
                     help=f"number of pads, {PADS_PER_PAGE} to a page (default {PADS_PER_PAGE})")
    pad.set_defaults(run=run)


def run(args: argparse.Namespace) -> str:
    """Build the requested PDF, write it, and return a line saying what was written."""
    if args.command == "welcome-to-sheet":
        data = sheet_pdf(paper=args.paper, sheets=args.sheets, lang=args.lang)
        what = f"{args.sheets} blank Welcome To... sheet(s)"
    else:
        data = scorepad_pdf(players=args.players, paper=args.paper, games=args.games, lang=args.lang)
        what = f"{args.games} Welcome To... score pad(s) for {args.players} players"
    try:
        Path(args.out).write_bytes(data)
    except OSError as exc:
        raise CliError(f"Cannot write {args.out}: {exc.strerror or exc}.") from None
    return f"Wrote {what} to {args.out}."
