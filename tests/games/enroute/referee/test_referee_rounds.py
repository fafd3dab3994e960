"""Rounds (§3): round cards, iconic ratings, start rounds, active player, upkeep, end of game."""

from __future__ import annotations

import pytest
from referee_helpers import card, closed, codes, game, opened, play_any

from companion.games.enroute.cards import (
    active_player,
    colour_choices,
    iconic_symbols,
    model_deck,
    rating_options,
    round_tourists,
    start_round_count,
    wrap_coordinate,
)
from companion.games.enroute.referee import Turn, begin_round, begin_start_rounds, close_round, play_turn, refresh_hand

TRACK = (4, 6, 8, 10, 12)


def test_round_tourists_rules():
    """Sum of both cards; a repeat adds two of the other card's type; two repeats two of a chosen type."""
    assert round_tourists((card(1, blue=2, red=1), card(2, red=2))) == {"red": 3, "blue": 2}
    assert round_tourists((card(1, repeat=True), card(2, green=3))) == {"green": 5}
    assert round_tourists((card(1, repeat=True), card(2, repeat=True)), "blue") == {"blue": 2}
    assert colour_choices((card(1, repeat=True), card(2, repeat=True)), ("red", "green", "blue")) == \
        ("red", "green", "blue")
    assert colour_choices((card(1, repeat=True), card(2, green=3)), ("red", "green", "blue")) == ()
    assert colour_choices((card(1, blue=1), card(2, green=3)), ("red", "green", "blue")) == ()


def test_repeat_cards_add_no_symbols():
    """Iconic symbols come from tourist cards only, one per symbol."""
    cards = (card(1, repeat=True, iconic=("tv-tower",)), card(2, red=1, iconic=("tv-tower", "tv-tower")))
    assert iconic_symbols(cards) == ["tv-tower", "tv-tower"]


def test_wrap_coordinate():
    """Coordinate changes wrap around 6 and 1."""
    assert [wrap_coordinate(v) for v in (0, 1, 6, 7)] == [6, 1, 6, 1]


@pytest.mark.parametrize("marks, mode, start, allowed", [
    (0, "standard", False, ("up",)),
    (4, "standard", False, ("stay",)),
    (2, "advanced", False, ("up", "down")),
    (0, "advanced", False, ("up", "stay")),
    (4, "advanced", False, ("down", "stay")),
    (2, "advanced", True, ("up",)),
])
def test_rating_options(marks, mode, start, allowed):
    """Standard: up; advanced: up or down, unchanged only at the ends; start rounds only up."""
    assert rating_options(marks, TRACK, mode, start) == allowed


def test_standard_ratings_go_up_once_per_symbol_and_stop_at_the_top(city):
    """Each symbol marks the next box; a full track stays full."""
    state = game(city)
    for r in range(3):
        state, problems = begin_round(state, (card(1, red=1, iconic=("tv-tower", "tv-tower")), card(2 + r, red=1)))
        assert problems == []
        assert state.ratings["tv-tower"] == min(4, 2 * (r + 1))
        state = closed(play_any(state))
    assert state.ratings["tv-tower"] == 4  # 6 symbols, 4 boxes


def test_advanced_ratings_need_the_active_players_choice(city):
    """Advanced mode starts with one box marked; moves are checked against the options."""
    state = game(city, rating_mode="advanced")
    assert set(state.ratings.values()) == {1}
    cards = (card(1, red=1, iconic=("tv-tower",)), card(2, red=1, iconic=("skywatcher-observatory",)))
    _, problems = begin_round(state, cards, ["up"])
    assert codes(problems) == {"rating-moves"}
    _, problems = begin_round(state, cards, ["up", "stay"])
    assert codes(problems) == {"rating-move-not-allowed"} and problems[0].path == "ratings[1]"
    state, problems = begin_round(state, cards, ["up", "down"])
    assert problems == []
    assert state.ratings["tv-tower"] == 2 and state.ratings["skywatcher-observatory"] == 0


def test_four_player_start_rounds(city):
    """Everyone picks 2 of 4 for round 1 and plays the other 2 in round 2; upgrades for all 4 cards once."""
    state = game(city, boards=(1, 2, 3, 4), rating_mode="advanced", first_player=2)
    assert state.start_rounds == 2 and state.active is None
    _, problems = begin_round(state, (card(1, red=1), card(2, red=1)))
    assert codes(problems) == {"start-round"}
    placed = [card(1, red=1, iconic=("tv-tower",)), card(2, blue=1), card(3, green=1, iconic=("tv-tower",)),
              card(4, red=2)]
    picks = [(0, 1), (2, 3), (0, 3), (1, 2)]
    state, problems = begin_start_rounds(state, placed, picks)
    assert problems == []
    assert state.ratings["tv-tower"] == 3  # advanced starts at 1; start rounds only upgrade
    assert [tuple(c.coordinate for c in pair) for pair in state.cards] == [(1, 2), (3, 4), (1, 4), (2, 3)]
    for i in range(4):
        loc = state.board.player_board(i + 1).locations_for(*(c.coordinate for c in state.cards[i]))[0]
        state, problems = play_turn(state, i, Turn(loc, (((0, 0), (1, 0)),)))
        assert problems == []
    state = closed(state)
    assert state.round == 2 and state.phase == "drawing"
    assert [tuple(c.coordinate for c in pair) for pair in state.cards] == [(3, 4), (1, 2), (2, 3), (1, 4)]
    for i in range(4):
        loc = state.board.player_board(i + 1).locations_for(*(c.coordinate for c in state.cards[i]))[0]
        state, _ = play_turn(state, i, Turn(loc, (((1, 0), (2, 0)),)))
    state = closed(state)
    assert state.phase == "selection" and state.ratings["tv-tower"] == 3
    state, problems = begin_round(state, (card(1, red=1), card(2, red=1)))
    assert problems == [] and state.round == 3 and state.active == 2


def test_start_round_refusals(city):
    """Wrong number of cards, bad picks, or a 2-player game."""
    state = game(city, boards=(1, 2, 3))
    placed = [card(1, red=1), card(2, red=1), card(3, red=1)]
    _, problems = begin_start_rounds(state, placed[:2], [(0, 1)] * 3)
    assert "one-card-each" in codes(problems)
    _, problems = begin_start_rounds(state, placed, [(0, 1), (1, 1), (0, 5)])
    assert [p.path for p in problems] == ["picks[1]", "picks[2]"]
    _, problems = begin_start_rounds(game(city, boards=(1, 2)), placed[:2], [(0, 1)] * 2)
    assert codes(problems) == {"no-start-round"}


def test_start_round_counts_and_rotation():
    """3 players: one start round; 4: two; team and solo: none; the active player goes clockwise after them."""
    assert [start_round_count(n) for n in (1, 2, 3, 4)] == [0, 0, 1, 2]
    assert start_round_count(4, "team") == 0 and start_round_count(1, "solo") == 0
    assert [active_player(r, 3, 1, 1) for r in range(1, 11)] == [None, 1, 2, 0, 1, 2, 0, 1, 2, 0]
    assert [active_player(r, 2, 0, 0) for r in range(1, 5)] == [0, 1, 0, 1]


def test_close_round_waits_for_everyone_and_the_game_ends_after_10(city):
    """Upkeep needs every turn; after round 10 the game is over."""
    state = opened(game(city, boards=(1, 2)), card(1, red=1), card(2, red=1))
    state, _ = play_turn(state, 0, Turn((1, 2), (((0, 0), (1, 0)),)))
    _, problems = close_round(state)
    assert codes(problems) == {"turns-missing"} and "B" in problems[0].message
    state = game(city)
    for r in range(10):
        assert state.phase == "selection"
        state = closed(play_any(opened(state, card(1 + r % 6, red=1), card(1 + (r // 6) + 1, red=1))))
    assert state.phase == "over"
    _, problems = begin_round(state, (card(1, red=1), card(2, red=1)))
    assert codes(problems) == {"game-over"}


def test_hand_refresh_once(city):
    """The second hand refresh is refused."""
    state, problems = refresh_hand(game(city), 0)
    assert problems == [] and state.players[0].hand_refreshed
    _, problems = refresh_hand(state, 0)
    assert codes(problems) == {"refresh-used"}


def test_model_deck_shape(city):
    """36 cards: 12 city cards with an iconic symbol, 18 global, 6 repeat; each coordinate six times."""
    deck = model_deck(city)
    assert len(deck) == 36 and sum(c.repeat for c in deck) == 6
    assert sum(1 for c in deck if c.iconic) == 12
    assert sorted(c.coordinate for c in deck) == sorted(list(range(1, 7)) * 6)
    assert all(c.tourists for c in deck if not c.repeat)
