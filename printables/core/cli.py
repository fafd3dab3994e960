"""Command line: `python -m printables COMMAND ...`, each command added by a game's printables package.

Every failure (unknown board, unreadable or invalid file, bad option,
unwritable output) is one clear message on stderr and exit code 2, never a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys

USAGE_ERROR = 2
_PACKAGE = __name__.split(".", 1)[0]  # printables


class CliError(Exception):
    """A failure to report to the user as it is, without a traceback."""


def game_packages() -> list:
    """Import every game's printables package (each folder beside `core` with `add_commands`)."""
    package = importlib.import_module(_PACKAGE)
    found = []
    for info in pkgutil.iter_modules(package.__path__):
        if info.ispkg and info.name != "core":
            module = importlib.import_module(f"{_PACKAGE}.{info.name}")
            if hasattr(module, "add_commands"):
                found.append(module)
    return found


def build_parser() -> argparse.ArgumentParser:
    """Describe every game's commands."""
    parser = argparse.ArgumentParser(prog="python -m printables",
                                     description="Print blank player maps, sheets and score pads as PDF.")
    commands = parser.add_subparsers(dest="command", required=True)
    for module in game_packages():
        module.add_commands(commands)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the command line and return the exit code."""
    args = build_parser().parse_args(argv)  # argparse itself exits 2 with a message on bad options
    try:
        print(args.run(args))
    except CliError as exc:
        print(f"python -m printables: error: {exc}", file=sys.stderr)
        return USAGE_ERROR
    return 0
