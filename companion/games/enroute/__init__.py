"""En Route rules engine: boards, sheets, validation, scoring and route search (standard library only)."""

from .board import Board, board_to_json, load_board, parse_board
from .problems import DocumentError, Problem
from .registry import UnknownBoardError, find_board, shipped_board_ids, shipped_boards

__all__ = ["Board", "DocumentError", "Problem", "UnknownBoardError", "board_to_json", "find_board",
           "load_board", "parse_board", "shipped_board_ids", "shipped_boards"]
