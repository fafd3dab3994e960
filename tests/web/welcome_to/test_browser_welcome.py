"""Real-browser test: two phones (headless Chromium at 390×844) fill their sheets for several rounds with the
number pad, each sees a refused move explained in its own language, then both read the score sheet.

Skipped with a clear reason when Chromium or Playwright is missing, except under CI (`CI` set).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from browser_checks import page_width

from companion.web.core.app import create_app

ARTIFACTS = Path(__file__).resolve().parents[3] / "test-artifacts"
PHONE = {"width": 390, "height": 844}


@pytest.fixture
def base(live_server, tmp_path):
    """A served app with CSRF on, as in production."""
    app = create_app({"SECRET_KEY": "browser", "DATABASE": str(tmp_path / "b.sqlite"),
                      "BOARD_LIBRARY": str(tmp_path / "boards")})
    return live_server(app)


def phone(chromium, locale: str = "en-GB"):
    """A new phone: its own cookies, touch, 390×844, a language."""
    context = chromium.new_context(viewport=PHONE, has_touch=True, locale=locale)
    context.set_default_timeout(10_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    return context, page, errors


def house(s: int, h: int) -> str:
    """The selector of a house (streets and houses count from 1)."""
    return f'.house[data-s="{s}"][data-h="{h}"]'


def write(page, s: int, h: int, digits: str) -> None:
    """Tap a house, type a number on the pad and tap Write."""
    page.tap(house(s, h))
    page.wait_for_selector("#pad:not([hidden])")
    page.tap('.key[data-key="clear"]')
    for d in digits:
        page.tap(f'.key[data-key="{d}"]')
    page.tap("#pad-ok")


def wait_number(page, s: int, h: int, number: str) -> None:
    """Wait until the sheet shows a number in a house (the server accepted it)."""
    page.wait_for_selector(f'{house(s, h)}[data-number="{number}"]')
    page.wait_for_selector("#pad", state="hidden")


def step(page, selector: str, done: str) -> None:
    """Tap a control and wait for the sheet to show the result."""
    page.tap(selector)
    page.wait_for_selector(done)


def next_round(page, n: int) -> None:
    """End the round and wait for the next one."""
    step(page, "#next-round", f'#round h2:text-matches("{n}")')


def no_sideways_scroll(page) -> None:
    """Nothing sticks out of a 390 px screen."""
    assert page_width(page) <= PHONE["width"]


def test_two_phones_fill_sheets_and_read_the_score_sheet(chromium, base):
    """Aki starts a table, Ben joins by its code; both play rounds with the pad; refusals are explained."""
    aki_ctx, aki, aki_errors = phone(chromium)
    ben_ctx, ben, ben_errors = phone(chromium, "ja-JP")
    try:
        aki.goto(base + "/welcome-to/new")
        aki.fill("#name", "Aki")
        aki.tap("button.primary.wide")
        aki.wait_for_url(re.compile(r"/welcome-to/t/[A-Za-z0-9_-]+$"))
        code = aki.inner_text(".table-code strong")
        no_sideways_scroll(aki)

        ben.goto(base + "/")
        ben.fill("#code", code)
        ben.tap("form.join-form button")
        ben.wait_for_url(re.compile(r"/welcome-to/t/"))
        ben.fill("#join-name", "Ben")
        ben.tap("form.join-form button")
        ben.wait_for_url(re.compile(r"/welcome-to/s/"))

        aki.tap(".seat-row a.button")
        aki.wait_for_url(re.compile(r"/welcome-to/s/"))
        no_sideways_scroll(aki)
        for selector in (".house", ".effect", ".tool", "#next-round"):
            box = aki.locator(selector).first.bounding_box()
            assert box["height"] >= 44 and box["width"] >= 44, selector

        # Round 1: surveyor, 3 in street 1 house 1, a fence right of it (the fence tool comes up by itself).
        step(aki, '.effect[data-effect="surveyor"]', '.effect[data-effect="surveyor"][aria-pressed="true"]')
        write(aki, 1, 1, "3")
        wait_number(aki, 1, 1, "3")
        assert aki.get_attribute('.tool[data-tool="fence"]', "aria-pressed") == "true"
        step(aki, '.fence[data-s="1"][data-h="1"]', '.fence.on[data-s="1"][data-h="1"]')
        next_round(aki, 2)

        # Round 2: a number that breaks the order is refused and explained; the pad keeps it.
        step(aki, '.effect[data-effect="temp"]', '.effect[data-effect="temp"][aria-pressed="true"]')
        aki.tap(house(1, 1))  # a built house: the engine says so
        aki.wait_for_selector("#pad:not([hidden])")
        aki.tap('.key[data-key="5"]')
        aki.tap("#pad-ok")
        aki.wait_for_selector("#pad-error:not([hidden])")
        assert "already built" in aki.inner_text("#pad-error")
        aki.tap("#pad-cancel")
        write(aki, 1, 2, "2")
        aki.wait_for_selector("#pad-error:not([hidden])")
        explained = aki.inner_text("#pad-error")
        assert "2 does not fit at street 1, house 2: numbers must increase from left to right." in explained
        assert aki.inner_text("#pad-display") == "2"  # what was typed is still there
        ARTIFACTS.mkdir(exist_ok=True)
        aki.screenshot(path=str(ARTIFACTS / "welcome-refused-390.png"))
        aki.tap('.key[data-key="clear"]')
        aki.tap('.key[data-key="5"]')
        aki.tap("#pad-ok")
        wait_number(aki, 1, 2, "5")
        step(aki, '.effect-actions [data-move="temp"]', ".last-move:text-matches('hire a temp')")
        next_round(aki, 3)

        # Round 3: pool on street 1, house 3 (a printed pool).
        step(aki, '.effect[data-effect="pool"]', '.effect[data-effect="pool"][aria-pressed="true"]')
        write(aki, 1, 3, "7")
        wait_number(aki, 1, 3, "7")
        step(aki, '.effect-actions [data-move="pool"]', f"{house(1, 3)}.pool-built")

        # Ben, in Japanese: landscaper, then a refused move explained in Japanese, then undo.
        step(ben, '.effect[data-effect="landscaper"]', '.effect[data-effect="landscaper"][aria-pressed="true"]')
        write(ben, 2, 4, "9")
        wait_number(ben, 2, 4, "9")
        step(ben, '.effect-actions [data-move="park"]', ".park-track .box.x")
        next_round(ben, 2)
        step(ben, '.effect[data-effect="bis"]', '.effect[data-effect="bis"][aria-pressed="true"]')
        write(ben, 2, 3, "12")
        ben.wait_for_selector("#pad-error:not([hidden])")
        assert "番地は左から右へ大きくならなければなりません" in ben.inner_text("#pad-error")
        ben.tap('.key[data-key="clear"]')
        ben.tap('.key[data-key="4"]')
        ben.tap("#pad-ok")
        wait_number(ben, 2, 3, "4")
        assert ben.get_attribute('.tool[data-tool="bis"]', "aria-pressed") == "true"
        step(ben, house(2, 2), f'{house(2, 2)}[data-kind="bis"]')
        step(ben, '[data-action="undo"]', f'{house(2, 2)}[data-kind="empty"]')
        no_sideways_scroll(ben)

        # The score sheet, read on a phone.
        aki.goto(f"{base}/welcome-to/t/{_table_of(aki)}/score")
        assert aki.inner_text('tr[data-row="temps"]').split()[-2:] == ["7", "0"]
        assert aki.inner_text('tr[data-row="pools"]').split()[-2:] == ["3", "0"]
        totals = aki.locator("tfoot tr.total td").all_inner_texts()
        # Aki: temps 7 (the only temp) + pool 3 + a fenced 1-house estate 1; Ben: one park on street 2 = 2.
        assert totals == ["11", "2"]
        no_sideways_scroll(aki)
        aki.screenshot(path=str(ARTIFACTS / "welcome-score-390.png"), full_page=True)
        assert aki_errors == [] and ben_errors == []
    finally:
        aki_ctx.close()
        ben_ctx.close()


def _table_of(page) -> str:
    """The table id behind the sheet page's "back to the table" link."""
    href = page.get_attribute(".crumb a", "href")
    return href.rsplit("/", 1)[1]
