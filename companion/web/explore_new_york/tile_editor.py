"""The tile editor: a table transcribes its own Explore New York map tiles in the browser.

`/explore-new-york/tiles/` lists the shipped tiles (to copy), the table's saved
tiles and the unfinished drafts; a draft is a form (name, id, the 6×6
districts, the printed coordinates, the cafes) saved to the database with a
version on every "Save draft", checked by the engine each time, with a
checklist of what is still missing in words. "Save as a tile" turns a finished
draft into a saved tile, which the start-a-table form then offers.
"""

from __future__ import annotations

import json

from flask import Blueprint, Response, abort, flash, redirect, render_template, request, url_for
from flask_wtf import FlaskForm
from wtforms import HiddenField

from ...games.core.problems import N_
from ...games.explore_new_york.tile import COLOURS, KINDS, SIZE
from ...games.explore_new_york.tiles import parse_tile, shipped_tiles, tile_to_json
from ..core.i18n import _, current_lang, problem_text
from ..core.security import loads
from . import tile_store
from .labels import COLOUR_NAMES, KIND_NAMES
from .svgmap import MapState, render_map
from .tile_drafts import (
    CAFE_ROWS,
    MAX_TOURISTS,
    blank_draft,
    draft_from_json,
    draft_from_tile,
    engine_problems,
    finished,
    missing,
    problem_field,
    read_tile_form,
    reminders,
)

bp = Blueprint("tiles", __name__, url_prefix="/explore-new-york/tiles")
EXPIRED = "The form expired or came from elsewhere; nothing was lost, please send it again."
KIND_SHORT = {"red": N_("red"), "green": N_("green"), "blue": N_("blue"), "yellow": N_("smiley"), "grey": N_("star"),
              "white": N_("white")}  # the grid's short names: the full ones do not fit a sixth of a phone
REFUSED = {
    "draft-changed": N_("This draft was saved or discarded on another phone meanwhile; nothing was saved."),
    "tile-changed": N_("The tile was changed by another save since this draft was opened; open it again to edit "
                       "it."),
    "id-taken": N_("Another tile already has the id {id}; choose another id."),
}


class DraftForm(FlaskForm):
    """The editor's CSRF token and the draft's version the page showed (the fields are read from the form)."""

    version = HiddenField()


class ActionForm(FlaskForm):
    """A button (start a draft, edit a saved tile): its CSRF token only."""


def _draft(draft_id: str) -> tile_store.Draft:
    """A draft, or 404."""
    draft = tile_store.get_draft(draft_id)
    if draft is None:
        abort(404, description=_("This draft does not exist (any more): it was saved as a tile or discarded."))
    return draft


@bp.get("/")
def index():
    """The tiles: shipped ones to copy, the table's saved tiles, the drafts being typed."""
    return render_template("explore_new_york/tiles/index.html", shipped=list(shipped_tiles().values()),
                           saved=tile_store.saved_tiles(), drafts=tile_store.drafts(), form=ActionForm())


@bp.post("/new")
def new():
    """Start a draft: blank, a copy of a shipped or saved tile, or a pasted tile document."""
    form = ActionForm()
    if not form.validate_on_submit():
        flash(_(EXPIRED), "error")
        return redirect(url_for("explore_new_york.tiles.index"))
    start = request.form.get("start", "blank")
    pasted = request.form.get("json", "")
    if isinstance(pasted, str) and pasted.strip():
        value, problem = loads(pasted)
        doc = draft_from_json(value) if problem is None else None
        if doc is None:
            flash(_("This is not a tile document (a JSON object in explore-new-york-tile/1); nothing was made."),
                  "error")
            return render_template("explore_new_york/tiles/index.html", shipped=list(shipped_tiles().values()),
                                   saved=tile_store.saved_tiles(), drafts=tile_store.drafts(), form=form,
                                   pasted=pasted[:20000]), 422
    elif start == "blank":
        doc = blank_draft()
    else:
        tiles = tile_store.all_tiles()
        if start not in tiles:
            abort(404, description=_("There is no such tile."))
        doc = draft_from_tile(tile_to_json(tiles[start]), keep_id=False)
        doc["name"] = _("{name} (copy)", name=doc["name"])[:60]
    return redirect(url_for("explore_new_york.tiles.editor", draft_id=tile_store.create_draft(doc)))


def _render(draft: tile_store.Draft, doc: dict, version: int, errors: dict[str, str], status: int = 200,
            conflict: bool = False):
    """The editor page for a draft document: fields, checklist, the engine's problems, a preview when whole."""
    problems = [{"text": problem_text(p), "severity": p.severity, "field": problem_field(p.path)}
                for p in engine_problems(doc)]
    marked = {p["field"] for p in problems if p["severity"] == "error"} | set(errors)
    tile, _found = parse_tile(doc) if not missing(doc) else (None, [])
    preview = render_map(tile, MapState(), label=_("Preview of {name}", name=tile.name),
                         names={k: _(v) for k, v in KIND_NAMES.items()}, interactive=False,
                         map_id="tile-preview") if tile is not None else None
    cafes = list(doc.get("cafes") or [])[:CAFE_ROWS]
    cafes += [{}] * (CAFE_ROWS - len(cafes))
    form = DraftForm()
    form.version.data = str(version)
    return render_template("explore_new_york/tiles/editor.html", draft=draft, doc=doc, form=form, errors=errors,
                           problems=problems, marked=marked, missing=missing(doc), reminders=reminders(doc),
                           preview=preview, cafes=cafes, size=SIZE, kinds=KINDS,
                           kind_names={k: _(KIND_SHORT[k]) for k in KINDS},
                           kind_titles={k: _(v) for k, v in KIND_NAMES.items()}, colours=COLOURS,
                           colour_names={c: _(COLOUR_NAMES[c]) for c in COLOURS}, max_tourists=MAX_TOURISTS,
                           conflict=conflict, can_publish=finished(doc)), status


@bp.get("/drafts/<draft_id>")
def editor(draft_id: str):
    """Edit a draft."""
    draft = _draft(draft_id)
    return _render(draft, draft.doc, draft.version, {})


@bp.post("/drafts/<draft_id>")
def save(draft_id: str):
    """Save the draft as typed (the engine checks it; what is missing is listed); "Save as a tile" also saves the
    finished tile."""
    draft = _draft(draft_id)
    form = DraftForm()
    read = read_tile_form(request.form, draft.replaces)
    if not form.validate_on_submit():
        flash(_(EXPIRED), "error")
        return _render(draft, read.doc, draft.version, read.errors, 400)
    if read.errors:
        flash(_("Please fix the marked fields; nothing was saved."), "error")
        return _render(draft, read.doc, draft.version, read.errors, 422)
    base = form.version.data
    saved = tile_store.save_draft(draft.id, base, read.doc)
    if saved is None:
        current = tile_store.get_draft(draft.id)
        if current is None:
            abort(404, description=_("This draft does not exist (any more): it was saved as a tile or discarded."))
        flash(_("Someone else saved this draft meanwhile. Your entry is below and was not saved; saving again "
                "replaces theirs."), "error")
        return _render(current, read.doc, current.version, {}, 409, conflict=True)
    if request.form.get("action") != "publish":
        flash(_("Draft saved."), "ok")
        return redirect(url_for("explore_new_york.tiles.editor", draft_id=draft.id))
    return _publish(tile_store.get_draft(draft.id) or draft, saved, read.doc)


def _publish(draft: tile_store.Draft, version: int, doc: dict):
    """Save a finished draft as a tile, or say on the editor what stops it."""
    if not finished(doc):
        flash(_("The draft is saved, but it is not a whole tile yet: see what is missing and the problems."),
              "error")
        return _render(draft, doc, version, {}, 422)
    if doc["id"] in shipped_tiles():
        flash(_("{id} is the id of a tile that comes with the companion; choose another id.", id=doc["id"]), "error")
        return _render(draft, doc, version, {"id": ""}, 422)
    try:
        tile_store.publish(draft, version, doc)
    except tile_store.Refused as refused:
        flash(_(REFUSED[refused.code], id=doc["id"]), "error")
        current = tile_store.get_draft(draft.id)
        if current is None:
            return redirect(url_for("explore_new_york.tiles.index"))
        return _render(current, doc, current.version, {"id": ""} if refused.code == "id-taken" else {}, 409)
    flash(_("Tile {name} saved: it can be chosen when starting a table.", name=doc["name"]), "ok")
    return redirect(url_for("explore_new_york.tiles.show", tile_id=doc["id"]))


@bp.post("/drafts/<draft_id>/discard")
def discard(draft_id: str):
    """Throw a draft away (at the version the page showed)."""
    draft = _draft(draft_id)
    form = DraftForm()
    if not form.validate_on_submit():
        flash(_(EXPIRED), "error")
    elif tile_store.discard_draft(draft.id, form.version.data):
        flash(_("Draft discarded."), "ok")
        return redirect(url_for("explore_new_york.tiles.index"))
    else:
        flash(_("Someone else saved this draft meanwhile; it was not discarded."), "error")
    return redirect(url_for("explore_new_york.tiles.editor", draft_id=draft.id))


def _saved(tile_id: str):
    """A saved tile and its version, or 404."""
    found = tile_store.get_saved(tile_id)
    tile = parse_tile(found[0])[0] if found else None
    if tile is None:
        abort(404, description=_("There is no such tile."))
    return tile, found[1]


@bp.get("/<tile_id>")
def show(tile_id: str):
    """A saved tile: its map, its file, edit it."""
    tile, _version = _saved(tile_id)
    svg = render_map(tile, MapState(), label=tile.name, names={k: _(v) for k, v in KIND_NAMES.items()},
                     interactive=False, map_id="tile-map")
    return render_template("explore_new_york/tiles/show.html", tile=tile, svg=svg, form=ActionForm())


@bp.get("/<tile_id>/tile.json")
def download(tile_id: str):
    """A saved tile as `explore-new-york-tile/1`."""
    tile, _version = _saved(tile_id)
    return Response(json.dumps(tile_to_json(tile), ensure_ascii=False, indent=1), mimetype="application/json",
                    headers={"Content-Disposition": f'attachment; filename="{tile.id}.json"'})


@bp.get("/<tile_id>/map.pdf")
def map_pdf(tile_id: str):
    """A saved tile's blank map with its score table, in the phone's language."""
    tile, _version = _saved(tile_id)
    from printables.explore_new_york import maps_pdf  # printing is optional on a server

    return Response(maps_pdf([tile], lang=current_lang()), mimetype="application/pdf",
                    headers={"Content-Disposition": f'inline; filename="{tile.id}-map.pdf"'})


@bp.post("/<tile_id>/edit")
def edit(tile_id: str):
    """Open a draft of a saved tile; saving it replaces the tile (if nobody changed the tile meanwhile)."""
    tile, version = _saved(tile_id)
    if not ActionForm().validate_on_submit():
        flash(_(EXPIRED), "error")
        return redirect(url_for("explore_new_york.tiles.show", tile_id=tile_id))
    draft_id = tile_store.create_draft(draft_from_tile(tile_to_json(tile)), replaces=tile.id,
                                       replaces_version=version)
    return redirect(url_for("explore_new_york.tiles.editor", draft_id=draft_id))
