"""Forms of the Ticket to Ride: Europe pages: start a table, claim a seat, save an entry (CSRF on each).

An entry's own fields (routes, stations, tickets, score track) are many and
change with the variant, so `entries.read_entry_form` reads them from the
posted form; the FlaskForm here carries the CSRF token and the version the
page showed.
"""

from __future__ import annotations

from flask_wtf import FlaskForm
from wtforms import FieldList, Form, FormField, HiddenField, SelectField, StringField
from wtforms.fields.choices import SelectChoice

from ..core.i18n import _
from ..core.tables.names import clean_name, duplicate_names
from .labels import PLAYER_COLOURS, VARIANTS, label

MAX_PLAYERS, MIN_PLAYERS = 5, 2
MAX_NAME = 40


def choices(pairs) -> list[SelectChoice]:
    """Turn (value, label) pairs into WTForms choices."""
    return [SelectChoice(value, text) for value, text in pairs]


class PlayerEntry(Form):
    """One seat of the start form: a name (empty = nobody sits there) and a train colour."""

    name = StringField(render_kw={"maxlength": MAX_NAME, "autocomplete": "off"})
    colour = SelectField(choices=choices([(c, c) for c in PLAYER_COLOURS]))


class NewTableForm(FlaskForm):
    """Start a table: the variant and 2 to 5 players with different names and colours."""

    variant = SelectField(choices=choices([(v, v) for v in VARIANTS]), default="base")
    players = FieldList(FormField(PlayerEntry), min_entries=MAX_PLAYERS, max_entries=MAX_PLAYERS)

    def localise(self) -> None:
        """Show the choices in the page's language."""
        self.variant.choices = choices([(v, label(f"variant_{v}")) for v in VARIANTS])
        for entry in self.players:
            entry.form.colour.choices = choices([(c, label(f"colour_{c}")) for c in PLAYER_COLOURS])

    def validate(self, extra_validators=None) -> bool:
        """Check the fields, then the table: 2–5 named players, no name or colour twice."""
        ok = super().validate(extra_validators)
        named = [(k, e.form) for k, e in enumerate(self.players) if (e.form.name.data or "").strip()]
        seats = [sub for _k, sub in named]
        if len(seats) < MIN_PLAYERS:
            target = self.players[len(seats)].form if len(seats) < MAX_PLAYERS else self.players[0].form
            target.name.errors = [*target.name.errors, _("Ticket to Ride: Europe needs 2 to 5 players: enter at "
                                                         "least two names.")]
            ok = False
        colours: set[str] = set()
        for later, earlier in duplicate_names([sub.name.data for sub in seats]):  # case and spaces do not count
            sub = seats[later]
            sub.name.errors = [*sub.name.errors, _("Player {n} is already called {name}; give each player a "
                                                   "different name.", n=named[earlier][0] + 1,
                                                   name=clean_name(seats[earlier].name.data))]
            ok = False
        for sub in seats:
            if len(sub.name.data.strip()) > MAX_NAME:
                sub.name.errors = [*sub.name.errors, _("A name has at most 40 characters.")]
                ok = False
            if sub.colour.data in colours:
                sub.colour.errors = [*sub.colour.errors, _("Another player already plays {colour}.",
                                                           colour=label(f"colour_{sub.colour.data}"))]
                ok = False
            colours.add(sub.colour.data)
        return ok

    def players_chosen(self) -> list[tuple[str, str]]:
        """The named seats in order: (name, colour)."""
        return [(clean_name(e.form.name.data), e.form.colour.data) for e in self.players
                if (e.form.name.data or "").strip()]


class ActionForm(FlaskForm):
    """A button that changes something (claim a seat): only its CSRF token."""


class EntryForm(FlaskForm):
    """The entry page's form: its CSRF token and the version of the entry the page showed."""

    version = HiddenField()
