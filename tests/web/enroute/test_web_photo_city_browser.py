"""Real browser, phone-sized (390×844): a world city's printed map (Cairo) read from a phone photo, its own marks
(a crossed-out location, tourists in a remote space's box) on the tap map, doubtful items flagged, one road
corrected by tapping, confirmed; nothing is saved before the confirmation."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

pytest.importorskip("cv2")
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "vision"))

from photo_camera import phone_photo

from companion.games.enroute.registry import find_board
from companion.web.core.app import create_app
from companion.web.enroute.tables import store as db

ARTIFACTS = Path(__file__).resolve().parents[3] / "test-artifacts"
PHONE = {"width": 390, "height": 844}


def test_cairo_photo_read_flagged_corrected_and_confirmed(chromium, live_server, tmp_path):
    """Photo in → reading over the map with Cairo's marks → doubts listed and highlighted → tap a road → confirm."""
    app = create_app({"SECRET_KEY": "browser-photo-city", "DATABASE": str(tmp_path / "t.sqlite"),
                      "BOARD_LIBRARY": str(tmp_path / "boards")})
    base = live_server(app)
    board = find_board("cairo-example")
    marks = {"crossed": {(3, 4)}, "remote": {"oasis": {"red": 1, "blue": 1}}}
    data, truth = phone_photo(board, 1, "medium", megapixels=2, marks=marks)
    context = chromium.new_context(viewport=PHONE, has_touch=True)
    context.set_default_timeout(20_000)
    page = context.new_page()
    try:
        page.goto(base + "/tables/new")
        with page.expect_navigation():
            page.select_option("#board", "cairo-example")  # the city list submits itself
        page.fill("#players-0-name", "Aki")
        page.select_option("#players-0-player_board", str(truth.player_board))
        page.fill("#players-1-name", "Bo")
        page.click("button.primary")
        page.wait_for_url(re.compile(r"/tables/[A-Za-z0-9_-]+$"))
        token = page.url.rsplit("/", 1)[1]
        page.goto(f"{base}/tables/{token}/players/0")
        page.set_input_files("#photo-quick", files=[{"name": "map.jpg", "mimeType": "image/jpeg", "buffer": data}])
        page.wait_for_selector("#reading-summary")
        assert "Check the reading" in page.inner_text("h1")
        draft = json.loads(page.input_value("#sheet-json"))
        assert [3, 4] in draft["crossed"]
        assert draft["remote"] == {"oasis": {"red": 1, "blue": 1}}
        assert page.locator("svg.map image.photo-layer").count() == 1
        assert page.locator('button.tool[data-tool="crossed"]').count() == 1  # Cairo's own tools are there
        doubts = page.locator("#problems li.problem")
        assert doubts.count() >= 1
        targets = [doubts.nth(i).get_attribute("data-target") for i in range(doubts.count())]
        assert any(targets)
        for target in filter(None, targets):  # each flagged item is highlighted on the map
            assert page.locator(f"svg.map #{target}.problem").count() == 1, target
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "photo-city-reading.png"), full_page=True)
        with app.app_context():
            assert db.get_player(token, 0)["version"] == 0  # shown, not saved
        first = draft["sections"][0]
        key = f"{first[0][0]},{first[0][1]},{first[1][0]},{first[1][1]}"
        page.tap(f'.hit[data-sec="{key}"]')
        corrected = json.loads(page.input_value("#sheet-json"))
        assert len(corrected["sections"]) == len(draft["sections"]) - 1
        with app.app_context():
            assert db.get_player(token, 0)["version"] == 0
        page.click("#save")
        page.wait_for_url(re.compile(rf"/tables/{token}/players/0"))
        with app.app_context():
            row = db.get_player(token, 0)
        assert row["version"] == 1
        assert row["sheet"]["sections"] == corrected["sections"]
        assert row["sheet"]["crossed"] == corrected["crossed"]
        assert row["sheet"]["remote"] == {"oasis": {"red": 1, "blue": 1}}
    finally:
        context.close()
