"""Known-answer games (perft style): each game file has a hand-computed `.expect.json` beside it."""

from __future__ import annotations

import copy

import pytest
from enroute_helpers import game_files, load

from companion.games.enroute.scoring import score_game


@pytest.mark.parametrize("path", game_files(), ids=lambda p: p.stem)
def test_known_answer(path):
    """Rows, totals, tie-break values and ranks match the hand computation."""
    expected = load(path.with_name(path.stem + ".expect.json"))
    result = score_game(load(path))
    assert result["format"] == "enroute-score/1"
    assert len(result["players"]) == len(expected["players"])
    for got, want in zip(result["players"], expected["players"], strict=False):
        assert got["player"] == want["player"]
        assert got["rows"] == want["rows"]
        assert got["total"] == want["total"] == sum(want["rows"].values())
        assert got["tiebreak"] == want["tiebreak"]
        assert got["rank"] == want["rank"]
        assert got["route_chosen_by"] == "player"
        assert not [p for p in got["problems"] if p["severity"] == "error"]


def test_rulebook_example_is_105():
    """The rulebook's worked example totals 105 PP."""
    result = score_game(load(next(p for p in game_files() if p.stem == "rulebook-example")))
    assert result["players"][0]["total"] == 105


@pytest.mark.parametrize("path", game_files(), ids=lambda p: p.stem)
def test_reversed_walks_score_the_same(path):
    """Walking every final route backwards changes no row."""
    doc = load(path)
    reverse = copy.deepcopy(doc)
    for player in reverse["players"]:
        player["final_route"] = list(reversed(player["final_route"]))
    forward, backward = score_game(doc), score_game(reverse)
    for a, b in zip(forward["players"], backward["players"], strict=False):
        assert a["rows"] == b["rows"] and a["rank"] == b["rank"]


@pytest.mark.parametrize("path", game_files(), ids=lambda p: p.stem)
def test_companion_route_is_at_least_as_good(path):
    """Letting the companion choose never scores less on rows 1–8 than the player's own route."""
    doc = load(path)
    chosen = copy.deepcopy(doc)
    for player in chosen["players"]:
        player["final_route"] = None
    mine, best = score_game(doc), score_game(chosen)
    for a, b in zip(mine["players"], best["players"], strict=False):
        assert b["route_chosen_by"] == "companion" and b["proven"] is True
        base = lambda rows: sum(v for k, v in rows.items() if not k.startswith("goal_"))  # noqa: E731
        assert base(b["rows"]) >= base(a["rows"])
