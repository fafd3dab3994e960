"""Ticket to Ride: Europe scoring engine: map and ticket data, validation, station borrowing, European Express;
the claim log during play (its cards, its end) and dealing tickets."""

from ..core.engine import GameEngine
from .claimlog import LOG_CHECK_FORMAT, LOG_FORMAT, check_log
from .data import Board, board
from .entry import EntryReport, check_entry
from .explain import Explanation, explain_table
from .model import GAME_FORMAT, SCORE_FORMAT
from .scoring import score_document, score_table

GAME = GameEngine(id="ttr-europe", name="Ticket to Ride: Europe",
                  formats={GAME_FORMAT: score_document, LOG_FORMAT: check_log},
                  output_formats=(SCORE_FORMAT, LOG_CHECK_FORMAT))

__all__ = ["GAME", "GAME_FORMAT", "LOG_CHECK_FORMAT", "LOG_FORMAT", "SCORE_FORMAT", "Board", "EntryReport",
           "Explanation", "board", "check_entry", "check_log", "explain_table", "score_document", "score_table"]
