"""Real browser, phone-sized (390×844): read a photo of the printed Explore New York map, correct, confirm.

Photo in from the sheet page, the reading over the tile's own tap map (the photo under it), doubtful items
marked, one road corrected by tapping, nothing saved before "Confirm and save", then saved as shown.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

pytest.importorskip("cv2")
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "vision"))

from browser_checks import page_width
from eny_photo import eny_photo
from eny_web_helpers import make_app

from companion.games.explore_new_york.tiles import shipped_tiles
from companion.web.explore_new_york import store

ARTIFACTS = Path(__file__).resolve().parents[3] / "test-artifacts"
PHONE = {"width": 390, "height": 844}


def test_read_a_photo_then_correct_and_confirm(chromium, live_server, tmp_path):
    """Choose a photo on the sheet page → the reading on the tap map → tap one road → confirm → saved as shown."""
    app = make_app(tmp_path, TESTING=False, WTF_CSRF_ENABLED=True)
    base = live_server(app)
    data, truth = eny_photo(shipped_tiles()["riverside"], 3, "easy", megapixels=2)
    context = chromium.new_context(viewport=PHONE, has_touch=True)
    context.set_default_timeout(20_000)
    page = context.new_page()
    try:
        page.goto(base + "/explore-new-york/tables/new")
        page.fill("#players-0-name", "Max")
        page.select_option("#players-0-tile", "riverside")
        page.fill("#players-1-name", "Lena")
        page.select_option("#players-1-tile", "parkside")
        page.click("#start")
        page.wait_for_url(re.compile(r"/explore-new-york/tables/[A-Za-z0-9_-]+$"))
        token = page.url.rsplit("/", 1)[1]
        page.goto(f"{base}/explore-new-york/tables/{token}/players/0")
        assert page.locator("#photo-action label").is_visible()
        page.set_input_files("#photo-quick", files=[{"name": "map.jpg", "mimeType": "image/jpeg", "buffer": data}])
        page.wait_for_selector("#photo-reading")  # the page script sent the photo as soon as it was chosen
        assert page_width(page) <= PHONE["width"]  # no sideways scrolling
        draft = json.loads(page.input_value("#sheet-json"))
        assert {tuple(map(tuple, s)) for s in draft["sections"]} == truth.sections
        assert page.locator("svg.eny-map path.road.drawn").count() == len(draft["sections"]) > 0
        assert page.locator("svg.eny-map image.photo-layer").count() == 1
        listed = page.locator("#photo-doubts li").count()
        assert page.locator("svg.eny-map .doubt").count() == listed  # each doubt marked on the map
        page.tap("#eny-photo-toggle")  # the player hides the photo, then shows it again
        assert not page.locator("svg.eny-map image.photo-layer").is_visible()
        page.tap("#eny-photo-toggle")
        assert page.locator("svg.eny-map image.photo-layer").is_visible()
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "eny-photo-reading.png"), full_page=True)
        with app.app_context():
            assert store.get_player(token, 0)["version"] == 0  # shown, not saved
        # Correct one road by tapping it: the first drawn section is erased.
        first = draft["sections"][0]
        road = f"s-{first[0][0]}-{first[0][1]}-{first[1][0]}-{first[1][1]}"
        page.tap(f'.hit-road[data-id="{road}"]')
        corrected = json.loads(page.input_value("#sheet-json"))
        assert len(corrected["sections"]) == len(draft["sections"]) - 1
        assert page.locator(f"#{road}.drawn").count() == 0
        with app.app_context():
            assert store.get_player(token, 0)["version"] == 0  # still nothing saved
        assert page.inner_text("#save") == "Confirm and save"
        page.click("#save")
        page.wait_for_selector("text=Saved.")
        with app.app_context():
            row = store.get_player(token, 0)
        assert row["version"] == 1
        assert sorted(map(str, row["sheet"]["sections"])) == sorted(map(str, corrected["sections"]))
        assert row["sheet"]["tourists"] == corrected["tourists"]
        assert page.locator(f"#{road}.drawn").count() == 0 and page.locator("#photo-reading").count() == 0
    finally:
        context.close()
