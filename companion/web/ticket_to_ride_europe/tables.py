"""Tables: start one, its page (join code, QR, link, each player's status), claiming a seat, the host's
actions (free a seat, a new link, end the game), the score sheet, the whole game as JSON and the printables.

Views stay thin: forms read input, the engine checks and scores, templates render. Every shared page, JSON,
PDF and the change mark are made from the public view (views.py: no tickets until the game ends); the table
page never shows a seat's secret link except to the phone the core says holds that seat. Claims follow the
core's one policy (core/tables/seats.py): "This is me" takes a free seat only; a held seat moves by its own
link or when the host frees it or gives it a new link, and the table's log says so on this page.
"""

from __future__ import annotations

import json

from flask import Blueprint, Response, abort, flash, redirect, render_template, request, url_for

from ...games.core.problems import N_
from ...games.ticket_to_ride_europe import SCORE_FORMAT, board, explain_table, score_document, score_table
from ...games.ticket_to_ride_europe.scoring import rank_key
from ..core import db as core_db
from ..core import limits
from ..core.home import remember_table
from ..core.i18n import _, current_lang, problem_text
from ..core.qr import qr_response
from ..core.security import public_url, small_int
from ..core.tables import host, registry
from ..core.tables import seats as core_seats
from ..core.tables.live import live_answer, mark_of
from ..core.tables.provisional import provisional
from . import claim_store, store
from .endview import end_notice
from .entries import game_doc
from .forms import MAX_PLAYERS, MIN_PLAYERS, ActionForm, NewTableForm
from .labels import LABELS, PLAYER_COLOURS, VARIANTS, label
from .svgmap import MapState, render_map
from .views import GAME, public_view

bp = Blueprint("tables", __name__, url_prefix="/ttr-europe")
GONE = "This table does not exist. Check the link."
FORM_EXPIRED = "The form expired or came from elsewhere; nothing was lost, please send it again."


def load_view(table_id: str) -> dict:
    """Return a table's public view, or answer 404."""
    view = public_view(table_id)
    if view is None:
        abort(404, description=_(GONE))
    return view


def load_table(table_id: str) -> dict:
    """Return a table's row, or answer 404."""
    return load_view(table_id)["table"]


def change_mark(view: dict) -> str:
    """The table's change mark, from its public view only: the end, each seat's version, the claim log, the
    seats' log (claims, moves, new links)."""
    table_id = view["table"]["id"]
    return mark_of(view["ended"], *(s["version"] for s in view["seats"]), view.get("deal"),
                   len(claim_store.get_log(table_id)), core_seats.event_mark(GAME, table_id))


def waiting(view: dict):
    """Which seats have entered (a save, or a line of the claim log) and whom the score sheet waits for."""
    return provisional(view["seats"], lambda s: s["version"] > 0)


def runs_table(table_id: str) -> bool:
    """Whether this phone runs the table (ends it, deals): the host, or on a table without a host (started before
    tables had one) any phone holding a seat. The core refuses the host's actions to every other phone (403)."""
    return core_seats.runs_table(GAME, table_id)


def can_end(view: dict) -> bool:
    """Whether this phone may end the game (and choose how tickets are dealt): see `runs_table`."""
    return runs_table(view["table"]["id"])


def seat_link(table_id: str, seat: int) -> str | None:
    """The entry link of a seat this phone holds (per the core), else None."""
    if seat not in core_seats.my_seats(GAME, table_id):
        return None
    found = next((s for s in store.get_seats(table_id) if s["seat"] == seat), None)
    return url_for("ttr_europe.seats.entry", token=found["token"]) if found else None


@bp.route("/new", methods=["GET", "POST"])
@limits.creates_table
def new():
    """Start a table: the variant and the players with their train colours."""
    form = NewTableForm()
    form.localise()
    if request.method == "GET":  # different colours by default, so a table rarely has to change them
        for entry, colour in zip(form.players, PLAYER_COLOURS):
            entry.form.colour.data = colour
    status = 200
    if request.method == "POST":
        if form.validate_on_submit():
            players = form.players_chosen()
            table_id = store.create_table(form.variant.data, players)
            core_seats.make_host(GAME, table_id)
            core_db.new_table_code(GAME, url_for("ttr_europe.tables.show", table_id=table_id),
                                   "Ticket to Ride: Europe · " + ", ".join(name for name, _c in players))
            return redirect(url_for("ttr_europe.tables.show", table_id=table_id))
        csrf = getattr(form, "csrf_token", None)
        flash(_(FORM_EXPIRED) if csrf is not None and csrf.errors else _("Please fix the marked fields."), "error")
        status = 422
    return render_template("ticket_to_ride_europe/new.html", form=form, min_players=MIN_PLAYERS,
                           max_players=MAX_PLAYERS), status


def statuses(view: dict) -> list[dict]:
    """Each seat's status, from the public view: not entered yet, or entered with its error and warning counts."""
    lines, _shared = score_table(game_doc(view["table"], view["seats"]))
    out = []
    for seat, line in zip(view["seats"], lines):
        errors = sum(1 for p in line.problems if p.severity == "error")
        if seat["version"] == 0:
            text, bad = label("status_empty"), False
        elif line.problems:
            text, bad = label("status_problems", errors=errors, warnings=len(line.problems) - errors), errors > 0
        else:
            text, bad = label("status_ok", routes=len(line.routes)), False
        out.append({"text": text, "bad": bad})
    return out


@bp.get("/t/<table_id>")
def show(table_id: str):
    """Show a table: its code, QR and link, and each player's status with "This is me" or "Open my entry"."""
    view = load_view(table_id)
    table = view["table"]
    path = url_for("ttr_europe.tables.show", table_id=table_id)
    remember_table(path)
    code = core_db.code_for_path(path)
    held = core_seats.held_seats(GAME, table_id)
    mine = {k: seat_link(table_id, k) for k, is_mine in held.items() if is_mine}
    return render_template("ticket_to_ride_europe/show.html", table=table, seats=view["seats"], view=view,
                           end=end_notice(view),
                           statuses=statuses(view), held=held, mine=mine, form=ActionForm(),
                           host=core_seats.is_host(GAME, table_id), can_end=can_end(view),
                           prov=waiting(view), events=core_seats.events(GAME, table_id),
                           mark=change_mark(view), live_url=url_for("ttr_europe.tables.live", table_id=table_id),
                           link=public_url("ttr_europe.tables.show", table_id=table_id),
                           code=code["code"] if code else None)


@bp.get("/t/<table_id>/live")
def live(table_id: str):
    """The table's change mark (public): every page of the table polls it."""
    view = public_view(table_id)
    return live_answer(change_mark(view) if view else None)


@bp.get("/t/<table_id>/qr.png")
def qr(table_id: str):
    """Answer the QR code of the table link as a PNG."""
    load_table(table_id)
    return qr_response("ttr_europe.tables.show", table_id=table_id)


def _seat_of(view: dict, seat: int) -> dict:
    """A seat of the table's public view, or 404."""
    found = next((s for s in view["seats"] if s["seat"] == seat), None)
    if found is None:
        abort(404, description=_("This table has no such seat."))
    return found


@bp.post("/t/<table_id>/seats/<int:seat>/claim")
@limits.claims_seat
def claim(table_id: str, seat: int):
    """Give this phone a free seat ("This is me") and open its entry page; a seat another phone holds is not
    given (it moves by its own link, or when the host frees it or makes it a new link)."""
    view = load_view(table_id)
    found = _seat_of(view, seat)
    back = redirect(url_for("ttr_europe.tables.show", table_id=table_id))
    if not ActionForm().validate_on_submit():
        flash(_(FORM_EXPIRED), "error")
        return back
    if not core_seats.claim(GAME, table_id, seat, found["name"], by_link=False).ok:
        flash(_("{name}'s seat is held by another phone. Open it there, or with its own link; the host can "
                "free it for this phone.", name=found["name"]), "error")
        return back
    return redirect(seat_link(table_id, seat) or url_for("ttr_europe.tables.show", table_id=table_id))


def _host_only(table_id: str, seat: int) -> tuple[dict, object] | None:
    """The seat a host action is about, or None after flashing why the form cannot be read. Only the host (never a
    seat holder of a table without a host) frees a seat or gives it a new link: anyone else gets 403."""
    view = load_view(table_id)
    found = _seat_of(view, seat)
    if not core_seats.is_host(GAME, table_id):
        host.refuse()
    if not ActionForm().validate_on_submit():
        flash(_(FORM_EXPIRED), "error")
        return None
    return found, view


@bp.post("/t/<table_id>/seats/<int:seat>/free")
def free(table_id: str, seat: int):
    """The host frees a held seat (a lost phone): the next phone to tap "This is me" holds it; the table sees it."""
    done = _host_only(table_id, seat)
    if done is not None:
        core_seats.free_by_host(GAME, table_id, seat, done[0]["name"])
    return redirect(url_for("ttr_europe.tables.show", table_id=table_id))


@bp.post("/t/<table_id>/seats/<int:seat>/new-link")
def new_link(table_id: str, seat: int):
    """The host gives a seat a new secret link (the old one no longer opens it); the seat is free again."""
    done = _host_only(table_id, seat)
    if done is not None:
        with core_db.write() as conn:
            store.reissue_token(conn, table_id, seat)
            core_seats.reissued(GAME, table_id, seat, done[0]["name"], conn=conn)
    return redirect(url_for("ttr_europe.tables.show", table_id=table_id))


@bp.post("/t/<table_id>/end")
def end(table_id: str):
    """End the game: from now on every phone, the score sheet and the files show every player's tickets."""
    view = load_view(table_id)
    if not can_end(view):  # the core refused other phones already; a view never trusts that alone
        host.refuse()
    if not ActionForm().validate_on_submit():
        flash(_(FORM_EXPIRED), "error")
    elif not view["ended"]:
        registry.finish(GAME, table_id)
        flash(_("The game is over: every ticket is shown."), "ok")
    return redirect(url_for("ttr_europe.tables.show", table_id=table_id))


def _ticket_text(held, done: bool) -> str:
    """One ticket line of the score sheet: cities and signed points."""
    return f"{held.city_from}–{held.city_to} {'+' if done else '−'}{held.points}"


def _player_view(b, explained, i: int, seat: dict) -> dict:
    """Everything the score sheet shows of one player."""
    line = explained.lines[i]
    view = {"seat": seat, "line": line, "entered": seat["version"] > 0,
            "problems": [{"severity": p.severity, "text": problem_text(p)} for p in line.problems]}
    if not line.scored:
        return view
    paths = explained.ticket_paths[i]
    view["tickets"] = [{"text": _ticket_text(h, done), "done": done,
                        "via": " – ".join(_cities_along(b, h.city_from, path)) if path else "",
                        "routes": " ".join(map(str, path or ()))}
                       for h, done, path in zip(line.held, line.tickets.completed, paths)]
    view["stations"] = [_station_text(b, line, use) for use in explained.stations[i]]
    express = line.express_routes
    start = _trail_start(b, express)
    view["express"] = {"length": line.express.length if line.express else 0,
                       "cities": " – ".join(_cities_along(b, start, express)) if express else ""}
    state = MapState(me=seat["colour"], mine=set(line.routes), my_stations=set(line.stations), express=set(express))
    ends = {c for rid in line.routes for c in (b.routes[rid].city_a, b.routes[rid].city_b)} | set(line.stations)
    view["map"] = render_map(state, interactive=False, label=seat["name"], map_id=f"map-{i}",
                             dim=set(b.routes) - set(line.routes), focus=ends) if line.routes else None
    return view


def _cities_along(b, start: str, path) -> list[str]:
    """The cities a path of routes passes, from `start`."""
    cities = [start]
    for rid in path:
        r = b.routes[rid]
        cities.append(r.city_b if cities[-1] == r.city_a else r.city_a)
    return cities


def _trail_start(b, express) -> str:
    """The first city of a trail: the end of its first route from which the whole trail can be walked."""
    if not express:
        return ""
    first = b.routes[express[0]]
    return first.city_a if _continues(b, express, first.city_a) else first.city_b


def _continues(b, express, start: str) -> bool:
    """Tell whether the trail can be walked from `start` along every route in order."""
    city = start
    for rid in express:
        r = b.routes[rid]
        if not r.touches(city):
            return False
        city = r.city_b if city == r.city_a else r.city_a
    return True


def _station_text(b, line, use) -> str:
    """One station of the score sheet: what it borrows, from whom, and what that completes."""
    if use.route is None:
        return _("Station in {city}: borrows nothing (no other player's route there would complete a ticket).",
                 city=use.city)
    route = b.routes[use.route]
    done = [line.held[k] for k in use.completes]
    cities = f"{route.city_a}–{route.city_b}"
    owner = ", ".join(use.owners) or "?"
    if not done:
        return _("Station in {city}: borrows route {route} {cities} from {owner}; it changes no ticket.",
                 city=use.city, route=use.route, cities=cities, owner=owner)
    tickets = ", ".join(f"{t.city_from}–{t.city_to}" for t in done)
    return _("Station in {city}: borrows route {route} {cities} from {owner}: completes {tickets}, +{points} "
             "(the tickets row is {gain} points higher than without it).", city=use.city, route=use.route,
             cities=cities, owner=owner, tickets=tickets, points=sum(t.points for t in done), gain=use.gain)


def _tie_texts(ties, seats: list[dict]) -> list[str]:
    """The deciding tie-break of each pair of players with the same total."""
    out = []
    for tie in ties:
        names = {"ahead": seats[tie.ahead]["name"], "behind": seats[tie.behind]["name"]}
        key = f"tb_{tie.deciding}" if tie.deciding else "tb_shared"
        out.append(label(key, a=tie.values[0], b=tie.values[1], **names))
    return out


def rerank(lines, entered: tuple[int, ...]) -> None:
    """Rank only the seats that entered (a provisional sheet): a seat not entered has no rank and puts no one
    behind it."""
    for i, line in enumerate(lines):
        if i not in entered or line.rank is None:
            line.rank = None
            continue
        line.rank = 1 + sum(1 for j in entered if j != i and lines[j].rank is not None
                            and rank_key(lines[j]) > rank_key(line))


@bp.get("/t/<table_id>/score")
def score(table_id: str):
    """Show the score sheet: the four rows, totals and ranks, tie-breaks, and each player's tickets, stations
    and longest path (tickets only once the game has ended)."""
    view = load_view(table_id)
    table, seats = view["table"], view["seats"]
    prov = waiting(view)
    b = board()
    explained = explain_table(game_doc(table, seats))
    rerank(explained.lines, prov.entered)
    views = [_player_view(b, explained, i, seat) for i, seat in enumerate(seats)]
    ties = [t for t in explained.tie_breaks if t.ahead in prov.entered and t.behind in prov.entered]
    return render_template("ticket_to_ride_europe/score.html", table=table, views=views, ended=view["ended"],
                           end=end_notice(view),
                           prov=prov, ties=_tie_texts(ties, seats), mark=change_mark(view),
                           live_url=url_for("ttr_europe.tables.live", table_id=table_id))


def json_download(doc: dict, filename: str) -> Response:
    """Answer a JSON document as a file download."""
    return Response(json.dumps(doc, ensure_ascii=False, indent=1), mimetype="application/json",
                    headers={"Content-Disposition": f'attachment; filename="{filename}"'})


@bp.get("/t/<table_id>/game.json")
def game_json(table_id: str):
    """Download the whole game as a `ttr-europe-game/1` document (without tickets until the game ends)."""
    view = load_view(table_id)
    return json_download(game_doc(view["table"], view["seats"]), "ttr-europe-game.json")


@bp.get("/t/<table_id>/score.json")
def score_json(table_id: str):
    """Download the score sheet as a `ttr-europe-score/1` document; while it is provisional it says whom it
    waits for (`waiting`), and until the game ends that tickets are not counted yet (`tickets_hidden`)."""
    view = load_view(table_id)
    prov = waiting(view)
    result = score_document(game_doc(view["table"], view["seats"]))
    assert result["format"] == SCORE_FORMAT
    lines, _shared = score_table(game_doc(view["table"], view["seats"]))
    rerank(lines, prov.entered)
    for item, line in zip(result["players"], lines):
        item["rank"] = line.rank
    result["waiting"] = list(prov.waiting)
    result["tickets_hidden"] = not view["ended"]
    return json_download(result, "ttr-europe-score.json")


def _pdf(kind: str, names: list[str] | None, players: int):
    """Build a printable in the page's language, or explain on the table page why it cannot be made."""
    from printables.ticket_to_ride_europe import scorepad_pdf, tally_pdf  # printing is optional on a server

    make = scorepad_pdf if kind == "scorepad" else tally_pdf
    data = make(players=players, names=names, lang=current_lang())
    return Response(data, mimetype="application/pdf",
                    headers={"Content-Disposition": f'inline; filename="ttr-europe-{kind}.pdf"'})


def _table_pdf(table_id: str, kind: str):
    """The score pad or the route tally sheet with this table's players' names."""
    names = [s["name"] for s in load_view(table_id)["seats"]]
    return _pdf(kind, names, len(names))


@bp.get("/t/<table_id>/scorepad.pdf")
def table_scorepad(table_id: str):
    """The score pad with this table's players' names, in the phone's language."""
    return _table_pdf(table_id, "scorepad")


@bp.get("/t/<table_id>/tally.pdf")
def table_tally(table_id: str):
    """The route tally sheet with this table's players' names, in the phone's language."""
    return _table_pdf(table_id, "tally")


def _players_asked() -> int:
    """The `?players=` of a blank printable: 2 to 5, else 5."""
    players = small_int(request.args.get("players", ""), MAX_PLAYERS)
    return players if MIN_PLAYERS <= players <= MAX_PLAYERS else MAX_PLAYERS


def _checklist(names: list[str] | None, players: int, variant: str):
    """The ticket checklist (a page per player) for a variant, in the page's language."""
    from printables.ticket_to_ride_europe import checklist_pdf  # printing is optional on a server

    data = checklist_pdf(players=players, names=names, variant=variant, lang=current_lang())
    return Response(data, mimetype="application/pdf",
                    headers={"Content-Disposition": 'inline; filename="ttr-europe-tickets.pdf"'})


@bp.get("/t/<table_id>/tickets.pdf")
def table_tickets(table_id: str):
    """The ticket checklist of this table's variant: one page per player, with their names."""
    view = load_view(table_id)
    names = [s["name"] for s in view["seats"]]
    return _checklist(names, len(names), view["table"]["variant"])


@bp.get("/tickets.pdf")
def blank_tickets():
    """A blank ticket checklist: `?variant=` (base when unknown), `?players=` pages (2 to 5, else 5)."""
    variant = request.args.get("variant", "base")
    return _checklist(None, _players_asked(), variant if variant in VARIANTS else "base")


@bp.get("/scorepad.pdf")
def blank_scorepad():
    """A blank score pad for `?players=` 2 to 5 (5 when not given or not readable)."""
    return _pdf("scorepad", None, _players_asked())


@bp.get("/tally.pdf")
def blank_tally():
    """A blank route tally sheet for `?players=` 2 to 5 (5 when not given or not readable)."""
    return _pdf("tally", None, _players_asked())


TTR_ROWS = (("routes", N_("Routes")), ("tickets", N_("Tickets")), ("stations", N_("Stations not built")),
            ("european_express", N_("European Express")))


def final_sheet(table_id: str) -> dict | None:
    """The ended table's score sheet as a play (core/plays): rows, totals, ranks, tie-breaks, tickets completed
    and longest path; None until the game has ended. Labels are source texts (shown translated)."""
    view = public_view(table_id)
    if view is None or not view["ended"]:
        return None
    table, seats = view["table"], view["seats"]
    prov = waiting(view)
    explained = explain_table(game_doc(table, seats))
    rerank(explained.lines, prov.entered)
    players = []
    for seat, line in zip(seats, explained.lines):
        facts = {}
        if line.scored:
            facts = {"tickets_completed": line.tickets.count,
                     "longest_path": line.express.length if line.express else 0}
        players.append({"name": seat["name"], "total": line.total, "rank": line.rank,
                        "rows": dict(line.rows or {}), "facts": facts})
    ties = [t for t in explained.tie_breaks if t.ahead in prov.entered and t.behind in prov.entered]
    variant = str(LABELS.get(f"variant_{table['variant']}", table["variant"]))
    return {"variant": variant, "players": players,
            "rows": [{"key": k, "label": str(text)} for k, text in TTR_ROWS], "tie_break": _tie_texts(ties, seats)}
