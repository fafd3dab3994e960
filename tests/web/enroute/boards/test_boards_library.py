"""Board transcription: boards and drafts in the database (board_store) and the engine's editing helpers."""

from __future__ import annotations

import json

import pytest

from companion.games.enroute import UnknownBoardError, board_to_json, find_board, parse_board, shipped_boards
from companion.games.enroute import library as lib
from companion.games.enroute.registry import available_boards, library_board_ids


@pytest.mark.parametrize("board", shipped_boards(), ids=lambda b: b.id)
def test_shipped_board_round_trips(board):
    doc = board_to_json(board)
    again, problems = parse_board(json.loads(json.dumps(doc)))
    assert problems == []
    assert board_to_json(again) == doc


def test_saved_board_round_trips_and_is_found(store, library, complete_doc):
    saved = store.import_board(dict(complete_doc(), id="tiny-town"))
    board = saved.board
    assert board is not None and saved.wanted_id == "tiny-town", saved.problems
    found, version = store.load_saved("tiny-town")
    assert (found, version) == (board, 1)
    assert board_to_json(parse_board(board_to_json(found))[0]) == board_to_json(board)
    assert store.find_board("tiny-town") == board
    assert "tiny-town" in [b.id for b in store.available_boards()]
    assert store.saved_boards() == ([board], [])
    assert list(library.iterdir()) == []  # the database holds saved boards, not the folder


def test_import_refuses_an_invalid_board_and_stores_nothing(store):
    saved = store.import_board(lib.blank_board_doc("Empty"))
    assert saved.board is None
    assert any(p.path == "player_boards[0].columns" for p in saved.problems)
    assert store.saved_boards() == ([], [])


def test_import_of_shipped_and_taken_ids_takes_the_next_free_id(store, complete_doc):
    doc = dict(complete_doc(), id="training-city")
    assert store.import_board(doc).board.id == "training-city-2"
    doc["id"] = "tiny"
    assert store.import_board(doc).board.id == "tiny"
    doc["name"] = "Tiny again"
    again = store.import_board(doc)
    assert (again.board.id, again.wanted_id) == ("tiny-2", "tiny")
    assert store.find_board("tiny").name != "Tiny again"  # never overwritten
    assert store.find_board("tiny-2").name == "Tiny again"
    long_id = "a" * 64
    assert store.import_board(dict(doc, id=long_id)).board.id == long_id
    assert store.import_board(dict(doc, id=long_id)).board.id == "a" * 56 + "-2"


def test_delete_board(store, save, complete_doc):
    save(complete_doc(), "gone")
    assert store.delete_board("gone") is True
    assert store.delete_board("gone") is False
    assert store.delete_board("training-city") is False
    assert store.delete_board("../etc") is False
    for bad in ("gone", "../x", "a" * 251, "", None):
        with pytest.raises(UnknownBoardError):
            store.find_board(bad)
    assert store.find_board("training-city").id == "training-city"


def test_drafts_survive_invalid_save_and_vanish_after_valid_save(store, complete_doc):
    draft = store.new_draft(lib.blank_board_doc("Draft City"))
    saved = store.save_draft(draft.id)
    assert saved.board is None and saved.problems
    assert store.load_draft(draft.id).doc["name"] == "Draft City"
    store.edit_draft(draft.id, lambda _doc: complete_doc("Draft City"))
    assert store.load_draft(draft.id).version == 2
    saved = store.save_draft(draft.id)
    assert saved.board is not None and saved.board.id == "draft-city"
    with pytest.raises(KeyError):
        store.load_draft(draft.id)
    with pytest.raises(KeyError):
        store.save_draft(draft.id)
    assert store.list_drafts() == []
    # Drafts never show up as boards; a second draft of the same city gets the next id.
    second = store.new_draft(complete_doc("Draft City"))
    assert [b.id for b in store.saved_boards()[0]] == ["draft-city"]
    assert store.save_draft(second.id).board.id == "draft-city-2"


def test_drafts_are_listed_newest_first(store):
    first = store.new_draft(lib.blank_board_doc("First"))
    second = store.new_draft(lib.blank_board_doc("Second"))
    assert {d.id for d in store.list_drafts()} == {first.id, second.id}
    assert store.delete_draft(first.id) is True and store.delete_draft(first.id) is False
    assert [d.doc["name"] for d in store.list_drafts()] == ["Second"]


def test_draft_editing_a_saved_board_keeps_its_id(store, save, complete_doc):
    save(complete_doc("Original"), "original")
    board, version = store.load_saved("original")
    draft = store.new_draft(lib.set_city_name(board_to_json(board), "New name"), replaces="original",
                            replaces_version=version)
    saved = store.save_draft(draft.id)
    assert saved.board.id == "original" and saved.board.name == "New name"
    assert [b.id for b in store.saved_boards()[0]] == ["original"]
    assert store.load_saved("original")[1] == 2


def test_a_stale_draft_never_replaces_a_newer_board(store, save, complete_doc):
    save(complete_doc("Original"), "original")
    stale = store.new_draft(complete_doc("Stale"), replaces="original", replaces_version=1)
    fresh = store.new_draft(complete_doc("Fresh"), replaces="original", replaces_version=1)
    assert store.save_draft(fresh.id).board.name == "Fresh"
    refused = store.save_draft(stale.id)
    assert refused.board is None and [p.code for p in refused.problems] == ["board-changed"]
    assert refused.problems[0].template  # shown in the page's language
    assert store.find_board("original").name == "Fresh"
    assert store.load_draft(stale.id).doc["name"] == "Stale"  # kept


def test_bad_draft_ids_are_unknown(store):
    for bad in ("../../etc/passwd", "", "ABC", None, "ffffffffffff", "f" * 300):
        with pytest.raises(KeyError):
            store.load_draft(bad)
        with pytest.raises(KeyError):
            store.edit_draft(bad, lambda doc: doc)
        assert store.delete_draft(bad) is False


def test_an_edit_that_lost_the_race_is_applied_again_to_the_newer_draft(store):
    draft = store.new_draft(lib.blank_board_doc("X"))
    calls = []

    def red_at_1_1(doc):
        """Set a landmark, letting another edit land between the read and the write the first time."""
        calls.append(doc)
        if len(calls) == 1:
            store.edit_draft(draft.id, lambda d: lib.set_location(d, [2, 2], "green"))
        return lib.set_location(doc, [1, 1], "red")

    done = store.edit_draft(draft.id, red_at_1_1)
    assert len(calls) == 2 and calls[1]["landmarks"][0]["locations"] == [[2, 2]]
    assert done.version == 3 and store.load_draft(draft.id) == done
    assert sorted(lm["kind"] for lm in done.doc["landmarks"]) == ["green", "red"]


def test_an_edit_the_newer_draft_refuses_is_refused(store):
    draft = store.new_draft(lib.blank_board_doc("X"))
    calls = []

    def printed_on_board_4(doc):
        """Enter printed coordinates while another edit removes player board 4 meanwhile."""
        calls.append(1)
        if len(calls) == 1:
            store.edit_draft(draft.id, lambda d: dict(d, player_boards=d["player_boards"][:3]))
        return lib.set_printed(doc, 4, "rows", [1, 2, 3, 4, 5, 6])

    with pytest.raises(store.StaleEditError) as refused:
        store.edit_draft(draft.id, printed_on_board_4)
    assert "no player board 4" in str(refused.value.cause)
    assert len(store.load_draft(draft.id).doc["player_boards"]) == 3  # the other edit stays, nothing else


def test_an_edit_that_keeps_losing_waits_for_the_row_and_lands(store):
    draft = store.new_draft(lib.blank_board_doc("X"))
    calls = []

    def always_overtaken(doc):
        """Lose every optimistic try to another edit; the locked last try must still land."""
        calls.append(1)
        if len(calls) <= store.OPTIMISTIC_TRIES:
            store.edit_draft(draft.id, lambda d: lib.set_location(d, [len(calls), 6], "blue"))
        return lib.set_location(doc, [6, 1], "red")

    done = store.edit_draft(draft.id, always_overtaken)
    assert len(calls) == store.OPTIMISTIC_TRIES + 1
    assert len(done.doc["landmarks"]) == store.OPTIMISTIC_TRIES + 1
    assert done.version == 1 + store.OPTIMISTIC_TRIES + 1  # each overtaking edit, then this one


def test_engine_folder_functions_still_serve_the_command_line(tmp_path, complete_doc):
    folder = tmp_path / "cli-boards"
    board, problems = lib.save_board(folder, dict(complete_doc(), id="tiny"))
    assert board is not None, problems
    assert find_board("tiny", folder) == board and library_board_ids(folder) == ["tiny"]
    assert "tiny" in [b.id for b in available_boards(folder)]


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
