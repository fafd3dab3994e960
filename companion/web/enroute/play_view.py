"""What the refereed-game pages say: names in a player's printed coordinates, phase texts, the player's map.

Everything here only reads engine objects; the rules themselves stay in the
engine (`referee`, `cards`, `setup`).
"""

from __future__ import annotations

from ...games.enroute import referee as ref
from ...games.enroute.board import COLOURS, Board
from ...games.enroute.cards import colour_choices, round_tourists
from ...games.enroute.geometry import Location, Point, Section
from .svgmap import MapState, location_id

SIDES = {"top": "top", "bottom": "bottom", "left": "left", "right": "right"}


def colours_of(board: Board) -> tuple[str, ...]:
    """Return the tourist colours the city uses (purple only with purple landmarks)."""
    return tuple(c for c in COLOURS if c != "purple" or "purple" in board.kinds_present())


def printed(state: ref.GameState, player: int, loc: Location) -> str:
    """Name a location as "(c, r)" in the player's printed coordinates."""
    col, row = ref.player_board_of(state, player).printed(loc)
    return f"({col}, {row})"


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
        return f"between {printed(state, player, beside[0])} and {printed(state, player, beside[1])}"
    if beside:
        return f"{_side(sec, beside[0])} side of {printed(state, player, beside[0])}"
    return f"road {list(sec[0])}–{list(sec[1])}"


def point_label(state: ref.GameState, player: int, point: Point) -> str:
    """Name an intersection by the location whose corner it is (printed coordinates)."""
    board = state.board
    c = min(max(point[0] + 1, 1), board.cols)
    r = min(max(point[1] + 1, 1), board.rows)
    corner = ("top" if r == point[1] + 1 else "bottom") + "-" + ("left" if c == point[0] + 1 else "right")
    return f"{corner} corner of {printed(state, player, (c, r))}"


def source_label(state: ref.GameState, player: int, source) -> str:
    """Name a bonus source: a balance card or a cafe."""
    if source == ref.BALANCE:
        return "balance card"
    return f"cafe at the {point_label(state, player, source)}"


def map_state(state: ref.GameState, player: int) -> MapState:
    """Return what a player's map shows: their sections, tourists, circled cafes and kept personal goal."""
    me = state.players[player]
    shown = MapState(drawn=set(me.sections), tourists={loc: dict(c) for loc, c in me.tourists.items()},
                     cafes=dict(me.cafes) if state.cafes_in_play() else {})
    shown.goal = list(me.personal_goal or [])
    return shown


def highlight_css(locations: list[Location], map_id: str = "map") -> str:
    """Return CSS that marks the player's candidate locations on the map (no change to the shared SVG)."""
    if not locations:
        return ""
    ids = ", ".join(f"#{map_id} #{location_id(loc)}" for loc in locations)
    return f"{ids} {{ stroke: var(--accent); stroke-width: 4; stroke-dasharray: 6 4; }}"


def card_label(board: Board, card) -> str:
    """Describe a round card with the iconic landmarks' names, e.g. "4: 2 blue (TV Tower)"."""
    if card.repeat:
        return f"{card.coordinate}: repeat"
    names = [(board.landmark(lid).name if board.landmark(lid) else lid) for lid in card.iconic]
    text = ", ".join(f"{n} {colour}" for colour, n in card.tourists)
    return f"{card.coordinate}: {text}" + (f" ({', '.join(names)})" if names else "")


def tourists_text(counts: dict[str, int]) -> str:
    """Write tourists as "2 blue, 1 red"."""
    return ", ".join(f"{n} {c}" for c, n in counts.items() if n) or "no tourists"


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
        notes.append("Two repeat cards: mark two tourists of any one type of your choice.")
    elif any(c.repeat for c in cards):
        other = next(c for c in cards if not c.repeat)
        if len(other.tourists) > 1:
            notes.append("The repeat card doubles the other card's tourists; it shows several types, so choose "
                         "which type gets the two extra tourists.")
        else:
            notes.append("The repeat card counts as two more tourists of the other card's type.")
    if not free:
        names = ", ".join(printed(state, player, x) for x in matches)
        notes.append(f"Every matching location ({names}) already has tourists: mark one tourist of any type in any "
                     "empty location and draw one section anywhere.")
    if a == b:
        notes.append(f"Both cards show {a}: only one location matches.")
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
            return ("Start round: every player puts one card from their hand face down; all three are revealed "
                    "(no card is removed). Each player then secretly picks two of the three as their own round "
                    "cards on their phone.")
        return ("Start rounds 1 and 2: every player puts one card from their hand face down; all four are revealed. "
                "Each player secretly picks two of the four for round 1 and uses the other two in round 2.")
    if state.mode == "solo":
        return "Play one card from your hand and one face-up card of the sequence."
    active = state.active
    who = names[active]
    if state.mode == "team":
        partner = names[(active + 2) % 4]
        return (f"{who} places a card face up; {who}'s partner {partner} places two cards face up; {who} removes one "
                "of those two to the bottom of the deck.")
    if n == 2:
        return (f"{who} places a card face up; {names[1 - active]} places two cards face down; {who} reveals them "
                "and puts one at the bottom of the deck.")
    left, right = names[(active + 1) % n], names[(active - 1) % n]
    return (f"{who} places a card face up; {left} (left) and {right} (right) each place one face down; {who} "
            "reveals them and puts one of those two at the bottom of the deck.")


def rating_rows(state: ref.GameState) -> list[dict]:
    """Return each iconic landmark's marked boxes and current PP."""
    rows = []
    for lm in state.board.iconic():
        track = state.board.rating_track(lm.id) or (0,)
        marks = state.ratings.get(lm.id, 0)
        rows.append({"name": lm.name, "marks": marks, "top": len(track) - 1, "pp": track[min(marks, len(track) - 1)]})
    return rows


def turn_summary(state: ref.GameState, player: int, turn: ref.Turn) -> str:
    """Describe a played turn in the player's terms."""
    where = printed(state, player, turn.location)
    secs = "; ".join(section_label(state, player, s) for s in turn.segment)
    extra = f", {len(turn.bonus_sections)} bonus section(s)" if turn.bonus_sections else ""
    return f"{'Fallback: one tourist in ' if turn.fallback else 'Tourists in '}{where}; sections: {secs}{extra}."
