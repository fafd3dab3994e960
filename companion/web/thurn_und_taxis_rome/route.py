"""Recording a scored route on the shared screen, in three short steps a phone can show.

1. the route's cities in order; 2. where the player placed post offices; 3. the carriage steps the
route's cards pay for, one at a time (each branch is a choice), then "Record". The draft travels in a
hidden field until it is recorded; every step is checked by the engine against the table as it is
(`preview_route`), and only "Record" writes, with the version the route was started from.

The preview works on the public table (`common.table_or_404`: every placement face down), so a
carriage that would reach Rome only says so: its clergy are turned face up when the route is recorded
(seed l.52), never by a preview.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from flask import abort, flash, redirect, render_template, request, url_for

from ...games.thurn_und_taxis_rome import next_cities, preview_route
from ...games.thurn_und_taxis_rome.data import facts
from ..core.i18n import _
from ..core.security import loads
from . import forms as tf
from . import labels as lb
from . import view
from .common import bp, change_mark, form_message, load_public, record, table_or_404
from .store import Stored

STAGES = ("route", "offices", "moves")
MAX_MOVES = 40


def _text_list(value: Any, longest: int = 60, most: int = tf.MAX_ROUTE) -> list[str] | None:
    """A list of short texts from the draft, or None when it is something else."""
    if not isinstance(value, list) or len(value) > most or not all(isinstance(v, str) for v in value):
        return None
    return [v[:longest] for v in value]


def _draft() -> dict | None:
    """Read the draft the form carries (cities, post offices, steps so far); None when it is unreadable."""
    value, problem = loads(request.form.get("draft") or "{}")
    if problem is not None or not isinstance(value, dict):
        return None
    cities = _text_list(value.get("cities", []))
    offices = _text_list(value.get("post_offices", []))
    moves = value.get("moves", [])
    if cities is None or offices is None or not isinstance(moves, list) or len(moves) > MAX_MOVES:
        return None
    steps = []
    for m in moves:
        if not isinstance(m, dict) or not isinstance(m.get("carriage"), str) or not isinstance(m.get("to"), str):
            return None
        steps.append({"carriage": m["carriage"][:40], "to": m["to"][:60]})
    return {"cities": cities, "post_offices": offices, "moves": steps}


def _blocked(stored: Stored) -> list:
    """The reasons no route can be recorded now (not the Audience, game over, returns pending, done this turn)."""
    outcome, _credits = preview_route(stored.table, stored.table.turn.active, {"cities": []})
    return [p for p in outcome.problems if p.severity == "error" and not p.path.startswith("cities")]


def _options(table, credits) -> list[dict]:
    """The steps possible now: each carriage not in Rome that a card can move, with the cities it may move to."""
    rows = []
    a = table.audience
    for c in facts().carriages:
        if c.id in a.arrivals or (credits.own.get(c.id, 0) == 0 and credits.jokers == 0):
            continue
        card = "own" if credits.own.get(c.id, 0) else "joker"
        rows.append({"carriage": c.id, "label": lb.carriage(c.id), "city": a.carriages[c.id], "card": card,
                     "next": next_cities(table, c.id)})
    return rows


def _offline_key(token: str, stage: str, draft: dict) -> str:
    """The offline script's key for one step of the form: every step carries the same version, so the key
    names the draft too (a copy kept on the phone comes back only onto the very step it was made on)."""
    digest = hashlib.sha256(json.dumps([stage, draft], sort_keys=True).encode()).hexdigest()[:12]
    return f"taxis:{token}:route:{digest}"


def _render(stored: Stored, stage: str, draft: dict, version: str, status: int = 200, problems=None,
            city_errors: dict | None = None):
    """Show one step of the route form with the draft so far."""
    table = stored.table
    seat = table.turn.active
    ctx: dict[str, Any] = {"stage": stage, "draft": draft, "version": version, "token": stored.id,
                           "player": table.seats[seat].player, "problems": problems or [],
                           "cities": sorted(facts().cities), "city_errors": city_errors or {},
                           "max_route": tf.MAX_ROUTE, "form": tf.showing(version), "mark": change_mark(stored.id),
                           "hold": status != 200 or bool(draft["cities"]),
                           "offline_key": _offline_key(stored.id, stage, draft),
                           "final_round": view.final_round_part(table, [s.player for s in table.seats])}
    if stage == "moves":
        outcome, credits = preview_route(table, seat, draft)
        if credits is None:  # the draft no longer fits the table: show why, from the route step
            ctx.update(stage="route", problems=(problems or []) + lb.problem_rows(outcome.problems))
            stage = "route"
        else:
            after = outcome.table
            ctx["left"] = [{"label": lb.carriage(k), "n": n} for k, n in credits.own.items() if n]
            ctx["jokers"] = credits.jokers
            ctx["options"] = _options(after, credits)
            ctx["steps"] = [{"label": lb.carriage(e["carriage"]), "from": e["from"], "to": e["to"],
                             "card": e["card"]} for e in outcome.events if e.get("event") == "carriage-moved"]
            ctx["arrivals"] = [_("The {carriage} carriage reaches Rome with this step: its clergy are turned face "
                                 "up when the route is recorded.", carriage=lb.carriage(e["carriage"]))
                               for e in outcome.events if e.get("event") == "arrived"]
            ctx["has_board"] = table.audience.track is not None
            ctx["pic"] = view.play_picture(after, ctx["options"], ctx["steps"])
            ctx["known_cities"] = sorted({*after.audience.carriages.values(), *facts().two_player_cities,
                                          facts().rome} - {""})
    if stage == "offices":
        ctx["route_line"] = " – ".join(draft["cities"])
        ctx["houses_left"] = view.POST_OFFICES - table.posts.houses[seat] if table.posts is not None else None
    return render_template("thurn_und_taxis_rome/route.html", **ctx), status


@bp.route("/<token>/route", methods=["GET", "POST"])
def route(token: str):
    """Record the route the active player scored and move the carriages its cards pay for."""
    stored = table_or_404(token)
    if stored.table.audience is None:
        abort(404, description=_("This table does not play The Audience, so routes move no carriages."))
    blocked = _blocked(stored)
    if blocked:
        flash(_("No route can be recorded now:") + " " + " ".join(lb.problem_line(p) for p in blocked), "error")
        return redirect(url_for("thurn_und_taxis_rome.tables.show", token=token))
    if request.method == "GET":
        empty = {"cities": [], "post_offices": [], "moves": []}
        return _render(stored, "route", empty, str(stored.version))
    form = tf.ActionForm()
    draft = _draft()
    if not form.validate_on_submit() or draft is None:
        flash(form_message(form, _("The route form could not be read; start the route again.")), "error")
        return _render(stored, "route", {"cities": [], "post_offices": [], "moves": []}, str(stored.version), 400)
    version = (form.version.data or "")[:12]
    stage = request.form.get("stage", "route")
    do = request.form.get("do", "next")
    if stage == "route":
        return _route_stage(stored, draft, version)
    if stage == "offices":
        if do == "back":
            return _render(stored, "route", draft, version)
        route_cities = set(draft["cities"])
        draft["post_offices"] = [c for c in request.form.getlist("post_office")[:tf.MAX_ROUTE] if c in route_cities]
        draft["moves"] = []
        return _render(stored, "moves", draft, version)
    if stage == "moves":
        return _moves_stage(stored, draft, version, do)
    abort(400, description=_("The route form could not be read; start the route again."))


def _route_stage(stored: Stored, draft: dict, version: str):
    """Read the route's cities in order (blank fields are skipped) and check them on the base map."""
    picked = [(i, (request.form.get(f"city_{i}") or "").strip()[:60]) for i in range(tf.MAX_ROUTE)]
    picked = [(i, c) for i, c in picked if c]
    draft = {"cities": [c for _i, c in picked], "post_offices": [], "moves": []}
    outcome, credits = preview_route(stored.table, stored.table.turn.active, {"cities": draft["cities"]})
    if credits is None:
        errors: dict[int, list[str]] = {}
        rest = []
        for p in outcome.problems:
            index = _index(p.path, "cities")
            if index is not None and index < len(picked):
                errors.setdefault(picked[index][0], []).append(lb.problem_line(p))
            else:
                rest.append(p)
        return _render(stored, "route", draft, version, 422, lb.problem_rows(rest), errors)
    return _render(stored, "offices", draft, version)


def _index(path: str, prefix: str) -> int | None:
    """The list index a problem path names under `prefix` (`cities[2]` → 2), or None."""
    if not path.startswith(prefix + "["):
        return None
    inner = path[len(prefix) + 1:].split("]", 1)[0]
    return int(inner) if inner.isdigit() and len(inner) < 4 else None


def _moves_stage(stored: Stored, draft: dict, version: str, do: str):
    """Add a step, take the last one back, go back, or record the route with its steps."""
    if do == "back":
        draft["moves"] = []
        return _render(stored, "offices", draft, version)
    if do == "pop":
        draft["moves"] = draft["moves"][:-1]
        return _render(stored, "moves", draft, version)
    if do == "add":
        choice = (request.form.get("step") or "")[:120]
        carriage, _sep, to = choice.partition(">")
        if not to:
            to = (request.form.get("to") or "").strip()[:60]
        if carriage not in facts().carriage_ids or not to:
            message = _("Choose a carriage and the city it moves to.")
            return _render(stored, "moves", draft, version, 422, [{"severity": "error", "text": message,
                                                                   "target": ""}])
        trial = {**draft, "moves": [*draft["moves"], {"carriage": carriage, "to": to}]}
        outcome, credits = preview_route(stored.table, stored.table.turn.active, trial)
        if credits is None:
            return _render(stored, "moves", draft, version, 422, lb.problem_rows(outcome.problems))
        return _render(stored, "moves", trial, version)
    if do == "record":
        action = {"action": "score-route", "seat": stored.table.turn.active, **draft}
        result = record(stored.id, version, action)
        if not result.ok:
            flash(result.message, "error")
            fresh = load_public(stored.id) or stored  # show the table as it is now, the draft kept
            again = str(fresh.version) if result.status == 409 else version  # checked again, it may be sent again
            return _render(fresh, "moves", draft, again, result.status, lb.problem_rows(result.problems))
        players = [s.player for s in stored.table.seats]
        for event in result.events:
            if event.get("event") in ("route-scored", "carriage-moved", "arrived", "post-offices", "final-round",
                                      "bonus-taken"):
                flash(lb.event_line(event, players, stored.table.rank_names), "ok")
        return redirect(url_for("thurn_und_taxis_rome.tables.show", token=stored.id))
    abort(400, description=_("The route form could not be read; start the route again."))
