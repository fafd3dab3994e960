"""Real browser, phone-sized (390×844): read a photo of the printed sheet from the seat page, see the reading
over the photo with the doubtful items flagged, correct one house, confirm; nothing is saved before that."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

pytest.importorskip("cv2")
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "vision"))

from test_welcome_web_photo import sheet_photo

from companion.web.core.app import create_app

ARTIFACTS = Path(__file__).resolve().parents[3] / "test-artifacts"
PHONE = {"width": 390, "height": 844}


def test_read_a_photo_then_correct_and_confirm(chromium, live_server, tmp_path):
    """Seat page → photo page → choose a photo → reading over the photo → correct a house → confirm → saved."""
    app = create_app({"SECRET_KEY": "browser-welcome-photo", "DATABASE": str(tmp_path / "t.sqlite"),
                      "BOARD_LIBRARY": str(tmp_path / "boards")})
    base = live_server(app)
    data, truth = sheet_photo()
    context = chromium.new_context(viewport=PHONE, has_touch=True)
    context.set_default_timeout(30_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        page.goto(base + "/welcome-to/new")
        page.fill("#name", "Aki")
        page.tap("button.primary.wide")
        page.wait_for_url(re.compile(r"/welcome-to/t/[A-Za-z0-9_-]+$"))
        page.tap(".seat-row a.button")
        page.wait_for_url(re.compile(r"/welcome-to/s/"))
        seat_url = page.url
        page.tap("#read-photo-link")
        page.wait_for_url(re.compile(r"/photo$"))
        assert page.get_attribute("#photo", "capture") == "environment"
        page.set_input_files("#photo", files=[{"name": "sheet.jpg", "mimeType": "image/jpeg", "buffer": data}])
        page.tap("#read-photo")
        page.wait_for_selector("#photo-confirm")
        assert "Check the reading" in page.inner_text("h1")
        assert page.locator(".wt-photo img").count() == 1
        assert page.locator("input.wt-house-in").count() == 33
        # The page itself does not scroll sideways at 390 px: only the photo's strip does.
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"] + 1
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "welcome-photo-reading.png"), full_page=True)
        read = {name: page.input_value(f'input[name="{name}"]') for name in ("h-0-0", "h-0-1", "h-1-1")}
        assert sum(read[k] == v for k, v in {"h-0-0": "1", "h-0-1": "3", "h-1-1": "2"}.items()) >= 2
        doubts = page.locator("input.wt-house-in.doubt").count()
        assert doubts <= page.locator("#doubts li").count()  # every flagged house is named in the list
        # Nothing saved yet: the seat page still shows an empty sheet.
        check = context.new_page()
        check.goto(seat_url)
        assert check.locator('.house[data-number]').count() == 0
        check.close()
        for name, value in {f"h-{s}-{h}": str(v) for s, row in enumerate(truth["streets"])
                            for h, v in enumerate(row) if v is not None}.items():
            page.fill(f'input[name="{name}"]', value)
        page.fill('input[name="h-2-11"]', "14")  # the player adds a number the photo did not have
        page.tap("#confirm-photo")
        page.wait_for_url(re.compile(r"/welcome-to/s/[A-Za-z0-9_-]+$"))
        assert "saved" in page.inner_text(".flash")
        page.wait_for_selector('.house[data-number="14"]')
        assert errors == []
    finally:
        context.close()
