"""Command line: `python -m printables maps|scorepad BOARD --out FILE.pdf [--lang ja]`.

Every failure (unknown board, unreadable or invalid board file, bad option,
unwritable output) is one clear message on stderr and exit code 2, never a traceback.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from companion.games.core.problems import DocumentError
from companion.games.enroute.board import Board
from companion.games.enroute.registry import (
    UnknownBoardError,
    find_board,
    load_board_file,
    shipped_board_ids,
)

from ..core.cli import CliError
from ..core.i18n import DEFAULT, LANGUAGES
from . import cities
from .maps import maps_pdf
from .scorepad import MAX_PLAYERS, PADS_PER_PAGE, scorepad_pdf
from .style import PAPER_SIZES


def read_board(text: str) -> Board:
    """Return a shipped board by id, or the board in an `enroute-board/1` file."""
    if text in shipped_board_ids():
        return find_board(text)
    path = Path(text)
    if not (path.exists() or text.endswith(".json") or "/" in text or "\\" in text):
        try:
            return find_board(text)
        except UnknownBoardError as exc:
            raise CliError(f"{exc} To print your own city, give the path of its enroute-board/1 file.") from None
    try:
        return load_board_file(path)
    except FileNotFoundError:
        raise CliError(f"Board file {text} does not exist.") from None
    except IsADirectoryError:
        raise CliError(f"Board file {text} is a folder, not a file.") from None
    except OSError as exc:
        raise CliError(f"Cannot read board file {text}: {exc.strerror or exc}.") from None
    except UnicodeDecodeError:
        raise CliError(f"Board file {text} is not UTF-8 text.") from None
    except json.JSONDecodeError as exc:
        raise CliError(f"Board file {text} is not valid JSON: {exc.msg} at line {exc.lineno}, "
                       f"column {exc.colno}.") from None
    except DocumentError as exc:
        lines = [f"Board file {text} is not a usable enroute-board/1 board:"]
        lines += [f"  {problem.path or '(document)'}: {problem.message}" for problem in exc.problems]
        raise CliError("\n".join(lines)) from None


def players_argument(text: str) -> int:
    """Parse --players: a whole number from 1 to 4."""
    try:
        value = int(text)
    except ValueError:
        value = None
    if value is None or not 1 <= value <= MAX_PLAYERS:
        raise argparse.ArgumentTypeError(f"must be a whole number from 1 to {MAX_PLAYERS}, not {text!r}")
    return value


def games_argument(text: str) -> int:
    """Parse --games: a whole number from 1 to 100."""
    try:
        value = int(text)
    except ValueError:
        value = None
    if value is None or not 1 <= value <= 100:
        raise argparse.ArgumentTypeError(f"must be a whole number from 1 to 100, not {text!r}")
    return value


def add_commands(commands: argparse._SubParsersAction) -> None:
    """Add En Route's `maps` and `scorepad` commands to `python -m printables`."""
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("board", metavar="BOARD",
                        help=f"a shipped board id ({', '.join(shipped_board_ids())}) or an enroute-board/1 file")
    common.add_argument("--out", required=True, metavar="FILE.pdf", help="where to write the PDF")
    common.add_argument("--paper", choices=sorted(PAPER_SIZES), default="a4", help="paper size (default a4)")
    common.add_argument("--lang", choices=LANGUAGES, default=DEFAULT,
                        help=f"language of the printed texts (default {DEFAULT})")
    maps = commands.add_parser("maps", parents=[common], help="En Route: one blank map per player board",
                               description="One page per player board, with that board's printed coordinates.")
    for sheet in cities.sheets():  # a city's extra printables (its folder registers them)
        maps.add_argument(f"--{sheet.option}", action="store_true", help=sheet.help)
    maps.set_defaults(run=run)
    pad = commands.add_parser("scorepad", parents=[common], help="En Route: score pads, two games to a page",
                              description="The city's scoring rows in one column per player.")
    pad.add_argument("--players", type=players_argument, default=MAX_PLAYERS,
                     help=f"number of player columns, 1 to {MAX_PLAYERS} (default {MAX_PLAYERS})")
    pad.add_argument("--games", type=games_argument, default=PADS_PER_PAGE,
                     help=f"number of score pads, {PADS_PER_PAGE} to a page (default {PADS_PER_PAGE})")
    pad.set_defaults(run=run)


def run(args: argparse.Namespace) -> str:
    """Build the requested PDF, write it, and return a line saying what was written."""
    board = read_board(args.board)
    extra = next((sheet for sheet in cities.sheets() if getattr(args, sheet.option, False)), None)
    if args.command == "maps" and extra is not None:
        try:
            data = extra.pdf(board, paper=args.paper, lang=args.lang)
        except ValueError as exc:
            raise CliError(str(exc)) from None
        what = extra.what(board)
    elif args.command == "maps":
        data = maps_pdf(board, paper=args.paper, lang=args.lang)
        what = f"{len(board.player_boards)} blank maps of {board.name}"
    else:
        data = scorepad_pdf(board, players=args.players, paper=args.paper, games=args.games, lang=args.lang)
        what = f"{args.games} score pads of {board.name} for {args.players} players"
    try:
        Path(args.out).write_bytes(data)
    except OSError as exc:
        raise CliError(f"Cannot write {args.out}: {exc.strerror or exc}.") from None
    return f"Wrote {what} to {args.out}."
