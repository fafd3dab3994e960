"""What a phone camera needs on an En Route map page: corner markers and the page code (kind 1).

The drawing is shared with the other games' printed sheets (printables.core.camera).
"""

from __future__ import annotations

from companion.games.enroute.board import Board, PlayerBoard

from ..core.camera import draw_camera_marks as _draw_marks
from ..core.camera import draw_marker, paper_of
from ..core.camera import draw_page_code as _draw_code
from .style import PrintLocale

KIND = 1  # pagecode.KINDS: "enroute-map"

__all__ = ["draw_camera_marks", "draw_marker", "draw_page_code", "paper_of"]


def draw_page_code(c, board: Board, player_board: PlayerBoard, width: float, height: float, lang: str) -> None:
    """Draw the page code strip that names the board, the player board and the layout."""
    _draw_code(c, board.id, player_board.number, width, height, lang, KIND)


def draw_camera_marks(c, board: Board, player_board: PlayerBoard, width: float, height: float,
                      loc: PrintLocale) -> None:
    """Draw the four corner markers and the page code."""
    _draw_marks(c, board.id, player_board.number, width, height, loc.lang, KIND)
