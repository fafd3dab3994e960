"""Thurn und Taxis: All Roads Lead to Rome at the table: the Audience's secret clergy, Offices of honor, the score.

One parent blueprint (`thurn_und_taxis_rome`) carries the pages and the game's static files; the app
factory finds it through `WEB`.
"""

from flask import Blueprint

from ...games.core.problems import N_
from ..core.plugins import GameWeb, HomeEntry
from ..core.tables.spec import HostActions, TableSpec
from . import boards, route, score, seats, tables  # noqa: F401  (each adds its views to common.bp)
from .common import bp as pages
from .common import is_host, load_public
from .contract import TaxisDriver
from .store import delete_table
from .view import public_json, seat_json

bp = Blueprint("thurn_und_taxis_rome", __name__, static_folder="static",
               static_url_path="/static/thurn_und_taxis_rome")
bp.register_blueprint(pages)



def _public_view(table_id: str) -> dict | None:
    """Everything any phone may see of a table (every clergy placement face down)."""
    stored = load_public(table_id)
    return public_json(stored) if stored is not None else None


def _seat_view(table_id: str, seat: int) -> dict | None:
    """What a seat's own page may show: the public view and its tiles' state (no placement, see view.py)."""
    stored = load_public(table_id)
    if stored is None or not 0 <= seat < len(stored.table.seats):
        return None
    return seat_json(stored, seat)


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
    tables=TableSpec(public_view=_public_view, seat_view=_seat_view, delete=delete_table, contract=TaxisDriver,
                     final_sheet=score.final_sheet, score_endpoint="thurn_und_taxis_rome.tables.score",
                     # the host's action: a seat's new link (the turn's actions on the shared screen are anyone's);
                     # a table started before the core had a host is adopted by the phone whose session started it
                     host_actions=HostActions(table_arg="token", page="thurn_und_taxis_rome.tables.show",
                                              endpoints=frozenset({"thurn_und_taxis_rome.tables.new_link"}),
                                              is_host=is_host)),
    about=N_("Thurn und Taxis: All Roads Lead to Rome reads thurn-und-taxis-rome-game/1 and writes "
             "thurn-und-taxis-rome-score/1; a Road-to-Rome board travels as thurn-und-taxis-rome-track/1 and a "
             "table's state as thurn-und-taxis-rome-table/1."),
)
