"""Forms of the board pages (start a draft, import a board, CSRF-protected actions) and the editor's edit messages."""

from __future__ import annotations

import re
from typing import Any

from flask_wtf import FlaskForm
from flask_wtf.file import FileField
from wtforms import SelectField, StringField, TextAreaField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import Length, Optional

from ...games.enroute import library as lib
from ...games.enroute.board import CAFE_BONUSES, COLOURS

NAME_MAX = 80
IMPORT_MAX = 1_000_000  # characters; a real board document is a few kilobytes


class NewDraftForm(FlaskForm):
    """Start a board: blank or as a copy of a shipped or saved board."""

    name = StringField("City name", validators=[Optional(), Length(max=NAME_MAX)])
    start = SelectField("Start from", choices=[SelectChoice("blank", "A blank 6×6 map")], default="blank")


class ImportForm(FlaskForm):
    """Import an `enroute-board/1` document from a file or pasted text."""

    file = FileField("Board file (.json)")
    text = TextAreaField("…or paste the JSON here", validators=[Optional(), Length(max=IMPORT_MAX)])


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
    raise lib.EditError(f"{what} must be a whole number, not {str(value)[:20]!r}.")


def _track(value: Any) -> list[int] | None:
    """Read a rating track typed as '4 6 8 10 12' (blank: None)."""
    if isinstance(value, list):
        return [_int_or_none(v, "A rating") for v in value] or None
    if not isinstance(value, str) or not value.strip():
        return None
    if re.search(r"[^\d\s,;/]", value):
        raise lib.EditError(f"Type the rating track as numbers like 4 6 8 10 12, not {value[:30]!r}.")
    return [int(v) for v in re.findall(r"\d+", value)] or None


def apply_edit(doc: Any, edit: dict) -> Any:
    """Apply one editor operation to a draft document through the engine's helpers."""
    op = edit.get("op")
    if op == "replace":  # undo, or a copy kept on the phone
        if not isinstance(edit.get("doc"), dict):
            raise lib.EditError("Only a board document (a JSON object) can replace the draft.")
        lib.board_size(edit["doc"])
        return edit["doc"]
    if op == "name":
        return lib.set_city_name(doc, edit.get("name", ""))
    if op == "location":
        kind = edit.get("kind") or None
        return lib.set_location(doc, edit.get("at"), kind, str(edit.get("name") or "")[:80],
                                _int_or_none(edit.get("pp"), "A yellow landmark's PP"), _track(edit.get("track")))
    if op == "intersection":
        bonus = edit.get("cafe") or None
        tourists = edit.get("tourists") if isinstance(edit.get("tourists"), dict) else {}
        counts = {c: _int_or_none(tourists.get(c), f"The {c} tourists") or 0 for c in COLOURS}
        doc = lib.set_cafe(doc, edit.get("at"), bonus if bonus in CAFE_BONUSES or bonus is None else str(bonus),
                           counts)
        return lib.set_visit_point(doc, edit.get("at"), bool(edit.get("visit")))
    if op == "visit_table":
        pp = edit.get("pp") if isinstance(edit.get("pp"), list) else []
        return lib.set_visit_them_all(doc, str(edit.get("name") or "")[:80],
                                      [_int_or_none(v, "A Visit-Them-All PP") for v in pp])
    if op == "printed":
        values = edit.get("values")
        if not isinstance(values, list):
            values = lib.parse_numbers(str(edit.get("text") or ""))
        return lib.set_printed(doc, edit.get("number"), str(edit.get("axis")), values)
    raise lib.EditError(f"Unknown edit {str(op)[:30]!r}.")
