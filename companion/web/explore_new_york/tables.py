"""Tables: start one, join it by code, link or QR, enter each player's sheet on their tile, read the score sheet.

Views stay thin: forms and drafts read input, the engine checks and scores,
templates render. Every player's sheet is its own row with a version, so two
phones saving different players never clash and a stale save is refused with
the player's entry kept on screen. Nothing of a seat is secret in Explore New
York (every tile lies open on the table), but a seat is entered only on the phone
that holds it (the core's seats: "This is me" on the table page, or the seat's own
link) or by the host, who keeps the score for the table as on paper.
"""

from __future__ import annotations

import hashlib
import hmac
import importlib
import json
import random

from flask import Blueprint, Response, abort, current_app, flash, jsonify, redirect, render_template, request, url_for
from markupsafe import Markup

from ...games.core.engine import ScoreOptions
from ...games.core.problems import N_, Problem
from ...games.explore_new_york.game import GAME_FORMAT
from ...games.explore_new_york.scoring import score_document
from ...games.explore_new_york.setup import draw_setup, setup_steps
from ...games.explore_new_york.sheet import read_player
from ...games.explore_new_york.tile import COLOURS
from ...games.explore_new_york.tiles import parse_tile, shipped_tiles, tile_to_json
from ..core import db as core_db
from ..core import limits
from ..core.bodies import accepts_json
from ..core.home import remember_table
from ..core.i18n import _, current_lang, problem_text
from ..core.qr import qr_response
from ..core.security import loads, public_url, small_int
from ..core.tables import host as core_host
from ..core.tables import registry
from ..core.tables import seats as table_seats
from ..core.tables.live import live_answer, mark_of
from ..core.tables.provisional import provisional
from . import referee_store, store, tile_store
from .drafts import engine_player, map_state, new_draft, problem_target
from .forms import ButtonForm, NewTableForm, SheetForm, read_players
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


def seat_key(token: str, seat: int) -> str:
    """A seat's secret link key: only the phones it is given to (the seat's own page) know it."""
    secret = str(current_app.config.get("SECRET_KEY") or "").encode()
    return hmac.new(secret, f"explore-new-york:{token}:{seat}".encode(), hashlib.sha256).hexdigest()[:22]


def change_mark(token: str) -> str | None:
    """The table's change mark from public counters only: each sheet's version, the referee's, the log."""
    if store.get_table(token) is None:
        return None
    versions = [p["version"] for p in store.get_players(token)]
    return mark_of(*versions, referee_store.get_log(token)[1], table_seats.event_mark(GAME_ID, token))


def may_enter(token: str, seat: int) -> bool:
    """Whether this phone enters a seat's tile: it holds the seat, or it is the host (the table's scorer)."""
    return seat in table_seats.my_seats(GAME_ID, token) or table_seats.is_host(GAME_ID, token)


def guard(token: str, player: dict) -> None:
    """Refuse a seat's entry pages to a phone that neither holds the seat nor hosts the table."""
    if not may_enter(token, player["seat"]):
        abort(403, description=_("This is {name}'s tile: it is entered on the phone that holds the seat (\"This is "
                                 "me\" on the table page, or the seat's own link), or by the host.",
                                 name=player["name"]))


def require_host(token: str) -> None:
    """Refuse a referee action to a phone that does not host the table (403 with the way to become host)."""
    if not table_seats.is_host(GAME_ID, token):
        core_host.refuse()  # the core's answer, the same in every game (TableSpec.host_actions lets it answer first)


def table_status(players: list[dict]) -> list[dict]:
    """Each seat's name and whether its tile is entered (the table page and every seat page list it)."""
    return [{"seat": p["seat"], "name": p["name"], "status": _status(p)} for p in players]


@bp.route("/new", methods=["GET", "POST"])
@limits.creates_table
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
            # setup step 4: a random first player, unless the table chose one (then listed first, clockwise)
            first = 0 if form.first_chosen.data else random.SystemRandom().randrange(len(players))
            settings = {"players": len(players), "share_markers": bool(form.share_markers.data), "first": first}
            if form.deal_cards.data:
                settings["deck"] = dealt_deck(len(players))
            token = store.create_table(settings, players)
            table_seats.make_host(GAME_ID, token)
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
    return _show(token, table, players, steps, first, code)


def _show(token, table, players, steps, first, code, claim_error=None, status=200):
    """The shared table page: seats, who holds them, the log, the setup; `claim_error` refuses a tap."""
    held = table_seats.held_seats(GAME_ID, token)
    host = table_seats.is_host(GAME_ID, token)
    for player in players:
        player["mine"] = held.get(player["seat"], False)
        player["held"] = player["seat"] in held
    return render_template("explore_new_york/tables/show.html", table=table, players=players, steps=steps,
                           first=first, link=public_url("explore_new_york.tables.show", token=token),
                           code=code["code"] if code else None, mark=change_mark(token), is_host=host,
                           events=table_seats.events(GAME_ID, token), button=ButtonForm(), claim_error=claim_error,
                           hold=bool(claim_error)), status


def _seat_action(token: str, seat: int):
    """The table and seat a button acts on, or an answer refusing it (404, or an expired form)."""
    _table, players = _load(token)
    player = _seat(players, seat)
    if not ButtonForm().validate_on_submit():
        return player, _refuse(token, _(EXPIRED), 400)
    return player, None


def _refuse(token: str, text: str, status: int):
    """The table page with a refusal at its top."""
    table, players = _load(token)
    for player in players:
        player["tile_name"] = player["tile"].get("name", "?")
        player["status"] = _status(player)
    settings = table["settings"]
    steps = [_(step.text, **step.params) for step in setup_steps(len(players), settings.get("share_markers", False))]
    first = players[settings.get("first", 0) % len(players)]["name"] if players else ""
    code = core_db.code_for_path(url_for("explore_new_york.tables.show", token=token))
    return _show(token, table, players, steps, first, code, text, status)


@bp.post("/<token>/seats/<int:seat>/claim")
def claim(token: str, seat: int):
    """"This is me": take a free seat on this phone. A held seat is refused (its own link or the host moves it)."""
    player, refused = _seat_action(token, seat)
    if refused is not None:
        return refused
    if not table_seats.claim(GAME_ID, token, seat, player["name"], by_link=False).ok:
        return _refuse(token, _("{name}'s seat is held by another phone. Open it with its own link on that phone, "
                                "or ask the host to move it to another phone.", name=player["name"]), 409)
    return redirect(url_for("explore_new_york.tables.sheet", token=token, seat=seat))


@bp.post("/<token>/seats/<int:seat>/free")
def free(token: str, seat: int):
    """The host frees a held seat for another phone ("This is me"), logged on the table page."""
    player, refused = _seat_action(token, seat)
    if refused is not None:
        return refused
    if not table_seats.is_host(GAME_ID, token):
        core_host.refuse()  # the core answers first (TableSpec.host_actions); this stays as a second check
    table_seats.free_by_host(GAME_ID, token, seat, player["name"])
    return redirect(url_for("explore_new_york.tables.show", token=token))


@bp.post("/<token>/host/<step>")
def host(token: str, step: str):
    """The host role moves by the core's hand-over (offer, keep, take; each logged on the table page), also at the
    address this table's pages used before the core ran it."""
    return core_host.hand_over(GAME_ID, token, step)


@bp.get("/<token>/seat/<int:seat>/<key>")
def seat_link(token: str, seat: int, key: str):
    """A seat's own link: whoever opens it holds the seat on their phone (logged when it moves), then its tile."""
    _table, players = _load(token)
    player = _seat(players, seat)
    if not hmac.compare_digest(key.encode("utf-8", "replace"), seat_key(token, seat).encode()):
        abort(404, description=_("This table does not exist. Check the link."))
    table_seats.claim(GAME_ID, token, seat, player["name"], by_link=True)
    return redirect(url_for("explore_new_york.tables.sheet", token=token, seat=seat))


@bp.get("/<token>/live")
def live(token: str):
    """The table's change mark: every page of the table follows the game with it."""
    return live_answer(change_mark(token))


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
    return qr_response("explore_new_york.tables.show", token=token)


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
    guard(token, player)
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
                saved_now(token)
                flash(_("Saved."), "ok")
                return redirect(url_for("explore_new_york.tables.sheet", token=token, seat=seat) + "#problems")
            current = store.get_player(token, seat)
            conflict = {"theirs": current["version"]}
            draft, version, status = submitted, current["version"], 409
    return _render_sheet(token, player, tile, form, draft, version, raw_text, conflict, players), status


def saved_now(token: str) -> None:
    """Note a save in the registry; the table is finished once every tile is entered (its sheet is final)."""
    registry.touch(GAME_ID, token)
    if all(p["version"] > 0 for p in store.get_players(token)):
        registry.finish(GAME_ID, token)


def _render_sheet(token, player, tile, form, draft, version, raw_text, conflict, players, photo=None):
    """The sheet editor for a draft, every problem listed and ringed on the map.

    `photo` (photo.py): a reading of a photo shown for the player to check (its doubtful items marked, the
    photo under the map); the form still posts to the ordinary save, and nothing is saved before that.
    """
    _found, problems = _problems(draft, player["name"], player["tile"])
    state = map_state(draft)
    state.problems = {p["target"] for p in problems if p["target"]}
    if photo is not None:
        state.doubts = set(photo["targets"])
    svg = render_map(tile, state, label=_("{name}'s tile", name=player["name"]), names=_names())
    if photo is not None and photo.get("layer"):  # over the districts, under the roads, cafes and counts
        text = str(svg)
        at = text.find('<g class="roads">')
        svg = Markup(text[:at] + str(photo["layer"]) + text[at:]) if at >= 0 else svg
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
                           mark=change_mark(token), hold=bool(conflict or request.method == "POST"),
                           at_table=table_status(players),
                           seat_link=public_url("explore_new_york.tables.seat_link", token=token, seat=player["seat"],
                                                key=seat_key(token, player["seat"])),
                           colour_names={c: _(COLOUR_NAMES[c]) for c in COLOURS},
                           own_route=isinstance(draft.get("final_route"), list), photo=photo,
                           photo_url=url_for("explore_new_york.photo.read", token=token, seat=player["seat"]))


@bp.post("/<token>/players/<int:seat>/check")
@accepts_json
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
    waiting = provisional(players, lambda p: p["version"] > 0)
    entered = [players[k] for k in waiting.entered]
    scored_entered = score_document(game_doc(entered), _options())["players"] if entered else []
    by_seat = {p["seat"]: s for p, s in zip(entered, scored_entered, strict=True)}
    lines = []
    for player in players:
        scored = by_seat.get(player["seat"]) or {"rows": None, "total": None, "rank": None}
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
    return render_template("explore_new_york/tables/score.html", token=token, lines=lines, waiting=waiting,
                           rows=[(k, _(v)) for k, v in ROW_NAMES.items()], mark=change_mark(token),
                           mine=[line["seat"] for line in lines if may_enter(token, line["seat"])])


@bp.get("/<token>/score.json")
def score_json(token: str):
    """The score sheet as `explore-ny-score/1` for the entered seats, and whom it still waits for."""
    _table, players = _load(token)
    waiting = provisional(players, lambda p: p["version"] > 0)
    entered = [players[k] for k in waiting.entered]
    doc = score_document(game_doc(entered), _options()) if entered else {"players": []}
    return jsonify({**doc, "provisional": not waiting.complete, "waiting": list(waiting.waiting)})


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


# ---- the table as the core sees it (secrets by construction) ------------------------------------------

def public_view(token: str) -> dict | None:
    """Everything any phone at the table may see: the players, their tiles and sheets, the refereed rounds.
    Explore New York hides nothing of a seat (every tile lies open); the deck's order is hidden from everyone,
    so it is left out."""
    table = store.get_table(token)
    if table is None:
        return None
    players = store.get_players(token)
    settings = {k: v for k, v in table["settings"].items() if k != "deck"}
    return {"settings": settings, "game": game_doc(players), "versions": [p["version"] for p in players],
            "referee": referee_store.get_log(token)[1]}


def seat_view(token: str, seat: int) -> dict | None:
    """A seat's view: the public view (its page adds only its own link and what it typed and did not save)."""
    view = public_view(token)
    if view is None or not 0 <= seat < len(view["versions"]):
        return None
    return {**view, "seat": seat}


def final_sheet(token: str) -> dict | None:
    """The finished table's score sheet as a play (core/plays): the five rows, totals and ranks of every
    player; None while a tile is not entered. Labels are source texts (shown translated)."""
    if store.get_table(token) is None:
        return None
    players = store.get_players(token)
    if not players or not all(p["version"] > 0 for p in players):
        return None
    scored = score_document(game_doc(players), _options())["players"]
    rows = [{"key": k, "label": str(v)} for k, v in ROW_NAMES.items()]
    return {"players": [{"name": p["name"], "total": s["total"], "rank": s["rank"], "rows": dict(s["rows"] or {})}
                        for p, s in zip(players, scored, strict=True)], "rows": rows, "tie_break": []}
