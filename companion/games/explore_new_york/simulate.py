"""Random legal games played through the referee: for tests (no referee error in 1,000 games) and demos."""

from __future__ import annotations

import random

from ..core.problems import has_errors
from .cards import extra_sections
from .referee import (
    GameState,
    Seat,
    Turn,
    a_options,
    begin_round,
    close_round,
    empty_matches,
    free_roads,
    new_game,
    next_cards,
    play_turn,
    to_game_document,
)
from .setup import draw_setup
from .tile import COLOURS, LOCATIONS, Section
from .tiles import shipped_tiles


class RefereeError(RuntimeError):
    """The referee refused a move the simulator believed legal: a bug in one of them."""


def _near(drawn: tuple[Section, ...], free: list[Section]) -> list[Section]:
    """Free roads touching the drawing (players mostly extend their routes)."""
    ends = {p for sec in drawn for p in sec}
    return [sec for sec in free if set(sec) & ends]


def random_turn(state: GameState, seat: int, rnd: random.Random) -> Turn:
    """A random legal turn for a player in the round in play."""
    player = state.players[seat]
    matches = empty_matches(state, seat)
    if matches:
        district, tourist = rnd.choice(matches), None
    else:
        district, tourist = rnd.choice([d for d in LOCATIONS if player.empty(d)]), rnd.choice(COLOURS)
    free = free_roads(player)
    pairs = a_options(player, district) if matches else []
    if pairs and rnd.random() < 0.7:
        drawing, sections = "A", rnd.choice(pairs)
    else:
        near = _near(player.sections, free)
        one = rnd.choice(near if near and rnd.random() < 0.7 else free)
        drawing, sections = ("B" if matches else "C"), (one,)
    rest = [sec for sec in free if sec not in sections]
    extras = tuple(rnd.sample(rest, extra_sections(state.cards)))
    return Turn(district, drawing, tuple(sections), extras, tourist)


def play_random_game(players: int, seed: int) -> GameState:
    """Play a whole random game with the example deck; raise `RefereeError` if the referee refuses a move."""
    rnd = random.Random(seed)
    draw = draw_setup(players, seed)
    tiles = shipped_tiles()
    seats = [Seat(f"Player {i + 1}", tiles[t]) for i, t in enumerate(draw.tiles)]
    state = new_game(seats, draw.first, draw.deck)
    while not state.finished:
        state, problems = begin_round(state, next_cards(state), rnd.randrange(3))
        if has_errors(problems):
            raise RefereeError(f"begin_round: {problems[0].message}")
        for seat in range(players):
            state, problems = play_turn(state, seat, random_turn(state, seat, rnd))
            if has_errors(problems):
                raise RefereeError(f"round {state.round}, seat {seat}: {problems[0].code}: {problems[0].message}")
        state, problems = close_round(state)
        if has_errors(problems):
            raise RefereeError(f"close_round: {problems[0].message}")
    return state


def simulate_game(players: int = 4, seed: int = 0) -> dict:
    """A random legal game as `explore-ny-game/1`."""
    return to_game_document(play_random_game(players, seed))


__all__ = ["RefereeError", "play_random_game", "random_turn", "simulate_game"]
