"""Board pages: list, show, download, print, import, and the phone editor for transcribing a printed board.

Views are thin: `boards.store` keeps boards and drafts in the database, the
engine's `library` module applies every edit, and `parse_board` alone decides
whether a document is a board.
The editor's script posts one edit at a time and gets back the new document,
its problems, what is still missing and a freshly drawn map, so the server
stays the authority and every edit is kept in the server-side draft at once.
"""

from __future__ import annotations

import importlib
import json
import re
from typing import Any

from flask import Blueprint, Response, abort, current_app, flash, jsonify, redirect, render_template, request, url_for
from wtforms.fields.choices import SelectChoice

from ....games.core.problems import N_, DocumentError, Msg, Problem, error
from ....games.enroute import board_to_json
from ....games.enroute import library as lib
from ....games.enroute.board import CAFE_BONUSES, COLOURS, KINDS, Board
from ....games.enroute.registry import UnknownBoardError
from ...core.bodies import accepts_json
from ...core.i18n import DEFAULT, _, current_lang
from ...core.security import csrf_header_ok, small_int
from ..labels import join_list, label
from . import store
from .forms import (
    ActionForm,
    ImportForm,
    NewDraftForm,
    apply_edit,
    board_problem_line,
    edit_error_text,
    editor_strings,
    problem_view,
)

bp = Blueprint("boards", __name__, url_prefix="/boards")

CELL = 48
LEFT = TOP = 26  # room for the printed coordinates
RIGHT = BOTTOM = 10
# What Python's JSON reader says, marked so an import's "not JSON" reason reads in the page's language.
JSON_ERRORS = (N_("Expecting value"), N_("Expecting property name enclosed in double quotes"),
               N_("Expecting ',' delimiter"), N_("Expecting ':' delimiter"), N_("Extra data"),
               N_("Unterminated string starting at"), N_("Invalid control character at"), N_("Invalid \\escape"))


def kind_labels() -> dict[str, str]:
    """Name the landmark kinds in the page's language."""
    return {kind: label(f"kind_{kind}", kind) for kind in KINDS}


def bonus_labels() -> dict[str, str]:
    """Name the cafe bonuses in the page's language."""
    return {bonus: label(f"bonus_{bonus}", bonus) for bonus in CAFE_BONUSES}


# ---------------------------------------------------------------- the map, drawn from a (maybe unfinished) document


def _pair(value: Any) -> tuple[int, int] | None:
    """Return `[a, b]` of whole numbers as a tuple (a damaged draft may hold anything)."""
    if isinstance(value, list) and len(value) == 2 and all(isinstance(v, int) for v in value):
        return (value[0], value[1])
    return None


def _problem_targets(doc: dict, problems: list[Problem]) -> set[str]:
    """Return the map element ids (`l-c-r`, `p-x-y`) that problems point at, to highlight them."""
    targets: set[str] = set()
    landmarks = doc.get("landmarks") if isinstance(doc.get("landmarks"), list) else []
    by_id = {lm.get("id"): lm for lm in landmarks if isinstance(lm, dict) and isinstance(lm.get("id"), str)}
    for p in problems:
        item = None
        if m := re.match(r"landmarks\[(\d+)\]", p.path):
            item = landmarks[int(m[1])] if int(m[1]) < len(landmarks) else None
        elif m := re.match(r"ratings\.([a-z0-9-]+)", p.path):
            item = by_id.get(m[1])
        if isinstance(item, dict):
            locs = [_pair(loc) for loc in lib.landmark_locations(item) if _pair(loc)]
            targets |= {f"l-{c}-{r}" for c, r in locs}
        if m := re.match(r"cafes\[(\d+)\]", p.path):
            cafes = doc.get("cafes") if isinstance(doc.get("cafes"), list) else []
            cafe = cafes[int(m[1])] if int(m[1]) < len(cafes) else None
            if isinstance(cafe, dict) and _pair(cafe.get("at")):
                targets.add("p-{}-{}".format(*_pair(cafe["at"])))
    return targets


def _label(item: dict, ratings: dict) -> str:
    """Return the short text drawn in a landmark's location."""
    if item.get("kind") == "yellow":
        return str(item.get("pp", "?"))
    if item.get("kind") == "grey":
        track = ratings.get(item.get("id")) if isinstance(item.get("id"), str) else None
        return "★" + (str(track[0]) if isinstance(track, list) and track else "?")
    return {"red": "R", "green": "G", "blue": "B", "purple": "P"}.get(item.get("kind"), "?")  # not by colour alone


def map_model(doc: Any, pb_number: int | None = None, problems: list[Problem] | None = None) -> dict | None:
    """Describe the map of a board document for the SVG template; None if the document has no usable size."""
    try:
        cols, rows = lib.board_size(doc)
    except lib.EditError:
        return None
    ratings = doc.get("ratings") if isinstance(doc.get("ratings"), dict) else {}
    holders: dict[tuple[int, int], dict] = {}
    for item in doc.get("landmarks") if isinstance(doc.get("landmarks"), list) else []:
        for loc in lib.landmark_locations(item):
            if _pair(loc):
                holders.setdefault(_pair(loc), item)
    flagged = _problem_targets(doc, problems or [])
    cells = []
    for r in range(1, rows + 1):
        for c in range(1, cols + 1):
            item = holders.get((c, r))
            kind = item.get("kind") if item and item.get("kind") in KINDS else None
            title = _("{name} ({kind})", name=item.get("name") or _("unnamed"),
                      kind=label(f"kind_{kind}", str(kind))) if item else _("no landmark")
            cells.append({"c": c, "r": r, "x": LEFT + (c - 1) * CELL, "y": TOP + (r - 1) * CELL, "kind": kind,
                          "label": _label(item, ratings) if item else "", "title": title,
                          "where": _("Column {c}, row {r}: {what}", c=c, r=r, what=title),
                          "aria": _("Location column {c}, row {r}: {what}", c=c, r=r, what=title),
                          "flagged": f"l-{c}-{r}" in flagged})
    cafes = {_pair(cf["at"]): cf for cf in (doc.get("cafes") if isinstance(doc.get("cafes"), list) else [])
             if isinstance(cf, dict) and _pair(cf.get("at"))}
    vta = doc.get("visit_them_all") if isinstance(doc.get("visit_them_all"), dict) else {}
    visits = {_pair(p) for p in (vta.get("at") if isinstance(vta.get("at"), list) else []) if _pair(p)}
    points = []
    for y in range(rows + 1):
        for x in range(cols + 1):
            cafe = cafes.get((x, y))
            bonus = cafe.get("bonus") if cafe else None
            bonus_text = label(f"bonus_{bonus}", str(bonus)) if cafe else ""
            aria = [_("Intersection {x}, {y}", x=x, y=y)]
            if cafe:
                aria.append(_("cafe ({bonus})", bonus=bonus_text))
            if (x, y) in visits:
                aria.append(_("Visit-Them-All point"))
            points.append({"x": x, "y": y, "px": LEFT + x * CELL, "py": TOP + y * CELL,
                           "cafe": bonus, "cafe_letter": {"tourists": "T", "section": "S", "coordinate": "C"}.get(
                               bonus, "?") if cafe else "", "visit": (x, y) in visits,
                           "cafe_title": _("Cafe: {bonus}", bonus=bonus_text) if cafe else "",
                           "aria": join_list(aria), "flagged": f"p-{x}-{y}" in flagged})
    boards = doc.get("player_boards") if isinstance(doc.get("player_boards"), list) else []
    pb = next((b for b in boards if isinstance(b, dict) and b.get("number") == pb_number), None)
    pb = pb or next((b for b in boards if isinstance(b, dict)), {})

    def printed(axis: str, n: int) -> list[str]:
        """Return the printed labels of one edge ('' where unknown)."""
        values = pb.get(axis) if isinstance(pb.get(axis), list) else []
        return [str(values[i]) if i < len(values) and values[i] is not None else "" for i in range(n)]

    return {"cols": cols, "rows": rows, "cell": CELL, "left": LEFT, "top": TOP,
            "width": LEFT + cols * CELL + RIGHT, "height": TOP + rows * CELL + BOTTOM, "cells": cells,
            "points": points, "top_labels": printed("columns", cols), "left_labels": printed("rows", rows),
            "pb_number": pb.get("number")}


def render_map(doc: Any, pb_number: int | None = None, problems: list[Problem] | None = None,
               interactive: bool = False) -> str:
    """Render the SVG map of a board document."""
    return render_template("enroute/boards/_map.svg", m=map_model(doc, pb_number, problems), interactive=interactive)


# ---------------------------------------------------------------- list, show, download, print


@bp.get("/")
def index():
    """List shipped and saved boards and unfinished drafts; offer to start or import one."""
    shipped = store.shipped_boards()
    saved, broken = store.saved_boards()
    form = NewDraftForm()
    form.start.choices = _start_choices(shipped + saved)
    return render_template("enroute/boards/index.html", shipped=shipped, saved=saved, broken=broken,
                           drafts=store.list_drafts(), form=form, action=ActionForm())


def _start_choices(boards: list[Board]) -> list[SelectChoice]:
    """Return the 'start from' choices: blank, then a copy of each board."""
    return [SelectChoice("blank", _("A blank 6×6 map"))] + [SelectChoice(b.id, _("A copy of {name}", name=b.name))
                                                           for b in boards]


def _find(board_id: str) -> Board:
    """Find a shipped or saved board or answer 404."""
    return _found(store.find_board, board_id)


def _found(lookup, board_id: str):
    """Return what `lookup(board_id)` finds, or answer 404 for an unknown or unreadable board."""
    try:
        return lookup(board_id)
    except UnknownBoardError:
        abort(404, description=_("There is no board {id}. The boards page lists every board.",
                                 id=repr(board_id)[:60]))
    except (DocumentError, ValueError):
        abort(404, description=_("The saved board {id} cannot be read; delete it from the boards page.",
                                 id=repr(board_id)[:60]))


@bp.get("/<board_id>")
def show(board_id: str):
    """Show a board: its map, landmarks, cafes, printed coordinates and downloads."""
    board = _find(board_id)
    pb_number = request.args.get("player_board", type=int)
    doc = board_to_json(board)
    return render_template("enroute/boards/show.html", board=board, doc=doc, svg=render_map(doc, pb_number),
                           pb_number=pb_number or (board.player_boards[0].number if board.player_boards else None),
                           saved=not store.is_shipped(board.id), action=ActionForm(),
                           kind_labels=kind_labels(), bonus_labels=bonus_labels(),
                           cafe_tourists=[join_list(_("{n} {colour}", n=n, colour=label(f"colour_{colour}"))
                                                    for colour, n in cafe.tourists) for cafe in board.cafes])


@bp.get("/<board_id>/board.json")
def download(board_id: str):
    """Download a board as an `enroute-board/1` file."""
    board = _find(board_id)
    body = json.dumps(board_to_json(board), ensure_ascii=False, indent=1) + "\n"
    return Response(body, mimetype="application/json",
                    headers={"Content-Disposition": f'attachment; filename="{board.id}.enroute-board.json"'})


def _pdf(board_id: str, which: str):
    """Build a printable PDF through the `printables` package, or explain why it is unavailable."""
    board = _find(board_id)
    paper = request.args.get("paper", "a4")
    players = request.args.get("players", "4")
    try:
        printables = importlib.import_module("printables.enroute")  # lazily: the web app runs without the print layer
    except ImportError:
        printables = None
    builder = getattr(printables, f"{which}_pdf", None)
    if builder is None:
        return _unavailable(board, _("Printing is not available on this server yet."))
    if paper not in getattr(printables, "PAPER_SIZES", ("a4", "letter")):
        return _unavailable(board, _("Unknown paper {paper}: choose A4 or Letter.", paper=repr(paper[:20])), 400)
    if not (players.isdigit() and 1 <= int(players) <= 4):
        return _unavailable(board, _("Score pads are for 1 to 4 players."), 400)
    try:
        lang = current_lang()
        pdf = (builder(board, paper=paper, lang=lang) if which == "maps"
               else builder(board, players=int(players), paper=paper, lang=lang))
    except Exception:  # the print layer is another package; a failure there must not become a 500 here
        current_app.logger.exception("printables failed for %s", board.id)
        return _unavailable(board, _("The PDF could not be made; please try again later."))
    name = f"{board.id}-{'maps' if which == 'maps' else 'score-pads'}-{paper}.pdf"
    return Response(pdf, mimetype="application/pdf", headers={"Content-Disposition": f'inline; filename="{name}"'})


def _unavailable(board: Board, message: str, status: int = 503):
    """Answer a friendly page when a printable cannot be made."""
    return render_template("enroute/boards/unavailable.html", board=board, message=message), status


@bp.get("/<board_id>/maps.pdf")
def maps_pdf(board_id: str):
    """Print the blank player maps of a board."""
    return _pdf(board_id, "maps")


@bp.get("/<board_id>/scorepad.pdf")
def scorepad_pdf(board_id: str):
    """Print score pads for a board."""
    return _pdf(board_id, "scorepad")


@bp.post("/<board_id>/delete")
def delete(board_id: str):
    """Delete a saved board (shipped boards cannot be deleted)."""
    if not ActionForm().validate_on_submit():
        abort(400, description=_("The form expired; reload the page and try again."))
    if store.delete_board(board_id):
        flash(_("Deleted the board {id}.", id=repr(board_id)), "ok")
    else:
        flash(_("There is no saved board {id} to delete.", id=repr(board_id)[:60]), "error")
    return redirect(url_for("enroute.boards.index"))


@bp.post("/<board_id>/edit")
def edit(board_id: str):
    """Open a saved board in the editor (saving replaces it); a shipped board opens as a copy."""
    if not ActionForm().validate_on_submit():
        abort(400, description=_("The form expired; reload the page and try again."))
    board = _find(board_id)
    if store.is_shipped(board.id):
        draft = store.new_draft(lib.copy_board_doc(board, _("{name} (copy)", name=board.name)))
    else:
        # The board and its version are read together: saving replaces exactly this version.
        board, version = _found(store.load_saved, board.id)
        draft = store.new_draft(board_to_json(board), replaces=board.id, replaces_version=version)
    return redirect(url_for("enroute.boards.editor", draft_id=draft.id))


# ---------------------------------------------------------------- import


@bp.route("/import", methods=["GET", "POST"])
def import_board():
    """Import an `enroute-board/1` document from a file or pasted text into the library."""
    form = ImportForm()
    problems: list[Problem] = []
    if form.validate_on_submit():
        text, problems = _import_text(form)
        if text is not None:
            form.text.data = text  # keep what was sent, so a fix is one edit away
        if not problems:
            saved = store.import_board(json.loads(text))
            problems = saved.problems
            if saved.board is not None:
                board = saved.board
                if board.id != saved.wanted_id:
                    flash(_("The id {old} was taken, so the board is saved as {new}.", old=repr(saved.wanted_id),
                            new=repr(board.id)), "ok")
                flash(_("Imported {name} as {id}.", name=board.name, id=repr(board.id)), "ok")
                return redirect(url_for("enroute.boards.show", board_id=board.id))
    elif request.method == "POST":
        problems = [Problem("error", "csrf" if name == "csrf_token" else "bad-form", name, " ".join(errs))
                    for name, errs in form.errors.items()]
    shown = [problem_view(p, None) for p in problems]
    return render_template("enroute/boards/import.html", form=form, problems=shown), 400 if problems else 200


def _import_text(form: ImportForm) -> tuple[str | None, list[Problem]]:
    """Read the uploaded file or the pasted text and check it is JSON."""
    upload = form.file.data
    if upload and getattr(upload, "filename", ""):
        raw = upload.read(2_000_001)
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            return None, [error("bad-file", "file", N_("The file is not UTF-8 text; is it a board JSON?"))]
    else:
        text = form.text.data or ""
    if not text.strip():
        return text, [error("empty", "", N_("Choose a board file or paste its JSON."))]
    try:
        json.loads(text)
    except json.JSONDecodeError as exc:
        return text, [error("bad-json", "", N_("This is not JSON: {error} at line {line}, column {column}."),
                            error=Msg(exc.msg), line=exc.lineno, column=exc.colno)]
    return text, []


# ---------------------------------------------------------------- the editor


@bp.post("/new")
def new():
    """Start a draft: a blank map or a copy of a board."""
    boards = store.available_boards()
    form = NewDraftForm()
    form.start.choices = _start_choices(boards)
    if not form.validate_on_submit():
        flash(_("Could not start the board: {reasons}", reasons="; ".join(_start_errors(form))), "error")
        return redirect(url_for("enroute.boards.index"))
    name = (form.name.data or "").strip()
    if form.start.data == "blank":
        doc = lib.blank_board_doc(name)
    else:
        source = next((b for b in boards if b.id == form.start.data), None)
        if source is None:
            flash(_("That board is gone; pick another one."), "error")
            return redirect(url_for("enroute.boards.index"))
        doc = lib.copy_board_doc(source, name or _("{name} (copy)", name=source.name))
    draft = store.new_draft(doc)
    return redirect(url_for("enroute.boards.editor", draft_id=draft.id))


def _start_errors(form: NewDraftForm) -> list[str]:
    """List why the start form was refused; Flask-WTF's English CSRF reasons are put in the page's language."""
    found = []
    for name, errs in form.errors.items():
        if name == "csrf_token" and current_lang() != DEFAULT:
            found.append(_("The form expired or came from elsewhere; nothing was lost, please send it again."))
        else:
            found.extend(errs)
    return found


def _draft(draft_id: str) -> store.Draft:
    """Load a draft or answer 404."""
    try:
        return store.load_draft(draft_id)
    except KeyError:
        abort(404, description=_("This draft does not exist (saved or discarded already?). "
                                 "The boards page lists the open drafts."))


def summary(doc: Any, problems: list) -> tuple[list[dict], list[dict]]:
    """Return (still to do, other problems) for a draft: each thing once (issue 13, U7).

    Answers keep every problem under "problems" (the error count, other clients); pages list "others".
    What is still to do (name the city, enter a player board's printed rows) is listed once, in words;
    a problem about the same value ("must list whole numbers, not [null, …]") only repeats it.
    """
    missing = [problem_view(p, doc) for p in lib.missing_items(doc)]
    paths = {m["path"] for m in missing if m["path"]}

    def repeats(path: str) -> bool:
        """Tell whether a problem is about a value that is still to do."""
        return any(path == q or path.startswith((q + ".", q + "[")) for q in paths)

    return _group_printed(doc, missing), [problem_view(p, doc) for p in problems if not repeats(p.path)]


_PRINTED = re.compile(r"^player_boards\[(\d+)\]\.(columns|rows)$")


def _group_printed(doc: Any, missing: list[dict]) -> list[dict]:
    """Say once which player boards still need both their printed columns and rows (a blank board: one line)."""
    boards = doc.get("player_boards") if isinstance(doc, dict) else None
    blank: dict[int, set[str]] = {}
    for m in missing:
        match = _PRINTED.match(m["path"] or "")
        if match and m["code"] == "missing-printed" and isinstance(boards, list) and int(match[1]) < len(boards):
            pb = boards[int(match[1])]
            values = pb.get(match[2]) if isinstance(pb, dict) else None
            if not values or (isinstance(values, list) and all(v is None for v in values)):
                blank.setdefault(int(match[1]), set()).add(match[2])
    whole = sorted(i for i, axes in blank.items() if axes == {"columns", "rows"})
    if not whole:
        return missing
    numbers = [boards[i].get("number", i + 1) for i in whole]
    text = _("Enter the printed columns and rows of player board {numbers}.", numbers=numbers[0]) \
        if len(numbers) == 1 else _("Enter the printed columns and rows of player boards {numbers}.",
                                    numbers=join_list(numbers))
    out, placed = [], False
    for m in missing:
        match = _PRINTED.match(m["path"] or "")
        if match and int(match[1]) in whole and m["code"] == "missing-printed":
            if not placed:
                out.append({**m, "path": "player_boards", "text": text, "message": text})
                placed = True
            continue
        out.append(m)
    return out


def _state(doc: Any, pb_number: int | None = None, version: int | None = None) -> dict:
    """Return what the editor shows for a document: problems, missing items, validity, the map, and the
    draft's version when known (an undo names it, so it never replaces someone else's newer edit)."""
    board, problems = lib.check_draft(doc)
    # A damaged draft may hold anything; the template only ever sees well-formed player boards.
    raw_boards = doc.get("player_boards") if isinstance(doc, dict) else None
    player_boards = [pb for pb in raw_boards if isinstance(pb, dict)] if isinstance(raw_boards, list) else []
    missing, others = summary(doc, problems)
    return {"doc": doc, "valid": board is not None, "problems": [problem_view(p, doc) for p in problems],
            "others": others, "player_boards": player_boards, "missing": missing,
            "svg": render_map(doc, pb_number, problems, interactive=True),
            **({"version": version} if version is not None else {})}


@bp.get("/drafts/<draft_id>")
def editor(draft_id: str):
    """Show the board editor for a draft."""
    draft = _draft(draft_id)
    return render_template("enroute/boards/editor.html", draft=draft, state=_state(draft.doc, None, draft.version),
                           action=ActionForm(),
                           kinds=kind_labels(), bonuses=bonus_labels(), colours=COLOURS, printed_text=printed_text,
                           js_strings=editor_strings())


def printed_text(values: Any) -> str:
    """Show one edge's printed coordinates as typed ("462153"; "?" for unknown; blank if none entered)."""
    if not isinstance(values, list) or all(v is None for v in values):
        return ""
    return ("" if all(isinstance(v, int) and 0 <= v <= 9 for v in values) else " ").join(
        "?" if v is None else str(v) for v in values)


@bp.get("/drafts/<draft_id>/draft.json")
def draft_json(draft_id: str):
    """Download a draft as it is (maybe not yet a valid board)."""
    draft = _draft(draft_id)
    body = json.dumps(draft.doc, ensure_ascii=False, indent=1) + "\n"
    return Response(body, mimetype="application/json",
                    headers={"Content-Disposition": f'attachment; filename="draft-{draft.id}.json"'})


def _json_problem(message: str, status: int, code: str = "bad-edit", extra: dict | None = None, text: str = ""):
    """Answer an editor request with one problem (and the unchanged state, if given).

    `message` is the English source text (translated here when it is a catalogue text); `text`, when given,
    is what the page shows instead (an engine message put in the page's language).
    """
    text = text or _(message)
    body = dict(extra or {})
    first = {"severity": "error", "code": code, "path": "", "message": message, "text": text or message}
    body["problems"] = [first, *body.get("problems", [])]
    return jsonify(body), status


def _body() -> dict | None:
    """Return the JSON object posted, or None."""
    data = request.get_json(silent=True)
    return data if isinstance(data, dict) else None


@bp.post("/drafts/<draft_id>/edit")
@accepts_json
def edit_draft(draft_id: str):
    """Apply one edit to a draft and answer the new editor state (JSON)."""
    if not csrf_header_ok():
        return _json_problem(N_("The page expired (missing or wrong CSRF token); reload it to go on."), 400, "csrf")
    gone = N_("This draft does not exist any more.")
    try:
        draft = store.load_draft(draft_id)
    except KeyError:
        return _json_problem(gone, 404, "unknown-draft")
    body = _body()
    pb_number = body.get("view") if body and isinstance(body.get("view"), int) else None
    if body is None:
        return _json_problem(N_("Send a JSON object describing the edit."), 400, extra=_state(draft.doc, pb_number))
    base = body.get("base") if body.get("op") == "replace" else None
    if base is not None and (not isinstance(base, int) or isinstance(base, bool) or small_int(base) is None):
        return _json_problem(N_("The undo named no readable draft version; reload the editor."), 400,
                             extra=_state(draft.doc, pb_number, draft.version))
    try:
        # Applied to the draft as stored; if another edit lands first, applied again to the newer draft
        # (an undo, which names the version it takes back, is refused instead).
        draft = store.edit_draft(draft_id, lambda doc: apply_edit(doc, body), base)
    except store.UnknownDraftError:
        return _json_problem(gone, 404, "unknown-draft")
    except store.DraftChangedError:
        latest = _latest_draft(draft)
        return _json_problem(UNDO_REFUSED, 409, "undo-stale", extra=_state(latest.doc, pb_number, latest.version))
    except store.StaleEditError as exc:
        return _json_problem(STALE_EDIT.format(reason=exc), 409, "stale-edit", extra=_state(_latest(draft), pb_number),
                             text=_(STALE_EDIT, reason=edit_error_text(exc.cause)))
    except (lib.EditError, TypeError, ValueError, KeyError, AttributeError, IndexError) as exc:
        # A damaged draft or a malformed edit: refuse it and keep the draft as it was.
        if isinstance(exc, lib.EditError):
            return _json_problem(str(exc), 400, extra=_state(_latest(draft), pb_number), text=edit_error_text(exc))
        return _json_problem(N_("This edit could not be applied to the draft."), 400,
                             extra=_state(_latest(draft), pb_number))
    return jsonify(_state(draft.doc, pb_number, draft.version))


UNDO_REFUSED = N_("Someone else changed this draft after your last edit, so Undo was refused to keep their change. "
                  "The map now shows the draft as it is.")
STALE_EDIT = N_("Another edit changed the draft meanwhile, and this edit no longer fits it: {reason}")


def _latest(draft: store.Draft) -> Any:
    """Return the draft's document as stored now (another phone may have changed it), else as it was read."""
    return _latest_draft(draft).doc


def _latest_draft(draft: store.Draft) -> store.Draft:
    """Return the draft as stored now, else as it was read."""
    try:
        return store.load_draft(draft.id)
    except KeyError:
        return draft


@bp.post("/check")
@accepts_json
def check():
    """Check a posted board document (JSON) and answer its problems and what is missing."""
    if not csrf_header_ok():
        return _json_problem(N_("The page expired (missing or wrong CSRF token); reload it to go on."), 400, "csrf")
    doc = request.get_json(silent=True)
    if doc is None:
        return _json_problem(N_("Send a board document as JSON."), 400, "bad-json")
    board, problems = lib.check_draft(doc)
    missing, others = summary(doc, problems)
    return jsonify({"valid": board is not None, "problems": [problem_view(p, doc) for p in problems],
                    "others": others, "missing": missing})


@bp.post("/drafts/<draft_id>/save")
def save_draft(draft_id: str):
    """Save a valid draft into the library; an invalid one stays a draft and the editor lists why."""
    _draft(draft_id)
    if not ActionForm().validate_on_submit():
        flash(_("The page expired; nothing was lost. Save again."), "error")
        return redirect(url_for("enroute.boards.editor", draft_id=draft_id))
    try:
        saved = store.save_draft(draft_id)
    except KeyError:
        return redirect(url_for("enroute.boards.editor", draft_id=draft_id))  # saved or discarded meanwhile: 404
    board = saved.board
    if board is None:
        refusal = next((p for p in saved.problems if p.code in store.REFUSALS), None)
        if refusal is not None:
            flash(board_problem_line(refusal), "error")
        else:
            flash(_("Not saved yet: {n} problem(s) to fix first; your draft is kept.",
                    n=len([p for p in saved.problems if p.severity == "error"])), "error")
        return redirect(url_for("enroute.boards.editor", draft_id=draft_id))
    flash(_("Saved {name}. It can now be used for tables, scoring and printing.", name=board.name), "ok")
    return redirect(url_for("enroute.boards.show", board_id=board.id))


@bp.post("/drafts/<draft_id>/discard")
def discard_draft(draft_id: str):
    """Throw a draft away."""
    if not ActionForm().validate_on_submit():
        abort(400, description=_("The form expired; reload the page and try again."))
    store.delete_draft(draft_id)
    flash(_("Draft discarded."), "ok")
    return redirect(url_for("enroute.boards.index"))
