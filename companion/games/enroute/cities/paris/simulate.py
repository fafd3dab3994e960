"""A random legal Paris game through the referee: two decks and two available pairs, no hands, coloured
sections, thematic tours and round bonuses (seed ~l.1199–1338). Used by `python -m companion simulate`.

Card flow (the referee only sees each round's two cards): the pairs lie top and bottom, each a global card
and a Paris card. Start rounds (3 players: 1, 4 players: 2) use the bottom pair (round 2: the top pair) for
everyone. In a normal round the active player takes one pair; at upkeep the round cards are discarded, the
active player discards a global card from the other pair (replaced from the global deck) or the global deck's
top card, the remaining pair moves down, and a new pair comes on top. A deck that runs out leaves its space
empty; the game still has enough cards for ten rounds with the 24 + 12 cards.

A one-player game is Paris solo (seed ~l.1373-1400): standard ratings, each round one global card from the 2-card
hand and one face-up Paris card of the sequence (the setup draw lays both), then the hand is refilled.
"""

from __future__ import annotations

import random
from dataclasses import replace

from ....core.problems import has_errors
from ... import geometry as geo
from ...cards import SOLO_HAND_SIZE, RoundCard, rating_options
from ...referee import (
    BALANCE_SIDES,
    GameState,
    begin_round,
    close_round,
    new_game,
    play_turn,
    undo_turn,
)
from ...setup import SetupOptions, draw_setup
from ...setup import seats as setup_seats
from ...simulate import SimulationError, random_turn
from .deck import paris_deck, split
from .features import PARIS_COLOURS
from .play import earned, paris_card


def _checked(result: tuple[GameState, list], what: str) -> GameState:
    """Unwrap a referee result, raising SimulationError on any error problem."""
    state, problems = result
    if has_errors(problems):
        raise SimulationError(f"{what}: " + "; ".join(f"{p.path}: {p.message}" for p in problems))
    return state


class Pairs:
    """The two decks and the available pairs: `slots[0]` the top pair, `slots[1]` the bottom one."""

    def __init__(self, global_deck: list[RoundCard], paris: list[RoundCard]) -> None:
        """Lay the first two pairs."""
        self.global_deck, self.paris = global_deck, paris
        self.discard: list[RoundCard] = []
        self.slots: list[list[RoundCard | None]] = [self._new(), self._new()]

    def _new(self) -> list[RoundCard | None]:
        """A new pair from the decks' tops (None where a deck is empty)."""
        return [self.global_deck.pop(0) if self.global_deck else None, self.paris.pop(0) if self.paris else None]

    def usable(self) -> list[int]:
        """The slots holding a whole pair."""
        return [k for k, pair in enumerate(self.slots) if None not in pair]

    def take(self, k: int) -> tuple[RoundCard, RoundCard]:
        """Take a pair as the round cards."""
        g, p = self.slots[k]
        self.slots[k] = [None, None]
        return g, p

    def upkeep(self, rng: random.Random) -> None:
        """Discard a global card (other pair or deck top), move the pairs down, add a new pair on top."""
        other = next((k for k, pair in enumerate(self.slots) if pair[0] is not None), None)
        if other is not None and rng.random() < 0.5:
            self.discard.append(self.slots[other][0])
            self.slots[other][0] = self.global_deck.pop(0) if self.global_deck else None
        elif self.global_deck:
            self.discard.append(self.global_deck.pop(0))
        self.fill()

    def fill(self) -> None:
        """Move cards down into empty bottom spaces and lay a new pair on top."""
        for col in (0, 1):
            if self.slots[1][col] is None:
                self.slots[1][col], self.slots[0][col] = self.slots[0][col], None
        new = self._new()
        for col in (0, 1):
            if self.slots[0][col] is None:
                self.slots[0][col] = new[col]
            elif new[col] is not None:  # a card that cannot be laid goes back on its deck
                (self.global_deck if col == 0 else self.paris).insert(0, new[col])


def simulate_paris(board, players: int = 4, seed: int = 0, level: str = "full", mode: str = "normal") -> GameState:
    """Play a random legal Paris game (one player: a solo game; 4 players may play as teams) and return the
    referee's final state."""
    if players == 1:
        return simulate_paris_solo(board, seed, level)
    mode = "team" if mode == "team" else "normal"
    names = [f"Player {i + 1}" for i in range(players)]
    draw = draw_setup(board, names, seed, SetupOptions(players, level, "advanced", mode))
    rng = random.Random(f"enroute-paris-{seed}" if mode == "normal" else f"enroute-paris-{mode}-{seed}")
    state = _start(board, draw, level, "advanced", mode, rng)
    global_deck, paris = split(paris_deck(board))
    rng.shuffle(global_deck)
    rng.shuffle(paris)
    pairs = Pairs(global_deck, paris)
    while state.phase != "over":
        number = state.round + 1
        if number <= state.start_rounds:
            cards = pairs.take(1 if number == 1 else 0)
            state = _checked(begin_round(state, cards), "start round")
        else:
            cards = pairs.take(rng.choice(pairs.usable()))
            state = _checked(begin_round(state, cards, _moves(state, cards, rng)), "open round")
        pairs.discard.extend(cards)
        for i in range(players):
            state = _play(state, i, rng)
            if rng.random() < 0.05:
                state = _checked(undo_turn(state, i), "undo")
                state = _play(state, i, rng)
        state = _checked(close_round(state), "close round")
        if number < state.start_rounds:
            continue  # 4 players: nothing happens after the first start round
        if number <= state.start_rounds:
            pairs.slots = [[None, None], [None, None]] if state.start_rounds == 2 else pairs.slots
            pairs.fill()
            if state.start_rounds == 2:
                pairs.fill()
        else:
            pairs.upkeep(rng)
    return state


def _start(board, draw, level: str, rating_mode: str, mode: str, rng: random.Random) -> GameState:
    """Start the referee's game from the setup draw: kept goals, balance cards, revealed tours, empty areas."""
    kept = [rng.randrange(len(offer)) if offer else 0 for offer in draw.personal_offers]
    balance = [(rng.choice(BALANCE_SIDES),) if rng.random() < 0.2 else () for _ in draw.names]
    state = new_game(board, setup_seats(draw, kept, balance), level, rating_mode, mode, (), draw.first_player)
    tours = tuple(rng.choice([t.id for t in board.features_of("tour") if t.param("colour") == c])
                  for c in PARIS_COLOURS if any(t.param("colour") == c for t in board.features_of("tour")))
    return replace(state, tours=tours, boxes={f.param("colour"): 0 for f in board.features_of("bonus_area")})


def simulate_paris_solo(board, seed: int = 0, level: str = "full") -> GameState:
    """Play a random legal Paris solo game: a global card from the hand and a Paris card from the sequence."""
    draw = draw_setup(board, ["Player 1"], seed, SetupOptions(1, level, "standard", "solo"))
    rng = random.Random(f"enroute-paris-solo-{seed}")
    state = _start(board, draw, level, "standard", "solo", rng)
    table, sequence = draw.table, draw.sequence
    while state.phase != "over":
        first = table.play(0, rng.choice(table.hands[0]))
        second, sequence = sequence.take(rng.choice(sequence.available()))
        state = _checked(begin_round(state, (first, second)), "open round")
        state = _play(state, 0, rng)
        if rng.random() < 0.05:
            state = _checked(undo_turn(state, 0), "undo")
            state = _play(state, 0, rng)
        state = _checked(close_round(state), "close round")
        table.discard_round([first, second])
        table.refill(SOLO_HAND_SIZE)
    return state


def _moves(state: GameState, cards, rng: random.Random) -> list[str]:
    """The active player's up or down for each iconic symbol (advanced mode)."""
    marks = dict(state.ratings)
    moves = []
    for card in cards:
        for lid in card.iconic:
            track = state.board.rating_track(lid)
            move = rng.choice(rating_options(marks.get(lid, 0), track, "advanced"))
            marks[lid] = max(0, min(len(track) - 1, marks.get(lid, 0) + {"up": 1, "down": -1, "stay": 0}[move]))
            moves.append(move)
    return moves


def _play(state: GameState, player: int, rng: random.Random) -> GameState:
    """Make and play one random legal Paris turn."""
    return _checked(play_turn(state, player, paris_turn(state, player, rng)), f"turn of player {player}")


def paris_turn(state: GameState, player: int, rng: random.Random):
    """A random legal turn: the generic one, coloured, with the round bonuses it earns used at random."""
    turn = random_turn(state, player, rng)
    card = paris_card(state.cards[player])
    colour = rng.choice(card.route_colours)
    bonus = tuple(replace(b, colour=rng.choice(PARIS_COLOURS)) for b in turn.bonus_sections)
    turn = replace(turn, section_colour=colour, bonus_sections=bonus)
    me = state.players[player]
    sections = [geo.section(*s) for s in turn.segment] + [geo.section(*b.section) for b in bonus]
    colours = {**me.colours, **{s: colour for s in sections[:len(turn.segment)]},
               **{geo.section(*b.section): b.colour for b in bonus}}
    gets = earned(state, player, sections)
    taken = set(me.sections) | set(sections)
    free = [s for s in state.board.roads if s not in taken]
    if "route_change" in gets and rng.random() < 0.6 and taken:
        old = rng.choice(sorted(taken))
        was = colours.get(old, "red")
        if rng.random() < 0.5 or not free:
            turn = replace(turn, route_change=(old, old, rng.choice([c for c in PARIS_COLOURS if c != was])))
        else:
            new = rng.choice(free)
            free.remove(new)
            turn = replace(turn, route_change=(old, new, was))
    if "section" in gets and rng.random() < 0.7 and free:
        from ...referee import BonusSection

        turn = replace(turn, tour_section=BonusSection(rng.choice(free), "tour", rng.choice(PARIS_COLOURS)))
    return turn
