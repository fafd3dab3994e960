"""Tables: start one (mode, intermediate rules, plans drawn or chosen), the table page with its join code and QR
code, joining with a name, each player's status, the score sheet, the game as JSON, and importing a finished game.

The table page is shared by everyone at the table, so it never shows a seat's
secret link: the core's seats (`core.tables.seats`) know which phone holds each seat, and the page leads
only that phone to its sheet. A free seat is taken with "This is me"; a held one moves only by its own link
or when the host frees it, and the table's log on this page says so.

The host's actions (dealing or entering the round's cards, freeing a seat) are declared on the game's
`TableSpec` (`HOST_ACTIONS`): the core refuses them to every other phone (403, one message for every game)
before these views run, and hands hosting over (`host_box` on the table page).
"""

from __future__ import annotations

import json

from flask import Blueprint, Response, abort, flash, redirect, render_template, request, url_for

from ...games.core.problems import N_
from ...games.welcome_to import PLANS, RULES
from ..core import db as core_db
from ..core import limits
from ..core.home import remember_table
from ..core.i18n import _
from ..core.qr import qr_response
from ..core.security import loads, public_url, small_int
from ..core.tables import host, registry, roster, seats
from ..core.tables.live import live_answer, mark_of
from ..core.tables.names import duplicate_names, name_key
from . import rounds, store
from .forms import (
    STACKS,
    ButtonForm,
    ImportForm,
    JoinForm,
    NewTableForm,
    clean_name,
    csrf_failed,
    same_name,
    stack_choices,
)
from .importing import log_note, read_game_import
from .labels import CARD_EFFECT_ORDER, MODE_LABELS, ROW_LABELS, effect_label, plan_text
from .scoresheet import score_context
from .view import end_news, load_state, problems_of, reshuffle_askers, status_rows

GAME_ID = "welcome-to"

bp = Blueprint("tables", __name__)


def runs_table(table_id: str) -> bool:
    """Whether this phone runs the table's round (deals, turns, enters the cards): the host, or on a table without
    a recorded host (started before tables had one) any phone holding a seat (the core's `runs_table`)."""
    return seats.runs_table(GAME_ID, table_id)


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
    """Store a new table with its first seats (this phone its host) and a join code; return its id and tokens."""
    table_id = store.create_table(settings["mode"], settings["intermediate"], settings["plans"])
    seats.make_host(GAME_ID, table_id)
    limit = 1 if settings["mode"] == "solo" else store.MAX_SEATS
    tokens = [store.add_seat(table_id, name, limit, base)[1] for name, base in zip(names, bases)]
    table = store.get_table(table_id)
    core_db.new_table_code(GAME_ID, url_for("welcome_to.tables.show", table_id=table_id), _title(table, names))
    return table_id, tokens


def change_mark(table: dict, own_seat: int | None = None) -> str:
    """The table's change mark, made of public counters only: the table's and each seat's version, the log.

    A seat's own page leaves out its own version: its script shows its own moves itself, and the page follows
    what the others do."""
    versions = [("-" if s["seat"] == own_seat else s["version"]) for s in store.get_seats(table["id"])]
    return mark_of(table["version"], *versions, seats.event_mark(GAME_ID, table["id"]))


@bp.route("/new", methods=["GET", "POST"])
@limits.creates_table
def new():
    """Start a table."""
    form = NewTableForm()
    errors: dict[str, str] = {}
    status = 200
    if request.method == "POST":
        if form.validate_on_submit():
            settings, errors = form.read()
            if settings is not None:
                names = ([settings["name"]] if settings["name"] else []) + settings["others"]
                table_id, _tokens = _create(settings, names, [None] * len(names))
                if settings["name"]:  # the name typed as "yours" plays on this phone
                    seats.claim(GAME_ID, table_id, 0, settings["name"], by_link=False)
                return redirect(url_for("welcome_to.tables.show", table_id=table_id))
            flash(_("Please fix the marked fields."), "error")
        else:
            flash(_("The form expired or came from elsewhere; nothing was lost, please send it again.")
                  if csrf_failed(form) else _("Please fix the marked fields."), "error")
        status = 422
    others = [{"field": f"others-{k}", "value": entry.data or ""} for k, entry in enumerate(form.others.entries)]
    stacks = [{"stack": n, "choices": stack_choices(n), "field": f"plan_{n}",
               "value": getattr(form, f"plan_{n}").data or ""} for n in STACKS]
    return render_template("welcome_to/new.html", form=form, errors=errors, stacks=stacks, modes=MODE_LABELS,
                           others=others), status


@bp.get("/t/<table_id>")
def show(table_id: str):
    """The table page: join code, QR code and link, plans in play, each player's status, joining."""
    table = load_table(table_id)
    _adopt_old_seats(table_id)
    return _table_page(table, JoinForm(), None)


OLD_COOKIE = "welcome_to_seats"  # before the core's seats, a phone kept its seats' links in this cookie


def _adopt_old_seats(table_id: str) -> None:
    """A phone that joined before the core's seats brings its seats' links in its old cookie: it holds them (as
    opening each link would), so it finds its sheet again."""
    value, problem = loads(request.cookies.get(OLD_COOKIE, "[]"))
    if problem is not None or not isinstance(value, list):
        return
    for item in value[:24]:
        if isinstance(item, list) and len(item) == 2 and item[0] == table_id and isinstance(item[1], str):
            seat = store.seat_by_token(item[1])
            if seat is not None and seat["table_id"] == table_id:
                seats.claim(GAME_ID, table_id, seat["seat"], seat["name"], by_link=True)


def _table_page(table: dict, join, join_error: str | None, claim_error: str | None = None, status: int = 200,
                entered: dict | None = None):
    """The shared table page (every phone at the table sees the same, but for the way to its own sheet)."""
    table_id = table["id"]
    mark = change_mark(table)
    state = load_state(table)
    path = url_for("welcome_to.tables.show", table_id=table_id)
    remember_table(path)
    code = core_db.code_for_path(path)
    return render_template("welcome_to/table.html", **_table_context(state), code=code["code"] if code else None,
                           link=public_url("welcome_to.tables.show", table_id=table_id), join=join,
                           join_error=join_error, claim_error=claim_error, button=ButtonForm(),
                           is_host=seats.is_host(GAME_ID, table_id), runs=runs_table(table_id),
                           events=seats.events(GAME_ID, table_id),
                           mark=mark, hold=bool(join_error or claim_error), entered=entered or {}), status


def _table_context(state) -> dict:
    """What the table page and its status fragment show."""
    table = state.table
    held = seats.held_seats(GAME_ID, table["id"])
    rows = status_rows(state)
    for row, seat in zip(rows, state.seats):
        row["mine"] = held.get(seat["seat"], False)
        row["held"] = seat["seat"] in held
        row["link"] = url_for("welcome_to.seats.sheet", token=seat["token"]) if row["mine"] else None
    plans = [{"id": p, "stack": PLANS[p].stack, "text": plan_text(PLANS[p]), "first_points": PLANS[p].first_points,
              "later_points": PLANS[p].later_points,
              "claims": [{"name": name, "round": c.round} for name, live in zip(state.names, state.lives)
                         for c in live.claims if c.plan == p]} for p in state.settings.plans]
    limit = 1 if state.settings.solo else store.MAX_SEATS
    return {"deck": round_context(state),
            "table": table, "rows": rows, "plans": plans, "news": end_news(state), "mode": MODE_LABELS[table["mode"]]
            if table["mode"] in MODE_LABELS else table["mode"], "can_join": len(rows) < limit,
            "houses": sum(RULES.street_sizes)}


def round_context(state) -> dict | None:
    """The table's round as the table page and the shared screen show it (public: never a hand)."""
    seen = rounds.public(state.table.get("deck"))
    if seen is None:
        return {"round": None, "shown": [], "effects": [(e, effect_label(e)) for e in CARD_EFFECT_ORDER],
                "played": []}
    for item in seen["shown"]:
        item["label"] = effect_label(item["effect"])
    table_round = seen["round"] or 0
    seen["played"] = [{"name": name, "done": live.round > table_round or (live.round == table_round and
                                                                          live.number_done)}
                      for name, live in zip(state.names, state.lives)]
    for row, done in zip(seen["played"], seen.get("advanced_played", [])):
        row["done"] = done
    if rounds.is_physical_hands(state.table.get("deck")):
        seen["played"] = []  # each seat keeps its own rounds with its own cards
    seen["effects"] = [(e, effect_label(e)) for e in CARD_EFFECT_ORDER]
    seen["reshuffle_asked"] = [state.names[i] for i in reshuffle_askers(state)]
    return seen


def _round_action(table_id: str, change) -> Response:
    """A host's deck action: check the form, change the stored deck, go back where it came from. The core refused
    it to every other phone already (TableSpec.host_actions); the view does not trust that alone."""
    table = load_table(table_id)
    if not runs_table(table_id):
        host.refuse()
    form = ButtonForm()
    if not form.validate_on_submit():
        return _table_page(table, JoinForm(), None, _("The form expired or came from elsewhere; nothing was lost, "
                                                      "please send it again."), 400)
    try:
        deck = change(table)
    except rounds.RoundError as exc:
        return _table_page(table, JoinForm(), None, _(str(exc)), 409)
    except (ValueError, TypeError):
        return _table_page(table, JoinForm(), None, _(
            "Each pair is a number from 1 to 15 and one of the six effects."), 422)
    if not store.save_deck(table_id, table["version"], deck):
        return _table_page(table, JoinForm(), None, _("Another phone changed the table first; look and try again."),
                           409)
    back = "welcome_to.tables.screen" if request.form.get("back") == "screen" else "welcome_to.tables.show"
    return redirect(url_for(back, table_id=table_id) + "#round")


@bp.post("/t/<table_id>/round/deal")
def round_deal(table_id: str):
    """The companion deals the construction cards (the table needs none) and turns the first round."""
    return _round_action(table_id, lambda table: rounds.deal(table["mode"], seats=len(store.get_seats(table_id)),
                                                             current=table.get("deck")))


@bp.post("/t/<table_id>/round/next")
def round_next(table_id: str):
    """The companion turns the next round's cards."""
    return _round_action(table_id, lambda table: rounds.next_round(table.get("deck") or {}))


@bp.post("/t/<table_id>/round/reshuffle")
def round_reshuffle(table_id: str):
    """The first player to complete a plan asked for new stacks: they come with the next round."""
    return _round_action(table_id, lambda table: rounds.reshuffle(table.get("deck") or {}))


@bp.post("/t/<table_id>/round/keep")
def round_keep(table_id: str):
    """The host answers for the first player to complete a plan: keep the stacks."""
    return _round_action(table_id, lambda table: rounds.keep_stacks(table.get("deck") or {}))


@bp.post("/t/<table_id>/round/pairs")
def round_pairs(table_id: str):
    """The host taps in the three pairs turned at the table: the next round's offer."""
    entered = {f"{k}{i}": str(request.form.get(f"{k}{i}", ""))[:16] for i in (1, 2, 3) for k in "ne"}
    for i in (1, 2, 3):  # name the pair that is not a card, and keep what the host typed
        number = small_int(entered[f"n{i}"].strip())
        if number is None or not 1 <= number <= 15 or entered[f"e{i}"] not in CARD_EFFECT_ORDER:
            return _table_page(load_table(table_id), JoinForm(), None, _(
                "Pair {n}: a number from 1 to 15 and one of the six effects.", n=i), 422, entered)

    def change(table):
        if table["mode"] == "advanced":
            raise rounds.RoundError(N_("In the advanced game each player taps in their own hand on their phone."))
        values = [(int(entered[f"n{i}"].strip()), entered[f"e{i}"]) for i in (1, 2, 3)]
        if table["mode"] == "solo":
            return rounds.enter(table.get("deck"), values, "cards", request.form.get("solo_card") == "1",
                                request.form.get("last_cards") == "1")
        return rounds.enter(table.get("deck"), values)
    return _round_action(table_id, change)


@bp.get("/t/<table_id>/screen")
def screen(table_id: str):
    """The shared screen (a tablet in the middle of the table): the round's pairs large, the stacks, the plans and
    who has played, following the game live."""
    table = load_table(table_id)
    state = load_state(table)
    return render_template("welcome_to/screen.html", **_table_context(state), mark=change_mark(table),
                           runs=runs_table(table_id), button=ButtonForm())


@bp.get("/t/<table_id>/status")
def status(table_id: str):
    """The players' status and the table's news as an HTML fragment (the table page refreshes it)."""
    table = load_table(table_id)
    return render_template("welcome_to/_status.html", **_table_context(load_state(table)))


@bp.post("/t/<table_id>/join")
@limits.claims_seat
def join(table_id: str):
    """Take a new seat with a name; this phone holds it (the core's seats) and its sheet opens."""
    table = load_table(table_id)
    form = JoinForm()
    name, problem = clean_name(form.name.data)
    if not form.validate_on_submit():
        problem = (_("The form expired or came from elsewhere; nothing was lost, please send it again.")
                   if csrf_failed(form) else _("Please fix the marked fields."))
    if problem is None:
        taken = next((s["name"] for s in store.get_seats(table_id) if name_key(s["name"]) == name_key(name)), None)
        if taken is not None:
            problem = same_name(taken)
    if problem is None and rounds.advanced_full(table.get("deck"), len(store.get_seats(table_id))):
        problem = _("The advanced deck deals hands to at most 5 players: this table is full.")
    if problem is None:
        try:
            seat, token = store.add_seat(table_id, name, 1 if table["mode"] == "solo" else store.MAX_SEATS)
        except store.TableFull:
            problem = _("This table is full.")
        except roster.DuplicateName:  # another phone joined with this name meanwhile
            problem = same_name(name)
        else:
            seats.claim(GAME_ID, table_id, seat, name, by_link=False)
            _late_joiner(table_id, seat)
            return redirect(url_for("welcome_to.seats.sheet", token=token))
    return _table_page(table, form, problem, status=422)


def _late_joiner(table_id: str, seat: int) -> None:
    """A seat that joins after the cards were dealt or entered starts at the table's round; in an advanced deal it
    is dealt a hand (a few tries when another phone saved the table at the same moment)."""
    for _try in range(5):
        table = store.get_table(table_id)
        deck = rounds.seat_joined(table.get("deck") if table else None, seat)
        if deck is None or store.save_deck(table_id, table["version"], deck):
            return


@bp.post("/t/<table_id>/seats/<int:seat>/claim")
def claim(table_id: str, seat: int):
    """"This is me": take a free seat on this phone. A seat another phone holds is refused here (its own link,
    or the host freeing it, moves it)."""
    table = load_table(table_id)
    found = next((s for s in store.get_seats(table_id) if s["seat"] == seat), None)
    if found is None:
        abort(404, description=_("This table has no such seat."))
    form = ButtonForm()
    if not form.validate_on_submit():
        return _table_page(table, JoinForm(), None, _("The form expired or came from elsewhere; nothing was lost, "
                                                      "please send it again."), 400)
    if not seats.claim(GAME_ID, table_id, seat, found["name"], by_link=False).ok:
        return _table_page(table, JoinForm(), None, _(
            "{name}'s seat is held by another phone. Open it with its own link on that phone, or ask the host to "
            "move it to another phone.", name=found["name"]), 409)
    return redirect(url_for("welcome_to.seats.sheet", token=found["token"]))


@bp.post("/t/<table_id>/seats/<int:seat>/free")
def free(table_id: str, seat: int):
    """The host frees a held seat so that another phone can take it with "This is me" (logged for the table). Only
    the host (never a seat holder of a table without a host) frees a seat: anyone else gets the core's 403."""
    table = load_table(table_id)
    if not seats.is_host(GAME_ID, table_id):
        host.refuse()
    found = next((s for s in store.get_seats(table_id) if s["seat"] == seat), None)
    if found is None:
        abort(404, description=_("This table has no such seat."))
    form = ButtonForm()
    if not form.validate_on_submit():
        return _table_page(table, JoinForm(), None, _("The form expired or came from elsewhere; nothing was lost, "
                                                      "please send it again."), 400)
    seats.free_by_host(GAME_ID, table_id, seat, found["name"])
    return redirect(url_for("welcome_to.tables.show", table_id=table_id))


@bp.get("/t/<table_id>/live")
def live(table_id: str):
    """The table's change mark (the table page and the score sheet follow the game with it)."""
    table = store.get_table(table_id)
    return live_answer(change_mark(table) if table else None)


@bp.get("/t/<table_id>/qr.png")
def qr(table_id: str):
    """The QR code of the table link."""
    load_table(table_id)
    return qr_response("welcome_to.tables.show", table_id=table_id)


@bp.get("/t/<table_id>/score")
def score(table_id: str):
    """The score sheet across the table: every row, temp agency ranking, ranks and tie-breaks."""
    table = load_table(table_id)
    mark = change_mark(table)
    state = load_state(table)
    remember_table(url_for("welcome_to.tables.show", table_id=table_id))
    return render_template("welcome_to/score.html", **score_context(state), news=end_news(state),
                           mode=MODE_LABELS.get(table["mode"], table["mode"]), mark=mark)


@bp.get("/t/<table_id>/game.json")
def game_json(table_id: str):
    """The whole game as a `welcome-to-game/1` download."""
    table = load_table(table_id)
    return json_download(load_state(table).doc(with_log=True), "welcome-to-game.json")


def json_download(doc: dict, filename: str) -> Response:
    """A JSON document as a file download."""
    body = json.dumps(doc, ensure_ascii=False, indent=1) + "\n"
    return Response(body, mimetype="application/json",
                    headers={"Content-Disposition": f'attachment; filename="{filename}"'})


@bp.route("/import", methods=["GET", "POST"])
@limits.creates_table
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
            names = [clean_name(p["player"])[0][:40] for p in doc["players"]] if doc is not None else []
            twice = duplicate_names(names)
            if twice:
                doc, message = None, " ".join(_("Player {n}: {why}", n=later + 1, why=same_name(names[earlier]))
                                              for later, earlier in twice)
            if doc is not None:
                settings = {"mode": doc.get("mode", "standard"), "intermediate": bool(doc.get("intermediate")),
                            "plans": list(doc["plans"])}
                table_id, _tokens = _create(settings, names, list(doc["players"]))
                registry.finish(GAME_ID, table_id)  # a finished game: its score sheet is final
                flash(_("The game is imported: {n} players.", n=len(names)), "ok")
                flash(log_note(doc), "ok")
                return redirect(url_for("welcome_to.tables.score", table_id=table_id))
            form.text.data = text
            problems = problems_of(found)
            status = 422
    return render_template("welcome_to/import.html", form=form, message=message, problems=problems), status



# ---- the table as the core sees it (secrets by construction) ------------------------------------------

def public_view(table_id: str) -> dict | None:
    """Everything any phone at the table may see: the settings and every sheet (Welcome To... hides nothing:
    every sheet's numbers, plans and score are the table's to read, as on paper)."""
    table = store.get_table(table_id)
    if table is None:
        return None
    state = load_state(table)
    return {"table": {k: table[k] for k in ("mode", "intermediate", "plans", "version")},
            "round": rounds.public(table.get("deck")),
            "game": state.doc(), "versions": [s["version"] for s in state.seats]}


def seat_view(table_id: str, seat: int) -> dict | None:
    """A seat's view: the public view (a seat has no secret in Welcome To...; its page adds only its own link
    and the moves it has not sent yet, which stay on its phone)."""
    view = public_view(table_id)
    if view is None or not 0 <= seat < len(view["versions"]):
        return None
    table = store.get_table(table_id)
    return {**view, "seat": seat, "hand": rounds.hand(table.get("deck"), seat)}


def final_sheet(table_id: str) -> dict | None:
    """The finished table's score sheet as a play (core/plays): every row, total, rank and tie-break note, and
    the city plans each player met; None while the table is not finished. Labels are source texts (shown translated)."""
    table = store.get_table(table_id)
    core = registry.get(GAME_ID, table_id)
    if table is None or core is None or not core.get("finished"):
        return None
    state = load_state(table)
    context = score_context(state)
    players = [{"name": p["name"], "total": p["total"], "rank": p["rank"], "rows": dict(p["rows"] or {}),
                "facts": {"plans_met": len(live.sheet.claims)}}
               for p, live in zip(context["players"], state.lives)]
    rows = [{"key": r["key"], "label": str(ROW_LABELS[r["key"]])} for r in context["rows"]]
    return {"variant": str(MODE_LABELS.get(table["mode"], table["mode"])), "players": players, "rows": rows,
            "tie_break": context["tie_notes"]}
