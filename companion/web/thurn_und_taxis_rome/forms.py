"""Forms of the Thurn und Taxis pages (Flask-WTF: a CSRF token on every POST).

Choice fields do not check their own choices (`validate_choice=False`): the views check every value
and say what is wrong in the page's language, next to the field. Numbers are read with
`small_int`, never `int()`.
"""

from __future__ import annotations

from flask_wtf import FlaskForm
from wtforms import BooleanField, HiddenField, SelectField, StringField, TextAreaField
from wtforms.fields.choices import SelectChoice

from ...games.thurn_und_taxis_rome.data import facts
from ..core.i18n import _

MAX_PLAYERS = 4
MAX_NAME = 40
MAX_ROUTE = 12  # city fields of the route form; the base map's routes are shorter


def options(pairs) -> list[SelectChoice]:
    """Turn (value, label) pairs into WTForms choices."""
    return [SelectChoice(str(value), label) for value, label in pairs]


class ActionForm(FlaskForm):
    """A button that changes the table: the CSRF token and the version the page showed."""

    version = HiddenField()


def showing(version) -> ActionForm:
    """A button form that carries `version` (also when the page answers a POST that sent an older one)."""
    form = ActionForm()
    form.version.data = str(version)
    return form


class NewTableForm(FlaskForm):
    """Start a table: 2–4 players, the modules, the board (or none) and, with 2 players, the carriages' cities."""

    name_0 = StringField(render_kw={"maxlength": MAX_NAME, "autocomplete": "off"})
    name_1 = StringField(render_kw={"maxlength": MAX_NAME, "autocomplete": "off"})
    name_2 = StringField(render_kw={"maxlength": MAX_NAME, "autocomplete": "off"})
    name_3 = StringField(render_kw={"maxlength": MAX_NAME, "autocomplete": "off"})
    colour_0 = SelectField(validate_choice=False, default="blue")
    colour_1 = SelectField(validate_choice=False, default="green")
    colour_2 = SelectField(validate_choice=False, default="red")
    colour_3 = SelectField(validate_choice=False, default="yellow")
    audience = BooleanField(default=True)
    offices = BooleanField(default=True)
    posts = BooleanField(default=True)  # track post offices, bonus tiles and the end (engine setup `posts`)
    board = SelectField(validate_choice=False, default="")
    start_baden = SelectField(validate_choice=False, default="")
    start_wurttemberg_hohenzollern = SelectField(validate_choice=False, default="")
    start_baiern = SelectField(validate_choice=False, default="")
    start_bohmen_salzburg = SelectField(validate_choice=False, default="")
    start_schweiz_tyrol = SelectField(validate_choice=False, default="")


def start_field(carriage_id: str) -> str:
    """The new-table form's field for a carriage's 2-player city."""
    return "start_" + carriage_id.replace("-", "_")


class BoardForm(FlaskForm):
    """Enter a Road-to-Rome board: a name and its roads (one per line), or a pasted JSON document."""

    name = StringField(render_kw={"maxlength": 80, "autocomplete": "off"})
    roads = TextAreaField(render_kw={"rows": 12, "autocapitalize": "words", "spellcheck": "false"})
    json_doc = TextAreaField(render_kw={"rows": 8, "spellcheck": "false"})
    start_baden = SelectField(validate_choice=False, default="")
    start_wurttemberg_hohenzollern = SelectField(validate_choice=False, default="")
    start_baiern = SelectField(validate_choice=False, default="")
    start_bohmen_salzburg = SelectField(validate_choice=False, default="")
    start_schweiz_tyrol = SelectField(validate_choice=False, default="")


class TileValueForm(FlaskForm):
    """The points printed on one rank's clergy tile (and the fifth tile's printed name)."""

    version = HiddenField()
    rank = HiddenField()
    points = StringField(render_kw={"inputmode": "numeric", "autocomplete": "off", "maxlength": 3})
    name = StringField(render_kw={"maxlength": 40, "autocomplete": "off"})


def two_player_choices() -> list[SelectChoice]:
    """The 2-player cities as choices, with "not given" first."""
    cities = sorted(set(facts().two_player_cities))
    return options([("", _("— choose —"))] + [(c, c) for c in cities])


def fill_starts(form, placement: dict | None = None) -> None:
    """Give a form's 2-player city fields their choices (and, on a GET, the remembered placement)."""
    for c in facts().carriage_ids:
        field = getattr(form, start_field(c))
        field.choices = two_player_choices()
        if placement and not field.data:
            field.data = placement.get(c, "")


def typed(text: str | None, longest: int) -> str:
    """A typed text, trimmed and cut to `longest` characters."""
    return (text or "").strip()[:longest]
