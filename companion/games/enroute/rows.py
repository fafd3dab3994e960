"""The board's scoring spaces (rows 1–9 and the total), shared by scoring, the web and the printables."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .board import Board
from .rowtypes import ROW_TYPES, row_specs

LEVELS = ("simplified", "intermediate", "full")
GOAL_DECKS = ("A", "B", "C")


@dataclass(frozen=True)
class ScoringRow:
    """One scoring space: its key in `enroute-score/1`, its printed number and label, a hint, and its spec."""

    key: str
    number: int
    label: str
    hint: str
    type: str = ""
    spec: Any = None
    board_label: bool = False  # the label is board data (a landmark's, a street's name): printed as given


def scoring_rows(board: Board, level: str = "full") -> list[ScoringRow]:
    """Return the scoring rows in board order for a city and game level (the row registry's specs).

    Rows that a level does not use (cafes, personal goal and goal cards at the
    simplified level; goal cards at the intermediate level) are still listed so
    the sheet keeps its printed numbering; they score 0.
    """
    return list(board.derived("scoring_rows", _scoring_rows))


def _scoring_rows(board: Board) -> tuple[ScoringRow, ...]:
    """The scoring rows of a board, made once (`Board.derived`)."""
    rows = []
    for spec in row_specs(board):
        rtype = ROW_TYPES[spec.row]
        rows.append(ScoringRow(rtype.key(spec), spec.number, rtype.label(spec, board), rtype.hint(spec, board),
                               spec.row, spec, rtype.board_label(spec)))
    return tuple(rows)


TIEBREAK_NOTE = ("Ties: the longest final route wins, then the most tourists on it, then the most landmarks "
                 "on it; otherwise the victory is shared.")
