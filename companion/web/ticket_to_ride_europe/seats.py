"""A player's own page, reached by the seat's secret link: enter the end of the game on the map, check it live.

`GET/POST /ttr-europe/s/<token>`: the map (tap routes, tap cities for
stations), the stations' borrowed routes, the tickets from the variant's deck,
the score track. A save carries the version the page showed and is refused
(409, the entry kept on screen) when another phone saved this seat meanwhile.
`POST /ttr-europe/s/<token>/check`: the engine's problems and counts for the
entry as it is on screen, against what the other players saved (JSON).

The page is made from the seat's view (views.py): this seat's whole entry, the others' public entries only
(no tickets, no borrowed routes until the game ends). Opening the link claims the seat for this phone by its
link (core/tables/seats.py: logged on the table page when it moves from another phone).
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, flash, jsonify, redirect, render_template, request, url_for

from ...games.core.problems import Problem
from ...games.ticket_to_ride_europe import EntryReport, board, check_entry
from ...games.ticket_to_ride_europe.dealing import RULES, DealRefused
from ..core.bodies import accepts_json
from ..core.i18n import _, problem_text
from ..core.security import small_int
from ..core.tables import registry
from ..core.tables import seats as core_seats
from . import deal_store, store
from .endview import end_notice
from .entries import STATION_SLOTS, TICKET_ROWS, deck_cards, game_doc, problem_targets, read_entry_form
from .forms import ActionForm, EntryForm
from .labels import label
from .svgmap import MapState, city_id, render_map
from .tables import FORM_EXPIRED, GONE, change_mark, statuses, waiting
from .views import GAME, seat_view

bp = Blueprint("seats", __name__, url_prefix="/ttr-europe/s")


def _load(token: str) -> tuple[dict, dict, list[dict], dict]:
    """Return the seat a token opens, its table, the table's seats as this seat may see them and the seat's
    view, or answer 404."""
    seat = store.seat_by_token(token)
    view = seat_view(seat["table_id"], seat["seat"]) if seat else None
    if seat is None or view is None:
        abort(404, description=_("This link does not open an entry (any more). Open the table and tap "
                                 "\"This is me\"."))
    return view["me"], view["table"], view["seats"], view


def _others(seats: list[dict], me: int) -> tuple[dict[int, dict], dict[str, dict]]:
    """The routes and station cities the other players saved, with their names and colours."""
    b = board()
    routes: dict[int, dict] = {}
    cities: dict[str, dict] = {}
    for s in seats:
        if s["seat"] == me:
            continue
        who = {"name": s["name"], "colour": s["colour"]}
        for rid in s["entry"].get("routes", []):
            if type(rid) is int and rid in b.routes:
                routes.setdefault(rid, who)
        for st in s["entry"].get("stations", []):
            if isinstance(st, dict) and st.get("city") in b.cities:
                cities.setdefault(st["city"], who)
    return routes, cities


def _problems(problems: list[Problem], entry: dict, cards: list[dict]) -> list[dict[str, Any]]:
    """The entry's problems in the page's language, each with the elements it points at."""
    out = []
    for p in problems:
        targets = problem_targets(p.path, entry, cards)
        out.append({"severity": p.severity, "code": p.code, "path": p.path, "text": problem_text(p),
                    "target": targets[0] if targets else "", "targets": targets})
    return out


def _ticket_states(report: EntryReport, entry: dict, cards: list[dict]) -> dict[str, dict]:
    """Each ticket row's state text (done +8 / not done −8 / points only) by its element id."""
    states = {}
    tickets = [t for t in entry.get("tickets", []) if isinstance(t, dict)] if isinstance(entry.get("tickets"), list) \
        else []
    for k, t in enumerate(report.tickets):
        target = problem_targets(f"players[0].tickets[{k}]", {"tickets": tickets}, cards)[0]
        if t.completed is None:
            text = "" if t.points is None else _("{points} points", points=t.points)
        else:
            text = _("done +{points}", points=t.points) if t.completed else _("not done −{points}", points=t.points)
        states[target] = {"text": text, "completed": t.completed}
    return states


def _report_json(report: EntryReport, entry: dict, cards: list[dict], seat: dict) -> dict[str, Any]:
    """The check's answer: problems, counts, ticket states and the others' claims as they are saved now."""
    return {"version": seat["version"],
            "problems": _problems(report.problems, entry, cards),
            "summary": {"trains": report.trains, "trains_left": report.trains_left,
                        "route_points": report.route_points, "stations": report.stations,
                        "longest_path": report.longest_path, "scored": report.scored},
            "tickets": _ticket_states(report, entry, cards)}


def _route_options(city: str, taken: dict[int, dict]) -> list[tuple[str, str]]:
    """A station's borrow choices at its city: let the companion choose, or one route there (with its owner)."""
    b = board()
    options = [("", _("The companion chooses the best"))]
    for route in b.routes_at(city):
        owner = taken.get(route.id)
        text = f"{route.id} · {route.city_a}–{route.city_b} ({route.length})"
        options.append((str(route.id), f"{text} · {owner['name']}" if owner else text))
    return options


@bp.route("/<token>", methods=["GET", "POST"])
def entry(token: str):
    """Enter this player's routes, stations, tickets and score track; save without touching the others."""
    seat, table, seats, view = _load(token)
    # Whoever opens the seat's own link holds the seat from now on (logged when it moves from another phone).
    core_seats.claim(GAME, table["id"], seat["seat"], seat["name"], by_link=True)
    form = EntryForm()
    draft, version = seat["entry"], seat["version"]
    raw: dict[str, str] = {}
    errors: dict[str, str] = {}
    conflict = None
    status = 200
    if request.method == "POST":
        read = read_entry_form(request.form, table["variant"])
        draft, raw, errors = read.entry, read.raw, read.errors
        if not form.validate_on_submit():
            flash(_(FORM_EXPIRED), "error")
            status = 400
        elif errors:
            flash(_("Please fix the marked fields."), "error")
            status = 422
        else:
            saved = store.save_entry(token, small_int(form.version.data, -1), draft)
            if saved is not None:
                registry.touch(GAME, table["id"])
                flash(_("Saved."), "ok")
                return redirect(url_for("ttr_europe.seats.entry", token=token) + "#problems")
            current = store.seat_by_token(token)
            if current is None:
                abort(404, description=_(GONE))
            theirs = current["entry"]
            conflict = {"version": current["version"], "routes": len(theirs.get("routes", [])),
                        "stations": len(theirs.get("stations", [])), "tickets": len(theirs.get("tickets", []))}
            version = current["version"]  # saving again deliberately replaces theirs
            status = 409
    return _render(seat, table, seats, form, draft, version, raw, errors, conflict, view), status


def _render(seat, table, seats, form, draft, version, raw, errors, conflict, view):
    """Render the entry page for a draft, with the engine's problems listed and marked on the map."""
    b = board()
    cards = deck_cards(table["variant"])
    report = check_entry(game_doc(table, seats, seat["seat"], draft), seat["seat"])
    checked = _report_json(report, draft, cards, seat)
    taken, taken_stations = _others(seats, seat["seat"])
    mine = {r for r in draft.get("routes", []) if type(r) is int and r in b.routes}
    stations = [s for s in draft.get("stations", []) if isinstance(s, dict)]
    marks = {t for p in checked["problems"] for t in p["targets"] if t.startswith(("r-", "c-"))}
    state = MapState(me=seat["colour"], mine=mine, taken={r: w["colour"] for r, w in taken.items()},
                     my_stations={s.get("city") for s in stations},
                     other_stations={c: w["colour"] for c, w in taken_stations.items()}, problems=marks)
    svg = render_map(state, label=_("{name}'s routes and stations", name=seat["name"]))
    slots = [stations[k] if k < len(stations) else {} for k in range(STATION_SLOTS)]
    chosen = {frozenset((t.get("from"), t.get("to"))) for t in draft.get("tickets", []) if isinstance(t, dict)}
    holders = {frozenset((t.get("from"), t.get("to"))): s["name"] for s in seats if s["seat"] != seat["seat"]
               for t in s["entry"].get("tickets", []) if isinstance(t, dict)}
    cards = [{**c, "key": frozenset((c["a"], c["b"])), "holder": holders.get(frozenset((c["a"], c["b"])))}
             for c in cards]
    typed = [t for t in draft.get("tickets", []) if isinstance(t, dict)]
    form.version.data = str(version)
    data = {"check": url_for("ttr_europe.seats.check", token=seat["token"]), "version": version,
            "me": seat["colour"],
            "taken": {str(r): w for r, w in taken.items()}, "stationsTaken": taken_stations,
            "routesAt": {c: _route_options(c, taken) for c in sorted(b.cities)},
            "cityIds": {c: city_id(c) for c in sorted(b.cities)},
            "strings": {"companion": _("The companion chooses the best"),
                        "taken": _("Route {route} is on {name}'s entry. If it is yours, {name} removes it first."),
                        "stationTaken": _("{name} has a station in {city}; a city holds one station."),
                        "noSlot": _("You have placed 3 stations; tap one of them to remove it."),
                        "offline": _("The companion cannot be reached; your entry is kept on this page."),
                        "newer": _("This entry was saved on another phone since you opened it; saving now "
                                   "replaces that save.")}}
    return render_template("ticket_to_ride_europe/entry.html", seat=seat, table=table, form=form, svg=svg,
                           ended=view["ended"], end=end_notice(view), my_deal=view.get("my_deal"),
                           deal_cards={c["value"]: c for c in cards}, action_form=ActionForm(),
                           deal_rule=_deal_rule(table["variant"], view.get("my_deal")),
                           others=[(s, st) for s, st in zip(seats, statuses(view))
                                                        if s["seat"] != seat["seat"]],
                           prov=waiting(view), mark=change_mark(view), hold=status_hold(conflict, errors),
                           live_url=url_for("ttr_europe.tables.live", table_id=table["id"]),
                           checked=checked, report=report, cards=cards, chosen=chosen, holders=holders,
                           slots=slots, options={k: _route_options(s.get("city", ""), taken) if s else []
                                                 for k, s in enumerate(slots)},
                           cities=sorted(b.cities), typed=typed, ticket_rows=TICKET_ROWS, raw=raw, errors=errors,
                           conflict=conflict, routes=[b.routes[r] for r in sorted(b.routes)], mine=mine,
                           taken=taken, data=data, variant_label=label(f"variant_{table['variant']}"),
                           score_track=raw.get("score_track", draft.get("score_track", "")),
                           flagged={t for p in checked["problems"] for t in p["targets"]})


@bp.post("/<token>/check")
@accepts_json
def check(token: str):
    """Check the entry as it is on screen: the page posts its form; a client may post {"entry": {...}}."""
    seat, table, seats, _view = _load(token)
    cards = deck_cards(table["variant"])
    if request.is_json:
        body = request.get_json(silent=True)
        entry = body.get("entry") if isinstance(body, dict) else None
        if not isinstance(entry, dict):
            return jsonify({"problems": [{"severity": "error", "code": "bad-entry", "path": "",
                                          "message": "Send {\"entry\": {...}}: the player's routes, stations, "
                                                     "tickets and score track as in ttr-europe-game/1."}]}), 400
    else:
        entry = read_entry_form(request.form, table["variant"]).entry
    report = check_entry(game_doc(table, seats, seat["seat"], entry), seat["seat"])
    answer = _report_json(report, entry, cards, seat)
    taken, taken_stations = _others(seats, seat["seat"])
    answer["taken"] = {str(r): w for r, w in taken.items()}
    answer["stationsTaken"] = taken_stations
    return jsonify(answer)


def status_hold(conflict, errors) -> bool:
    """A refused save is on screen (a conflict or marked fields): the live page never replaces it by itself."""
    return bool(conflict or errors)


def _deal_rule(variant: str, mine: dict | None) -> str:
    """What this seat must keep of its offer, in words (the seed's rule for the variant)."""
    rules = RULES[variant]
    if mine is None or mine.get("offer") is None:
        return ""
    if mine["started"]:
        return _("Keep at least {count} of the tickets drawn; the others go to the bottom of the pile.",
                 count=rules.keep_in_play)
    if rules.long_kept_most is not None:
        return _("Keep at most 1 long ticket, and at least {with_long} regular tickets if you keep one, "
                 "{without} if you do not.", with_long=rules.keep_at_start, without=rules.keep_without_long)
    return _("Keep at least {count} of the tickets dealt.", count=rules.keep_at_start)


@bp.post("/<token>/deal/<action>")
def deal_action(token: str, action: str):
    """Deal the first tickets for everyone, keep some of this seat's offer, or draw tickets in play."""
    seat, table, seats, _view = _load(token)
    if action not in ("start", "keep", "draw"):
        abort(404)
    if not ActionForm().validate_on_submit():
        flash(_(FORM_EXPIRED), "error")
        return redirect(url_for("ttr_europe.seats.entry", token=token) + "#deal")
    if action == "start":
        if deal_store.start_deal(table["id"], table["variant"], len(seats)):
            flash(_("The tickets are dealt: each player chooses on their own phone."), "ok")
    else:
        chosen = [c for c in request.form.getlist("keep") if isinstance(c, str)][:10]

        def run(deal):
            if action == "draw":
                deal.draw(seat["seat"])
                return None
            deal.keep(seat["seat"], chosen)
            return chosen

        try:
            deal_store.act(table["id"], seat["seat"], run)
            registry.touch(GAME, table["id"])
        except DealRefused as refused:
            flash(problem_text(refused.problem), "error")
        except deal_store.Busy:
            flash(_("Someone used the deck at the same moment; nothing was changed. Try again."), "error")
        except LookupError:
            flash(_("This table does not deal from the companion's deck."), "error")
    return redirect(url_for("ttr_europe.seats.entry", token=token) + "#deal")
