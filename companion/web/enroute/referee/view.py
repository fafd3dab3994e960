"""What the refereed-game pages say: names in a player's printed coordinates, phase texts, the player's map.

Everything here only reads engine objects; the rules themselves stay in the
engine (`referee`, `cards`, `setup`).
"""

from __future__ import annotations

from ....games.core.problems import N_
from ....games.enroute import referee as ref
from ....games.enroute.board import COLOURS, Board
from ....games.enroute.cards import HAND_SIZE, SOLO_HAND_SIZE, colour_choices, round_tourists, start_round_count
from ....games.enroute.cityrules import rules_for
from ....games.enroute.geometry import Location, Point, Section
from ....games.enroute.geometry import section as make_section
from ....games.enroute.startcards import start_stations
from ...core.i18n import _, current_lang
from .. import cities
from ..labels import join_list, label, symbol_name
from ..maps.printed import place
from ..maps.svgmap import MapState, location_id

SIDES = {"top": N_("top side of {where}"), "bottom": N_("bottom side of {where}"),
         "left": N_("left side of {where}"), "right": N_("right side of {where}"),
         "diagonal": N_("diagonal road by {where}")}
CORNERS = {"top-left": N_("top-left corner of {where}"), "top-right": N_("top-right corner of {where}"),
           "bottom-left": N_("bottom-left corner of {where}"), "bottom-right": N_("bottom-right corner of {where}")}


def sentences(*parts: str) -> str:
    """Join sentences as the page's language writes them (a space in English, nothing in Japanese)."""
    return ("" if current_lang() == "ja" else " ").join(p for p in parts if p)


def colours_of(board: Board) -> tuple[str, ...]:
    """Return the tourist colours the city uses (purple only with purple landmarks)."""
    return tuple(c for c in COLOURS if c != "purple" or "purple" in board.kinds_present())


def printed(state: ref.GameState, player: int, loc: Location) -> str:
    """Name a location as "(c, r)" in the player's printed coordinates (on a double map: and its half)."""
    return place(ref.player_board_of(state, player), loc)


def _side(sec: Section, loc: Location) -> str:
    """Tell which side of a location a section runs along."""
    (x1, y1), (x2, y2) = sec
    c, r = loc
    if y1 == y2:
        return "top" if y1 == r - 1 else "bottom"
    if x1 == x2:
        return "left" if x1 == c - 1 else "right"
    return "diagonal"


def section_label(state: ref.GameState, player: int, sec: Section) -> str:
    """Name a road by the locations beside it, in the player's printed coordinates."""
    beside = sorted(state.board.borders(sec))
    if len(beside) >= 2:
        return _("between {a} and {b}", a=printed(state, player, beside[0]), b=printed(state, player, beside[1]))
    if beside:
        return _(SIDES[_side(sec, beside[0])], where=printed(state, player, beside[0]))
    return _("road {a}–{b}", a=list(sec[0]), b=list(sec[1]))


def point_label(state: ref.GameState, player: int, point: Point) -> str:
    """Name an intersection by the location whose corner it is (printed coordinates)."""
    board = state.board
    c = min(max(point[0] + 1, 1), board.cols)
    r = min(max(point[1] + 1, 1), board.rows)
    corner = ("top" if r == point[1] + 1 else "bottom") + "-" + ("left" if c == point[0] + 1 else "right")
    return _(CORNERS[corner], where=printed(state, player, (c, r)))


def source_label(state: ref.GameState, player: int, source) -> str:
    """Name a bonus source: a balance card or a cafe."""
    if source == ref.BALANCE:
        return _("balance card")
    return _("cafe at the {point}", point=point_label(state, player, source))


def map_state(state: ref.GameState, player: int) -> MapState:
    """Return what a player's map shows: their sections, tourists, circled cafes and kept personal goal."""
    me = state.players[player]
    shown = MapState(drawn=set(me.sections), tourists={loc: dict(c) for loc, c in me.tourists.items()},
                     cafes=dict(me.cafes) if state.cafes_in_play() else {})
    shown.goal = list(me.personal_goal or [])
    shown.crossed = set(me.crossed)
    shown.remote = {k: dict(v) for k, v in me.remote.items()}
    shown.colours = dict(me.colours)  # Paris: each section in its colour
    if me.start is not None and me.start_card is not None:  # London: my own secret starting section, before the reveal
        shown.drawn.add(me.start[1])
    return shown


def highlight_css(locations: list[Location], map_id: str = "map") -> str:
    """Return CSS that marks the player's candidate locations on the map (no change to the shared SVG)."""
    if not locations:
        return ""
    ids = ", ".join(f"#{map_id} #{location_id(loc)}" for loc in locations)
    return f"{ids} {{ stroke: var(--accent); stroke-width: 4; stroke-dasharray: 6 4; }}"


def tourist_count(colour: str, n: int) -> str:
    """Write one colour's tourists: "2 blue"."""
    return _("{n} {colour}", n=n, colour=label(f"colour_{colour}"))


def track_name(board: Board, track_id: str) -> str:
    """Name a rating track as players do: its landmarks' names (a group's), or the feature rated by it."""
    names = [lm.name for lm in board.rated() if lm.track == track_id]
    if not names:
        names = [f.name or f.id for f in board.features if f.param("rating") == track_id]
    return " + ".join(names) if names else track_id


def rating_tracks(board: Board) -> list[tuple[str, str]]:
    """Return (track id, name) of every rating track a round card can show: count tracks, then coordinate tracks."""
    return [(k, track_name(board, k)) for k in board.tracks_in_use()]


def card_label(board: Board, card, choice: int | None = None) -> str:
    """Describe a round card with the iconic landmarks' names, e.g. "4: 2 blue (TV Tower)".

    A choice card names its "OR" groups (and the chosen one); a Cairo card its remote space's symbol.
    """
    if card.repeat:
        return _("{coordinate}: repeat", coordinate=card.coordinate)
    names = [track_name(board, lid) for lid in card.iconic]
    if card.options:
        groups = [" + ".join(track_name(board, t) for t in g) for g in card.options]
        if choice is not None and 0 <= choice < len(groups):
            names.append(_("{options}, chosen: {chosen}", options=_(" OR ").join(groups), chosen=groups[choice]))
        else:
            names.append(_(" OR ").join(groups))
    if card.symbol:
        names.append(symbol_name(board, card.symbol))
    if card.route_colours:  # Paris: the city card's two route colours
        names.append(_("sections {colours}", colours=" / ".join(label(f"colour_{c}", c) for c in card.route_colours)))
    text = join_list(tourist_count(colour, n) for colour, n in card.tourists)
    return f"{card.coordinate}: {text}" + (f" ({join_list(names)})" if names else "")


def tourists_text(counts: dict[str, int]) -> str:
    """Write tourists as "2 blue, 1 red"."""
    return join_list(tourist_count(c, n) for c, n in counts.items() if n) or _("no tourists")


def round_number(state: ref.GameState) -> int:
    """The round every page names: the one being played, or the next one while its cards are awaited (U5)."""
    return min(state.round + (1 if state.phase == "selection" else 0), 10) if state.phase != "over" else state.round


def round_brief(state: ref.GameState, player: int) -> dict:
    """Explain a player's round: cards, the tourists to mark, matching locations, repeat and all-occupied rules."""
    cards = state.cards[player] if state.cards else None
    if cards is None:
        return {}
    colours = colours_of(state.board)
    choices = colour_choices(cards, colours)
    matches = ref.matching_locations(state, player)
    free = ref.empty_matches(state, player)
    a, b = cards[0].coordinate, cards[1].coordinate
    notes = []
    if all(c.repeat for c in cards):
        notes.append(_("Two repeat cards: mark two tourists of any one type of your choice."))
    elif any(c.repeat for c in cards):  # the other card shows one type (seed ~l.219): nothing to choose
        notes.append(_("The repeat card counts as two more tourists of the other card's type."))
    if not free:
        names = join_list(printed(state, player, x) for x in matches)
        notes.append(_("Every matching location ({names}) already has tourists: mark one tourist of any type in any "
                       "empty location and draw one section anywhere.", names=names))
    if a == b:
        notes.append(_("Both cards show {a}: only one location matches.", a=a))
    notes += city_notes(state, player, cards, matches)
    return {"cards": [card_label(state.board, c) for c in cards], "coordinates": (a, b),
            "tourists": None if choices else tourists_text(round_tourists(cards)),
            "choices": choices, "matches": [(printed(state, player, x), x in free) for x in matches],
            "free": free, "fallback": not free, "notes": notes}


def selection_text(state: ref.GameState, names: list[str]) -> str:
    """Say what the tourist-selection phase asks of whom, for the next round."""
    n = len(state.players)
    number = state.round + 1
    if number <= state.start_rounds:
        if state.start_rounds == 1:
            return _("Start round: every player puts one card from their hand face down; all three are revealed "
                     "(no card is removed). Each player then secretly picks two of the three as their own round "
                     "cards on their phone.")
        return _("Start rounds 1 and 2: every player puts one card from their hand face down; all four are "
                 "revealed. Each player secretly picks two of the four for round 1 and uses the other two in "
                 "round 2.")
    if state.mode == "solo":
        return _("Play one card from your hand and one face-up card of the sequence.")
    active = state.active
    who = names[active]
    if state.mode == "team":
        return _("{who} places a card face up; {who}'s partner {partner} places two cards face up; {who} removes "
                 "one of those two to the bottom of the deck.", who=who, partner=names[(active + 2) % 4])
    if n == 2:
        return _("{who} places a card face up; {other} places two cards face down; {who} reveals them and puts "
                 "one at the bottom of the deck.", who=who, other=names[1 - active])
    return _("{who} places a card face up; {left} (left) and {right} (right) each place one face down; {who} "
             "reveals them and puts one of those two at the bottom of the deck.", who=who,
             left=names[(active + 1) % n], right=names[(active - 1) % n])


def city_notes(state: ref.GameState, player: int, cards, matches: list[Location]) -> list[str]:
    """Explain the world cities' round rules that apply to this player's cards and matching locations (each city
    folder's notes: `cities.register_round_notes`)."""
    return cities.round_notes(state, player, cards, matches)


def rating_rows(state: ref.GameState) -> list[dict]:
    """Return each rating track's marked boxes and current PP (a coordinate track: its marked spaces and PP)."""
    rows = []
    board = state.board
    for track_id, track in board.ratings:
        marks = state.ratings.get(track_id, 0)
        rows.append({"name": track_name(board, track_id), "marks": marks, "top": len(track) - 1,
                     "pp": track[min(marks, len(track) - 1)]})
    for track_id, coord in board.coordinate_tracks:
        spaces = state.marks.get(track_id, ())
        rows.append({"name": track_name(board, track_id), "marks": len(spaces), "top": len(coord.spaces),
                     "pp": min(coord.base + coord.step * len(spaces), coord.max), "spaces": list(spaces)})
    return rows


def turn_summary(state: ref.GameState, player: int, turn: ref.Turn) -> str:
    """Describe a played turn in the player's terms."""
    where = printed(state, player, turn.location)
    secs = "; ".join(section_label(state, player, s) for s in turn.segment)
    if turn.bonus_sections:
        secs = _("{sections}, {n} bonus section(s)", sections=secs, n=len(turn.bonus_sections))
    if turn.fallback:
        return _("Fallback: one tourist in {where}; sections: {sections}.", where=where, sections=secs)
    return _("Tourists in {where}; sections: {sections}.", where=where, sections=secs)


# ---- the setup walk-through ------------------------------------------------------------------------

def step_title(key: str, step=None) -> str:
    """Name a setup step in the page's language (a city's step by its own title, from the catalogue)."""
    return label(f"step_{key}", _(step.title) if step is not None else key.replace("-", " "))


def cell_label(cell) -> str:
    """Name a challenge-table cell: its PP and goal cards, or its thematic tours to complete (Paris)."""
    if cell.tours:
        return _("{pp} PP, {tours} thematic tour(s) completed", pp=cell.pp, tours=cell.tours)
    return _("{pp} PP, {goals} goal card(s)", pp=cell.pp, goals=cell.goals)


def step_text(step, options, board: Board) -> str:
    """Say what a setup step asks of the table, in the page's language (engine text for an unknown step)."""
    solo, team = options.mode == "solo", options.mode == "team"
    key = step.key
    if solo and any(n.key == key and n.text == step.text for n in rules_for(board).solo_setup_notes):
        return _(step.text)  # the city's solo change of a common step (Paris: a hand of global cards, a sequence)
    if key == "city":
        return _("Play {city}. First game: the fictional training city at the {level} level.", city=board.name,
                 level=label(f"level_name_{options.level}", options.level))
    if key == "round-board":
        return sentences(_("Put the city's round board in the middle."),
                         _("Advanced rating mode: mark every upgrade box with a purple corner (usually one per "
                           "iconic landmark).") if options.rating_mode == "advanced" else "")
    if key == "deck":
        return _("Shuffle the city's 12 tourist cards, the 18 global tourist cards and the 6 repeat cards into the "
                 "36-card city deck.")
    if key == "goals":
        return sentences(_("Shuffle goal decks A, B and C separately; the top card of each is a shared goal (the "
                           "companion can draw them)."), _("Solo: met goals count, not their PP.") if solo else "")
    if key == "challenge":
        return sentences(_("Choose a cell of the city's challenge table: the PP to reach and the number of goal "
                           "cards to meet."),
                         "" if options.level == "full" else _("Without goal cards at this level, only the cells "
                                                              "that ask for no goal card can be won."))
    if key == "sequence":
        return _("Lay 10 cards from the deck face down in 4 rows (1, 3, 3, 3 from the top, the lower three rows as "
                 "columns of overlapping cards) and turn the bottom row of 3 face up.")
    if key == "player-boards":
        return sentences(_("Deal the city's player boards at random, one each."),
                         _("Team mode: partners sit opposite and hold boards 1 and 3, and 2 and 4.") if team else "")
    if key == "hands":
        return _("Each player draws {n} cards.", n=SOLO_HAND_SIZE if solo else HAND_SIZE)
    if key == "personal-goals":
        return _("Shuffle the 8 personal goal cards; each player draws 2, keeps 1 face down and puts the other back.")
    if key == "balance":
        return _("A less experienced player may take a balance card and choose its side now: route section or "
                 "coordinate change (one use each).")
    if key == "markers":
        return _("Each player takes the red, green, blue and purple markers.")
    if key == "first-player":
        start = start_round_count(options.players, options.mode)
        extra = {1: _("The game opens with 1 start round (each player places a card; everyone picks 2 of the 3)."),
                 2: _("The game opens with 2 start rounds (each player places a card; everyone picks 2 of the 4 for "
                      "round 1 and uses the other 2 in round 2).")}.get(start, "")
        return sentences(_("The player who travelled most recently (or the companion's draw) takes the reference "
                           "card active side up."), extra)
    if key == "no-cafes":
        return _("Ignore the cafe cups: no cafe bonuses in this game.")
    return _(step.text)  # a city's setup change (its rules module marks the texts for the catalogue)


# ---- London's starting subway cards ----------------------------------------------------------------

def station_name(board: Board, station_id: str) -> str:
    """Name a subway station: its name on the board, else its id written as words."""
    station = board.feature("station", station_id)
    name = station.name if station is not None else None
    return name or station_id.replace("-", " ").replace("_", " ").title()


def start_options(state: ref.GameState, player: int) -> list[tuple[str, str]]:
    """Return the (form value, label) of every section a player may draw from a station of their starting card."""
    found = []
    for sid, point in start_stations(state, player):
        for other in state.board.neighbours(point):
            sec = make_section(point, other)
            if sec in state.players[player].sections:
                continue
            found.append((f"{sid}|{sec[0][0]},{sec[0][1]},{sec[1][0]},{sec[1][1]}",
                          _("{station}: {section}", station=station_name(state.board, sid),
                            section=section_label(state, player, sec))))
    return found


def revealed_starts(state: ref.GameState) -> list[str]:
    """Say, after the reveal, which station and section every player started from (public from then on)."""
    return [_("{name}: {station}, {section}", name=p.name, station=station_name(state.board, p.start[0]),
              section=section_label(state, i, p.start[1]))
            for i, p in enumerate(state.players) if p.start is not None and p.start_card is None]


def start_label(state: ref.GameState, player: int) -> str:
    """Name a player's chosen starting station and section (shown on that player's own page only)."""
    station, sec = state.players[player].start
    return _("{station}: {section}", station=station_name(state.board, station),
             section=section_label(state, player, sec))
