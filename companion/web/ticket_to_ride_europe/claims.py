"""The optional claim log during play: `/ttr-europe/t/<table>/log`.

Anyone at the table (the table's link) logs what everybody sees happen: a
player claims a route or builds a station. The log keeps each player's score
track (route points) and trains left, and says when the last round starts (a
player with 2 trains or fewer after a claim). Each logged claim also goes into
that player's end-of-game entry, so the routes and stations are already there
at the end; the engine checks the claim first (a route someone holds, both
routes of a double, more than 45 trains, a fourth station, a city with a
station) and a claim that would add an error is refused. Tickets are secret:
they are never logged, and the log page shows nothing of any player's tickets
or seat link: the page is made from the public view (views.py); only the write reads the seat's whole entry,
so that logging a claim keeps the player's tickets.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for

from ...games.core.problems import N_
from ...games.ticket_to_ride_europe import board, check_entry
from ...games.ticket_to_ride_europe.data import STATIONS, TRAINS
from ..core.i18n import _, problem_text
from ..core.security import small_int
from ..core.tables import registry
from . import claim_store, store
from .endview import end_notice
from .entries import game_doc
from .forms import ActionForm
from .svgmap import MapState, render_map
from .tables import FORM_EXPIRED, change_mark, load_view
from .views import GAME, public_entry

bp = Blueprint("claims", __name__, url_prefix="/ttr-europe/t")
LAST_ROUND_TRAINS = 2  # a player ending a turn with this many trains or fewer starts the last round
STALE = N_("Someone logged or saved at the same moment; the log below is as it is now. Nothing of yours was written.")


def tally(log: list[dict], seats: list[dict]) -> tuple[list[dict], list[dict], int | None]:
    """Walk the log: each line with the claimer's running counts, each seat's totals, and the index of the line
    that started the last round (None while it has not started)."""
    b = board()
    totals = [{"seat": s, "points": 0, "trains": 0, "stations": 0, "routes": []} for s in seats]
    by_seat = {s["seat"]: t for s, t in zip(seats, totals)}
    lines, trigger = [], None
    for k, line in enumerate(log):
        mine = by_seat.get(line["seat"])
        if mine is None:  # a line of a seat that no longer exists cannot be shown against anyone
            continue
        view = {"n": line["n"], "seat": mine["seat"], "kind": line["kind"], "route": None, "city": line["city"]}
        if line["kind"] == "route" and line["route"] in b.routes:
            route = b.routes[line["route"]]
            mine["points"] += b.route_points[route.length]
            mine["trains"] += route.length
            mine["routes"].append(route.id)
            view["route"] = route
            view["gain"] = b.route_points[route.length]
        elif line["kind"] == "station":
            mine["stations"] += 1
        view["points"], view["trains_left"] = mine["points"], TRAINS - mine["trains"]
        view["last_round"] = trigger is not None
        if trigger is None and view["trains_left"] <= LAST_ROUND_TRAINS:
            trigger = k
            view["trigger"] = True
        lines.append(view)
    for t in totals:
        t["trains_left"] = TRAINS - t["trains"]
    return lines, totals, trigger


def _read_claim(form, seats: list[dict]) -> tuple[dict[str, Any], dict[str, str]]:
    """Read a posted claim (seat, route or station city); return it and the refused fields' messages."""
    b = board()
    errors: dict[str, str] = {}
    kind = form.get("kind", "")
    seat = small_int(form.get("seat", ""))
    line: dict[str, Any] = {"kind": kind, "seat": seat}
    if seat is None or seat not in {s["seat"] for s in seats}:
        errors["seat"] = _("Choose the player who claimed.")
    if kind == "route":
        route = small_int(form.get("route", ""))
        if route is None or route not in b.routes:
            errors["route"] = _("Choose a route from the list (1 to {last}).", last=max(b.routes))
        line["route"] = route
    elif kind == "station":
        city = form.get("city", "")
        if city not in b.cities:
            errors["city"] = _("Choose the station's city from the list.")
        line["city"] = city
    else:
        errors["kind"] = _("Log a route or a station.")
    return line, errors


def _with_claim(entry: dict, line: dict, points: int) -> dict:
    """The player's entry with the claimed route or station in it and the score track the log keeps."""
    new = dict(entry)
    if line["kind"] == "route":
        routes = list(new.get("routes", []))
        if line["route"] not in routes:
            routes.append(line["route"])
        new["routes"] = routes
    else:
        stations = list(new.get("stations", []))
        if not any(isinstance(s, dict) and s.get("city") == line["city"] for s in stations):
            stations.append({"city": line["city"]})
        new["stations"] = stations
    new["score_track"] = points
    return new


def _without_claim(entry: dict, line: dict, points: int) -> dict:
    """The player's entry with an undone line's route or station taken out, the score track set back."""
    new = dict(entry)
    if line["kind"] == "route":
        routes = list(new.get("routes", []))
        if line["route"] in routes:
            routes.remove(line["route"])
        new["routes"] = routes
    else:
        new["stations"] = [s for s in new.get("stations", [])
                           if not (isinstance(s, dict) and s.get("city") == line["city"])]
    new["score_track"] = points
    return new


def _new_errors(table: dict, seats: list[dict], seat: int, entry: dict) -> list[str]:
    """The engine's errors the new entry has that the saved one had not, as texts in the page's language."""
    before = {(p.code, p.path) for p in check_entry(game_doc(table, seats), seat).problems}
    after = check_entry(game_doc(table, seats, seat, entry), seat).problems
    return [problem_text(p) for p in after if p.severity == "error" and (p.code, p.path) not in before]


def _render(table: dict, seats: list[dict], log: list[dict], posted: dict | None = None,
            errors: dict | None = None, status: int = 200):
    """Render the log page: totals, the last-round banner, the forms (with what was posted) and the lines."""
    lines, totals, trigger = tally(log, seats)
    names = {s["seat"]: s for s in seats}
    b = board()
    after = lines[-1]["seat"]["seat"] if lines else -1
    order = [s["seat"] for s in seats]
    next_seat = order[(order.index(after) + 1) % len(order)] if after in order else order[0]
    taken = {line["route"].id for line in lines if line["route"] is not None}
    built = {line["city"] for line in lines if line["kind"] == "station"}
    state = MapState(me="", taken={line["route"].id: line["seat"]["colour"] for line in lines if line["route"]},
                     other_stations={line["city"]: line["seat"]["colour"] for line in lines
                                     if line["kind"] == "station"})
    svg = render_map(state, label=_("Routes and stations logged so far"), map_id="log-map")
    view = load_view(table["id"])
    return render_template("ticket_to_ride_europe/log.html", table=table, seats=seats, names=names,
                           end=end_notice(view),
                           mark=change_mark(view), hold=status >= 400,
                           live_url=url_for("ttr_europe.tables.live", table_id=table["id"]),
                           lines=list(reversed(lines)), totals=totals,
                           trigger=lines[trigger] if trigger is not None else None, count=len(log),
                           routes=[b.routes[r] for r in sorted(b.routes) if r not in taken],
                           cities=sorted(c for c in b.cities if c not in built), stations=STATIONS,
                           posted=posted or {"seat": str(next_seat)}, errors=errors or {}, form=ActionForm(), svg=svg,
                           last_round_trains=LAST_ROUND_TRAINS), status


@bp.get("/<table_id>/log")
def show(table_id: str):
    """The claim log: each player's score track, trains left and stations, the last round, every line."""
    view = load_view(table_id)
    return _render(view["table"], view["seats"], claim_store.get_log(table_id))


@bp.post("/<table_id>/log")
def add(table_id: str):
    """Log a claim (a route or a station) and put it into the player's entry, if the engine finds no new error."""
    view = load_view(table_id)
    table, seats = view["table"], view["seats"]
    log = claim_store.get_log(table_id)
    posted = {k: request.form.get(k, "")[:80] for k in ("seat", "kind", "route", "city")}
    if not ActionForm().validate_on_submit():
        flash(_(FORM_EXPIRED), "error")
        return _render(table, seats, log, posted, status=400)
    line, errors = _read_claim(request.form, seats)
    shown = small_int(request.form.get("count", ""))
    if shown is None or shown != len(log):
        flash(_(STALE), "error")
        return _render(table, seats, log, posted, status=409)
    if not errors:
        errors = _refusals(table, seats, log, line)
    if errors:
        flash(_("The claim was not logged: {reason}", reason=" ".join(errors.values())), "error")
        return _render(table, seats, log, posted, errors, status=422)
    seat = _whole_seat(table_id, line["seat"])  # the write keeps the player's secret tickets
    try:
        claim_store.add_line(table_id, shown, line, seat["version"], _claimed_entry(seat, log, seats, line))
    except claim_store.Stale:
        flash(_(STALE), "error")
        return _render(table, seats, claim_store.get_log(table_id), posted, status=409)
    registry.touch(GAME, table_id)
    return redirect(url_for("ttr_europe.claims.show", table_id=table_id) + "#log")


def _whole_seat(table_id: str, seat: int) -> dict:
    """A seat as stored (its whole entry): only for writing it back with a claim added or undone."""
    return next(s for s in store.get_seats(table_id) if s["seat"] == seat)


def _claimed_entry(seat: dict, log: list[dict], seats: list[dict], line: dict) -> dict:
    """The claiming player's entry with this claim, the score track as the log will keep it."""
    _lines, totals, _t = tally([*log, {**line, "n": len(log) + 1, "city": line.get("city"),
                                       "route": line.get("route")}], seats)
    points = next(t["points"] for t in totals if t["seat"]["seat"] == seat["seat"])
    return _with_claim(seat["entry"], line, points)


def _refusals(table: dict, seats: list[dict], log: list[dict], line: dict) -> dict[str, str]:
    """Why a readable claim cannot be logged: already in the log, or an error the engine finds with it."""
    names = {s["seat"]: s["name"] for s in seats}
    for earlier in log:
        if line["kind"] == "route" and earlier["kind"] == "route" and earlier["route"] == line["route"]:
            return {"route": _("Route {route} is already in the log: {name} claimed it (line {n}).",
                               route=line["route"], name=names.get(earlier["seat"], "?"), n=earlier["n"])}
        if line["kind"] == "station" and earlier["kind"] == "station" and earlier["city"] == line["city"]:
            return {"city": _("{city} already has a station: {name} built it (line {n}).", city=line["city"],
                              name=names.get(earlier["seat"], "?"), n=earlier["n"])}
    seat = next(s for s in seats if s["seat"] == line["seat"])  # public: the errors shown are public too
    problems = _new_errors(table, seats, seat["seat"], public_entry(_claimed_entry(seat, log, seats, line)))
    return {line["kind"] if line["kind"] == "route" else "city": " ".join(problems)} if problems else {}


@bp.post("/<table_id>/log/undo")
def undo(table_id: str):
    """Undo the last line (a mistaken tap): the line goes, and its route or station leaves the player's entry."""
    view = load_view(table_id)
    table, seats = view["table"], view["seats"]
    log = claim_store.get_log(table_id)
    if not ActionForm().validate_on_submit():
        flash(_(FORM_EXPIRED), "error")
        return _render(table, seats, log, status=400)
    shown = small_int(request.form.get("count", ""))
    if not log or shown != log[-1]["n"] or shown != len(log):
        flash(_(STALE), "error")
        return _render(table, seats, log, status=409)
    last = log[-1]
    if last["seat"] not in {s["seat"] for s in seats}:
        abort(404, description=_("This table has no such seat."))
    seat = _whole_seat(table_id, last["seat"])  # the write keeps the player's secret tickets
    _lines, totals, _t = tally(log[:-1], seats)
    points = next(t["points"] for t in totals if t["seat"]["seat"] == seat["seat"])
    try:
        claim_store.undo_line(table_id, shown, seat["seat"], seat["version"],
                              _without_claim(seat["entry"], last, points))
    except claim_store.Stale:
        flash(_(STALE), "error")
        return _render(table, seats, claim_store.get_log(table_id), status=409)
    registry.touch(GAME, table_id)
    flash(_("Line {n} was undone.", n=shown), "ok")
    return redirect(url_for("ttr_europe.claims.show", table_id=table_id) + "#log")
