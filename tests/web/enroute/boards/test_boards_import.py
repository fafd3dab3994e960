"""Import and export of `enroute-board/1` documents through the pages."""

from __future__ import annotations

import io
import json

from companion.games.enroute import board_to_json, find_board


def post_text(client, token, text):
    """Import pasted text."""
    return client.post("/boards/import", data={"csrf_token": token, "text": text})


def test_import_page(client):
    html = client.get("/boards/import").get_data(as_text=True)
    assert 'enctype="multipart/form-data"' in html and 'name="text"' in html


def stored_doc(store, board_id):
    """Return a saved board's document as the database holds it."""
    board, _version = store.load_saved(board_id)
    return board_to_json(board)


def test_import_pasted_text(client, library, store, token, complete_doc):
    doc = dict(complete_doc("Sapporo"), id="sapporo")
    response = post_text(client, token, json.dumps(doc))
    assert response.status_code == 302 and response.location.endswith("/boards/sapporo")
    assert stored_doc(store, "sapporo") == doc
    assert list(library.iterdir()) == []  # the database holds it, not the old library folder


def test_import_a_file(client, store, token, complete_doc):
    doc = dict(complete_doc("Otaru"), id="otaru")
    data = {"csrf_token": token, "file": (io.BytesIO(json.dumps(doc).encode("utf-8-sig")), "otaru.json")}
    response = client.post("/boards/import", data=data, content_type="multipart/form-data")
    assert response.status_code == 302
    assert store.find_board("otaru").name == "Otaru"


def test_export_then_import_is_identical(client, store, save, token, complete_doc):
    save(complete_doc("Round Trip"), "round-trip")
    exported = client.get("/boards/round-trip/board.json").get_data(as_text=True)
    assert store.delete_board("round-trip")
    post_text(client, token, exported)
    assert stored_doc(store, "round-trip") == json.loads(exported)


def test_import_of_a_taken_or_shipped_id_gets_a_new_id(client, store, token):
    shipped = json.dumps(board_to_json(find_board("training-city")))
    response = post_text(client, token, shipped)
    assert response.location.endswith("/boards/training-city-2")
    follow = client.get(response.location).get_data(as_text=True)
    assert "was taken, so the board is saved as" in follow
    assert post_text(client, token, shipped).location.endswith("/boards/training-city-3")
    doc = stored_doc(store, "training-city-2")
    assert {k: v for k, v in doc.items() if k != "id"} == \
        {k: v for k, v in board_to_json(find_board("training-city")).items() if k != "id"}


def test_bad_json_keeps_the_text(client, token):
    text = '{"format": "enroute-board/1", "id": oops}'
    response = post_text(client, token, text)
    html = response.get_data(as_text=True)
    assert response.status_code == 400
    assert "This is not JSON: Expecting value at line 1, column 37." in html
    assert "&#34;id&#34;: oops}</textarea>" in html or "&quot;id&quot;: oops}</textarea>" in html


def test_invalid_board_lists_every_problem_with_its_path(client, token, training_doc):
    doc = json.loads(json.dumps(training_doc))
    doc["player_boards"][1]["rows"] = [1, 1, 2, 3, 4, 5]
    doc["landmarks"][0]["kind"] = "pink"
    doc["cafes"][0]["bonus"] = "free"
    doc["rivers"] = []
    text = json.dumps(doc, indent=1)
    response = post_text(client, token, text)
    html = response.get_data(as_text=True)
    assert response.status_code == 400
    for path in ("player_boards[1].rows", "landmarks[0].kind", "cafes[0].bonus", "rivers"):
        assert f"<code>{path}</code>" in html, path
    listed = html.count('<li class="error"')
    assert listed >= 4 and f"{listed} problems" in html
    assert "&#34;rivers&#34;: []" in html  # the pasted text is still there to fix


def test_empty_and_non_utf8_imports(client, token):
    response = post_text(client, token, "   ")
    assert response.status_code == 400 and "Choose a board file or paste its JSON." in response.get_data(as_text=True)
    data = {"csrf_token": token, "file": (io.BytesIO(b"\xff\xfe\x00bad"), "x.json")}
    response = client.post("/boards/import", data=data, content_type="multipart/form-data")
    assert response.status_code == 400 and "not UTF-8" in response.get_data(as_text=True)


def test_import_without_csrf_is_refused_and_keeps_the_text(client, store, complete_doc):
    text = json.dumps(dict(complete_doc(), id="sneaky"))
    response = client.post("/boards/import", data={"text": text})
    html = response.get_data(as_text=True)
    assert response.status_code == 400 and "CSRF token is missing" in html
    assert "sneaky" in html
    assert store.saved_boards() == ([], [])


def test_an_import_that_finds_no_free_id_is_refused_clearly(client, store, token, complete_doc, monkeypatch):
    from companion.web.enroute.boards import store as board_store

    monkeypatch.setattr(board_store, "ID_TRIES", 0)  # as if every id tried had just been taken by another import
    response = post_text(client, token, json.dumps(dict(complete_doc("Busy"), id="busy")))
    assert response.status_code == 400
    assert "No free id was found for &#39;busy&#39;" in response.get_data(as_text=True)
    assert store.saved_boards() == ([], [])
