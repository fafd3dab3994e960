"""En Route's web layer, one sub-package per concern; the app factory finds it through `WEB`.

- `tables/`: score tables and their sheets (pages, store, forms, drafts, score sheet, photo reading);
- `referee/`: the refereed game (setup walk-through, round tracker, each player's page, its store);
- `boards/`: the board editor and the saved board library;
- `maps/`: the tappable SVG map, its feature drawers and printed coordinates;
- `routes/`: best-route searches (cache, background jobs, the progress page);
- `cities/`: each world city's own web contributions (registering themselves);
- `api.py` (the JSON API), `labels.py` (texts chosen at run time), `contract.py` (the contract tests' driver).

One parent blueprint (`enroute`) carries the feature blueprints and the game's static files.
"""

from flask import Blueprint, Response, send_from_directory

from ...games.core.problems import N_
from ..core.plugins import GameWeb, HomeEntry
from ..core.tables.spec import HostActions, TableSpec
from . import api, cities
from .boards import pages as boards
from .boards import store as board_store
from .labels import label
from .referee import live, player, rounds  # noqa: F401  (they add their views to the referee's blueprint)
from .referee import setup as play
from .referee import store as play_store
from .referee.common import is_host as play_host
from .routes import progress as route_progress
from .tables import pages as tables
from .tables import photo, pictures
from .tables import store as table_store


class _GameBlueprint(Blueprint):
    """The parent blueprint: its static route (`/static/enroute/<name>`) also answers a city folder's scripts, so
    a script that moved into its city's folder keeps its URL and its bytes."""

    def send_static_file(self, filename: str) -> Response:
        """Serve `filename` from the city folder that registered it, else from the shared static folder."""
        folder = cities.static_folder(filename)
        if folder is None:
            return super().send_static_file(filename)
        return send_from_directory(folder, filename, max_age=self.get_send_file_max_age(filename))


bp = _GameBlueprint("enroute", __name__, static_folder="static", static_url_path="/static/enroute")
cities.add_play_views(play.bp)  # a city's own forms' views (they import the referee's modules, loaded by now)
for child in (tables.bp, play.bp, boards.bp, api.bp, photo.bp, route_progress.bp):
    bp.register_blueprint(child)
# When the app starts (its migrations have run): bring an old board library folder into the database, once.
bp.record_once(lambda state: board_store.import_library_at_start(state.app))


def public_view(table_id: str) -> dict | None:
    """Any En Route table by its id: a refereed game (`/play`) or a score table (`/tables`)."""
    return play_store.public_view(table_id) or table_store.public_view(table_id)


def seat_view(table_id: str, seat: int) -> dict | None:
    """One seat's view: a refereed game's seat (its secrets); a score table has no secrets."""
    return play_store.seat_view(table_id, seat) or table_store.public_view(table_id)


def delete(conn, table_id: str) -> None:
    """Retention's purge: the game's rows of a refereed game or a score table (whichever it is)."""
    play_store.delete_game(conn, table_id)
    table_store.delete_table(conn, table_id)


def _contract():
    """The contract tests' driver (imported only when they run)."""
    from .contract import Driver

    return Driver()


@bp.context_processor
def enroute_labels() -> dict:
    """Give En Route's templates `label()` for texts chosen at run time."""
    return {"label": label}


WEB = GameWeb(
    game_id="enroute",
    blueprint=bp,
    home=HomeEntry(
        title="En Route",
        tagline=N_("Draw your route through the city: setup, referee, every sheet checked, the exact best route."),
        colours=("#f4c430", "#1d2a44", "#d2413a"),
        start_endpoint="enroute.tables.new",
        links=((N_("Referee a whole game"), "enroute.play.new"), (N_("Transcribe your board"), "enroute.boards.index")),
        order=10,
    ),
    web_scorers={"enroute-game/1": api.score_with_saved_boards},
    tables=TableSpec(public_view=public_view, seat_view=seat_view, delete=delete, contract=_contract,
                     final_sheet=tables.final_sheet, score_endpoint="enroute.tables.score",
                     route_pictures=pictures.route_pictures,
                     # every post of the referee that names the game (the tracker's steps, the setup, a city's own
                     # actions) is the host's; "This is me" is any phone's (the seat's own page has its own link)
                     host_actions=HostActions(table_arg="token", page="enroute.play.tracker",
                                              blueprints=("enroute.play",), open=frozenset({"enroute.play.claim"}),
                                              is_host=play_host)),
    about=N_("En Route reads enroute-game/1 and writes enroute-score/1; boards travel as enroute-board/1 and "
             "sheets as enroute-sheet/1."),
)
