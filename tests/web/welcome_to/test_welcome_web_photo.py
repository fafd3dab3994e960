"""Reading a photo of the printed sheet into a seat (Flask test client): the reading shown to confirm, nothing
saved before confirming, confirmed through the ordinary import, only by the seat's own link, bad input refused."""

from __future__ import annotations

import base64
import io
import re
import sys
from functools import cache
from pathlib import Path

import pytest

pytest.importorskip("cv2")
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "vision"))

from welcome_web_helpers import join, start_table, version_of

from companion.games.welcome_to import RULES


@cache
def sheet_photo() -> tuple[bytes, dict]:
    """A phone photo of a filled sheet that the rules accept (made once)."""
    import random

    from photo_camera import photograph
    from welcome_photo import draw_sheet

    rng = random.Random("web-photo")
    player = {"player": "?", "streets": [[1, 3, None, 5, None, None, None, None, None, None],
                                         [None, 2, None, None, 6, None, None, None, None, None, None],
                                         [0, None, None, None, None, None, None, None, None, None, 12, None]],
              "fences": [[1], [], []], "pools": [], "parks": [1, 0, 0], "estate_values": {},
              "temps": 0, "refusals": 0, "plans": []}
    counts = {f"park{s}": player["parks"][s] for s in range(3)}
    page = draw_sheet(player, counts, rng, "easy")
    return photograph(page, rng, "easy", megapixels=5), player


def post_photo(client, token: str, data: bytes, name: str = "sheet.jpg", mimetype: str = "image/jpeg"):
    """Send a photo to the seat's photo page."""
    return client.post(f"/welcome-to/s/{token}/photo", data={"photo": (io.BytesIO(data), name, mimetype)},
                       content_type="multipart/form-data")


def fields_of(html: str) -> dict:
    """The review form's fields as the page fills them (text values, checked boxes, track numbers)."""
    out = {}
    for name, value in re.findall(r'<input type="text" name="(h-\d+-\d+)" value="([^"]*)"', html):
        out[name] = value
    for name, rest in re.findall(r'<input type="checkbox" name="([fp]-\d+-\d+)"([^>]*)>', html):
        if " checked" in rest:
            out[name] = "on"
    for name, value in re.findall(r'<input type="number" name="(t-\w+)" value="(\d+)"', html):
        out[name] = value
    out["version"] = re.search(r'id="confirm-version" name="version" type="hidden" value="(\d+)"', html).group(1)
    return out


@pytest.fixture
def seat(client):
    """A standard table and one seat's token."""
    table = start_table(client)
    return join(client, table, "Aki")


def test_sheet_page_offers_the_photo_and_the_photo_page_asks_for_the_camera(client, seat):
    """The seat's page links to the photo page; its file field opens the camera."""
    page = client.get(f"/welcome-to/s/{seat}").get_data(as_text=True)
    assert f"/welcome-to/s/{seat}/photo" in page and "Read a photo of your printed sheet" in page
    photo = client.get(f"/welcome-to/s/{seat}/photo").get_data(as_text=True)
    assert 'accept="image/*"' in photo and 'capture="environment"' in photo


def test_reading_is_shown_then_saved_only_on_confirm(client, seat):
    """Photo in: every house in a field, nothing saved; confirmed (one house corrected): saved as confirmed."""
    data, truth = sheet_photo()
    before = version_of(client, seat)
    response = post_photo(client, seat, data)
    html = response.get_data(as_text=True)
    assert response.status_code == 200, html[:2000]
    assert "Check the reading" in html and "data:image/jpeg;base64," in html
    assert len(re.findall(r'name="h-\d+-\d+"', html)) == sum(RULES.street_sizes)
    assert version_of(client, seat) == before  # shown, not saved
    fields = fields_of(html)
    read = {k: v for k, v in fields.items() if k.startswith("h-") and v}
    want = {f"h-{s}-{h}": str(v) for s, row in enumerate(truth["streets"]) for h, v in enumerate(row) if v is not None}
    assert len(set(read.items()) & set(want.items())) >= len(want) - 1
    fields.update(want)  # the player corrects whatever was misread
    fields["h-1-9"] = "15"
    response = client.post(f"/welcome-to/s/{seat}/photo/confirm", data=fields)
    assert response.status_code == 302, response.get_data(as_text=True)[:3000]
    sheet = client.get(f"/welcome-to/s/{seat}/sheet.json").get_json(force=True)
    assert sheet["streets"][1][9] == 15 and sheet["streets"][0][:2] == [1, 3]
    assert version_of(client, seat) == before + 1


def test_confirm_refused_by_the_rules_or_an_older_version_saves_nothing(client, seat):
    """Numbers that do not rise are refused by the engine (422); an older version is a conflict (409)."""
    fields = {f"h-{s}-{h}": "" for s, n in enumerate(RULES.street_sizes) for h in range(n)}
    fields.update({"h-0-0": "5", "h-0-1": "3", "version": str(version_of(client, seat))})
    response = client.post(f"/welcome-to/s/{seat}/photo/confirm", data=fields)
    assert response.status_code == 422 and "the rules refuse it" in response.get_data(as_text=True)
    fields.update({"h-0-1": "7", "h-0-2": "abc"})
    response = client.post(f"/welcome-to/s/{seat}/photo/confirm", data=fields)
    assert response.status_code == 422 and "a number from 0 to 17" in response.get_data(as_text=True)
    fields.update({"h-0-2": "", "version": "99"})
    response = client.post(f"/welcome-to/s/{seat}/photo/confirm", data=fields)
    assert response.status_code == 409
    assert version_of(client, seat) == 0


def test_bad_input_gets_a_clear_message_never_a_500(client, seat):
    """Not an image, no file, another game's page, an unknown seat link: clear messages."""
    response = post_photo(client, seat, b"%PDF-1.4 not a photo", "sheet.pdf", "application/pdf")
    assert response.status_code == 422 and "not a photo" in response.get_data(as_text=True)
    response = client.post(f"/welcome-to/s/{seat}/photo", data={}, content_type="multipart/form-data")
    assert response.status_code == 422 and "Choose or take a photo" in response.get_data(as_text=True)
    from vision_synth import make_photo

    from companion.games.enroute.registry import find_board

    enroute, _truth = make_photo(find_board("training-city"), 3)
    response = post_photo(client, seat, enroute)
    assert response.status_code == 422 and "another game" in response.get_data(as_text=True)
    assert client.get("/welcome-to/s/not-a-seat/photo").status_code == 404
    assert client.post("/welcome-to/s/not-a-seat/photo/confirm", data={}).status_code == 404
    assert version_of(client, seat) == 0


def test_a_huge_upload_is_refused(client, seat, monkeypatch):
    """Over the photo limit: 413 with the limit named."""
    from companion.web.welcome_to import photo

    monkeypatch.setattr(photo, "MAX_PHOTO", 1000)
    response = post_photo(client, seat, b"\xff\xd8" + b"0" * 70_000)
    assert response.status_code == 413 and "larger than" in response.get_data(as_text=True)


def test_the_photo_is_never_stored(client, seat, app, tmp_path):
    """After reading, neither the database nor the instance folder holds the photo's bytes."""
    data, _truth = sheet_photo()
    post_photo(client, seat, data)
    probe = data[1000:1032]
    stored = stored_values(app)  # SQLite or PostgreSQL: every value of every table
    assert probe not in stored
    assert base64.b64encode(data)[1344:1384] not in stored and data.hex()[2000:2064].encode() not in stored
    for file in tmp_path.rglob("*"):
        if file.is_file():
            assert probe not in file.read_bytes(), file


def stored_values(app) -> bytes:
    """Every value of every table of the app's database, as bytes (text as UTF-8, binary as itself)."""
    import sqlalchemy as sa

    engine = app.extensions["companion.engine"]
    meta = sa.MetaData()
    meta.reflect(engine)
    out = bytearray()
    with engine.connect() as conn:
        for table in meta.sorted_tables:
            for row in conn.execute(sa.select(table)):
                for value in row:
                    raw = value if isinstance(value, bytes) else str(value).encode("utf-8")
                    out += raw
    return bytes(out)
