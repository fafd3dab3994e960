"""The legal-game simulator: every game validates, is deterministic, and follows the round structure."""

from __future__ import annotations

import json
import subprocess
import sys

from fuzz_scale import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.games.core.problems import has_errors
from companion.games.enroute.game import read_game
from companion.games.enroute.simulate import simulate_game, simulate_state

LEVELS = st.sampled_from(["simplified", "intermediate", "full"])


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10**6), players=st.integers(1, 4), level=LEVELS)
def test_simulated_games_always_validate(city, seed, players, level):
    """`game.read_game` finds no error in any simulated game (warnings allowed)."""
    doc = simulate_game(city, players=players, seed=seed, level=level)
    game = read_game(doc)
    assert not has_errors(game.problems), [p for p in game.problems if p.severity == "error"]
    assert len(game.players) == players and game.level == level
    assert all(sheet.final_route is None for sheet in game.players)
    for sheet in game.players:
        assert len(sheet.tourists) == 10  # one new location per round
        assert (sheet.personal_goal is None) == (level == "simplified")
    assert (len(game.goals) == 3) == (level == "full")


@settings(max_examples=examples(15), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10**6), players=st.integers(1, 4),
       rating_mode=st.sampled_from(["standard", "advanced"]))
def test_simulated_states_follow_the_rules(city, seed, players, rating_mode):
    """Ten turns each, ratings inside their tracks, at most one hand refresh, every cafe used at most once."""
    state = simulate_state(city, players, seed, "full", rating_mode=rating_mode)
    assert state.phase == "over" and state.round == 10
    for player in state.players:
        assert [r for r, _ in player.turns] == list(range(1, 11))
        assert len(set(player.sections)) == len(player.sections)
    for lid, marks in state.ratings.items():
        assert 0 <= marks < len(city.rating_track(lid))


def test_team_mode_simulation_validates(city):
    """Team games (no start rounds, partner places cards) also validate."""
    state = simulate_state(city, 4, 11, "full", mode="team")
    assert state.start_rounds == 0 and state.phase == "over"


def test_same_seed_same_game_other_seed_other_game(city):
    """The seed decides the whole game."""
    assert simulate_game(city, 3, 5) == simulate_game(city, 3, 5)
    assert simulate_game(city, 3, 5) != simulate_game(city, 3, 6)


def test_cli_simulate_prints_a_game():
    """`python -m companion simulate` prints the same document as the function."""
    out = subprocess.run([sys.executable, "-m", "companion", "simulate", "--board", "training-city",
                          "--players", "4", "--seed", "7", "--level", "intermediate"],
                         capture_output=True, text=True, check=True)
    doc = json.loads(out.stdout)
    from companion.games.enroute.registry import find_board

    assert doc == simulate_game(find_board("training-city"), 4, 7, "intermediate")


def test_cli_simulate_unknown_board_exits_2():
    """An unknown board is a clear message and exit code 2, no traceback."""
    out = subprocess.run([sys.executable, "-m", "companion", "simulate", "--board", "atlantis"],
                         capture_output=True, text=True)
    assert out.returncode == 2 and "atlantis" in out.stderr and "Traceback" not in out.stderr


def _other_town(city):
    """A different board: removed roads, a diagonal road, three player boards, no cafes, no festival."""
    from companion.games.enroute.board import board_to_json, load_board

    doc = board_to_json(city)
    doc["id"] = "other-town"
    doc["player_boards"] = doc["player_boards"][:3]
    doc["cafes"] = []
    doc["visit_them_all"] = None
    doc["roads"] = {"remove": [[[2, 2], [3, 2]], [[3, 2], [3, 3]]],
                    "add": [{"section": [[3, 3], [4, 4]], "borders": [[4, 4]], "tags": ["diagonal"]}]}
    return load_board(doc)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10**6), players=st.integers(1, 3))
def test_simulation_on_an_unshipped_board(city, seed, players):
    """Any board works; an unshipped one is written inline and still validates."""
    board = _other_town(city)
    doc = simulate_game(board, players=players, seed=seed)
    assert isinstance(doc["board"], dict) and doc["board"]["id"] == "other-town"
    game = read_game(doc)
    assert not has_errors(game.problems), [p for p in game.problems if p.severity == "error"]
    removed = {((2, 2), (3, 2)), ((3, 2), (3, 3))}
    assert not removed & {s for sheet in game.players for s in sheet.sections}
