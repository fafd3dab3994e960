"""Issue 13, U3 and U2 on a 390×844 phone: the problem list follows the taps before any save (the server's check,
nothing saved), leaving with unsaved taps asks first, and tapping a problem scrolls its item clear of the toolbar."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from companion.web.core.app import create_app

PHONE = {"width": 390, "height": 844}


@pytest.fixture
def table(tmp_path, live_server, chromium):
    """Start a full-level 2-player table on a served app (CSRF on); return its URL."""
    app = create_app({"SECRET_KEY": "live", "DATABASE": str(tmp_path / "t.sqlite"),
                      "BOARD_LIBRARY": str(tmp_path / "boards")})
    base = live_server(app)
    context = chromium.new_context(viewport=PHONE)
    page = context.new_page()
    page.goto(base + "/tables/new")
    page.fill("#players-0-name", "Aki")
    page.fill("#players-1-name", "Bo")
    page.select_option("#players-1-colour", "blue")
    page.click("button.primary")
    page.wait_for_url(re.compile(r"/tables/[A-Za-z0-9_-]+$"))
    url = page.url
    context.close()
    return url


def test_problems_follow_the_taps_before_saving(table, chromium):
    context = chromium.new_context(viewport=PHONE, has_touch=True)
    try:
        page = context.new_page()
        page.goto(table + "/players/0")
        problems = page.locator("#problems")
        expect(problems).to_contain_text("No problems found.")  # a brand-new sheet: nothing to warn about yet
        page.click('[data-tool="cafes"]')
        page.tap('.hits-cafes .hit[data-pt="6,2"]')  # circled, but no section reaches it
        expect(problems.locator("li.error")).to_have_count(1, timeout=3000)
        expect(page.locator("#c-6-2.problem")).to_have_count(1)
        page.click('[data-tool="roads"]')
        page.tap('.hit[data-sec="5,2,6,2"]')  # now a section reaches it
        expect(problems.locator("li.error")).to_have_count(0, timeout=3000)
        expect(page.locator("#c-6-2.problem")).to_have_count(0)
        assert "Saved." not in page.inner_text("main")  # nothing was saved by the checks
        # leaving now asks first; staying keeps the taps
        dialogs = []
        page.once("dialog", lambda d: (dialogs.append(d.type), d.dismiss()))
        page.click("text=Back to the table")
        assert dialogs == ["beforeunload"]
        assert "/players/0" in page.url and page.locator("#s-5-2-6-2.drawn").count() == 1
        page.click("#save")  # a save leaves without asking
        expect(page.locator("text=Saved.")).to_be_visible()
    finally:
        context.close()


def test_tapping_a_problem_scrolls_its_item_clear_of_the_toolbar(table, chromium):
    context = chromium.new_context(viewport=PHONE, has_touch=True)
    try:
        page = context.new_page()
        page.goto(table + "/players/0")
        page.click('[data-tool="cafes"]')
        page.tap('.hits-cafes .hit[data-pt="6,2"]')
        item = page.locator("#problems li[data-target='c-6-2']")
        expect(item).to_have_count(1, timeout=3000)
        page.mouse.wheel(0, 1500)
        item.click()
        target = page.locator("#c-6-2").bounding_box()
        bar = page.locator(".toolbar").bounding_box()
        save = page.locator(".savebar").bounding_box()
        assert target["y"] >= bar["y"] + bar["height"], (target, bar)
        assert target["y"] + target["height"] <= save["y"], (target, save)
    finally:
        context.close()
