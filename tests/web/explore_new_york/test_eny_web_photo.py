"""Explore New York: 'Read a photo of your printed map' at the table (test client).

Upload, the reading shown on the sheet page's tap map with its doubtful items marked, nothing saved
before the ordinary save, the photo never stored; only a phone that may enter the seat reads one; bad
input is a clear message, never a 500.
"""

from __future__ import annotations

import html
import io
import json
import logging
import re
import sys
from functools import cache
from pathlib import Path

import pytest

pytest.importorskip("cv2")
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "vision"))

from eny_photo import eny_photo
from eny_web_helpers import make_app, save, start_table

from companion.games.explore_new_york.tile import ROADS
from companion.games.explore_new_york.tiles import shipped_tiles
from companion.web.explore_new_york import store


@cache
def photo(tile_id: str = "riverside", seed: int = 3):
    """A 2 MP phone photo of a filled-in printed map, and its truth (made once)."""
    return eny_photo(shipped_tiles()[tile_id], seed, "easy", megapixels=2)


def upload(client, path: str, seat: int, data: bytes, name: str = "map.jpg", **extra):
    """Post a photo to a seat's photo page."""
    return client.post(f"{path}/players/{seat}/photo", data={"photo": (io.BytesIO(data), name), **extra},
                       content_type="multipart/form-data")


def row(app, path: str, seat: int) -> dict:
    """A seat's stored row."""
    with app.app_context():
        return store.get_player(path.rsplit("/", 1)[1], seat)


def sheet_json(page: str) -> dict:
    """The draft the page's form would post."""
    found = re.search(r'<textarea[^>]*id="sheet-json"[^>]*>(.*?)</textarea>', page, re.S)
    assert found
    return json.loads(html.unescape(found.group(1)))


@pytest.fixture
def table(tmp_path):
    """An app, the host's client and a table (Max on Riverside, Lena on Parkside)."""
    app = make_app(tmp_path)
    client = app.test_client()
    return app, client, start_table(client)


def test_sheet_page_offers_read_a_photo(table):
    """The sheet page has "Read a photo of your printed map": the phone's camera, posting to the photo page."""
    _app, client, path = table
    page = client.get(f"{path}/players/0").get_data(as_text=True)
    form = re.search(r'<form[^>]*id="photo-action"[^>]*>.*?</form>', page, re.S)
    assert form and f'action="{path}/players/0/photo"' in form.group(0)
    assert re.search(r'<input type="file"[^>]*accept="image/\*"[^>]*capture="environment"', form.group(0))
    assert "Read a photo of your printed map" in form.group(0) and 'name="csrf_token"' in form.group(0)
    upload_page = client.get(f"{path}/players/0/photo")
    assert upload_page.status_code == 200 and 'capture="environment"' in upload_page.get_data(as_text=True)


def test_reading_is_shown_on_the_map_and_saved_only_when_confirmed(table, caplog):
    """The reading on the tap map with the photo under it; the sheet changes only through the ordinary save."""
    app, client, path = table
    data, truth = photo()
    caplog.set_level(logging.DEBUG)
    response = upload(client, path, 0, data)
    page = response.get_data(as_text=True)
    assert response.status_code == 200, html.unescape(page)[:400]
    draft = sheet_json(page)
    assert set(draft) == {"sections", "tourists", "cafes", "final_route"} and draft["final_route"] is None
    assert {tuple(map(tuple, s)) for s in draft["sections"]} == truth.sections
    assert len(re.findall(r'<path id="s-[^"]*" class="road drawn', page)) == len(draft["sections"])
    assert 'class="photo-layer" href="data:image/jpeg;base64,' in page
    assert "Read from your photo: not saved yet" in page and "Confirm and save" in page
    assert f'action="{path}/players/0"' in page
    assert 'data-offline-key' not in page.split('id="sheet-form"')[0][-400:] + page.split('id="sheet-form"')[1][:600]
    assert row(app, path, 0)["version"] == 0  # read, shown, not saved
    assert all(str(len(data)) not in r.getMessage() and "JFIF" not in r.getMessage() for r in caplog.records)
    # The player confirms: the form posts the (maybe corrected) draft to the ordinary save.
    corrected = {**draft, "sections": draft["sections"][1:]}
    version = re.search(r'id="sheet-version"[^>]*value="(\d+)"', page).group(1)
    assert save(client, path, 0, corrected, int(version), "best").status_code == 302
    saved = row(app, path, 0)
    assert saved["version"] == 1 and saved["sheet"]["sections"] == corrected["sections"]


def test_photo_is_not_stored(table, tmp_path):
    """After a reading nothing of the photo is in the database or the instance folder."""
    _app, client, path = table
    data, _truth = photo()
    assert upload(client, path, 0, data).status_code == 200
    marker = data[600:632]  # a piece of the JPEG's compressed data
    for file in tmp_path.rglob("*"):
        if file.is_file():
            assert marker not in file.read_bytes(), file


def test_doubtful_items_are_marked_and_listed(table, monkeypatch):
    """Every item the reader is unsure of is marked on the map and listed with what it read."""
    from companion.vision import marks

    monkeypatch.setattr(marks, "LOW", 1.01)  # every decision doubtful: all must be marked and listed
    _app, client, path = table
    page = html.unescape(upload(client, path, 0, photo()[0]).get_data(as_text=True))
    doubts = re.search(r'<ul class="doubts" id="photo-doubts">(.*?)</ul>', page, re.S).group(1)
    tile = shipped_tiles()["riverside"]
    kinds = [t[0] for t in re.findall(r'data-target="(.)-', doubts)]
    assert (kinds.count("s"), kinds.count("d"), kinds.count("c")) == (len(ROADS), 36, len(tile.cafes))
    assert re.search(r'<path id="s-0-1-0-2" class="road[^"]*doubt', page)
    assert re.search(r'<path id="d-1-1" class="district[^"]*doubt', page)
    assert "Check the tourists at X" in doubts and "Check the cafe by X" in doubts


def test_only_a_phone_that_may_enter_the_seat_reads_a_photo(table):
    """Another phone (neither the seat's holder nor the host) is refused the photo page and its post."""
    app, _client, path = table
    other = app.test_client()
    assert other.get(f"{path}/players/0/photo").status_code == 403
    assert upload(other, path, 0, photo()[0]).status_code == 403
    assert row(app, path, 0)["version"] == 0


def test_bad_input_gets_a_message_never_a_500(table):
    """No file, not an image, a photo without a map, a huge file, a JSON or text body: a message, nothing saved."""
    app, client, path = table
    response = client.post(f"{path}/players/0/photo", data={}, content_type="multipart/form-data")
    assert response.status_code == 422 and "Choose or take a photo" in response.get_data(as_text=True)
    response = upload(client, path, 0, b"%PDF-1.4 not an image", "sheet.pdf")
    assert response.status_code == 422 and "not a photo the companion can read" in response.get_data(as_text=True)
    import cv2
    import numpy as np

    noise = np.random.default_rng(3).integers(0, 255, (600, 450, 3), dtype=np.uint8)
    response = upload(client, path, 0, cv2.imencode(".png", noise)[1].tobytes(), "table.png")
    assert response.status_code == 422 and "No printed map found" in html.unescape(response.get_data(as_text=True))
    response = upload(client, path, 0, b"\xff\xd8" + b"\x00" * (17 * 1024 * 1024))
    assert response.status_code == 413 and "larger than 16 MB" in response.get_data(as_text=True)
    for body, kind in ((b'{"photo": 1}', "application/json"), (b"photo", "text/plain"),
                       (b"\x00\x01", "application/octet-stream")):
        response = client.post(f"{path}/players/0/photo", data=body, content_type=kind)
        assert 400 <= response.status_code < 500
    assert row(app, path, 0)["version"] == 0


def test_an_en_route_page_and_another_tile_are_named(table):
    """An En Route map page and another seat's tile are refused with what they are."""
    _app, client, path = table
    from vision_synth import make_photo

    from companion.games.enroute.registry import find_board

    enroute, _t = make_photo(find_board("training-city"), 4)
    response = upload(client, path, 0, enroute)
    assert response.status_code == 422 and "En Route map page" in response.get_data(as_text=True)
    response = upload(client, path, 1, photo()[0])  # Max's Riverside photographed for Lena (Parkside)
    text = html.unescape(response.get_data(as_text=True))
    assert response.status_code == 422 and "This photo shows Max's tile (Riverside), not yours" in text
    response = upload(client, path, 0, photo("harbor", 5)[0])  # a tile nobody at this table has
    assert response.status_code == 422 and "another tile" in response.get_data(as_text=True)


def test_japanese_page(table):
    """The reading page in Japanese: its texts come from the catalogue."""
    _app, client, path = table
    client.set_cookie("lang", "ja")
    page = upload(client, path, 0, photo()[0], ).get_data(as_text=True)
    if "写真から読み取りました" not in page:  # the language may be chosen by the Accept-Language header
        page = client.post(f"{path}/players/0/photo", data={"photo": (io.BytesIO(photo()[0]), "m.jpg")},
                           content_type="multipart/form-data",
                           headers={"Accept-Language": "ja"}).get_data(as_text=True)
    assert "写真から読み取りました：まだ保存されていません" in page and "確認して保存" in page


def test_csrf_is_checked(tmp_path):
    """Without its CSRF token the photo post is refused with a message, not read."""
    app = make_app(tmp_path, WTF_CSRF_ENABLED=True)
    client = app.test_client()
    page = client.get("/explore-new-york/tables/new").get_data(as_text=True)
    csrf = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page).group(1)
    from eny_web_helpers import form_data

    created = client.post("/explore-new-york/tables/new",
                          data={**form_data(("Max", "riverside"), ("Lena", "parkside")), "csrf_token": csrf})
    path = created.headers["Location"]
    response = upload(client, path, 0, b"not even read")
    assert response.status_code == 400 and "expired" in response.get_data(as_text=True)
    sheet_page = client.get(f"{path}/players/0").get_data(as_text=True)
    quick = re.search(r'id="photo-action".*?name="csrf_token" value="([^"]+)"', sheet_page, re.S).group(1)
    response = upload(client, path, 0, b"not an image", csrf_token=quick)
    assert response.status_code == 422  # the sheet page's token is accepted; the file is not an image
