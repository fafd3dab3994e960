"""Real browser, phone-sized (390×844): read a photo from the sheet page, correct one road by tapping, confirm."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

pytest.importorskip("cv2")
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "vision"))

from vision_synth import make_photo

from companion.games.enroute.registry import find_board
from companion.web.core.app import create_app
from companion.web.enroute.tables import store as db

ARTIFACTS = Path(__file__).resolve().parents[3] / "test-artifacts"
PHONE = {"width": 390, "height": 844}


def test_read_a_photo_then_correct_and_confirm(chromium, live_server, tmp_path):
    """Choose a photo on the sheet page → the reading on the tap map → tap one road → confirm → saved as shown."""
    app = create_app({"SECRET_KEY": "browser-photo", "DATABASE": str(tmp_path / "t.sqlite"),
                      "BOARD_LIBRARY": str(tmp_path / "boards")})
    base = live_server(app)
    data, truth = make_photo(find_board("training-city"), 21)
    context = chromium.new_context(viewport=PHONE, has_touch=True)
    context.set_default_timeout(20_000)
    page = context.new_page()
    try:
        page.goto(base + "/tables/new")
        page.fill("#players-0-name", "Aki")
        page.select_option("#players-0-player_board", str(truth.player_board))
        page.fill("#players-1-name", "Bo")
        page.click("button.primary")
        page.wait_for_url(re.compile(r"/tables/[A-Za-z0-9_-]+$"))
        token = page.url.rsplit("/", 1)[1]
        page.goto(f"{base}/tables/{token}/players/0")
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "photo-action.png"))
        page.set_input_files("#photo-quick", files=[{"name": "map.jpg", "mimeType": "image/jpeg", "buffer": data}])
        page.wait_for_selector("#reading-summary")  # the page script sent the photo as soon as it was chosen
        assert "Check the reading" in page.inner_text("h1")
        drawn = page.locator("line.sec.drawn").count()
        draft = json.loads(page.input_value("#sheet-json"))
        assert drawn == len(draft["sections"]) > 0
        assert page.locator("svg.map image.photo-layer").count() == 1
        page.screenshot(path=str(ARTIFACTS / "photo-reading.png"), full_page=True)
        with app.app_context():
            assert db.get_player(token, 0)["version"] == 0  # shown, not saved
        # Correct one road by tapping it: drawn becomes erased (or the other way round).
        first = draft["sections"][0]
        key = f"{first[0][0]},{first[0][1]},{first[1][0]},{first[1][1]}"
        page.tap(f'.hit[data-sec="{key}"]')
        corrected = json.loads(page.input_value("#sheet-json"))
        assert len(corrected["sections"]) == len(draft["sections"]) - 1
        page.click("#save")
        page.wait_for_url(re.compile(rf"/tables/{token}/players/0"))
        with app.app_context():
            row = db.get_player(token, 0)
        assert row["version"] == 1
        assert row["sheet"]["sections"] == corrected["sections"]
        assert row["sheet"]["player_board"] == truth.player_board
    finally:
        context.close()
