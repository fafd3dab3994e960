"""Real-browser acceptance of issue 16 for New York on a 390×844 phone: the tap map shows one 6×6 half at a
time (the half switcher), a route in the right half is tapped in (roads, purple tourists, the route through
Times Square and along Broadway), and the score sheet reads back the purple and Broadway rows."""

from __future__ import annotations

import re

from test_browser_cities import ARTIFACTS, base, page, roads, route, row, save_and_score, total, tourists  # noqa: F401


def test_new_york_half_switcher_and_times_square_on_a_phone(page, base):  # noqa: F811
    """Left half first on a phone; the right half's route scores purple 3 × 2 (Times Square counts) and Broadway."""
    page.goto(f"{base}/tables/new?board=new-york-example")
    page.fill("#players-0-name", "Aki")
    page.select_option("#players-0-player_board", "1")
    page.select_option("#level", "intermediate")
    page.select_option("#rating_4", "1")  # Broadway one box up: 2 PP a section
    page.click("button.primary")
    page.wait_for_url(re.compile(r"/tables/[A-Za-z0-9_-]+$"))
    page.click("text=Enter sheet")
    page.wait_for_selector("svg.map[data-halves]")
    page.wait_for_selector(".half-switch button")
    svg = page.locator("#map-wrap svg.map")
    assert svg.get_attribute("data-half") == "0"  # a phone starts on the left half
    left_box = svg.get_attribute("viewBox")
    page.click(".half-switch .half-1")
    assert svg.get_attribute("data-half") == "1" and svg.get_attribute("viewBox") != left_box
    # A cell of the right half is at least a finger wide on the phone.
    hit = page.locator('.hit[data-loc="9,4"]').bounding_box()
    assert hit["width"] >= 44
    walk = [[10, 2], [10, 3], [9, 3], [8, 3], [8, 4], [9, 4], [9, 3]]
    roads(page, walk)
    tourists(page, "9,4", "purple", 2)
    tourists(page, "10,3", "purple", 1)
    route(page, walk)
    ARTIFACTS.mkdir(exist_ok=True)
    page.locator("#map-wrap").screenshot(path=str(ARTIFACTS / "cities-new-york-sheet.png"))
    text = save_and_score(page, "new-york")
    assert row(text, "Purple landmarks") == "6" and row(text, "Broadway") == "2"
    assert total(page) == 8
