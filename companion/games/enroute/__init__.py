"""En Route rules engine: boards, sheets, validation, scoring and route search (standard library only)."""

from ..core.engine import GameEngine
from ..core.problems import DocumentError, Problem
from .board import Board, board_to_json, load_board, parse_board
from .commands import add_commands, score_document
from .game import GAME_FORMAT
from .registry import UnknownBoardError, find_board, shipped_board_ids, shipped_boards
from .scoring import SCORE_FORMAT

GAME = GameEngine(id="enroute", name="En Route", formats={GAME_FORMAT: score_document},
                  add_commands=add_commands, output_formats=(SCORE_FORMAT,),
                  data_names=("enroute/boards/*.json", "enroute/cities/*/*.json"))

__all__ = ["GAME", "Board", "DocumentError", "Problem", "UnknownBoardError", "board_to_json", "find_board",
           "load_board", "parse_board", "shipped_board_ids", "shipped_boards"]
