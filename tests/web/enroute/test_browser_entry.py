"""Issue 13, U4: a typical finished sheet (20 sections, 10 tourist locations, 3 cafes, 3 goal points) is entered on a
390×844 touch phone in under 35 taps, and the tourist panel is fully on screen, clear of the sticky toolbar.

Every tap and every finger stroke (one touch from finger down to finger up) counts as one; scrolling does not.
"""

from __future__ import annotations

import json
import re

import pytest

from companion.web.core.app import create_app

PHONE = {"width": 390, "height": 844}
# Training City: four straight runs that form one network (each run is one stroke), 5 + 5 + 6 + 4 = 20 sections.
RUNS = [((0, 5), (6, 5)), ((3, 0), (3, 6)), ((1, 1), (5, 1)), ((1, 3), (5, 3))]
RUNS_SECTIONS = 6 + 6 + 4 + 4
TOURISTS = [("1,1", "red", 1), ("2,2", "blue", 2), ("3,3", "green", 1), ("4,4", "red", 3), ("5,5", "blue", 1),
            ("6,6", "green", 2), ("1,6", "red", 2), ("6,1", "blue", 3), ("2,5", "green", 4), ("5,2", "red", 1)]
CAFES = ["0,5", "6,5", "3,6"]  # all three reached by the network
GOAL = ["1,5", "3,3", "5,1"]


@pytest.fixture
def sheet_url(tmp_path, live_server, chromium):
    """Start a full-level 2-player table on a served app; return the first seat's sheet URL."""
    app = create_app({"SECRET_KEY": "entry", "DATABASE": str(tmp_path / "t.sqlite"),
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
    url = page.url + "/players/0"
    context.close()
    return url


class Finger:
    """Drives a touch phone page and counts every tap and stroke."""

    def __init__(self, page):
        """Start counting at zero."""
        self.page, self.count = page, 0

    def tap(self, selector: str) -> None:
        """One tap on what the selector names."""
        self.page.tap(selector)
        self.count += 1

    def stroke(self, start: tuple[int, int], end: tuple[int, int]) -> None:
        """One finger stroke along a straight run of roads from intersection `start` to `end`."""
        page = self.page
        first = page.locator(f'.hits-pts .hit[data-pt="{start[0]},{start[1]}"]')
        first.scroll_into_view_if_needed()
        a = first.bounding_box()
        b = page.locator(f'.hits-pts .hit[data-pt="{end[0]},{end[1]}"]').bounding_box()
        ax, ay = a["x"] + a["width"] / 2, a["y"] + a["height"] / 2
        bx, by = b["x"] + b["width"] / 2, b["y"] + b["height"] / 2
        roads = max(abs(end[0] - start[0]), abs(end[1] - start[1]))
        page.mouse.move(ax, ay)
        page.mouse.down()
        page.mouse.move(bx, by, steps=8 * roads)
        page.mouse.up()
        self.count += 1


def _sections_of(run) -> set[tuple]:
    """The unit sections of a straight run between two intersections."""
    (x1, y1), (x2, y2) = run
    dx, dy = (x2 > x1) - (x2 < x1), (y2 > y1) - (y2 < y1)
    out, x, y = set(), x1, y1
    while (x, y) != (x2, y2):
        a, b = (x, y), (x + dx, y + dy)
        out.add(tuple(sorted((a, b))))
        x, y = b
    return out


def _panel_on_screen(page) -> None:
    """The tourist panel and every one of its buttons lie inside the 390×844 screen, below the sticky toolbar."""
    panel = page.locator("#tourist-panel").bounding_box()
    bar = page.locator(".toolbar").bounding_box()
    assert panel["y"] >= bar["y"] + bar["height"], "the panel is not under the sticky toolbar"
    assert panel["y"] + panel["height"] <= PHONE["height"] + 0.5 and panel["x"] >= 0
    assert panel["x"] + panel["width"] <= PHONE["width"] + 0.5
    for box in (b.bounding_box() for b in page.locator("#tourist-panel button").all()):
        assert 0 <= box["y"] and box["y"] + box["height"] <= PHONE["height"] + 0.5
        assert 0 <= box["x"] and box["x"] + box["width"] <= PHONE["width"] + 0.5
        assert box["height"] >= 44 and box["width"] >= 40  # finger-sized


def test_a_typical_sheet_takes_under_35_taps(sheet_url, chromium):
    context = chromium.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    context.set_default_timeout(10_000)
    try:
        page = context.new_page()
        page.goto(sheet_url)
        finger = Finger(page)
        for run in RUNS:
            finger.stroke(*run)
        finger.tap('[data-tool="tourists"]')
        for loc, colour, n in TOURISTS:
            finger.tap(f'.hit[data-loc="{loc}"]')
            _panel_on_screen(page)
            finger.tap(f'.counts[data-colour="{colour}"] [data-count="{n}"]')
        finger.tap('[data-tool="cafes"]')
        assert page.locator("#tourist-panel").is_hidden()  # another tool closes the panel
        for pt in CAFES:
            finger.tap(f'.hits-cafes .hit[data-pt="{pt}"]')
        finger.tap('[data-tool="goal"]')
        for pt in GOAL:
            finger.tap(f'.hits-pts .hit[data-pt="{pt}"]')
        sheet = json.loads(page.input_value("#sheet-json"))
        finger.tap("#save")
        page.wait_for_selector("text=Saved.")
        assert finger.count < 35, finger.count
        drawn = {tuple(sorted(tuple(p) for p in sec)) for sec in sheet["sections"]}
        expected = set().union(*(_sections_of(run) for run in RUNS))
        assert len(expected) == RUNS_SECTIONS == 20 and drawn == expected
        assert sorted((t["at"], {k: v for k, v in t.items() if k != "at"}) for t in sheet["tourists"]) == sorted(
            ([int(v) for v in loc.split(",")], {colour: n}) for loc, colour, n in TOURISTS)
        assert sorted(c["at"] for c in sheet["cafes"]) == sorted([int(v) for v in pt.split(",")] for pt in CAFES)
        assert sorted(sheet["personal_goal"]) == sorted([int(v) for v in pt.split(",")] for pt in GOAL)
        saved = page.locator("#s-3-0-3-1.drawn").count()
        assert saved == 1  # the saved sheet shows what was entered
    finally:
        context.close()


def test_a_tap_still_toggles_one_road_and_a_stroke_over_drawn_roads_erases(sheet_url, chromium):
    context = chromium.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    try:
        page = context.new_page()
        page.goto(sheet_url)
        finger = Finger(page)
        finger.tap('.hit[data-sec="0,0,1,0"]')
        assert page.locator("#s-0-0-1-0.drawn").count() == 1
        finger.stroke((0, 0), (3, 0))  # starts on a drawn road: the stroke erases, and leaves undrawn roads alone
        assert page.locator("line.sec.drawn").count() == 0
        finger.stroke((0, 0), (3, 0))
        assert page.locator("line.sec.drawn").count() == 3
        finger.tap('.hit[data-sec="1,0,2,0"]')
        assert page.locator("line.sec.drawn").count() == 2
    finally:
        context.close()
