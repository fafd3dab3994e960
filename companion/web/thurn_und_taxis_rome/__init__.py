"""Thurn und Taxis: All Roads Lead to Rome at the table: the Audience's secret clergy, Offices of honor, the score.

One parent blueprint (`thurn_und_taxis_rome`) carries the pages and the game's static files; the app
factory finds it through `WEB`.
"""

from flask import Blueprint

from ...games.core.problems import N_
from ..core.plugins import GameWeb, HomeEntry
from . import boards, route, score, seats, tables  # noqa: F401  (each adds its views to common.bp)
from .common import bp as pages

bp = Blueprint("thurn_und_taxis_rome", __name__, static_folder="static",
               static_url_path="/static/thurn_und_taxis_rome")
bp.register_blueprint(pages)

WEB = GameWeb(
    game_id="thurn-und-taxis-rome",
    blueprint=bp,
    home=HomeEntry(
        title="Thurn und Taxis: All Roads Lead to Rome",
        tagline=N_("The table's memory for the Audience and Offices of honor: secret clergy on every phone, "
                   "Rome's audience, the return rounds and the final score."),
        colours=("#f3e6c4", "#3b2412", "#a4262c"),
        start_endpoint="thurn_und_taxis_rome.tables.new",
        links=((N_("Enter the Road-to-Rome board"), "thurn_und_taxis_rome.tables.boards"),
               (N_("Print a score pad"), "thurn_und_taxis_rome.tables.scorepad")),
        order=40,
    ),
    about=N_("Thurn und Taxis: All Roads Lead to Rome reads thurn-und-taxis-rome-game/1 and writes "
             "thurn-und-taxis-rome-score/1; a Road-to-Rome board travels as thurn-und-taxis-rome-track/1 and a "
             "table's state as thurn-und-taxis-rome-table/1."),
)
