"""WTForms forms: start a table, save a sheet."""

from __future__ import annotations

import random

from flask_wtf import FlaskForm
from wtforms import BooleanField, FieldList, Form, FormField, HiddenField, SelectField, StringField, TextAreaField
from wtforms.fields.choices import SelectChoice

from ...games.explore_new_york.setup import MAX_PLAYERS, check_setup
from ...games.explore_new_york.tiles import shipped_tiles
from ..core.i18n import _, data_name, problem_text
from ..core.tables.names import duplicate_names

RANDOM = "random"


def choices(pairs) -> list[SelectChoice]:
    """Turn (value, label) pairs into WTForms choices."""
    return [SelectChoice(value, label) for value, label in pairs]


class PlayerEntry(Form):
    """One seat: a name (empty: nobody sits there) and a tile."""

    name = StringField(render_kw={"maxlength": 40, "autocomplete": "off"})
    tile = SelectField(choices=choices([(RANDOM, RANDOM)]))


class NewTableForm(FlaskForm):
    """Start a table: two to four players (clockwise), their tiles, markers."""

    players = FieldList(FormField(PlayerEntry), min_entries=MAX_PLAYERS, max_entries=MAX_PLAYERS)
    share_markers = BooleanField()
    deal_cards = BooleanField()  # no physical deck: the companion shuffles and reveals the cards
    first_chosen = BooleanField()  # the table chose its first player: player 1 (else the companion draws one)

    def setup(self, own: list | None = None) -> None:
        """Fill the tile choices in the page's language: random, the shipped tiles, then the table's own tiles."""
        tiles = [(RANDOM, _("Deal at random"))] + [(t.id, data_name(t.name)) for t in shipped_tiles().values()]
        tiles += [(t.id, _("{name} (your tile)", name=t.name)) for t in own or []]
        for entry in self.players:
            entry.form.tile.choices = choices(tiles)


def read_players(form: NewTableForm, known: set[str] | None = None) -> list[tuple[str, str]] | None:
    """The seats (name, tile) of a posted form, or None after marking each problem at its field."""
    seats = [(i, (e.form.name.data or "").strip(), e.form.tile.data) for i, e in enumerate(form.players)
             if (e.form.name.data or "").strip()]
    names = [name for _, name, _ in seats]
    wanted = [tile for _, _, tile in seats]
    ok = True
    for p in check_setup(names):
        if p.severity != "error":
            continue
        ok = False
        if p.path.startswith("players["):
            form.players[seats[int(p.path[len("players["):-1])][0]].form.name.errors.append(problem_text(p))
        else:
            form.players[0].form.name.errors.append(problem_text(p))
    for later, earlier in duplicate_names(names):  # "Ana" and " ANA " are one player (case and spaces ignored)
        ok = False
        field = form.players[seats[later][0]].form.name
        message = _("{name} is already at this table: give each player a different name.", name=names[earlier])
        if message not in field.errors:
            field.errors.append(message)
    return deal(names, wanted, known=known) if ok else None


def deal(names: list[str], wanted: list[str], rnd: random.Random | None = None,
         known: set[str] | None = None) -> list[tuple[str, str]]:
    """Give each player their chosen tile (shipped or `known` own tiles), and those who chose "random" a shipped
    tile nobody chose, if one is left."""
    rnd = rnd or random.SystemRandom()
    ids = list(shipped_tiles())
    chosen = set(ids) | (known or set())
    free = [t for t in ids if t not in wanted]
    rnd.shuffle(free)
    out = []
    for name, tile in zip(names, wanted, strict=True):
        if tile == RANDOM or tile not in chosen:
            tile = free.pop() if free else rnd.choice(ids)
        out.append((name, tile))
    return out


class ButtonForm(FlaskForm):
    """A button on the table page ("This is me", the host's "Move to another phone"): its CSRF token only."""


class SheetForm(FlaskForm):
    """A player's sheet as JSON (the map keeps it up to date) and the version it was based on."""

    sheet = TextAreaField()
    version = HiddenField()
