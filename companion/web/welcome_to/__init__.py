"""Welcome To...'s web layer: tables, each player's live sheet on their phone, the score sheet, the paper kit.

One parent blueprint (`welcome_to`, under /welcome-to) carries the feature
blueprints and the game's static files; the app factory finds it through `WEB`.
"""

from flask import Blueprint

from ...games.core.problems import N_
from ..core.plugins import GameWeb, HomeEntry
from ..core.tables.spec import HostActions, TableSpec
from . import photo, printing, seats, store, tables
from .contract import Driver

bp = Blueprint("welcome_to", __name__, url_prefix="/welcome-to", static_folder="static",
               static_url_path="/static")
for child in (tables.bp, seats.bp, photo.bp, printing.bp):
    bp.register_blueprint(child)

WEB = GameWeb(
    game_id="welcome-to",
    blueprint=bp,
    home=HomeEntry(
        title="Welcome To...",
        tagline=N_("Fill your sheet on your phone as you play: every house number, fence and effect checked, "
                   "the score kept for you."),
        colours=("#cfe8e4", "#1d3557", "#e63946"),
        start_endpoint="welcome_to.tables.new",
        links=((N_("Score a finished game"), "welcome_to.tables.import_game"),),
        order=30,
    ),
    tables=TableSpec(public_view=tables.public_view, seat_view=tables.seat_view, delete=store.delete_table,
                     contract=Driver, final_sheet=tables.final_sheet,
                     score_endpoint="welcome_to.tables.score",
                     # the host's actions (a table without a recorded host: any phone holding a seat runs the
                     # round; freeing a seat stays the host's, the view says so)
                     host_actions=HostActions(table_arg="table_id", page="welcome_to.tables.show",
                                              endpoints=frozenset(f"welcome_to.tables.{name}" for name in (
                                                  "round_deal", "round_next", "round_reshuffle", "round_keep",
                                                  "round_pairs", "free")),
                                              is_host=tables.runs_table)),
    about=N_("Welcome To... reads welcome-to-game/1 and writes welcome-to-score/1; a live sheet downloads as a "
             "welcome-to-game/1 player."),
)
