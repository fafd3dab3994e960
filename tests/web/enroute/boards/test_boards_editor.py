"""The board editor's endpoints: start a draft, each edit, live problems, save, discard, CSRF."""

from __future__ import annotations

import json

import pytest
from fuzz_scale import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.games.enroute import find_board


@pytest.fixture
def draft(client, store, token):
    """A blank draft started through the page; returns its edit URL."""
    response = client.post("/boards/new", data={"csrf_token": token, "name": "Kyoto", "start": "blank"})
    assert response.status_code == 302
    draft_id = response.location.rsplit("/", 1)[1]
    assert store.load_draft(draft_id).doc["name"] == "Kyoto"
    return draft_id


def edit(client, token, draft_id, **body):
    """Post one edit and return the response."""
    return client.post(f"/boards/drafts/{draft_id}/edit", json=body, headers={"X-CSRFToken": token})


def codes(response):
    """Return the problem codes of an editor answer."""
    return [p["code"] for p in response.get_json()["problems"]]


def test_editor_page(client, draft):
    html = client.get(f"/boards/drafts/{draft}").get_data(as_text=True)
    assert 'name="csrf-token"' in html and "board-editor.js" in html
    assert 'data-loc="1,1"' in html and 'data-pt="0,0"' in html
    assert "Enter the printed columns and rows of player boards 1, 2, 3, 4." in html  # one line (issue 13, U7)
    assert client.get("/boards/drafts/ffffffffffff").status_code == 404
    assert client.get("/boards/drafts/..%2f..%2fetc").status_code == 404


def test_start_from_a_copy(client, store, token):
    response = client.post("/boards/new", data={"csrf_token": token, "name": "", "start": "training-city"})
    draft = store.load_draft(response.location.rsplit("/", 1)[1])
    assert draft.doc["name"] == "Training City (copy)"
    assert len(draft.doc["landmarks"]) == len(find_board("training-city").landmarks)


def test_start_needs_csrf_and_a_known_start(client, store, token):
    response = client.post("/boards/new", data={"name": "X", "start": "blank"}, follow_redirects=True)
    assert "CSRF token is missing" in response.get_data(as_text=True)
    response = client.post("/boards/new", data={"csrf_token": token, "start": "nowhere"}, follow_redirects=True)
    assert "Not a valid choice" in response.get_data(as_text=True)
    assert store.list_drafts() == []


def test_location_edit_and_grey_without_track(client, store, token, draft):
    response = edit(client, token, draft, op="location", at=[2, 3], kind="grey", name="Tower", track="")
    assert response.status_code == 200
    body = response.get_json()
    assert body["valid"] is False
    grey = next(p for p in body["problems"] if p["code"] == "grey-without-track")
    assert grey["path"] == "ratings.tower" and "needs a rating track" in grey["message"]
    assert any(m["code"] == "missing-track" for m in body["missing"])
    assert 'id="l-2-3" class="cell kind-grey flagged"' in body["svg"]
    response = edit(client, token, draft, op="location", at=[2, 3], kind="grey", name="Tower", track="4 6 8, 10 12")
    assert "grey-without-track" not in codes(response)
    assert store.load_draft(draft).doc["ratings"] == {"tower": [4, 6, 8, 10, 12]}


def test_yellow_pp_and_bad_numbers(client, store, token, draft):
    assert "yellow-without-pp" in codes(edit(client, token, draft, op="location", at=[1, 1], kind="yellow", pp=""))
    edit(client, token, draft, op="location", at=[1, 1], kind="yellow", pp="6")
    assert store.load_draft(draft).doc["landmarks"][0]["pp"] == 6
    response = edit(client, token, draft, op="location", at=[1, 1], kind="yellow", pp="six")
    assert response.status_code == 400
    assert "must be a whole number" in response.get_json()["problems"][0]["message"]
    response = edit(client, token, draft, op="location", at=[1, 1], kind="grey", name="T", track="4 six")
    assert response.status_code == 400 and "4 6 8 10 12" in response.get_json()["problems"][0]["message"]
    assert store.load_draft(draft).doc["landmarks"][0]["pp"] == 6  # refused edits change nothing


def test_bad_locations_and_kinds_are_refused(client, token, draft):
    for body in ({"at": [0, 0], "kind": "red"}, {"at": [7, 1], "kind": "red"}, {"at": "x", "kind": "red"},
                 {"at": [1, 1], "kind": "pink"}):
        response = edit(client, token, draft, op="location", **body)
        assert response.status_code == 400
        assert response.get_json()["problems"][0]["code"] == "bad-edit"
        assert "doc" in response.get_json()  # the page keeps showing the unchanged draft


def test_intersection_edits(client, store, token, draft):
    edit(client, token, draft, op="intersection", at=[0, 2], cafe="tourists", tourists={"green": "2", "red": ""},
         visit=False)
    edit(client, token, draft, op="intersection", at=[3, 3], cafe=None, visit=True)
    doc = store.load_draft(draft).doc
    assert doc["cafes"] == [{"at": [0, 2], "bonus": "tourists", "tourists": {"green": 2}}]
    assert doc["visit_them_all"]["at"] == [[3, 3]]
    response = edit(client, token, draft, op="intersection", at=[0, 2], cafe="tourists", tourists={}, visit=False)
    assert "cafe-without-tourists" in codes(response)
    assert 'id="p-0-2" class="point flagged"' in response.get_json()["svg"]
    response = edit(client, token, draft, op="intersection", at=[0, 9], cafe="section", visit=False)
    assert response.status_code == 400
    response = edit(client, token, draft, op="intersection", at=[0, 1], cafe="espresso", visit=False)
    assert response.status_code == 400 and "espresso" in response.get_json()["problems"][0]["message"]


def test_visit_table_and_name(client, store, token, draft):
    assert edit(client, token, draft, op="visit_table", name="F", pp=[0]).status_code == 400  # no points yet
    edit(client, token, draft, op="intersection", at=[1, 1], visit=True)
    edit(client, token, draft, op="intersection", at=[2, 2], visit=True)
    response = edit(client, token, draft, op="visit_table", name="Festival", pp=["0", "6", ""])
    assert "bad-pp-table" in codes(response)
    response = edit(client, token, draft, op="visit_table", name="Festival", pp=["0", "6", "12"])
    assert not any(p["path"].startswith("visit_them_all") for p in response.get_json()["problems"])
    edit(client, token, draft, op="name", name="  Nara ")
    assert store.load_draft(draft).doc["name"] == "Nara"


def test_printed_coordinates(client, store, token, draft):
    response = edit(client, token, draft, op="printed", number=2, axis="rows", text="4 4 2 1 5 3")
    body = response.get_json()
    assert any(p["path"] == "player_boards[1].rows" and p["code"] == "bad-printed-order" for p in body["problems"])
    assert any(m["message"] == "Player board 2, printed rows: 4 appears twice; 6 is missing." for m in body["missing"])
    edit(client, token, draft, op="printed", number=2, axis="rows", text="462153")
    assert store.load_draft(draft).doc["player_boards"][1]["rows"] == [4, 6, 2, 1, 5, 3]
    assert edit(client, token, draft, op="printed", number=7, axis="rows", text="1").status_code == 400


def test_replace_is_undo_and_refuses_non_boards(client, store, token, draft):
    before = store.load_draft(draft).doc
    edit(client, token, draft, op="location", at=[1, 1], kind="red")
    assert edit(client, token, draft, op="replace", doc=before).status_code == 200
    assert store.load_draft(draft).doc == before
    for bad in ([], {"size": "big"}, "text"):
        assert edit(client, token, draft, op="replace", doc=bad).status_code == 400
    assert store.load_draft(draft).doc == before


def test_edit_endpoint_guards(client, token, draft):
    response = client.post(f"/boards/drafts/{draft}/edit", json={"op": "name", "name": "X"})
    assert response.status_code == 400 and response.get_json()["problems"][0]["code"] == "csrf"
    response = client.post(f"/boards/drafts/{draft}/edit", json={"op": "name"}, headers={"X-CSRFToken": "forged"})
    assert response.status_code == 400
    response = client.post(f"/boards/drafts/{draft}/edit", data="not json", headers={"X-CSRFToken": token})
    assert response.status_code == 400
    assert edit(client, token, draft, op="explode").get_json()["problems"][0]["message"] == "Unknown edit 'explode'."
    assert edit(client, token, "ffffffffffff", op="name", name="x").status_code == 404


def test_a_damaged_draft_never_gives_a_500(client, store, token, draft):
    damaged = {"size": [6, 6], "landmarks": "oops", "cafes": 3, "player_boards": [None, {"number": 1}]}
    store.edit_draft(draft, lambda _doc: damaged)
    assert client.get(f"/boards/drafts/{draft}").status_code == 200
    for body in ({"op": "location", "at": [1, 1], "kind": "red"}, {"op": "intersection", "at": [0, 0], "cafe": "section"},
                 {"op": "printed", "number": 1, "axis": "rows", "text": "123456"}, {"op": "visit_table", "name": "x"}):
        assert edit(client, token, draft, **body).status_code in (200, 400)


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=st.dictionaries(st.sampled_from(["op", "at", "kind", "name", "pp", "track", "cafe", "tourists", "visit",
                                              "number", "axis", "text", "values", "doc", "view"]),
                            st.recursive(st.none() | st.booleans() | st.integers(-3, 9) | st.text(max_size=6),
                                         lambda inner: st.lists(inner, max_size=3)
                                         | st.dictionaries(st.text(max_size=4), inner, max_size=3), max_leaves=6)))
def test_no_edit_gives_a_500(client, token, draft, body):
    if "op" in body and not isinstance(body["op"], str):
        body["op"] = "location"
    assert edit(client, token, draft, **body).status_code in (200, 400)


def test_invalid_save_keeps_the_draft(client, store, token, draft):
    response = client.post(f"/boards/drafts/{draft}/save", data={"csrf_token": token}, follow_redirects=True)
    html = response.get_data(as_text=True)
    assert "Not saved yet" in html and "your draft is kept" in html
    assert store.load_draft(draft).doc["name"] == "Kyoto"
    assert store.saved_boards() == ([], [])
    response = client.post(f"/boards/drafts/{draft}/save", data={}, follow_redirects=True)
    assert "The page expired; nothing was lost" in response.get_data(as_text=True)


def test_valid_save_makes_a_usable_board(client, store, token, draft, complete_doc):
    assert edit(client, token, draft, op="replace", doc=complete_doc("Kyoto")).get_json()["valid"] is True
    response = client.post(f"/boards/drafts/{draft}/save", data={"csrf_token": token})
    assert response.location.endswith("/boards/kyoto")
    assert "kyoto" in [b.id for b in store.available_boards()]
    with pytest.raises(KeyError):
        store.load_draft(draft)
    assert client.get("/api/enroute/boards/kyoto").get_json()["name"] == "Kyoto"


def test_saved_board_scores_through_the_api(client, token, draft, complete_doc):
    edit(client, token, draft, op="replace", doc=complete_doc("Kyoto"))
    client.post(f"/boards/drafts/{draft}/save", data={"csrf_token": token})
    # Around location [1, 1] (red) and [2, 1] (green, "Park"): 3 red tourists there, 2 green in [2, 1];
    # the walk passes the Visit-Them-All point [2, 0] (table 0/6/12).
    walk = [[0, 0], [1, 0], [2, 0], [2, 1], [1, 1], [0, 1], [0, 0]]
    sections = [[walk[i], walk[i + 1]] for i in range(len(walk) - 1)]
    game = {"format": "enroute-game/1", "board": "kyoto", "level": "simplified", "ratings": {}, "goals": [],
            "players": [{"format": "enroute-sheet/1", "player": "Aki", "player_board": 1, "sections": sections,
                         "final_route": walk, "tourists": [{"at": [1, 1], "red": 3}, {"at": [2, 1], "green": 2}],
                         "cafes": [], "personal_goal": None}]}
    response = client.post("/api/enroute/score", json=game)
    assert response.status_code == 200, response.get_json()
    player = response.get_json()["players"][0]
    assert player["rows"]["red"] == 3 and player["rows"]["green"] == 2
    assert player["rows"]["visit_them_all"] == 6
    assert player["total"] == 3 * 1 + 2 * 1 + 6


def test_discard(client, store, token, draft):
    assert client.post(f"/boards/drafts/{draft}/discard").status_code == 400
    client.post(f"/boards/drafts/{draft}/discard", data={"csrf_token": token})
    assert store.list_drafts() == []


def test_draft_download_and_check_endpoint(client, token, draft, complete_doc):
    doc = json.loads(client.get(f"/boards/drafts/{draft}/draft.json").data)
    assert doc["name"] == "Kyoto"
    response = client.post("/boards/check", json=doc, headers={"X-CSRFToken": token})
    assert response.get_json()["valid"] is False and response.get_json()["problems"]
    response = client.post("/boards/check", json=complete_doc(), headers={"X-CSRFToken": token})
    assert response.get_json() == {"valid": True, "problems": [], "others": [], "missing": []}
    assert client.post("/boards/check", json=doc).status_code == 400
    assert client.post("/boards/check", data="{", headers={"X-CSRFToken": token}).status_code == 400


_json = st.recursive(st.none() | st.booleans() | st.integers(-2, 8) | st.text(max_size=4),
                     lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3),
                     max_leaves=8)


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(parts=st.dictionaries(st.sampled_from(["name", "player_boards", "landmarks", "ratings", "cafes",
                                              "visit_them_all", "roads", "id"]), _json),
       edit_op=st.sampled_from([{"op": "location", "at": [1, 1], "kind": "grey", "track": "1 2"},
                                {"op": "intersection", "at": [1, 1], "cafe": "section", "visit": True},
                                {"op": "printed", "number": 1, "axis": "rows", "text": "123456"},
                                {"op": "visit_table", "name": "F", "pp": [0, 1]}]))
def test_damaged_drafts_never_give_a_500(client, token, draft, parts, edit_op):
    doc = {"format": "enroute-board/1", "size": [6, 6], **parts}
    assert edit(client, token, draft, op="replace", doc=doc).status_code == 200
    assert client.get(f"/boards/drafts/{draft}").status_code == 200
    assert edit(client, token, draft, **edit_op).status_code in (200, 400)


@pytest.mark.parametrize("bad", [True, 3, "x", {"a": 1}, [1, None], None])
def test_editor_survives_any_player_boards_value(client, store, bad):
    """A draft whose player_boards is not a list of objects still renders (regression: CI found a 500)."""
    from companion.games.enroute import board_to_json

    doc = board_to_json(find_board("training-city"))
    doc["player_boards"] = bad
    draft = store.new_draft(doc)
    response = client.get(f"/boards/drafts/{draft.id}")
    assert response.status_code == 200
    assert "player_boards" in response.get_data(as_text=True)
