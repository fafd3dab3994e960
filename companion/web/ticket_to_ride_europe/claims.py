"""The optional claim log during play: `/ttr-europe/t/<table>/log` (and `log.json`, `ttr-europe-log/1`).

Anyone at the table (the table's link) logs what everybody sees happen: a
player claims a route (optionally with the cards played: the engine checks the
count, the colour, a ferry's locomotives and a tunnel's extra cards), builds a
station, or plays a turn without a claim (drew cards or tickets, gave up a
tunnel: logged so that the last round can be counted). The log keeps each
player's score track (route points) and trains left, and says when the last
round starts (a player with 2 trains or fewer after a claim); the line that
plays the last turn of the game ends the game (tickets shown) in the same
transaction, and every phone opens the score sheet. Each logged claim also goes into
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
from ...games.ticket_to_ride_europe.claimlog import (
    CARD_NAMES,
    LOCOMOTIVE,
    LOG_FORMAT,
    TRAIN_COLOURS,
    TUNNEL_REVEAL,
    TURNS,
    check_cards,
    read_cards,
)
from ...games.ticket_to_ride_europe.data import STATIONS, TRAINS
from ...games.ticket_to_ride_europe.endgame import read_end
from ..core.i18n import _, problem_text
from ..core.security import small_int
from ..core.tables import registry
from . import claim_store, store
from .endview import end_notice
from .entries import game_doc
from .forms import ActionForm
from .svgmap import MapState, render_map
from .tables import FORM_EXPIRED, change_mark, json_download, load_view
from .views import GAME, public_entry

bp = Blueprint("claims", __name__, url_prefix="/ttr-europe/t")
LAST_ROUND_TRAINS = 2  # a player ending a turn with this many trains or fewer starts the last round
STALE = N_("Someone logged or saved at the same moment; the log below is as it is now. Nothing of yours was written.")
TURN_TEXTS = {"cards": N_("drew train cards"), "tickets": N_("drew destination tickets"),
              "tunnel": N_("gave up a tunnel and took the cards back")}
CARD_FIELDS = ("played_colour", "played_count", "played_locos", "extra_count", "extra_locos",
               *(f"revealed-{k}" for k in range(TUNNEL_REVEAL)))


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
        view = {"n": line["n"], "seat": mine["seat"], "kind": line["kind"], "route": None, "city": line["city"],
                "cards": cards_text(line.get("cards")), "turn": line.get("turn")}
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


def cards_text(cards: dict | None) -> str:
    """The cards of a line in words, in the page's language ("2 black + 1 locomotive; revealed: …; added: …")."""
    if not cards:
        return ""

    def counted(counts: dict) -> str:
        parts = [f"{n} {_(CARD_NAMES.get(c, c))}" for c, n in counts.items() if n]
        return " + ".join(parts) or "0"

    text = _("cards: {played}", played=counted(cards.get("played") or {}))
    if cards.get("revealed") is not None:
        shown = ", ".join(_(CARD_NAMES.get(c, c)) for c in cards["revealed"]) or "–"
        text += "; " + _("revealed: {cards}; added: {extra}", cards=shown, extra=counted(cards.get("extra") or {}))
    return text


def _read_cards(form) -> tuple[dict | None, dict[str, str]]:
    """The cards posted with a route (all fields empty: None, the table gives none), or the field's message."""
    raw = {k: form.get(k, "").strip()[:20] for k in CARD_FIELDS}
    if not any(v for k, v in raw.items() if k != "played_colour"):  # a colour alone (the route's, preset): no cards
        return None, {}
    numbers = {}
    for key in ("played_count", "played_locos", "extra_count", "extra_locos"):
        numbers[key] = small_int(raw[key] or "0")
        if numbers[key] is None or numbers[key] > 20:
            return None, {"cards": _("Type the number of cards as a whole number from 0 to 20.")}
    colour = raw["played_colour"]
    coloured = numbers["played_count"] or numbers["extra_count"]
    if (colour and colour not in TRAIN_COLOURS) or (coloured and not colour):
        return None, {"cards": _("Choose the colour of the cards played.")}
    revealed = [raw[f"revealed-{k}"] for k in range(TUNNEL_REVEAL) if raw[f"revealed-{k}"]]
    if any(c not in CARD_NAMES for c in revealed):
        return None, {"cards": _("Choose each revealed card from the list.")}
    played = {c: n for c, n in ((colour, numbers["played_count"]), (LOCOMOTIVE, numbers["played_locos"])) if c and n}
    cards: dict[str, Any] = {"played": played}
    if revealed or numbers["extra_count"] or numbers["extra_locos"]:
        cards["revealed"] = revealed
        cards["extra"] = {c: n for c, n in ((colour, numbers["extra_count"]), (LOCOMOTIVE, numbers["extra_locos"]))
                          if c and n}
    return cards, {}


def _read_claim(form, seats: list[dict]) -> tuple[dict[str, Any], dict[str, str]]:
    """Read a posted line (seat; a route with its cards, a station city or a turn); return it and the refused
    fields' messages."""
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
        line["cards"], found = _read_cards(form)
        errors.update(found)
    elif kind == "station":
        city = form.get("city", "")
        if city not in b.cities:
            errors["city"] = _("Choose the station's city from the list.")
        line["city"] = city
    elif kind == "turn":
        turn = form.get("turn", "")
        if turn not in TURNS:
            errors["turn"] = _("Choose what the player did.")
        line["turn"] = turn
    else:
        errors["kind"] = _("Log a route, a station or a turn.")
    return line, errors


def _card_problems(line: dict) -> list[str]:
    """The engine's problems with the cards of a route line, in the page's language (none: no cards given)."""
    if line["kind"] != "route" or not line.get("cards"):
        return []
    cards, problems = read_cards(line["cards"])
    if cards is not None:
        problems = check_cards(board().routes[line["route"]], cards, "cards")
    return [problem_text(p) for p in problems]


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
    end = end_notice(view)
    return render_template("ticket_to_ride_europe/log.html", table=table, seats=seats, names=names,
                           end=end, ended=view["ended"], colours=TRAIN_COLOURS,
                           card_names={c: _(n) for c, n in CARD_NAMES.items()}, turns=TURN_TEXTS,
                           reveal=range(TUNNEL_REVEAL),
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
    posted = {k: request.form.get(k, "")[:80] for k in ("seat", "kind", "route", "city", "turn", *CARD_FIELDS)}
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
    entry = None if line["kind"] == "turn" else _claimed_entry(seat, log, seats, line)
    finish = not view["ended"] and game_over(seats, [*log, {**line, "n": len(log) + 1}])
    try:
        claim_store.add_line(table_id, shown, line, seat["version"], entry, finish=finish)
    except claim_store.Stale:
        flash(_(STALE), "error")
        return _render(table, seats, claim_store.get_log(table_id), posted, status=409)
    registry.touch(GAME, table_id)
    if finish:  # this phone goes to the score sheet now; every other phone follows (end.js)
        flash(_("Every player has had their last turn: the game is over and every ticket is shown."), "ok")
        return redirect(url_for("ttr_europe.tables.score", table_id=table_id))
    return redirect(url_for("ttr_europe.claims.show", table_id=table_id) + "#log")


def game_over(seats: list[dict], log: list[dict]) -> bool:
    """Whether the log shows every last turn played (the engine's read_end; seats in seating order)."""
    order = [s["seat"] for s in seats]
    lines = [{**line, "seat": order.index(line["seat"])} for line in log if line["seat"] in order]
    return read_end([s["name"] for s in seats], lines).over


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
    """Why a readable claim cannot be logged: already in the log, an error the engine finds with it, or cards the
    engine refuses (a turn is never refused: a turn after the end is shown as the log's problem)."""
    if line["kind"] == "turn":
        return {}
    names = {s["seat"]: s["name"] for s in seats}
    for earlier in log:
        if line["kind"] == "route" and earlier["kind"] == "route" and earlier["route"] == line["route"]:
            return {"route": _("Route {route} is already in the log: {name} claimed it (line {n}).",
                               route=line["route"], name=names.get(earlier["seat"], "?"), n=earlier["n"])}
        if line["kind"] == "station" and earlier["kind"] == "station" and earlier["city"] == line["city"]:
            return {"city": _("{city} already has a station: {name} built it (line {n}).", city=line["city"],
                              name=names.get(earlier["seat"], "?"), n=earlier["n"])}
    cards = _card_problems(line)
    if cards:
        return {"cards": " ".join(cards)}
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
    entry = None if last["kind"] == "turn" else _without_claim(seat["entry"], last, points)
    try:
        claim_store.undo_line(table_id, shown, seat["seat"], seat["version"], entry)
    except claim_store.Stale:
        flash(_(STALE), "error")
        return _render(table, seats, claim_store.get_log(table_id), status=409)
    registry.touch(GAME, table_id)
    flash(_("Line {n} was undone.", n=shown), "ok")
    return redirect(url_for("ttr_europe.claims.show", table_id=table_id) + "#log")


def log_document(seats: list[dict], log: list[dict]) -> dict[str, Any]:
    """The claim log as a `ttr-europe-log/1` document (public: routes, stations, cards played, turns)."""
    names = {s["seat"]: s["name"] for s in seats}
    lines = []
    for line in log:
        if line["seat"] not in names:
            continue
        item: dict[str, Any] = {"player": names[line["seat"]]}
        if line["kind"] == "route":
            item["route"] = line["route"]
            if line.get("cards"):
                item["cards"] = line["cards"]
        elif line["kind"] == "station":
            item["station"] = line["city"]
        else:
            item["turn"] = line.get("turn")
        lines.append(item)
    return {"format": LOG_FORMAT, "players": [s["name"] for s in seats], "lines": lines}


@bp.get("/<table_id>/log.json")
def log_json(table_id: str):
    """Download the claim log as a `ttr-europe-log/1` document (`python -m companion score` checks it)."""
    view = load_view(table_id)
    return json_download(log_document(view["seats"], claim_store.get_log(table_id)), "ttr-europe-log.json")
