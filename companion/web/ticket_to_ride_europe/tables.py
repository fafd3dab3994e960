"""Tables: start one, its page (join code, QR, link, each player's status), claiming a seat, the score sheet,
the whole game as JSON and the printables.

Views stay thin: forms read input, the engine checks and scores, templates
render. The table page never shows a seat's secret link: a phone taps "This is
me" (a POST) and gets the seat's page; this phone's seats are remembered in
its own signed session cookie.
"""

from __future__ import annotations

import json

from flask import Blueprint, Response, abort, flash, redirect, render_template, request, session, url_for

from ...games.ticket_to_ride_europe import SCORE_FORMAT, board, explain_table, score_document, score_table
from ..core import db as core_db
from ..core import limits
from ..core.home import remember_table
from ..core.i18n import _, current_lang, problem_text
from ..core.qr import qr_png
from ..core.security import public_url, small_int
from . import store
from .entries import game_doc
from .forms import MAX_PLAYERS, MIN_PLAYERS, ActionForm, NewTableForm
from .labels import PLAYER_COLOURS, VARIANTS, label
from .svgmap import MapState, render_map

bp = Blueprint("tables", __name__, url_prefix="/ttr-europe")
SEATS_KEY = "ttr_seats"  # session: {table id: {seat number (text): seat token}} of the seats this phone holds
GONE = "This table does not exist. Check the link."
FORM_EXPIRED = "The form expired or came from elsewhere; nothing was lost, please send it again."


def load_table(table_id: str) -> dict:
    """Return a table's row, or answer 404."""
    table = store.get_table(table_id)
    if table is None:
        abort(404, description=_(GONE))
    return table


def held_seats(table_id: str) -> dict[str, str]:
    """The seats of a table this phone holds: seat number (text) -> seat token."""
    held = session.get(SEATS_KEY)
    mine = held.get(table_id) if isinstance(held, dict) else None
    return {k: v for k, v in mine.items() if isinstance(v, str)} if isinstance(mine, dict) else {}


def hold_seat(table_id: str, seat: int, token: str) -> None:
    """Remember on this phone that it holds a seat (a few tables at most are kept)."""
    held = dict(session.get(SEATS_KEY) or {}) if isinstance(session.get(SEATS_KEY), dict) else {}
    mine = dict(held.pop(table_id, None) or {})
    mine[str(seat)] = token
    kept = dict(list(held.items())[-7:])  # the cookie stays small: the eight most recent tables
    kept[table_id] = mine
    session[SEATS_KEY] = kept


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
            core_db.new_table_code("ttr-europe", url_for("ttr_europe.tables.show", table_id=table_id),
                                   "Ticket to Ride: Europe · " + ", ".join(name for name, _c in players))
            return redirect(url_for("ttr_europe.tables.show", table_id=table_id))
        csrf = getattr(form, "csrf_token", None)
        flash(_(FORM_EXPIRED) if csrf is not None and csrf.errors else _("Please fix the marked fields."), "error")
        status = 422
    return render_template("ticket_to_ride_europe/new.html", form=form, min_players=MIN_PLAYERS,
                           max_players=MAX_PLAYERS), status


def _statuses(table: dict, seats: list[dict]) -> list[dict]:
    """Each seat's status: not entered yet, or entered with its error and warning counts."""
    lines, _shared = score_table(game_doc(table, seats))
    out = []
    for seat, line in zip(seats, lines):
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
    table = load_table(table_id)
    seats = store.get_seats(table_id)
    path = url_for("ttr_europe.tables.show", table_id=table_id)
    remember_table(path)
    code = core_db.code_for_path(path)
    return render_template("ticket_to_ride_europe/show.html", table=table, seats=seats,
                           statuses=_statuses(table, seats), held=held_seats(table_id), form=ActionForm(),
                           link=public_url("ttr_europe.tables.show", table_id=table_id),
                           code=code["code"] if code else None)


@bp.get("/t/<table_id>/qr.png")
def qr(table_id: str):
    """Answer the QR code of the table link as a PNG."""
    load_table(table_id)
    png = qr_png(public_url("ttr_europe.tables.show", table_id=table_id))
    return Response(png, mimetype="image/png", headers={"Cache-Control": "private, max-age=3600"})


@bp.post("/t/<table_id>/seats/<int:seat>/claim")
@limits.claims_seat
def claim(table_id: str, seat: int):
    """Give this phone a seat ("This is me"), or take it over from another phone; then open its entry page."""
    load_table(table_id)
    seats = {s["seat"]: s for s in store.get_seats(table_id)}
    if seat not in seats:
        abort(404, description=_("This table has no such seat."))
    back = redirect(url_for("ttr_europe.tables.show", table_id=table_id))
    if not ActionForm().validate_on_submit():
        flash(_(FORM_EXPIRED), "error")
        return back
    token = store.claim_seat(table_id, seat, take_over=request.form.get("take_over") == "1")
    if token is None:
        flash(_("{name}'s entry is already open on another phone. To move it to this phone, tap "
                "\"Move to this phone\".", name=seats[seat]["name"]), "error")
        return back
    hold_seat(table_id, seat, token)
    return redirect(url_for("ttr_europe.seats.entry", token=token))


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


def _tie_texts(explained, seats: list[dict]) -> list[str]:
    """The deciding tie-break of each pair of players with the same total."""
    out = []
    for tie in explained.tie_breaks:
        names = {"ahead": seats[tie.ahead]["name"], "behind": seats[tie.behind]["name"]}
        key = f"tb_{tie.deciding}" if tie.deciding else "tb_shared"
        out.append(label(key, a=tie.values[0], b=tie.values[1], **names))
    return out


@bp.get("/t/<table_id>/score")
def score(table_id: str):
    """Show the score sheet: the four rows, totals and ranks, tie-breaks, and each player's tickets, stations
    and longest path."""
    table = load_table(table_id)
    seats = store.get_seats(table_id)
    b = board()
    explained = explain_table(game_doc(table, seats))
    views = [_player_view(b, explained, i, seat) for i, seat in enumerate(seats)]
    return render_template("ticket_to_ride_europe/score.html", table=table, views=views,
                           ties=_tie_texts(explained, seats))


def _json_download(doc: dict, filename: str) -> Response:
    """Answer a JSON document as a file download."""
    return Response(json.dumps(doc, ensure_ascii=False, indent=1), mimetype="application/json",
                    headers={"Content-Disposition": f'attachment; filename="{filename}"'})


@bp.get("/t/<table_id>/game.json")
def game_json(table_id: str):
    """Download the whole game as a `ttr-europe-game/1` document."""
    table = load_table(table_id)
    return _json_download(game_doc(table, store.get_seats(table_id)), "ttr-europe-game.json")


@bp.get("/t/<table_id>/score.json")
def score_json(table_id: str):
    """Download the score sheet as a `ttr-europe-score/1` document."""
    table = load_table(table_id)
    result = score_document(game_doc(table, store.get_seats(table_id)))
    assert result["format"] == SCORE_FORMAT
    return _json_download(result, "ttr-europe-score.json")


def _pdf(kind: str, names: list[str] | None, players: int):
    """Build a printable in the page's language, or explain on the table page why it cannot be made."""
    from printables.ticket_to_ride_europe import scorepad_pdf, tally_pdf  # printing is optional on a server

    make = scorepad_pdf if kind == "scorepad" else tally_pdf
    data = make(players=players, names=names, lang=current_lang())
    return Response(data, mimetype="application/pdf",
                    headers={"Content-Disposition": f'inline; filename="ttr-europe-{kind}.pdf"'})


def _table_pdf(table_id: str, kind: str):
    """The score pad or the route tally sheet with this table's players' names."""
    load_table(table_id)
    names = [s["name"] for s in store.get_seats(table_id)]
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
    table = load_table(table_id)
    names = [s["name"] for s in store.get_seats(table_id)]
    return _checklist(names, len(names), table["variant"])


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
