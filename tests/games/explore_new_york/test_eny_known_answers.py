"""Known-answer games: each game file has a hand-computed `.expect.json` beside it (its `_hand` shows the sums)."""

from __future__ import annotations

import pytest
from eny_helpers import GAMES, game_files, load

from companion.games.explore_new_york import score_document

ROW_ORDER = ["red", "green", "blue", "cafes", "yellow", "grey"]


@pytest.mark.parametrize("path", game_files(), ids=lambda p: p.stem)
def test_known_answer(path):
    """Rows, counts, totals, routes, what to erase and ranks match the hand computation."""
    expected = load(path.with_name(path.stem + ".expect.json"))
    result = score_document(load(path))
    assert result["format"] == "explore-ny-score/1"
    assert [p["player"] for p in result["players"]] == [p["player"] for p in expected["players"]]
    for got, want in zip(result["players"], expected["players"], strict=True):
        assert got["problems"] == want["problems"]
        assert list(got["rows"]) == ROW_ORDER
        assert got["total"] == want["total"] == sum(want["rows"].values())
        assert got["best"]["proven"] is True
        for key in ("rows", "counts", "rank", "route_chosen_by", "final_route", "erase"):
            if key in want:
                assert got[key] == want[key], key
        assert got["best"]["total"] == want["best_total"]
        if "best_route" in want:
            assert got["best"]["final_route"] == want["best_route"]


def test_seed_example_rows():
    """The seed's example sheet: cafes 6, smileys 12, stars 12, total 82 (reproduced on Riverside)."""
    result = score_document(load(GAMES / "seed-example-82.json"))
    for p in result["players"]:
        assert [p["rows"][k] for k in ("cafes", "yellow", "grey")] == [6, 12, 12]
        assert p["total"] == 82


def test_every_row_is_covered_by_some_known_answer():
    """Each of the six row keys is non-zero in at least one known-answer game (no row goes untested)."""
    seen = set()
    for path in game_files():
        for p in load(path.with_name(path.stem + ".expect.json"))["players"]:
            seen |= {k for k, v in p["rows"].items() if v}
    assert seen == set(ROW_ORDER)
    grey = {p["rows"]["grey"] for path in game_files()
            for p in load(path.with_name(path.stem + ".expect.json"))["players"]}
    assert {4, 12, 24, 36} <= grey
