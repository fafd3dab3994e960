"""The Road-to-Rome board: the companion's example board, or one a table enters once and is remembered.

The seed does not list the printed board. The engine ships an example board of the companion's own
drawing (`/taxis/boards/example`, only the places the seed names); a table playing on the printed
board enters it here. A road is one line,
`Freising > Andechs` (a chain `Freising > Andechs > Ettal` gives one road per step); every problem the
engine finds is shown next to the line it concerns, in the reader's language.
"""

from __future__ import annotations

import json
import re

from flask import Response, abort, flash, redirect, render_template, request, url_for

from ...games.core.problems import Problem
from ...games.thurn_und_taxis_rome import TRACK_FORMAT, read_track, shipped_drawing, shipped_track_doc
from ...games.thurn_und_taxis_rome.data import facts
from ..core.i18n import _
from ..core.security import loads
from . import forms as tf
from . import labels as lb
from . import store
from .common import bp, form_message

ARROWS = re.compile(r"\s*(?:>|→|->|＞)\s*")
MAX_LINES = 400


def parse_roads(text: str) -> tuple[list[list[str]], list[int], list[str]]:
    """Read roads typed one per line; return (roads, the line of each road, the lines that are no road)."""
    roads: list[list[str]] = []
    lines: list[int] = []
    bad: list[str] = []
    for number, raw in enumerate((text or "").splitlines()[:MAX_LINES], start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        cities = [c.strip() for c in ARROWS.split(line)]
        if len(cities) < 2 or not all(cities):
            bad.append(_("Line {n} ({entry}): a road is two cities with > between them, such as Freising > "
                         "Andechs.", n=number, entry=line[:60]))
            continue
        for a, b in zip(cities, cities[1:]):
            roads.append([a[:60], b[:60]])
            lines.append(number)
    return roads, lines, bad


def roads_text(doc: dict) -> str:
    """Write a board's roads back as lines, one road per line (for correcting a remembered board)."""
    return "\n".join(f"{a} > {b}" for a, b in doc.get("roads", []))


def _problem_rows(problems: list[Problem], lines: list[int] | None) -> list[dict]:
    """The engine's board problems, each led by the line (or field) it concerns."""
    rows = []
    for p in problems:
        item = ""
        index = _road_index(p.path)
        if index is not None and lines is not None and index < len(lines):
            item = _("Line {n}", n=lines[index])
        elif p.path.startswith("two_player_starts."):
            carriage = p.path.split(".", 1)[1]
            item = _("With 2 players: {carriage}", carriage=lb.carriage(carriage))
        rows.append({"severity": p.severity, "text": lb.problem_line(p, item), "target": ""})
    return rows


def _road_index(path: str) -> int | None:
    """The road a problem path names (`roads[3]` or `roads[3][1]` → 3), or None."""
    match = re.match(r"roads\[(\d{1,4})\]", path)
    return int(match.group(1)) if match else None


def _form(source: store.Board | None = None) -> tf.BoardForm:
    """The board form, filled from a remembered board when correcting it."""
    form = tf.BoardForm()
    if source is not None and request.method == "GET":
        form.name.data = source.name
        form.roads.data = roads_text(source.doc)
    tf.fill_starts(form, dict(source.doc.get("two_player_starts") or {}) if source else None)
    return form


@bp.get("/boards")
def boards():
    """The remembered boards, and a way to enter a new one."""
    return render_template("thurn_und_taxis_rome/boards.html", boards=store.boards())


@bp.route("/boards/new", methods=["GET", "POST"])
def new_board():
    """Enter a board from the physical one: roads line by line (or paste its JSON), checked, then remembered."""
    source = store.board(request.args.get("from", "")) if request.args.get("from") else None
    form = _form(source)
    if request.method == "GET":
        return render_template("thurn_und_taxis_rome/board_new.html", form=form, problems=[])
    if not form.validate_on_submit():
        flash(form_message(form), "error")
        return render_template("thurn_und_taxis_rome/board_new.html", form=form, problems=[]), 400
    doc, lines, problems = _document(form)
    if doc is None:
        flash(_("The board was not saved:"), "error")
        return render_template("thurn_und_taxis_rome/board_new.html", form=form, problems=problems), 422
    found = read_track(doc)[1]
    if any(p.severity == "error" for p in found):
        flash(_("The board was not saved: fix the lines named below."), "error")
        return render_template("thurn_und_taxis_rome/board_new.html", form=form,
                               problems=_problem_rows(found, lines)), 422
    board_id = store.save_board(doc.get("name") or _("Road to Rome"), doc)
    for row in _problem_rows(found, lines):
        flash(row["text"], "warn")
    flash(_("The board is remembered; choose it when you start a table."), "ok")
    return redirect(url_for("thurn_und_taxis_rome.tables.board", board_id=board_id))


def _json_problem(text: str) -> str:
    """Say where pasted text stops being JSON, in the page's language."""
    try:
        json.loads(text)
    except json.JSONDecodeError as exc:
        return _("The pasted text is not JSON: look at line {line}, column {column}.", line=exc.lineno,
                 column=exc.colno)
    except (RecursionError, ValueError):
        pass
    return _("The pasted text is not JSON.")


def _document(form: tf.BoardForm) -> tuple[dict | None, list[int] | None, list[dict]]:
    """Build the board document from the pasted JSON, or from the name, the road lines and the 2-player cities."""
    pasted = (form.json_doc.data or "").strip()
    if pasted:
        value, problem = loads(pasted)
        if problem is not None:
            form.json_doc.errors = [_json_problem(pasted)]
            return None, None, []
        if not isinstance(value, dict):
            form.json_doc.errors = [_("Paste a {format} document: a JSON object.", format=TRACK_FORMAT)]
            return None, None, []
        return value, None, []
    roads, lines, bad = parse_roads(form.roads.data or "")
    if bad or not roads:
        form.roads.errors = bad or [_("Type the board's roads, one per line, such as Freising > Andechs.")]
        return None, None, []
    doc: dict = {"format": TRACK_FORMAT}
    name = tf.typed(form.name.data, 80)
    if name:
        doc["name"] = name
    doc["roads"] = roads
    starts = {c: getattr(form, tf.start_field(c)).data for c in facts().carriage_ids
              if getattr(form, tf.start_field(c)).data}
    if starts:
        doc["two_player_starts"] = starts
    return doc, lines, []


def board_svg(doc: dict, drawing: dict, here: dict[str, list[str]] | None = None) -> dict:
    """Lay out a drawn board for the template: roads as lines (south is down), cities as dots, carriages named."""
    at = drawing["cities"]
    roads = [{"x1": at[a][0], "y1": at[a][1], "x2": at[b][0], "y2": at[b][1]} for a, b in doc["roads"]
             if a in at and b in at]
    cities = [{"name": c, "x": x, "y": y, "carriages": (here or {}).get(c, [])} for c, (x, y) in at.items()]
    return {"width": drawing["width"], "height": drawing["height"], "roads": roads, "cities": cities}


@bp.get("/boards/example")
def example_board():
    """The companion's example board: its drawing, roads, 2-player placement and a start-a-table button."""
    doc = shipped_track_doc()
    south: dict[str, list[str]] = {}
    for a, b in doc["roads"]:
        south.setdefault(a, []).append(b)
    starts = [(lb.carriage(c), city) for c, city in doc["two_player_starts"].items()]
    return render_template("thurn_und_taxis_rome/board_example.html", doc=doc, south=sorted(south.items()),
                           starts=starts, svg=board_svg(doc, shipped_drawing()))


@bp.get("/boards/example.json")
def example_board_json():
    """The example board as its `thurn-und-taxis-rome-track/1` document."""
    return Response(json.dumps(shipped_track_doc(), ensure_ascii=False, indent=2), mimetype="application/json",
                    headers={"Content-Disposition": 'attachment; filename="road-to-rome-example.json"'})


@bp.get("/boards/<board_id>")
def board(board_id: str):
    """One remembered board: its roads, its 2-player placement, and a start-a-table button."""
    found = store.board(board_id)
    if found is None:
        abort(404, description=_("There is no such board."))
    south: dict[str, list[str]] = {}
    for a, b in found.doc.get("roads", []):
        south.setdefault(a, []).append(b)
    starts = [(lb.carriage(c), city) for c, city in (found.doc.get("two_player_starts") or {}).items()]
    return render_template("thurn_und_taxis_rome/board.html", board=found, south=sorted(south.items()),
                           starts=starts)


@bp.get("/boards/<board_id>.json")
def board_json(board_id: str):
    """A remembered board as its `thurn-und-taxis-rome-track/1` document (to keep or to share)."""
    found = store.board(board_id)
    if found is None:
        abort(404, description=_("There is no such board."))
    return Response(json.dumps(found.doc, ensure_ascii=False, indent=2), mimetype="application/json",
                    headers={"Content-Disposition": f'attachment; filename="road-to-rome-{found.id}.json"'})

