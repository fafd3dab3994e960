"""Issue 13, U7 in the browser at 390×844: a blank board's editor shows a short checklist of what is still to do,
in words, nothing repeated under "Problems", and the checklist follows the taps."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from companion.web.core.app import create_app


@pytest.fixture
def server(tmp_path, live_server):
    """Serve a fresh app."""
    return live_server(create_app({"SECRET_KEY": "checklist", "BOARD_LIBRARY": str(tmp_path / "boards"),
                                   "DATABASE": str(tmp_path / "t.sqlite")}))


def test_blank_board_checklist(server, chromium):
    context = chromium.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    try:
        page = context.new_page()
        page.goto(server + "/boards/")
        page.click("text=Start transcribing")
        page.wait_for_selector("#map svg")
        todo = page.locator("#missing li")
        expect(todo).to_have_count(3)
        summary = page.inner_text("#summary")
        assert "null" not in summary and "player_boards[" not in summary and "Still to do" in summary
        expect(page.locator("#problems li")).to_have_text(["No other problems."])
        page.click('[data-loc="1,1"]')
        page.wait_for_selector("#loc-panel", state="visible")
        page.check('input[name="kind"][value="red"]')
        page.click("#loc-apply")
        expect(todo).to_have_count(2)  # the landmarks line is ticked off
        expect(page.locator("#problems li")).to_have_text(["No other problems."])
        assert "null" not in page.inner_text("#summary")
    finally:
        context.close()
