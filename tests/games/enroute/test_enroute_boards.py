"""Boards: shipped data loads and round-trips; every board problem is reported with its path."""

from __future__ import annotations

import copy
import json

import pytest

from companion.games.enroute import board_to_json, find_board, parse_board, shipped_board_ids
from companion.games.enroute.registry import UnknownBoardError, available_boards, shipped_board_file


@pytest.fixture(params=shipped_board_ids())
def board_doc(request):
    """Each shipped board's document."""
    return json.loads(shipped_board_file(request.param).read_text(encoding="utf-8"))


def test_shipped_board_round_trips_exactly(board_doc):
    """Import then export gives back the same document, byte for byte as the shipped file is written."""
    board, problems = parse_board(board_doc)
    assert problems == [] and board is not None
    assert board_to_json(board) == board_doc
    text = shipped_board_file(board.id).read_text(encoding="utf-8")
    assert json.dumps(board_to_json(board), ensure_ascii=False, indent=1) == text.rstrip("\n")
    again, _ = parse_board(board_to_json(board))
    assert again == board


def test_shipped_board_is_complete(board_doc):
    """Every shipped board has 6×6 locations (New York two 6×6 halves), distinct printed coordinate orders, and a
    version 1 board 84 roads."""
    board = find_board(board_doc["id"])
    assert (board.cols, board.rows) == ((12, 6) if board.city == "new-york" else (6, 6))
    assert len(board.roads) == 84 or board.version == 2
    orders = {(pb.columns, pb.rows) for pb in board.player_boards}
    assert len(orders) == len(board.player_boards) == 4


def test_training_city_has_the_first_city_features():
    """The training city carries what the issue asks for."""
    board = find_board("training-city")
    names = {lm.name for lm in board.iconic()}
    assert names == {"Illusion and Pottery School", "Skywatcher Observatory", "TV Tower"}
    for lm in board.iconic():
        assert board.rating_track(lm.id) == (4, 6, 8, 10, 12)
    for kind in ("red", "green", "blue"):
        assert sum(1 for lm in board.landmarks if lm.kind == kind) >= 3
    assert all(lm.pp for lm in board.landmarks if lm.kind == "yellow")
    assert {c.bonus for c in board.cafes} == {"tourists", "section", "coordinate"}
    for cafe in board.cafes:
        x, y = cafe.at
        assert x in (0, board.cols) or y in (0, board.rows), "cafes sit on the map's edge"
    vta = board.visit_them_all
    assert vta.name == "Handcraft Festival" and len(vta.at) == 3
    assert [vta.score(n) for n in range(4)] == [0, 0, 12, 24]


def test_printed_coordinates(training_city):
    """Player boards map layout locations to their own printed coordinates."""
    pb2 = training_city.player_board(2)
    assert pb2.printed((1, 1)) == (4, 2)
    assert pb2.locations_for(2, 5) == [(3, 2), (5, 1)]
    assert training_city.player_board(1).locations_for(3, 3) == [(3, 3)]


def test_unknown_board():
    """An unknown id names the known boards."""
    with pytest.raises(UnknownBoardError) as info:
        find_board("atlantis")
    assert "training-city" in str(info.value)


def test_library_boards(tmp_path):
    """Boards saved in a library folder are found, broken ones skipped."""
    doc = board_to_json(find_board("training-city"))
    doc["id"], doc["name"] = "my-city", "My City"
    (tmp_path / "my-city.json").write_text(json.dumps(doc))
    (tmp_path / "broken.json").write_text("{")
    assert find_board("my-city", tmp_path).name == "My City"
    assert [b.id for b in available_boards(tmp_path)] == [*shipped_board_ids(), "my-city"]
    assert shipped_board_ids()[0] == "training-city"
    with pytest.raises(UnknownBoardError):
        find_board("../my-city", tmp_path)


def _broken(mutate) -> list:
    """Apply a change to the training city's document and return the problems found."""
    doc = copy.deepcopy(board_to_json(find_board("training-city")))
    mutate(doc)
    board, problems = parse_board(doc)
    assert board is None
    return problems


CASES = [
    ("unknown-key", "rivers2", lambda d: d.update(rivers2=[])),
    ("unsupported-feature", "rivers", lambda d: d.update(rivers=[])),
    ("wrong-format", "format", lambda d: d.update(format="enroute-board/9")),
    ("bad-id", "id", lambda d: d.update(id="Bad Id")),
    ("bad-size", "size", lambda d: d.update(size=[6])),
    ("bad-printed-order", "player_boards[1].columns", lambda d: d["player_boards"][1].update(columns=[1, 1, 2, 3, 4, 5])),
    ("duplicate-player-board", "player_boards[1].number", lambda d: d["player_boards"][1].update(number=1)),
    ("bad-kind", "landmarks[3].kind", lambda d: d["landmarks"][3].update(kind="pink")),
    ("yellow-without-pp", "landmarks[15].pp", lambda d: d["landmarks"][15].pop("pp")),
    ("pp-not-yellow", "landmarks[3].pp", lambda d: d["landmarks"][3].update(pp=3)),
    ("location-off-map", "landmarks[3].locations[0]", lambda d: d["landmarks"][3].update(locations=[[7, 1]])),
    ("location-taken", "landmarks[4].locations[0]", lambda d: d["landmarks"][4].update(locations=[[3, 1]])),
    ("duplicate-landmark", "landmarks[4].id", lambda d: d["landmarks"][4].update(id="market-hall")),
    ("grey-without-track", "ratings.tv-tower", lambda d: d["ratings"].pop("tv-tower")),
    ("bad-rating-track", "ratings.tv-tower", lambda d: d["ratings"].update({"tv-tower": []})),
    ("rating-not-grey", "ratings.market-hall", lambda d: d["ratings"].update({"market-hall": [1]})),
    ("bad-cafe-bonus", "cafes[0].bonus", lambda d: d["cafes"][0].update(bonus="cake")),
    ("cafe-without-tourists", "cafes[0].tourists", lambda d: d["cafes"][0].pop("tourists")),
    ("tourists-not-allowed", "cafes[1].tourists", lambda d: d["cafes"][1].update(tourists={"red": 1})),
    ("duplicate-cafe", "cafes[1].at", lambda d: d["cafes"][1].update(at=[0, 2])),
    ("intersection-off-map", "cafes[1].at", lambda d: d["cafes"][1].update(at=[9, 9])),
    ("bad-pp-table", "visit_them_all.pp", lambda d: d["visit_them_all"].update(pp=[0, 12])),
    ("bad-road-removal", "roads.remove[0]", lambda d: d["roads"].update(remove=[[[0, 0], [1, 1]]])),
    ("duplicate-road", "roads.add[0].section", lambda d: d["roads"].update(add=[{"section": [[0, 0], [1, 0]], "borders": [[1, 1]]}])),
    ("bad-road-tag", "roads.add[0].tags", lambda d: d["roads"].update(add=[{"section": [[0, 0], [1, 1]], "borders": [[1, 1]], "tags": ["bendy"]}])),
    ("cafe-unreachable", "cafes[0]", lambda d: d["roads"].update(remove=[[[0, 1], [0, 2]], [[0, 2], [0, 3]], [[0, 2], [1, 2]]])),
]


@pytest.mark.parametrize("code,path,mutate", CASES, ids=[c[0] for c in CASES])
def test_board_problem(code, path, mutate):
    """Each kind of board mistake is reported with its code and path."""
    problems = _broken(mutate)
    assert (code, path) in [(p.code, p.path) for p in problems], problems
    assert all(p.message for p in problems)


def test_every_problem_at_once():
    """Several mistakes are all reported, not just the first."""
    def mutate(d):
        d["landmarks"][3]["kind"] = "pink"
        d["cafes"][0]["bonus"] = "cake"
        d["player_boards"][0]["rows"] = [1, 2, 3]
    codes = {p.code for p in _broken(mutate)}
    assert {"bad-kind", "bad-cafe-bonus", "bad-printed-order"} <= codes


def test_added_roads_border_their_locations():
    """A diagonal road added as data borders the locations it lists and bends."""
    doc = board_to_json(find_board("training-city"))
    doc["roads"]["add"] = [{"section": [[0, 0], [1, 1]], "borders": [[1, 1]], "tags": ["diagonal"]}]
    board, problems = parse_board(doc)
    assert problems == []
    assert board.borders(((0, 0), (1, 1))) == ((1, 1),)
    assert len(board.roads) == 85
    assert board_to_json(board) == doc


def test_intersections_carry_features(training_city):
    """Cafes and festival points are found by intersection."""
    assert [f.bonus for f in training_city.features_at((4, 0))] == ["section"]
    assert training_city.features_at((1, 4)) == (training_city.visit_them_all,)
    assert training_city.features_at((3, 3)) == ()
