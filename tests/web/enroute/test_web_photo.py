"""'Read a photo' at the table: upload, reading shown on the tap map, nothing saved before the player confirms."""

from __future__ import annotations

import html
import io
import json
import re
import sys
from functools import cache
from pathlib import Path

import pytest

pytest.importorskip("cv2")
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "vision"))

from vision_synth import make_photo
from web_helpers import table_form_data

from companion.games.enroute.registry import find_board
from companion.web.core.app import create_app
from companion.web.enroute.tables import store as db


@cache
def photo(seed: int):
    """Return a synthetic photo and its truth (made once per seed)."""
    return make_photo(find_board("training-city"), seed)


def upload(client, token, seat, data: bytes, name="map.jpg", **extra):
    """Post a photo to the photo page."""
    form = {"photo": (io.BytesIO(data), name), **extra}
    return client.post(f"/tables/{token}/players/{seat}/photo", data=form, content_type="multipart/form-data")


def stored(app, token, seat):
    """Return a player's stored row."""
    with app.app_context():
        return db.get_player(token, seat)


def test_sheet_page_offers_read_a_photo(client, make_table):
    """The sheet page has a 'Read a photo' file input that opens the phone's camera, posting to the photo page."""
    token = make_table()
    page = client.get(f"/tables/{token}/players/0").get_data(as_text=True)
    form = re.search(r'<form[^>]*id="photo-action"[^>]*>.*?</form>', page, re.S)
    assert form and f'action="/tables/{token}/players/0/photo"' in form.group(0)
    assert re.search(r'<input type="file"[^>]*accept="image/\*"[^>]*capture="environment"', form.group(0))
    assert 'name="csrf_token"' in form.group(0)


def test_photo_page_renders(client, make_table):
    """The photo page explains what to photograph and has the camera input."""
    token = make_table()
    response = client.get(f"/tables/{token}/players/1/photo")
    page = response.get_data(as_text=True)
    assert response.status_code == 200
    assert 'capture="environment"' in page and "four black corner squares" in page


@pytest.mark.parametrize("path", ["/tables/nope/players/0/photo", "/tables/{token}/players/7/photo",
                                  "/tables/{token}/players/99999999999999999999/photo"])
def test_unknown_table_or_seat_is_404(client, make_table, path):
    """Junk table tokens and seats answer 404 on GET and POST, never 500."""
    token = make_table()
    assert client.get(path.format(token=token)).status_code == 404
    assert upload(client, "nope" if "nope" in path else token, 7, b"x").status_code == 404


def test_no_file_bad_file_and_no_map(client, make_table, app):
    """A post without a photo, a file that is no image, and a photo with no map each get their message."""
    token = make_table()
    response = client.post(f"/tables/{token}/players/0/photo", data={}, content_type="multipart/form-data")
    assert response.status_code == 422 and "Choose or take a photo" in response.get_data(as_text=True)
    response = upload(client, token, 0, b"%PDF-1.4 this is not an image", "sheet.pdf")
    assert response.status_code == 422 and "not a photo the companion can read" in response.get_data(as_text=True)
    import cv2
    import numpy as np

    noise = np.random.default_rng(3).integers(0, 255, (600, 450, 3), dtype=np.uint8)
    response = upload(client, token, 0, cv2.imencode(".png", noise)[1].tobytes(), "table.png")
    page = html.unescape(response.get_data(as_text=True))
    assert response.status_code == 422 and "No printed map found" in page and "0 of 4 seen" in page
    assert stored(app, token, 0)["version"] == 0


def test_huge_file_is_refused_with_a_message(client, make_table):
    """A file over the photo limit is refused with this page's own message (not the 2 MB form limit)."""
    token = make_table()
    response = upload(client, token, 0, b"\xff\xd8" + b"\x00" * (17 * 1024 * 1024))
    assert response.status_code == 413
    assert "larger than 16 MB" in html.unescape(response.get_data(as_text=True))


def test_photo_bigger_than_a_form_is_accepted(client, make_table):
    """A 3 MB photo passes (the app's 2 MB limit is for forms), and is then read on its merits."""
    token = make_table()
    data, _truth = photo(21)
    padded = data + b"\x00" * (3 * 1024 * 1024)  # bytes after the JPEG's end are ignored by decoders
    response = upload(client, token, 0, padded)
    assert response.status_code == 200, html.unescape(response.get_data(as_text=True))[:500]


def _hidden_sheet(page: str) -> dict:
    """Return the draft the review page would post."""
    match = re.search(r'<textarea[^>]*id="sheet-json"[^>]*>(.*?)</textarea>', page, re.S)
    assert match
    return json.loads(html.unescape(match.group(1)))


def test_reading_is_shown_then_saved_only_when_confirmed(client, make_table, app):
    """The reading appears on the tap map with the photo; the player's sheet changes only on 'Confirm and save'."""
    token = make_table()
    data, truth = photo(21)
    response = upload(client, token, 0, data)
    page = response.get_data(as_text=True)
    assert response.status_code == 200
    draft = _hidden_sheet(page)
    assert draft["format"] == "enroute-sheet/1" and draft["player"] == "Aki"
    assert draft["player_board"] == truth.player_board
    drawn = {tuple(map(tuple, s)) for s in draft["sections"]}
    assert len(drawn ^ truth.sections) <= 1  # the reader is checked in tests/vision; here: the page carries it
    assert len(re.findall(r'<line id="s-[^"]*" class="sec drawn', page)) == len(draft["sections"])
    assert 'class="photo-layer" href="data:image/jpeg;base64,' in page
    assert f'action="/tables/{token}/players/0"' in page and 'id="save"' in page
    assert stored(app, token, 0)["version"] == 0  # read, shown, not saved
    # The player confirms: the page posts the draft (maybe corrected) to the sheet page, which saves it.
    version = re.search(r'id="sheet-version"[^>]*value="(\d+)"', page).group(1)
    form = {"sheet": json.dumps(draft), "version": version, "route_mode": "best",
            "player_board": str(draft["player_board"]), "save": "1"}
    saved = client.post(f"/tables/{token}/players/0", data=form)
    assert saved.status_code == 302
    row = stored(app, token, 0)
    assert row["version"] == 1 and row["sheet"]["sections"] == draft["sections"]
    assert row["sheet"]["player_board"] == truth.player_board


def test_doubtful_items_are_highlighted_and_listed(client, make_table, monkeypatch):
    """Items the reader is unsure of carry the problem highlight on the map and a line under it."""
    from companion.vision import marks

    monkeypatch.setattr(marks, "LOW", 1.01)  # make every decision doubtful: all must be listed and highlighted
    token = make_table()
    data, _truth = photo(21)
    page = html.unescape(upload(client, token, 0, data).get_data(as_text=True))
    assert page.count("Check the road by") == len(find_board("training-city").roads)
    assert re.search(r'<line id="s-0-0-1-0" class="sec[^"]*problem', page)
    assert re.search(r'<rect id="l-1-1" class="cell[^"]*problem', page)
    assert 'data-target="c-0-2"' in page and "Check the tourists at (" in page


def test_simplified_table_ignores_cafes_and_goal(client, make_table):
    """At a simplified table the reading carries no cafes and no personal goal, and shows no cafe tool."""
    token = make_table(level="simplified")
    data, _truth = photo(22)
    page = upload(client, token, 0, data).get_data(as_text=True)
    draft = _hidden_sheet(page)
    assert draft["cafes"] == [] and draft["personal_goal"] is None
    assert 'data-tool="cafes"' not in page


def test_photo_of_another_player_board_says_so(client, make_table):
    """A photo whose page code names another player board than the seat's is read with it, and the page says so."""
    data, truth = photo(23)
    other = 1 if truth.player_board != 1 else 2
    token = make_table(**{"players-0-player_board": str(other)})
    page = html.unescape(upload(client, token, 0, data).get_data(as_text=True))
    assert f"The photo shows player board {truth.player_board}" in page


def test_csrf_is_checked(tmp_path):
    """Without its CSRF token the photo post is refused with a message, not read."""
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "DATABASE": str(tmp_path / "t.sqlite"),
                      "BOARD_LIBRARY": str(tmp_path / "boards")})
    client = app.test_client()
    page = client.get("/tables/new").get_data(as_text=True)
    csrf = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page).group(1)
    created = client.post("/tables/new", data={**table_form_data(), "csrf_token": csrf})
    token = created.headers["Location"].rsplit("/", 1)[1]
    response = upload(client, token, 0, b"not even read")
    assert response.status_code == 400 and "expired" in response.get_data(as_text=True)
    sheet_page = client.get(f"/tables/{token}/players/0").get_data(as_text=True)
    quick = re.search(r'id="photo-action".*?name="csrf_token" value="([^"]+)"', sheet_page, re.S).group(1)
    response = upload(client, token, 0, b"not an image", csrf_token=quick)
    assert response.status_code == 422  # the token from the sheet page's form is accepted; the file is not
