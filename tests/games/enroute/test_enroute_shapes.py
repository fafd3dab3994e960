"""Document shapes read by the pydantic models: every shape error's path, code and severity, and its template.

Each row changes one value of a valid document and names the one error that
must come back. The check is strict: that error, and no other error at or
below its path (a section of three points is one problem, not one per point).
"""

from __future__ import annotations

import copy

import pytest
from enroute_helpers import game, sheet

from companion.games.core.problems import Msg, Problem
from companion.games.enroute import board_to_json, find_board, parse_board
from companion.games.enroute.board import load_board
from companion.games.enroute.game import read_game
from companion.games.enroute.goals import parse_goals
from companion.games.enroute.scoring import score_game
from companion.games.enroute.sheet import parse_sheet

CARD = {"deck": "A", "name": "Long walk", "metric": "route_length", "sign": "+", "threshold": 3, "winner_pp": 5,
        "achiever_pp": 2}


def card(**change) -> dict:
    """Return a valid goal card with changes."""
    return {**CARD, **change}


def without(doc: dict, key: str) -> dict:
    """Return a copy of an object without one key."""
    return {k: v for k, v in doc.items() if k != key}


def game_problems(doc) -> list[Problem]:
    """Read a game and return its problems."""
    return read_game(doc).problems


def errors_at(problems: list[Problem], path: str) -> set[tuple[str, str, str]]:
    """Return (severity, code, path) of the errors at a path or inside it."""
    return {(p.severity, p.code, p.path) for p in problems if p.severity == "error"
            and (p.path == path or p.path.startswith((path + ".", path + "[")))}


def assert_only(problems: list[Problem], expected: tuple[str, str, str]) -> None:
    """The expected error is reported, and it is the only error at or below its path."""
    found = {(p.severity, p.code, p.path) for p in problems}
    assert expected in found, sorted(found)
    assert errors_at(problems, expected[2]) == {expected}, sorted(found)


SHEET_SHAPES = [
    # (severity, code, path below players[0], changed sheet)
    ("error", "not-an-object", "", 3),
    ("error", "not-an-object", "", ["Aki"]),
    ("error", "unknown-key", "colour", sheet(colour="red")),
    ("error", "missing-key", "format", without(sheet(), "format")),
    ("error", "missing-key", "player", without(sheet(), "player")),
    ("error", "missing-key", "sections", without(sheet(), "sections")),
    ("error", "wrong-format", "format", sheet(format="enroute-sheet/2")),
    ("error", "wrong-format", "format", sheet(format=1)),
    ("error", "bad-player-name", "player", sheet(player="")),
    ("error", "bad-player-name", "player", sheet(player="   ")),
    ("error", "bad-player-name", "player", sheet(player="x" * 41)),
    ("error", "bad-player-name", "player", sheet(player=7)),
    ("error", "unknown-player-board", "player_board", sheet(player_board="2")),
    ("error", "unknown-player-board", "player_board", sheet(player_board=True)),
    ("error", "not-a-list", "sections", sheet(sections={"a": 1})),
    ("error", "not-a-list", "sections", sheet(sections=None)),
    ("error", "bad-section", "sections[1]", sheet(sections=[[[0, 0], [1, 0]], "north"])),
    ("error", "bad-section", "sections[1]", sheet(sections=[[[0, 0], [1, 0]], [[1, 0]]])),
    ("error", "bad-section", "sections[1]", sheet(sections=[[[0, 0], [1, 0]], [[1, 0], "x", [2, 0]]])),
    ("error", "bad-section", "sections[0]", sheet(sections=[[1]], final_route=None)),
    ("error", "intersection-off-map", "sections[1][1]", sheet(sections=[[[0, 0], [1, 0]], [[1, 0], [2.5, 0]]])),
    ("error", "intersection-off-map", "sections[1][1]", sheet(sections=[[[0, 0], [1, 0]], [[1, 0], [True, 0]]])),
    ("error", "intersection-off-map", "sections[1][0]", sheet(sections=[[[0, 0], [1, 0]], ["a", [2, 0]]])),
    ("error", "intersection-off-map", "sections[1][0]", sheet(sections=[[[0, 0], [1, 0]], [[1], [2, 0]]])),
    ("error", "not-a-list", "final_route", sheet(final_route="north")),
    ("error", "intersection-off-map", "final_route[1]", sheet(final_route=[[0, 0], [1, "0"], [2, 0]])),
    ("error", "intersection-off-map", "final_route[2]", sheet(final_route=[[0, 0], [1, 0], None])),
    ("error", "not-a-list", "tourists", sheet(tourists={"at": [1, 1]})),
    ("error", "not-an-object", "tourists[0]", sheet(tourists=[[1, 1]])),
    ("error", "missing-key", "tourists[0].at", sheet(tourists=[{"red": 1}])),
    ("error", "unknown-key", "tourists[0].pink", sheet(tourists=[{"at": [1, 1], "pink": 1}])),
    ("error", "location-off-map", "tourists[0].at", sheet(tourists=[{"at": "B2", "red": 1}])),
    ("error", "location-off-map", "tourists[0].at", sheet(tourists=[{"at": [1, 1, 1], "red": 1}])),
    ("error", "bad-tourist-count", "tourists[0].red", sheet(tourists=[{"at": [1, 1], "red": -1}])),
    ("error", "bad-tourist-count", "tourists[0].red", sheet(tourists=[{"at": [1, 1], "red": 100}])),
    ("error", "bad-tourist-count", "tourists[0].green", sheet(tourists=[{"at": [1, 1], "green": "2"}])),
    ("error", "bad-tourist-count", "tourists[0].blue", sheet(tourists=[{"at": [1, 1], "blue": None}])),
    ("error", "not-a-list", "cafes", sheet(cafes="none")),
    ("error", "not-an-object", "cafes[0]", sheet(cafes=[[4, 0]])),
    ("error", "missing-key", "cafes[0].state", sheet(cafes=[{"at": [4, 0]}])),
    ("error", "unknown-key", "cafes[0].cup", sheet(cafes=[{"at": [4, 0], "state": "used", "cup": 1}])),
    ("error", "bad-cafe-bonus", "cafes[0].bonus", sheet(cafes=[{"at": [4, 0], "state": "used", "bonus": 1}])),
    ("error", "bad-cafe-state", "cafes[0].state", sheet(cafes=[{"at": [4, 0], "state": "eaten"}])),
    ("error", "bad-cafe-state", "cafes[0].state", sheet(cafes=[{"at": [4, 0], "state": True}])),
    ("error", "intersection-off-map", "cafes[0].at", sheet(cafes=[{"at": [4], "state": "used"}])),
    ("error", "bad-personal-goal", "personal_goal", sheet(personal_goal=[[0, 0], [1, 1]])),
    ("error", "bad-personal-goal", "personal_goal", sheet(personal_goal=[[0, 0], [1, 1], [2, 2], [3, 3]])),
    ("error", "bad-personal-goal", "personal_goal", sheet(personal_goal=[1, 2])),
    ("error", "bad-personal-goal", "personal_goal", sheet(personal_goal="A1")),
    ("error", "intersection-off-map", "personal_goal[1]", sheet(personal_goal=[[0, 0], [1], [2, 2]])),
    ("error", "not-an-object", "goal_values", sheet(goal_values=[7])),
    ("error", "bad-number", "goal_values.B", sheet(goal_values={"B": "seven"})),
    ("error", "bad-number", "goal_values.B", sheet(goal_values={"B": 1000})),
]


@pytest.mark.parametrize("severity,code,path,doc", SHEET_SHAPES,
                         ids=[f"{c[1]}-{c[2]}-{i}" for i, c in enumerate(SHEET_SHAPES)])
def test_sheet_shape(severity, code, path, doc):
    """Each shape error of an enroute-sheet/1 document has its path, code and severity."""
    manual = card(deck="B", metric="manual")
    problems = game_problems(game(copy.deepcopy(doc), goals=[manual]))
    full = "players[0]" + ("." + path if path and not path.startswith("[") else path)
    assert_only(problems, (severity, code, full))


GAME_SHAPES = [
    ("error", "unknown-key", "weather", dict(weather="rain")),
    ("error", "missing-key", "board", dict(board=None)),  # None: the key is removed below
    ("error", "missing-key", "level", dict(level=None)),
    ("error", "unknown-level", "level", dict(level="expert")),
    ("error", "unknown-level", "level", dict(level=3)),
    ("error", "unknown-board", "board", dict(board=7)),
    ("error", "unknown-board", "board", dict(board=["training-city"])),
    ("error", "not-an-object", "ratings", dict(ratings=[3])),
    ("error", "rating-beyond-track", "ratings.tv-tower", dict(ratings={"tv-tower": "3"})),
    ("error", "rating-beyond-track", "ratings.tv-tower", dict(ratings={"tv-tower": -1})),
    ("error", "not-a-list", "goals", dict(goals={"A": CARD})),
    ("error", "not-an-object", "goals[0]", dict(goals=["Long walk"])),
    ("error", "missing-key", "goals[0].threshold", dict(goals=[without(CARD, "threshold")])),
    ("error", "unknown-key", "goals[0].colour", dict(goals=[card(colour="red")])),
    ("error", "bad-deck", "goals[0].deck", dict(goals=[card(deck="D")])),
    ("error", "bad-deck", "goals[0].deck", dict(goals=[card(deck=1)])),
    ("error", "bad-text", "goals[0].name", dict(goals=[card(name=" ")])),
    ("error", "unknown-metric", "goals[0].metric", dict(goals=[card(metric="speed")])),
    ("error", "unknown-metric", "goals[0].metric", dict(goals=[card(metric=["turns"])])),
    ("error", "bad-sign", "goals[0].sign", dict(goals=[card(sign="*")])),
    ("error", "bad-number", "goals[0].threshold", dict(goals=[card(threshold=1.5)])),
    ("error", "bad-number", "goals[0].winner_pp", dict(goals=[card(winner_pp=-5)])),
    ("error", "bad-number", "goals[0].achiever_pp", dict(goals=[card(achiever_pp=1000)])),
]


@pytest.mark.parametrize("severity,code,path,change", GAME_SHAPES,
                         ids=[f"{c[1]}-{c[2]}-{i}" for i, c in enumerate(GAME_SHAPES)])
def test_game_shape(severity, code, path, change):
    """Each shape error of an enroute-game/1 document has its path, code and severity."""
    doc = game(sheet())
    for key, value in change.items():
        if value is None:
            del doc[key]
        else:
            doc[key] = value
    assert_only(game_problems(doc), (severity, code, path))


def training_doc() -> dict:
    """The training city's board document."""
    return board_to_json(find_board("training-city"))


def board_change(path: tuple, value) -> dict:
    """Return the training city with the value at a path replaced (None as the value: the key removed)."""
    doc = training_doc()
    node = doc
    for key in path[:-1]:
        node = node[key]
    if value is None and isinstance(node, dict):
        del node[path[-1]]
    else:
        node[path[-1]] = value
    return doc


BOARD_SHAPES = [
    ("unknown-key", "colour", ("colour",), "red"),
    ("unsupported-feature", "rivers", ("rivers",), []),
    ("missing-key", "size", ("size",), None),
    ("missing-key", "landmarks", ("landmarks",), None),
    ("wrong-format", "format", ("format",), "enroute-board/9"),
    ("bad-id", "id", ("id",), "Training City"),
    ("bad-id", "id", ("id",), 5),
    ("bad-text", "name", ("name",), ""),
    ("bad-text", "name", ("name",), ["Training"]),
    ("bad-size", "size", ("size",), [6]),
    ("bad-size", "size", ("size",), [6, 0]),
    ("bad-size", "size", ("size",), "6x6"),
    ("not-a-list", "player_boards", ("player_boards",), {"1": {}}),
    ("not-an-object", "player_boards[1]", ("player_boards", 1), 2),
    ("bad-number", "player_boards[1].number", ("player_boards", 1, "number"), 0),
    ("bad-number", "player_boards[1].number", ("player_boards", 1, "number"), "2"),
    ("bad-printed-order", "player_boards[1].columns", ("player_boards", 1, "columns"), [None] * 6),
    ("bad-printed-order", "player_boards[1].rows", ("player_boards", 1, "rows"), "123456"),
    ("not-a-list", "landmarks", ("landmarks",), {"a": 1}),
    ("not-an-object", "landmarks[2]", ("landmarks", 2), "market"),
    ("bad-kind", "landmarks[3].kind", ("landmarks", 3, "kind"), "pink"),
    ("bad-id", "landmarks[3].id", ("landmarks", 3, "id"), "Market Hall"),
    ("bad-text", "landmarks[3].name", ("landmarks", 3, "name"), ""),
    ("bad-number", "landmarks[15].pp", ("landmarks", 15, "pp"), "6"),
    ("bad-number", "landmarks[15].pp", ("landmarks", 15, "pp"), 100),
    ("not-a-list", "landmarks[3].locations", ("landmarks", 3, "locations"), 1),
    ("location-off-map", "landmarks[3].locations[0]", ("landmarks", 3, "locations", 0), [1]),
    ("not-an-object", "ratings", ("ratings",), [4, 6, 8]),
    ("bad-rating-track", "ratings.tv-tower", ("ratings", "tv-tower"), []),
    ("bad-rating-track", "ratings.tv-tower", ("ratings", "tv-tower"), [4, "6"]),
    ("not-a-list", "cafes", ("cafes",), {"at": [0, 2]}),
    ("intersection-off-map", "cafes[1].at", ("cafes", 1, "at"), "A1"),
    ("bad-cafe-bonus", "cafes[1].bonus", ("cafes", 1, "bonus"), "cake"),
    ("cafe-without-tourists", "cafes[0].tourists", ("cafes", 0, "tourists"), {}),
    ("bad-colour", "cafes[0].tourists.pink", ("cafes", 0, "tourists", "pink"), 1),
    ("bad-number", "cafes[0].tourists.green", ("cafes", 0, "tourists", "green"), 0),
    ("not-an-object", "visit_them_all", ("visit_them_all",), [[2, 0]]),
    ("bad-text", "visit_them_all.name", ("visit_them_all", "name"), 3),
    ("not-a-list", "visit_them_all.at", ("visit_them_all", "at"), 2),
    ("intersection-off-map", "visit_them_all.at[1]", ("visit_them_all", "at", 1), [4, 3, 1]),
    ("bad-pp-table", "visit_them_all.pp", ("visit_them_all", "pp"), [0, 0, "12", 24]),
    ("not-an-object", "roads", ("roads",), []),
    ("not-a-list", "roads.remove", ("roads", "remove"), {}),
    ("bad-section", "roads.remove[0]", ("roads", "remove"), [[[0, 0]]]),
    ("not-an-object", "roads.add[0]", ("roads", "add"), [[[0, 0], [1, 1]]]),
    ("missing-key", "roads.add[0].borders", ("roads", "add"), [{"section": [[0, 0], [1, 1]]}]),
    ("location-off-map", "roads.add[0].borders[0]", ("roads", "add"),
     [{"section": [[0, 0], [1, 1]], "borders": [[1]]}]),
    ("bad-road-tag", "roads.add[0].tags", ("roads", "add"),
     [{"section": [[0, 0], [1, 1]], "borders": [[1, 1]], "tags": "diagonal"}]),
]


@pytest.mark.parametrize("code,path,where,value", BOARD_SHAPES,
                         ids=[f"{c[0]}-{c[1]}-{i}" for i, c in enumerate(BOARD_SHAPES)])
def test_board_shape(code, path, where, value):
    """Each shape error of an enroute-board/1 document has its path and code, as an error; no board comes back."""
    doc = board_change(where, value)
    board, problems = parse_board(doc)
    assert board is None
    assert_only(problems, ("error", code, path))
    _, found = parse_board(copy.deepcopy(doc), "board")  # inside a game, under "board"
    assert_only(found, ("error", code, "board." + path))


def test_load_board_raises_with_every_problem():
    """load_board raises DocumentError carrying shape and rule problems alike."""
    doc = training_doc()
    doc["landmarks"][3]["kind"] = "pink"  # shape
    doc["cafes"][1]["at"] = [0, 2]  # rule: two cafes on one intersection
    doc["ratings"].pop("tv-tower")  # rule: a grey landmark without its track
    with pytest.raises(Exception) as info:
        load_board(doc)
    found = {(p.code, p.path) for p in info.value.problems}
    assert {("bad-kind", "landmarks[3].kind"), ("duplicate-cafe", "cafes[1].at"),
            ("grey-without-track", "ratings.tv-tower")} <= found


def test_shape_and_rule_errors_are_reported_together_with_document_indices():
    """An unreadable section does not hide the rule problems of the others, named by their own index."""
    doc = game(sheet(sections=[[[0, 0], [1, 0]], "north", [[1, 0], [2, 0]], [[0, 0], [1, 1]], [[1, 0], [0, 0]]],
                     final_route=None))
    found = {(p.code, p.path) for p in game_problems(doc) if p.severity == "error"}
    assert found == {("bad-section", "players[0].sections[1]"), ("not-a-road", "players[0].sections[3]"),
                     ("duplicate-section", "players[0].sections[4]")}
    duplicate = next(p for p in game_problems(doc) if p.code == "duplicate-section")
    assert "sections[0]" in duplicate.message


def test_a_broken_sheet_does_not_stop_the_others():
    """A sheet whose shape is wrong gets problems; the other players are scored and ranked."""
    result = score_game(game(sheet(), sheet(player="Bo", sections="all of them", final_route=None), ["not", "a", "sheet"]))
    good, broken, junk = result["players"]
    assert good["total"] is not None and good["rank"] == 1
    assert broken["total"] is None and [p["path"] for p in broken["problems"] if p["severity"] == "error"] == [
        "players[1].sections"]
    assert junk["total"] is None and junk["problems"][0]["path"] == "players[2]"


def test_simplified_game_ignores_a_malformed_personal_goal():
    """The simplified game has no personal goals: a malformed one is only the usual warning."""
    problems = game_problems(game(sheet(personal_goal=[1, 2]), level="simplified"))
    assert [(p.severity, p.code) for p in problems if p.path.startswith("players[0].personal_goal")] == [
        ("warning", "personal-goal-not-used")]


def test_parse_goals_on_its_own_path():
    """The goal cards of the web form and the setup files are read with their own path prefix."""
    problems: list[Problem] = []
    cards = parse_goals([CARD, card(deck="B", metric="speed"), card(deck="A")], "cards", problems)
    assert [c.deck for c in cards] == ["A"]
    assert {(p.code, p.path) for p in problems} == {("unknown-metric", "cards[1].metric"),
                                                    ("duplicate-deck", "cards[2].deck")}
    problems = []
    assert parse_goals("A", "goals", problems) == [] and problems[0].code == "not-a-list"


def test_board_editor_blank_draft_lists_what_is_missing():
    """A blank draft of the board editor reads as problems, one per unentered printed edge, never an exception."""
    from companion.games.enroute.library import blank_board_doc, set_location

    doc = set_location(blank_board_doc("X"), [5, 5], "grey", "Tower")
    board, problems = parse_board(doc)
    assert board is None
    found = {(p.code, p.path) for p in problems}
    assert {("bad-printed-order", f"player_boards[{i}].{axis}") for i in range(4) for axis in ("columns", "rows")} \
        <= found
    assert ("grey-without-track", "ratings.tower") in found


# ---- messages come with templates ------------------------------------------------------------------

def _all_rows() -> list[list[Problem]]:
    """Return the problems of every bad document above."""
    found = []
    for _severity, _code, _path, doc in SHEET_SHAPES:
        found.append(game_problems(game(copy.deepcopy(doc), goals=[card(deck="B", metric="manual")])))
    for _code, _path, where, value in BOARD_SHAPES:
        found.append(parse_board(board_change(where, value))[1])
    return found


def test_every_problem_has_a_template_and_marked_words():
    """Every problem the readers give has a catalogue template, and its words come marked for translation."""
    for problems in _all_rows():
        for p in problems:
            assert p.template, p
            assert p.render(lambda text: text) == p.message, p
            if "what" in p.params:
                assert isinstance(p.params["what"], Msg), p


def test_rule_problems_have_templates_too():
    """The rule checks (not-a-road, duplicate cafes, tourist limits, ...) build templated messages too."""
    doc = game(sheet(sections=[[[0, 0], [1, 1]], [[0, 0], [1, 0]], [[1, 0], [0, 0]]], final_route=[[0, 0], [2, 0]],
                     cafes=[{"at": [1, 1], "state": "used"}, {"at": [4, 0], "state": "used"}],
                     tourists=[{"at": [1, 1], "red": 1}, {"at": [1, 1], "red": 2}, {"at": [9, 9], "red": 1}],
                     personal_goal=[[0, 0], [0, 0], [1, 1]], player_board=9, goal_values={"C": 1}),
               sheet(), ratings={"tv-tower": 9, "nowhere": 1},
               goals=[card(), card(), card(deck="B", achiever_pp=9), card(deck="C")])
    problems = game_problems(doc)
    assert len({p.code for p in problems}) >= 12
    for p in problems:
        assert p.template, p
        assert p.render(lambda text: text) == p.message, p


def test_sheet_without_board_context_still_reads():
    """parse_sheet reads a sheet on its own (the web's draft check): paths start at the sheet, good items stay."""
    sheet_doc = sheet(sections=[[[0, 0], [1, 0]], [[1, 0], [2, 0, 0]]])
    parsed, problems = parse_sheet(sheet_doc, find_board("training-city"))
    assert parsed is not None and parsed.sections == [((0, 0), (1, 0))]
    assert ("error", "intersection-off-map", "sections[1][1]") in {(p.severity, p.code, p.path) for p in problems}
