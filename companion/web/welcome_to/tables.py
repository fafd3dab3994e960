"""Tables: start one (mode, intermediate rules, plans drawn or chosen), the table page with its join code and QR
code, joining with a name, each player's status, the score sheet, the game as JSON, and importing a finished game.

The table page is shared by everyone at the table, so it never shows a seat's
secret link: a phone that joined keeps its seats in its own cookie (`phone`).
"""

from __future__ import annotations

import json

from flask import Blueprint, Response, abort, flash, redirect, render_template, request, url_for

from ...games.welcome_to import PLANS, RULES
from ..core import db as core_db
from ..core.home import remember_table
from ..core.i18n import _
from ..core.qr import qr_png
from ..core.security import public_url
from . import store
from .forms import STACKS, ImportForm, JoinForm, NewTableForm, clean_name, csrf_failed, stack_choices
from .importing import read_game_import
from .labels import MODE_LABELS, plan_text
from .phone import remember_seats, tokens_for
from .scoresheet import score_context
from .view import end_news, load_state, problems_of, status_rows

bp = Blueprint("tables", __name__)


def load_table(table_id: str) -> dict:
    """A table, or a 404 page saying the link is wrong."""
    table = store.get_table(table_id)
    if table is None:
        abort(404, description=_("This table does not exist. Check the link or the code."))
    return table


def _title(table: dict, names: list[str] | None = None) -> str:
    """The table's line under "recent tables" (plan ids and players: no secret in it)."""
    plans = ", ".join(map(str, table["plans"]))
    who = f" · {', '.join(names)}" if names else ""
    return f"Welcome To... · {table['mode']} · {plans}{who}"


def _create(settings: dict, names: list[str], bases: list[dict | None]) -> tuple[str, list[str]]:
    """Store a new table with its first seats and give it a join code; return its id and the seat tokens."""
    table_id = store.create_table(settings["mode"], settings["intermediate"], settings["plans"])
    limit = 1 if settings["mode"] == "solo" else store.MAX_SEATS
    tokens = [store.add_seat(table_id, name, limit, base)[1] for name, base in zip(names, bases)]
    table = store.get_table(table_id)
    core_db.new_table_code("welcome-to", url_for("welcome_to.tables.show", table_id=table_id), _title(table, names))
    return table_id, tokens


@bp.route("/new", methods=["GET", "POST"])
def new():
    """Start a table."""
    form = NewTableForm()
    errors: dict[str, str] = {}
    status = 200
    if request.method == "POST":
        if form.validate_on_submit():
            settings, errors = form.read()
            if settings is not None:
                names = [settings["name"]] if settings["name"] else []
                table_id, tokens = _create(settings, names, [None] * len(names))
                response = redirect(url_for("welcome_to.tables.show", table_id=table_id))
                return remember_seats(response, table_id, tokens)
            flash(_("Please fix the marked fields."), "error")
        else:
            flash(_("The form expired or came from elsewhere; nothing was lost, please send it again.")
                  if csrf_failed(form) else _("Please fix the marked fields."), "error")
        status = 422
    stacks = [{"stack": n, "choices": stack_choices(n), "field": f"plan_{n}",
               "value": getattr(form, f"plan_{n}").data or ""} for n in STACKS]
    return render_template("welcome_to/new.html", form=form, errors=errors, stacks=stacks, modes=MODE_LABELS), status


@bp.get("/t/<table_id>")
def show(table_id: str):
    """The table page: join code, QR code and link, plans in play, each player's status, joining."""
    table = load_table(table_id)
    state = load_state(table)
    path = url_for("welcome_to.tables.show", table_id=table_id)
    remember_table(path)
    code = core_db.code_for_path(path)
    return render_template("welcome_to/table.html", **_table_context(state), code=code["code"] if code else None,
                           link=public_url("welcome_to.tables.show", table_id=table_id), join=JoinForm(),
                           join_error=None)


def _table_context(state) -> dict:
    """What the table page and its status fragment show."""
    table = state.table
    mine = tokens_for(table["id"])
    rows = status_rows(state)
    for row, seat in zip(rows, state.seats):
        row["mine"] = seat["token"] in mine
        row["link"] = url_for("welcome_to.seats.sheet", token=seat["token"]) if row["mine"] else None
    plans = [{"id": p, "stack": PLANS[p].stack, "text": plan_text(PLANS[p]), "first_points": PLANS[p].first_points,
              "later_points": PLANS[p].later_points,
              "claims": [{"name": name, "round": c.round} for name, live in zip(state.names, state.lives)
                         for c in live.claims if c.plan == p]} for p in state.settings.plans]
    limit = 1 if state.settings.solo else store.MAX_SEATS
    return {"table": table, "rows": rows, "plans": plans, "news": end_news(state), "mode": MODE_LABELS[table["mode"]]
            if table["mode"] in MODE_LABELS else table["mode"], "can_join": len(rows) < limit,
            "houses": sum(RULES.street_sizes)}


@bp.get("/t/<table_id>/status")
def status(table_id: str):
    """The players' status and the table's news as an HTML fragment (the table page refreshes it)."""
    table = load_table(table_id)
    return render_template("welcome_to/_status.html", **_table_context(load_state(table)))


@bp.post("/t/<table_id>/join")
def join(table_id: str):
    """Take a seat with a name; this phone keeps the seat's secret link."""
    table = load_table(table_id)
    form = JoinForm()
    name, problem = clean_name(form.name.data)
    if not form.validate_on_submit():
        problem = (_("The form expired or came from elsewhere; nothing was lost, please send it again.")
                   if csrf_failed(form) else _("Please fix the marked fields."))
    if problem is None:
        try:
            _seat, token = store.add_seat(table_id, name, 1 if table["mode"] == "solo" else store.MAX_SEATS)
        except store.TableFull:
            problem = _("This table is full.")
        else:
            response = redirect(url_for("welcome_to.seats.sheet", token=token))
            return remember_seats(response, table_id, [token])
    state = load_state(table)
    path = url_for("welcome_to.tables.show", table_id=table_id)
    code = core_db.code_for_path(path)
    return render_template("welcome_to/table.html", **_table_context(state), code=code["code"] if code else None,
                           link=public_url("welcome_to.tables.show", table_id=table_id), join=form,
                           join_error=problem), 422


@bp.get("/t/<table_id>/qr.png")
def qr(table_id: str):
    """The QR code of the table link."""
    load_table(table_id)
    png = qr_png(public_url("welcome_to.tables.show", table_id=table_id))
    return Response(png, mimetype="image/png", headers={"Cache-Control": "private, max-age=3600"})


@bp.get("/t/<table_id>/score")
def score(table_id: str):
    """The score sheet across the table: every row, temp agency ranking, ranks and tie-breaks."""
    table = load_table(table_id)
    state = load_state(table)
    remember_table(url_for("welcome_to.tables.show", table_id=table_id))
    return render_template("welcome_to/score.html", **score_context(state), news=end_news(state),
                           mode=MODE_LABELS.get(table["mode"], table["mode"]))


@bp.get("/t/<table_id>/game.json")
def game_json(table_id: str):
    """The whole game as a `welcome-to-game/1` download."""
    table = load_table(table_id)
    return json_download(load_state(table).doc(), "welcome-to-game.json")


def json_download(doc: dict, filename: str) -> Response:
    """A JSON document as a file download."""
    body = json.dumps(doc, ensure_ascii=False, indent=1) + "\n"
    return Response(body, mimetype="application/json",
                    headers={"Content-Disposition": f'attachment; filename="{filename}"'})


@bp.route("/import", methods=["GET", "POST"])
def import_game():
    """Start a table from a finished `welcome-to-game/1` game (pasted or uploaded) and show its score sheet."""
    form = ImportForm()
    message, problems, status = None, [], 200
    if request.method == "POST":
        if not form.validate_on_submit():
            message = (_("The form expired or came from elsewhere; nothing was lost, please send it again.")
                       if csrf_failed(form) else _("Please fix the marked fields."))
            status = 400
        else:
            text = form.document_text()
            doc, message, found = read_game_import(text)
            if doc is not None:
                settings = {"mode": doc.get("mode", "standard"), "intermediate": bool(doc.get("intermediate")),
                            "plans": list(doc["plans"])}
                names = [clean_name(p["player"])[0][:40] for p in doc["players"]]
                table_id, tokens = _create(settings, names, list(doc["players"]))
                flash(_("The game is imported: {n} players.", n=len(names)), "ok")
                response = redirect(url_for("welcome_to.tables.score", table_id=table_id))
                return remember_seats(response, table_id, tokens)
            form.text.data = text
            problems = problems_of(found)
            status = 422
    return render_template("welcome_to/import.html", form=form, message=message, problems=problems), status

