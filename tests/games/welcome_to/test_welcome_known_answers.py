"""Known-answer games: each game file has a hand-computed `.expect.json` beside it (its `_hand` shows the sums)."""

from __future__ import annotations

import pytest
from welcome_helpers import GAMES, game_files, known, load

from companion.games.welcome_to import score_document


@pytest.mark.parametrize("path", game_files(), ids=lambda p: p.stem)
def test_known_answer(path):
    """Rows, estate counts, totals and ranks match the hand computation, with no problem at all."""
    expected = load(path.with_name(path.stem + ".expect.json"))
    result = score_document(load(path))
    assert result["format"] == "welcome-to-score/1"
    assert [p["player"] for p in result["players"]] == [p["player"] for p in expected["players"]]
    for got, want in zip(result["players"], expected["players"]):
        assert got["problems"] == []
        assert got["rows"] == want["rows"]
        assert list(got["rows"]) == ["plans", "parks", "pools", "temps", "estates", "bis", "refusals", "roundabouts"]
        assert got["estates"] == want["estates"]
        assert got["total"] == want["total"] == sum(want["rows"].values())
        assert got["rank"] == want["rank"]


def test_seed_worked_score():
    """The seed's example rows: plans 13, parks 8, pools 13, temps 0, estates 14, bis −3, refusals 0.

    The seed prints the total as 50, but 13 + 8 + 13 + 0 + 14 − 3 − 0 is 45; the total is the sum of the rows.
    """
    result = score_document(load(GAMES / "seed-example.json"))
    rows = result["players"][0]["rows"]
    assert [rows[k] for k in ("plans", "parks", "pools", "temps", "estates", "bis", "refusals")] == \
        [13, 8, 13, 0, 14, -3, 0]
    assert result["players"][0]["total"] == 45


def test_one_refusal_costs_nothing_two_cost_three():
    """The refusal track: the first box shows 0 (the seed's example), the second 3, the third 5."""
    doc = known("seed-example")
    totals = []
    for n in (0, 1, 2, 3):
        doc["players"][0]["refusals"] = n
        totals.append(score_document(doc)["players"][0]["rows"]["refusals"])
    assert totals == [0, 0, -3, -5]


def test_solo_temps_need_six():
    """Solo: 5 temps score 0, 6 score 7 (the solo game's rule replaces the ranking)."""
    doc = known("solo")
    doc["players"][0]["temps"] = 5
    assert score_document(doc)["players"][0]["rows"]["temps"] == 0
    doc["players"][0]["temps"] = 11
    assert score_document(doc)["players"][0]["rows"]["temps"] == 7


def test_temps_rank_only_players_with_a_temp():
    """A player with no temp takes no place: with 3 and 0 temps, 3 is 1st (7) and 0 scores 0."""
    doc = known("four-players")
    for p, n in zip(doc["players"], (3, 0, 0, 0)):
        p["temps"] = n
    assert [p["rows"]["temps"] for p in score_document(doc)["players"]] == [7, 0, 0, 0]


def test_standard_mode_later_plan_scores_low_side():
    """A plan claimed 'later' scores its low number (Ben's plan 16: 3, not 7)."""
    result = score_document(load(GAMES / "four-players.json"))
    assert result["players"][1]["rows"]["plans"] == 3
