"""Engine side of board transcription: the library folder, drafts and the editing helpers."""

from __future__ import annotations

import json

import pytest

from companion.games.enroute import board_to_json, find_board, parse_board, shipped_boards
from companion.games.enroute import library as lib
from companion.games.enroute.registry import available_boards, library_board_ids


@pytest.mark.parametrize("board", shipped_boards(), ids=lambda b: b.id)
def test_shipped_board_round_trips(board):
    doc = board_to_json(board)
    again, problems = parse_board(json.loads(json.dumps(doc)))
    assert problems == []
    assert board_to_json(again) == doc


def test_saved_board_round_trips_and_is_found(library, complete_doc):
    doc = complete_doc()
    doc["id"] = "tiny-town"
    board, problems = lib.save_board(library, doc)
    assert board is not None, problems
    stored = lib.load_library_doc(library, "tiny-town")
    assert stored == board_to_json(board)
    assert board_to_json(parse_board(stored)[0]) == stored
    assert find_board("tiny-town", library) == board
    assert "tiny-town" in [b.id for b in available_boards(library)]
    assert library_board_ids(library) == ["tiny-town"]


def test_save_refuses_invalid_board_and_writes_nothing(library):
    board, problems = lib.save_board(library, lib.blank_board_doc("Empty"))
    assert board is None
    assert any(p.path == "player_boards[0].columns" for p in problems)
    assert list(library.iterdir()) == []


def test_save_refuses_shipped_and_taken_ids(library, complete_doc):
    doc = complete_doc()
    doc["id"] = "training-city"
    board, problems = lib.save_board(library, doc)
    assert board is None and [p.code for p in problems] == ["id-shipped"]
    doc["id"] = "tiny"
    assert lib.save_board(library, doc)[0] is not None
    board, problems = lib.save_board(library, doc)
    assert board is None and [p.code for p in problems] == ["id-taken"]
    doc["name"] = "Tiny renamed"
    assert lib.save_board(library, doc, replace="tiny")[0].name == "Tiny renamed"


def test_unique_ids_avoid_shipped_and_saved(library, complete_doc):
    assert lib.unique_board_id("Training City", library) == "training-city-2"
    doc = complete_doc()
    doc["id"] = lib.unique_board_id("Köln Süd!", library)
    assert doc["id"] == "koln-sud"
    lib.save_board(library, doc)
    assert lib.unique_board_id("Köln Süd", library) == "koln-sud-2"
    assert lib.unique_board_id("Köln Süd", library, keep="koln-sud") == "koln-sud"
    assert lib.unique_board_id("!!!", library) == "board"


def test_delete_board(library, complete_doc):
    doc = complete_doc()
    doc["id"] = "gone"
    lib.save_board(library, doc)
    assert lib.delete_board(library, "gone") is True
    assert lib.delete_board(library, "gone") is False
    assert lib.delete_board(library, "training-city") is False
    assert lib.delete_board(library, "../etc") is False
    with pytest.raises(KeyError):
        lib.load_library_doc(library, "gone")
    with pytest.raises(KeyError):
        lib.load_library_doc(library, "../x")


def test_save_writes_atomically_without_leftovers(library, complete_doc):
    doc = complete_doc()
    doc["id"] = "atomic"
    lib.save_board(library, doc)
    assert sorted(p.name for p in library.iterdir()) == ["atomic.json"]


def test_drafts_survive_invalid_save_and_vanish_after_valid_save(library, complete_doc):
    draft = lib.new_draft(library, lib.blank_board_doc("Draft City"))
    board, problems = lib.save_draft(library, draft.id)
    assert board is None and problems
    assert lib.load_draft(library, draft.id).doc["name"] == "Draft City"
    lib.update_draft(library, draft.id, complete_doc("Draft City"))
    board, problems = lib.save_draft(library, draft.id)
    assert board is not None and board.id == "draft-city"
    with pytest.raises(KeyError):
        lib.load_draft(library, draft.id)
    assert lib.list_drafts(library) == []
    # Drafts never show up as boards of the library.
    lib.new_draft(library, lib.blank_board_doc("Second"))
    assert library_board_ids(library) == ["draft-city"]


def test_draft_editing_a_saved_board_keeps_its_id(library, complete_doc):
    doc = complete_doc("Original")
    doc["id"] = "original"
    lib.save_board(library, doc)
    draft = lib.new_draft(library, lib.set_city_name(doc, "New name"), replaces="original")
    board, _ = lib.save_draft(library, draft.id)
    assert board.id == "original" and board.name == "New name"
    assert lib.library_ids(library) == ["original"]


def test_bad_draft_ids_are_unknown(library):
    for bad in ("../../etc/passwd", "", "ABC", None):
        with pytest.raises(KeyError):
            lib.load_draft(library, bad)
        assert lib.delete_draft(library, bad) is False


def test_set_location_kinds_and_replacement():
    doc = lib.blank_board_doc("X")
    doc = lib.set_location(doc, [2, 3], "grey", "Clock Tower", track=[3, 5, 7])
    assert doc["landmarks"] == [{"id": "clock-tower", "name": "Clock Tower", "kind": "grey",
                                 "locations": [[2, 3]]}]
    assert doc["ratings"] == {"clock-tower": [3, 5, 7]}
    doc = lib.set_location(doc, [2, 3], "yellow", "Clock Tower", pp=5)
    assert doc["ratings"] == {}
    assert doc["landmarks"][0]["pp"] == 5 and doc["landmarks"][0]["kind"] == "yellow"
    doc = lib.set_location(doc, [4, 4], "red")
    assert doc["landmarks"][1]["name"] == "Red landmark 4-4"
    doc = lib.set_location(doc, [2, 3], None)
    assert [lm["locations"] for lm in doc["landmarks"]] == [[[4, 4]]]


def test_set_location_does_not_touch_its_input():
    doc = lib.blank_board_doc("X")
    before = json.dumps(doc)
    lib.set_location(doc, [1, 1], "red")
    assert json.dumps(doc) == before


def test_set_location_splits_a_multi_location_landmark():
    doc = lib.blank_board_doc("X")
    doc["landmarks"] = [{"id": "park", "name": "Park", "kind": "green", "locations": [[1, 1], [1, 2]]}]
    doc = lib.set_location(doc, [1, 2], "blue", "Museum")
    assert doc["landmarks"][0]["locations"] == [[1, 1]]
    assert doc["landmarks"][1]["id"] == "museum"


def test_set_location_makes_ids_unique():
    doc = lib.blank_board_doc("X")
    doc = lib.set_location(doc, [1, 1], "green", "Park")
    doc = lib.set_location(doc, [2, 1], "green", "Park")
    assert [lm["id"] for lm in doc["landmarks"]] == ["park", "park-2"]


def test_grey_without_track_is_reported_by_parse_board_and_missing_items():
    doc = lib.set_location(lib.blank_board_doc("X"), [5, 5], "grey", "Tower")
    _, problems = parse_board(doc)
    assert any(p.code == "grey-without-track" and p.path == "ratings.tower" for p in problems)
    assert any(p.code == "missing-track" and p.path == "ratings.tower" for p in lib.missing_items(doc))


@pytest.mark.parametrize("at,kind", [([0, 1], "red"), ([7, 1], "red"), ("a", "red"), ([1, 1], "pink"),
                                     ([True, 1], "red")])
def test_set_location_rejects_bad_input(at, kind):
    with pytest.raises(lib.EditError):
        lib.set_location(lib.blank_board_doc("X"), at, kind)


def test_set_cafe_place_replace_remove():
    doc = lib.blank_board_doc("X")
    doc = lib.set_cafe(doc, [0, 2], "tourists", {"green": 2, "pink": 1, "red": 0})
    assert doc["cafes"] == [{"at": [0, 2], "bonus": "tourists", "tourists": {"green": 2}}]
    doc = lib.set_cafe(doc, [0, 2], "coordinate")
    assert doc["cafes"] == [{"at": [0, 2], "bonus": "coordinate"}]
    doc = lib.set_cafe(doc, [0, 2], None)
    assert doc["cafes"] == []
    with pytest.raises(lib.EditError):
        lib.set_cafe(doc, [0, 7], "section")
    with pytest.raises(lib.EditError):
        lib.set_cafe(doc, [0, 1], "free-coffee")


def test_visit_points_grow_and_shrink_the_pp_table():
    doc = lib.blank_board_doc("X")
    doc = lib.set_visit_point(doc, [1, 1], True)
    doc = lib.set_visit_point(doc, [2, 2], True)
    assert doc["visit_them_all"] == {"name": "", "at": [[1, 1], [2, 2]], "pp": [0, None, None]}
    assert any(p.code == "missing-vta-pp" for p in lib.missing_items(doc))
    doc = lib.set_visit_them_all(doc, "Festival", [0, 5, 10])
    assert not any(p.path.startswith("visit_them_all") for p in lib.missing_items(doc))
    doc = lib.set_visit_point(doc, [1, 1], False)
    assert doc["visit_them_all"] == {"name": "Festival", "at": [[2, 2]], "pp": [0, 5]}
    doc = lib.set_visit_point(doc, [2, 2], False)
    assert doc["visit_them_all"] is None
    with pytest.raises(lib.EditError):
        lib.set_visit_them_all(doc, "Festival", [0])


def test_set_printed_and_its_messages():
    doc = lib.blank_board_doc("X")
    doc = lib.set_printed(doc, 2, "columns", [4, 6, 2, 1, 5, 3])
    assert doc["player_boards"][1]["columns"] == [4, 6, 2, 1, 5, 3]
    doc = lib.set_printed(doc, 2, "rows", [1, 1, 2, 3, 4, 5])
    notes = {p.path: p.message for p in lib.missing_items(doc)}
    assert "player_boards[1].columns" not in notes
    assert notes["player_boards[1].rows"] == "Player board 2, printed rows: 1 appears twice; 6 is missing."
    _, problems = parse_board(doc)
    assert any(p.path == "player_boards[1].rows" and p.code == "bad-printed-order" for p in problems)
    with pytest.raises(lib.EditError):
        lib.set_printed(doc, 9, "rows", [1, 2, 3, 4, 5, 6])
    with pytest.raises(lib.EditError):
        lib.set_printed(doc, 1, "diagonal", [1, 2, 3, 4, 5, 6])


@pytest.mark.parametrize("text,expected", [("462153", [4, 6, 2, 1, 5, 3]), ("4 6, 2;1/5 3", [4, 6, 2, 1, 5, 3]),
                                           ("4?2", [4, None, 2]), ("", []), ("10 2", [10, 2])])
def test_parse_numbers(text, expected):
    assert lib.parse_numbers(text) == expected


@pytest.mark.parametrize("values,note", [
    ([1, 2, 3, 4, 5, 6], None), (None, "not entered yet"), ([1, 2, 3], "3 numbers instead of 6"),
    ([1, 2, 3, 4, 5, None], "some numbers are missing"), ([1, 2, 3, 4, 5, 9], "9 is not 1–6; 6 is missing"),
    ([1, 2, 3, 4, 5, 6, 6, 5, 4, 3, 2, 1], None)])
def test_printed_order_problem(values, note):
    assert lib.printed_order_problem(values, len(values) if values and len(values) != 3 else 6) == note


def test_missing_items_of_a_complete_board_is_empty(complete_doc):
    doc = complete_doc()
    assert lib.missing_items(doc) == []
    assert parse_board(doc)[1] == []


def test_missing_items_lists_each_gap():
    doc = lib.blank_board_doc("")
    doc = lib.set_location(doc, [1, 1], "yellow", "Plaza")
    doc = lib.set_location(doc, [2, 2], "grey", "")
    doc = lib.set_cafe(doc, [0, 0], "tourists", {})
    doc = lib.set_visit_point(doc, [3, 3], True)
    codes = {p.code for p in lib.missing_items(doc)}
    assert codes == {"missing-name", "missing-pp", "missing-landmark-name", "missing-track", "missing-printed",
                     "missing-cafe-tourists", "missing-vta-name", "missing-vta-pp"}
    assert lib.missing_items("nonsense")[0].code == "missing-board"


def test_copy_starts_from_an_existing_board():
    doc = lib.copy_board_doc(find_board("training-city"), "My City")
    assert doc["id"] == "my-city" and doc["name"] == "My City"
    assert len(doc["landmarks"]) == len(find_board("training-city").landmarks)
    assert parse_board(doc)[1] == []


def test_helpers_refuse_a_damaged_draft():
    with pytest.raises(lib.EditError):
        lib.set_location({"size": "big"}, [1, 1], "red")
    with pytest.raises(lib.EditError):
        lib.set_cafe({"size": [6, 6], "cafes": {}}, [1, 1], "section")
