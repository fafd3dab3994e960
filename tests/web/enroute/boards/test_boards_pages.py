"""Board pages through the test client: list, show, downloads, printing, delete, edit."""

from __future__ import annotations

import json
import sys

import pytest

from companion.games.enroute import UnknownBoardError, board_to_json, find_board
from companion.games.enroute import library as lib


def broken_board(store, library, name: str, text: str) -> None:
    """Put a broken file in the old library folder and bring it in, as a start of the app does: a broken board."""
    (library / f"{name}.json").write_text(text, encoding="utf-8")
    assert store.import_library(library)["broken"] == 1


def test_index_lists_shipped_saved_broken_and_drafts(client, library, store, save, complete_doc):
    save(complete_doc("Tiny Town"), "tiny-town")
    broken_board(store, library, "broken", "{not json")
    store.new_draft(lib.blank_board_doc("Half Done"))
    html = client.get("/boards/").get_data(as_text=True)
    assert "Training City" in html and "Tiny Town" in html
    assert "broken.json" in html and "cannot be read" in html
    assert "Half Done" in html
    assert 'value="tiny-town"' in html  # can start a copy of a saved board


def test_home_links_to_boards(client):
    assert 'href="/boards/"' in client.get("/").get_data(as_text=True)


def test_show_page_has_map_landmarks_and_downloads(client):
    response = client.get("/boards/training-city")
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert "<svg" in html and 'id="l-3-1"' in html and "kind-red" in html
    for lm in find_board("training-city").landmarks:
        assert lm.name in html
    assert "/boards/training-city/board.json" in html
    assert "/boards/training-city/maps.pdf?paper=a4" in html
    assert "/boards/training-city/scorepad.pdf?players=4&amp;paper=a4" in html


def test_show_page_labels_the_chosen_player_board(client):
    html = client.get("/boards/training-city?player_board=2").get_data(as_text=True)
    top = [int(x) for x in __import__("re").findall(r'class="coord"[^>]*>(\d)<', html)[:6]]
    assert top == list(find_board("training-city").player_board(2).columns)


def test_unknown_and_unreadable_boards_are_404_pages(client, store, library):
    broken_board(store, library, "broken", "[]")
    for url in ("/boards/nowhere", "/boards/broken", "/boards/broken/board.json", "/boards/x/maps.pdf"):
        response = client.get(url)
        assert response.status_code == 404
        assert "Traceback" not in response.get_data(as_text=True)
    assert "cannot be read" in client.get("/boards/broken").get_data(as_text=True)


def test_download_is_the_board_document(client, save, complete_doc):
    board = save(complete_doc(), "tiny")
    response = client.get("/boards/tiny/board.json")
    assert response.status_code == 200
    assert 'filename="tiny.enroute-board.json"' in response.headers["Content-Disposition"]
    assert json.loads(response.data) == board_to_json(board)


def test_pdfs_of_a_saved_board(client, save, complete_doc):
    save(complete_doc(), "tiny")
    for url in ("/boards/tiny/maps.pdf?paper=a4", "/boards/tiny/scorepad.pdf?players=2&paper=letter"):
        response = client.get(url)
        assert response.status_code == 200, url
        assert response.mimetype == "application/pdf" and response.data.startswith(b"%PDF")


def test_pdf_bad_parameters_are_friendly(client):
    response = client.get("/boards/training-city/maps.pdf?paper=a0")
    assert response.status_code == 400 and "choose A4 or Letter" in response.get_data(as_text=True)
    response = client.get("/boards/training-city/scorepad.pdf?players=9")
    assert response.status_code == 400 and "1 to 4 players" in response.get_data(as_text=True)


def test_pdf_without_the_printables_package(client, monkeypatch):
    monkeypatch.setitem(sys.modules, "printables.enroute", None)  # makes `import printables` fail
    response = client.get("/boards/training-city/maps.pdf")
    assert response.status_code == 503
    assert "Printing is not available" in response.get_data(as_text=True)


def test_delete_needs_csrf_and_only_deletes_saved_boards(client, store, save, complete_doc, token):
    save(complete_doc(), "tiny")
    assert client.post("/boards/tiny/delete").status_code == 400
    assert store.find_board("tiny")
    response = client.post("/boards/tiny/delete", data={"csrf_token": token}, follow_redirects=True)
    assert "Deleted the board" in response.get_data(as_text=True)
    with pytest.raises(UnknownBoardError):
        store.find_board("tiny")
    assert client.get("/boards/tiny").status_code == 404
    response = client.post("/boards/training-city/delete", data={"csrf_token": token}, follow_redirects=True)
    assert "no saved board" in response.get_data(as_text=True)
    assert find_board("training-city")


def test_edit_a_saved_board_replaces_it(client, store, save, complete_doc, token):
    save(complete_doc("Old"), "old")
    response = client.post("/boards/old/edit", data={"csrf_token": token})
    draft_id = response.location.rsplit("/", 1)[1]
    assert (store.load_draft(draft_id).replaces, store.load_draft(draft_id).replaces_version) == ("old", 1)
    store.edit_draft(draft_id, lambda doc: lib.set_city_name(doc, "Renamed"))
    response = client.post(f"/boards/drafts/{draft_id}/save", data={"csrf_token": token})
    assert response.location.endswith("/boards/old")
    assert store.find_board("old").name == "Renamed"
    assert store.load_saved("old")[1] == 2 and store.list_drafts() == []


def test_a_draft_does_not_replace_a_board_changed_since_it_was_opened(client, store, save, complete_doc, token):
    save(complete_doc("Old"), "old")
    first, second = (client.post("/boards/old/edit", data={"csrf_token": token}).location.rsplit("/", 1)[1]
                     for _ in range(2))
    store.edit_draft(first, lambda doc: lib.set_city_name(doc, "First"))
    store.edit_draft(second, lambda doc: lib.set_city_name(doc, "Second"))
    assert client.post(f"/boards/drafts/{first}/save", data={"csrf_token": token}).location.endswith("/boards/old")
    refused = client.post(f"/boards/drafts/{second}/save", data={"csrf_token": token}, follow_redirects=True)
    assert "was changed or deleted since this draft was opened" in refused.get_data(as_text=True)
    assert store.find_board("old").name == "First"  # the second phone's draft never overwrote it
    assert store.load_draft(second).doc["name"] == "Second"  # and is kept
    assert client.post("/boards/old/delete", data={"csrf_token": token}).status_code == 302
    refused = client.post(f"/boards/drafts/{second}/save", data={"csrf_token": token}, follow_redirects=True)
    assert "was changed or deleted since this draft was opened" in refused.get_data(as_text=True)
    with pytest.raises(UnknownBoardError):
        store.find_board("old")


def test_edit_a_shipped_board_starts_a_copy(client, store, token):
    response = client.post("/boards/training-city/edit", data={"csrf_token": token})
    draft = store.load_draft(response.location.rsplit("/", 1)[1])
    assert draft.replaces is None and draft.doc["name"] == "Training City (copy)"
    assert client.post("/boards/training-city/edit").status_code == 400  # no CSRF token


def test_a_save_that_keeps_losing_to_edits_says_so_and_keeps_the_draft(client, store, complete_doc, token,
                                                                       monkeypatch):
    from companion.web.enroute.boards import store as board_store

    draft = store.new_draft(complete_doc("Busy"))
    monkeypatch.setattr(board_store, "OPTIMISTIC_TRIES", 0)  # as if another edit landed before every try
    response = client.post(f"/boards/drafts/{draft.id}/save", data={"csrf_token": token}, follow_redirects=True)
    assert "The draft kept changing while it was being saved; please save again." in response.get_data(as_text=True)
    assert store.load_draft(draft.id).doc["name"] == "Busy" and store.saved_boards() == ([], [])


def test_shared_api_scores_on_a_board_saved_in_the_database(app, complete_doc):
    """POST /api/score finds a board saved on this instance (through En Route's web scorer), as /api/enroute does."""
    from companion.web.enroute.boards import store as board_store

    with app.app_context():
        saved = board_store.import_board(complete_doc("Tiny Town"))
    board = saved.board
    assert board is not None, saved.problems
    client = app.test_client()
    doc = {"format": "enroute-game/1", "board": board.id, "level": "simplified",
           "players": [{"format": "enroute-sheet/1", "player": "Aki", "player_board": 1,
                        "sections": [[[0, 0], [1, 0]]], "final_route": [[0, 0], [1, 0]]}]}
    shared = client.post("/api/score", json=doc)
    own = client.post("/api/enroute/score", json=doc)
    assert shared.status_code == own.status_code == 200, shared.get_json()
    assert shared.get_json() == own.get_json()
