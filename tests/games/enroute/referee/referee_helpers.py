"""Small helpers to build games and rounds in the referee tests."""

from __future__ import annotations

from companion.games.enroute.cards import RoundCard
from companion.games.enroute.referee import Seat, begin_round, close_round, new_game


def card(coordinate: int, repeat: bool = False, iconic: tuple[str, ...] = (), **tourists: int) -> RoundCard:
    """Build a round card, e.g. card(3, blue=2)."""
    return RoundCard(f"t{coordinate}-{sorted(tourists.items())}-{repeat}-{iconic}", coordinate,
                     tuple(tourists.items()), iconic, repeat)


def game(board, boards=(1,), level="full", rating_mode="standard", balance=(), **kw):
    """A game with one seat per player board number (player names A, B, ...)."""
    seats = [Seat(chr(65 + i), n, tuple(balance) if i == 0 else ()) for i, n in enumerate(boards)]
    return new_game(board, seats, level, rating_mode, **kw)


def opened(state, a: RoundCard, b: RoundCard):
    """Open a normal round with two cards, asserting the referee accepts it."""
    state, problems = begin_round(state, (a, b))
    assert problems == []
    return state


def closed(state):
    """Close the round, asserting the referee accepts it."""
    state, problems = close_round(state)
    assert problems == []
    return state


def codes(problems) -> set[str]:
    """Return the codes of the error problems."""
    return {p.code for p in problems if p.severity == "error"}


def play_any(state, player: int = 0):
    """Play a simple legal turn: the first empty matching location and the first free section."""
    from companion.games.enroute.referee import Turn, empty_matches, play_turn

    loc = empty_matches(state, player)[0]
    sec = sorted(s for s in state.board.roads if s not in state.players[player].sections)[0]
    state, problems = play_turn(state, player, Turn(loc, (sec,)))
    assert problems == []
    return state
