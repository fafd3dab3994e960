"""Board pages through the test client: list, show, downloads, printing, delete, edit."""

from __future__ import annotations

import json
import sys

from companion.games.enroute import board_to_json, find_board
from companion.games.enroute import library as lib


def save(library, doc, board_id):
    """Store a board in the library and return it."""
    doc = dict(doc, id=board_id)
    board, problems = lib.save_board(library, doc)
    assert board is not None, problems
    return board


def test_index_lists_shipped_saved_broken_and_drafts(client, library, complete_doc):
    save(library, complete_doc("Tiny Town"), "tiny-town")
    (library / "broken.json").write_text("{not json", encoding="utf-8")
    lib.new_draft(library, lib.blank_board_doc("Half Done"))
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


def test_unknown_and_unreadable_boards_are_404_pages(client, library):
    (library / "broken.json").write_text("[]", encoding="utf-8")
    for url in ("/boards/nowhere", "/boards/broken", "/boards/broken/board.json", "/boards/x/maps.pdf"):
        response = client.get(url)
        assert response.status_code == 404
        assert "Traceback" not in response.get_data(as_text=True)
    assert "cannot be read" in client.get("/boards/broken").get_data(as_text=True)


def test_download_is_the_board_document(client, library, complete_doc):
    board = save(library, complete_doc(), "tiny")
    response = client.get("/boards/tiny/board.json")
    assert response.status_code == 200
    assert 'filename="tiny.enroute-board.json"' in response.headers["Content-Disposition"]
    assert json.loads(response.data) == board_to_json(board)


def test_pdfs_of_a_saved_board(client, library, complete_doc):
    save(library, complete_doc(), "tiny")
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


def test_delete_needs_csrf_and_only_deletes_saved_boards(client, library, complete_doc, token):
    save(library, complete_doc(), "tiny")
    assert client.post("/boards/tiny/delete").status_code == 400
    assert (library / "tiny.json").exists()
    response = client.post("/boards/tiny/delete", data={"csrf_token": token}, follow_redirects=True)
    assert "Deleted the board" in response.get_data(as_text=True)
    assert not (library / "tiny.json").exists()
    response = client.post("/boards/training-city/delete", data={"csrf_token": token}, follow_redirects=True)
    assert "no saved board" in response.get_data(as_text=True)
    assert find_board("training-city")


def test_edit_a_saved_board_replaces_it(client, library, complete_doc, token):
    save(library, complete_doc("Old"), "old")
    response = client.post("/boards/old/edit", data={"csrf_token": token})
    draft_id = response.location.rsplit("/", 1)[1]
    assert lib.load_draft(library, draft_id).replaces == "old"
    lib.update_draft(library, draft_id, lib.set_city_name(lib.load_draft(library, draft_id).doc, "Renamed"))
    response = client.post(f"/boards/drafts/{draft_id}/save", data={"csrf_token": token})
    assert response.location.endswith("/boards/old")
    assert find_board("old", library).name == "Renamed"


def test_edit_a_shipped_board_starts_a_copy(client, library, token):
    response = client.post("/boards/training-city/edit", data={"csrf_token": token})
    draft = lib.load_draft(library, response.location.rsplit("/", 1)[1])
    assert draft.replaces is None and draft.doc["name"] == "Training City (copy)"
    assert client.post("/boards/training-city/edit").status_code == 400  # no CSRF token
