"""Explore New York's web layer: tables, join codes, sheet entry on the tile's map, the score sheet, printables.

One parent blueprint (`explore_new_york`) carries the feature blueprints and
the game's static files; the app factory finds it through `WEB`.
"""

from flask import Blueprint

from ...games.core.problems import N_
from ..core.plugins import GameWeb, HomeEntry
from ..core.tables.spec import HostActions, TableSpec
from . import photo, rounds, store, tables, tile_editor, tile_store  # noqa: F401  (rounds adds its views to tables.bp)
from .contract import Driver

bp = Blueprint("explore_new_york", __name__, static_folder="static", static_url_path="/static/explore_new_york")
for child in (tables.bp, tables.kit, tile_editor.bp, photo.bp):
    bp.register_blueprint(child)

WEB = GameWeb(
    game_id="explore-new-york",
    blueprint=bp,
    home=HomeEntry(
        title="Explore New York",
        tagline=N_("Chart a tourist route across your map tile: sheets checked as you tap, the best final route "
                   "found for you."),
        colours=("#1f6f8b", "#ffffff", "#f2b134"),
        start_endpoint="explore_new_york.tables.new",
        links=((N_("Print blank maps"), "explore_new_york.kit.all_maps_pdf"),
               (N_("Print a score pad"), "explore_new_york.kit.blank_scorepad_pdf"),
               (N_("Enter your own map tile"), "explore_new_york.tiles.index")),
        order=15,
    ),
    tables=TableSpec(public_view=tables.public_view, seat_view=tables.seat_view, delete=store.delete_table,
                     contract=Driver, final_sheet=tables.final_sheet,
                     score_endpoint="explore_new_york.tables.score",
                     host_actions=HostActions(table_arg="token", page="explore_new_york.tables.show",
                                              endpoints=frozenset(f"explore_new_york.tables.{name}" for name in
                                                                  ("begin", "deal", "close", "undo", "to_tiles",
                                                                   "free")))),
    about=N_("Explore New York reads explore-ny-game/1 and writes explore-ny-score/1; tiles travel as "
             "explore-new-york-tile/1."),
)
