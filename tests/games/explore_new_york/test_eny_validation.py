"""Every invalid input is refused with its code, path and severity; all problems are found at once."""

from __future__ import annotations

import pytest
from eny_helpers import codes, game, player

from companion.games.core.engine import NotAGameDocument
from companion.games.explore_new_york import score_document
from companion.games.explore_new_york.game import MAX_PLAYERS

E, W = "error", "warning"


def problems_of(**fields) -> list[tuple[str, str, str]]:
    """Score one player with these fields and return their problems."""
    return codes(score_document(game(player(**fields))))


@pytest.mark.parametrize("doc", [[], 3, "x", None, {"players": [{}]}, {"format": "enroute-game/1", "players": [{}]},
                                 {"format": "explore-ny-game/1"}, {"format": "explore-ny-game/1",
                                                                          "players": []},
                                 {"format": "explore-ny-game/1", "players": {"a": 1}}])
def test_not_a_game_document(doc):
    """Not an object, the wrong format, or no players list: not a game document at all."""
    with pytest.raises(NotAGameDocument):
        score_document(doc)


def test_sections_must_be_roads_drawn_once():
    """Off-map points, the rounded tile corners, non-neighbours and repeats are each named by path."""
    found = problems_of(sections=[[[0, 1], [1, 1]], [[7, 1], [6, 1]], [[0, 0], [1, 0]], [[1, 1], [2, 2]],
                                  [[1, 1], [0, 1]], [[0, 1], [1, 0]]])
    assert found == [(E, "intersection-off-map", "players[0].sections[1][0]"),
                     (E, "intersection-off-map", "players[0].sections[2][0]"),
                     (E, "not-a-road", "players[0].sections[3]"),
                     (E, "duplicate-section", "players[0].sections[4]")]


def test_outer_straight_edges_at_the_corners_are_no_roads():
    """[0,1]-[0,2] is a road, but nothing reaches [0,0]: the curve [1,0]-[0,1] replaces it."""
    assert problems_of(sections=[[[0, 1], [0, 2]], [[1, 0], [0, 1]], [[6, 1], [5, 0]], [[0, 5], [1, 6]],
                                 [[5, 6], [6, 5]]]) == []
    assert problems_of(sections=[[[6, 0], [6, 1]]]) == [(E, "intersection-off-map", "players[0].sections[0][0]")]


def test_section_shapes():
    """A section is a pair of pairs of whole numbers."""
    found = problems_of(sections=[[[0, 1]], [[0, 1], [1, "a"]], 5, [[0, 1], [1, 1], [2, 1]]])
    assert found == [(E, "too-few", "players[0].sections[0][1]"), (E, "bad-number", "players[0].sections[1][1][1]"),
                     (E, "not-a-list", "players[0].sections[2]"), (E, "too-many", "players[0].sections[3]")]


def test_too_many_sections_is_a_warning():
    """More than 36 drawn sections cannot happen in 9 rounds, but the sheet is still scored."""
    every = [[[x - 1, y], [x, y]] for y in range(1, 6) for x in range(1, 7)] + \
        [[[x, y - 1], [x, y]] for x in range(1, 6) for y in range(1, 7)]
    result = score_document(game(player(sections=every)))
    assert codes(result) == [(W, "too-many-sections", "players[0].sections")]
    assert result["players"][0]["total"] is not None


def test_tourists():
    """Districts on the map, each once, counts 0–99, at most nine districts; an empty entry is a warning."""
    found = problems_of(tourists=[{"at": [0, 1], "red": 1}, {"at": [2, 2], "blue": 1}, {"at": [2, 2], "red": 1},
                                  {"at": [3, 3]}, {"at": [4, 4], "green": 0}])
    assert found == [(E, "district-off-map", "players[0].tourists[0].at"),
                     (E, "duplicate-district", "players[0].tourists[2].at"),
                     (W, "no-tourists", "players[0].tourists[3]"), (W, "no-tourists", "players[0].tourists[4]")]
    shape = problems_of(tourists=[{"at": [1, 1], "red": -1, "purple": 2}])
    assert shape == [(E, "bad-number", "players[0].tourists[0].red"),
                     (E, "unknown-key", "players[0].tourists[0].purple")]
    ten = [{"at": [c, 1 + (c > 6)], "red": 1} for c in range(1, 11)]
    ten = [{"at": [(i % 6) + 1, i // 6 + 1], "red": 1} for i in range(10)]
    assert problems_of(tourists=ten) == [(E, "too-many-districts", "players[0].tourists")]


def test_cafes():
    """Circled cafes are cafes of the tile, listed once, reached by a section; reached ones should be circled."""
    found = problems_of(sections=[[[1, 1], [2, 1]], [[4, 1], [4, 2]]], cafes=[[2, 1], [3, 3], [2, 1], [0, 3]])
    assert found == [(E, "not-a-cafe", "players[0].cafes[1]"), (E, "duplicate-cafe", "players[0].cafes[2]"),
                     (E, "cafe-not-reached", "players[0].cafes[3]"), (W, "cafe-not-circled", "players[0].cafes")]
    assert problems_of(sections=[[[1, 1], [2, 1]]]) == []  # no "cafes" key: nothing to check


def test_final_route():
    """The kept route walks drawn roads, each once; a jump stops the check of the rest of the walk."""
    drawn = [[[1, 1], [2, 1]], [[2, 1], [2, 2]], [[2, 2], [1, 2]], [[1, 2], [1, 1]]]
    assert problems_of(sections=drawn, final_route=[[1, 1], [2, 1], [2, 2], [1, 2], [1, 1]]) == []
    found = problems_of(sections=drawn, final_route=[[1, 1], [2, 1], [1, 1], [1, 0], [0, 0], [3, 3]])
    assert found == [(E, "route-reuses-section", "players[0].final_route[2]"),
                     (E, "route-not-drawn", "players[0].final_route[3]"),
                     (E, "intersection-off-map", "players[0].final_route[4]")]
    assert problems_of(sections=drawn, final_route=[[1, 1], [3, 3], [2, 2]]) == \
        [(E, "route-not-a-road", "players[0].final_route[1]")]
    assert problems_of(sections=drawn, final_route=[[1, 1]]) == [(W, "empty-route", "players[0].final_route")]


def test_player_and_tile():
    """A name, a known tile; an inline tile is checked where it stands."""
    assert problems_of(player="") == [(E, "bad-text", "players[0].player")]
    assert problems_of(tile="nowhere") == [(E, "unknown-tile", "players[0].tile")]
    assert problems_of(tile=7) == [(E, "unknown-tile", "players[0].tile")]
    bad_tile = {"format": "explore-new-york-tile/1", "id": "mine", "name": "Mine",
                "districts": [["red"] * 6] * 5 + [["grey"] * 6], "cafes": [{"at": [6, 6], "tourists": {"red": 1}}]}
    assert problems_of(tile=bad_tile) == [(E, "too-many-stars", "players[0].tile.districts"),
                                          (E, "cafe-off-map", "players[0].tile.cafes[0].at")]
    result = score_document(game({"tile": "riverside", "colour": "red"}))
    assert codes(result) == [(E, "missing-key", "players[0].player"), (E, "unknown-key", "players[0].colour")]
    assert codes(score_document(game(7))) == [(E, "not-an-object", "players[0]")]


def test_every_problem_at_once():
    """One sheet with a problem in every field reports all of them in one pass."""
    found = problems_of(player="", sections=[[[1, 1], [2, 2]]], tourists=[{"at": [9, 9], "red": 1}],
                        cafes=[[3, 3]], final_route=[[1, 1], [1, 2]])
    assert [c for _, c, _ in found] == ["bad-text", "not-a-road", "district-off-map", "not-a-cafe",
                                        "route-not-drawn"]


def test_document_level():
    """Unknown top-level keys, too many players and shared names."""
    doc = game(*[player(player=f"P{i}") for i in range(MAX_PLAYERS + 1)])
    doc["variant"] = 1
    result = score_document(doc)
    assert codes(result, 0) == [(E, "unknown-key", "variant"), (E, "too-many-players", "players")]
    same = score_document(game(player(player="Aki"), player(player="aki")))
    assert codes(same, 1) == [(W, "duplicate-player", "players[1].player")]
    assert [p["total"] for p in same["players"]] == [0, 0]


def test_one_broken_sheet_does_not_stop_the_others():
    """A player with an error gets no total; the others are scored and ranked among themselves."""
    result = score_document(game(player(player="A", sections=[[[1, 1], [2, 2]]]),
                                 player(player="B", sections=[[[4, 0], [4, 1]]])))
    a, b = result["players"]
    assert a["total"] is None and a["rows"] is None and a["rank"] is None and a["best"] is None
    assert b["total"] == 0 and b["rank"] == 1
