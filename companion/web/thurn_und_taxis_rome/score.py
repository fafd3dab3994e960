"""The final score sheet: each player's base-game points entered (bonus tiles, carriage, houses left), plus
Rome's clergy points and the VP coins the table remembered; totals and ranks from the engine.

Until every line is entered the sheet is provisional (the core's `provisional`): only entered seats are
ranked, among themselves, and the page and `score.json` say whom it still waits for.
"""

from __future__ import annotations

import importlib

from flask import Response, abort, current_app, flash, jsonify, redirect, render_template, request, url_for

from ...games.thurn_und_taxis_rome import score_table
from ...games.thurn_und_taxis_rome.data import facts
from ..core.i18n import _, current_lang
from ..core.security import small_int
from ..core.tables.provisional import provisional
from . import forms as tf
from . import labels as lb
from . import store, view
from .common import bp, change_mark, form_message, load_public, saved, table_or_404

MAX_HOUSES = 40


def stacks() -> list[dict]:
    """The base game's bonus-tile stacks, each with the points of its tiles from the top (the shipped list)."""
    found: dict[tuple, dict] = {}
    for t in facts().bonus_tiles:
        key = (t.type, t.applies_to, t.route_length)
        if key not in found:
            field = t.type if t.type in ("all_provinces", "end_game") else \
                f"province-{lb.GROUPS[t.applies_to]}" if t.type == "province" else f"long-{t.route_length}"
            found[key] = {"field": field, "type": t.type, "applies_to": t.applies_to, "length": t.route_length,
                          "points": []}
        found[key]["points"].append(t.points)
    out = list(found.values())
    for s in out:
        s["points"].sort(reverse=True)
        group = lb.carriage(lb.GROUPS[s["applies_to"]]) if s["type"] == "province" else ""
        template = lb.BONUS_STACKS[s["type"]]
        s["label"] = _(template, group=group, length=s["length"])
    return out


def entries_to_form(base: list[dict], n: int) -> dict[str, str]:
    """Write stored base-game entries as the form's field values."""
    values: dict[str, str] = {}
    by_key = {(s["type"], s["applies_to"], s["length"]): s["field"] for s in stacks()}
    for i in range(n):
        entry = base[i] if i < len(base) and isinstance(base[i], dict) else {}
        for tile in entry.get("bonus_tiles", []):
            key = (tile.get("type"), tile.get("applies_to"), tile.get("route_length"))
            if key in by_key:
                values[f"p{i}-{by_key[key]}"] = str(tile.get("points"))
        if entry.get("carriage") is not None:
            values[f"p{i}-carriage"] = str(entry["carriage"])
        if entry.get("houses_left") is not None:
            values[f"p{i}-houses"] = str(entry["houses_left"])
    return values


def form_to_entries(form, n: int, tracked: bool = False) -> tuple[list[dict], dict[str, str]]:
    """Read the score form into base-game entries; return them and the fields that could not be read.

    On a tracked table only the carriage is typed (the companion knows the bonus tiles and the post
    offices); it is saved even when blank ("none"), which is what marks the line as entered.
    """
    errors: dict[str, str] = {}
    base = []
    for i in range(n):
        tiles = []
        for s in ([] if tracked else stacks()):
            name = f"p{i}-{s['field']}"
            raw = (form.get(name) or "").strip()
            if not raw:
                continue
            points = small_int(raw)
            if points not in s["points"]:
                errors[name] = _("Choose one of the listed tiles.")
                continue
            tile = {"type": s["type"], "points": points}
            if s["type"] == "province":
                tile["applies_to"] = s["applies_to"]
            if s["type"] == "long_route":
                tile["route_length"] = s["length"]
            tiles.append(tile)
        entry: dict = {"carriage": None} if tracked else {"bonus_tiles": tiles}
        carriage = (form.get(f"p{i}-carriage") or "").strip()
        if carriage:
            value = small_int(carriage)
            if value not in facts().carriage_points:
                errors[f"p{i}-carriage"] = _("Choose the route length on the player's carriage.")
            else:
                entry["carriage"] = value
        houses = "" if tracked else (form.get(f"p{i}-houses") or "").strip()
        if houses:
            value = small_int(houses)
            if value is None or value > MAX_HOUSES:
                errors[f"p{i}-houses"] = _("Type how many houses the player has left: a whole number.")
            else:
                entry["houses_left"] = value
        base.append(entry)
    return base, errors


def sheet(stored: store.Stored) -> dict:
    """The score sheet from the public table: each player's rows and total, ranks among the entered seats only."""
    table = stored.table
    n = len(table.seats)
    entered = view.entered(stored)
    prov = provisional(list(range(n)), lambda i: entered[i], lambda i: table.seats[i].player)
    result = score_table(table, [stored.base[i] if i < len(stored.base) else {} for i in range(n)], True)
    totals = [row["total"] if entered[i] else None for i, row in enumerate(result["players"])]
    ranks = [None if t is None else 1 + sum(1 for u in totals if u is not None and u > t) for t in totals]
    players = []
    for i, row in enumerate(result["players"]):
        items = {f"players[{i}].houses_left": _("Houses left"), f"players[{i}].carriage": _("Carriage"),
                 f"players[{i}].bonus_tiles": _("Bonus tiles")}
        problems = lb.problem_rows(row["problems"], items) if entered[i] else []
        clergy = [{"label": lb.rank(c["rank"], table.rank_names), "points": c["points"]} for c in row["clergy"]]
        players.append({"seat": i, "name": table.seats[i].player, "colour": table.seats[i].colour,
                        "rows": row["rows"], "total": row["total"], "rank": ranks[i],
                        "entered": entered[i], "clergy": clergy, "problems": problems,
                        "coins": table.offices.coins[i] if table.offices else None,
                        "tracked_bonus": None if table.posts is None else
                        [{"label": lb.stack_label(st), "points": pts} for st, pts in table.posts.bonus[i]],
                        "houses": table.posts.houses[i] if table.posts is not None else None})
    return {"players": players, "provisional": prov, "notes": lb.problem_rows(result["problems"])}


def _render(stored: store.Stored, values: dict[str, str] | None = None, errors: dict[str, str] | None = None,
            status: int = 200):
    """Show the score sheet: the entry form per player and the engine's totals and ranks."""
    n = len(stored.table.seats)
    found = sheet(stored)
    ctx = view.shared(stored)
    return render_template("thurn_und_taxis_rome/score.html", s=ctx, tracked=view.tracked(stored.table),
                           token=stored.id, players=found["players"],
                           stacks=stacks(), values=values if values is not None else entries_to_form(stored.base, n),
                           errors=errors or {}, notes=found["notes"], rows=lb.ROWS, lang=current_lang(),
                           carriages=sorted(facts().carriage_points), prov=found["provisional"],
                           all_entered=found["provisional"].complete, action=tf.showing(str(stored.version)),
                           mark=change_mark(stored.id), hold=status != 200), status


@bp.get("/<token>/score.json")
def score_json(token: str):
    """The score sheet as JSON (public): each player's total and rank so far, and whom the sheet waits for."""
    stored = table_or_404(token)
    found = sheet(stored)
    prov = found["provisional"]
    return jsonify({"version": stored.version, "final": view.sheet_final(stored), "provisional": not prov.complete,
                    "waiting": list(prov.waiting),
                    "players": [{"seat": p["seat"], "player": p["name"], "colour": p["colour"],
                                 "entered": p["entered"], "rows": p["rows"] if p["entered"] else None,
                                 "clergy": p["clergy"], "vp_coins": p["coins"],
                                 "total": p["total"] if p["entered"] else None, "rank": p["rank"]}
                                for p in found["players"]]})


@bp.get("/<token>/score")
def score(token: str):
    """The score sheet."""
    return _render(table_or_404(token))


@bp.post("/<token>/score")
def save_score(token: str):
    """Save the base-game entries (versioned: a sheet changed on another phone meanwhile is not overwritten)."""
    stored = table_or_404(token)
    form = tf.ActionForm()
    values = {k: (request.form.get(k) or "")[:12] for k in request.form if k.startswith("p") and len(k) < 40}
    if not form.validate_on_submit():
        flash(form_message(form), "error")
        return _render(stored, values, status=400)
    base, errors = form_to_entries(request.form, len(stored.table.seats), view.tracked(stored.table))
    if errors:
        flash(_("Please fix the marked fields."), "error")
        return _render(stored, values, errors, 422)
    try:
        done = store.save_base(token, form.version.data, base)
    except store.Conflict as exc:
        flash(lb.conflict_message(exc.what), "error")
        return _render(load_public(token) or stored, values, status=409)
    if not done:  # pragma: no cover - the table was just loaded
        return _render(stored, values, status=404)
    saved(token)
    flash(_("The score sheet is saved."), "ok")
    return redirect(url_for("thurn_und_taxis_rome.tables.score", token=token))


@bp.get("/scorepad.pdf")
def scorepad():
    """The printable score pad in the page's language (`?players=2..4`)."""
    players = small_int(request.args.get("players", "4"), 4)
    players = players if 2 <= players <= 4 else 4
    try:
        printables = importlib.import_module("printables.thurn_und_taxis_rome")  # lazily: printing is optional
        data = printables.scorepad_pdf(players=players, lang=current_lang())
    except Exception:  # the print layer is another package; a failure there must not become a 500 here
        current_app.logger.exception("printables failed for the Thurn und Taxis score pad")
        abort(503, description=_("The PDF could not be made; please try again later."))
    return Response(data, mimetype="application/pdf",
                    headers={"Content-Disposition": 'inline; filename="thurn-und-taxis-rome-score-pad.pdf"'})


@bp.get("/boards/example.pdf")
def example_board_pdf():
    """The example Road-to-Rome board as a blank printable sheet, in the page's language."""
    try:
        printables = importlib.import_module("printables.thurn_und_taxis_rome")  # lazily: printing is optional
        data = printables.board_pdf(lang=current_lang())
    except Exception:  # the print layer is another package; a failure there must not become a 500 here
        current_app.logger.exception("printables failed for the Thurn und Taxis example board")
        abort(503, description=_("The PDF could not be made; please try again later."))
    return Response(data, mimetype="application/pdf",
                    headers={"Content-Disposition": 'inline; filename="thurn-und-taxis-road-to-rome.pdf"'})


def final_sheet(token: str) -> dict | None:
    """The final score sheet as a play (core/plays): every row, totals and ranks (equal totals share a rank);
    None until the sheet is final. Labels are source texts (shown translated)."""
    stored = store.load(token)
    if stored is None or not view.sheet_final(stored):
        return None
    found = sheet(stored)
    players = [{"name": p["name"], "total": p["total"], "rank": p["rank"],
                "rows": {k: v for k, v in (p["rows"] or {}).items() if isinstance(v, int) and not isinstance(v, bool)}}
               for p in found["players"]]
    return {"players": players, "rows": [{"key": k, "label": str(v)} for k, v in lb.ROWS.items()], "tie_break": []}
