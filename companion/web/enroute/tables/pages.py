"""Tables: start one, join it by link or QR code, enter each player's sheet, read the score sheet.

Views stay thin: forms and drafts parse input, the engine checks and scores,
templates render. Every player's sheet is its own database row with a version
number, so phones saving different players never clash and a stale save is
refused (the submitted draft stays on screen).
"""

from __future__ import annotations

import importlib
import json

from flask import Blueprint, Response, abort, current_app, flash, jsonify, redirect, render_template, request, url_for

from ....games.enroute.board import COLOURS, board_to_json, parse_board
from ....games.enroute.rows import TIEBREAK_NOTE, scoring_rows
from ....games.enroute.sheet import parse_sheet
from ...core import db as core_db
from ...core import limits
from ...core.bodies import accepts_json
from ...core.home import remember_table
from ...core.i18n import COOKIE, _, current_lang
from ...core.qr import qr_response
from ...core.security import csrf_header_ok, loads, loopback_share_hint, public_url, small_int
from ...core.tables import seats
from ...core.tables.live import live_answer
from ...core.tables.provisional import provisional
from ..boards import store as board_store
from ..labels import label
from ..maps.printed import board_of, problem_line_printed
from ..maps.svgfeatures import STYLE as FEATURE_STYLE
from ..maps.svgfeatures import legend as feature_legend
from ..maps.svgmap import point_id, render_map
from ..routes.jobs import RouteJob
from ..routes.progress import searching_page
from . import store as db
from .city_sheet import city_context, city_notes
from .drafts import ROUTE_MODES, changes, engine_sheet, map_state, new_sheet, problem_target
from .forms import PLAYER_COLOURS, LanguageForm, SheetForm, choices, load_catalogue, table_form
from .scoresheet import game_doc, row_table, score_or_job, score_views, tiebreak_notes, warm_routes
from .sheet_marks import marks_context, merge_marks

bp = Blueprint("tables", __name__, url_prefix="/tables")
MAX_IMPORT = 512 * 1024


def _load(token: str):
    """Return a table and its board, or answer 404."""
    table = db.get_table(token)
    if table is None:
        abort(404, description=_("This table does not exist. Check the link."))
    board, _problems = parse_board(table["board_doc"])
    if board is None:
        abort(404, description=_("This table does not exist. Check the link."))
    return table, board


def _csrf_failed(form) -> bool:
    """Tell whether a form was refused for its CSRF token (missing, expired or foreign)."""
    token = getattr(form, "csrf_token", None)
    return bool(token is not None and token.errors)


def _manual_decks(table: dict) -> tuple[str, ...]:
    """Return the decks whose goal card is counted by hand."""
    if table["level"] != "full":
        return ()
    return tuple(card.get("deck") for card in table["goals"] if card.get("metric") == "manual")


@bp.route("/new", methods=["GET", "POST"])
@limits.creates_table
def new():
    """Start a table: players, city, level, iconic ratings and goal cards."""
    lang = current_lang()
    boards = board_store.available_boards()
    board = next((b for b in boards if b.id == request.values.get("board")), boards[0])
    catalogue = load_catalogue(board=board)
    form = table_form(boards, board, catalogue, lang)
    form.lang.data, form.board.data = lang, board.id
    if request.method == "GET":  # different colours by default, so a table rarely has to change them
        for entry, colour in zip(form.players, PLAYER_COLOURS):
            entry.form.colour.data = colour
    status = 200
    if request.method == "POST" and "change_board" not in request.form:
        if form.validate_on_submit():
            result = form.result
            players = [{"name": p["name"], "colour": p["colour"], "sheet": new_sheet(p["name"], p["player_board"])}
                       for p in result["players"]]
            token = db.create_table(board.id, board_to_json(board), form.level.data, lang, result["ratings"],
                                    result["goals"], players)
            seats.make_host(db.GAME, token)  # the phone that started the table hosts it
            core_db.new_table_code("enroute", url_for("enroute.tables.show", token=token),
                                   f"{board.name} · {', '.join(p['name'] for p in players)}")
            return redirect(url_for("enroute.tables.show", token=token))
        flash(_("The form expired or came from elsewhere; nothing was lost, please send it again.")
              if _csrf_failed(form) else _("Please fix the marked fields."), "error")
        status = 422
    return render_template("enroute/tables/new.html", form=form, board=board, catalogue=catalogue), status


@bp.get("/<token>")
def show(token: str):
    """Show a table: its link and QR code, each player's sheet status, the score sheet and the printed kit."""
    table, board = _load(token)
    players = db.get_players(token)
    for player in players:
        player["status"] = _status(table, board, player)
    form = LanguageForm(lang=current_lang())
    link = public_url("enroute.tables.show", token=token)
    path = url_for("enroute.tables.show", token=token)
    remember_table(path)
    code = core_db.code_for_path(path)
    return render_template("enroute/tables/show.html", table=table, board=board, players=players, form=form, link=link,
                           code=code["code"] if code else None, share_hint=loopback_share_hint(),
                           mark=db.change_mark(token), events=seats.events(db.GAME, token))


@bp.get("/<token>/live")
def live(token: str):
    """The table's change mark (every sheet's version), for the table page and the score sheet."""
    return live_answer(db.change_mark(token))


@bp.get("/<token>/players/<int:seat>/live")
def sheet_live(token: str, seat: int):
    """One sheet's change mark, for that sheet's page (another phone saved it: show the saved sheet)."""
    return live_answer(db.change_mark(token, seat))


def _status(table: dict, board, player: dict) -> dict:
    """Summarise a player's sheet: not entered, or its error and warning counts."""
    if player["version"] == 0:
        return {"key": "sheet_status_empty", "errors": 0, "warnings": 0}
    _sheet, problems = parse_sheet(engine_sheet(player["sheet"], player["route_mode"], player["name"]), board,
                                   table["level"], "", _manual_decks(table))
    errors = sum(1 for p in problems if p.severity == "error")
    warnings = len(problems) - errors
    return {"key": "sheet_status_problems" if problems else "sheet_status_ok", "errors": errors,
            "warnings": warnings}


@bp.post("/<token>/lang")
def language(token: str):
    """Switch this phone's language (older pages posted here; every page now has the switch in its header)."""
    _load(token)
    form = LanguageForm()
    response = redirect(url_for("enroute.tables.show", token=token))
    if form.validate_on_submit():
        response.set_cookie(COOKIE, form.lang.data, max_age=365 * 24 * 3600, samesite="Lax")
    else:
        flash(_("The form expired or came from elsewhere; nothing was lost, please send it again."), "error")
    return response


@bp.get("/<token>/qr.png")
def qr(token: str):
    """Answer the QR code of the table link as a PNG."""
    _load(token)
    return qr_response("enroute.tables.show", token=token)


@bp.route("/<token>/players/<int:seat>", methods=["GET", "POST"])
def sheet(token: str, seat: int):
    """Enter one player's end-of-game sheet on the tappable map; save it without touching the others."""
    table, board = _load(token)
    player = db.get_player(token, seat)
    if player is None:
        abort(404, description=_("This table does not exist. Check the link."))
    form = SheetForm()
    form.player_board.choices = choices((str(pb.number), str(pb.number)) for pb in board.player_boards)
    draft, route_mode, version = player["sheet"], player["route_mode"], player["version"]
    raw_text = None
    conflict = None
    status = 200
    if request.method == "POST":
        route_mode = form.route_mode.data if form.route_mode.data in ROUTE_MODES else "best"
        importing = "import" in request.form
        text = _import_text(form) if importing else (form.sheet.data or "")
        submitted, message = _read_draft(text)
        if importing and not text.strip():
            message = _("Paste a sheet or choose a file to import.")
        csrf_ok = form.validate_on_submit() or not _csrf_failed(form)
        if not csrf_ok:
            message = _("The form expired or came from elsewhere; nothing was lost, please send it again.")
        if message:
            flash(message, "error")
            status = 400 if not csrf_ok else 422
            if submitted is not None:
                draft = submitted
            else:
                raw_text = text  # keep exactly what was typed, even when it cannot be read
        else:
            draft = _merge(submitted, player, form, board, table, importing)
            if importing:
                route_mode = "own" if isinstance(draft.get("final_route"), list) else "best"
            base = small_int(form.version.data, -1)
            saved = db.save_sheet(token, seat, base, draft, route_mode)
            if saved is not None:
                warm_routes(table, db.get_players(token))
                flash(_("Saved."), "ok")
                return redirect(url_for("enroute.tables.sheet", token=token, seat=seat) + "#problems")
            current = db.get_player(token, seat)
            before = db.get_history(token, seat, base)
            found = changes(before["sheet"], before["route_mode"], current["sheet"], current["route_mode"]) \
                if before else []
            conflict = {"theirs": current["version"],
                        "changes": [label(key, **_printed(params, board, current["sheet"])) for key, params in found]}
            version = current["version"]  # saving again deliberately replaces theirs
            status = 409
    return _render_sheet(table, board, player, form, draft, route_mode, version, raw_text, conflict,
                         hold=status != 200), status


def _printed(params: dict, board, doc: dict) -> dict:
    """Show a changed location by the player's own printed coordinates, as on their map."""
    if "where" not in params:
        return params
    number = doc.get("player_board")
    pb = board.player_board(number) if isinstance(number, int) else None
    c, r = map(int, params["where"].split(","))
    if pb is None or not (1 <= c <= board.cols and 1 <= r <= board.rows):
        return params
    col, row = pb.printed((c, r))
    return {**params, "where": f"({col}, {row})"}


def _import_text(form: SheetForm) -> str:
    """Return the pasted or uploaded sheet text."""
    upload = form.import_file.data
    if upload is not None and getattr(upload, "filename", ""):
        data = upload.read(MAX_IMPORT + 1)[:MAX_IMPORT]
        return data.decode("utf-8", errors="replace")
    return form.import_text.data or ""


def _read_draft(text: str) -> tuple[dict | None, str | None]:
    """Parse the posted JSON draft; return it, or a message saying why it cannot be read."""
    doc, problem = loads(text)
    if problem is not None:
        return None, _("This is not a readable sheet: {error}. Nothing was saved; your text is kept below.",
                       error=problem[:120])
    if not isinstance(doc, dict):
        return None, _("A sheet is a JSON object like {\"format\": \"enroute-sheet/1\", ...}; nothing was saved.")
    return doc, None


def _merge(doc: dict, player: dict, form: SheetForm, board, table: dict, importing: bool) -> dict:
    """Fold the form's own fields (player board, hand-counted goal results) into the draft."""
    doc = dict(doc)
    doc["player"] = player["name"]
    if importing:
        doc.setdefault("player_board", player["sheet"].get("player_board"))
        return doc
    number = form.player_board.data
    if small_int(number) is not None and board.player_board(small_int(number)):
        doc["player_board"] = small_int(number)
    values = dict(doc.get("goal_values") or {}) if isinstance(doc.get("goal_values"), dict) else {}
    for deck in _manual_decks(table):
        raw = (getattr(form, f"goal_value_{deck}").data or "").strip()
        if raw:
            values[deck] = small_int(raw, raw)  # a bad value stays, and the engine names it
        else:
            values.pop(deck, None)
    if values:
        doc["goal_values"] = values
    else:
        doc.pop("goal_values", None)
    return merge_marks(doc, board, request.form)


def _blank(draft: dict) -> bool:
    """Tell whether nothing is entered on a sheet yet (no section, tourist, cafe, goal point or route)."""
    return not any(draft.get(key) for key in ("sections", "tourists", "cafes", "personal_goal", "final_route",
                                              "goal_values"))


def sheet_problems(table, board, player, draft: dict, route_mode: str):
    """Check a draft with the engine; return the problems as the page lists them and the map state they mark.

    A sheet with nothing entered yet lists no warnings ("fewer than 10 locations", "no personal goal"):
    they are true of every blank sheet and only say that the entry has not begun (issue 13, U9).
    """
    _sheet, found = parse_sheet(engine_sheet(draft, route_mode, player["name"]), board, table["level"], "",
                                _manual_decks(table))
    state = map_state(draft, route_mode, board)
    pb = board_of(board, draft.get("player_board"))
    problems = []
    for p in found:
        if p.severity == "warning" and _blank(draft):
            continue
        target = problem_target(p.path, draft, p.message)
        if target and target.startswith("c-") and board.cafe_at(tuple(map(int, target[2:].split("-")))) is None:
            target = "p-" + target[2:]  # no cafe drawn there: ring the intersection instead
        targets = [point_id(q) for q in state.goal] if target == "goal" else ([target] if target else [])
        state.problems.update(targets)
        problems.append({"severity": p.severity, "text": problem_line_printed(p, board, pb, draft),
                         "target": targets[0] if targets else ""})
    return problems, state


def _render_sheet(table, board, player, form, draft, route_mode, version, raw_text, conflict, hold=False):
    """Render the sheet editor for a draft, with every problem listed and highlighted."""
    problems, state = sheet_problems(table, board, player, draft, route_mode)
    number = draft.get("player_board") if isinstance(draft.get("player_board"), int) else None
    pb = board.player_board(number) if number is not None else None
    pb = pb or board.player_boards[0]
    form.sheet.data = raw_text if raw_text is not None else json.dumps(draft, ensure_ascii=False)
    form.version.data = str(version)
    form.route_mode.data = route_mode
    form.player_board.data = str(pb.number)
    for deck in _manual_decks(table):
        value = (draft.get("goal_values") or {}).get(deck) if isinstance(draft.get("goal_values"), dict) else None
        getattr(form, f"goal_value_{deck}").data = "" if value is None else str(value)
    colours = COLOURS if "purple" in board.kinds_present() else COLOURS[:3]
    svg = render_map(board, pb, state, label=_("{name}'s sheet", name=player["name"]), colours=colours)
    boards_js = {pb_.number: {"columns": list(pb_.columns), "rows": list(pb_.rows)} for pb_ in board.player_boards}
    js_strings = {"goal_full": _("Three points are circled; tap one to remove it."),
                  "route_not_connected": _("That section does not join the end of your route."),
                  "route_not_drawn": _("Draw that section first (Roads)."),
                  "tourists_at": _("Tourists at {where}"),
                  "bad_json": _("This is not a readable sheet: {error}. Nothing was saved; your text is kept below.")}
    return render_template("enroute/tables/sheet.html", table=table, board=board, player=player, form=form, svg=svg,
                           mark=db.change_mark(table["id"], player["seat"]), hold=hold,
                           problems=problems, conflict=conflict, manual=_manual_decks(table), colours=colours,
                           boards_js=boards_js, js_strings=js_strings, raw_text=raw_text,
                           city=city_context(board), marks=marks_context(board, draft))


@bp.post("/<token>/players/<int:seat>/check")
@accepts_json
def sheet_check(token: str, seat: int):
    """Check an unsaved draft as the player taps (issue 13, U3): the engine's problems as JSON; nothing is saved."""
    table, board = _load(token)
    player = db.get_player(token, seat)
    if player is None:
        abort(404, description=_("This table does not exist. Check the link."))
    if not csrf_header_ok():
        return jsonify({"error": _("The form expired or came from elsewhere; nothing was lost, please send it "
                                   "again.")}), 400
    body = request.get_json(silent=True)
    draft = body.get("sheet") if isinstance(body, dict) else None
    if not isinstance(draft, dict):
        return jsonify({"error": _("A sheet is a JSON object like {\"format\": \"enroute-sheet/1\", ...}; "
                                   "nothing was saved.")}), 422
    route_mode = body.get("route_mode") if body.get("route_mode") in ROUTE_MODES else "best"
    try:
        problems, _state = sheet_problems(table, board, player, draft, route_mode)
    except (TypeError, ValueError, KeyError, AttributeError):  # a draft the lenient readers still choke on
        return jsonify({"error": _("This is not a readable sheet: {error}. Nothing was saved; your text is kept "
                                   "below.", error="?")}), 422
    response = jsonify({"problems": problems})
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/<token>/players/<int:seat>/sheet.json")
def sheet_json(token: str, seat: int):
    """Download a player's sheet as an `enroute-sheet/1` document."""
    _load(token)
    player = db.get_player(token, seat)
    if player is None:
        abort(404)
    doc = engine_sheet(player["sheet"], player["route_mode"], player["name"])
    return _json_download(doc, f"sheet-{seat + 1}.json")


@bp.get("/<token>/game.json")
def game_json(token: str):
    """Download the whole table as an `enroute-game/1` document."""
    table, _board = _load(token)
    return _json_download(game_doc(table, db.get_players(token)), "game.json")


def _json_download(doc: dict, filename: str) -> Response:
    """Answer a JSON document as a file download."""
    body = json.dumps(doc, ensure_ascii=False, indent=1)
    return Response(body, mimetype="application/json",
                    headers={"Content-Disposition": f'attachment; filename="{filename}"'})


@bp.get("/<token>/score")
def score(token: str):
    """Show the score sheet: rows 1–9, totals, ranks, tie-breaks and each player's final route."""
    table, board = _load(token)
    everyone = db.get_players(token)
    # Only entered sheets are scored and ranked (goal-card winners included): an empty sheet is no score.
    waiting = provisional(everyone, lambda p: p["version"] > 0)
    players = [everyone[k] for k in waiting.entered]
    missing = [p for k, p in enumerate(everyone) if k not in waiting.entered]
    scores = score_or_job(table, players) if players else []
    if isinstance(scores, RouteJob):  # a long search runs in the background: show its progress meanwhile
        return searching_page(table, board, scores)
    views = score_views(board, players, scores)
    colours = COLOURS if "purple" in board.kinds_present() else COLOURS[:3]
    maps = {}
    for v in views:
        pb = board.player_board(_pb(players, v.seat)) or board.player_boards[0]
        if v.state is not None:
            maps[v.seat] = render_map(board, pb, v.state, interactive=False, label=v.name, colours=colours,
                                      map_id=f"map-{v.seat}")
        if v.best_state is not None:
            maps[f"best-{v.seat}"] = render_map(board, pb, v.best_state, interactive=False, label=v.name,
                                                colours=colours, map_id=f"best-{v.seat}")
    sheets = {p["seat"]: p["sheet"] for p in players}
    problems = {v.seat: [{"severity": p.severity,
                          "text": problem_line_printed(p, board, board_of(board, _pb(players, v.seat)),
                                                       sheets.get(v.seat))}
                         for p in v.score.problems] for v in views}
    return render_template("enroute/tables/score.html", table=table, board=board, views=views, maps=maps,
                           rows=row_table(board, table["level"], views), notes=tiebreak_notes(views),
                           problems=problems, tiebreak_note=TIEBREAK_NOTE, missing=missing, waiting=waiting,
                           mark=db.change_mark(token),
                           city_rules=city_notes(board), legend=feature_legend(board),
                           legend_style="" if maps else FEATURE_STYLE)  # the maps carry the symbols' style


@bp.get("/<token>/score.json")
def score_json(token: str):
    """The score sheet as JSON: each entered sheet's total and rank, and whom the sheet still waits for."""
    table, _board = _load(token)
    everyone = db.get_players(token)
    waiting = provisional(everyone, lambda p: p["version"] > 0)
    players = [everyone[k] for k in waiting.entered]
    scores = score_or_job(table, players) if players else []
    doc: dict = {"provisional": not waiting.complete, "waiting": list(waiting.waiting)}
    if isinstance(scores, RouteJob):  # a long search runs in the background: ask again later
        response = jsonify({**doc, "searching": True, "players": []})
        response.status_code = 202
    else:
        response = jsonify({**doc, "searching": False,
                            "players": [{"seat": p["seat"], "name": p["name"], "total": s.total, "rank": s.rank}
                                        for p, s in zip(players, scores, strict=True)]})
    response.headers["Cache-Control"] = "no-store"
    return response


def _pb(players: list[dict], seat: int) -> int:
    """Return the player board number a seat's sheet names (0 if none)."""
    number = next(p for p in players if p["seat"] == seat)["sheet"].get("player_board")
    return number if isinstance(number, int) else 0


@bp.get("/<token>/maps.pdf")
def maps_pdf(token: str):
    """Answer blank player maps of the table's city as a PDF."""
    return _printable(token, "maps_pdf", "maps.pdf")


@bp.get("/<token>/scorepad.pdf")
def scorepad_pdf(token: str):
    """Answer a score pad for the table's players as a PDF."""
    return _printable(token, "scorepad_pdf", "scorepad.pdf")


def _printable(token: str, name: str, filename: str):
    """Make a printable with the print module, or explain why it cannot be made."""
    table, board = _load(token)
    try:
        printables = importlib.import_module("printables.enroute")  # lazily: printing is optional
        make = getattr(printables, name)
    except (ImportError, AttributeError):
        flash(_("The printable kit is not available on this server yet."), "error")
        return redirect(url_for("enroute.tables.show", token=token))
    try:
        # what the table knows goes on the paper (issue 13, U9): names, player boards, level, its goal decks
        players = db.get_players(token)
        numbers = [_pb(players, p["seat"]) or None for p in players]
        decks = [g.get("deck") for g in table.get("goals") or [] if isinstance(g, dict)]
        if name == "scorepad_pdf":
            pdf = make(board, paper="a4", lang=current_lang(), names=[p["name"] for p in players], boards=numbers,
                       level=table["level"], goal_decks=decks)
        else:
            known = [n for n in numbers if n is not None and board.player_board(n)]
            pdf = make(board, paper="a4", lang=current_lang(), level=table["level"], goal_decks=decks,
                       player_boards=known if len(known) == len(players) else None)
    except Exception as exc:  # a print-module bug must not cost the table its page
        current_app.logger.exception("printable %s failed", name)
        flash(_("The printable kit could not be made: {error}", error=type(exc).__name__), "error")
        return redirect(url_for("enroute.tables.show", token=token))
    return Response(pdf, mimetype="application/pdf",
                    headers={"Content-Disposition": f'inline; filename="{filename}"'})


def final_sheet(token: str) -> dict | None:
    """The finished score table's sheet as a play (core/plays): rows 1–9, totals, ranks, tie-break notes and
    the city as the variant; None while a sheet is missing, a route search still runs, or for a refereed game
    (its linked score table is the play). Labels are source texts (shown translated)."""
    table = db.get_table(token)
    if table is None:
        return None
    board, _problems = parse_board(table["board_doc"])
    everyone = db.get_players(token)
    waiting = provisional(everyone, lambda p: p["version"] > 0)
    if board is None or not everyone or not waiting.complete:
        return None
    scores = score_or_job(table, everyone)
    if isinstance(scores, RouteJob):
        return None
    views = score_views(board, everyone, scores)
    rows = [{"key": r.key, "label": str(r.label)} for r in scoring_rows(board, table["level"])]
    players = [{"name": v.name, "total": v.score.total, "rank": v.score.rank,
                "rows": {r["key"]: v.score.rows.get(r["key"], 0) for r in rows} if v.score.rows is not None else {}}
               for v in views]
    return {"variant": board.name, "players": players, "rows": rows, "tie_break": tiebreak_notes(views)}
