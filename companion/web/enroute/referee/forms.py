"""WTForms forms of the refereed game: setup steps, round cards, start-round picks and a player's turn.

Choice fields that depend on the game (iconic landmarks, locations, free
roads, bonus sources) are added by small factory functions. Reading a form
into engine objects (`read_card`, `read_turn`) never raises: what cannot be
read becomes a field error and the entered values stay on the page.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from flask_wtf import FlaskForm
from wtforms import BooleanField, HiddenField, RadioField, SelectField, SelectMultipleField, StringField
from wtforms.fields.choices import SelectChoice

from ....games.enroute import referee as ref
from ....games.enroute.board import Board
from ....games.enroute.cards import RoundCard
from ....games.enroute.geometry import Location, Point, Section
from ...core.i18n import _, data_name, lazy
from .. import cities
from ..labels import label

MODES = (("normal", lazy("Normal game (1–4 players)")), ("solo", lazy("Solo game")),
         ("team", lazy("Team game (2 vs 2)")))
LEVEL_TEXT = {"simplified": lazy("Simplified — no goal cards, no personal goals, no cafes"),
              "intermediate": lazy("Intermediate — personal goals and cafes, no goal cards"),
              "full": lazy("Full — everything, goal cards included")}
RATING_TEXT = {"standard": lazy("Standard — the round cards only upgrade iconic landmarks"),
               "advanced": lazy("Advanced — purple-corner boxes marked at start; the active player upgrades or "
                                "downgrades")}
MAX_TOURISTS = 6
NONE = ""


def options(pairs) -> list[SelectChoice]:
    """Turn (value, label) pairs into WTForms choices (tuples are deprecated in WTForms 3.3)."""
    return [SelectChoice(str(value), label) for value, label in pairs]


class ActionForm(FlaskForm):
    """A button that changes the game: only the CSRF token and the version the page showed."""

    version = HiddenField()


class ModeForm(FlaskForm):
    """Step 1: city, normal/solo/team game, and whether the companion referees each turn."""

    board = SelectField(lazy("City"), choices=options([]))
    mode = RadioField(lazy("Game"), choices=options(MODES), default="normal")
    referee = BooleanField(lazy("Turn-by-turn referee: each player enters their turn on their phone"), default=True)
    version = HiddenField()


class LevelForm(FlaskForm):
    """Step 2: the first-city level."""

    level = RadioField(lazy("Level"), choices=options(list(LEVEL_TEXT.items())), default="full")
    version = HiddenField()


class RatingForm(FlaskForm):
    """Step 3: standard or advanced rating mode."""

    rating_mode = RadioField(lazy("Rating mode"), choices=options(list(RATING_TEXT.items())), default="standard")
    version = HiddenField()


class PlayersForm(FlaskForm):
    """Step 4: players' names in seating order (clockwise)."""

    name_0 = StringField(render_kw={"maxlength": 40, "autocomplete": "off"})
    name_1 = StringField(render_kw={"maxlength": 40, "autocomplete": "off"})
    name_2 = StringField(render_kw={"maxlength": 40, "autocomplete": "off"})
    name_3 = StringField(render_kw={"maxlength": 40, "autocomplete": "off"})
    version = HiddenField()

    def names(self) -> list[str]:
        """Return the entered names, blanks skipped."""
        return [(getattr(self, f"name_{i}").data or "").strip() for i in range(4)
                if (getattr(self, f"name_{i}").data or "").strip()]


def goals_form(catalogue: list[tuple[str, object]]):
    """Build the goal-card step: the companion's draw, or per deck the card the table drew."""

    class GoalsForm(FlaskForm):
        """Shared goal cards A, B, C."""

        source = RadioField(_("Goal cards"),
                            choices=options([("draw", _("Let the companion shuffle and reveal A, B and C")),
                                             ("table", _("We drew our own cards: record them"))]), default="draw")
        version = HiddenField()

    for deck in "ABC":
        choices = [(cid, f"{card.name} ({card.sign}{card.threshold}: {card.winner_pp}/{card.achiever_pp} PP)")
                   for cid, card in catalogue if card.deck == deck]
        setattr(GoalsForm, f"deck_{deck}", SelectField(_("Goal {deck}", deck=deck),
                                                       choices=options([(NONE, _("no card")), *choices]),
                                                       validate_choice=False))
    return GoalsForm()


def seats_form(names: list[str], field_choices: list[tuple[str, str]], template: str, fields: int = 1):
    """Build a form with `fields` select fields per player (player boards, balance cards).

    `template` is the field label's source text, with `{name}` and (several fields) `{k}`.
    """

    class SeatsForm(FlaskForm):
        """One choice per player."""

        version = HiddenField()

    for i, name in enumerate(names):
        for k in range(fields):
            text = _(template, name=name, k=k + 1)
            setattr(SeatsForm, f"seat_{i}_{k}", SelectField(text, choices=options(field_choices),
                                                            validate_choice=False))
    return SeatsForm()


class ChallengeForm(FlaskForm):
    """Solo: the challenge-table cell ("row-column")."""

    cell = RadioField(lazy("Challenge"), choices=[], validate_choice=False)
    version = HiddenField()


class FirstForm(FlaskForm):
    """The first active player."""

    first = SelectField(lazy("First active player"), choices=[], validate_choice=False)
    version = HiddenField()


class KeepForm(FlaskForm):
    """A seat keeps one of its two personal goal cards."""

    keep = RadioField(lazy("Keep"), choices=options([("0", lazy("first card")), ("1", lazy("second card"))]),
                      validate_choice=False)


# ---- round cards -------------------------------------------------------------------------------

def add_card_fields(cls, prefix: str, board: Board, colours: tuple[str, ...], advanced: bool,
                    tracks: list[tuple[str, str]] | None = None) -> None:
    """Add one round card's fields: coordinate, repeat, tourists per colour, one symbol field per rating track.

    A track's field says whether the card shows its symbol ("up", in advanced mode also down/stay) or shows it
    as one side of an "OR" choice ("or"); `<prefix>_choice` is the side the chooser takes (and, in advanced
    mode, `<prefix>_choice_move` its move). A city adds its own card fields (`cities.register_card_field`).
    """
    tracks = tracks if tracks is not None else [(lm.id, data_name(lm.name)) for lm in board.iconic()]
    coordinates = [(NONE, "–")] + [(str(n), str(n)) for n in range(1, 7)]
    setattr(cls, f"{prefix}_coord", SelectField(_("Coordinate"), choices=options(coordinates), validate_choice=False))
    setattr(cls, f"{prefix}_repeat", BooleanField(_("Repeat card")))
    for colour in colours:
        counts = [(str(n), str(n)) for n in range(MAX_TOURISTS + 1)]
        setattr(cls, f"{prefix}_{colour}", SelectField(label(f"colour_{colour}"), choices=options(counts),
                                                       validate_choice=False))
    moves = [(NONE, _("no symbol")), ("up", _("symbol: upgrade"))]
    if advanced:
        moves += [("down", _("symbol: downgrade")), ("stay", _("symbol: leave (track at top or bottom)"))]
    city = board.version == 2 and len(tracks) > 1
    if city:  # world cities: a symbol may be one side of an "OR" choice card
        moves.append(("or", _("one side of an OR choice")))
    for track_id, name in tracks:
        setattr(cls, f"{prefix}_icon_{track_id}", SelectField(name, choices=options(moves), validate_choice=False))
    if city:
        setattr(cls, f"{prefix}_choice", SelectField(_("OR choice: the side chosen"),
                                                     choices=options([(NONE, _("no choice card")), *tracks]),
                                                     validate_choice=False))
        if advanced:
            setattr(cls, f"{prefix}_choice_move", SelectField(_("Move of the chosen side"),
                                                              choices=options(moves[1:4]), validate_choice=False))
    for city_field in cities.card_fields():
        city_field.add(cls, prefix, board)


def cards_form(board: Board, colours: tuple[str, ...], prefixes: list[str], advanced: bool,
               slots: list[tuple[str, str]] | None = None, tracks: list[tuple[str, str]] | None = None,
               extra=None):
    """Build the round-card form: one group of fields per card prefix (and the solo sequence slot).

    `extra(cls)` adds a city's own fields (Paris: the city card's route colours) before the form is made.
    """

    class CardsForm(FlaskForm):
        """The round cards the table revealed."""

        version = HiddenField()

    for prefix in prefixes:
        add_card_fields(CardsForm, prefix, board, colours, advanced, tracks)
    if slots is not None:
        CardsForm.slot = RadioField(_("Sequence card"), choices=options(slots), validate_choice=False)
    if extra is not None:
        extra(CardsForm)
    return CardsForm()


@dataclass
class ReadCard:
    """One round card read from the form: the card, its symbols' moves in order, the "OR" choice and its move."""

    card: RoundCard | None
    moves: list[str] = field(default_factory=list)
    choice: int | None = None
    choice_move: str | None = None


def read_card(form, prefix: str, board: Board, colours: tuple[str, ...], title: str,
              errors: list[str], tracks: list[tuple[str, str]] | None = None) -> ReadCard:
    """Read one card (its symbols' moves in order, its "OR" choice) from the form; problems go to `errors`."""
    tracks = tracks if tracks is not None else [(lm.id, data_name(lm.name)) for lm in board.iconic()]
    coord = form[f"{prefix}_coord"].data or ""
    repeat = bool(form[f"{prefix}_repeat"].data)
    tourists = []
    for colour in colours:
        raw = form[f"{prefix}_{colour}"].data or "0"
        n = int(raw) if raw.isdigit() and int(raw) <= MAX_TOURISTS else 0
        if n:
            tourists.append((colour, n))
    symbols, moves, sides = [], [], []
    for track_id, _name in tracks:
        move = form[f"{prefix}_icon_{track_id}"].data or NONE
        if move in ("up", "down", "stay"):
            symbols.append(track_id)
            moves.append(move)
        elif move == "or" and f"{prefix}_choice" in form:
            sides.append(track_id)
    city_fields = [(f, f.read(form, prefix, board)) for f in cities.card_fields()]
    values = {k: v for _f, read in city_fields for k, v in read.items()}
    ok = True
    if not coord.isdigit() or not 1 <= int(coord) <= 6:
        form[f"{prefix}_coord"].errors = [_("Choose the card's coordinate (1 to 6).")]
        errors.append(_("{card}: choose its coordinate (1 to 6).", card=title))
        ok = False
    if repeat and (tourists or symbols or sides or any(values.values())):
        form[f"{prefix}_repeat"].errors = [_("A repeat card shows no tourists and no iconic symbol.")]
        errors.append(_("{card}: a repeat card shows no tourists and no iconic symbol; untick Repeat or clear them.",
                        card=title))
        ok = False
    if not repeat and not tourists:
        form[f"{prefix}_repeat"].errors = [_("Enter the card's tourists, or tick Repeat.")]
        errors.append(_("{card}: enter the tourists it shows, or tick Repeat for a repeat card.", card=title))
        ok = False
    for city_field, read in city_fields:
        ok = city_field.check(form, prefix, board, title, read, errors) and ok
    choice = None
    if len(sides) == 1:
        form[f"{prefix}_icon_{sides[0]}"].errors = [_("An OR choice shows at least two sides.")]
        errors.append(_("{card}: an OR choice card shows at least two symbols; mark each side as “one side of an OR "
                        "choice”.", card=title))
        ok = False
    elif sides:
        picked = form[f"{prefix}_choice"].data or NONE
        if picked and picked not in sides:
            form[f"{prefix}_choice"].errors = [_("Choose one of the card's OR sides.")]
            errors.append(_("{card}: the chosen side must be one of the card's OR symbols.", card=title))
            ok = False
        elif picked:
            choice = sides.index(picked)
    if not ok:
        return ReadCard(None)
    move = form[f"{prefix}_choice_move"].data if f"{prefix}_choice_move" in form else None
    card = RoundCard(f"{prefix}-{coord}", int(coord), tuple(tourists), tuple(symbols), repeat,
                     tuple((t,) for t in sides), **values)
    return ReadCard(card, moves, choice, move if move in ("up", "down", "stay") else "up")


# ---- a player's turn ---------------------------------------------------------------------------

def sec_value(sec: Section) -> str:
    """Encode a section as "x1,y1,x2,y2" (the map's data-sec)."""
    return f"{sec[0][0]},{sec[0][1]},{sec[1][0]},{sec[1][1]}"


def parse_sec(text: str) -> Section | None:
    """Decode "x1,y1,x2,y2", or None."""
    parts = (text or "").split(",")
    if len(parts) != 4 or not all(p.strip().lstrip("-").isdigit() for p in parts):
        return None
    v = [int(p) for p in parts]
    a, b = (v[0], v[1]), (v[2], v[3])
    return (a, b) if a <= b else (b, a)


def parse_pair(text: str) -> tuple[int, int] | None:
    """Decode "c,r", or None."""
    parts = (text or "").split(",")
    if len(parts) != 2 or not all(p.strip().isdigit() for p in parts):
        return None
    return (int(parts[0]), int(parts[1]))


def source_value(source) -> str:
    """Encode a bonus source for a form."""
    return "balance" if source == ref.BALANCE else f"{source[0]},{source[1]}"


def turn_form(locations: list[tuple[str, str]], roads: list[tuple[str, str]], colours: list[tuple[str, str]],
              coordinate_sources: list[tuple[str, str]], section_sources: list[tuple[str, str]],
              tourist_cafes: list[tuple[str, str]], waterfront: list[tuple[str, str]] | None = None,
              sections: int = 2, card_cafes: list[tuple[str, str]] | None = None, extra=None):
    """Build a player's turn form for what this player can use now (`sections`: the city's segment length;
    `card_cafes`: New York's cafes whose bonus is the round's cafe card, one of which the player may name;
    `extra(cls)`: a city's own fields, e.g. Paris's section colours and round bonuses)."""

    class TurnForm(FlaskForm):
        """Location, segment, tourist type, bonuses."""

        version = HiddenField()
        location = SelectField(_("Location (your printed coordinates)"),
                               choices=options([(NONE, _("choose…")), *locations]), validate_choice=False)
        section_1 = SelectField(_("Section 1"), choices=options([(NONE, "–"), *roads]), validate_choice=False)
        section_2 = SelectField(_("Section 2 (leave empty for one section anywhere)"),
                                choices=options([(NONE, _("none: one section anywhere")), *roads]),
                                validate_choice=False)
        colour = SelectField(_("Tourist type"), choices=options([(NONE, "–"), *colours]), validate_choice=False)
        decline = SelectMultipleField(_("Leave unused (keep the 2 PP)"), choices=options(tourist_cafes),
                                      validate_choice=False)

    change_moves = [(NONE, _("not used")), ("0,1", _("first card +1")), ("0,-1", _("first card −1")),
                    ("1,1", _("second card +1")), ("1,-1", _("second card −1"))]
    for k in range(3, sections + 1):  # New York: three sections next to the location
        setattr(TurnForm, f"section_{k}", SelectField(_("Section {n}", n=k), choices=options([(NONE, "–"), *roads]),
                                                      validate_choice=False))
    if card_cafes:  # New York: at most one card cafe per round; the player names it when the turn reaches several
        TurnForm.cafe = SelectField(_("Cafe you visit this round (when your sections reach several)"),
                                    choices=options([(NONE, _("the first one reached")), *card_cafes]),
                                    validate_choice=False)
    if waterfront:  # Hong Kong: a ferry carries the tourists to an empty waterfront location
        TurnForm.ferry_to = SelectField(_("Ferry: the waterfront location the tourists go to"),
                                        choices=options([(NONE, _("no ferry this turn")), *waterfront]),
                                        validate_choice=False)
    for k, (_value, source) in enumerate(coordinate_sources):
        setattr(TurnForm, f"change_{k}", SelectField(_("Coordinate change ({source})", source=source),
                                                     choices=options(change_moves), validate_choice=False))
    for k in range(len(section_sources)):
        setattr(TurnForm, f"bonus_{k}", SelectField(_("Bonus section {n}", n=k + 1),
                                                    choices=options([(NONE, _("none")), *roads]),
                                                    validate_choice=False))
        setattr(TurnForm, f"bonus_{k}_source", SelectField(_("paid with"), choices=options(section_sources),
                                                           validate_choice=False))
    if extra is not None:
        extra(TurnForm)
    form = TurnForm()
    form.coordinate_sources = coordinate_sources
    form.section_slots = len(section_sources)
    form.segment_fields = [f"section_{k}" for k in range(1, max(sections, 2) + 1)]
    return form


def read_turn(form, fallback: bool, coordinate_sources: list, errors: list[str]) -> ref.Turn | None:
    """Read the turn form into a referee `Turn`; what cannot be read is named in `errors`."""
    loc: Location | None = parse_pair(form.location.data)
    if loc is None:
        form.location.errors = [_("Choose a location (tap it on the map).")]
        errors.append(_("Choose the location where you mark the round's tourists."))
    segment = []
    for name in getattr(form, "segment_fields", ["section_1", "section_2"]):
        title = _("Section {n}", n=name.rsplit("_", 1)[1])
        raw = form[name].data or ""
        if raw:
            sec = parse_sec(raw)
            if sec is None:
                form[name].errors = [_("Not a road of the map.")]
                errors.append(_("{field}: not a road of the map.", field=title))
            else:
                segment.append(sec)
    if not segment:
        form.section_1.errors = [_("Choose a section (tap a road on the map).")]
        fields = getattr(form, "segment_fields", ["section_1", "section_2"])
        errors.append(_("Draw a route segment: two sections next to your location, or one section anywhere.")
                      if len(fields) == 2 else
                      _("Draw a route segment: {n} sections next to your location, or one section anywhere.",
                        n=len(fields)))
    changes = []
    for k, source in enumerate(coordinate_sources):
        raw = form[f"change_{k}"].data or ""
        if raw:
            card, _sep, delta = raw.partition(",")
            if card in ("0", "1") and delta in ("1", "-1"):
                changes.append(ref.CoordinateChange(int(card), int(delta), source))
    bonus = []
    for k in range(form.section_slots):
        sec = parse_sec(form[f"bonus_{k}"].data or "")
        if sec is None:
            continue
        raw = form[f"bonus_{k}_source"].data or ""
        source = ref.BALANCE if raw == "balance" else parse_pair(raw)
        if source is None:
            form[f"bonus_{k}_source"].errors = [_("Choose what pays for this section.")]
            errors.append(_("Bonus section {n}: choose the cafe or balance card that pays for it.", n=k + 1))
            continue
        bonus.append(ref.BonusSection(sec, source))
    declined: list[Point] = [p for p in (parse_pair(v) for v in form.decline.data or []) if p is not None]
    colour = form.colour.data or None
    ferry_to = parse_pair(form.ferry_to.data or "") if "ferry_to" in form else None
    cafe = parse_pair(form.cafe.data or "") if "cafe" in form else None
    if loc is None or not segment:
        return None
    return ref.Turn(loc, tuple(segment), colour, fallback, tuple(changes), tuple(bonus), tuple(declined), ferry_to,
                    cafe)


class PickForm(FlaskForm):
    """Start rounds: the two placed cards a player takes for round 1."""

    pick = SelectMultipleField(lazy("Your two round cards"), choices=[], validate_choice=False)
    version = HiddenField()
