"""Read a phone photo of a player's printed sheet into their seat, for the player to confirm.

Reached from the seat's own page by its secret link (`/s/<token>/photo`), so only the seat's own phone reads a
photo into its own sheet. The photo is read (companion.vision.welcome_to) and never stored or logged; the
reading is shown over the straightened photo, every house number in a field to confirm, the doubtful items
flagged. "Confirm and save" goes through the ordinary import (the engine's checks, the seat's version):
nothing is saved before it.
"""

from __future__ import annotations

import base64
import json

from flask import Blueprint, current_app, flash, redirect, render_template, request, url_for
from flask_wtf import FlaskForm
from werkzeug.exceptions import RequestEntityTooLarge
from wtforms import FileField, HiddenField

from ...games.core.problems import N_
from ...games.welcome_to import RULES
from ..core.i18n import _
from . import store
from .importing import read_seat_import
from .seats import _open, _saved
from .view import problems_of

bp = Blueprint("photo", __name__)
MAX_PHOTO = 16 * 1024 * 1024  # a phone's full-size JPEG
TOO_LARGE = N_("The photo is larger than {limit} MB; take it again or send a smaller copy.")
TRACKS = [(f"park{s}", N_("Parks, street {n}"), {"n": s + 1}) for s in range(3)] + \
    [(f"estate{n}", N_("Estate values, size {n}"), {"n": n}) for n in range(1, 7)] + \
    [("temps", N_("Temp agency"), {}), ("refusals", N_("Permit refusals"), {})]
NOTES = {"order": N_("the numbers do not rise along the street"), "gap": N_("a box left empty before a ticked one"),
         "count": N_("the track and the houses disagree"), "empty": N_("a pool on a house without a number")}


class PhotoForm(FlaskForm):
    """The photo upload (CSRF-protected)."""

    photo = FileField()


class ConfirmForm(FlaskForm):
    """The corrected reading (fields read by hand) and the seat's version the reading started from."""

    version = HiddenField()


@bp.route("/s/<token>/photo", methods=["GET", "POST"])
def read(token: str):
    """Take a photo of the printed sheet (GET), read it and show the reading to confirm (POST)."""
    seat, _state, _index = _open(token)
    request.max_content_length = MAX_PHOTO + 64 * 1024  # this page alone takes photos bigger than a form
    try:
        form = PhotoForm()
        upload = form.photo.data if request.method == "POST" else None
    except RequestEntityTooLarge:
        return _refuse(seat, PhotoForm(formdata=None), _(TOO_LARGE, limit=MAX_PHOTO // (1024 * 1024)), 413)
    if request.method == "GET":
        return render_template("welcome_to/photo.html", seat=seat, form=form)
    if not form.validate_on_submit():
        return _refuse(seat, form, _("The form expired or came from elsewhere; nothing was lost, please send it "
                                     "again."), 400)
    if upload is None or not getattr(upload, "filename", ""):
        return _refuse(seat, form, _("Choose or take a photo of your printed sheet first."), 422)
    data = upload.read(MAX_PHOTO + 1)
    if len(data) > MAX_PHOTO:
        return _refuse(seat, form, _(TOO_LARGE, limit=MAX_PHOTO // (1024 * 1024)), 413)
    from ...vision.welcome_to.reader import PhotoError, read_photo  # lazily: OpenCV loads only when a photo comes

    try:
        reading = read_photo(data, seat["name"])
    except PhotoError as exc:
        return _refuse(seat, form, _(exc.template, **exc.params), 422)
    except Exception:  # a reader bug must cost the player a retry, never the page (the photo is not logged)
        current_app.logger.error("Welcome To photo reading failed", exc_info=True)
        return _refuse(seat, form, _("The photo could not be read. Take it again, flat and in good light, or enter "
                                     "the sheet by tapping."), 422)
    return _review(seat, _fields(reading), _doubts(reading), _picture(reading), reading.seconds)


def _refuse(seat: dict, form: PhotoForm, message: str, status: int):
    """Show the photo page again with a message saying why the photo was not read."""
    flash(message, "error")
    return render_template("welcome_to/photo.html", seat=seat, form=form), status


def _fields(reading) -> dict:
    """The reading as the review form's fields: house texts, fences, pools, track counts, and which are doubtful."""
    values: dict[str, object] = {}
    doubtful: set[str] = set()
    for item in reading.items:
        if item.kind == "house":
            name = f"h-{item.key[0]}-{item.key[1]}"
            values[name] = "" if item.value is None else str(item.value)
        elif item.kind == "fence":
            name = f"f-{item.key[0]}-{item.key[1]}"
            values[name] = bool(item.value)
        elif item.kind == "pool":
            name = f"p-{item.key[0]}-{item.key[1]}"
            values[name] = bool(item.value)
        else:
            name = f"t-{item.key[0]}"
            values[name] = int(values.get(name, 0)) + bool(item.value)
        if item.doubtful:
            doubtful.add(name)
    return {"values": values, "doubtful": doubtful}


def _doubts(reading) -> list[str]:
    """Say, in the page's language, what the reader was unsure about (one line per doubtful item)."""
    out = []
    seen_tracks = set()
    for item in reading.items:
        if not item.doubtful:
            continue
        sure = f"{round(item.confidence * 100)} %"
        why = f" ({_(NOTES[item.note])})" if item.note in NOTES else ""
        if item.kind == "house":
            read = _("empty") if item.value is None else str(item.value)
            out.append(_("Street {street}, house {house}: read as {value} (confidence {sure})", street=item.key[0] + 1,
                         house=item.key[1] + 1, value=read, sure=sure) + why)
        elif item.kind == "fence":
            state = _("a fence") if item.value else _("no fence")
            out.append(_("Street {street}, between houses {a} and {b}: read as {state} (confidence {sure})",
                         street=item.key[0] + 1, a=item.key[1] + 1, b=item.key[1] + 2, state=state, sure=sure) + why)
        elif item.kind == "pool":
            state = _("built") if item.value else _("not built")
            out.append(_("Pool of street {street}, house {house}: read as {state} (confidence {sure})",
                         street=item.key[0] + 1, house=item.key[1] + 1, state=state, sure=sure) + why)
        elif item.key[0] not in seen_tracks:
            seen_tracks.add(item.key[0])
            out.append(_("Check the boxes of the track: {track}", track=_track_label(item.key[0])) + why)
    return out


def _track_label(name: str) -> str:
    """A track's name in the page's language."""
    for key, text, params in TRACKS:
        if key == name:
            return _(text, **params)
    return {"pools": _("Pools"), "bis": _("Bis"), "roundabouts": _("Roundabouts")}.get(name, name)


def _picture(reading) -> dict | None:
    """The straightened photo's streets (a JPEG data address) and where each house, fence and pool sits on it (%)."""
    import cv2

    from ...vision.pagegeom import PX_PER_MM
    from ...vision.welcome_to.sheetgeom import sheet_geometry

    geo = sheet_geometry(reading.paper, reading.lang)
    xs = [v for box in geo.houses.values() for v in (box[0], box[2])]
    ys = [v for box in geo.houses.values() for v in (box[1], box[3])]
    x0, x1 = round(min(xs) - 3 * PX_PER_MM), round(max(xs) + 3 * PX_PER_MM)
    y0, y1 = round(min(ys) - 9 * PX_PER_MM), round(max(ys) + 2 * PX_PER_MM)
    crop = reading.rectified[y0:y1, x0:x1]
    ok, jpeg = cv2.imencode(".jpg", cv2.cvtColor(crop, cv2.COLOR_RGB2BGR), [cv2.IMWRITE_JPEG_QUALITY, 72])
    if not ok:
        return None
    w, h = x1 - x0, y1 - y0

    def at(x: float, y: float) -> dict:
        return {"left": round((x - x0) / w * 100, 2), "top": round((y - y0) / h * 100, 2)}

    houses = {f"h-{s}-{i}": {**at(b[0] + 1, b[1] + 1), "width": round((b[2] - b[0] - 2) / w * 100, 2)}
              for (s, i), b in geo.houses.items()}
    fences = {f"f-{s}-{i}": at(x, top + (bottom - top) * 0.8) for (s, i), (x, top, bottom) in geo.fences.items()}
    pools = {f"p-{s}-{i}": at(cx, cy) for (s, i), (cx, cy, _r) in geo.pools.items()}
    return {"uri": "data:image/jpeg;base64," + base64.b64encode(jpeg.tobytes()).decode("ascii"),
            "ratio": round(h / w * 100, 3), "houses": houses, "fences": fences, "pools": pools}


def _review(seat: dict, fields: dict, doubts: list[str], picture: dict | None, seconds: float | None = None,
            messages: list[str] | None = None, problems: list | None = None, status: int = 200):
    """Show the reading to correct and confirm (also again, as typed, when the confirmation is refused)."""
    form = ConfirmForm()
    form.version.data = str(seat["version"])
    tracks = [(key, _(text, **params), len(_track_boxes(key))) for key, text, params in TRACKS]
    return render_template("welcome_to/photo_review.html", seat=seat, form=form, fields=fields, doubts=doubts,
                           picture=picture, seconds=seconds, tracks=tracks, streets=RULES.street_sizes,
                           messages=messages or [], problems=problems or []), status


def _track_boxes(key: str) -> tuple:
    """A track's boxes on the sheet (its length)."""
    if key.startswith("park"):
        return RULES.park_tracks[int(key[4:])][1:]
    if key.startswith("estate"):
        return RULES.estate_track(int(key[6:]))[1:]
    return tuple(range(RULES.temp_boxes)) if key == "temps" else RULES.refusal_track[1:]


def _house(text: str):
    """A house's value from its field: empty, a number 0-17, "<n>b" or "R"; or raise ValueError."""
    text = "".join(text.split()).upper().replace("B", "b")
    if not text:
        return None
    if text == "R":
        return "R"
    number = text[:-1] if text.endswith("b") else text
    if not (number.isascii() and number.isdigit() and len(number) <= 2 and 0 <= int(number) <= 17):
        raise ValueError(text)
    return f"{int(number)}b" if text.endswith("b") else int(number)


def _typed() -> tuple[dict, list[str]]:
    """The review form as typed: its fields (to show again) and what cannot be read in it."""
    values: dict[str, object] = {}
    errors = []
    for s, size in enumerate(RULES.street_sizes):
        for h in range(size):
            values[f"h-{s}-{h}"] = str(request.form.get(f"h-{s}-{h}", ""))[:8]
            if h < size - 1:
                values[f"f-{s}-{h}"] = f"f-{s}-{h}" in request.form
    for s, h in RULES.pool_positions:
        values[f"p-{s}-{h}"] = f"p-{s}-{h}" in request.form
    for key, text, params in TRACKS:
        raw = str(request.form.get(f"t-{key}", "0"))[:4].strip() or "0"
        most = len(_track_boxes(key))
        if not (raw.isascii() and raw.isdigit() and int(raw) <= most):
            errors.append(_("{track}: a number of boxes from 0 to {most}.", track=_(text, **params), most=most))
            values[f"t-{key}"] = raw
        else:
            values[f"t-{key}"] = int(raw)
    return values, errors


def _player(values: dict, seat_plans: list) -> tuple[dict | None, list[str]]:
    """The player object of the confirmed fields, or what is wrong with them."""
    streets, errors = [], []
    for s, size in enumerate(RULES.street_sizes):
        row = []
        for h in range(size):
            try:
                row.append(_house(str(values[f"h-{s}-{h}"])))
            except ValueError:
                errors.append(_("Street {street}, house {house}: write a number from 0 to 17, a number and b (a "
                                "bis), R (a roundabout) or nothing.", street=s + 1, house=h + 1))
                row.append(None)
        streets.append(row)
    if errors:
        return None, errors
    count = {key: int(values[f"t-{key}"]) for key, _t, _p in TRACKS}
    return {"streets": streets,
            "fences": [[h for h in range(size - 1) if values[f"f-{s}-{h}"]]
                       for s, size in enumerate(RULES.street_sizes)],
            "pools": [[s, h] for s, h in RULES.pool_positions if values[f"p-{s}-{h}"]],
            "parks": [count[f"park{s}"] for s in range(len(RULES.street_sizes))],
            "estate_values": {str(n): count[f"estate{n}"] for n in range(1, 7) if count[f"estate{n}"]},
            "temps": count["temps"], "refusals": count["refusals"], "plans": seat_plans}, []


@bp.post("/s/<token>/photo/confirm")
def confirm(token: str):
    """Save the confirmed reading through the ordinary import: the engine's checks and the seat's version."""
    seat, state, index = _open(token)
    form = ConfirmForm()
    values, errors = _typed()
    fields = {"values": values, "doubtful": set()}
    if not form.validate_on_submit():
        return _review(seat, fields, [], None, messages=[_("The page expired or came from elsewhere; nothing was "
                                                           "saved. Confirm again.")], status=400)
    plans = state.doc()["players"][index].get("plans", [])
    player, more = _player(values, plans) if not errors else (None, [])
    if player is None:
        return _review(seat, fields, [], None, messages=errors + more, status=422)
    found_player, message, found = read_seat_import(json.dumps(player), state.settings, seat["name"])
    if found_player is None:
        return _review(seat, fields, [], None, messages=[message], problems=problems_of(found), status=422)
    if str(seat["version"]) != (form.version.data or "").strip() or store.save_seat(
            token, seat["version"], [], found_player, replace_base=True) is None:
        return _review(seat, fields, [], None, messages=[_("Your sheet changed on another screen meanwhile; nothing "
                                                           "was saved. Check the reading and confirm again.")],
                       status=409)
    _saved(seat)
    flash(_("The sheet read from your photo is saved."), "ok")
    return redirect(url_for("welcome_to.seats.sheet", token=token))
