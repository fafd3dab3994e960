"""A real browser: a two-player Explore New York table on a 390×844 phone, played by tapping.

Skipped with a clear reason when Chromium or Playwright is missing (except under CI; see tests/conftest.py).
"""

from __future__ import annotations

import re

import pytest
from browser_checks import page_width
from eny_web_helpers import make_app

expect = pytest.importorskip("playwright.sync_api").expect

PHONE = {"width": 390, "height": 844}


def phone(browser):
    """A new phone: its own cookies, touch, the phone's viewport."""
    context = browser.new_context(viewport=PHONE, has_touch=True)
    context.set_default_timeout(15_000)
    return context, context.new_page()


def tap_road(page, road_id: str, corner: bool = False) -> None:
    """Tap a road's hit area (a curved corner road away from its bounding box's centre)."""
    selector = f'.hit-road[data-id="{road_id}"]'
    if corner:
        box = page.locator(selector).bounding_box()
        page.tap(selector, position={"x": box["width"] * 0.3, "y": box["height"] * 0.3})
    else:
        page.tap(selector)


def test_two_players_on_a_phone(chromium, live_server, tmp_path):
    """Start a table, join it by code on a second phone, tap both tiles in, save, read the score sheet."""
    base = live_server(make_app(tmp_path, TESTING=False, WTF_CSRF_ENABLED=True))
    host, page = phone(chromium)
    page.goto(base + "/explore-new-york/tables/new")
    page.fill("#players-0-name", "Max")
    page.select_option("#players-0-tile", "riverside")
    page.fill("#players-1-name", "Lena")
    page.select_option("#players-1-tile", "parkside")
    page.click("#start")
    page.wait_for_url(re.compile(r"/explore-new-york/tables/[A-Za-z0-9_-]+$"))
    table_url = page.url
    code = page.inner_text("#table-code")
    assert "24" in page.inner_text("ol.steps")

    page.click("text=Enter tile >> nth=0")
    page.wait_for_selector("svg.eny-map")
    assert page_width(page) <= PHONE["width"]  # no sideways scrolling
    for road in ("s-3-1-4-1", "s-4-1-5-1", "s-5-1-5-2"):
        tap_road(page, road)
    tap_road(page, "s-0-1-1-0", corner=True)
    assert page.locator("#s-0-1-1-0.drawn").count() == 1
    page.click('[data-tool="tourists"]')
    page.tap('.hit-district[data-at="5,2"]')
    page.wait_for_selector("#tourist-panel:not([hidden])")
    assert "X5 Y2" in page.inner_text("#panel-title")
    page.tap("#plus-red")
    page.tap("#plus-red")
    page.click("#panel-done")
    assert page.locator("#t-5-2-red text").text_content() == "2"
    expect(page.locator("#check-note")).to_contain_text("12 PP")
    page.click("#save")
    page.wait_for_selector("text=Saved.")
    assert "No problems found." in page.inner_text("#problems")
    assert page.locator("#s-5-1-5-2.drawn").count() == 1  # the saved tile comes back on the map

    other, lena = phone(chromium)
    lena.goto(base + "/")
    lena.fill("#code", code)
    lena.click(".join-form button")
    lena.wait_for_url(table_url)
    lena.locator(".claim-form button").nth(1).click()  # "This is me" on Lena's seat: her tile opens
    lena.wait_for_selector("svg.eny-map")
    tap_road(lena, "s-1-3-2-3")
    expect(lena.locator("#check-note")).to_contain_text("6 PP")
    lena.click("#save")
    lena.wait_for_selector("text=Saved.")

    page.goto(table_url + "/score")
    totals = page.locator("tr.total td").all_inner_texts()
    assert totals == ["12", "6"]
    assert "Your route 12 PP, best possible 12 PP" in page.inner_text("#player-0")
    assert page_width(page) <= PHONE["width"]
    host.close()
    other.close()


def test_refereed_turn_on_a_phone(chromium, live_server, tmp_path):
    """The referee: the three cards entered, a turn played by tapping a district and two sections."""
    base = live_server(make_app(tmp_path, TESTING=False, WTF_CSRF_ENABLED=True))
    context, page = phone(chromium)
    page.goto(base + "/explore-new-york/tables/new")
    page.fill("#players-0-name", "Max")
    page.select_option("#players-0-tile", "riverside")
    page.fill("#players-1-name", "Lena")
    page.click("#start")
    page.wait_for_url(re.compile(r"/explore-new-york/tables/[A-Za-z0-9_-]+$"))
    page.click("#rounds-link")
    for i, (value, tourist) in enumerate((("4", "red"), ("1", "green"), ("5", "blue"))):
        page.select_option(f"#cards-{i}-value", value)
        page.select_option(f"#cards-{i}-first", tourist)
    page.select_option("#discard", value="2")  # the "1 □" card
    page.click("#begin-round")
    expect(page.locator("#coordinate-cards")).to_contain_text("4 ○")
    page.click("text=Play turn >> nth=0")
    page.wait_for_selector("svg.eny-map")
    assert page.locator(".district.match").count() == 2  # X4 Y5 and X5 Y4
    page.tap('.hit-district[data-at="4,5"]')
    tap_road(page, "s-4-4-4-5")
    tap_road(page, "s-4-5-4-6")
    expect(page.locator("#check-note")).to_contain_text("follows the rules")
    page.click("#play")
    page.wait_for_selector("text=turn is recorded")
    assert "option A" in page.inner_text("#round-status ~ ul.seats")
    context.close()
