"""Where boards come from: the shipped data files and, optionally, a board library folder."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from ..core.problems import DocumentError
from .board import Board, load_board

SHIPPED = Path(__file__).with_name("boards")
CITIES = Path(__file__).with_name("cities")  # a world city: a folder with its board file (and its rules module)
MAX_ID = 64  # board ids are short slugs; longer ones are refused before touching the file system


class UnknownBoardError(KeyError):
    """A board id that is neither shipped nor in the given library."""

    def __str__(self) -> str:
        """Name the missing board and the known ones (shipped, then the library's)."""
        library = self.args[1] if len(self.args) > 1 else None
        known = shipped_board_ids() + library_board_ids(library)
        return f"Unknown board {self.args[0]!r}; known boards: {', '.join(known)}."


def shipped_board_ids() -> list[str]:
    """Return the ids of the boards shipped with the companion: the training city's folder, then the cities'."""
    return list(_shipped_files())


@cache
def _shipped_files() -> dict[str, Path]:
    """Map each shipped board id to its file: the training city's folder, then each city's folder."""
    files = {p.stem: p for p in sorted(SHIPPED.glob("*.json"))}
    for p in sorted(CITIES.glob("*/*.json"), key=lambda p: p.stem):
        files.setdefault(p.stem, p)
    return files


def shipped_board_file(board_id: str) -> Path:
    """Return the file of a shipped board."""
    return _shipped_files()[board_id]


@cache
def _load_shipped(board_id: str) -> Board:
    """Load and check one shipped board once per process."""
    return load_board_file(_shipped_files()[board_id])


def load_board_file(path: Path | str) -> Board:
    """Load an `enroute-board/1` file, raising `DocumentError` with every problem."""
    with open(path, encoding="utf-8") as handle:
        return load_board(json.load(handle))


def shipped_boards() -> list[Board]:
    """Return every shipped board (all are checked when loaded)."""
    return [_load_shipped(board_id) for board_id in shipped_board_ids()]


def _safe_id(board_id: str) -> bool:
    """Tell whether an id can name a file of the library (no paths, no hidden files, a sane length)."""
    return 0 < len(board_id) <= MAX_ID and "/" not in board_id and "\\" not in board_id \
        and not board_id.startswith(".") and "\x00" not in board_id


def find_board(board_id: str, library: Path | str | None = None) -> Board:
    """Find a board by id among the shipped ones, then in a library folder of `<id>.json` files."""
    if board_id in shipped_board_ids():
        return _load_shipped(board_id)
    if library is not None and isinstance(board_id, str) and _safe_id(board_id):
        path = Path(library) / f"{board_id}.json"
        try:
            found = path.is_file()
        except OSError:  # e.g. a name the file system refuses: it cannot be a saved board
            found = False
        if found:
            return load_board_file(path)
    raise UnknownBoardError(board_id, library)


def library_board_ids(library: Path | str | None) -> list[str]:
    """Return the ids of the boards saved in a library folder, sorted (shipped ids excluded)."""
    if library is None or not Path(library).is_dir():
        return []
    shipped = set(shipped_board_ids())
    return sorted(p.stem for p in Path(library).glob("*.json") if p.stem not in shipped)


def available_boards(library: Path | str | None = None) -> list[Board]:
    """Return the shipped boards, then every valid board of the library (broken files are skipped)."""
    boards = shipped_boards()
    for board_id in library_board_ids(library):
        try:
            boards.append(load_board_file(Path(library) / f"{board_id}.json"))
        except (DocumentError, OSError, ValueError):
            continue
    return boards


__all__ = ["DocumentError", "UnknownBoardError", "available_boards", "find_board", "library_board_ids",
           "shipped_board_file", "shipped_board_ids", "shipped_boards",
           "load_board_file"]
