"""Forms of the board pages: start a draft, import a board, and bare CSRF-protected actions."""

from __future__ import annotations

from flask_wtf import FlaskForm
from flask_wtf.file import FileField
from wtforms import SelectField, StringField, TextAreaField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import Length, Optional

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
