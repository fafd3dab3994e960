"""Thurn und Taxis: All Roads Lead to Rome — the Audience, Offices of honor and the final score (engine only)."""

from ..core.engine import GameEngine
from .actions import apply_action
from .audience import (
    arrive,
    assign_clergy,
    audience,
    movement_credits,
    next_cities,
    preview_route,
    score_route,
    set_tile_value,
)
from .commands import add_commands, score_document
from .offices import return_offices, take_office
from .scoring import GAME_FORMAT, SCORE_FORMAT, game_document, score_game, score_table
from .setup import new_table
from .state import TABLE_FORMAT, Outcome, Table, table_to_json
from .tablereader import read_table
from .track import (
    TRACK_FORMAT,
    Track,
    read_track,
    shipped_drawing,
    shipped_track,
    shipped_track_doc,
    two_player_placements,
)
from .turns import end_game, end_turn
from .views import public_view, seat_view

GAME = GameEngine(id="thurn-und-taxis-rome", name="Thurn und Taxis: All Roads Lead to Rome",
                  formats={GAME_FORMAT: score_document}, add_commands=add_commands, output_formats=(SCORE_FORMAT,))

__all__ = ["GAME", "GAME_FORMAT", "SCORE_FORMAT", "TABLE_FORMAT", "TRACK_FORMAT", "Outcome", "Table", "Track",
           "apply_action", "arrive", "assign_clergy", "audience", "end_game", "end_turn", "game_document",
           "movement_credits", "new_table", "next_cities", "preview_route", "public_view", "read_table", "read_track",
           "return_offices", "score_game", "score_route", "score_table", "seat_view", "set_tile_value",
           "shipped_drawing", "shipped_track", "shipped_track_doc",
           "table_to_json", "take_office", "two_player_placements"]
