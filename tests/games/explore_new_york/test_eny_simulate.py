"""The simulator plays 1,000 legal games through the referee without a single refusal (the suite plays a share of
them, `FUZZ_SCALE=1` all); their sheets score cleanly."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from fuzz_scale import examples

from companion.games.explore_new_york import score_document
from companion.games.explore_new_york.cards import rounds_for
from companion.games.explore_new_york.referee import to_game_document
from companion.games.explore_new_york.simulate import play_random_game

ROOT = Path(__file__).resolve().parents[3]


def test_a_thousand_games():
    """1,000 random games (2, 3 and 4 players): every move accepted, the right number of rounds, sane sheets."""
    for seed in range(examples(1000)):
        players = 2 + seed % 3
        state = play_random_game(players, seed)  # raises RefereeError on any refusal
        assert state.finished and state.round == rounds_for(players)
        for player in state.players:
            assert len(player.tourists) == state.round  # one district a round
            assert len(set(player.sections)) == len(player.sections)
            assert state.round * 1 <= len(player.sections) <= state.round * 4


def test_simulated_games_score_without_problems():
    """The referee's sheets are valid game documents: no problem at all, every route proven best."""
    for seed in range(0, 1000, 25):
        doc = to_game_document(play_random_game(2 + seed % 3, seed))
        for p in score_document(doc)["players"]:
            assert p["problems"] == [] and p["best"]["proven"] and p["total"] == p["best"]["total"]


def test_cli_simulate():
    """`python -m companion explore-ny-simulate` prints a game the scorer accepts."""
    done = subprocess.run([sys.executable, "-m", "companion", "explore-ny-simulate", "--players", "3", "--seed", "5"],
                          capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr
    doc = json.loads(done.stdout)
    assert len(doc["players"]) == 3
    assert all(p["problems"] == [] for p in score_document(doc)["players"])
