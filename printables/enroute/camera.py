"""What a phone camera needs on a map page: corner markers and the page code (see companion.vision.pagecode)."""

from __future__ import annotations

from companion.games.enroute.board import Board, PlayerBoard
from companion.vision import pagecode

from ..core import camera
from ..core.camera import draw_marker, paper_of
from .style import PrintLocale

__all__ = ["draw_camera_marks", "draw_marker", "draw_page_code", "paper_of"]


def draw_page_code(c, board: Board, player_board: PlayerBoard, width: float, height: float, lang: str) -> None:
    """Draw the page code strip that names the board, the player board and the layout."""
    camera.draw_code(c, pagecode.encode(board.id, player_board.number, paper_of(width, height), lang), width)


def draw_camera_marks(c, board: Board, player_board: PlayerBoard, width: float, height: float,
                      loc: PrintLocale) -> None:
    """Draw the four corner markers and the page code."""
    bits = pagecode.encode(board.id, player_board.number, paper_of(width, height), loc.lang)
    camera.draw_camera_marks(c, bits, width, height)
