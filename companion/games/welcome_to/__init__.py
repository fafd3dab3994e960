"""Welcome To... engine: sheet data, reading and checking finished sheets, city plans, scoring, live moves."""

from ..core.engine import GameEngine
from .data import PLANS, RULES, Plan, Rules
from .document import GAME_FORMAT
from .game import Game, read_game
from .scoring import SCORE_FORMAT, score_document, score_game
from .sheet import Claim, Estate, House, Sheet

GAME = GameEngine(id="welcome-to", name="Welcome To...", formats={GAME_FORMAT: score_document},
                  output_formats=(SCORE_FORMAT,))

__all__ = ["GAME", "GAME_FORMAT", "PLANS", "RULES", "SCORE_FORMAT", "Claim", "Estate", "Game", "House", "Plan",
           "Rules", "Sheet", "read_game", "score_document", "score_game"]
