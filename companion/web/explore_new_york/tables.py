"""Tables: start one, join it by code, link or QR, enter each player's sheet on their tile, read the score sheet.

Views stay thin: forms and drafts read input, the engine checks and scores,
templates render. Every player's sheet is its own row with a version, so two
phones saving different players never clash and a stale save is refused with
the player's entry kept on screen. Nothing of a seat is secret in Explore New
York (every tile lies open on the table), so the table link leads to every
sheet; the link itself is the table's unguessable key.
"""

from __future__ import annotations

import importlib
import json
import random

from flask import Blueprint, Response, abort, current_app, flash, jsonify, redirect, render_template, request, url_for

from ...games.core.engine import ScoreOptions
from ...games.core.problems import N_, Problem
from ...games.explore_new_york.game import GAME_FORMAT
from ...games.explore_new_york.scoring import score_document
from ...games.explore_new_york.setup import draw_setup, setup_steps
from ...games.explore_new_york.sheet import read_player
from ...games.explore_new_york.tile import COLOURS
from ...games.explore_new_york.tiles import parse_tile, shipped_tiles, tile_to_json
from ..core import db as core_db
from ..core.home import remember_table
from ..core.i18n import _, current_lang, problem_text
from ..core.qr import qr_png
from ..core.security import loads, public_url, small_int
from . import store, tile_store
from .drafts import engine_player, map_state, new_draft, problem_target
from .forms import NewTableForm, SheetForm, read_players
from .labels import COLOUR_NAMES, KIND_NAMES, ROW_NAMES
from .svgmap import render_map

bp = Blueprint("tables", __name__, url_prefix="/explore-new-york/tables")
kit = Blueprint("kit", __name__, url_prefix="/explore-new-york")
GAME_ID = "explore-new-york"
DEALT_EVEN = N_("The companion shuffled the 27 tourist cards and put 3 back in the box unseen: {deck} cards are in "
                "play. It reveals them round by round on the Rounds page.")
DEALT_ALL = N_("The companion shuffled the 27 tourist cards: all {deck} are in play. It reveals them round by round "
               "on the Rounds page.")
EXPIRED = "The form expired or came from elsewhere; nothing was lost, please send it again."


def _load(token: str) -> tuple[dict, list[dict]]:
    """A table and its players, or 404."""
    table = store.get_table(token)
    if table is None:
        abort(404, description=_("This table does not exist. Check the link."))
    return table, store.get_players(token)


def _seat(players: list[dict], seat: int) -> dict:
    """One player of a table, or 404."""
    found = next((p for p in players if p["seat"] == seat), None)
    if found is None:
        abort(404, description=_("This table does not exist. Check the link."))
    return found


def _tile(player: dict):
    """The tile a player's row carries (checked when the table was made)."""
    tile, _problems = parse_tile(player["tile"])
    if tile is None:
        abort(404, description=_("This table does not exist. Check the link."))
    return tile


def _names() -> dict[str, str]:
    """District kind names in the page's language (the map's hover titles)."""
    return {k: _(v) for k, v in KIND_NAMES.items()}


def _options() -> ScoreOptions:
    """The search limits of this server."""
    return ScoreOptions(time_limit=current_app.config.get("SOLVER_TIME_LIMIT"),
                        request_time_limit=current_app.config.get("SOLVER_REQUEST_LIMIT"))


@bp.route("/new", methods=["GET", "POST"])
def new():
    """Start a table: two to four players, their tiles, shared markers or not."""
    form = NewTableForm()
    tiles = tile_store.all_tiles()  # the shipped tiles, then the table's own from the tile editor
    form.setup([t for t in tiles.values() if t.id not in shipped_tiles()])
    status = 200
    if request.method == "POST":
        seats = read_players(form, set(tiles)) if form.validate_on_submit() else None
        if seats is not None:
            players = [{"name": name, "tile": tile_to_json(tiles[tile]), "sheet": new_draft()} for name, tile in seats]
            first = random.SystemRandom().randrange(len(players))  # setup step 4: a random first player
            settings = {"players": len(players), "share_markers": bool(form.share_markers.data), "first": first}
            if form.deal_cards.data:
                settings["deck"] = dealt_deck(len(players))
            token = store.create_table(settings, players)
            core_db.new_table_code(GAME_ID, url_for("explore_new_york.tables.show", token=token),
                                   "Explore New York · " + ", ".join(p["name"] for p in players))
            return redirect(url_for("explore_new_york.tables.show", token=token))
        expired = getattr(form, "csrf_token", None) is not None and form.csrf_token.errors
        flash(_(EXPIRED) if expired else _("Please fix the marked fields."), "error")
        status = 422
    return render_template("explore_new_york/tables/new.html", form=form), status


def dealt_deck(players: int) -> list[dict]:
    """A deck for a table without the cards: the example deck shuffled, 3 cards put back unseen with 2 or 4 players.

    The deck in play is stored card by card (top first); the cards put back are not stored, so nobody can see
    them, as at a real table.
    """
    draw = draw_setup(players, random.SystemRandom().randrange(2 ** 62))
    return [card.to_json() for card in draw.deck]


@bp.get("/<token>")
def show(token: str):
    """The table: join code, link and QR code, the setup walk-through, each sheet's state, score and printables."""
    table, players = _load(token)
    for player in players:
        player["tile_name"] = player["tile"].get("name", "?")
        player["status"] = _status(player)
    path = url_for("explore_new_york.tables.show", token=token)
    remember_table(path)
    code = core_db.code_for_path(path)
    settings = table["settings"]
    steps = [_(step.text, **step.params) for step in setup_steps(len(players), settings.get("share_markers", False))]
    if "deck" in settings:  # the companion has shuffled: say so instead of asking the table to shuffle
        text = DEALT_EVEN if len(players) in (2, 4) else DEALT_ALL
        steps[1:3] = [_(text, deck=len(settings["deck"]))]
    first = players[settings.get("first", 0) % len(players)]["name"] if players else ""
    return render_template("explore_new_york/tables/show.html", table=table, players=players, steps=steps,
                           first=first, link=public_url("explore_new_york.tables.show", token=token),
                           code=code["code"] if code else None)


def _status(player: dict) -> dict:
    """A sheet's state for the table page: not entered yet, or its error and warning counts."""
    if player["version"] == 0:
        return {"text": _("Not entered yet"), "kind": "empty"}
    _sheet, _name, problems = read_player(engine_player(player["sheet"], player["name"], player["tile"]))
    errors = sum(1 for p in problems if p.severity == "error")
    if errors:
        return {"text": _("{n} problem(s) to fix", n=errors), "kind": "error"}
    return {"text": _("Entered"), "kind": "ok"}


@bp.get("/<token>/qr.png")
def qr(token: str):
    """The QR code of the table link."""
    _load(token)
    png = qr_png(public_url("explore_new_york.tables.show", token=token))
    return Response(png, mimetype="image/png", headers={"Cache-Control": "private, max-age=3600"})


def _problems(draft: dict, name: str, tile_doc: dict) -> tuple[list[Problem], list[dict]]:
    """The engine's problems with a draft, and each as the page lists it (text, severity, map target)."""
    _sheet, _n, found = read_player(engine_player(draft, name, tile_doc))
    shown = [{"severity": p.severity, "text": problem_text(p), "target": problem_target(p.path, draft) or ""}
             for p in found if p.path != "player"]
    return found, shown


def _read_draft(text: str) -> tuple[dict | None, str | None]:
    """The posted draft, or a message saying why it cannot be read."""
    doc, problem = loads(text or "")
    if problem is not None:
        return None, _("This is not a readable sheet: {error}. Nothing was saved; your text is kept below.",
                       error=problem[:120])
    if not isinstance(doc, dict):
        return None, _("A sheet is a JSON object with sections, tourists, cafes and final_route; nothing was saved.")
    return {k: v for k, v in doc.items() if k not in ("player", "tile")}, None


@bp.route("/<token>/players/<int:seat>", methods=["GET", "POST"])
def sheet(token: str, seat: int):
    """Enter one player's end-of-game tile by tapping its map; save it without touching the others."""
    _table, players = _load(token)
    player = _seat(players, seat)
    tile = _tile(player)
    form = SheetForm()
    draft, version, raw_text, conflict, status = player["sheet"], player["version"], None, None, 200
    if request.method == "POST":
        submitted, message = _read_draft(form.sheet.data or "")
        mode = request.form.get("route_mode")
        if submitted is not None and mode == "best":
            submitted["final_route"] = None
        elif submitted is not None and mode == "own" and not isinstance(submitted.get("final_route"), list):
            submitted["final_route"] = []
        if not form.validate_on_submit():
            message = _(EXPIRED)
        if message:
            flash(message, "error")
            status = 422
            if submitted is not None:
                draft = submitted
            else:
                raw_text = form.sheet.data or ""
        else:
            saved = store.save_sheet(token, seat, small_int(form.version.data, -1), submitted)
            if saved is not None:
                flash(_("Saved."), "ok")
                return redirect(url_for("explore_new_york.tables.sheet", token=token, seat=seat) + "#problems")
            current = store.get_player(token, seat)
            conflict = {"theirs": current["version"]}
            draft, version, status = submitted, current["version"], 409
    return _render_sheet(token, player, tile, form, draft, version, raw_text, conflict), status


def _render_sheet(token, player, tile, form, draft, version, raw_text, conflict):
    """The sheet editor for a draft, every problem listed and ringed on the map."""
    _found, problems = _problems(draft, player["name"], player["tile"])
    state = map_state(draft)
    state.problems = {p["target"] for p in problems if p["target"]}
    svg = render_map(tile, state, label=_("{name}'s tile", name=player["name"]), names=_names())
    form.sheet.data = raw_text if raw_text is not None else json.dumps(draft, ensure_ascii=False)
    form.version.data = str(version)
    strings = {"not_joined": _("That section does not continue your route from its last point."),
               "not_drawn": _("Draw that section first (Roads)."),
               "used": _("Your route already runs along that section."),
               "no_cafe": _("There is no cafe there."),
               "tourists_at": _("Tourists at X{x} Y{y}"),
               "checking": _("Checking…"),
               "total": _("This route scores {total} PP; the best possible is {best} PP."),
               "offline": _("Could not check just now; your entry is kept. Save to check.")}
    return render_template("explore_new_york/tables/sheet.html", token=token, player=player, tile=tile, form=form,
                           svg=svg, problems=problems, conflict=conflict, raw_text=raw_text, strings=strings,
                           colour_names={c: _(COLOUR_NAMES[c]) for c in COLOURS},
                           own_route=isinstance(draft.get("final_route"), list))


@bp.post("/<token>/players/<int:seat>/check")
def check(token: str, seat: int):
    """Live check of a draft the map sends (nothing is saved): the problems and the route's score."""
    _table, players = _load(token)
    player = _seat(players, seat)
    body = request.get_json(silent=True)
    if not isinstance(body, dict):
        return jsonify({"problems": [{"severity": "error", "text": _("Send the sheet as a JSON object."),
                                      "target": ""}], "total": None, "best": None}), 400
    draft = {k: v for k, v in body.items() if k not in ("player", "tile")}
    found, problems = _problems(draft, player["name"], player["tile"])
    total = best = None
    if not any(p.severity == "error" for p in found):
        doc = {"format": GAME_FORMAT, "players": [engine_player(draft, player["name"], player["tile"])]}
        options = ScoreOptions(time_limit=min(1.0, current_app.config.get("SOLVER_TIME_LIMIT") or 1.0))
        scored = score_document(doc, options)["players"][0]
        total, best = scored["total"], scored["best"]["total"] if scored["best"] else None
    return jsonify({"problems": problems, "total": total, "best": best})


def _download(doc: dict, filename: str) -> Response:
    """A JSON document as a file download."""
    return Response(json.dumps(doc, ensure_ascii=False, indent=1), mimetype="application/json",
                    headers={"Content-Disposition": f'attachment; filename="{filename}"'})


def game_doc(players: list[dict]) -> dict:
    """The table's sheets as `explore-ny-game/1` (shipped tiles by id, others whole)."""
    shipped = shipped_tiles()
    out = []
    for p in players:
        tile_id = p["tile"].get("id")
        same = tile_id in shipped and tile_to_json(shipped[tile_id]) == p["tile"]
        out.append(engine_player(p["sheet"], p["name"], tile_id if same else p["tile"]))
    return {"format": GAME_FORMAT, "players": out}


@bp.get("/<token>/game.json")
def game_json(token: str):
    """Download the whole table as `explore-ny-game/1`."""
    _table, players = _load(token)
    return _download(game_doc(players), "explore-new-york-game.json")


@bp.get("/<token>/score")
def score(token: str):
    """The score sheet: the five rows per player, totals, ranks, "your route / best possible", the routes."""
    _table, players = _load(token)
    result = score_document(game_doc(players), _options())
    lines = []
    for player, scored in zip(players, result["players"], strict=True):
        tile = _tile(player)
        problems = _problems(player["sheet"], player["name"], player["tile"])[1]
        svg = None
        if scored["rows"] is not None:
            state = map_state({**player["sheet"], "final_route": scored["final_route"]})
            state.erased = {tuple(sorted((tuple(a), tuple(b)))) for a, b in scored["erase"]["sections"]}
            state.struck = {tuple(d) for d in scored["erase"]["tourists"]}
            svg = render_map(tile, state, label=_("{name}'s final route", name=player["name"]), names=_names(),
                             interactive=False, map_id=f"map-{player['seat']}")
        lines.append({"seat": player["seat"], "name": player["name"], "tile": tile.name, "score": scored,
                      "problems": problems, "svg": svg, "entered": player["version"] > 0})
    return render_template("explore_new_york/tables/score.html", token=token, lines=lines,
                           rows=[(k, _(v)) for k, v in ROW_NAMES.items()])


@bp.get("/<token>/maps.pdf")
def maps_pdf(token: str):
    """Blank maps of the table's tiles, each with its score table."""
    _table, players = _load(token)
    return _printable(token, "maps_pdf", [_tile(p) for p in players], "explore-new-york-maps.pdf")


@bp.get("/<token>/scorepad.pdf")
def scorepad_pdf(token: str):
    """A score pad for the table's players."""
    _table, players = _load(token)
    return _printable(token, "scorepad_pdf", [p["name"] for p in players], "explore-new-york-scorepad.pdf")


@kit.get("/maps.pdf")
def all_maps_pdf():
    """Blank maps of the four example tiles (for a table that plays with printed maps)."""
    return _printable(None, "maps_pdf", list(shipped_tiles().values()), "explore-new-york-maps.pdf")


@kit.get("/scorepad.pdf")
def blank_scorepad_pdf():
    """A blank score pad for four players."""
    return _printable(None, "scorepad_pdf", ["", "", "", ""], "explore-new-york-scorepad.pdf")


def _printable(token: str | None, name: str, what: list, filename: str):
    """Make a printable with the print package, or explain why it cannot be made."""
    try:
        make = getattr(importlib.import_module("printables.explore_new_york"), name)
    except (ImportError, AttributeError):
        flash(_("The printable kit is not available on this server yet."), "error")
        return _back(token)
    try:
        pdf = make(what, lang=current_lang())
    except Exception as exc:  # a print bug must not cost the table its page
        current_app.logger.exception("printable %s failed", name)
        flash(_("The printable kit could not be made: {error}", error=type(exc).__name__), "error")
        return _back(token)
    return Response(pdf, mimetype="application/pdf", headers={"Content-Disposition": f'inline; filename="{filename}"'})


def _back(token: str | None):
    """Back to the table (or the new-table page) after a printable failed."""
    if token is None:
        return redirect(url_for("explore_new_york.tables.new"))
    return redirect(url_for("explore_new_york.tables.show", token=token))
