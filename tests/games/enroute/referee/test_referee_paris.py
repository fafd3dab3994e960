"""Paris at the referee: the Paris card's area and box, coloured sections, round bonuses, shared start rounds,
the simulator (two decks and available pairs) and its CLI."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace

import pytest
from fuzz_scale import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from referee_helpers import codes

from companion.games.core.problems import has_errors
from companion.games.enroute import geometry as geo
from companion.games.enroute.cards import RoundCard, card_from_json, card_to_json
from companion.games.enroute.cities.paris.deck import paris_deck, split
from companion.games.enroute.game import read_game
from companion.games.enroute.referee import (
    BonusSection,
    Seat,
    Turn,
    begin_round,
    close_round,
    empty_matches,
    new_game,
    play_turn,
    to_game_document,
)
from companion.games.enroute.registry import find_board
from companion.games.enroute.scoring import score_game
from companion.games.enroute.simulate import SimulationError, simulate_game, simulate_state

BOARD = find_board("paris-example")
GLOBAL = RoundCard("g", 2, (("red", 2),))
BLUE = RoundCard("p-blue", 3, (("blue", 1),), ("dome-dor",), route_colours=("red", "green"))
BRIDGE_A, BRIDGE_B = geo.section((2, 3), (2, 4)), geo.section((5, 3), (5, 4))


def _game(players: int = 2):
    """A Paris game with the bridges tour revealed for the blue area."""
    seats = [Seat(chr(65 + i), i + 1) for i in range(players)]
    state = new_game(BOARD, seats, "full", "advanced")
    return replace(state, tours=("grand-avenue", "gardens", "bridges"), boxes={"red": 0, "green": 0, "blue": 0})


def _open(state, boxes: int = 0):
    """Open a round with the blue Paris card, the blue area's boxes marked before it as given."""
    state = replace(state, boxes={**state.boxes, "blue": boxes})
    state, problems = begin_round(state, (GLOBAL, BLUE), ["up"])
    assert not has_errors(problems), problems
    return state


def _turn(state, player: int = 0, **kw) -> Turn:
    """A one-section turn in the first empty matching location."""
    loc = empty_matches(state, player)[0]
    return Turn(loc, (kw.pop("section", geo.section((0, 1), (0, 2))),), **kw)


def test_the_paris_card_activates_its_colour_area_and_marks_the_next_box():
    state = _open(_game(), boxes=1)
    assert state.area == "blue" and state.boxes["blue"] == 2
    assert _open(_game(), boxes=4).boxes["blue"] == 4  # an area has four boxes


def test_sections_take_one_of_the_paris_card_colours():
    state = _open(_game())
    _, problems = play_turn(state, 0, _turn(state, section_colour="blue"))
    assert "section-colour" in codes(problems)
    assert "section-colour" in codes(play_turn(state, 0, _turn(state))[1])  # no colour given
    state, problems = play_turn(state, 0, _turn(state, section_colour="green"))
    assert not has_errors(problems) and state.players[0].colours == {geo.section((0, 1), (0, 2)): "green"}


def test_seed_round_bonus_example_boxes_2_and_3_only():
    """Blue area, all four boxes marked, two of the three bridges drawn: tourists and route change, no section."""
    state = _game()
    state = replace(state, players=(replace(state.players[0], sections=(BRIDGE_A, BRIDGE_B),
                                            colours={BRIDGE_A: "red", BRIDGE_B: "red"}), state.players[1]))
    state = _open(state, boxes=3)
    assert state.boxes["blue"] == 4
    loc = empty_matches(state, 0)[0]
    extra = BonusSection(geo.section((0, 2), (0, 3)), "tour", "blue")
    _, problems = play_turn(state, 0, Turn(loc, (geo.section((0, 1), (0, 2)),), section_colour="red",
                                           tour_section=extra))
    assert "no-tour-section" in codes(problems)
    change = (BRIDGE_A, BRIDGE_A, "blue")  # box 3: the same place in another colour
    after, problems = play_turn(state, 0, Turn(loc, (geo.section((0, 1), (0, 2)),), section_colour="red",
                                               route_change=change))
    assert not has_errors(problems), problems
    me = after.players[0]
    assert me.colours[BRIDGE_A] == "blue"
    assert me.tourists[loc] == {"red": 2, "blue": 1 + 2}  # box 2: the blue area's two blue tourists join the round's


def test_route_change_elsewhere_keeps_the_colour_and_erases_the_old_section():
    state = _game()
    state = replace(state, players=(replace(state.players[0], sections=(BRIDGE_A, BRIDGE_B),
                                            colours={BRIDGE_A: "red", BRIDGE_B: "green"}), state.players[1]))
    state = _open(state, boxes=3)
    loc = empty_matches(state, 0)[0]
    far = geo.section((4, 6), (5, 6))
    _, problems = play_turn(state, 0, Turn(loc, (geo.section((0, 1), (0, 2)),), section_colour="red",
                                           route_change=(BRIDGE_B, far, "red")))
    assert "route-change-colour" in codes(problems)
    after, problems = play_turn(state, 0, Turn(loc, (geo.section((0, 1), (0, 2)),), section_colour="red",
                                               route_change=(BRIDGE_B, far, "green")))
    assert not has_errors(problems)
    assert BRIDGE_B not in after.players[0].sections and after.players[0].colours[far] == "green"


def test_no_bonus_without_the_stage():
    """No bridge drawn: even with every box marked the area pays nothing."""
    state = _open(_game(), boxes=3)
    loc = empty_matches(state, 0)[0]
    _, problems = play_turn(state, 0, Turn(loc, (geo.section((0, 1), (0, 2)),), section_colour="red",
                                           route_change=(geo.section((0, 1), (0, 2)),) * 2 + ("blue",)))
    assert "no-route-change" in codes(problems)


def test_bonus_sections_take_any_colour():
    state = _game()
    state = replace(state, players=(replace(state.players[0], balance=(("section", False),)), state.players[1]))
    state = _open(state)
    loc = empty_matches(state, 0)[0]
    extra = BonusSection(geo.section((6, 0), (6, 1)), "balance", "blue")
    after, problems = play_turn(state, 0, Turn(loc, (geo.section((0, 1), (0, 2)),), section_colour="red",
                                               bonus_sections=(extra,)))
    assert not has_errors(problems)
    assert after.players[0].colours[geo.section((6, 0), (6, 1))] == "blue"


def test_four_players_share_both_start_pairs_and_only_upgrade():
    state = _game(4)
    assert state.start_rounds == 2
    down = RoundCard("p-red", 1, (("red", 1),), ("dome-dor",), route_colours=("green", "blue"))
    state, problems = begin_round(state, (GLOBAL, down), ["down"])
    assert not has_errors(problems) and state.ratings["dome-dor"] == 2  # a start round only upgrades
    assert all(cards == (GLOBAL, down) for cards in state.cards)
    for i in range(4):
        state, problems = play_turn(state, i, _turn(state, i, section_colour="green"))
        assert not has_errors(problems), problems
    state, problems = close_round(state)
    assert state.phase == "selection" and state.round == 1
    state, problems = begin_round(state, (GLOBAL, BLUE))
    assert not has_errors(problems) and state.round == 2 and state.boxes == {"red": 1, "green": 0, "blue": 1}


def test_model_decks_24_and_12_and_paris_cards_never_route_their_tourist_colour():
    global_deck, paris = split(paris_deck(BOARD))
    assert len(global_deck) == 24 and sum(c.repeat for c in global_deck) == 6 and len(paris) == 12
    for card in paris:
        assert len(card.route_colours) == 2 and card.tourists[0][0] not in card.route_colours and card.iconic
        assert card_from_json(card_to_json(card)) == card


def test_a_simulated_paris_game_validates_and_scores():
    doc = simulate_game(BOARD, players=3, seed=7)
    assert set(doc["tours"]) == {"red", "green", "blue"}
    assert all(len(p["colours"]) == len(p["sections"]) for p in doc["players"])
    game = read_game(doc)
    assert not has_errors(game.problems)
    result = score_game(doc)
    assert all(p["total"] is not None for p in result["players"])


@settings(max_examples=examples(25), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), players=st.integers(1, 4), team=st.booleans())
def test_simulated_paris_games_follow_the_rules(seed, players, team):
    mode = "team" if team and players == 4 else None  # team play: 4 players, no start rounds
    try:
        state = simulate_state(BOARD, players, seed, mode=mode)
    except SimulationError as exc:  # a referee refusal of a move the simulator thought legal
        pytest.fail(str(exc))
    assert state.mode == (mode or ("solo" if players == 1 else "normal"))
    assert state.start_rounds == (2 if players == 4 and not mode else 1 if players == 3 else 0)
    assert state.phase == "over" and state.round == 10
    assert all(0 <= n <= 4 for n in state.boxes.values()) and sum(state.boxes.values()) == 10
    for player in state.players:
        assert [r for r, _ in player.turns] == list(range(1, 11))
        assert set(player.colours) == set(player.sections)
        assert len(player.tourists) == 10
    doc = to_game_document(state)
    assert not has_errors(read_game(doc).problems)


def test_cli_simulates_a_paris_game_and_scores_it(tmp_path):
    out = subprocess.run([sys.executable, "-m", "companion", "simulate", "--board", "paris-example", "--players",
                          "3", "--seed", "4"], capture_output=True, text=True, check=True)
    doc = json.loads(out.stdout)
    path = tmp_path / "paris.json"
    path.write_text(json.dumps(doc))
    scored = subprocess.run([sys.executable, "-m", "companion", "score", str(path)], capture_output=True, text=True)
    assert scored.returncode == 0, scored.stderr
    assert "diversity" in json.loads(scored.stdout)["players"][0]["rows"]


def test_setup_walk_through_replaces_the_common_steps_paris_changes():
    """Two decks instead of the city deck, no hands, no goal cards, three markers, shared start rounds, tours."""
    from companion.games.enroute.setup import SetupOptions, draw_setup, setup_steps

    steps = {s.key: s for s in setup_steps(SetupOptions(4, "full", "advanced", "normal"), BOARD)}
    assert "goals" not in steps and "24-card global deck" in steps["deck"].text
    assert steps["hands"].title == "No hands" and "purple" in steps["markers"].text
    assert "bottom pair" in steps["first-player"].text and "paris-tours" in steps
    assert draw_setup(BOARD, ["A", "B"], 3, SetupOptions(2, "full", "advanced", "normal")).goals == []
    with pytest.raises(ValueError):  # Paris is always played in advanced rating mode
        draw_setup(BOARD, ["A", "B"], 3, SetupOptions(2, "full", "standard", "normal"))
    london = {s.key for s in setup_steps(SetupOptions(4, "full", "standard", "normal"), find_board("london-example"))}
    assert {"deck", "goals", "hands", "start-subway"} <= london  # other cities keep the common steps


JUNK = st.recursive(st.none() | st.booleans() | st.integers(-3, 8) | st.text(max_size=4),
                    lambda inner: st.lists(inner, max_size=3) | st.tuples(inner, inner), max_leaves=8)


@settings(max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(colour=JUNK, change=JUNK, extra=JUNK, extra_colour=JUNK, bonus_colour=JUNK)
def test_junk_paris_turn_values_give_problems_never_exceptions(colour, change, extra, extra_colour, bonus_colour):
    state = _game()
    state = replace(state, players=(replace(state.players[0], sections=(BRIDGE_A, BRIDGE_B),
                                            colours={BRIDGE_A: "red", BRIDGE_B: "red"},
                                            balance=(("section", False),)), state.players[1]))
    state = _open(state, boxes=3)
    loc = empty_matches(state, 0)[0]
    turn = Turn(loc, (geo.section((0, 1), (0, 2)),), section_colour=colour, route_change=change,
                tour_section=BonusSection(extra, "tour", extra_colour),
                bonus_sections=(BonusSection(geo.section((6, 0), (6, 1)), "balance", bonus_colour),))
    after, problems = play_turn(state, 0, turn)
    assert all(p.code and p.message for p in problems)
    if has_errors(problems):
        assert after is state


@pytest.mark.parametrize("new", [[[1, [2]], [3, [4]]], [[0, 0]], "ab", [[9, 9], [9, 10]], None])
def test_a_route_change_to_nowhere_is_a_problem(new):
    state = _game()
    state = replace(state, players=(replace(state.players[0], sections=(BRIDGE_A, BRIDGE_B),
                                            colours={BRIDGE_A: "red", BRIDGE_B: "red"}), state.players[1]))
    state = _open(state, boxes=3)
    loc = empty_matches(state, 0)[0]
    after, problems = play_turn(state, 0, Turn(loc, (geo.section((0, 1), (0, 2)),), section_colour="red",
                                               route_change=(BRIDGE_A, new, "red")))
    assert has_errors(problems) and after is state


def test_two_hundred_seeded_paris_games_run_without_a_referee_error():
    """Seeds 0–199, 2 to 4 players: no refused move, and every game document validates (bench: 1,000 games)."""
    for seed in range(200):
        doc = simulate_game(BOARD, players=2 + seed % 3, seed=seed)
        assert not has_errors(read_game(doc).problems), seed
