"""The round referee: a whole game as immutable states and the seed's five round steps as pure functions.

Every function takes a `GameState` and returns a new one plus the problems
found; a refused action returns the same state with at least one error. The
old state is never changed (a page can keep it for undo). Nothing raises on
bad input.

Game flow::

    state = new_game([Seat("Max", tile), Seat("Lena", tile2)], first=0)      # 24 cards in play
    state, problems = begin_round(state, (c1, c2, c3), discard=2)             # step 1
    state, problems = play_turn(state, 0, Turn((4, 5), "A", (s1, s2)))         # steps 2–4, each player
    state, problems = close_round(state)                                      # step 5
    doc = to_game_document(state)                                             # explore-ny-game/1

Readings where the seed is open (see NOTES.md): option A's second section
is any road at either end of the first; `+` extras are owed in the fallback
round too; cafes reached by any section of the turn (A, B, C or `+`) add
their symbols to this round's district, the fallback district included; a
cafe pays once, when first reached.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..core.problems import N_, Problem, error, has_errors
from ..core.schema import join_path, show
from .cards import CARDS_PER_ROUND, Card, deck_size, extra_sections, round_tourists
from .game import GAME_FORMAT
from .tile import COLOURS, ROADS, SIZE, Location, Point, Section, Tile, borders, is_road, roads_at
from .tiles import shipped_tiles, tile_to_json

DRAWINGS = ("A", "B", "C")


@dataclass(frozen=True)
class Seat:
    """A player at the table (clockwise order) and their tile."""

    name: str
    tile: Tile


@dataclass(frozen=True)
class Turn:
    """One player's steps 2–4: the chosen district, the drawing option and its sections, the `+` extras.

    `tourist` is the one symbol of the fallback (every matching district was taken); None otherwise.
    """

    district: Location
    drawing: str
    sections: tuple[Section, ...]
    extras: tuple[Section, ...] = ()
    tourist: str | None = None


@dataclass(frozen=True)
class PlayerState:
    """One player's tile markings. The dicts are never changed: every action builds new ones."""

    tourists: dict[Location, dict[str, int]]
    sections: tuple[Section, ...]
    cafes: frozenset[Point]

    def empty(self, location: Location) -> bool:
        """Tell whether a district has no tourist symbol yet."""
        return location not in self.tourists


@dataclass(frozen=True)
class Played:
    """A turn accepted this round, with what it caused (for undo and for pages)."""

    turn: Turn
    fallback: bool
    cafes: tuple[Point, ...]
    marked: dict[str, int]
    before: PlayerState


@dataclass(frozen=True)
class GameState:
    """The whole table: seats, deck, the round in play and every player's markings."""

    seats: tuple[Seat, ...]
    players: tuple[PlayerState, ...]
    deck_left: int
    active: int
    round: int = 0
    cards: tuple[Card, ...] | None = None  # the round's two coordinate cards; None between rounds
    discarded: Card | None = None
    played: tuple[Played | None, ...] = ()
    deck: tuple[Card, ...] | None = None  # a digital deck, top first; None when the table turns real cards
    finished: bool = False

    @property
    def last_round(self) -> bool:
        """Tell whether the round in play took the deck's last three cards."""
        return self.cards is not None and self.deck_left == 0


def new_game(seats: list[Seat] | tuple[Seat, ...], first: int = 0, deck: tuple[Card, ...] | None = None) -> GameState:
    """Start a game: empty tiles, the deck in play (27, or 24 with 2 or 4 players), `first` active."""
    seats = tuple(seats)
    left = len(deck) if deck is not None else deck_size(len(seats))
    blank = PlayerState({}, (), frozenset())
    return GameState(seats, tuple(blank for _ in seats), left - left % CARDS_PER_ROUND, first % max(1, len(seats)),
                     played=tuple(None for _ in seats), deck=deck)


# ---- step 1: three cards, one discarded ---------------------------------------------------------------------------

def next_cards(state: GameState) -> tuple[Card, ...]:
    """The next three cards of a digital deck (empty without one)."""
    return state.deck[:CARDS_PER_ROUND] if state.deck is not None else ()


def begin_round(state: GameState, drawn: tuple[Card, ...], discard: int) -> tuple[GameState, list[Problem]]:
    """The active player reveals three cards and discards one; the other two are the coordinate cards."""
    problems: list[Problem] = []
    if state.finished:
        problems.append(error("game-over", "", N_("The game is over: the deck has run out.")))
    elif state.cards is not None:
        problems.append(error("round-open", "", N_("Round {round} is still being played; close it first."),
                              round=state.round))
    elif state.deck_left < CARDS_PER_ROUND:
        problems.append(error("deck-empty", "", N_("The deck has no three cards left.")))
    if len(drawn) != CARDS_PER_ROUND:
        problems.append(error("three-cards", "cards", N_("The active player draws three cards, not {found}."),
                              found=len(drawn)))
    elif state.deck is not None and tuple(drawn) != next_cards(state):
        problems.append(error("not-the-top-cards", "cards", N_("These are not the top three cards of the deck.")))
    if not (type(discard) is int and 0 <= discard < CARDS_PER_ROUND):
        problems.append(error("bad-discard", "discard", N_("The discarded card is card 1, 2 or 3, not {value}."),
                              value=show(discard)))
    if problems:
        return state, problems
    cards = tuple(c for i, c in enumerate(drawn) if i != discard)
    deck = state.deck[CARDS_PER_ROUND:] if state.deck is not None else None
    return replace(state, cards=cards, discarded=drawn[discard], deck_left=state.deck_left - CARDS_PER_ROUND,
                   round=state.round + 1, played=tuple(None for _ in state.seats), deck=deck), []


# ---- steps 2–4: what a player may do -----------------------------------------------------------------------------

def _values(cards: tuple[Card, ...]) -> tuple[int | None, int | None]:
    """The two coordinate values (None for a `*`)."""
    return cards[0].value, cards[1].value


def empty_matches(state: GameState, seat: int) -> list[Location]:
    """The empty districts the round's coordinate cards name on a player's tile (step 2 a–c)."""
    if state.cards is None or not 0 <= seat < len(state.seats):
        return []
    player = state.players[seat]
    return [d for d in state.seats[seat].tile.matching(*_values(state.cards)) if player.empty(d)]


def must_fall_back(state: GameState, seat: int) -> bool:
    """Tell whether every matching district is taken (step 2 d: any empty district, one symbol, option C)."""
    return state.cards is not None and not empty_matches(state, seat)


def free_roads(player: PlayerState) -> list[Section]:
    """Roads not drawn yet on a tile."""
    drawn = set(player.sections)
    return [sec for sec in ROADS if sec not in drawn]


def a_options(player: PlayerState, district: Location) -> list[tuple[Section, Section]]:
    """Every legal option-A pair: a free road along the district, then a free road at either of its ends."""
    drawn = set(player.sections)
    pairs = []
    for first in (s for s in ROADS if district in borders(s) and s not in drawn):
        for end in first:
            for second in roads_at(end):
                if second != first and second not in drawn:
                    pairs.append((first, second))
    return sorted(set(pairs))


def cafes_reached(tile: Tile, circled: frozenset[Point], sections: tuple[Section, ...]) -> tuple[Point, ...]:
    """Cafes not circled yet that some of these sections reach."""
    ends = {p for sec in sections for p in sec}
    return tuple(sorted(c.at for c in tile.cafes if c.at in ends and c.at not in circled))


def _check_sections(secs: tuple[Section, ...], key: str, drawn: set[Section], seen: set[Section],
                    problems: list[Problem]) -> None:
    """Each section is a road, not drawn before and not twice in this turn."""
    for i, sec in enumerate(secs):
        path = join_path(key, i)
        if not is_road(sec):
            problems.append(error("not-a-road", path, N_("No road runs from {a} to {b}."), a=show(list(sec[0])),
                                  b=show(list(sec[1]))))
        elif sec in drawn:
            problems.append(error("already-drawn", path, N_("The road {a}–{b} is already drawn on this tile."),
                                  a=show(list(sec[0])), b=show(list(sec[1]))))
        elif sec in seen:
            problems.append(error("duplicate-section", path, N_("The road {a}–{b} is drawn twice in this turn."),
                                  a=show(list(sec[0])), b=show(list(sec[1]))))
        seen.add(sec)


def _check_drawing(turn: Turn, fallback: bool, player: PlayerState, problems: list[Problem]) -> None:
    """Option A (two sections from the district), B (one anywhere) or C (one anywhere, after the fallback)."""
    if turn.drawing not in DRAWINGS:
        problems.append(error("bad-drawing", "drawing", N_("The drawing option is A, B or C, not {value}."),
                              value=show(turn.drawing)))
        return
    if fallback and turn.drawing != "C":
        problems.append(error("fallback-draws-c", "drawing", N_(
            "Every matching district was taken: draw one section anywhere (option C).")))
    elif not fallback and turn.drawing == "C":
        problems.append(error("c-only-after-fallback", "drawing", N_(
            "Option C is only for a player who could mark just one symbol; choose A or B.")))
    wanted = 2 if turn.drawing == "A" else 1
    if len(turn.sections) != wanted:
        problems.append(error("wrong-section-count", "sections", N_(
            "Option {option} draws {wanted} section(s), not {found}."), option=turn.drawing, wanted=wanted,
                              found=len(turn.sections)))
        return
    drawn = set(player.sections)
    seen: set[Section] = set()
    _check_sections(turn.sections, "sections", drawn, seen, problems)
    if turn.drawing == "A" and not has_errors(problems):
        first, second = turn.sections
        if turn.district not in borders(first):
            problems.append(error("first-not-on-district", join_path("sections", 0), N_(
                "Option A starts along a border of the chosen district.")))
        elif not set(first) & set(second):
            problems.append(error("second-not-continuing", join_path("sections", 1), N_(
                "Option A's second section continues the first, straight on or turning 90° at one of its ends.")))


def check_turn(state: GameState, seat: int, turn: Turn) -> list[Problem]:
    """Every problem with a player's turn in the round in play (none: it may be played)."""
    problems: list[Problem] = []
    if state.cards is None:
        return [error("no-round", "", N_("No round is being played: the active player draws three cards first."))]
    if not (type(seat) is int and 0 <= seat < len(state.seats)):
        return [error("unknown-seat", "seat", N_("There is no player {seat} at this table."), seat=show(seat))]
    if state.played[seat] is not None:
        return [error("already-played", "seat", N_("{player} has already played this round."),
                      player=state.seats[seat].name)]
    player = state.players[seat]
    tile = state.seats[seat].tile
    matches = empty_matches(state, seat)
    fallback = not matches
    c, r = turn.district
    if not (1 <= c <= SIZE and 1 <= r <= SIZE):
        problems.append(error("district-off-map", "district", N_(
            "A district is [column, row] with both from 1 to {size}, not {at}."), size=SIZE, at=show([c, r])))
    elif not player.empty(turn.district):
        problems.append(error("district-taken", "district", N_(
            "District {district} already holds tourists; choose an empty district."),
                              district=_printed(tile, turn.district)))
    elif not fallback and turn.district not in matches:
        problems.append(error("district-not-matching", "district", N_(
            "District {district} does not match the coordinate cards; the empty matching districts are {options}."),
                              district=_printed(tile, turn.district),
                              options=", ".join(_printed(tile, d) for d in matches)))
    if fallback and turn.tourist not in COLOURS:
        problems.append(error("fallback-needs-tourist", "tourist", N_(
            "Every matching district is taken: mark one tourist symbol of your choice (red, green or blue).")))
    elif not fallback and turn.tourist is not None:
        problems.append(error("tourist-not-chosen", "tourist", N_(
            "The tourists come from the coordinate cards; a symbol is only chosen when every matching district "
            "is taken.")))
    _check_drawing(turn, fallback, player, problems)
    owed = extra_sections(state.cards)
    if len(turn.extras) != owed:
        problems.append(error("wrong-extra-count", "extras", N_(
            "The coordinate cards show {owed} +: draw exactly {owed} extra section(s), not {found}."), owed=owed,
                              found=len(turn.extras)))
    else:
        _check_sections(turn.extras, "extras", set(player.sections), set(turn.sections), problems)
    return problems


def _printed(tile: Tile, district: Location) -> str:
    """Name a district by its printed coordinates, as players read them: "X4 Y5"."""
    x, y = tile.printed(district)
    return f"X{x} Y{y}"


def _add(counts: dict[str, int], more: dict[str, int]) -> dict[str, int]:
    """Add tourist counts (a new dict)."""
    out = dict(counts)
    for colour, n in more.items():
        out[colour] = out.get(colour, 0) + n
    return {c: out[c] for c in COLOURS if out.get(c)}


def play_turn(state: GameState, seat: int, turn: Turn) -> tuple[GameState, list[Problem]]:
    """Mark the district's tourists (and any cafe's), draw the sections, circle the cafes reached."""
    problems = check_turn(state, seat, turn)
    if has_errors(problems):
        return state, problems
    player = state.players[seat]
    tile = state.seats[seat].tile
    fallback = must_fall_back(state, seat)
    marked = {turn.tourist: 1} if fallback else round_tourists(state.cards)
    new_sections = turn.sections + turn.extras
    reached = cafes_reached(tile, player.cafes, new_sections)
    for at in reached:
        marked = _add(marked, tile.cafe_at(at).counts())
    tourists = {**player.tourists, turn.district: _add({}, marked)}
    after = PlayerState(tourists, player.sections + new_sections, player.cafes | set(reached))
    played = Played(turn, fallback, reached, dict(marked), player)
    return replace(state, players=_put(state.players, seat, after), played=_put(state.played, seat, played)), problems


def undo_turn(state: GameState, seat: int) -> tuple[GameState, list[Problem]]:
    """Take back a player's turn while the round is still open."""
    if state.cards is None or not (type(seat) is int and 0 <= seat < len(state.seats)) or state.played[seat] is None:
        return state, [error("nothing-to-undo", "seat", N_("There is no turn of this round to take back."))]
    before = state.played[seat].before
    return replace(state, players=_put(state.players, seat, before), played=_put(state.played, seat, None)), []


def close_round(state: GameState) -> tuple[GameState, list[Problem]]:
    """Step 5: when everyone has played, discard the cards and pass the active role clockwise."""
    if state.cards is None:
        return state, [error("no-round", "", N_("No round is being played."))]
    waiting = [s.name for s, p in zip(state.seats, state.played, strict=True) if p is None]
    if waiting:
        return state, [error("players-waiting", "", N_("Still to play this round: {players}."),
                             players=", ".join(waiting))]
    return replace(state, cards=None, discarded=None, active=(state.active + 1) % len(state.seats),
                   played=tuple(None for _ in state.seats), finished=state.deck_left < CARDS_PER_ROUND), []


def _put(items: tuple, index: int, value: object) -> tuple:
    """A tuple with one item replaced."""
    return (*items[:index], value, *items[index + 1:])


def to_game_document(state: GameState) -> dict:
    """The table's sheets as `explore-ny-game/1` (routes left to the companion)."""
    known = shipped_tiles()
    players = []
    for seat, player in zip(state.seats, state.players, strict=True):
        tile = seat.tile.id if known.get(seat.tile.id) == seat.tile else tile_to_json(seat.tile)
        players.append({
            "player": seat.name, "tile": tile,
            "sections": [[list(a), list(b)] for a, b in player.sections],
            "tourists": [{"at": list(loc), **counts} for loc, counts in sorted(player.tourists.items())],
            "cafes": [list(p) for p in sorted(player.cafes)],
        })
    return {"format": GAME_FORMAT, "players": players}


__all__ = ["DRAWINGS", "GameState", "Played", "PlayerState", "Seat", "Turn", "a_options", "begin_round",
           "cafes_reached", "check_turn", "close_round", "empty_matches", "free_roads", "must_fall_back",
           "new_game", "next_cards", "play_turn", "to_game_document", "undo_turn"]
