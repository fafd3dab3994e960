"""Command line: `python -m printables explore-ny-maps [TILE ...] --out FILE.pdf [--lang ja]` and
`python -m printables explore-ny-scorepad --out FILE.pdf [--players N] [--games N] [--lang ja]`.

Every failure is one clear message on stderr and exit code 2, never a traceback.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from companion.games.core.problems import DocumentError
from companion.games.explore_new_york.tile import Tile
from companion.games.explore_new_york.tiles import load_tile, shipped_tile_ids, shipped_tiles

from ..core.cli import CliError
from ..core.i18n import DEFAULT, LANGUAGES
from ..core.style import PAPER_SIZES
from .maps import maps_pdf
from .scorepad import MAX_PLAYERS, PADS_PER_PAGE, scorepad_pdf


def read_tile(text: str) -> Tile:
    """A shipped tile by id, or the tile in an `explore-new-york-tile/1` file."""
    if text in shipped_tiles():
        return shipped_tiles()[text]
    path = Path(text)
    if not path.is_file():
        raise CliError(f"{text} is neither a shipped tile ({', '.join(shipped_tile_ids())}) nor a tile file.")
    try:
        return load_tile(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, UnicodeDecodeError) as exc:
        raise CliError(f"Cannot read tile file {text}: {exc}.") from None
    except json.JSONDecodeError as exc:
        raise CliError(f"Tile file {text} is not valid JSON: {exc.msg} at line {exc.lineno}.") from None
    except DocumentError as exc:
        lines = [f"Tile file {text} is not a usable explore-new-york-tile/1 tile:"]
        lines += [f"  {p.path or '(document)'}: {p.message}" for p in exc.problems]
        raise CliError("\n".join(lines)) from None


def _count(low: int, high: int):
    """An argparse type: a whole number from low to high."""
    def parse(text: str) -> int:
        """Parse one value."""
        if not (text.isascii() and text.isdigit() and low <= int(text) <= high):
            raise argparse.ArgumentTypeError(f"must be a whole number from {low} to {high}, not {text!r}")
        return int(text)
    return parse


def add_commands(commands: argparse._SubParsersAction) -> None:
    """Add `explore-ny-maps` and `explore-ny-scorepad` to `python -m printables`."""
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--out", required=True, metavar="FILE.pdf", help="where to write the PDF")
    common.add_argument("--paper", choices=sorted(PAPER_SIZES), default="a4", help="paper size (default a4)")
    common.add_argument("--lang", choices=LANGUAGES, default=DEFAULT, help=f"language (default {DEFAULT})")
    maps = commands.add_parser("explore-ny-maps", parents=[common], help="Explore New York: blank maps",
                               description="One page per tile: the map and its score table.")
    maps.add_argument("tiles", nargs="*", metavar="TILE",
                      help=f"shipped tile ids ({', '.join(shipped_tile_ids())}) or tile files (default: all four)")
    maps.set_defaults(run=run)
    pad = commands.add_parser("explore-ny-scorepad", parents=[common], help="Explore New York: score pads",
                              description="The five scoring rows in one column per player, two games to a page.")
    pad.add_argument("--players", type=_count(1, MAX_PLAYERS), default=MAX_PLAYERS,
                     help=f"player columns, 1 to {MAX_PLAYERS} (default {MAX_PLAYERS})")
    pad.add_argument("--games", type=_count(1, 100), default=PADS_PER_PAGE, help="score pads (default 2)")
    pad.set_defaults(run=run)


def run(args: argparse.Namespace) -> str:
    """Build the PDF, write it, and say what was written."""
    if args.command == "explore-ny-maps":
        tiles = [read_tile(t) for t in args.tiles] or list(shipped_tiles().values())
        data = maps_pdf(tiles, lang=args.lang, paper=args.paper)
        what = f"{len(tiles)} blank Explore New York maps"
    else:
        data = scorepad_pdf([""] * args.players, lang=args.lang, paper=args.paper, games=args.games)
        what = f"{args.games} Explore New York score pads for {args.players} players"
    try:
        Path(args.out).write_bytes(data)
    except OSError as exc:
        raise CliError(f"Cannot write {args.out}: {exc.strerror or exc}.") from None
    return f"Wrote {what} to {args.out}."
