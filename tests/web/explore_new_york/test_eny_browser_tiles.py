"""A real browser at 390×844: a table enters its own tile in the editor, starts a table with it, and lets the
companion deal the cards (CSRF on, as in production)."""

from __future__ import annotations

import re

import pytest
from browser_checks import page_width
from eny_web_helpers import make_app

from companion.games.explore_new_york.tiles import shipped_tiles

pytest.importorskip("playwright.sync_api")
PHONE = {"width": 390, "height": 844}


def test_own_tile_in_the_editor_then_a_dealt_table(chromium, live_server, tmp_path):
    base = live_server(make_app(tmp_path, TESTING=False, WTF_CSRF_ENABLED=True))
    context = chromium.new_context(viewport=PHONE, has_touch=True)
    context.set_default_timeout(15_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        page.goto(base + "/explore-new-york/tables/new")
        page.click("#tiles-link")
        page.click("#start-tile")
        page.wait_for_url(re.compile(r"/tiles/drafts/"))
        assert page_width(page) <= PHONE["width"]
        page.fill("#name", "Our corner")
        source = shipped_tiles()["parkside"]
        for r, row in enumerate(source.districts[:3]):  # half the tile, then save the draft
            for c, kind in enumerate(row):
                page.select_option(f"#d-{r + 1}-{c + 1}", kind)
        page.click("#save-draft")
        page.wait_for_selector("text=Draft saved.")
        assert page.locator("text=Districts with no kind yet (18 of 36): X1 Y4").count() == 1
        for r, row in enumerate(source.districts[3:], start=3):
            for c, kind in enumerate(row):
                page.select_option(f"#d-{r + 1}-{c + 1}", kind)
        page.select_option('select[name="cafe-0-x"]', "2")
        page.select_option('select[name="cafe-0-y"]', "3")
        page.select_option('select[name="cafe-0-blue"]', "1")
        page.click("#publish")
        page.wait_for_url(re.compile(r"/tiles/our-corner$"))
        assert page.locator("svg#tile-map").is_visible()

        page.goto(base + "/explore-new-york/tables/new")
        page.fill("#players-0-name", "Max")
        page.select_option("#players-0-tile", "our-corner")
        page.fill("#players-1-name", "Lena")
        page.check("#deal_cards")
        page.click("#start")
        page.wait_for_url(re.compile(r"/explore-new-york/tables/[\w-]+$"))
        assert page.locator("text=Our corner").count() >= 1
        assert page.locator("text=24 cards are in play").count() == 1
        page.click("#rounds-link")
        assert page.locator(".dealt-cards .card-face").count() == 3
        assert page.locator(".dealt-cards input:checked").count() == 0  # nothing chosen for the player
        page.check(".dealt-cards input[value='3']")
        page.click("#deal-round")
        page.wait_for_selector("#coordinate-cards")
        assert page.locator("#coordinate-cards li").count() == 2
        assert not errors
    finally:
        context.close()
