"""Explore New York engine: map tiles, sheets, validation, the five scoring rows and the best final route."""

from ..core.engine import GameEngine
from .commands import add_commands
from .game import GAME_FORMAT, read_game
from .scoring import SCORE_FORMAT, score_document, score_game
from .tile import Tile
from .tiles import TILE_FORMAT, find_tile, parse_tile, shipped_tiles, tile_to_json

GAME = GameEngine(id="explore-new-york", name="Explore New York", formats={GAME_FORMAT: score_document},
                  add_commands=add_commands, output_formats=(SCORE_FORMAT,),
                  data_names=("explore_new_york/data/tiles/*.json", "explore_new_york/data/deck.json"))

__all__ = ["GAME", "GAME_FORMAT", "SCORE_FORMAT", "TILE_FORMAT", "Tile", "find_tile", "parse_tile", "read_game",
           "score_document", "score_game", "shipped_tiles", "tile_to_json"]
