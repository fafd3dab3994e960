"""Ticket to Ride: Europe's web layer: start a table, each phone enters its player's end of game on a
tappable map of Europe, and the score sheet explains every row.

One parent blueprint (`ttr_europe`) carries the table and seat blueprints and
the game's static files; the app factory finds it through `WEB`.
"""

from flask import Blueprint

from ...games.core.problems import N_
from ..core.plugins import GameWeb, HomeEntry
from ..core.tables.spec import HostActions, TableSpec
from . import claim_store, claims, deal_pages, deal_store, pictures, seats, store, tables  # noqa: F401  (the stores declare the game's tables)
from .labels import label
from .views import delete_table, public_view, seat_view

bp = Blueprint("ttr_europe", __name__, static_folder="static", static_url_path="/static/ttr-europe")
for child in (tables.bp, seats.bp, claims.bp, deal_pages.bp):
    bp.register_blueprint(child)


@bp.context_processor
def ttr_labels() -> dict:
    """Give the game's templates `label()` for texts chosen at run time."""
    return {"label": label}


def _driver():
    """The contract tests' driver (imported only when the tests ask for it)."""
    from .contract import Driver

    return Driver()


WEB = GameWeb(
    game_id="ttr-europe",
    blueprint=bp,
    home=HomeEntry(
        title="Ticket to Ride: Europe",
        tagline=N_("Score a finished game from your phones: tap your routes on the map, the best use of your "
                   "stations, the exact European Express."),
        colours=("#7b2d26", "#fbf1dc", "#e0a526"),
        start_endpoint="ttr_europe.tables.new",
        links=((N_("Score pad (PDF)"), "ttr_europe.tables.blank_scorepad"),
               (N_("Route tally sheet (PDF)"), "ttr_europe.tables.blank_tally"),
               (N_("Ticket checklist (PDF)"), "ttr_europe.tables.blank_tickets")),
        order=20,
    ),
    about=N_("Ticket to Ride: Europe reads ttr-europe-game/1 and writes ttr-europe-score/1."),
    tables=TableSpec(public_view=public_view, seat_view=seat_view, delete=delete_table, contract=_driver,
                     final_sheet=tables.final_sheet, score_endpoint="ttr_europe.tables.score",
                     route_pictures=pictures.route_pictures,
                     # the host's actions (a table without a host: any phone holding a seat ends it and deals)
                     host_actions=HostActions(table_arg="table_id", page="ttr_europe.tables.show",
                                              endpoints=frozenset({"ttr_europe.tables.free",
                                                                   "ttr_europe.tables.new_link",
                                                                   "ttr_europe.tables.end",
                                                                   "ttr_europe.deal.table_deal"}),
                                              is_host=tables.runs_table)),
)
