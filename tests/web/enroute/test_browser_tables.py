"""Real-browser tests: headless Chromium at a 360×740 phone viewport drives the table flow by tapping.

Skipped with a clear reason when Chromium or Playwright is missing, except under CI (`CI` set), where
a missing browser is a failure.
"""

from __future__ import annotations

import re
import threading
from pathlib import Path

import pytest
from browser_checks import page_width

from companion.web.core.app import create_app

ARTIFACTS = Path(__file__).resolve().parents[3] / "test-artifacts"
PHONE = {"width": 360, "height": 740}


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """Serve the app on 127.0.0.1 at a free port with a temporary instance folder, for the module."""
    from werkzeug.serving import make_server

    folder = tmp_path_factory.mktemp("instance")
    app = create_app({"SECRET_KEY": "browser-test", "DATABASE": str(folder / "tables.sqlite"),
                      "BOARD_LIBRARY": str(folder / "boards")})
    httpd = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_port}"
    httpd.shutdown()


@pytest.fixture
def browser(chromium):
    """The run's shared headless Chromium."""
    return chromium


def phone(browser, scheme: str = "light"):
    """Open a new phone-sized browser context (its own cookies, like another phone) and a page."""
    context = browser.new_context(viewport=PHONE, color_scheme=scheme, has_touch=True)
    context.set_default_timeout(10_000)
    return context, context.new_page()


def start_table(page, base: str) -> str:
    """Fill the start-a-table form by tapping and typing; return the table's URL."""
    page.goto(base + "/tables/new")
    page.fill("#players-0-name", "Aki")
    page.select_option("#players-0-player_board", "1")
    page.fill("#players-1-name", "Bo")
    page.select_option("#players-1-colour", "blue")
    page.select_option("#players-1-player_board", "2")
    page.select_option("#rating_2", "3")  # TV Tower: 3 upgrade boxes marked → 10 PP
    page.click("button.primary")
    page.wait_for_url(re.compile(r"/tables/[A-Za-z0-9_-]+$"))
    return page.url


LOOP = ["3,4,4,4", "4,4,4,5", "3,5,4,5", "3,4,3,5", "3,5,3,6"]


def tap(page, selector: str) -> None:
    """Tap one map target the way a finger would (Playwright checks nothing else is on top of it)."""
    page.tap(selector)


def enter_sheet(page) -> None:
    """Draw the loop around the TV Tower with its spur, tourists, the cafe and the personal goal."""
    for sec in LOOP:
        tap(page, f'.hit[data-sec="{sec}"]')
    page.click('[data-tool="tourists"]')
    for loc, colour, n in (("5,5", "red", 2), ("4,6", "blue", 3), ("1,1", "green", 1)):
        tap(page, f'.hit[data-loc="{loc}"]')
        page.tap(f'.counts[data-colour="{colour}"] [data-count="{n}"]')
    page.click("#panel-done")
    page.click('[data-tool="cafes"]')
    tap(page, '.hit[data-pt="3,6"]')
    page.click('[data-tool="goal"]')
    for pt in ("3,4", "4,5", "3,6"):
        tap(page, f'.hits-pts .hit[data-pt="{pt}"]')


def test_two_phones_score_a_game_together(browser, server):
    phone_a, page_a = phone(browser)
    phone_b, page_b = phone(browser, "dark")
    try:
        table = start_table(page_a, server)
        page_b.goto(table)  # the second phone joins by the link (the QR code shows the same link)
        assert page_b.locator("img.qr").is_visible()
        page_a.goto(table + "/players/0")
        page_b.goto(table + "/players/1")
        # Both phones enter at the same time; neither has saved yet.
        enter_sheet(page_a)
        enter_sheet(page_b)
        # Bo traces his own route: the loop only, tapped in order (the spur is left out).
        page_b.click('[data-tool="route"]')
        for sec in LOOP[:4]:
            tap(page_b, f'.hit[data-sec="{sec}"]')
        assert page_b.locator("#s-3-4-4-4.route").count() == 1
        assert page_b.locator("#s-3-5-3-6.route").count() == 0
        assert page_a.locator("#s-3-5-3-6.drawn").count() == 1
        assert page_a.locator('g.tg[data-loc="4,6"] .tt-blue text').text_content() == "3"
        page_a.click("#save")
        page_b.click("#save")
        page_a.wait_for_selector("text=Saved.")
        page_b.wait_for_selector("text=Saved.")
        # Both saves survive.
        page_a.goto(table)
        statuses = page_a.locator(".seat-status").all_text_contents()
        assert all("not entered" not in s for s in statuses), statuses
        page_a.goto(table + "/score")
        # Hand count, Training City, TV Tower rated 10:
        # Aki (companion's route: loop + spur): red 2×1 (Sunset Beach) + blue 3×1 (Music Hall) + grey 10
        #   + unused cafe 2 + personal goal (3,6)…(4,5) 4 sections = 21.
        # Bo (own loop): the same but the goal spans (3,4)…(4,5) = 2 sections → 19; best possible 21.
        totals = page_a.locator("tr.total td").all_text_contents()
        assert totals == ["21", "19"]
        assert page_a.get_by_text("Your route 19 PP, best possible 21 PP").is_visible()
        width = page_width(page_a)
        assert width <= PHONE["width"], "no horizontal scrolling"
        ARTIFACTS.mkdir(exist_ok=True)
        page_a.screenshot(path=str(ARTIFACTS / "score-sheet.png"), full_page=True)
        page_b.goto(table + "/score")
        page_b.screenshot(path=str(ARTIFACTS / "score-sheet-dark.png"), full_page=True)
    finally:
        phone_a.close()
        phone_b.close()


def test_stale_edit_is_refused_and_the_draft_stays(browser, server):
    phone_a, page_a = phone(browser)
    phone_b, page_b = phone(browser)
    try:
        table = start_table(page_a, server)
        page_a.goto(table + "/players/0")
        page_b.goto(table + "/players/0")  # the same player's sheet open on two phones
        tap(page_a, '.hit[data-sec="0,0,1,0"]')
        page_a.click("#save")
        page_a.wait_for_selector("text=Saved.")
        tap(page_b, '.hit[data-sec="5,6,6,6"]')
        page_b.click("#save")
        page_b.wait_for_selector(".conflict")
        assert "Someone else saved this sheet meanwhile" in page_b.locator(".conflict").text_content()
        assert "1 section(s) drawn" in page_b.locator(".conflict").text_content()
        assert page_b.locator("#s-5-6-6-6.drawn").count() == 1  # B's tap is still there
        page_b.click("#load-saved")  # B chooses to see the saved sheet: B's unsaved copy is dropped
        page_b.wait_for_selector("#s-0-0-1-0.drawn", state="attached")
        assert page_b.locator("#s-0-0-1-0.drawn").count() == 1  # A's save was not overwritten
        assert page_b.locator("#s-5-6-6-6.drawn").count() == 0
    finally:
        phone_a.close()
        phone_b.close()


def test_problems_are_listed_and_highlighted_in_japanese(browser, server):
    context, page = phone(browser)
    try:
        table = start_table(page, server)
        page.click('.lang-switch a[hreflang="ja"]')  # this phone switches; the choice is remembered
        page.goto(table + "/players/0")
        page.click('[data-tool="route"]')
        tap(page, '.hit[data-sec="0,0,1,0"]')  # not drawn: the page says so and does not add it
        assert page.locator("#toast").is_visible()
        page.click('[data-tool="roads"]')
        tap(page, '.hit[data-sec="0,0,1,0"]')
        page.click('[data-tool="cafes"]')
        tap(page, '.hit[data-pt="6,2"]')  # circled, but no section reaches it
        page.click("#save")
        page.wait_for_selector("text=保存しました。")
        assert page.locator("#c-6-2.problem").count() == 1
        assert "(6, 3)の右上の角のカフェに丸がありますが、引いた区間が届いていません" in page.locator("#problems").text_content()
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "sheet-problems-ja.png"))
    finally:
        context.close()


FOUR = [
    # (name, sections tapped, tourists (location, colour, count)) — Training City, full game, TV Tower rated 10.
    ("Aki", ["0,0,1,0", "1,0,2,0"], [("1,1", "green", 2)]),  # Linden Park (green) 2 × 1 = 2
    ("Bo", ["2,2,3,2"], []),                                  # borders Clock Square (yellow 6) = 6
    ("Cy", ["4,4,4,5"], []),                                  # borders the TV Tower (grey, 3 upgrades) = 10
    ("Di", ["5,3,6,3"], [("6,3", "red", 3)]),                 # Sports Arena (red) 3 × 1 + Old Mill (yellow) 4 = 7
]


def test_four_phones_score_a_game_together(browser, server):
    """Four phones enter four sheets at the same time; every save survives and the sheet ranks them."""
    phones = [phone(browser) for _ in FOUR]
    try:
        page = phones[0][1]
        page.goto(server + "/tables/new")
        for seat, (name, _, _) in enumerate(FOUR):
            page.fill(f"#players-{seat}-name", name)
            page.select_option(f"#players-{seat}-player_board", str(seat + 1))
        page.select_option("#rating_2", "3")
        page.click("button.primary")
        page.wait_for_url(re.compile(r"/tables/[A-Za-z0-9_-]+$"))
        table = page.url
        for seat, (_, page) in enumerate(phones):
            page.goto(f"{table}/players/{seat}")
        for (_, page), (_, sections, tourists) in zip(phones, FOUR):
            for sec in sections:
                tap(page, f'.hit[data-sec="{sec}"]')
            if tourists:
                page.click('[data-tool="tourists"]')
                for loc, colour, n in tourists:
                    tap(page, f'.hit[data-loc="{loc}"]')
                    page.tap(f'.counts[data-colour="{colour}"] [data-count="{n}"]')
                page.click("#panel-done")
        for _, page in phones:
            page.click("#save")
        for _, page in phones:
            page.wait_for_selector("text=Saved.")
        page = phones[3][1]
        page.goto(table + "/score")
        assert page.locator("tr.total td").all_text_contents() == ["2", "6", "10", "7"]
        assert page.locator("tr:has(th:text-is('Rank')) td").all_text_contents() == ["4", "3", "1", "2"]
        assert page_width(page) <= PHONE["width"]
    finally:
        for context, _ in phones:
            context.close()


# ---- a phone that loses the network keeps its sheet ----

def test_offline_save_waits_for_the_network_and_then_lands(browser, server):
    """Taps made and saved while offline are kept, the banner says so, and the save goes through once online."""
    context, page = phone(browser)
    try:
        table = start_table(page, server)
        page.goto(table + "/players/0")
        tap(page, '.hit[data-sec="0,0,1,0"]')
        context.set_offline(True)
        page.evaluate("window.dispatchEvent(new Event('offline'))")
        tap(page, '.hit[data-sec="1,0,2,0"]')
        page.click("#save")
        banner = page.locator("#offline-banner")
        banner.wait_for(state="visible")
        assert "offline" in banner.text_content().lower()
        assert "/players/0" in page.url and page.locator("#s-1-0-2-0.drawn").count() == 1  # still on the page
        context.set_offline(False)
        page.wait_for_selector("text=Saved.")
        page.goto(table + "/players/0")
        assert page.locator("#s-0-0-1-0.drawn").count() == 1 and page.locator("#s-1-0-2-0.drawn").count() == 1
    finally:
        context.close()


def test_unsaved_taps_come_back_after_a_reload(browser, server):
    """Taps not yet saved survive a reload of the page (kept on the phone until the server has them)."""
    context, page = phone(browser)
    try:
        table = start_table(page, server)
        page.goto(table + "/players/1")
        tap(page, '.hit[data-sec="0,0,1,0"]')
        page.reload()
        page.locator("#offline-banner").wait_for(state="visible")
        assert page.locator("#s-0-0-1-0.drawn").count() == 1
        page.click("#save")
        page.wait_for_selector("text=Saved.")
        assert page.locator("#offline-banner").is_hidden()
        assert page.locator("#s-0-0-1-0.drawn").count() == 1
    finally:
        context.close()
