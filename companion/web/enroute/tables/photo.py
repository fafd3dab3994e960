"""Read a phone photo of a filled-in printed map into a player's sheet, for the player to confirm.

The photo is read (companion.vision) and never stored; the reading is shown on the tap map with the
photo under it and the doubtful items highlighted. The page's form posts to the ordinary sheet
page, so nothing is saved until the player taps "Save" there, after checking or correcting it.
"""

from __future__ import annotations

import base64
import json

from flask import Blueprint, abort, current_app, flash, render_template, request, url_for
from flask_wtf import FlaskForm
from flask_wtf.csrf import generate_csrf
from markupsafe import Markup
from werkzeug.exceptions import RequestEntityTooLarge
from wtforms import FileField

from ....games.core.problems import N_
from ....games.enroute.board import COLOURS, parse_board
from ...core.i18n import _
from ..labels import label
from ..maps.svgfeatures import feature_id
from ..maps.svgmap import CELL, LEFT, TOP, location_id, point_id, render_map, section_id
from . import store as db
from .city_sheet import city_context
from .drafts import map_state
from .forms import SheetForm
from .sheet_marks import marks_context

bp = Blueprint("photo", __name__, url_prefix="/tables")
# The sheet page's "Read a photo" form is a plain form in a template, so it needs the CSRF token by itself.
bp.record_once(lambda state: state.app.jinja_env.globals.setdefault("photo_csrf", generate_csrf))
MAX_PHOTO = 16 * 1024 * 1024  # a phone's full-size JPEG; the page script sends a smaller copy when it can
TOO_LARGE = N_("The photo is larger than {limit} MB; take it again or send a smaller copy.")


class PhotoForm(FlaskForm):
    """The photo upload (CSRF-protected)."""

    photo = FileField()


def _load(token: str, seat: int):
    """Return the table, its board and the player, or answer 404."""
    table = db.get_table(token)
    board = parse_board(table["board_doc"])[0] if table else None
    player = db.get_player(token, seat) if board is not None else None
    if player is None:
        abort(404, description=_("This table does not exist. Check the link."))
    return table, board, player


@bp.route("/<token>/players/<int:seat>/photo", methods=["GET", "POST"])
def read(token: str, seat: int):
    """Take a photo of the printed map (GET), read it and show the reading to confirm (POST)."""
    table, board, player = _load(token, seat)
    request.max_content_length = MAX_PHOTO + 64 * 1024  # this page alone takes photos bigger than a form
    try:
        form = PhotoForm()
        upload = form.photo.data if request.method == "POST" else None
    except RequestEntityTooLarge:
        return _refuse(table, player, PhotoForm(formdata=None), _(TOO_LARGE, limit=MAX_PHOTO // (1024 * 1024)), 413)
    if request.method == "GET":
        return render_template("enroute/tables/photo.html", table=table, player=player, form=form)
    if not form.validate_on_submit():
        return _refuse(table, player, form, _("The form expired or came from elsewhere; nothing was lost, please "
                                              "send it again."), 400)
    if upload is None or not getattr(upload, "filename", ""):
        return _refuse(table, player, form, _("Choose or take a photo of your printed map first."), 422)
    data = upload.read(MAX_PHOTO + 1)
    if len(data) > MAX_PHOTO:
        return _refuse(table, player, form, _(TOO_LARGE, limit=MAX_PHOTO // (1024 * 1024)), 413)
    from ....vision.reader import PhotoError, read_photo  # lazily: OpenCV loads only when a photo comes

    try:
        reading = read_photo(data, [board], player["name"])
    except PhotoError as exc:
        return _refuse(table, player, form, _(exc.template, **exc.params), 422)
    except Exception:  # a reader bug must cost the player a retry, never the page
        current_app.logger.exception("photo reading failed")
        return _refuse(table, player, form, _("The photo could not be read. Take it again, flat and in good light, "
                                              "or enter the sheet by tapping."), 422)
    return _review(table, board, player, reading)


def _refuse(table: dict, player: dict, form: PhotoForm, message: str, status: int):
    """Show the photo page again with a message saying why the photo was not read."""
    flash(message, "error")
    return render_template("enroute/tables/photo.html", table=table, player=player, form=form), status


def _review(table: dict, board, player: dict, reading):
    """Show the reading on the tap map over the photo, doubtful items highlighted, ready to correct and save."""
    draft = dict(reading.draft)
    decisions = list(reading.decisions)
    if table["level"] == "simplified":  # no cafes and no personal goal in the simplified game
        draft["cafes"], draft["personal_goal"] = [], None
        decisions = [d for d in decisions if d.kind not in ("cafe", "goal")]
    state = map_state(draft, "best", board)
    pb = board.player_board(reading.player_board) or board.player_boards[0]
    doubts = []
    for d in decisions:
        if not d.doubtful:
            continue
        target = _target(d, board)
        if target:
            state.problems.add(target)
        doubts.append({"severity": "warning", "target": target or "", "text": _doubt_text(d, board, pb)})
    colours = COLOURS if "purple" in board.kinds_present() else COLOURS[:3]
    svg = render_map(board, pb, state, label=_("{name}'s sheet", name=player["name"]), colours=colours)
    svg = _with_photo(svg, reading, board)
    form = SheetForm()
    form.sheet.data = json.dumps(draft, ensure_ascii=False)
    form.version.data = str(player["version"])
    other_board = player["sheet"].get("player_board") not in (None, reading.player_board)
    boards_js = {pb_.number: {"columns": list(pb_.columns), "rows": list(pb_.rows)} for pb_ in board.player_boards}
    js_strings = {"goal_full": _("Three points are circled; tap one to remove it."),
                  "route_not_connected": _("That section does not join the end of your route."),
                  "route_not_drawn": _("Draw that section first (Roads)."),
                  "tourists_at": _("Tourists at {where}"),
                  "bad_json": _("This is not a readable sheet: {error}. Nothing was saved; your text is kept below.")}
    # A world city's tools (crosses, remote spaces, colours) and the marks beside the map (tickets): the reading's
    # city marks are corrected where the sheet page corrects them.
    return render_template("enroute/tables/photo_review.html", table=table, board=board, player=player, form=form,
                           svg=svg, doubts=doubts, colours=colours, boards_js=boards_js, js_strings=js_strings,
                           player_board=pb.number, other_board=other_board, seconds=reading.seconds,
                           counts=_counts(draft), city=city_context(board), marks=marks_context(board, draft))


def _target(decision, board) -> str | None:
    """Return the map element id of a decision (None for a mark beside the map)."""
    from ....vision import cities

    reader = cities.reader_of(decision.kind)
    if reader is not None:  # a world city's mark: the reader says where it sits
        where = reader.target(decision, board)
        if where is None:
            return None
        kind, key = where
        if kind == "feature":
            return feature_id(next(f for f in board.features if f.id == key))
        return {"location": location_id, "section": section_id, "point": point_id}[kind](key)
    if decision.kind == "section":
        return section_id(decision.key)
    if decision.kind == "tourists":
        return location_id(decision.key)
    if decision.kind == "cafe":
        return point_id(decision.key, "c")
    return point_id(decision.key)


def _where(board, pb, point) -> str:
    """Name an intersection by the printed coordinates of the location at its lower right (or nearest)."""
    c = min(max(point[0] + 1, 1), board.cols)
    r = min(max(point[1] + 1, 1), board.rows)
    col, row = pb.printed((c, r))
    return f"({col}, {row})"


class _Words:
    """How a city reader's check text names things, in the page's language (`cities.MarkReader.describe`)."""

    def __init__(self, board, pb):
        self.board, self.pb = board, pb

    @staticmethod
    def t(template: str, **params) -> str:
        """Translate a template and fill it in."""
        return _(template, **params)

    @staticmethod
    def sure(decision) -> str:
        """The confidence as a percentage."""
        return f"{round(decision.confidence * 100)} %"

    @staticmethod
    def counts(value: dict) -> str:
        """Tourist counts by colour."""
        return ", ".join(f"{n} {label('colour_' + colour)}" for colour, n in (value or {}).items()) or "0"

    def location(self, loc) -> str:
        """A location by its printed coordinates."""
        col, row = self.pb.printed(tuple(loc))
        return f"({col}, {row})"

    def section(self, key) -> str:
        """A road by the location at its lower right."""
        a, b = key
        return _where(self.board, self.pb, (min(a[0], b[0]), min(a[1], b[1])))

    @staticmethod
    def state(value) -> str:
        """Crossed out or not."""
        return _("crossed out") if value else _("not crossed out")

    @staticmethod
    def ticked(value) -> str:
        """Ticked or not."""
        return _("ticked") if value else _("not ticked")

    @staticmethod
    def colour(value) -> str:
        """A pen colour."""
        return label("colour_" + value) if value else "?"


def _doubt_text(decision, board, pb) -> str:
    """Say, in the page's language, what the reader was unsure about."""
    from ....vision import cities

    reader = cities.reader_of(decision.kind)
    if reader is not None:
        return reader.describe(decision, board, _Words(board, pb))
    sure = f"{round(decision.confidence * 100)} %"
    if decision.kind == "section":
        a, b = decision.key
        where = _where(board, pb, (min(a[0], b[0]), min(a[1], b[1])))
        if decision.value:
            return _("Check the road by {where}: read as drawn (confidence {sure}).", where=where, sure=sure)
        return _("Check the road by {where}: read as not drawn (confidence {sure}).", where=where, sure=sure)
    if decision.kind == "tourists":
        col, row = pb.printed(decision.key)
        counts = ", ".join(f"{n} {label('colour_' + colour)}" for colour, n in decision.value.items()) or "0"
        return _("Check the tourists at ({col}, {row}): read as {counts} (confidence {sure}).", col=col, row=row,
                 counts=counts, sure=sure)
    if decision.kind == "cafe":
        state = {"used": _("circled and struck"), "unused": _("circled")}.get(decision.value, _("not circled"))
        return _("Check the cafe by {where}: read as {state} (confidence {sure}).",
                 where=_where(board, pb, decision.key), state=state, sure=sure)
    state = _("circled") if decision.value else _("not circled")
    return _("Check the goal intersection by {where}: read as {state} (confidence {sure}).",
             where=_where(board, pb, decision.key), state=state, sure=sure)


def _counts(draft: dict) -> dict:
    """Summarise a reading: sections, tourists, circled cafes, goal points."""
    return {"sections": len(draft["sections"]),
            "tourists": sum(n for item in draft["tourists"] for k, n in item.items() if k != "at"),
            "cafes": len(draft["cafes"]), "goal": len(draft["personal_goal"] or [])}


def _with_photo(svg: Markup, reading, board) -> Markup:
    """Put the photo's map area (rectified) under the tap map, so each reading sits on its own ink."""
    import cv2

    from ....vision.pagegeom import page_geometry

    geo = page_geometry(board, reading.paper, reading.lang)
    (x0, y0), (x1, y1) = geo.points[(0, 0)], geo.points[(board.cols, board.rows)]
    crop = reading.rectified[round(y0):round(y1), round(x0):round(x1)]
    if crop.size == 0:
        return svg
    crop = cv2.resize(crop, (board.cols * CELL * 2, board.rows * CELL * 2), interpolation=cv2.INTER_AREA)
    ok, jpeg = cv2.imencode(".jpg", cv2.cvtColor(crop, cv2.COLOR_RGB2BGR), [cv2.IMWRITE_JPEG_QUALITY, 70])
    if not ok:
        return svg
    uri = "data:image/jpeg;base64," + base64.b64encode(jpeg.tobytes()).decode("ascii")
    image = (f'<image class="photo-layer" href="{uri}" x="{LEFT}" y="{TOP}" width="{board.cols * CELL}" '
             f'height="{board.rows * CELL}" preserveAspectRatio="none" opacity="0.5" pointer-events="none"/>')
    text = str(svg)
    # Over the blocks, under the roads, marks and tourists: the reading sits on the photo's own ink.
    at = text.find('<g class="roads">')
    if at < 0:
        return svg
    return Markup(text[:at] + image + text[at:])


def photo_link(token: str, seat: int) -> str:
    """Return the photo page's address (for the sheet page's "Read a photo")."""
    return url_for("enroute.photo.read", token=token, seat=seat)
