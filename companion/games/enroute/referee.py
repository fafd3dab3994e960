"""The referee: a whole En Route game as immutable states and the rules of §3–§4 as pure functions.

Every function takes a `GameState` and returns a new one (the old one is
never changed) plus the problems found; a refused action returns the state
unchanged with at least one error `Problem` (code, path, message in the
player's terms, locations named by the printed coordinates of the player's own
board). Nothing here raises on bad input.

Game flow::

    state = new_game(board, [Seat("Aki", 2), Seat("Ben", 4)], level="full")
    state, problems = begin_round(state, (card_a, card_b))          # normal round
    state, problems = begin_start_rounds(state, placed, picks)       # 3–4 players, first round
    state, problems = play_turn(state, 0, Turn(location=(3, 4), segment=(sec1, sec2)))
    state, problems = undo_turn(state, 0)                            # until the round closes
    state, problems = close_round(state)                             # everyone has played
    doc = to_game_document(state)                                    # enroute-game/1, final_route null

World cities (rules in `cityplay` and the city's `cities/<city>/rules.py`):
`begin_round(..., choices=[k, None])` picks a choice card's group; London
opens with `startcards.choose_start` per player (secret), `reveal_start`; a Hong Kong
ferry turn gives `Turn(ferry_to=...)`; Cairo's remote tourists and ×
locations are in `PlayerState.remote` / `crossed`, Rio's statue in
`GameState.marks`.

Helpers for pages and the simulator: `check_turn` (all problems, no change),
`matching_locations` / `empty_matches` (after coordinate changes),
`segment_options` (every legal two-section segment), `bonus_sources` (unused
cafes and balance cards of a kind), `card_values`, `describe` (a location in
printed coordinates), `refresh_hand`, `to_sheet`. `GameState.active` is the
active player (of the next round while cards are being chosen; None in start
rounds); `PlayerState.turns` is the history of (round, Turn).

Readings where the seed is open, applied in the code:
- a repeat card beside a card with several tourist types: the player picks
  which of those types it doubles;
- bonus sections are drawn after the turn's segment, in the order given; a
  route-section cafe reached this turn (by the segment or an earlier bonus
  section) can pay for one; any new-tourists cafe reached this turn goes into
  this turn's location unless declined;
- a coordinate-change cafe helps only from the turn after it was reached
  (the location is chosen before drawing); balance cards also work in the
  simplified game, cafes do not.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from ..core.problems import N_, Problem, error, has_errors, warning
from . import geometry as geo
from .board import COLOURS, Board, PlayerBoard, board_to_json
from .cards import (
    RATING_MODES,
    RoundCard,
    colour_choices,
    mixed_cards,
    round_tourists,
    start_round_count,
    wrap_coordinate,
)
from .cards import active_player as _active_player
from .cityplay import add_remote, ferry_at, harbour_sections, open_cards, route_tourists, waterfront
from .cityrules import rating_modes, rules_for
from .game import GAME_FORMAT
from .geometry import Location, Point, Section
from .goals import GoalCard, goal_to_json
from .registry import shipped_board_ids
from .rows import LEVELS
from .sheet import ROUNDS, SHEET_FORMAT

BALANCE = "balance"  # a bonus source that is a balance card rather than a cafe
BALANCE_SIDES = ("section", "coordinate")
MODES = ("normal", "team", "solo")
Source = Point | str  # a cafe's intersection, or BALANCE


@dataclass(frozen=True)
class Seat:
    """A player at setup: name, dealt player board, balance cards (sides), personal goal."""

    name: str
    player_board: int
    balance: tuple[str, ...] = ()
    personal_goal: tuple[Point, Point, Point] | None = None
    start_card: tuple[str, str] | None = None  # London: the secret starting subway card (two station ids)


@dataclass(frozen=True)
class CoordinateChange:
    """Change one round card's value by ±1 (wrapping 6↔1) for this player only."""

    card: int  # 0 or 1: which round card
    delta: int  # +1 or -1
    source: Source


@dataclass(frozen=True)
class BonusSection:
    """One extra section drawn anywhere with a route-section bonus (cafe or balance card)."""

    section: Section
    source: Source
    colour: str | None = None  # Paris: a bonus section takes any of the three colours


@dataclass(frozen=True)
class Turn:
    """What a player does in the drawing phase.

    `colour`: the tourist type chosen when repeat cards leave a choice, or the
    one tourist of the all-occupied fallback. `fallback`: every matching
    location is occupied, so one tourist goes to any empty location and one
    section anywhere. `decline_cafe_tourists`: new-tourist cafes reached this
    turn whose tourists the player leaves unused (to keep their 2 PP).
    """

    location: Location
    segment: tuple[Section, ...]
    colour: str | None = None
    fallback: bool = False
    changes: tuple[CoordinateChange, ...] = ()
    bonus_sections: tuple[BonusSection, ...] = ()
    decline_cafe_tourists: tuple[Point, ...] = ()
    ferry_to: Location | None = None  # Hong Kong: the location chosen is a ferry; its tourists go here
    cafe: Point | None = None  # New York: the cafe to visit when this turn reaches several (one per round)
    section_colour: str | None = None  # Paris: the colour of this round's sections (one of the Paris card's two)
    route_change: tuple[Section, Section, str] | None = None  # Paris round bonus: erase, draw, colour
    tour_section: BonusSection | None = None  # Paris round bonus: one section of any colour (`colour`)


@dataclass(frozen=True)
class PlayerState:
    """One player's map and bonuses. Dicts are never mutated: every change builds a new state."""

    name: str
    player_board: int
    tourists: dict[Location, dict[str, int]] = field(default_factory=dict)
    sections: tuple[Section, ...] = ()
    cafes: dict[Point, str] = field(default_factory=dict)  # circled cafes: "unused" or "used" (struck)
    balance: tuple[tuple[str, bool], ...] = ()  # (side, used)
    hand_refreshed: bool = False
    personal_goal: tuple[Point, ...] | None = None
    played: bool = False  # has taken this round's turn
    before_turn: PlayerState | None = None  # for undo until the round closes
    turns: tuple[tuple[int, Turn], ...] = ()  # (round, turn) history
    crossed: tuple[Location, ...] = ()  # Cairo's × locations (two Cairo cards)
    remote: dict[str, dict[str, int]] = field(default_factory=dict)  # Cairo: remote space id -> tourists
    ferries: tuple[str, ...] = ()  # Hong Kong: the ferries this player has used (crossed out)
    start_card: tuple[str, str] | None = None  # London: secret until the reveal, then None
    start: tuple[str, Section] | None = None  # London: the chosen station and section, secret until the reveal
    cafe_bonus: dict[Point, str] = field(default_factory=dict)  # New York: what the cafe card gave at each cafe
    tickets: tuple[str, ...] = ()  # New York: the docks whose Statue of Liberty ticket is marked
    colours: dict[Section, str] = field(default_factory=dict)  # Paris: each drawn section's colour


@dataclass(frozen=True)
class GameState:
    """The table: board, options, round, ratings, every player, and this round's cards per player."""

    board: Board
    level: str
    rating_mode: str
    mode: str
    players: tuple[PlayerState, ...]
    first_player: int = 0
    round: int = 0  # the round being played (0 before the first)
    phase: str = "selection"  # "selection" (cards not chosen yet), "drawing", "over"
    cards: tuple[tuple[RoundCard, RoundCard] | None, ...] = ()  # this round's two cards, per player
    later_cards: tuple[tuple[RoundCard, RoundCard] | None, ...] = ()  # 4 players: round 2's start cards
    ratings: dict[str, int] = field(default_factory=dict)
    goals: tuple[GoalCard, ...] = ()
    marks: dict[str, tuple[int, ...]] = field(default_factory=dict)  # coordinate tracks (Rio's statue)
    hotspot_cards: tuple[str, ...] = ()  # New York: the hotspot card backs shown at setup
    hotspots: frozenset[Section] = frozenset()  # New York: their hotspot roads (two section allowances each)
    cafe_card: str | None = None  # New York: the cafe card revealed for this round (a `cafe_card` feature id)
    tours: tuple[str, ...] = ()  # Paris: the revealed thematic tours (one per bonus area)
    boxes: dict[str, int] = field(default_factory=dict)  # Paris: marked boxes per bonus area (colour)
    area: str | None = None  # Paris: this round's active bonus area

    @property
    def start_rounds(self) -> int:
        """How many start rounds this game has (3 players: 1, 4 players: 2, team/solo: 0)."""
        return start_round_count(len(self.players), self.mode)

    @property
    def active(self) -> int | None:
        """The active player now, or of the next round while cards are chosen (None in start rounds)."""
        number = self.round + 1 if self.phase == "selection" else self.round
        return _active_player(max(number, 1), len(self.players), self.first_player, self.start_rounds)

    def cafes_in_play(self) -> bool:
        """Cafes count at the intermediate and full levels, not in the simplified game."""
        return self.level != "simplified"


def new_game(board: Board, seats: list[Seat], level: str = "full", rating_mode: str = "standard",
             mode: str = "normal", goals: tuple[GoalCard, ...] = (), first_player: int = 0,
             hotspot_cards: tuple[str, ...] = ()) -> GameState:
    """Start a game; advanced rating mode marks one upgrade box per iconic landmark (the purple corners)."""
    if level not in LEVELS or rating_mode not in RATING_MODES or mode not in MODES:
        raise ValueError(f"unknown level/rating mode/mode: {level!r}, {rating_mode!r}, {mode!r}")
    allowed = rating_modes(board, mode)  # Paris: advanced, but its solo game standard
    if rating_mode not in allowed:
        raise ValueError(f"{board.name} is played in {' or '.join(allowed)} rating mode only")
    if not seats or not 0 <= first_player < len(seats):
        raise ValueError("a game needs players and a first active player among them")
    players = tuple(PlayerState(s.name, s.player_board, balance=tuple((side, False) for side in s.balance),
                                personal_goal=s.personal_goal if level != "simplified" else None,
                                start_card=s.start_card if board.start_cards else None)
                    for s in seats)
    tracks = [k for k, _ in board.ratings] if board.version == 2 else [lm.id for lm in board.iconic()]
    ratings = {k: (1 if rating_mode == "advanced" else 0) for k in tracks}
    hot = frozenset(sec for f in board.features_of("hotspot_card") if f.id in hotspot_cards for sec in f.sections)
    return GameState(board, level, rating_mode, mode, players, first_player, ratings=ratings,
                     goals=tuple(goals) if level == "full" else (), cards=tuple(None for _ in seats),
                     later_cards=tuple(None for _ in seats), hotspot_cards=tuple(hotspot_cards), hotspots=hot)


def _next_round_ok(state: GameState, path: str) -> list[Problem]:
    """Refuse to open a round while one is being played or after the last."""
    if state.phase == "drawing":
        return [error("round-open", path, f"Round {state.round} is still being played; close it first.")]
    if state.phase == "over" or state.round >= ROUNDS:
        return [error("game-over", path, f"The game is over: all {ROUNDS} rounds are played.")]
    return []


def begin_round(state: GameState, cards: tuple[RoundCard, RoundCard], rating_moves: list[str] | None = None,
                choices: list[int | None] | None = None) -> tuple[GameState, list[Problem]]:
    """Open a normal round with the two round cards; adjust iconic ratings once per symbol.

    Standard mode marks the next upgrade box for each symbol. Advanced mode
    needs the active player's choice per symbol in `rating_moves`. `choices[i]`
    is the active player's group for card i when it is a choice card ("OR").
    """
    problems = _next_round_ok(state, "cards") + _start_pending(state, "cards")
    number = state.round + 1
    rules = rules_for(state.board)
    if number <= state.start_rounds and not rules.shared_start_rounds:
        problems.append(error("start-round", "cards",
                              f"Round {number} is a start round: every player places a card and picks two "
                              "(use begin_start_rounds)."))
    if len(cards) != 2:
        problems.append(error("two-cards", "cards", f"A round has two round cards, not {len(cards)}."))
    problems += _one_type_each(cards, "cards")
    if problems:
        return state, problems
    start = number <= state.start_rounds  # a shared start round (Paris): ratings only go up
    moves = rating_moves if state.rating_mode == "advanced" and not start else None
    ratings, marks, found = open_cards(state.board, state.ratings, state.marks, cards, choices, moves,
                                       "standard" if start else state.rating_mode, start_round=start)
    if found:
        return state, found
    pair = (cards[0], cards[1])
    extra = rules.on_open(state, pair) if rules.on_open is not None else {}
    return replace(state, round=number, phase="drawing", ratings=ratings, marks=marks,
                   cards=tuple(pair for _ in state.players), **extra), []


def _one_type_each(cards: list[RoundCard] | tuple[RoundCard, ...], path: str) -> list[Problem]:
    """Refuse a round card showing tourists of several types: city and global cards show one type (seed ~l.219)."""
    return [error("one-tourist-type", f"{path}[{i}]", N_("A round card shows tourists of one type; card {n} "
                                                         "shows {types}."),
                  n=i + 1, types=", ".join(c for c, _ in cards[i].tourists)) for i in mixed_cards(cards)]


def placed_ratings(state: GameState, placed: list[RoundCard],
                   choices: list[int | None] | None = None) -> tuple[dict[str, int], list[Problem]]:
    """Return the ratings once the start-round cards are placed and revealed, before anyone picks.

    The seed (~l.486–488, ~l.504–506) upgrades the ratings for the revealed cards' iconic symbols when the cards
    are placed, so players pick while seeing the new ratings (start rounds only upgrade, also in advanced mode).
    """
    ratings, _, problems = placed_marks(state, placed, choices)
    return ratings, problems


def placed_marks(state: GameState, placed: list[RoundCard], choices: list[int | None] | None = None
                 ) -> tuple[dict[str, int], dict[str, tuple[int, ...]], list[Problem]]:
    """Return the ratings and coordinate marks after the placed start cards (each owner chooses for a choice card).

    Owners choose in turn order from the first active player (the reference card's green side), seed ~l.786.
    """
    n = len(placed)
    order = [(state.first_player + k) % n for k in range(n)] if n else []
    cards = [placed[i] for i in order]
    picks = [choices[i] if choices is not None and i < len(choices) else None for i in order]
    ratings, marks, problems = open_cards(state.board, state.ratings, state.marks, cards, picks, None, "standard",
                                          start_round=True, path="placed")
    back = {f"choices[{k}]": f"choices[{i}]" for k, i in enumerate(order)}  # paths name the owner's seat
    back.update({f"placed[{k}]": f"placed[{i}]" for k, i in enumerate(order)})
    return ratings, marks, [replace(p, path=back.get(p.path, p.path)) for p in problems]


def begin_start_rounds(state: GameState, placed: list[RoundCard], picks: list[tuple[int, int]],
                       choices: list[int | None] | None = None) -> tuple[GameState, list[Problem]]:
    """Open the start round(s): one card per player, all revealed; each player picks 2 of them by index.

    Ratings go up for every revealed card's symbols (start rounds only
    upgrade, also in advanced mode). With 4 players the two cards a player did
    not pick are that player's round cards in round 2.
    """
    problems = _next_round_ok(state, "placed") + _start_pending(state, "placed")
    n = len(state.players)
    if state.round != 0 or state.start_rounds == 0:
        problems.append(error("no-start-round", "placed",
                              "Start rounds open a 3- or 4-player game (not team or solo games)."))
    if len(placed) != n:
        problems.append(error("one-card-each", "placed",
                              f"Each of the {n} players places one card, not {len(placed)}."))
    if len(picks) != n:
        problems.append(error("one-pick-each", "picks", f"Each of the {n} players picks two cards."))
    problems += _one_type_each(placed, "placed")
    for i, pick in enumerate(picks):
        if len(set(pick)) != 2 or not all(0 <= k < len(placed) for k in pick):
            problems.append(error("bad-pick", f"picks[{i}]",
                                  f"{state.players[i].name if i < n else 'A player'} picks two different cards "
                                  f"among the {len(placed)} placed (numbers 0 to {len(placed) - 1})."))
    if problems:
        return state, problems
    ratings, marks, found = placed_marks(state, placed, choices)
    if found:
        return state, found
    chosen = tuple((placed[a], placed[b]) for a, b in picks)
    later = tuple(tuple(placed[k] for k in range(n) if k not in pick) for pick in picks) \
        if state.start_rounds == 2 else tuple(None for _ in picks)
    return replace(state, round=1, phase="drawing", ratings=ratings, marks=marks, cards=chosen,
                   later_cards=later), []


def _start_pending(state: GameState, path: str) -> list[Problem]:
    """Refuse to open the first round before London's starting sections are drawn and revealed."""
    waiting = [p.name for p in state.players if p.start_card is not None]
    if not waiting:
        return []
    return [error("start-sections-pending", path,
                  N_("First every player draws a section from a station of their starting subway card and the "
                     "sections are revealed together; waiting for {names}."), names=", ".join(waiting))]


def close_round(state: GameState, turns_required: bool = True) -> tuple[GameState, list[Problem]]:
    """Upkeep: everyone has played; undo is no longer possible; the next round (or the end) comes.

    `turns_required=False` is for a table that uses only the round tracker (its players draw on paper and
    enter their sheets at the end): the round closes whoever has not entered a turn.
    """
    if state.phase != "drawing":
        return state, [error("no-round", "round", "No round is being played.")]
    waiting = [p.name for p in state.players if not p.played]
    if waiting and turns_required:
        return state, [error("turns-missing", "round",
                             f"Round {state.round} is not finished: waiting for {', '.join(waiting)}.")]
    players = tuple(replace(p, played=False, before_turn=None) for p in state.players)
    if state.round == 1 and state.start_rounds == 2 and not rules_for(state.board).shared_start_rounds:
        # 4 players: round 2 uses each player's two other start cards; nothing is discarded in between
        return replace(state, players=players, round=2, cards=state.later_cards,
                       later_cards=tuple(None for _ in players)), []
    phase = "over" if state.round >= ROUNDS else "selection"
    return replace(state, players=players, phase=phase, cards=tuple(None for _ in players)), []


def refresh_hand(state: GameState, player: int) -> tuple[GameState, list[Problem]]:
    """Record a player's hand refresh (once per game; the cards themselves are the table's)."""
    if not 0 <= player < len(state.players):
        return state, [error("no-player", "player", f"There is no player {player}.")]
    me = state.players[player]
    if me.hand_refreshed:
        return state, [error("refresh-used", "player",
                             f"{me.name} has already refreshed their hand this game (the city symbol is circled).")]
    return _with_player(state, player, replace(me, hand_refreshed=True)), []


def _with_player(state: GameState, index: int, player: PlayerState) -> GameState:
    """Return the state with one player replaced."""
    players = list(state.players)
    players[index] = player
    return replace(state, players=tuple(players))


def player_board_of(state: GameState, player: int) -> PlayerBoard:
    """Return a player's printed player board (the first one if the number is unknown)."""
    pb = state.board.player_board(state.players[player].player_board)
    return pb if pb is not None else state.board.player_boards[0]


def describe(state: GameState, player: int, location: Location) -> str:
    """Name a location by the printed coordinates of the player's own board."""
    col, row = player_board_of(state, player).printed(location)
    return f"location ({col}, {row})"


def card_values(cards: tuple[RoundCard, RoundCard], changes: tuple[CoordinateChange, ...]) -> tuple[int, int]:
    """Return the two round-card values after a player's coordinate changes."""
    values = [cards[0].coordinate, cards[1].coordinate]
    for ch in changes:
        if ch.card in (0, 1) and ch.delta in (-1, 1):
            values[ch.card] = wrap_coordinate(values[ch.card] + ch.delta)
    return values[0], values[1]


def matching_locations(state: GameState, player: int, changes: tuple[CoordinateChange, ...] = ()) -> list[Location]:
    """Return the locations whose printed coordinates on the player's board match the round cards ((a,b) or (b,a))."""
    cards = state.cards[player] if state.cards else None
    if cards is None:
        return []
    a, b = card_values(cards, changes)
    return player_board_of(state, player).locations_for(a, b)


def empty_matches(state: GameState, player: int, changes: tuple[CoordinateChange, ...] = ()) -> list[Location]:
    """Return the matching locations that are still empty (the player's choices this turn).

    A used ferry, or a ferry whose waterfront is full, cannot carry tourists: it counts as occupied.
    """
    me = state.players[player]
    used = {f.locations[0] for f in state.board.features_of("ferry") if f.locations and (
        f.id in me.ferries or all(x in me.tourists or x in me.crossed for x in waterfront(f)))}
    return [loc for loc in matching_locations(state, player, changes)
            if loc not in me.tourists and loc not in me.crossed and loc not in used]


def bonus_sources(state: GameState, player: int, kind: str) -> list[Source]:
    """Return the unused bonus sources of one kind held before a turn: circled cafes, then balance cards.

    A city with immediate route-section cafes (Hong Kong) lists none: they pay only in the turn they are reached.
    """
    me = state.players[player]
    found: list[Source] = []
    if state.cafes_in_play() and not (kind == "section" and rules_for(state.board).immediate_section_cafe):
        found += [at for at, st in sorted(me.cafes.items())
                  if st == "unused" and me.cafe_bonus.get(at, state.board.cafe_at(at).bonus) == kind]
    found += [BALANCE for side, used in me.balance if side == kind and not used]
    return found


def segment_options(board: Board, drawn: set[Section] | frozenset[Section],
                    location: Location) -> list[tuple[Section, Section]]:
    """Return every two-section segment next to a location: connected, undrawn, one along its side."""
    harbour = harbour_sections(board)  # a harbour crossing is never part of a two-section segment
    drawn = set(drawn) | harbour
    sides = [sec for sec in board.roads if location in board.borders(sec) and sec not in drawn]
    found: set[tuple[Section, Section]] = set()
    for first in sides:
        for end in first:
            for other in board.neighbours(end):
                second = geo.section(end, other)
                if second != first and second not in drawn:
                    found.add(tuple(sorted((first, second))))
    return sorted(found)


def _is_segment(board: Board, secs: tuple[Section, ...], location: Location) -> bool:
    """Tell whether two sections are connected (straight or L) with one along a side of the location."""
    a, b = secs
    return a != b and bool(set(a) & set(b)) and any(location in board.borders(s) for s in secs)


def _colours(board: Board) -> tuple[str, ...]:
    """Return the tourist colours a city uses (purple only where purple landmarks exist)."""
    return tuple(c for c in COLOURS if c != "purple" or "purple" in board.kinds_present())


def check_turn(state: GameState, player: int, turn: Turn) -> list[Problem]:
    """Return every problem with a turn (empty list: the turn is legal)."""
    return _referee_turn(state, player, turn)[1]


def play_turn(state: GameState, player: int, turn: Turn) -> tuple[GameState, list[Problem]]:
    """Play a player's turn if it is legal; otherwise return the state unchanged with the problems."""
    new, problems = _referee_turn(state, player, turn)
    return (state, problems) if has_errors(problems) else (new, problems)


def undo_turn(state: GameState, player: int) -> tuple[GameState, list[Problem]]:
    """Take back a player's turn of the round being played (until the round closes)."""
    if not 0 <= player < len(state.players):
        return state, [error("no-player", "player", f"There is no player {player}.")]
    me = state.players[player]
    if state.phase != "drawing" or me.before_turn is None:
        return state, [error("nothing-to-undo", "player",
                             f"{me.name} has no turn to take back in this round (a closed round cannot be undone).")]
    return _with_player(state, player, me.before_turn), []


def _referee_turn(state: GameState, player: int, turn: Turn) -> tuple[GameState, list[Problem]]:
    """Check a turn against §3–§4 and build the state after it; problems say what is wrong."""
    if not 0 <= player < len(state.players):
        return state, [error("no-player", "player", f"There is no player {player}.")]
    me = state.players[player]
    if state.phase != "drawing":
        return state, [error("no-round", "turn", "No round is being played: the round cards are not chosen yet.")]
    if me.played:
        return state, [error("already-played", "turn",
                             f"{me.name} has already played round {state.round}; undo that turn to change it.")]
    board = state.board
    problems: list[Problem] = []
    cafes = dict(me.cafes)
    given = dict(me.cafe_bonus)  # New York: what the cafe card gave at each card cafe
    balance = list(me.balance)
    _use_changes(state, player, turn, cafes, balance, problems, given)
    loc = _as_location(turn.location)
    if loc is None or not (1 <= loc[0] <= board.cols and 1 <= loc[1] <= board.rows):
        problems.append(error("location-off-map", "turn.location", f"{turn.location!r} is not a location of the map."))
        return state, problems
    cards = state.cards[player]
    a, b = card_values(cards, turn.changes)
    where = describe(state, player, loc)
    ferry = ferry_at(board, loc)
    if loc in me.tourists or loc in me.crossed:
        problems.append(error("location-occupied", "turn.location",
                              f"{where} already has tourists; choose a location that was empty at the start of "
                              "your turn."))
    elif ferry is not None and ferry.id in me.ferries:
        problems.append(error("ferry-used", "turn.location",
                              N_("The ferry at {where} is already crossed out: each ferry carries tourists once per "
                                 "game."), where=where))
    free = empty_matches(state, player, turn.changes)
    if turn.fallback:
        if free:
            names = " or ".join(describe(state, player, x) for x in free)
            problems.append(error("fallback-not-allowed", "turn.fallback",
                                  f"Not every location matching {a} and {b} is occupied: {names} is empty, so "
                                  "mark the round's tourists there."))
        if turn.colour not in _colours(board):
            problems.append(error("fallback-colour", "turn.colour",
                                  f"When every matching location is occupied, mark one tourist of any type: choose "
                                  f"one of {', '.join(_colours(board))}."))
        tourists = {turn.colour: 1} if turn.colour in _colours(board) else {}
    else:
        if loc not in matching_locations(state, player, turn.changes):
            cands = " and ".join(describe(state, player, x) for x in matching_locations(state, player, turn.changes))
            problems.append(error("location-not-matching", "turn.location",
                                  f"{where} does not match the round cards {a} and {b} on your board "
                                  f"(player board {me.player_board}); the matching locations are {cands}."))
        tourists = _marked_tourists(board, cards, turn, problems)
    remote: dict[str, dict[str, int]] = {}
    cross = False
    if not turn.fallback:  # Cairo cards send their tourists to the remote spaces
        tourists, remote, cross = route_tourists(board, cards, tourists)
    target = _ferry_target(state, player, turn, loc, ferry, problems)
    drawn = set(me.sections)
    hook = rules_for(board).check_segment  # New York: three-section lines and hotspots
    merged: frozenset[int] = frozenset()
    if hook is not None:
        new_secs, merged = hook(state, player, turn, target, drawn, problems)
    else:
        new_secs = _check_segment(state, player, turn, target, drawn, problems)
    gained: list[Point] = []
    _visit_cafes(state, new_secs, cafes, gained, turn.cafe)
    immediate = rules_for(board).immediate_section_cafe
    harbour = harbour_sections(board)
    for i, bonus in enumerate(turn.bonus_sections):
        path = f"turn.bonus_sections[{i}]"
        if i in merged:  # it pays a hotspot's second section allowance: its section is drawn once, by another
            _spend(state, bonus.source, "section", cafes, balance, path, problems, _card_gains(state, gained, given))
            continue
        sec = _check_new_section(board, bonus.section, drawn | set(new_secs), path, problems)
        at = tuple(bonus.source) if isinstance(bonus.source, (tuple, list)) else None
        if immediate and at is not None and me.cafes.get(at) == "unused":
            problems.append(error("cafe-not-immediate", f"{path}.source",
                                  N_("The route-section cafe at {at} pays only in the turn it is reached; kept "
                                     "unused it is worth 2 PP at the end."), at=list(at)))
            continue
        if sec in harbour and (at is None or at not in gained):
            problems.append(error("harbour-bonus", path,
                                  N_("A harbour crossing is drawn as the turn's only section, or with a route-section "
                                     "cafe reached this turn; never after the segment with another bonus.")))
            continue
        paid = _spend(state, bonus.source, "section", cafes, balance, path, problems, _card_gains(state, gained, given))
        if not paid:
            continue
        if sec is not None:
            new_secs.append(sec)
            _visit_cafes(state, [sec], cafes, gained, turn.cafe)
    erased: Section | None = None
    colours: dict[Section, str] = dict(me.colours)
    hook = rules_for(board).on_turn
    if hook is not None and not has_errors(problems):  # Paris: section colours and the round bonuses
        changes, found = hook(state, player, turn, list(new_secs), target, dict(tourists))
        problems += found
        tourists = changes.get("tourists", tourists)
        colours.update(changes.get("colours", {}))
        erased = changes.get("erased")
        for sec in changes.get("sections", ()):
            new_secs.append(sec)
            _visit_cafes(state, [sec], cafes, gained, turn.cafe)
    tourists = dict(tourists)
    declined = set()
    for raw in turn.decline_cafe_tourists:
        at = _as_location(raw)
        if at not in gained or _card_gains(state, gained, given).get(at, board.cafe_at(at).bonus) \
                not in ("tourists", "ticket"):
            problems.append(error("decline-not-a-tourist-cafe", "turn.decline_cafe_tourists",
                                  f"No new-tourists cafe at {list(at) if at else raw!r} is reached by this turn's "
                                  "sections."))
        declined.add(at)
    tickets = list(me.tickets)
    given = _card_gains(state, gained, given)
    for at in gained:
        cafe = board.cafe_at(at)
        if cafe.bonus == "card":  # New York: the round's cafe card gives the bonus
            _card_cafe(state, at, declined, cross, tourists, cafes, tickets, problems)
        elif cafe.bonus == "tourists" and at not in declined and not cross:  # never into a × location
            for colour, n in cafe.tourists:  # immediate: into this turn's location
                tourists[colour] = tourists.get(colour, 0) + n
            cafes[at] = "used"
    if has_errors(problems):
        return state, problems
    marked = dict(me.tourists)
    if not cross:
        marked[target] = tourists
    kept = tuple(s for s in me.sections + tuple(new_secs) if s != erased)  # a route change erases one
    colours.pop(erased, None)
    after = replace(me, tourists=marked, sections=kept, cafes=cafes, colours=colours,
                    balance=tuple(balance), cafe_bonus=given, tickets=tuple(tickets), played=True, before_turn=me,
                    turns=(*me.turns, (state.round, turn)), remote=add_remote(me.remote, remote),
                    crossed=me.crossed + ((loc,) if cross else ()),
                    ferries=me.ferries + ((ferry.id,) if ferry is not None and target != loc else ()))
    return _with_player(state, player, after), problems


def _ferry_target(state: GameState, player: int, turn: Turn, loc: Location, ferry,
                  problems: list[Problem]) -> Location:
    """Return where the turn's tourists go: the location, or the waterfront location a ferry carries them to."""
    if ferry is None:
        if turn.ferry_to is not None:
            problems.append(error("not-a-ferry", "turn.ferry_to",
                                  N_("{where} is not a ferry; mark the tourists there."),
                                  where=describe(state, player, loc)))
        return loc
    me = state.players[player]
    places = [x for x in waterfront(ferry) if x not in me.tourists and x not in me.crossed]
    names = ", ".join(describe(state, player, x) for x in places) or "none"
    to = _as_location(turn.ferry_to)
    if to is None or to not in places:
        problems.append(error("ferry-destination", "turn.ferry_to",
                              N_("{where} is a ferry: no tourists there. Choose an empty waterfront location for "
                                 "the tourists and draw the segment from it: {places}."),
                              where=describe(state, player, loc), places=names))
        return loc
    return to


def _as_location(value: object) -> Location | None:
    """Read a location given as a pair of integers, or None."""
    try:
        c, r = value
    except (TypeError, ValueError):
        return None
    return (c, r) if isinstance(c, int) and isinstance(r, int) else None


def _use_changes(state: GameState, player: int, turn: Turn, cafes: dict[Point, str],
                 balance: list[tuple[str, bool]], problems: list[Problem], given: dict | None = None) -> None:
    """Check and spend the coordinate-change bonuses (only those held at the start of the turn)."""
    for i, ch in enumerate(turn.changes):
        path = f"turn.changes[{i}]"
        if ch.card not in (0, 1) or ch.delta not in (-1, 1):
            problems.append(error("bad-change", path,
                                  "A coordinate change moves one round card (first or second) by +1 or −1."))
            continue
        _spend(state, ch.source, "coordinate", cafes, balance, path, problems, given)


def _spend(state: GameState, source: Source, kind: str, cafes: dict[Point, str], balance: list[tuple[str, bool]],
           path: str, problems: list[Problem], given: dict | None = None) -> bool:
    """Strike a cafe bonus or use a balance card of the given kind; refuse if it is not available."""
    what = {"section": "route-section", "coordinate": "coordinate-change"}[kind]
    if source == BALANCE:
        for k, (side, used) in enumerate(balance):
            if side == kind and not used:
                balance[k] = (side, True)
                return True
        problems.append(error("no-balance-card", path, f"You have no unused {what} balance card."))
        return False
    at = tuple(source) if isinstance(source, (tuple, list)) else None
    cafe = state.board.cafe_at(at) if at is not None and state.cafes_in_play() else None
    if cafe is None or (given or {}).get(at, cafe.bonus) != kind:
        problems.append(error("not-a-bonus", path, f"There is no {what} cafe at {source!r}."))
        return False
    if cafes.get(at) != "unused":
        if cafes.get(at) == "used":
            why = "already used (struck through)"
        elif kind == "coordinate":
            why = ("not circled before this turn; a coordinate change comes before choosing the location, so a "
                   "cafe reached this turn helps from your next turn")
        else:
            why = "not visited yet"
        problems.append(error("bonus-not-available", path, f"The {what} cafe at {list(at)} is {why}."))
        return False
    cafes[at] = "used"
    return True


def _marked_tourists(board: Board, cards: tuple[RoundCard, RoundCard], turn: Turn,
                     problems: list[Problem]) -> dict[str, int]:
    """Return the round's tourists for this player, checking the repeat-card colour choice."""
    choices = colour_choices(cards, _colours(board))
    if choices and turn.colour not in choices:
        problems.append(error("choose-colour", "turn.colour", "Choose a tourist type (two repeat cards: mark two "
                              f"tourists of one type): {', '.join(choices)}."))
        return {}
    return round_tourists(cards, turn.colour)


def _check_new_section(board: Board, raw: Section, taken: set[Section], path: str,
                       problems: list[Problem]) -> Section | None:
    """Check one section to draw: a road of the map, not drawn yet."""
    try:
        sec = geo.section(tuple(raw[0]), tuple(raw[1]))
        if not all(type(v) is int for p in sec for v in p) or any(len(p) != 2 for p in sec):
            raise TypeError("not two pairs of whole numbers")
    except (TypeError, IndexError, ValueError):
        problems.append(error("bad-section", path, f"A section is two intersections, not {raw!r}."))
        return None
    if not board.is_road(sec):
        problems.append(error("not-a-road", path, f"No road runs from {list(sec[0])} to {list(sec[1])}."))
        return None
    if sec in taken:
        problems.append(error("section-taken", path, f"The section {list(sec[0])}–{list(sec[1])} is already drawn; "
                              "a section can never be drawn where one already is."))
        return None
    return sec


def _check_segment(state: GameState, player: int, turn: Turn, loc: Location, drawn: set[Section],
                   problems: list[Problem]) -> list[Section]:
    """Check the turn's route segment: two connected sections next to the location, or one anywhere."""
    secs: list[Section] = []
    for i, raw in enumerate(turn.segment):
        sec = _check_new_section(state.board, raw, drawn | set(secs), f"turn.segment[{i}]", problems)
        if sec is not None:
            secs.append(sec)
    if len(turn.segment) == 0 or len(turn.segment) > 2:
        problems.append(error("segment-size", "turn.segment",
                              f"Draw two connected sections next to your location, or one section anywhere, "
                              f"not {len(turn.segment)}."))
    elif len(turn.segment) == 2 and turn.fallback:
        problems.append(error("fallback-one-section", "turn.segment",
                              "When every matching location is occupied you draw one section anywhere, not two."))
    elif any(sec in harbour_sections(state.board) for sec in secs) and len(turn.segment) == 2:
        problems.append(error("harbour-in-segment", "turn.segment",
                              N_("A harbour crossing is never part of a two-section segment: draw it as the turn's "
                                 "only section, or with a route-section cafe reached this turn.")))
    elif len(secs) == 2 and not _is_segment(state.board, tuple(secs), loc):
        where = describe(state, player, loc)
        problems.append(error("segment-not-next", "turn.segment",
                              f"Two sections must be connected (straight or L-shaped) with at least one along a "
                              f"side of your {where}; otherwise draw one section anywhere."))
    return secs


def _visit_cafes(state: GameState, secs: list[Section], cafes: dict[Point, str], gained: list[Point],
                 choice: Point | None = None) -> None:
    """Circle every cafe a new section reaches (once per cafe), noting what was gained this turn.

    New York's card cafes: at most one per round (turn), the chosen one when given, else the first reached.
    """
    if not state.cafes_in_play():
        return
    for sec in secs:
        for p in sec:
            cafe = state.board.cafe_at(p)
            if cafe is None or p in cafes:
                continue
            if cafe.bonus == "card" and (any(state.board.cafe_at(g).bonus == "card" for g in gained)
                                         or (choice is not None and tuple(choice) != p)):
                continue
            cafes[p] = "unused"
            gained.append(p)


def _card_gains(state: GameState, gained: list[Point], given: dict[Point, str]) -> dict[Point, str]:
    """What each cafe gave, with the card cafes reached this turn taking the revealed cafe card's bonus."""
    card = state.board.feature("cafe_card", state.cafe_card)
    out = dict(given)
    for at in gained:
        if state.board.cafe_at(at).bonus == "card" and card is not None:
            out[at] = card.param("bonus")
    return out


def _card_cafe(state: GameState, at: Point, declined: set, cross: bool, tourists: dict[str, int],
               cafes: dict[Point, str], tickets: list[str], problems: list[Problem]) -> None:
    """New York: the revealed cafe card's bonus at a cafe reached this turn (tourists and tickets at once)."""
    card = state.board.feature("cafe_card", state.cafe_card)
    if card is None:  # a table not tracking the cafe deck: the cafe is circled, its bonus left to the sheet
        problems.append(warning("no-cafe-card", "turn",
                                N_("The cafe at {at} takes its bonus from this round's cafe card, but none is "
                                   "revealed; reveal the top cafe card first."), at=list(at)))
        return
    bonus = card.param("bonus")
    if bonus == "tourists" and at not in declined and not cross:
        for colour, n in card.param("tourists") or ():
            tourists[colour] = tourists.get(colour, 0) + n
        cafes[at] = "used"
    elif bonus == "ticket" and at not in declined:
        dock = card.param("dock")
        if dock not in tickets:
            tickets.append(dock)
        cafes[at] = "used"


def to_sheet(state: GameState, player: int) -> dict:
    """Write one player's markings as `enroute-sheet/1` (final_route null: chosen at scoring)."""
    me = state.players[player]
    tourists = [{"at": list(loc), **{c: n for c, n in counts.items() if n}}
                for loc, counts in sorted(me.tourists.items()) if any(counts.values())]
    extra: dict = {}
    if me.crossed:
        extra["crossed"] = [list(loc) for loc in sorted(me.crossed)]
    if me.remote:
        extra["remote"] = {k: dict(v) for k, v in sorted(me.remote.items())}
    if me.tickets and state.cafes_in_play():
        extra["tickets"] = list(me.tickets)
    if me.colours:
        extra["colours"] = [me.colours.get(sec, "red") for sec in me.sections]
    return {"format": SHEET_FORMAT, "player": me.name, "player_board": me.player_board,
            "sections": [[list(a), list(b)] for a, b in me.sections], "final_route": None,
            "tourists": tourists,
            "cafes": [{"at": list(at), "state": st} | ({"bonus": me.cafe_bonus[at]} if at in me.cafe_bonus else {})
                      for at, st in sorted(me.cafes.items())]
            if state.cafes_in_play() else [],
            "personal_goal": [list(p) for p in me.personal_goal]
            if me.personal_goal is not None and state.level != "simplified" else None} | extra


def to_game_document(state: GameState) -> dict:
    """Write the game as `enroute-game/1` for `scoring.score_game` (inline board if it is not shipped)."""
    board = state.board.id if state.board.id in shipped_board_ids() else board_to_json(state.board)
    marks = {"marks": {k: list(v) for k, v in sorted(state.marks.items())}} if state.marks else {}
    if state.tours:
        marks["tours"] = {state.board.feature("tour", t).param("colour"): t for t in state.tours}
    return {"format": GAME_FORMAT, "board": board, "level": state.level,
            "ratings": dict(sorted(state.ratings.items())), **marks,
            "goals": [goal_to_json(g) for g in state.goals] if state.level == "full" else [],
            "players": [to_sheet(state, i) for i in range(len(state.players))]}
