"""Real-browser test (headless Chromium at 390×844): three games' finished tables kept from the phone in one
group (two from their score pages' "Keep as a play" box, one from game night's list), its history, a player's
charts and best route picture, export, delete a play, and the export imported into a new group gives the same
statistics; the CSV export imported too merges (nothing doubled). Skipped with a clear reason when Chromium or
Playwright is missing (except under CI)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from browser_checks import page_width
from plays_helpers import finished_eny_table, finished_ttr_table, finished_welcome_table

from companion.web.core.app import create_app

PHONE = {"width": 390, "height": 844}
WAIT = 10_000  # ms: every wait has its own limit


@pytest.fixture
def served(live_server, tmp_path):
    """A served app with CSRF on (as in production), and a test client on the same database to finish tables."""
    settings = {"SECRET_KEY": "browser", "DATABASE": str(tmp_path / "b.sqlite"), "BOARD_LIBRARY": str(tmp_path)}
    app = create_app(settings)
    helper = create_app({**settings, "TESTING": True, "WTF_CSRF_ENABLED": False}).test_client()
    return live_server(app), helper


def board(page) -> list[list[str]]:
    """The group page's players table as text cells."""
    return page.eval_on_selector_all("[data-board] tbody tr",
                                     "rows => rows.map(r => [...r.cells].map(c => c.textContent.trim()))")


def test_three_games_kept_charts_export_delete_and_import_at_390(chromium, served, tmp_path):
    base, helper = served
    tables = [("welcome-to", f"/welcome-to/t/{finished_welcome_table(helper)}"),
              ("ttr-europe", f"/ttr-europe/t/{finished_ttr_table(helper)}"),
              ("explore-new-york", f"/explore-new-york/tables/{finished_eny_table(helper)}")]
    context = chromium.new_context(viewport=PHONE, has_touch=True, locale="en-GB", accept_downloads=True)
    context.set_default_timeout(WAIT)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        for _game, path in tables:  # the phone opens each finished table: they are its recent tables
            page.goto(base + path, timeout=WAIT)
        # The first two from their score pages: a new group, then the group this phone now follows.
        page.goto(base + tables[0][1] + "/score", timeout=WAIT)
        page.fill("#keep-new", "Friday")
        page.tap('[data-keep-box] button[value="new"]')
        page.wait_for_selector("[data-history]", timeout=WAIT)
        group_url = page.url
        page.goto(base + tables[1][1] + "/score", timeout=WAIT)
        assert page_width(page) <= PHONE["width"]
        page.tap('[data-keep-box] button[value="group"]')
        page.wait_for_selector("[data-history]", timeout=WAIT)
        page.goto(base + tables[0][1] + "/score", timeout=WAIT)
        assert "Kept in game night: Friday." in page.text_content("[data-kept]")
        # The third from game night's list of this phone's finished tables.
        page.goto(base + "/plays/", timeout=WAIT)
        assert page.locator("[data-finished] li").count() == 3
        page.tap(f'a[href*="/plays/keep/{tables[2][0]}/"]')
        page.tap('button[value="group"]')
        page.wait_for_selector("[data-history]", timeout=WAIT)
        assert page.url == group_url
        assert page.locator("[data-history] > li").count() == 3
        assert page_width(page) <= PHONE["width"]
        before = board(page)
        assert sorted(row[0] for row in before) == ["Aki", "Ana", "Ben", "Chie", "Dev", "Lena", "Max"]

        page.tap('[data-player="Ben"] a')  # Ben played Welcome To... and Ticket to Ride
        page.wait_for_selector("section[data-game] svg.chart", timeout=WAIT)
        assert page.locator("section[data-game]").count() == 2
        for box in page.eval_on_selector_all("svg.chart", "els => els.map(e => e.getBoundingClientRect().width)"):
            assert 200 < box <= PHONE["width"]
        # Ben's best Ticket to Ride game: his claimed routes, drawn when the play was kept, shown as an image.
        picture = page.locator('section[data-game="ttr-europe"] [data-route-picture] img')
        picture.scroll_into_view_if_needed()
        assert page.wait_for_function("img => img.complete && img.naturalWidth > 0", arg=picture.element_handle())
        assert 200 < picture.bounding_box()["width"] <= PHONE["width"]
        assert page_width(page) <= PHONE["width"]

        page.goto(group_url, timeout=WAIT)
        with page.expect_download(timeout=WAIT) as download:
            page.tap('a[href$="/plays.json"]')
        exported = tmp_path / "plays.json"
        download.value.save_as(exported)
        assert len(json.loads(exported.read_text())["plays"]) == 3
        with page.expect_download(timeout=WAIT) as download:
            page.tap('a[href$="/plays.csv"]')
        as_csv = tmp_path / "plays.csv"
        download.value.save_as(as_csv)

        page.locator("[data-history] > li").first.locator("button").tap()
        page.wait_for_selector(".flash.ok", timeout=WAIT)
        assert page.locator("[data-history] > li").count() == 2

        page.goto(base + "/plays/", timeout=WAIT)
        page.fill("#group-name", "Copy")
        page.tap('form[action$="/plays/new"] button')
        page.wait_for_selector("h1:text('Copy')", timeout=WAIT)
        page.tap('a[href$="/import"]')
        page.set_input_files("#import-file", str(Path(exported)))
        page.tap('button[type="submit"]')
        page.wait_for_selector("[data-history]", timeout=WAIT)
        assert "3 play(s) imported, 0 already in the group." in page.text_content(".flash.ok")
        assert board(page) == before  # the same statistics as the group had before the play was deleted
        page.tap('a[href$="/import"]')
        page.set_input_files("#import-file", str(as_csv))
        page.tap('button[type="submit"]')
        page.wait_for_selector("[data-history]", timeout=WAIT)
        assert "0 play(s) imported, 3 already in the group." in page.text_content(".flash.ok")
        assert board(page) == before
        assert errors == []
    finally:
        context.close()
