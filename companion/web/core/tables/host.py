"""The host's actions, the same for every game: a game declares them, the core refuses them to other phones.

A game declares its host actions on its `TableSpec` (`HostActions`): named endpoints, and/or every post on
whole blueprints that names a table (a referee's tracker, whose cities add actions of their own: a new one is
the host's without a word more), minus the posts any phone may make (a claim, taking over hosting). Before the
game's view runs, the core answers 403 with how to become host to any other phone (`guard`); the view never
sees the post. Hosting moves by the core's hand-over (`seats.offer_host` / `keep_host` / `take_host`), run
for every game that declares host actions at `/host/<game>/<table>/<step>` and shown by the `host_box` macro
(templates/core/macros.html) on the game's page.
"""

from __future__ import annotations

from flask import Blueprint, abort, current_app, redirect, request, url_for
from flask_wtf import FlaskForm

from ....games.core.problems import N_
from ..i18n import _
from . import roster, seats
from .spec import HostActions

HOST_ONLY = N_("Only the host can do this: the phone that started the table, or the phone the host handed "
               "hosting to. The host hands it over with \"Hand over hosting\" on the table's page.")
MAX_TABLE_ID = 64  # the core's table ids are at most this long: a longer one is no table (the view answers 404)

bp = Blueprint("tables_host", __name__)


def _declared(game: str | None = None):
    """(game id, spec, host actions) of every game that declares host actions (or of `game` only)."""
    for web in current_app.extensions.get("companion.games", ()):
        spec = web.tables
        if spec is not None and spec.host_actions is not None and game in (None, web.game_id):
            yield web.game_id, spec, spec.host_actions


def hosts(game: str, actions: HostActions, table_id: str) -> bool:
    """Whether this phone hosts the table (the game's own rule when it has one, else the core's)."""
    return actions.is_host(table_id) if actions.is_host is not None else seats.is_host(game, table_id)


def refuse() -> None:
    """Answer 403: only the host may do this, and how a phone becomes host."""
    abort(403, description=_(HOST_ONLY))


def guard():
    """Before a game's view: a declared host action posted by another phone answers 403 (the view never runs)."""
    if request.method in ("GET", "HEAD", "OPTIONS") or request.url_rule is None:
        return None
    for game, spec, actions in _declared():
        if not actions.covers(request.endpoint, request.blueprint):
            continue
        table_id = (request.view_args or {}).get(actions.table_arg)
        if not isinstance(table_id, str) or not table_id or len(table_id) > MAX_TABLE_ID:
            return None  # no table named: the view answers (404)
        if hosts(game, actions, table_id) or spec.public_view(table_id) is None:
            return None  # the host, or no such table (the view says so)
        refuse()
    return None


def box(game: str, table_id: str) -> dict:
    """What the `host_box` macro shows this phone: hosting, offered, and the step URLs."""
    actions = next((a for _g, _s, a in _declared(game)), None)
    if actions is None:
        return {}
    return {"is_host": hosts(game, actions, table_id), "offered": seats.host_offered(game, table_id),
            "form": FlaskForm(),
            "urls": {step: url_for("tables_host.step", game=game, table_id=table_id, step=step)
                     for step in ("offer", "keep", "take")}}


@bp.post("/host/<game>/<table_id>/<step>")
def step(game: str, table_id: str, step: str):
    """The host offers hosting (or withdraws the offer); the next other phone takes it. Each step is logged."""
    return hand_over(game, table_id, step)


def hand_over(game: str, table_id: str, step: str):
    """Run one step of handing hosting over ("offer", "keep", "take") and go back to the table's page; 404 for
    no such table or step, 403 when a phone that does not host offers or withdraws, 409 when nothing is offered."""
    found = next(((spec, a) for _g, spec, a in _declared(game)), None)
    if found is None or step not in ("offer", "keep", "take") or len(table_id) > MAX_TABLE_ID \
            or found[0].public_view(table_id) is None:
        abort(404, description=_("This table does not exist. Check the link."))
    actions = found[1]
    if not FlaskForm().validate_on_submit():
        abort(400, description=_("The form expired or came from elsewhere; nothing was lost, please send it again."))
    if step == "take":
        mine = seats.my_seats(game, table_id)
        name = _seat_name(game, actions, table_id, mine[0]) if mine else ""
        if not seats.take_host(game, table_id, name):
            abort(409, description=_("The host has not offered to hand over hosting, or another phone took it "
                                     "first."))
    elif not hosts(game, actions, table_id):
        abort(403, description=_("Only the host can hand over hosting."))
    elif step == "offer":
        seats.offer_host(game, table_id)
    else:
        seats.keep_host(game, table_id)
    return redirect(url_for(actions.page, **{actions.table_arg: table_id}))


def _seat_name(game: str, actions: HostActions, table_id: str, seat: int) -> str:
    """The name of a seat for the log line."""
    if actions.seat_name is not None:
        return actions.seat_name(table_id, seat)
    return next((s.name for s in roster.seats(game, table_id) if s.seat == seat), "")


def init_app(app) -> None:
    """Install the guard (after the core's body and address checks, so those answer first) and the hand-over."""
    app.before_request(guard)
    app.register_blueprint(bp)
    app.jinja_env.globals["host_box_of"] = box
