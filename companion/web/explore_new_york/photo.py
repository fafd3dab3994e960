"""Read a phone photo of a filled-in printed Explore New York map into a player's sheet, for the player to confirm.

The photo is read (companion.vision.explore_new_york) and never stored nor logged; the reading is shown
on the sheet page's own tap map, with the straightened photo under it and the doubtful items marked and
listed. The page's form posts to the ordinary sheet save, so nothing is saved until the player taps
"Confirm and save" there, after checking or correcting the reading. Only a phone that may enter the
seat's tile (the seat's own phone, or the host: `tables.guard`, as for every sheet post) reads a photo.
"""

from __future__ import annotations

import base64

from flask import Blueprint, current_app, flash, render_template, request, url_for
from flask_wtf import FlaskForm
from flask_wtf.csrf import generate_csrf
from markupsafe import Markup
from werkzeug.exceptions import RequestEntityTooLarge
from wtforms import FileField

from ...games.core.problems import N_
from ...games.explore_new_york.tile import COLOURS, ROADS, SIZE
from ..core.i18n import _
from . import tables
from .forms import SheetForm
from .labels import COLOUR_NAMES
from .svgmap import CELL, LEFT, TOP, district_id, point_id, section_id

bp = Blueprint("photo", __name__, url_prefix="/explore-new-york/tables")
bp.record_once(lambda state: state.app.jinja_env.globals.setdefault("photo_csrf", generate_csrf))
MAX_PHOTO = 16 * 1024 * 1024  # a phone's full-size JPEG; the page script sends a smaller copy when it can
TOO_LARGE = N_("The photo is larger than {limit} MB; take it again or send a smaller copy.")
FAILED = N_("The photo could not be read. Take it again, flat and in good light, or enter the tile by tapping.")


class PhotoForm(FlaskForm):
    """The photo upload (CSRF-protected)."""

    photo = FileField()


@bp.route("/<token>/players/<int:seat>/photo", methods=["GET", "POST"])
def read(token: str, seat: int):
    """Take a photo of the printed map (GET), read it and show the reading on the map to confirm (POST)."""
    _table, players = tables._load(token)
    player = tables._seat(players, seat)
    tables.guard(token, player)
    tile = tables._tile(player)
    request.max_content_length = MAX_PHOTO + 64 * 1024  # this page alone takes photos bigger than a form
    try:
        form = PhotoForm()
        upload = form.photo.data if request.method == "POST" else None
    except RequestEntityTooLarge:
        return _refuse(token, player, PhotoForm(formdata=None), _(TOO_LARGE, limit=MAX_PHOTO // (1024 * 1024)), 413)
    if request.method == "GET":
        return render_template("explore_new_york/tables/photo.html", token=token, player=player, form=form)
    if not form.validate_on_submit():
        return _refuse(token, player, form, _("The form expired or came from elsewhere; nothing was lost, please "
                                              "send it again."), 400)
    if upload is None or not getattr(upload, "filename", ""):
        return _refuse(token, player, form, _("Choose or take a photo of your printed map first."), 422)
    data = upload.read(MAX_PHOTO + 1)
    if len(data) > MAX_PHOTO:
        return _refuse(token, player, form, _(TOO_LARGE, limit=MAX_PHOTO // (1024 * 1024)), 413)
    from ...vision.explore_new_york.reader import PhotoError, read_photo  # lazily: OpenCV loads only for a photo

    others = [tables._tile(p) for p in players if p["seat"] != seat]
    try:
        reading = read_photo(data, [tile, *others])
    except PhotoError as exc:
        return _refuse(token, player, form, _(exc.template, **exc.params), 422)
    except Exception:  # a reader bug must cost the player a retry, never the page (the photo is not logged)
        current_app.logger.error("explore-new-york photo reading failed", exc_info=True)
        return _refuse(token, player, form, _(FAILED), 422)
    if reading.tile is not tile:
        owner = next(p["name"] for p in players if p["seat"] != seat and tables._tile(p) == reading.tile)
        return _refuse(token, player, form, _("This photo shows {name}'s tile ({tile}), not yours: photograph your "
                                              "own map, or read it on {name}'s page.", name=owner,
                                              tile=reading.tile.name), 422)
    return _review(token, players, player, tile, reading)


def _refuse(token: str, player: dict, form: PhotoForm, message: str, status: int):
    """Show the photo page again with a message saying why the photo was not read (nothing was saved)."""
    flash(message, "error")
    return render_template("explore_new_york/tables/photo.html", token=token, player=player, form=form), status


def _review(token: str, players: list[dict], player: dict, tile, reading):
    """The sheet page with the reading as its draft: doubtful items marked, the photo under the map, not saved."""
    doubts, targets = [], set()
    for d in reading.doubtful:
        target = _target(d)
        targets.add(target)
        doubts.append({"target": target, "text": _doubt_text(d, tile)})
    photo = {"doubts": doubts, "targets": targets, "seconds": round(reading.seconds, 1),
             "counts": {"sections": len(reading.draft["sections"]),
                        "tourists": sum(n for t in reading.draft["tourists"] for k, n in t.items() if k != "at"),
                        "cafes": len(reading.draft["cafes"])},
             "layer": _photo_layer(reading)}
    return tables._render_sheet(token, player, tile, SheetForm(), reading.draft, player["version"], None, None,
                                players, photo=photo), 200


def _target(decision) -> str:
    """Return the map element id of a decision."""
    if decision.kind == "section":
        return section_id(decision.key)
    if decision.kind == "tourists":
        return district_id(decision.key)
    return point_id(decision.key, "c")


def _doubt_text(decision, tile) -> str:
    """Say, in the page's language, what the reader was unsure about."""
    sure = f"{round(decision.confidence * 100)} %"
    if decision.kind == "section":
        x, y = tile.printed(ROADS[decision.key][0])
        if decision.value:
            return _("Check the road by X{x} Y{y}: read as drawn (confidence {sure}).", x=x, y=y, sure=sure)
        return _("Check the road by X{x} Y{y}: read as not drawn (confidence {sure}).", x=x, y=y, sure=sure)
    if decision.kind == "tourists":
        x, y = tile.printed(decision.key)
        counts = ", ".join(f"{_(COLOUR_NAMES[c])}: {decision.value[c]}" for c in COLOURS if decision.value.get(c)) \
            or "0"
        return _("Check the tourists at X{x} Y{y}: read as {counts} (confidence {sure}).", x=x, y=y, counts=counts,
                 sure=sure)
    px, py = decision.key  # a cafe's intersection: named by the district at its lower right (or nearest)
    x, y = tile.printed((min(max(px + 1, 1), SIZE), min(max(py + 1, 1), SIZE)))
    if decision.value:
        return _("Check the cafe by X{x} Y{y}: read as circled (confidence {sure}).", x=x, y=y, sure=sure)
    return _("Check the cafe by X{x} Y{y}: read as not circled (confidence {sure}).", x=x, y=y, sure=sure)


def _photo_layer(reading) -> Markup | None:
    """The photo's map area (straightened) as an SVG image under the tap map's roads (sent inline, never stored)."""
    import cv2

    from ...vision.explore_new_york.geometry import tile_geometry

    geo = tile_geometry(reading.tile, reading.paper, reading.lang)
    left, top, side = geo.blocks[(1, 1)]
    right, bottom = geo.blocks[(6, 6)][0] + side, geo.blocks[(6, 6)][1] + side
    crop = reading.rectified[round(top):round(bottom), round(left):round(right)]
    if crop.size == 0:
        return None
    crop = cv2.resize(crop, (6 * CELL * 2, 6 * CELL * 2), interpolation=cv2.INTER_AREA)
    ok, jpeg = cv2.imencode(".jpg", cv2.cvtColor(crop, cv2.COLOR_RGB2BGR), [cv2.IMWRITE_JPEG_QUALITY, 70])
    if not ok:
        return None
    uri = "data:image/jpeg;base64," + base64.b64encode(jpeg.tobytes()).decode("ascii")
    return Markup(f'<image class="photo-layer" href="{uri}" x="{LEFT}" y="{TOP}" width="{6 * CELL}" '
                  f'height="{6 * CELL}" preserveAspectRatio="none" opacity="0.55" pointer-events="none"/>')


def photo_link(token: str, seat: int) -> str:
    """Return the photo page's address (for the sheet page's "Read a photo of your printed map")."""
    return url_for("explore_new_york.photo.read", token=token, seat=seat)
