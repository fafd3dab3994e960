"""Paris solo (seed ~l.1373-1400): standard ratings only in solo, a 2-card hand of global cards, a sequence of
Paris cards, a challenge table of PP and thematic tours completed, and simulated solo games."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from companion.games.core.problems import has_errors
from companion.games.enroute.cityrules import rating_modes
from companion.games.enroute.game import read_game
from companion.games.enroute.referee import Seat, begin_round, close_round, new_game, play_turn, to_game_document
from companion.games.enroute.registry import find_board
from companion.games.enroute.scoring import score_players
from companion.games.enroute.setup import (
    SetupOptions,
    SoloCell,
    draw_setup,
    setup_steps,
    solo_cells,
    solo_challenges,
    solo_result,
    tours_completed,
)
from companion.games.enroute.simulate import random_turn, simulate_state

BOARD = find_board("paris-example")
TRAINING = find_board("training-city")
SOLO = SetupOptions(1, "full", "standard", "solo")


def test_paris_solo_is_played_in_standard_rating_mode_and_normal_games_in_advanced():
    assert rating_modes(BOARD, "normal") == ("advanced",) and rating_modes(BOARD, "solo") == ("standard",)
    assert rating_modes(TRAINING, "solo") == TRAINING.rating_modes  # a city without its own solo modes
    with pytest.raises(ValueError, match="rating mode only"):
        new_game(BOARD, [Seat("A", 1)], "full", "advanced", "solo")
    with pytest.raises(ValueError, match="rating mode only"):
        new_game(BOARD, [Seat("A", 1), Seat("B", 2)], "full", "standard", "normal")
    with pytest.raises(ValueError, match="not played with advanced"):
        draw_setup(BOARD, ["A"], 1, SetupOptions(1, "full", "advanced", "solo"))
    state = new_game(BOARD, [Seat("A", 1)], "full", "standard", "solo")
    assert set(state.ratings.values()) == {0}  # standard: no upgrade at setup (no purple corners)


@pytest.mark.parametrize("seed", [0, 1, 7])
def test_the_hand_is_drawn_from_the_global_cards_and_the_sequence_laid_from_the_paris_cards(seed):
    draw = draw_setup(BOARD, ["A"], seed, SOLO)
    seq = [c for row in draw.sequence.rows for c in row]
    assert len(seq) == 10 and all(c.route_colours for c in seq) and len({c.id for c in seq}) == 10
    hand, deck = draw.table.hands[0], draw.table.deck
    assert len(hand) == 2 and not any(c.route_colours for c in hand + deck)
    assert len(hand) + len(deck) == 24  # the 2 unused Paris cards are back in the box, not in the deck
    assert draw.goals == []  # Paris uses no goal cards


def test_the_training_citys_solo_draw_is_unchanged():
    draw = draw_setup(TRAINING, ["A"], 3, SetupOptions(1, "full", "standard", "solo"))
    assert len(draw.table.hands[0]) == 2 and len(draw.table.deck) == 36 - 12
    assert solo_challenges(TRAINING) == solo_challenges()


def test_setup_steps_of_a_paris_solo_game():
    steps = {s.key: s for s in setup_steps(SOLO, BOARD)}
    assert "24-card deck" in steps["deck"].text and "Paris cards" in steps["deck"].text
    assert "thematic tours" in steps["challenge"].text and "goal card" not in steps["challenge"].title
    assert "12 Paris cards" in steps["sequence"].text and "back in the box" in steps["sequence"].text
    assert "Draw 2 cards" in steps["hands"].text
    assert "standard rating mode" in steps["paris-colours"].text
    assert "first-player" not in steps and "goals" not in steps and "paris-tours" in steps
    normal = {s.key: s for s in setup_steps(SetupOptions(3, "full", "advanced", "normal"), BOARD)}
    assert normal["hands"].title == "No hands" and "first-player" in normal and "sequence" not in normal


def test_a_solo_round_plays_a_global_card_and_a_paris_card_with_standard_upgrades():
    draw = draw_setup(BOARD, ["A"], 5, SOLO)
    state = new_game(BOARD, [Seat("A", draw.player_boards[0])], "full", "standard", "solo")
    state = replace(state, tours=("grand-avenue", "gardens", "bridges"), boxes={"red": 0, "green": 0, "blue": 0})
    card, sequence = draw.sequence.take(draw.sequence.available()[0])
    hand = draw.table.hands[0][0]
    state, problems = begin_round(state, (hand, card))
    assert not has_errors(problems), problems
    iconic = card.iconic[0]
    assert state.ratings[iconic] == 1  # the standard mode's next upgrade box
    colour = card.tourists[0][0]
    assert state.area == colour and state.boxes[colour] == 1  # the Paris card activates its area
    assert sequence.remaining() == 9
    turn = replace(random_turn(state, 0, random.Random(5)), section_colour=card.route_colours[0], bonus_sections=())
    state, problems = play_turn(state, 0, turn)
    assert not has_errors(problems), problems
    assert set(state.players[0].colours.values()) == {card.route_colours[0]}
    state, problems = close_round(state)
    assert not has_errors(problems) and state.round == 1


def test_paris_challenge_table_counts_tours_not_goal_cards():
    table = solo_challenges(BOARD)
    cells = [cell for row in table for cell in row]
    assert all(c.goals == 0 and 1 <= c.tours <= 3 for c in cells)
    assert len(solo_cells("full", BOARD)) == len(cells) == len(solo_cells("intermediate", BOARD))
    cell = SoloCell(50, 0, 2)
    assert solo_result(50, 0, cell, 2) and not solo_result(50, 0, cell, 1) and not solo_result(49, 0, cell, 3)
    assert solo_result(60, 1, SoloCell(60, 1))  # the training city's cells ask no tours


def test_a_tour_counts_when_the_final_route_completes_its_last_stage():
    tours = ("grand-avenue", "gardens", "bridges")
    avenue = [(1, 0), (2, 1), (3, 2), (4, 3)]  # the avenue's three diagonal sections: stage 3 of 3
    assert tours_completed(BOARD, tours, avenue) == 1
    assert tours_completed(BOARD, tours, avenue[:3]) == 0  # two of three sections
    assert tours_completed(BOARD, ("gardens", "bridges"), avenue) == 0  # not a revealed tour
    assert tours_completed(BOARD, tours, None) == 0
    assert tours_completed(TRAINING, tours, avenue) == 0  # a city without tours


@pytest.mark.parametrize("seed", range(40))
def test_simulated_paris_solo_games_run_without_a_referee_error(seed):
    state = simulate_state(BOARD, 1, seed)
    assert state.mode == "solo" and state.rating_mode == "standard" and state.phase == "over"
    assert state.round == 10 and len(state.tours) == 3
    game = read_game(to_game_document(state))
    assert not [p for p in game.problems if p.severity == "error"]
    score = score_players(game)[0]
    assert score.total is not None and not has_errors(score.problems)
    assert 0 <= tours_completed(BOARD, state.tours, score.final_route) <= 3


def test_a_challenge_file_with_a_bad_cell_is_refused_when_loaded(tmp_path):
    from companion.games.enroute.setup import _read_challenges

    path = tmp_path / "t.json"
    path.write_text('{"format": "enroute-solo-challenges/1", "rows": [[{"pp": 40, "tours": -1}]]}')
    with pytest.raises(ValueError, match="bad challenge cell"):
        _read_challenges(path)
    path.write_text('{"format": "enroute-board/1", "rows": []}')
    with pytest.raises(ValueError, match="not an enroute-solo-challenges/1 file"):
        _read_challenges(path)
