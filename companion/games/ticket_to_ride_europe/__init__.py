"""Ticket to Ride: Europe scoring engine: map and ticket data, validation, station borrowing, European Express."""

from ..core.engine import GameEngine
from .data import Board, board
from .entry import EntryReport, check_entry
from .explain import Explanation, explain_table
from .model import GAME_FORMAT, SCORE_FORMAT
from .scoring import score_document, score_table

GAME = GameEngine(id="ttr-europe", name="Ticket to Ride: Europe", formats={GAME_FORMAT: score_document},
                  output_formats=(SCORE_FORMAT,))

__all__ = ["GAME", "GAME_FORMAT", "SCORE_FORMAT", "Board", "EntryReport", "Explanation", "board", "check_entry",
           "explain_table", "score_document", "score_table"]
