"""Forms of the board pages (start a draft, import a board, CSRF-protected actions) and the editor's messages.

The board engine writes its findings in English without catalogue templates;
`problem_view` puts them in the page's language: a constant engine message by
its own catalogue entry, a "still missing" item rebuilt from the draft it
points at, anything else by its code's general text.
"""

from __future__ import annotations

import re
from typing import Any

from flask_wtf import FlaskForm
from flask_wtf.file import FileField
from wtforms import SelectField, StringField, TextAreaField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import ValidationError

from ....games.core.problems import N_, Problem
from ....games.enroute import library as lib
from ....games.enroute.board import CAFE_BONUSES, COLOURS
from ...core.i18n import DEFAULT, _, current_lang, lazy
from ..labels import board_problem_text, join_list, label

NAME_MAX = 80
IMPORT_MAX = 1_000_000  # characters; a real board document is a few kilobytes


class MaxLength:
    """Refuse text longer than `limit` characters, saying so in the page's language."""

    def __init__(self, limit: int):
        """Remember the limit."""
        self.limit = limit

    def __call__(self, form, field) -> None:
        """Check the field's text."""
        if field.data and len(field.data) > self.limit:
            raise ValidationError(_("At most {max} characters, not {length}.", max=self.limit, length=len(field.data)))


class NewDraftForm(FlaskForm):
    """Start a board: blank or as a copy of a shipped or saved board."""

    name = StringField(lazy("City name"), validators=[MaxLength(NAME_MAX)])
    start = SelectField(lazy("Start from"), choices=[SelectChoice("blank", lazy("A blank 6×6 map"))], default="blank")


class ImportForm(FlaskForm):
    """Import an `enroute-board/1` document from a file or pasted text."""

    file = FileField(lazy("Board file (.json)"))
    text = TextAreaField(lazy("…or paste the JSON here"), validators=[MaxLength(IMPORT_MAX)])


class FormEditError(lib.EditError):
    """An edit refused by the form layer, its message already in the page's language."""


class ActionForm(FlaskForm):
    """A button that changes something (save, discard, delete, edit): only the CSRF token."""


def _int_or_none(value: Any, what: str) -> int | None:
    """Read a whole number typed in a form field (blank: None)."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().isdigit() and len(value.strip()) < 6:
        return int(value.strip())
    raise FormEditError(_("{what} must be a whole number, not {value}.", what=what, value=repr(str(value)[:20])))


def _track(value: Any) -> list[int] | None:
    """Read a rating track typed as '4 6 8 10 12' (blank: None)."""
    if isinstance(value, list):
        return [_int_or_none(v, _("A rating")) for v in value] or None
    if not isinstance(value, str) or not value.strip():
        return None
    if re.search(r"[^\d\s,;/]", value):
        raise FormEditError(_("Type the rating track as numbers like 4 6 8 10 12, not {value}.",
                              value=repr(value[:30])))
    return [int(v) for v in re.findall(r"\d+", value)] or None


def apply_edit(doc: Any, edit: dict) -> Any:
    """Apply one editor operation to a draft document through the engine's helpers."""
    op = edit.get("op")
    if op == "replace":  # undo, or a copy kept on the phone
        if not isinstance(edit.get("doc"), dict):
            raise FormEditError(_("Only a board document (a JSON object) can replace the draft."))
        lib.board_size(edit["doc"])
        return edit["doc"]
    if op == "name":
        return lib.set_city_name(doc, edit.get("name", ""))
    if op == "location":
        kind = edit.get("kind") or None
        return lib.set_location(doc, edit.get("at"), kind, str(edit.get("name") or "")[:80],
                                _int_or_none(edit.get("pp"), _("A yellow landmark's PP")), _track(edit.get("track")))
    if op == "intersection":
        bonus = edit.get("cafe") or None
        tourists = edit.get("tourists") if isinstance(edit.get("tourists"), dict) else {}
        counts = {c: _int_or_none(tourists.get(c), _("The {colour} tourists", colour=label(f"colour_{c}"))) or 0
                  for c in COLOURS}
        doc = lib.set_cafe(doc, edit.get("at"), bonus if bonus in CAFE_BONUSES or bonus is None else str(bonus),
                           counts)
        return lib.set_visit_point(doc, edit.get("at"), bool(edit.get("visit")))
    if op == "visit_table":
        pp = edit.get("pp") if isinstance(edit.get("pp"), list) else []
        return lib.set_visit_them_all(doc, str(edit.get("name") or "")[:80],
                                      [_int_or_none(v, _("A Visit-Them-All PP")) for v in pp])
    if op == "printed":
        values = edit.get("values")
        if not isinstance(values, list):
            values = lib.parse_numbers(str(edit.get("text") or ""))
        return lib.set_printed(doc, edit.get("number"), str(edit.get("axis")), values)
    raise FormEditError(_("Unknown edit {op}.", op=repr(str(op)[:30])))


# ---------------------------------------------------------------- the engine's messages in the page's language

# Engine messages that never vary, marked so the catalogue holds them word for word.
ENGINE_MESSAGES = frozenset((
    N_("The draft has no usable size; start a new draft or import a board."),
    N_("The city name must be text."),
    N_("The draft's ratings are damaged (not an object)."),
    N_("The draft's visit_them_all is damaged."),
    N_("Place a Visit-Them-All point on the map first."),
    N_("The Visit-Them-All name is text and its PP a list of numbers."),
    N_("Printed coordinates are a list of numbers."),
    N_("This is not a board document."),
    N_("Name the city."),
    N_("No landmarks yet: tap a location to set one."),
    N_("Name the Visit-Them-All points."),
    N_("Enter the Visit-Them-All PP for 0, 1, 2, … points on the route."),
    N_("A board needs at least one player board."),
    N_("A landmark covers at least one location."),
    N_("Only yellow landmarks print their own PP; grey ones use a rating track."),
    N_("roads.remove must be a list of sections."),
))


def edit_error_text(exc: lib.EditError) -> str:
    """Say why an edit was refused, in the page's language."""
    message = str(exc)
    if isinstance(exc, FormEditError) or current_lang() == DEFAULT:
        return message
    if message in ENGINE_MESSAGES:
        return _(message)
    return _("This edit could not be applied to the draft.")


def problem_view(problem: Problem, doc: Any = None) -> dict:
    """A board problem as the pages and the editor's script show it: its JSON item and `text` for the reader."""
    return {**problem.to_json(), "text": board_problem_line(problem, doc)}


def board_problem_line(problem: Problem, doc: Any = None) -> str:
    """A board problem's message in the page's language, as precise as the engine's English allows."""
    if current_lang() == DEFAULT or problem.template:
        return board_problem_text(problem)
    if problem.message in ENGINE_MESSAGES:
        return _(problem.message)
    return _missing_text(problem, doc) or board_problem_text(problem)


def _where(item: Any) -> str:
    """Name a landmark item's locations ("column 2, row 3")."""
    locs = [loc for loc in lib.landmark_locations(item) if isinstance(loc, list) and len(loc) == 2]
    return join_list(_("column {c}, row {r}", c=c, r=r) for c, r in locs)


def _item(doc: Any, key: str, index: int) -> Any:
    """Return `doc[key][index]` of a draft that may hold anything, or None."""
    items = doc.get(key) if isinstance(doc, dict) else None
    return items[index] if isinstance(items, list) and 0 <= index < len(items) else None


def _missing_text(problem: Problem, doc: Any) -> str | None:
    """Rebuild a "still missing" item from the draft it points at (None when the path says too little)."""
    code, path = problem.code, problem.path
    if m := re.match(r"landmarks\[(\d+)\]", path):
        item = _item(doc, "landmarks", int(m[1]))
        templates = {"missing-landmark-name": N_("Name the grey landmark at {where}."),
                     "missing-pp": N_("Enter the printed PP of the yellow landmark at {where}.")}
        if code in templates and isinstance(item, dict):
            return _(templates[code], where=_where(item))
    if code == "missing-track" and path.startswith("ratings."):
        landmarks = doc.get("landmarks") if isinstance(doc, dict) and isinstance(doc.get("landmarks"), list) else []
        item = next((lm for lm in landmarks if isinstance(lm, dict) and f"ratings.{lm.get('id')}" == path), None)
        if item is not None:
            return _("Enter the rating track of the grey landmark at {where}.", where=_where(item))
    if code == "missing-printed" and (m := re.match(r"player_boards\[(\d+)\]\.(columns|rows)$", path)):
        pb = _item(doc, "player_boards", int(m[1]))
        try:
            cols, rows = lib.board_size(doc)
        except lib.EditError:
            return None
        if isinstance(pb, dict):
            note = printed_note(pb.get(m[2]), cols if m[2] == "columns" else rows)
            template = N_("Player board {number}, printed columns: {note}.") if m[2] == "columns" else \
                N_("Player board {number}, printed rows: {note}.")
            return _(template, number=pb.get("number"), note=note) if note else None
    if code == "missing-cafe-tourists" and (m := re.match(r"cafes\[(\d+)\]", path)):
        cafe = _item(doc, "cafes", int(m[1]))
        if isinstance(cafe, dict):
            return _("Enter the tourists of the new-tourists cafe at {at}.", at=cafe.get("at"))
    return None


def _numbers(values: list[int], one: str, many: str) -> str:
    """Say something about some numbers, in the singular or the plural ("4 appears twice")."""
    return _(one if len(values) == 1 else many, numbers=", ".join(map(str, values)))


def printed_note(values: Any, length: int) -> str | None:
    """Explain why one edge's printed coordinates are not each of 1..6 once (per 6-wide half); None if fine.

    The same checks as the engine's `printed_order_problem` (and the editor's script), in the page's language.
    """
    if not isinstance(values, list) or not values or all(v is None for v in values):
        return _("not entered yet")
    if len(values) != length:
        return _("{count} numbers instead of {length}", count=len(values), length=length)
    notes = []
    for start in range(0, length, 6):
        chunk = values[start:start + 6]
        wanted = range(1, len(chunk) + 1)
        if any(not (isinstance(v, int) and not isinstance(v, bool)) for v in chunk):
            notes.append(_("some numbers are missing"))
            continue
        twice = sorted({v for v in chunk if chunk.count(v) > 1})
        absent = [v for v in wanted if v not in chunk]
        outside = sorted({v for v in chunk if v not in wanted})
        if twice:
            notes.append(_numbers(twice, N_("{numbers} appears twice"), N_("{numbers} appear twice")))
        if outside:
            notes.append(_numbers(outside, N_("{numbers} is not 1–6"), N_("{numbers} are not 1–6")))
        if absent:
            notes.append(_numbers(absent, N_("{numbers} is missing"), N_("{numbers} are missing")))
    return _note_separator().join(notes) or None


def _note_separator() -> str:
    """Separate the notes about one edge as the page's language does."""
    return "、" if current_lang() == "ja" else "; "


def editor_strings() -> dict[str, str]:
    """The editor script's texts in the page's language (`{name}` placeholders are filled by the script)."""
    return {
        "saving": _("Saving…"),
        "saved_valid": _("Saved in the draft ✓ The board is valid."),
        "saved_left": _("Saved in the draft ✓ {n} problem(s) left."),
        "not_changed": _("Not changed: {message}"),
        "refused": _("The server refused the change ({status})."),
        "offline": _("Not changed: the server cannot be reached. Your draft is safe; try again."),
        "fix_first": _("Fix the problems listed above first"),
        "missing_none": _("Nothing — the board is complete."),
        "problems_none": _("None: the board is valid."),
        "problems_none_todo": _("No other problems."),
        "hint_locations": _("Tap a location to set its landmark."),
        "hint_points": _("Tap an intersection to place a cafe or a Visit-Them-All point."),
        "name_needed": _("(needed for an iconic landmark)"),
        "name_optional": _("(optional)"),
        "grey_track": _("A grey landmark needs its rating track, e.g. 4 6 8 10 12."),
        "grey_name": _("Name the grey landmark and enter its rating track."),
        "yellow_pp": _("A yellow landmark needs the PP printed on it."),
        "loc_title": _("Location: column {c}, row {r}"),
        "pt_title": _("Intersection {x}, {y}"),
        "cafe_tourists": _("Enter the tourists this cafe adds."),
        "pts": _("{n} pts"),
        "pp_for": _("PP for {n} points on the route"),
        "kept_copy": _("This phone kept a different copy of this draft ({when})."),
        "restore": _("Restore it"),
        "keep_server": _("Keep the server's"),
        "edge_ok": _("each of 1–6 once"),
        "note_sep": _note_separator(),
        "not_entered": _("not entered yet"),
        "count": _("{count} numbers instead of {length}"),
        "some_missing": _("some numbers are missing"),
        "twice_one": _("{numbers} appears twice"),
        "twice_many": _("{numbers} appear twice"),
        "outside_one": _("{numbers} is not 1–6"),
        "outside_many": _("{numbers} are not 1–6"),
        "absent_one": _("{numbers} is missing"),
        "absent_many": _("{numbers} are missing"),
    }
