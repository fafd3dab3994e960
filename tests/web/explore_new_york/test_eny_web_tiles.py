"""The tile editor: drafts saved with versions, the checklist of what is missing, the engine's problems on every
save, saving a tile, editing it, using it at a table, stale and racing saves, junk input, CSRF, Japanese."""

from __future__ import annotations

import html
import io
import json
import random
import re

import pdfplumber
import pytest
from eny_web_helpers import form_data, make_app
from fuzz_scale import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.games.explore_new_york.tile import KINDS
from companion.games.explore_new_york.tiles import parse_tile, shipped_tiles, tile_to_json
from companion.web.explore_new_york import tile_store
from companion.web.explore_new_york.tile_drafts import draft_from_json, engine_problems, finished, missing, reminders

TILES = "/explore-new-york/tiles"


@pytest.fixture
def app(tmp_path):
    """A fresh app."""
    return make_app(tmp_path)


@pytest.fixture
def client(app):
    """Its test client."""
    return app.test_client()


def open_draft(client, **data) -> str:
    """Start a draft (blank unless told); return the editor's path."""
    response = client.post(f"{TILES}/new", data={"start": "blank", **data})
    assert response.status_code == 302, response.get_data(as_text=True)[:500]
    assert re.fullmatch(rf"{TILES}/drafts/[A-Za-z0-9_-]+", response.headers["Location"])
    return response.headers["Location"]


def fields(doc: dict, version: int, action: str = "save", **extra) -> dict:
    """The editor's fields for a tile document (districts may hold None: left empty)."""
    data = {"version": str(version), "name": doc.get("name", ""), "id": doc.get("id", ""), "action": action}
    for r, row in enumerate(doc["districts"]):
        for c, kind in enumerate(row):
            data[f"d-{r + 1}-{c + 1}"] = kind or ""
    for axis in ("columns", "rows"):
        for k, n in enumerate(doc.get(axis, range(1, 7))):
            data[f"{axis}-{k}"] = str(n)
    for k, cafe in enumerate(doc.get("cafes", [])):
        data[f"cafe-{k}-x"], data[f"cafe-{k}-y"] = (str(v) for v in cafe["at"])
        for colour, n in cafe["tourists"].items():
            data[f"cafe-{k}-{colour}"] = str(n)
    data.update(extra)
    return data


def our_tile(**changes) -> dict:
    """A whole tile of our own: Riverside's districts and cafes under another id and name."""
    doc = tile_to_json(shipped_tiles()["riverside"])
    doc.update({"id": "our-corner", "name": "Our corner"}, **changes)
    return doc


def text(response) -> str:
    """A page's text with tags removed and spaces collapsed."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", response.get_data(as_text=True))).split())


def version_of(client, editor: str) -> int:
    """The draft version the editor shows."""
    page = client.get(editor).get_data(as_text=True)
    return int(re.search(r'name="version" type="hidden" value="(\d+)"', page).group(1))


def test_index_and_a_blank_draft_say_everything_that_is_missing(client):
    index = text(client.get(f"{TILES}/"))
    for tile in shipped_tiles().values():
        assert f"A copy of {tile.name}" in index
    editor = open_draft(client)
    page = text(client.get(editor))
    assert "Give the tile a name" in page and "Give the tile an id" in page
    assert "Districts with no kind yet (36 of 36): X1 Y1, X2 Y1" in page and "and 28 more" in page
    assert "No cafe yet" in page


def test_every_save_is_kept_with_a_new_version_and_the_checklist_follows_it(client):
    editor = open_draft(client)
    doc = our_tile(columns=[3, 1, 2, 4, 5, 6])
    doc["districts"][0][1] = None  # layout column 2, printed X1
    doc["districts"][5][5] = None
    response = client.post(editor, data=fields(doc, 1))
    assert response.status_code == 302 and response.headers["Location"] == editor
    assert version_of(client, editor) == 2
    page = text(client.get(editor))
    assert "Districts with no kind yet (2 of 36): X1 Y1, X6 Y6." in page
    assert "Give the tile a name" not in page and 'value="Our corner"' in client.get(editor).get_data(as_text=True)
    draft = next(d for d in _drafts(client) if d.doc["name"] == "Our corner")
    assert draft.doc["districts"][0][1] is None and draft.doc["columns"] == [3, 1, 2, 4, 5, 6]


def _drafts(client):
    """The drafts as stored."""
    with client.application.app_context():
        return tile_store.drafts()


def test_the_engine_checks_each_save_and_its_problems_are_listed(client):
    editor = open_draft(client)
    doc = our_tile()
    doc["districts"][0][0] = doc["districts"][0][1] = "grey"  # six stars
    doc["cafes"].append({"at": [0, 0], "tourists": {"red": 1}})  # a rounded tile corner
    doc["cafes"].append({"at": list(doc["cafes"][0]["at"]), "tourists": {"blue": 1}})  # the same intersection twice
    response = client.post(editor, data=fields(doc, 1, columns_1="1", **{"columns-1": "1"}))
    assert response.status_code == 302
    page = text(client.get(editor))
    assert "at most 4 grey star districts" in page and "not 6" in page
    assert "rounded tile corner" in page and "is already listed as cafes[0]" in page
    assert "The printed coordinates along a side are 1 to 6, each once" in page
    refused = client.post(editor, data=fields(doc, 2, action="publish"))
    assert refused.status_code == 422 and "not a whole tile yet" in text(refused)
    with client.application.app_context():
        assert tile_store.saved_tiles() == []


def test_a_finished_draft_becomes_a_tile_that_a_table_can_start_with(client):
    editor = open_draft(client)
    doc = our_tile(rows=[6, 5, 4, 3, 2, 1])
    response = client.post(editor, data=fields(doc, 1, action="publish"))
    assert response.status_code == 302 and response.headers["Location"] == f"{TILES}/our-corner"
    assert client.get(editor).status_code == 404  # the draft became the tile
    page = client.get(f"{TILES}/our-corner")
    assert page.status_code == 200 and "Our corner" in text(page) and "<svg" in page.get_data(as_text=True)
    downloaded = json.loads(client.get(f"{TILES}/our-corner/tile.json").data)
    tile, problems = parse_tile(downloaded)
    assert tile is not None and not problems and downloaded == doc
    with pdfplumber.open(io.BytesIO(client.get(f"{TILES}/our-corner/map.pdf").data)) as pdf:
        assert "Our corner" in pdf.pages[0].extract_text()
    new = client.get("/explore-new-york/tables/new").get_data(as_text=True)
    assert 'value="our-corner"' in new and "Our corner (your tile)" in new
    made = client.post("/explore-new-york/tables/new", data=form_data(("Max", "our-corner"), ("Lena", "random")))
    path = made.headers["Location"]
    assert "Our corner" in text(client.get(path))
    game = json.loads(client.get(path + "/game.json").data)
    assert game["players"][0]["tile"] == doc  # not a shipped tile: it travels whole
    assert game["players"][1]["tile"] in shipped_tiles()  # random deals stay among the shipped tiles
    assert client.post("/api/score", json=game).status_code == 200


def test_an_id_already_taken_or_shipped_is_refused_and_the_draft_kept(client):
    first, second = open_draft(client), open_draft(client)
    assert client.post(first, data=fields(our_tile(), 1, action="publish")).status_code == 302
    taken = client.post(second, data=fields(our_tile(name="Another"), 1, action="publish"))
    assert taken.status_code == 409 and "Another tile already has the id our-corner" in text(taken)
    assert client.get(second).status_code == 200  # still there, with the new name saved
    shipped = client.post(second, data=fields(our_tile(id="riverside"), version_of(client, second), action="publish"))
    assert shipped.status_code == 422 and "comes with the companion" in text(shipped)


def test_an_empty_id_is_made_from_the_name(client):
    editor = open_draft(client)
    response = client.post(editor, data=fields(our_tile(id="", name="Brooklyn Heights 2"), 1, action="publish"))
    assert response.headers["Location"] == f"{TILES}/brooklyn-heights-2"


def test_editing_a_saved_tile_replaces_it_and_a_stale_edit_is_refused(client):
    client.post(open_draft(client), data=fields(our_tile(), 1, action="publish"))
    one = client.post(f"{TILES}/our-corner/edit").headers["Location"]
    two = client.post(f"{TILES}/our-corner/edit").headers["Location"]
    assert 'readonly' in client.get(one).get_data(as_text=True)
    changed = our_tile(name="Our corner, fixed", id="something-else")  # the id of a saved tile stays
    changed["districts"][2][2] = "yellow"
    assert client.post(one, data=fields(changed, 1, action="publish")).headers["Location"] == f"{TILES}/our-corner"
    doc = json.loads(client.get(f"{TILES}/our-corner/tile.json").data)
    assert doc["name"] == "Our corner, fixed" and doc["districts"][2][2] == "yellow" and doc["id"] == "our-corner"
    stale = client.post(two, data=fields(our_tile(name="Old"), 1, action="publish"))
    assert stale.status_code == 409 and "changed by another save" in text(stale)
    assert json.loads(client.get(f"{TILES}/our-corner/tile.json").data)["name"] == "Our corner, fixed"


def test_a_stale_draft_save_keeps_the_entry_on_screen(client):
    editor = open_draft(client)
    assert client.post(editor, data=fields(our_tile(name="Phone A"), 1)).status_code == 302
    stale = client.post(editor, data=fields(our_tile(name="Phone B"), 1))
    assert stale.status_code == 409 and 'value="Phone B"' in stale.get_data(as_text=True)
    assert "Someone else saved this draft meanwhile" in text(stale)
    assert version_of(client, editor) == 2
    again = client.post(editor, data=fields(our_tile(name="Phone B"), 2))  # saving again deliberately replaces
    assert again.status_code == 302 and 'value="Phone B"' in client.get(editor).get_data(as_text=True)


def test_copies_and_pasted_files_start_drafts(client):
    copy = open_draft(client, start="harbor")
    page = text(client.get(copy))
    assert 'Harbor (copy)' in client.get(copy).get_data(as_text=True)
    assert "Give the tile an id" in page and "Districts with no kind yet" not in page
    pasted = open_draft(client, json=json.dumps(our_tile(id="pasted")))
    assert 'value="pasted"' in client.get(pasted).get_data(as_text=True)
    broken = client.post(f"{TILES}/new", data={"json": "{not json"})
    assert broken.status_code == 422 and "not a tile document" in text(broken) and "{not json" in text(broken)
    assert client.post(f"{TILES}/new", data={"json": "[1, 2]"}).status_code == 422
    assert client.post(f"{TILES}/new", data={"start": "no-such-tile"}).status_code == 404
    half = open_draft(client, json=json.dumps({"name": "Half", "districts": [["red", "pink", 7]], "cafes": [1]}))
    assert "Districts with no kind yet (35 of 36)" in text(client.get(half))


def test_discarding_a_draft(client):
    editor = open_draft(client)
    assert client.post(editor + "/discard", data={"version": "9"}).headers["Location"] == editor  # stale: kept
    assert client.post(editor + "/discard", data={"version": "1"}).headers["Location"] == f"{TILES}/"
    assert client.get(editor).status_code == 404


def test_unreadable_fields_are_refused_by_name_and_nothing_is_saved(client):
    editor = open_draft(client)
    data = fields(our_tile(), 1, **{"d-1-1": "purple", "cafe-0-x": "9", "columns-0": "abc", "cafe-1-red": "-1"})
    response = client.post(editor, data=data)
    page = text(response)
    assert response.status_code == 422
    assert "Choose the district's kind from the list." in page
    assert "A cafe's x is a whole number from 0 to 6, not '9'." in page
    assert "A printed X coordinate is a whole number from 1 to 6, not 'abc'." in page
    assert 'value="Our corner"' in response.get_data(as_text=True)  # the entry is kept
    assert version_of(client, editor) == 1
    half = client.post(editor, data=fields(our_tile(), 1, **{"cafe-7-x": "2"}))
    assert half.status_code == 422 and "Cafe 8: give both x and y" in text(half)


def test_junk_never_answers_500(client):
    editor = open_draft(client)
    rnd = random.Random(19)
    keys = ["version", "name", "id", "action", "d-1-1", "d-6-6", "d-7-7", "cafe-0-x", "cafe-0-y", "cafe-0-red",
            "columns-0", "rows-5", "json", "start"]
    values = ["", "0", "1", "-1", "99999999999999999999", "grey", "<b>", "\u0000", "x" * 300, "publish", "riverside"]
    for _ in range(60):
        data = {k: rnd.choice(values) for k in rnd.sample(keys, 6)}
        for path in (editor, editor + "/discard", f"{TILES}/new"):
            assert client.post(path, data=data).status_code < 500, (path, data)
    for bad in ("nope", "x" * 300, "%00", "..", "riverside"):
        for path in (f"{TILES}/drafts/{bad}", f"{TILES}/{bad}", f"{TILES}/{bad}/tile.json", f"{TILES}/{bad}/map.pdf"):
            assert client.get(path).status_code == 404, path
        assert client.post(f"{TILES}/drafts/{bad}", data={"version": "1"}).status_code == 404
        assert client.post(f"{TILES}/{bad}/edit").status_code == 404


def test_csrf_protects_every_editor_form(tmp_path):
    app = make_app(tmp_path, WTF_CSRF_ENABLED=True)
    client = app.test_client()
    assert client.post(f"{TILES}/new", data={"start": "blank"}).status_code == 302
    with app.app_context():
        assert tile_store.drafts() == []  # refused: nothing made
    page = client.get(f"{TILES}/").get_data(as_text=True)
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page).group(1)
    editor = client.post(f"{TILES}/new", data={"start": "blank", "csrf_token": token}).headers["Location"]
    assert client.post(editor, data=fields(our_tile(), 1)).status_code == 400
    assert client.post(editor, data={**fields(our_tile(), 1), "csrf_token": token}).status_code == 302


def test_the_editor_speaks_japanese(client):
    editor = open_draft(client)
    page = text(client.get(editor + "?lang=ja"))
    assert "Still missing" not in page and "Give the tile a name" not in page and "Save as a tile" not in page
    assert "X1 Y1" in page


json_values = st.recursive(st.none() | st.booleans() | st.integers(-3, 9) | st.sampled_from(list(KINDS)) |
                           st.text(max_size=5),
                           lambda inner: st.lists(inner, max_size=7) | st.dictionaries(
                               st.sampled_from(["id", "name", "columns", "rows", "districts", "cafes", "at",
                                                "tourists", "red", "blue", "x"]), inner, max_size=5),
                           max_leaves=40)


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(json_values)
def test_any_pasted_value_gives_a_draft_or_a_refusal_and_the_editor_can_judge_it(app, value):
    with app.test_request_context():
        draft = draft_from_json(value)
        if not isinstance(value, dict):
            assert draft is None
            return
        missing(draft)
        reminders(draft)
        problems = engine_problems(draft)
        assert all(p.path for p in problems if p.code != "not-an-object")
        if finished(draft):
            assert parse_tile(draft)[0] is not None
