"""Random but legal games: the referee plays 10 rounds of model cards and random choices.

`simulate_game(board, players=4, seed=0, level="full")` returns an
`enroute-game/1` document (final routes `null`, so scoring chooses them) that
`game.read_game` accepts without errors. The same seed gives the same game.

Every turn goes through `referee.play_turn`, so a simulated game is also a
test of the referee: a turn it refuses is a bug and raises `SimulationError`.
The games use the model deck of `cards.model_deck` (coordinates 1–6, one or
more tourists, iconic symbols, repeat cards), the selection phase of each mode
(start rounds for 3–4 players, the opponent placing two cards with 2 players,
the solo sequence with 1), coordinate changes and route-section bonuses from
cafes and balance cards, new-tourist cafes sometimes declined, the
all-occupied fallback, hand refreshes and the odd undo. Segments prefer to
touch what is already drawn, so routes grow like a real player's.

`simulate_state(...)` returns the final `referee.GameState` instead.
"""

from __future__ import annotations

import random

from ..core.problems import has_errors
from . import geometry as geo
from .board import COLOURS, Board
from .cards import (
    HAND_SIZE,
    SOLO_HAND_SIZE,
    RoundCard,
    Table,
    active_player,
    colour_choices,
    rating_options,
)
from .cityplay import allowed_choices, ferry_at, harbour_sections, round_symbols, waterfront
from .cityrules import rules_for
from .geometry import Location, Point, Section
from .referee import (
    BALANCE,
    BALANCE_SIDES,
    BonusSection,
    CoordinateChange,
    GameState,
    Turn,
    begin_round,
    begin_start_rounds,
    bonus_sources,
    close_round,
    empty_matches,
    new_game,
    play_turn,
    refresh_hand,
    segment_options,
    to_game_document,
    undo_turn,
)
from .setup import SetupOptions, SoloSequence, draw_setup
from .setup import seats as setup_seats
from .startcards import choose_start, reveal_start, start_stations

MAX_PLAYERS = 4


class SimulationError(RuntimeError):
    """The referee refused a move the simulator thought legal (a bug in one of them)."""


def simulate_game(board: Board, players: int = 4, seed: int = 0, level: str = "full") -> dict:
    """Play a random legal 10-round game and return it as an `enroute-game/1` document."""
    return to_game_document(simulate_state(board, players, seed, level))


def simulate_state(board: Board, players: int = 4, seed: int = 0, level: str = "full",
                   rating_mode: str = "standard", mode: str | None = None) -> GameState:
    """Play a random legal game and return the referee's final state (mode: normal, team or solo)."""
    if not 1 <= players <= min(MAX_PLAYERS, len(board.player_boards)):
        raise ValueError(f"simulate 1 to {min(MAX_PLAYERS, len(board.player_boards))} players on {board.name}, "
                         f"not {players}")
    city = rules_for(board)
    mode = mode or ("solo" if players == 1 else "normal")
    if city.simulate is not None:  # a city with its own card flow (Paris: two decks, available pairs)
        return city.simulate(board, players, seed, level, mode)
    names = [f"Player {i + 1}" for i in range(players)]
    draw = draw_setup(board, names, seed, SetupOptions(players, level, rating_mode, mode))
    rng = random.Random(f"enroute-simulation-{seed}")
    kept, balance = [], []
    for offer in draw.personal_offers:  # one player at a time, so a seed keeps giving the same game
        kept.append(rng.randrange(len(offer)) if offer else 0)
        balance.append((rng.choice(BALANCE_SIDES),) if rng.random() < 0.25 else ())
    seats = setup_seats(draw, kept, balance)
    state = new_game(board, seats, level, rating_mode, mode, tuple(draw.goals), draw.first_player,
                     draw.hotspot_cards)
    state = _start_sections(state, rng)
    city = rules_for(board).play  # New York: cafe cards, its own turns, the goal's half
    cafe_deck = list(draw.cafe_deck)
    table, sequence = draw.table, draw.sequence
    hand_size = SOLO_HAND_SIZE if mode == "solo" else HAND_SIZE
    on_table: list[RoundCard] = []  # cards placed this round (4 players: both start rounds)
    while state.phase != "over":
        if state.phase == "selection":
            if city is not None:
                state = city.before_round(state, cafe_deck)
            state, sequence = _open_round(state, table, sequence, rng, on_table)
        for i in range(players):
            state = _play(state, i, rng, city)
            if rng.random() < 0.05:  # change one's mind: undo, then play again
                state = _checked(undo_turn(state, i), "undo")
                state = _play(state, i, rng, city)
        state = _checked(close_round(state), "close round")
        if city is not None and state.phase == "drawing":  # the second start round reveals a cafe card too
            state = city.before_round(state, cafe_deck)
        if state.phase != "drawing":  # upkeep (the 4-player first start round keeps its cards)
            table.discard_round(on_table)
            on_table.clear()
            table.refill(hand_size)
            for i in range(players):
                if not state.players[i].hand_refreshed and rng.random() < 0.03 and table.hands[i]:
                    back = rng.sample(table.hands[i], rng.randint(1, len(table.hands[i])))
                    table.refresh(i, back, rng)
                    state = _checked(refresh_hand(state, i), "hand refresh")
    return city.finish(state, rng) if city is not None else state


def _start_sections(state: GameState, rng: random.Random) -> GameState:
    """London: each player secretly picks a station of their card and a section from it; then all reveal."""
    if all(p.start_card is None for p in state.players):
        return state
    for i in range(len(state.players)):
        station, at = rng.choice(start_stations(state, i))
        options = [geo.section(at, other) for other in state.board.neighbours(at)]
        state = _checked(choose_start(state, i, station, rng.choice(options)), "starting section")
    return _checked(reveal_start(state), "reveal")


def _choices(state: GameState, cards, rng: random.Random) -> list[int | None]:
    """Choose a group for each choice card in order (a maxed group forces the other), None for the others."""
    found: list[int | None] = []
    for card in cards:
        if not card.options:
            found.append(None)
            continue
        allowed = allowed_choices(state.board, state.ratings, state.marks, cards, found)
        found.append(rng.choice(allowed) if allowed else 0)
    return found


def _checked(result: tuple[GameState, list], what: str) -> GameState:
    """Unwrap a referee result, raising SimulationError on any error problem."""
    state, problems = result
    if has_errors(problems):
        raise SimulationError(f"{what}: " + "; ".join(f"{p.path}: {p.message}" for p in problems))
    return state


def _open_round(state: GameState, table: Table, sequence: SoloSequence | None, rng: random.Random,
                on_table: list[RoundCard]) -> tuple[GameState, SoloSequence | None]:
    """Run a selection phase with the table's cards and open the round in the referee."""
    n = len(state.players)
    number = state.round + 1
    if number <= state.start_rounds:
        placed = [table.play(i, rng.choice(table.hands[i])) for i in range(n)]
        on_table.extend(placed)
        picks = [tuple(rng.sample(range(n), 2)) for _ in range(n)]
        order = [(state.first_player + k) % n for k in range(n)]  # owners choose in turn order
        ordered = _choices(state, [placed[i] for i in order], rng)
        choices = [ordered[order.index(i)] for i in range(n)]
        return _checked(begin_start_rounds(state, placed, picks, choices), "start rounds"), sequence
    if state.mode == "solo":
        first = table.play(0, rng.choice(table.hands[0]))
        second, sequence = sequence.take(rng.choice(sequence.available()))
        cards = (first, second)
    else:
        active = active_player(number, n, state.first_player, state.start_rounds)
        first = table.play(active, rng.choice(table.hands[active]))
        if state.mode == "team":
            givers = [(active + 2) % 4, (active + 2) % 4]  # the partner places both other cards
        elif n == 2:
            givers = [1 - active, 1 - active]
        else:
            givers = [(active + 1) % n, (active - 1) % n]
        offered = []
        for g in givers:
            offered.append(table.play(g, rng.choice(table.hands[g])))
        removed = rng.choice(offered)
        table.to_bottom(removed)
        cards = (first, next(c for c in offered if c is not removed))
    on_table.extend(cards)
    choices = _choices(state, list(cards), rng)
    moves = _rating_moves(state, cards, choices, rng) if state.rating_mode == "advanced" else None
    return _checked(begin_round(state, cards, moves, choices), "open round"), sequence


def _rating_moves(state: GameState, cards, choices, rng: random.Random) -> list[str]:
    """Choose an allowed up/down/stay for each iconic symbol, in order."""
    marks = dict(state.ratings)
    moves = []
    for lid in round_symbols(state.board, cards, choices):
        track = state.board.rating_track(lid)
        move = rng.choice(rating_options(marks.get(lid, 0), track, "advanced"))
        marks[lid] = max(0, min(len(track) - 1, marks.get(lid, 0) + {"up": 1, "down": -1, "stay": 0}[move]))
        moves.append(move)
    return moves


def _play(state: GameState, player: int, rng: random.Random, city=None) -> GameState:
    """Make and play one random legal turn (a city with its own turns builds them)."""
    turn = city.random_turn(state, player, rng) if city is not None else random_turn(state, player, rng)
    return _checked(play_turn(state, player, turn), f"turn of player {player}")


def _touching(options: list, points: set[Point]) -> list:
    """Return the options (sections or segments) that touch an already drawn intersection."""
    def touches(opt) -> bool:
        secs = opt if isinstance(opt[0][0], tuple) else (opt,)
        return any(p in points for sec in secs for p in sec)
    return [o for o in options if touches(o)]


def _pick(options: list, points: set[Point], rng: random.Random):
    """Pick an option, usually one that continues the drawn route."""
    near = _touching(options, points)
    return rng.choice(near if near and rng.random() < 0.75 else options)


def random_turn(state: GameState, player: int, rng: random.Random) -> Turn:
    """Build a random legal turn for a player in the round being played."""
    board = state.board
    me = state.players[player]
    colours = tuple(c for c in COLOURS if c != "purple" or "purple" in board.kinds_present())
    changes = tuple(CoordinateChange(rng.randrange(2), rng.choice((-1, 1)), src)
                    for src in bonus_sources(state, player, "coordinate") if rng.random() < 0.5)
    drawn: set[Section] = set(me.sections)
    points = {p for sec in drawn for p in sec}
    free_roads = [sec for sec in board.roads if sec not in drawn]
    free = empty_matches(state, player, changes)
    colour = None
    ferry_to = None
    if free:
        loc: Location = rng.choice(free)
        fallback = False
        ferry = ferry_at(board, loc)
        if ferry is not None:  # the ferry carries the tourists to an empty waterfront location
            ferry_to = rng.choice([x for x in waterfront(ferry) if x not in me.tourists and x not in me.crossed])
        options = segment_options(board, drawn, ferry_to or loc)
        segment = _pick(options, points, rng) if options and rng.random() < 0.85 else (_pick(free_roads, points, rng),)
        choices = colour_choices(state.cards[player], colours)
        colour = rng.choice(choices) if choices else None
    else:
        ferries = {f.locations[0] for f in board.features_of("ferry") if f.locations}
        loc = rng.choice([x for x in board.locations()
                          if x not in me.tourists and x not in me.crossed and x not in ferries])
        fallback = True
        colour = rng.choice(colours)
        segment = (_pick(free_roads, points, rng),)
    taken = drawn | set(segment)
    harbour = harbour_sections(board)  # with a bonus: only paid by a cafe reached this turn
    reached = _reached(state, player, segment, set())
    bonus: list[BonusSection] = []
    sources = [s for s in bonus_sources(state, player, "section")] + \
        [p for p in reached if board.cafe_at(p).bonus == "section"]
    i = 0
    while i < len(sources):
        src = sources[i]
        i += 1
        if rng.random() < 0.6:
            blocked = harbour if src == BALANCE or src not in reached else frozenset()
            sec = _pick([s for s in board.roads if s not in taken and s not in blocked],
                        points | {p for s in taken for p in s}, rng)
            taken.add(sec)
            bonus.append(BonusSection(sec, src))
            more = _reached(state, player, (sec,), set(reached))
            reached += more
            sources += [p for p in more if board.cafe_at(p).bonus == "section"]
    declined = tuple(p for p in reached if board.cafe_at(p).bonus == "tourists" and rng.random() < 0.3)
    return Turn(loc, tuple(geo.section(*s) for s in segment), colour, fallback, changes, tuple(bonus), declined,
                ferry_to)


def _reached(state: GameState, player: int, secs, seen: set[Point]) -> list[Point]:
    """Return the cafes these sections reach that the player has not circled yet."""
    if not state.cafes_in_play():
        return []
    circled = state.players[player].cafes
    found: list[Point] = []
    for sec in secs:
        for p in sec:
            if state.board.cafe_at(p) is not None and p not in circled and p not in seen and p not in found:
                found.append(p)
    return found
