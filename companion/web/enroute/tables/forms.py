"""WTForms forms of the table flow: start a table, edit a sheet, change the table's language.

Numbers are read from text inputs by the form itself (not `IntegerField`) so
every message comes from `i18n` in the table's language.
"""

from __future__ import annotations

import random
from pathlib import Path

from flask_wtf import FlaskForm
from flask_wtf.file import FileField
from wtforms import (
    FieldList,
    Form,
    FormField,
    HiddenField,
    RadioField,
    SelectField,
    SelectMultipleField,
    StringField,
    TextAreaField,
)
from wtforms.fields.choices import SelectChoice
from wtforms.widgets import CheckboxInput, ListWidget

from ....games.core.problems import Problem
from ....games.enroute.board import Board
from ....games.enroute.cityrules import rules_for
from ....games.enroute.game_format import ZONE_METRICS
from ....games.enroute.goals import METRICS, goal_to_json, parse_goals
from ....games.enroute.rows import GOAL_DECKS, LEVELS, scoring_rows
from ....games.enroute.setup import goal_catalogue
from ...core.i18n import LANGUAGES, _, data_name, problem_text
from ...core.tables.names import duplicate_names
from ..labels import label

PLAYER_COLOURS = ("red", "blue", "green", "yellow", "purple", "orange", "black", "white")
MAX_PLAYERS = 4
_GOAL_NUMBERS = ("threshold", "winner_pp", "achiever_pp")
_GOAL_KEYS = ("deck", "name", "metric", "sign", "threshold", "winner_pp", "achiever_pp")


def choices(pairs) -> list[SelectChoice]:
    """Turn (value, label) pairs into WTForms choices."""
    return [SelectChoice(value, label) for value, label in pairs]


def rating_tracks(board: Board) -> list[tuple[str, str]]:
    """Return the count tracks a table sets on the round board: (track id, label).

    A version 1 board rates each grey landmark by its own id. A version 2 board's track may be shared by a
    group of landmarks (Hong Kong's historic and modern ones) or rate a street (Rio's carnival): its label
    names every landmark and street scoring by it.
    """
    if board.version == 1:
        return [(lm.id, lm.name) for lm in board.iconic()]
    tracks = []
    for key, _track in board.ratings:
        names = [lm.name for lm in board.landmarks if lm.track == key]
        names += [f.name or f.id for f in board.features if f.param("rating") == key]
        tracks.append((key, ", ".join(names) or key))
    return tracks


def tour_areas(board: Board) -> list[tuple[str, list[tuple[str, str]]]]:
    """Return Paris's bonus-area colours with their thematic tours: (colour, [(tour id, name)]), in board order."""
    areas: dict[str, list[tuple[str, str]]] = {}
    for tour in board.features_of("tour"):
        areas.setdefault(tour.param("colour"), []).append((tour.id, tour.name or tour.id))
    return list(areas.items())


def coordinate_tracks(board: Board) -> list[tuple[str, str, tuple[int, ...]]]:
    """Return the coordinate tracks a table marks (Rio's statue): (track id, label, spaces)."""
    out = []
    for key, track in board.coordinate_tracks:
        names = [lm.name for lm in board.landmarks if lm.track == key]
        out.append((key, ", ".join(names) or key, track.spaces))
    return out


def load_catalogue(path: Path | None = None, board: Board | None = None) -> list[dict]:
    """Return the goal cards a table can pick as game-document cards, each with its catalogue `id`: the engine's
    example cards (a missing or broken file means none), and for a city board its special cards added or in their
    place (`CityRules.goal_pile`, as the on-screen setup deals them)."""
    try:
        pairs = goal_catalogue(path)
    except (OSError, ValueError, KeyError, TypeError):
        pairs = ()
    if board is not None:  # Rio's special card lies on the card it covers: the table meets it in that card's place
        rules = rules_for(board)
        pairs = [(card_id, rules.covered(card_id) or card) for card_id, card in rules.goal_cards(pairs)]
    return [dict(goal_to_json(card), id=card_id) for card_id, card in pairs]


class PlayerEntry(Form):
    """One seat: name (empty = nobody), colour and player board."""

    name = StringField(render_kw={"maxlength": 40, "autocomplete": "off"})
    colour = SelectField(choices=choices([(c, c) for c in PLAYER_COLOURS]))
    player_board = SelectField(choices=choices([("random", "random")]))


class GoalEntry(Form):
    """One goal deck's card: none, one from the catalogue, or described by the table."""

    choice = SelectField(choices=choices([("none", "none")]), default="none")
    name = StringField(render_kw={"maxlength": 60})
    metric = SelectField(choices=choices([(m, m) for m in METRICS]), default="route_length")
    sign = SelectField(choices=choices([("+", "+"), ("−", "−")]), default="+")
    threshold = StringField(render_kw={"inputmode": "numeric"})
    winner_pp = StringField(render_kw={"inputmode": "numeric"})
    achiever_pp = StringField(render_kw={"inputmode": "numeric"})
    zone = SelectField(choices=choices([("", "")]), default="")  # a zone metric's zone (New York), on boards with zones


class NewTableForm(FlaskForm):
    """Start a table: language, city, level, players, iconic ratings and goal cards."""

    lang = SelectField(choices=choices([(code, name) for code, name in LANGUAGES.items()]))
    board = SelectField(choices=choices([]))
    level = SelectField(choices=choices([(lv, lv) for lv in LEVELS]), default="full")
    players = FieldList(FormField(PlayerEntry), min_entries=MAX_PLAYERS, max_entries=MAX_PLAYERS)
    goals = FieldList(FormField(GoalEntry), min_entries=len(GOAL_DECKS), max_entries=len(GOAL_DECKS))

    def setup(self, boards: list[Board], board: Board, catalogue: list[dict], lang: str) -> None:
        """Fill the choices that depend on the city, the catalogue and the language."""
        self.the_board, self.catalogue, self.ui_lang = board, catalogue, lang
        self.board.choices = choices([(b.id, data_name(b.name)) for b in boards])
        self.level.choices = choices([(lv, label(f"level_{lv}")) for lv in LEVELS])
        numbers = [(str(pb.number), str(pb.number)) for pb in board.player_boards]
        for entry in self.players:
            entry.form.colour.choices = choices([(c, label(f"colour_{c}")) for c in PLAYER_COLOURS])
            entry.form.player_board.choices = choices([("random", _("Random")), *numbers])
        # A city without goal rows (Paris) plays no goal cards: the form asks for none.
        self.plays_goals = any(row.type == "goal" for row in scoring_rows(board))
        # Zone metrics only where the board has zones to name (New York's theatre district, Grand Central).
        self.zones = [(f.id, f.name or f.id) for f in board.features_of("zone")]
        metrics = [m for m in METRICS if self.zones or m not in ZONE_METRICS]
        for deck, entry in zip(GOAL_DECKS, self.goals):
            sub = entry.form
            sub.choice.choices = choices([("none", _("No card")),
                                           *[(f"cat-{c['id']}", f"{c['name']} ({c['sign']}{c['threshold']})")
                                             for c in catalogue if c["deck"] == deck],
                                           ("describe", _("Describe a card…"))])
            sub.metric.choices = choices([(m, label(f"metric_{m}")) for m in metrics])
            sub.zone.choices = choices([("", _("No zone")), *self.zones])
            # Fields the page does not show (no goal cards in this city, no zones on this board) are not read, so
            # whatever a hand-made post puts there is no error nobody could see.
            for unread in ([sub.choice, sub.metric, sub.sign, sub.zone] if not self.plays_goals
                           else [sub.zone] if not self.zones else []):
                unread.validate_choice = False
        self.tracks = rating_tracks(board)
        for i, (key, _label) in enumerate(self.tracks):
            track = board.rating_track(key) or (0,)
            field = getattr(self, f"rating_{i}", None)
            if field is not None:
                field.choices = choices([(str(n), f"{n} → {pp} PP") for n, pp in enumerate(track)])
        self.tour_areas = tour_areas(board)
        for colour, tours in self.tour_areas:
            getattr(self, f"tour_{colour}").choices = choices(tours)
        self.coordinates = coordinate_tracks(board)
        for i, (_key, _label, spaces) in enumerate(self.coordinates):
            field = getattr(self, f"marks_{i}", None)
            if field is not None:
                field.choices = choices([(str(n), str(n)) for n in spaces])

    def validate(self, extra_validators=None) -> bool:
        """Check the fields, then the table rules; keep the result in `self.result`."""
        ok = super().validate(extra_validators)
        lang = self.ui_lang
        _translate_choice_errors(self, lang)
        self.result = None
        players = self._check_players(lang)
        ratings: dict = {key: _number(getattr(self, f"rating_{i}").data) for i, (key, _l) in enumerate(self.tracks)}
        for i, (key, _label, spaces) in enumerate(self.coordinates):
            # The table's coordinate marks sit beside its counts, as lists: `scoresheet.game_doc` splits them
            # into the game document's `marks`. A space is one of the track's (the field names a bad one).
            field = getattr(self, f"marks_{i}")
            ratings[key] = sorted({int(v) for v in field.data or () if v.isdigit() and int(v) in spaces})
        for colour, tours in self.tour_areas:
            # Paris: the revealed tour per bonus area sits beside the ratings as text ("tour:<colour>");
            # `scoresheet.game_doc` moves it to the game document's `tours`.
            value = getattr(self, f"tour_{colour}").data
            if value in {tid for tid, _name in tours}:
                ratings[f"tour:{colour}"] = value
        goals = self._check_goals(lang) if self.level.data == "full" else []
        if not ok or players is None or goals is None:
            return False
        self.result = {"players": players, "ratings": ratings, "goals": goals}
        return True

    def _check_players(self, lang: str) -> list[dict] | None:
        """Check names, colours and player boards; deal random boards; None on any error."""
        seats = [e.form for e in self.players if (e.form.name.data or "").strip()]
        ok = True
        if not seats:
            self.players[0].form.name.errors = [_("Enter at least one player's name.")]
            return None
        names = [sub.name.data.strip() for sub in seats]
        repeats = dict(duplicate_names(names))  # case and spacing do not tell two players apart (core names)
        colours: set[str] = set()
        chosen: list[int] = []
        for k, sub in enumerate(seats):
            if len(names[k]) > 40:
                sub.name.errors = [_("At most 40 characters.")]
                ok = False
            elif k in repeats:
                sub.name.errors = [_("{name} is already a player.", name=names[repeats[k]])]
                ok = False
            if sub.colour.data in colours:
                sub.colour.errors = [_("Another player has this colour.")]
                ok = False
            colours.add(sub.colour.data)
            if sub.player_board.errors or sub.colour.errors:
                ok = False
            elif sub.player_board.data != "random":
                number = int(sub.player_board.data)
                if number in chosen:
                    sub.player_board.errors = [_("Player board {n} is taken twice.", n=number)]
                    ok = False
                chosen.append(number)
        free = [pb.number for pb in self.the_board.player_boards if pb.number not in chosen]
        random.SystemRandom().shuffle(free)
        wanted = sum(1 for sub in seats if sub.player_board.data == "random")
        if wanted > len(free):
            seats[-1].player_board.errors = [_("Not enough player boards left to deal.")]
            ok = False
        if not ok:
            return None
        result = []
        for sub in seats:
            number = free.pop() if sub.player_board.data == "random" else int(sub.player_board.data)
            result.append({"name": sub.name.data.strip(), "colour": sub.colour.data, "player_board": number})
        return result

    def _check_goals(self, lang: str) -> list[dict] | None:
        """Build the goal cards and let the engine check them; None on any error."""
        cards: list[dict] = []
        slots: list[GoalEntry] = []
        ok = True
        if not self.plays_goals:
            return cards
        for deck, entry in zip(GOAL_DECKS, self.goals):
            sub = entry.form
            if sub.choice.errors:  # not one of the offered choices: already named on the field
                ok = False
                continue
            if (sub.choice.data or "none") == "none":
                continue
            if sub.choice.data.startswith("cat-"):  # one of the offered choices: its card is in the catalogue
                card = next(({k: v for k, v in c.items() if k != "id"} for c in self.catalogue
                             if f"cat-{c['id']}" == sub.choice.data), None)
                if card is None:
                    sub.choice.errors = [_("That value is not one of the choices.")]
                    ok = False
                    continue
            else:
                card = {"deck": deck, "name": (sub.name.data or "").strip() or _("Goal {deck}", deck=deck),
                        "metric": sub.metric.data, "sign": sub.sign.data}
                if sub.metric.data in ZONE_METRICS and sub.zone.data:
                    card["zone"] = sub.zone.data
                for key in _GOAL_NUMBERS:
                    raw = (getattr(sub, key).data or "").strip()
                    if not raw.isdigit():
                        getattr(sub, key).errors = [_("Enter a whole number.")]
                        ok = False
                    card[key] = int(raw) if raw.isdigit() else 0
            card["deck"] = deck
            cards.append(card)
            slots.append(sub)
        problems: list[Problem] = []
        parse_goals(cards, "goals", problems)
        for problem in problems:
            index, _sep, key = problem.path.partition("].")
            slot = slots[int(index[len("goals["):])] if index.startswith("goals[") else None
            field = getattr(slot, key, None) if slot is not None else None
            target = field if field is not None else (slot.choice if slot is not None else self.level)
            # The form only sends a zone with a zone metric, so here the zone is missing: say so in the form's words.
            text = _("Choose the zone this card counts.") if problem.code == "zone-goal" else problem_text(problem)
            target.errors = [*list(target.errors), text]
            ok = False
        return cards if ok else None


def _number(value) -> int:
    """Read a choice's number (0 when it is not one; the field names the error)."""
    return int(value) if isinstance(value, str) and value.isdigit() else 0


def _translate_choice_errors(form, lang: str) -> None:
    """Replace WTForms' English "not a valid choice" messages with the table's language."""
    for field in form:
        if isinstance(field, (FieldList, FormField)):
            for sub in (field if isinstance(field, FieldList) else [field]):
                _translate_choice_errors(sub.form if isinstance(sub, FormField) else sub, lang)
        elif isinstance(field, SelectField) and isinstance(field.errors, list) and field.errors:
            wrong = _("That value is not one of the choices.")
            field.errors = [wrong if "choice" in e.lower() else e for e in field.errors]


def table_form(boards: list[Board], board: Board, catalogue: list[dict], lang: str) -> NewTableForm:
    """Build the start-a-table form with one rating field per iconic landmark of the city."""

    class Form_(NewTableForm):
        """This city's start-a-table form."""

    for i, _track in enumerate(rating_tracks(board)):
        setattr(Form_, f"rating_{i}", SelectField(choices=choices([("0", "0")]), default="0"))
    for colour, tours in tour_areas(board):
        setattr(Form_, f"tour_{colour}", SelectField(choices=choices(tours), default=tours[0][0]))
    for i, _track in enumerate(coordinate_tracks(board)):
        setattr(Form_, f"marks_{i}", SelectMultipleField(choices=choices([]), default=(),
                                                         widget=ListWidget(prefix_label=False),
                                                         option_widget=CheckboxInput()))
    form = Form_()
    form.setup(boards, board, catalogue, lang)
    return form


class SheetForm(FlaskForm):
    """One player's sheet: the draft as JSON (kept in sync by the page script) plus its version."""

    sheet = TextAreaField()
    version = HiddenField()
    # No choice validation: a bad value is ignored (the draft keeps its own), never a lost save.
    route_mode = RadioField(choices=choices([("best", "best"), ("own", "own")]), default="best",
                            validate_choice=False)
    player_board = SelectField(choices=choices([]), validate_choice=False)
    import_text = TextAreaField()
    import_file = FileField()
    goal_value_A = StringField(render_kw={"inputmode": "numeric"})
    goal_value_B = StringField(render_kw={"inputmode": "numeric"})
    goal_value_C = StringField(render_kw={"inputmode": "numeric"})


class LanguageForm(FlaskForm):
    """Change the table's language."""

    lang = SelectField(choices=choices([(code, name) for code, name in LANGUAGES.items()]))
