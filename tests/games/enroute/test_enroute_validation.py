"""Sheets and games: every rule check reports its code, path and a message, and never raises."""

from __future__ import annotations

import pytest
from enroute_helpers import game, sheet

from companion.games.enroute.game import NotAGameDocument, read_game
from companion.games.enroute.registry import find_board
from companion.games.enroute.scoring import score_game
from companion.games.enroute.sheet import parse_sheet


def problems_of(doc: dict) -> list[tuple[str, str, str]]:
    """Return (severity, code, path) of every problem in a game."""
    return [(p.severity, p.code, p.path) for p in read_game(doc).problems]


def test_minimal_game_is_clean():
    """The base sheet has only the expected warning about few tourist locations."""
    assert problems_of(game(sheet())) == [("warning", "few-locations", "players[0].tourists")]


TEN = [{"at": [c, r], "red": 1} for c, r in [(1, 1), (2, 1), (3, 1), (4, 1), (5, 1), (6, 1), (1, 2), (2, 2), (3, 2), (4, 2)]]

SHEET_CASES = [
    ("error", "not-a-road", "players[0].sections[2]", dict(sections=[[[0, 0], [1, 0]], [[1, 0], [2, 0]], [[0, 0], [1, 1]]])),
    ("error", "duplicate-section", "players[0].sections[2]", dict(sections=[[[0, 0], [1, 0]], [[1, 0], [2, 0]], [[1, 0], [0, 0]]])),
    ("error", "intersection-off-map", "players[0].sections[2][1]", dict(sections=[[[0, 0], [1, 0]], [[1, 0], [2, 0]], [[6, 6], [7, 6]]])),
    ("error", "bad-section", "players[0].sections[2]", dict(sections=[[[0, 0], [1, 0]], [[1, 0], [2, 0]], "north"])),
    ("error", "route-not-drawn", "players[0].final_route[3]", dict(final_route=[[0, 0], [1, 0], [2, 0], [3, 0]])),
    ("error", "route-not-a-road", "players[0].final_route[2]", dict(final_route=[[0, 0], [1, 0], [3, 0]])),
    ("error", "route-reuses-section", "players[0].final_route[3]", dict(final_route=[[0, 0], [1, 0], [2, 0], [1, 0]])),
    ("warning", "empty-route", "players[0].final_route", dict(final_route=[[0, 0]])),
    ("error", "location-off-map", "players[0].tourists[0].at", dict(tourists=[{"at": [0, 1], "red": 1}])),
    ("error", "bad-tourist-count", "players[0].tourists[0].red", dict(tourists=[{"at": [1, 1], "red": -1}])),
    ("error", "bad-tourist-count", "players[0].tourists[0].blue", dict(tourists=[{"at": [1, 1], "blue": 1.5}])),
    ("error", "unknown-key", "players[0].tourists[0].pink", dict(tourists=[{"at": [1, 1], "pink": 1}])),
    ("error", "duplicate-location", "players[0].tourists[1].at", dict(tourists=[{"at": [1, 1], "red": 1}, {"at": [1, 1], "blue": 1}])),
    ("error", "too-many-locations", "players[0].tourists", dict(tourists=[*TEN, {"at": [5, 2], "blue": 1}])),
    ("warning", "few-locations", "players[0].tourists", dict(tourists=TEN[:9])),
    ("warning", "no-tourists", "players[0].tourists[0]", dict(tourists=[{"at": [1, 1], "red": 0}])),
    ("warning", "purple-not-used", "players[0].tourists[0].purple", dict(tourists=[{"at": [1, 1], "purple": 1}])),
    ("error", "not-a-cafe", "players[0].cafes[0].at", dict(cafes=[{"at": [1, 1], "state": "used"}])),
    ("error", "bad-cafe-state", "players[0].cafes[0].state", dict(cafes=[{"at": [4, 0], "state": "eaten"}])),
    ("error", "cafe-not-reached", "players[0].cafes[0]", dict(cafes=[{"at": [4, 0], "state": "unused"}])),
    ("error", "duplicate-cafe", "players[0].cafes[1].at", dict(
        sections=[[[3, 0], [4, 0]]], final_route=None,
        cafes=[{"at": [4, 0], "state": "unused"}, {"at": [4, 0], "state": "used"}])),
    ("error", "cafe-not-circled", "players[0].cafes", dict(sections=[[[3, 0], [4, 0]]], final_route=None)),
    ("error", "intersection-off-map", "players[0].personal_goal[2]", dict(personal_goal=[[0, 0], [1, 1], [7, 7]])),
    ("error", "bad-personal-goal", "players[0].personal_goal", dict(personal_goal=[[0, 0], [0, 0], [1, 1]])),
    ("error", "bad-personal-goal", "players[0].personal_goal", dict(personal_goal=[[0, 0], [1, 1]])),
    ("warning", "no-personal-goal", "players[0].personal_goal", dict(personal_goal=None)),
    ("error", "unknown-key", "players[0].colour", dict(colour="red")),
    ("error", "wrong-format", "players[0].format", dict(format="enroute-sheet/2")),
    ("error", "bad-player-name", "players[0].player", dict(player="")),
    ("error", "unknown-player-board", "players[0].player_board", dict(player_board=9)),
    ("error", "unknown-goal", "players[0].goal_values.A", dict(goal_values={"A": 3})),
    ("error", "not-a-list", "players[0].sections", dict(sections={"a": 1})),
    ("error", "not-an-object", "players[0].tourists[0]", dict(tourists=[[1, 1]])),
]


@pytest.mark.parametrize("severity,code,path,change", SHEET_CASES, ids=[f"{c[1]}-{i}" for i, c in enumerate(SHEET_CASES)])
def test_sheet_problem(severity, code, path, change):
    """Each sheet mistake is reported with severity, code and path."""
    found = problems_of(game(sheet(**change)))
    assert (severity, code, path) in found, found


def test_too_many_sections_warns():
    """More sections than 10 rounds and bonuses allow is a warning naming the counts."""
    sections = [[[x - 1, y], [x, y]] for y in range(4) for x in range(1, 7)]
    doc = game(sheet(sections=sections, final_route=None))
    problems = read_game(doc).problems
    warn = [p for p in problems if p.code == "too-many-sections"]
    assert warn and warn[0].severity == "warning" and "24 sections" in warn[0].message


def test_section_bonuses_raise_the_limit():
    """Used route-section cafes allow one more section each."""
    sections = [[[x - 1, y], [x, y]] for y in range(4) for x in range(1, 7)][:21]
    sections += [[[2, 6], [3, 6]]]
    # 22 sections: 20 for the rounds + 1 per used route-section cafe.
    base = sheet(sections=sections, final_route=None, cafes=[{"at": [4, 0], "state": "used"}])
    assert "too-many-sections" in {p.code for p in read_game(game(base)).problems}
    base["cafes"].append({"at": [3, 6], "state": "used"})
    assert "too-many-sections" not in {p.code for p in read_game(game(base)).problems}


def test_several_balance_cards_no_false_limit():
    """R4: a player may take several balance cards (seed ~l.429): no maximum is claimed when they are unknown."""
    sections = [[[x - 1, y], [x, y]] for y in range(4) for x in range(1, 7)][:23]
    doc = sheet(sections=sections, final_route=None)
    board = find_board("training-city")
    _sheet, found = parse_sheet(doc, board, "intermediate", balance_sections=3)
    assert "too-many-sections" not in {p.code for p in found}, found
    _sheet, found = parse_sheet(doc, board, "intermediate", balance_sections=2)
    assert [p.severity for p in found if p.code == "too-many-sections"] == ["warning"]
    warn = [p for p in read_game(game(doc)).problems if p.code == "too-many-sections"]
    assert warn and "at most" not in warn[0].message and "3 need" in warn[0].message, warn


GAME_CASES = [
    ("error", "unknown-board", "board", dict(board="atlantis")),
    ("error", "unknown-board", "board", dict(board=7)),
    ("error", "unknown-level", "level", dict(level="expert")),
    ("error", "unknown-landmark", "ratings.market-hall", dict(ratings={"market-hall": 1})),
    ("error", "rating-beyond-track", "ratings.tv-tower", dict(ratings={"tv-tower": 5})),
    ("error", "rating-beyond-track", "ratings.tv-tower", dict(ratings={"tv-tower": -1})),
    ("error", "unknown-key", "weather", dict(weather="rain")),
    ("error", "unknown-metric", "goals[0].metric", dict(goals=[{"deck": "A", "name": "x", "metric": "speed", "sign": "+", "threshold": 1, "winner_pp": 2, "achiever_pp": 1}])),
    ("error", "bad-sign", "goals[0].sign", dict(goals=[{"deck": "A", "name": "x", "metric": "turns", "sign": "*", "threshold": 1, "winner_pp": 2, "achiever_pp": 1}])),
    ("error", "bad-deck", "goals[0].deck", dict(goals=[{"deck": "D", "name": "x", "metric": "turns", "sign": "+", "threshold": 1, "winner_pp": 2, "achiever_pp": 1}])),
    ("error", "achiever-above-winner", "goals[0].achiever_pp", dict(goals=[{"deck": "A", "name": "x", "metric": "turns", "sign": "+", "threshold": 1, "winner_pp": 2, "achiever_pp": 3}])),
    ("error", "missing-key", "goals[0].threshold", dict(goals=[{"deck": "A", "name": "x", "metric": "turns", "sign": "+", "winner_pp": 2, "achiever_pp": 1}])),
    ("error", "duplicate-deck", "goals[1].deck", dict(goals=[{"deck": "A", "name": "x", "metric": "turns", "sign": "+", "threshold": 1, "winner_pp": 2, "achiever_pp": 1}] * 2)),
    ("warning", "goals-not-used", "goals", dict(level="intermediate", goals=[{"deck": "A", "name": "x", "metric": "turns", "sign": "+", "threshold": 1, "winner_pp": 2, "achiever_pp": 1}])),
]


@pytest.mark.parametrize("severity,code,path,change", GAME_CASES, ids=[f"{c[1]}-{i}" for i, c in enumerate(GAME_CASES)])
def test_game_problem(severity, code, path, change):
    """Each game-level mistake is reported with severity, code and path."""
    found = problems_of(game(sheet(), **change))
    assert (severity, code, path) in found, found


def test_game_problems_reach_every_player():
    """A game-wide error is listed for every player, and nobody gets a total."""
    result = score_game(game(sheet(), sheet(player="Bo"), board="atlantis"))
    for player in result["players"]:
        assert player["total"] is None and player["rows"] is None and player["rank"] is None
        assert [p["code"] for p in player["problems"]] == ["unknown-board"]


def test_errors_block_only_that_player():
    """One player's error does not stop the others from being scored and ranked."""
    result = score_game(game(sheet(), sheet(player="Bo", sections=[[[0, 0], [1, 1]]], final_route=None)))
    good, bad = result["players"]
    assert good["total"] is not None and good["rank"] == 1
    assert bad["total"] is None and any(p["code"] == "not-a-road" for p in bad["problems"])


def test_simplified_ignores_cafes_and_personal_goal():
    """Cafes and personal goals are warnings and score nothing in the simplified game."""
    doc = game(sheet(sections=[[[3, 0], [4, 0]]], final_route=[[3, 0], [4, 0]],
                     cafes=[{"at": [4, 0], "state": "unused"}]), level="simplified")
    found = problems_of(doc)
    assert ("warning", "cafes-not-used", "players[0].cafes") in found
    assert ("warning", "personal-goal-not-used", "players[0].personal_goal") in found
    rows = score_game(doc)["players"][0]["rows"]
    assert rows["cafes"] == 0 and rows["personal_goal"] == 0


def test_manual_goal_values():
    """A manual goal takes the player's value; a missing one is a warning and not met."""
    card = {"deck": "B", "name": "Counted", "metric": "manual", "sign": "+", "threshold": 3, "winner_pp": 7, "achiever_pp": 4}
    doc = game(sheet(goal_values={"B": 5}), sheet(player="Bo", goal_values={"B": 3}), sheet(player="Cy"), goals=[card])
    result = score_game(doc)
    assert [p["rows"]["goal_B"] for p in result["players"]] == [7, 4, 0]
    assert "missing-goal-value" in [p["code"] for p in result["players"][2]["problems"]]


@pytest.mark.parametrize("doc", [None, 3, "x", [], {}, {"format": "enroute-game/1"},
                                 {"format": "enroute-game/1", "players": []},
                                 {"format": "enroute-board/1", "players": [{}]}])
def test_not_a_game_document(doc):
    """Inputs that are not game documents raise NotAGameDocument (CLI exit 2, API 422)."""
    with pytest.raises(NotAGameDocument):
        read_game(doc)


def test_cafe_problem_path_counts_document_items():
    """After a bad cafe entry, a later unreached cafe is named by its own index in the document."""
    doc = game(sheet(cafes=[{"at": [1, 1], "state": "used"}, {"at": [4, 0], "state": "unused"}]))
    found = problems_of(doc)
    assert ("error", "not-a-cafe", "players[0].cafes[0].at") in found
    assert ("error", "cafe-not-reached", "players[0].cafes[1]") in found


def test_reached_uncircled_cafe_is_an_error_naming_it():
    """R5: a cafe reached by a drawn section must be circled at once; leaving it out is an error naming the cafe."""
    found = [p for p in read_game(game(sheet(sections=[[[3, 0], [4, 0]]], final_route=None))).problems
             if p.code == "cafe-not-circled"]
    assert found and found[0].severity == "error"
    assert "[4, 0]" in found[0].message and "cafe" in found[0].message
