"""Import and export of `enroute-board/1` documents through the pages."""

from __future__ import annotations

import io
import json

from companion.games.enroute import board_to_json, find_board
from companion.games.enroute import library as lib


def post_text(client, token, text):
    """Import pasted text."""
    return client.post("/boards/import", data={"csrf_token": token, "text": text})


def test_import_page(client):
    html = client.get("/boards/import").get_data(as_text=True)
    assert 'enctype="multipart/form-data"' in html and 'name="text"' in html


def test_import_pasted_text(client, library, token, complete_doc):
    doc = dict(complete_doc("Sapporo"), id="sapporo")
    response = post_text(client, token, json.dumps(doc))
    assert response.status_code == 302 and response.location.endswith("/boards/sapporo")
    assert lib.load_library_doc(library, "sapporo") == doc


def test_import_a_file(client, library, token, complete_doc):
    doc = dict(complete_doc("Otaru"), id="otaru")
    data = {"csrf_token": token, "file": (io.BytesIO(json.dumps(doc).encode("utf-8-sig")), "otaru.json")}
    response = client.post("/boards/import", data=data, content_type="multipart/form-data")
    assert response.status_code == 302
    assert find_board("otaru", library).name == "Otaru"


def test_export_then_import_is_identical(client, library, token, complete_doc):
    doc = dict(complete_doc("Round Trip"), id="round-trip")
    lib.save_board(library, doc)
    exported = client.get("/boards/round-trip/board.json").get_data(as_text=True)
    lib.delete_board(library, "round-trip")
    post_text(client, token, exported)
    assert lib.load_library_doc(library, "round-trip") == json.loads(exported)


def test_import_of_a_taken_or_shipped_id_gets_a_new_id(client, library, token):
    shipped = json.dumps(board_to_json(find_board("training-city")))
    response = post_text(client, token, shipped)
    assert response.location.endswith("/boards/training-city-2")
    follow = client.get(response.location).get_data(as_text=True)
    assert "was taken, so the board is saved as" in follow
    assert post_text(client, token, shipped).location.endswith("/boards/training-city-3")
    doc = lib.load_library_doc(library, "training-city-2")
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


def test_import_without_csrf_is_refused_and_keeps_the_text(client, library, complete_doc):
    text = json.dumps(dict(complete_doc(), id="sneaky"))
    response = client.post("/boards/import", data={"text": text})
    html = response.get_data(as_text=True)
    assert response.status_code == 400 and "CSRF token is missing" in html
    assert "sneaky" in html
    assert lib.library_ids(library) == []
