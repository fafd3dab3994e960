"""Cities played with two decks in available pairs and coloured sections (Paris) on the referee pages.

Everything here is asked of the board and the city's rules object, never of the city's name:

* a city whose round-card deck (`CityRules.deck`) has cards with route colours is played with available pairs
  (a global card and such a card; no hands): the tracker's second card gets a "route colours" field;
* a board with `tour` features needs one revealed thematic tour per bonus area (a setup step whose key ends
  in "tours" asks it; the companion draws one per area from the game's seed until the table enters its own);
* a round whose card has route colours asks each seat the colour of its sections, a colour per bonus section,
  and offers the round bonuses of the active bonus area's marked boxes (the referee refuses what the tour's
  completed stages do not allow, with its own message).
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from wtforms import SelectField

from ....games.enroute import referee as ref
from ....games.enroute.board import Board
from ....games.enroute.cityrules import rules_for
from ...core.i18n import _
from ..labels import join_list, label
from .forms import options

NONE = ""


def route_pairs(board: Board) -> list[tuple[str, ...]]:
    """Return the route-colour pairs the city's cards show (empty: the city has no coloured routes)."""
    try:
        deck = rules_for(board).deck(board)
    except (ValueError, KeyError, IndexError, TypeError):
        return []
    return sorted({tuple(c.route_colours) for c in deck if c.route_colours})


def route_colours(board: Board) -> list[str]:
    """Return every route colour of the city, in the order the cards name them."""
    out: list[str] = []
    for pair in route_pairs(board):
        out += [c for c in pair if c not in out]
    return sorted(out, key=lambda c: ("red", "green", "blue").index(c) if c in ("red", "green", "blue") else 9)


def colour_name(colour: str) -> str:
    """Name a colour in the page's language."""
    return label(f"colour_{colour}", colour)


def pair_value(pair: tuple[str, ...]) -> str:
    """Encode a route-colour pair for a form ("green,blue")."""
    return ",".join(pair)


def pair_label(pair: tuple[str, ...]) -> str:
    """Name a route-colour pair ("green / blue")."""
    return " / ".join(colour_name(c) for c in pair)


# ---- setup: the revealed thematic tours ------------------------------------------------------------

def tour_areas(board: Board) -> list[tuple[str, list[tuple[str, str]]]]:
    """Return the bonus areas' colours with their thematic tours: (colour, [(tour id, name)]), in board order."""
    areas: dict[str, list[tuple[str, str]]] = {}
    for tour in board.features_of("tour"):
        areas.setdefault(tour.param("colour"), []).append((tour.id, tour.name or tour.id))
    return list(areas.items())


def is_tour_step(board: Board, key: str) -> bool:
    """Tell whether a setup step asks the revealed tours (a city step keyed "...tours" on a board with tours)."""
    return key.endswith("tours") and bool(board.features_of("tour"))


def tours_of(board: Board, setup: dict) -> dict[str, str]:
    """Return the revealed tour per bonus area: the table's entry, else the companion's draw from the seed."""
    chosen = setup.get("tours") if isinstance(setup.get("tours"), dict) else {}
    rng = random.Random(f"enroute-tours-{setup.get('seed', 0)}")
    out = {}
    for colour, tours in tour_areas(board):
        ids = [t for t, _name in tours]
        drawn = rng.choice(ids)
        out[colour] = chosen.get(colour) if chosen.get(colour) in ids else drawn
    return out


def with_tours(state: ref.GameState, setup: dict) -> ref.GameState:
    """Give a new game its revealed tours and empty bonus-area boxes (boards without bonus areas: unchanged)."""
    areas = [f.param("colour") for f in state.board.features_of("bonus_area")]
    if not areas and not state.board.features_of("tour"):
        return state
    tours = tours_of(state.board, setup)
    return replace(state, tours=tuple(tours.values()), boxes={c: 0 for c in areas})


def add_tour_fields(cls, board: Board, setup: dict) -> None:
    """Add one select per bonus area: the tour revealed for it (preset to the current choice)."""
    current = tours_of(board, setup)
    for colour, tours in tour_areas(board):
        setattr(cls, f"tour_{colour}", SelectField(_("Thematic tour of the {colour} bonus area",
                                                     colour=colour_name(colour)),
                                                   choices=options(tours), default=current[colour],
                                                   validate_choice=False))


def read_tours(form, board: Board) -> tuple[dict[str, str] | None, str | None]:
    """Read the tours step: (colour -> tour id, None) or (None, message naming the area)."""
    out = {}
    for colour, tours in tour_areas(board):
        value = form[f"tour_{colour}"].data or ""
        if value not in {t for t, _n in tours}:
            message = _("Choose one of the listed tours for the {colour} bonus area.", colour=colour_name(colour))
            form[f"tour_{colour}"].errors = [message]
            return None, message
        out[colour] = value
    return out, None


def tour_names(board: Board, setup: dict) -> list[str]:
    """Describe the revealed tours: "red: Markets (stages 1, 2, 4)"."""
    out = []
    for colour, tour_id in tours_of(board, setup).items():
        tour = board.feature("tour", tour_id)
        stages = ", ".join(str(n) for n in (tour.param("stages") or ())) if tour is not None else ""
        out.append(_("{colour}: {tour} (stages {stages})", colour=colour_name(colour),
                     tour=(tour.name or tour.id) if tour is not None else tour_id, stages=stages))
    return out


# ---- rounds: the pair and the bonus areas -----------------------------------------------------------

def card_titles(board: Board, solo: bool = False) -> tuple[str, str] | None:
    """Name the two round cards of a pair, or a solo round's (None: a city without available pairs)."""
    if not route_pairs(board):
        return None
    if solo:  # Paris solo: a global card from the hand, a city card from the sequence
        return _("Global card played from your hand"), _("City card taken from the sequence (two route colours)")
    return _("Global card of the pair taken"), _("City card of the pair taken (two route colours)")


def add_route_field(cls, prefix: str, board: Board) -> None:
    """Add the card's route colours (a pair the city's cards show) to one round card's fields."""
    pairs = route_pairs(board)
    if pairs:
        setattr(cls, f"{prefix}_routes", SelectField(_("Route colours on the card"),
                                                     choices=options([(NONE, "–")] + [(pair_value(p), pair_label(p))
                                                                                      for p in pairs]),
                                                     validate_choice=False))


def read_routes(form, prefix: str, board: Board, title: str, errors: list[str]) -> tuple[str, ...] | None:
    """Read a card's route colours; a missing or unknown pair is named in `errors` (returns None)."""
    field = f"{prefix}_routes"
    if field not in form:
        return ()
    raw = form[field].data or ""
    pairs = {pair_value(p): p for p in route_pairs(board)}
    if raw not in pairs:
        form[field].errors = [_("Choose the two route colours the card shows.")]
        errors.append(_("{card}: choose the two route colours it shows.", card=title))
        return None
    return pairs[raw]


def selection_text(state: ref.GameState, names: list[str]) -> str | None:
    """Say what the selection phase asks in a city with available pairs (None: not such a city)."""
    if not route_pairs(state.board):
        return None
    if state.mode == "solo":
        return _("Play a global card from your hand and take a face-up city card of the sequence; enter both. "
                 "Standard rating mode: the city card's iconic rating goes up.")
    number = state.round + 1
    if number <= state.start_rounds:
        return _("Start round: everyone's round cards are the bottom pair (round 2 of two start rounds: the top "
                 "pair). Ratings only go up. Enter that pair.")
    return _("{who} takes one of the two available pairs (a global card and a city card) as everyone's round "
             "cards; enter that pair. In advanced mode {who} moves the city card's iconic rating up or down.",
             who=names[state.active] if state.active is not None and state.active < len(names) else "?")


def upkeep_text(board: Board, solo: bool = False) -> str | None:
    """Say what the upkeep does in a city with available pairs (None: not such a city)."""
    if not route_pairs(board):
        return None
    if solo:
        return _("The round's two cards go to the discard pile; draw a global card so your hand has 2 again, and "
                 "turn face up every card of the sequence no longer covered.")
    return _("The round's pair goes to the discard pile. The active player discards the global card of the other "
             "pair (a new one replaces it) or the top card of the global deck; the remaining pair moves down and "
             "a new pair is laid on top. The next player clockwise becomes active.")


def area_rows(state: ref.GameState) -> list[dict]:
    """Each bonus area: colour, boxes marked (of 4), whether it is this round's, its revealed tour."""
    rows = []
    tours = {state.board.feature("tour", t).param("colour"): state.board.feature("tour", t)
             for t in state.tours if state.board.feature("tour", t) is not None}
    for area in state.board.features_of("bonus_area"):
        colour = area.param("colour")
        tour = tours.get(colour)
        rows.append({"colour": colour, "name": colour_name(colour), "boxes": state.boxes.get(colour, 0),
                     "active": state.phase == "drawing" and state.area == colour,
                     "tour": (tour.name or tour.id) if tour is not None else "",
                     "stages": ", ".join(str(n) for n in tour.param("stages")) if tour is not None else ""})
    return rows


def round_colours(state: ref.GameState, seat: int) -> tuple[str, ...]:
    """The route colours of a seat's round cards (empty: this round has no coloured sections)."""
    cards = state.cards[seat] if state.cards and seat < len(state.cards) else None
    return next((tuple(c.route_colours) for c in cards or () if c is not None and c.route_colours), ())


def offered_bonuses(state: ref.GameState) -> list[str]:
    """The round bonuses whose box is marked in the active area (the referee checks the tour's stages)."""
    marked = state.boxes.get(state.area, 0) if state.area else 0
    return [b for k, b in ((2, "tourists"), (3, "route_change"), (4, "section")) if marked >= k]


def round_notes(state: ref.GameState, seat: int) -> list[str]:
    """Explain the coloured sections and the active area's round bonuses on a seat's page."""
    colours = round_colours(state, seat)
    if not colours:
        return []
    notes = [_("Draw this round's sections in {a} or {b} (the city card's colours); bonus sections take any "
               "colour.", a=colour_name(colours[0]), b=colour_name(colours[-1]))]
    row = next((r for r in area_rows(state) if r["active"]), None)
    if row is not None:
        notes.append(_("Active bonus area: {colour}, {boxes} of 4 boxes marked; tour {tour} (stages {stages}). "
                       "Box 2: its tourists join your location at once; box 3: one route change; box 4: one extra "
                       "section — each once the tour's previous stage is complete (your drawn sections, this "
                       "turn's included).", colour=row["name"], boxes=row["boxes"], tour=row["tour"] or "–",
                       stages=row["stages"] or "–"))
    return notes


# ---- a seat's turn ------------------------------------------------------------------------------------

def turn_fields(state: ref.GameState, seat: int, roads: list[tuple[str, str]], drawn: list[tuple[str, str]],
                slots: int):
    """Return a function adding the coloured-route fields to a turn form class (None: nothing to add)."""
    colours = round_colours(state, seat)
    if not colours:
        return None
    every = route_colours(state.board)
    any_colour = [(c, colour_name(c)) for c in every]
    bonuses = offered_bonuses(state)

    def add(cls) -> None:
        """Add the section colour, bonus-section colours and the offered round bonuses."""
        cls.section_colour = SelectField(_("Colour of this round's sections"),
                                         choices=options([(NONE, "–")] + [(c, colour_name(c)) for c in colours]),
                                         validate_choice=False)
        for k in range(slots):
            setattr(cls, f"bonus_{k}_colour", SelectField(_("colour"), choices=options([(NONE, _("as the segment")),
                                                                                         *any_colour]),
                                                          validate_choice=False))
        if "route_change" in bonuses:
            cls.route_erase = SelectField(_("Route change: section to erase"),
                                          choices=options([(NONE, _("not used")), *drawn]), validate_choice=False)
            cls.route_draw = SelectField(_("Route change: section to draw (the same one to recolour it)"),
                                         choices=options([(NONE, "–"), *drawn, *roads]), validate_choice=False)
            cls.route_colour = SelectField(_("Route change: colour"),
                                           choices=options([(NONE, _("as the erased section")), *any_colour]),
                                           validate_choice=False)
        if "section" in bonuses:
            cls.tour_section = SelectField(_("Extra section (box 4)"), choices=options([(NONE, _("not used")), *roads]),
                                           validate_choice=False)
            cls.tour_section_colour = SelectField(_("Extra section: colour"),
                                                  choices=options([(NONE, "–"), *any_colour]), validate_choice=False)
    return add


def read_turn_colours(form, turn: ref.Turn, me: ref.PlayerState, parse_sec, errors: list[str]) -> ref.Turn:
    """Add the coloured-route entries of the form to a turn; what cannot be read is named in `errors`."""
    if "section_colour" not in form:
        return turn
    colour = form.section_colour.data or ""
    if not colour:
        form.section_colour.errors = [_("Choose the colour of this round's sections.")]
        errors.append(_("Choose the colour of this round's sections (one of the city card's two)."))
    bonus = tuple(replace(b, colour=(form[f"bonus_{k}_colour"].data or None) if f"bonus_{k}_colour" in form
                          else None) for k, b in enumerate(turn.bonus_sections))
    turn = replace(turn, section_colour=colour or None, bonus_sections=bonus)
    if "route_erase" in form and (form.route_erase.data or form.route_draw.data):
        old, new = parse_sec(form.route_erase.data or ""), parse_sec(form.route_draw.data or "")
        if old is None or new is None:
            form.route_erase.errors = [_("A route change names the section to erase and the section to draw.")]
            errors.append(_("Route change: choose the section to erase and the section to draw."))
        else:
            chosen = form.route_colour.data or None
            was = me.colours.get(old)
            turn = replace(turn, route_change=(old, new, chosen or (was if new != old else None)))
    if "tour_section" in form and form.tour_section.data:
        sec = parse_sec(form.tour_section.data)
        shade = form.tour_section_colour.data or None
        if sec is None or shade is None:
            form.tour_section.errors = [_("Choose the extra section and its colour.")]
            errors.append(_("Extra section: choose the road and its colour."))
        else:
            turn = replace(turn, tour_section=ref.BonusSection(sec, "tour", shade))
    return turn


def turn_colours_text(turn: ref.Turn) -> str:
    """Summarise a played turn's colours and round bonuses (empty for a turn without colours)."""
    if turn.section_colour is None:
        return ""
    parts = [_("sections in {colour}", colour=colour_name(turn.section_colour))]
    if turn.route_change is not None:
        parts.append(_("route change"))
    if turn.tour_section is not None:
        parts.append(_("extra section"))
    return join_list(parts)


def turn_json(turn: ref.Turn, sec_json) -> dict:
    """The coloured-route part of a turn for the action log (empty when the turn has none)."""
    out: dict[str, Any] = {}
    if turn.section_colour is not None:
        out["section_colour"] = turn.section_colour
    if any(b.colour for b in turn.bonus_sections):
        out["bonus_colours"] = [b.colour for b in turn.bonus_sections]
    if turn.route_change is not None:
        old, new, colour = turn.route_change
        out["route_change"] = [sec_json(old), sec_json(new), colour]
    if turn.tour_section is not None:
        out["tour_section"] = {"section": sec_json(turn.tour_section.section), "colour": turn.tour_section.colour}
    return out


def turn_from(doc: dict, turn: ref.Turn, sec) -> ref.Turn:
    """Read the coloured-route part written by `turn_json` back into a turn (trusted log data)."""
    if not any(k in doc for k in ("section_colour", "bonus_colours", "route_change", "tour_section")):
        return turn
    colours = doc.get("bonus_colours") or [None] * len(turn.bonus_sections)
    bonus = tuple(replace(b, colour=colours[k] if k < len(colours) else None)
                  for k, b in enumerate(turn.bonus_sections))
    change = doc.get("route_change")
    tour = doc.get("tour_section")
    return replace(turn, section_colour=doc.get("section_colour"), bonus_sections=bonus,
                   route_change=(sec(change[0]), sec(change[1]), change[2]) if change else None,
                   tour_section=ref.BonusSection(sec(tour["section"]), "tour", tour.get("colour")) if tour else None)
