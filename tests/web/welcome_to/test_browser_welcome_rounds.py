"""Real-browser test of the dealt round: three phones (headless Chromium at 390×844) play a standard round dealt by
the companion, each move checked against the pairs (a ±3 number refused naming the cards); the shared screen
follows who has played; a solo game is dealt up to the solo card.

Skipped with a clear reason when Chromium or Playwright is missing, except under CI (`CI` set).
"""

from __future__ import annotations

import re

import pytest
from browser_checks import page_width, reload, steady
from test_browser_welcome import ARTIFACTS, PHONE, house, phone, wait_number, write

from companion.web.core.app import create_app


@pytest.fixture
def base(live_server, tmp_path):
    app = create_app({"SECRET_KEY": "browser", "DATABASE": str(tmp_path / "r.sqlite"),
                      "BOARD_LIBRARY": str(tmp_path / "boards")})
    return live_server(app)


def start(page, base: str, name: str, mode: str = "standard") -> str:
    page.goto(base + "/welcome-to/new")
    page.fill("#name", name)
    if mode != "standard":
        page.check(f'input[name="mode"][value="{mode}"]')
    page.tap("button.primary.wide")
    page.wait_for_url(re.compile(r"/welcome-to/t/[A-Za-z0-9_-]+$"))
    return page.url


def words(html: str) -> str:
    """A page's text: tags dropped, spaces collapsed (so a hand's line can be looked for in any page)."""
    return " ".join(re.sub(r"<[^>]+>", " ", html).replace(" :", ":").split())


def take_first_pair(page) -> str:
    """Tap the first pair on the seat page; return its number."""
    first = page.locator(".pairs-pick .effect").first
    number = first.get_attribute("data-pair-number")
    first.tap()
    page.wait_for_selector('.pairs-pick .effect[aria-pressed="true"]')
    return number


def join_by_code(chromium, base: str, code: str, name: str, locale: str = "en-GB"):
    """A new phone joins by typing the table code on the home page, then its name; it lands on its seat page."""
    ctx, page, _errors = phone(chromium, locale)
    page.goto(base + "/")
    page.fill("#code", code)
    page.tap("form.join-form button")
    page.wait_for_url(re.compile(r"/welcome-to/t/"))
    page.fill("#join-name", name)
    page.tap("form.join-form button")
    page.wait_for_url(re.compile(r"/welcome-to/s/"))
    return ctx, page


def test_three_phones_play_a_dealt_round_and_the_screen_follows(chromium, base):
    contexts = []
    try:
        host_ctx, host, host_errors = phone(chromium)
        contexts.append(host_ctx)
        table_url = start(host, base, "Aki")
        code = host.inner_text(".table-code strong")
        host.tap("#deal")
        host.wait_for_selector(".round-cards .pair")
        assert len(host.locator(".round-cards .pair").all()) == 3
        assert page_width(host) <= PHONE["width"]
        players = [host]
        for name in ("Ben", "Chie"):
            ctx, page = join_by_code(chromium, base, code, name, "ja-JP" if name == "Chie" else "en-GB")
            contexts.append(ctx)
            players.append(page)
        host.goto(table_url)
        host.tap(".seat-row a.button")
        host.wait_for_url(re.compile(r"/welcome-to/s/"))

        screen_ctx, screen, screen_errors = phone(chromium)
        contexts.append(screen_ctx)
        screen.goto(table_url + "/screen")
        assert "Round 1" in screen.inner_text("#round-h")
        assert screen.inner_text(".played").count("playing") == 3

        for i, page in enumerate(players):
            assert page_width(page) <= PHONE["width"]
            number = take_first_pair(page)
            if i == 0:  # a number 3 away from the pair's is refused, naming the round's pairs
                far = int(number) + 3 if int(number) <= 14 else int(number) - 3
                write(page, 2, 5, str(far))
                page.wait_for_selector("#pad-error:not([hidden])")
                assert "This round's pairs are" in page.inner_text("#pad-error")
                ARTIFACTS.mkdir(exist_ok=True)
                page.screenshot(path=str(ARTIFACTS / "welcome-round-refused-390.png"))
                page.tap("#pad-cancel")
            write(page, 2, 5, number)
            wait_number(page, 2, 5, number)
            assert page.locator(house(2, 5)).get_attribute("data-number") == number
        reload(screen)
        assert steady(screen, lambda p: p.inner_text(".played")).count("✓") == 3
        screen.screenshot(path=str(ARTIFACTS / "welcome-screen-390.png"))
        reload(screen)
        host_table = host_ctx.new_page()
        host_table.goto(table_url + "/screen")
        host_table.tap("#deal-next")
        host_table.wait_for_selector('#round-h:text-matches("2")')
        assert host_errors == [] and screen_errors == []
    finally:
        for ctx in contexts:
            ctx.close()


def test_a_solo_game_dealt_to_the_solo_card(chromium, base):
    ctx, page, errors = phone(chromium)
    try:
        table_url = start(page, base, "Sol", mode="solo")
        page.tap("#deal")
        page.wait_for_selector(".round-cards .pair")
        assert "Take one card’s number and another card’s effect." in page.inner_text(".round-cards")
        page.tap(".seat-row a.button")
        page.wait_for_url(re.compile(r"/welcome-to/s/"))
        assert len(page.locator(".pairs-pick .effect").all()) >= 3  # up to six pairs from three cards
        number = take_first_pair(page)
        write(page, 1, 5, number)
        wait_number(page, 1, 5, number)
        page.goto(table_url + "/screen")
        for _ in range(27):
            if "The solo card came up" in page.inner_text("#round"):
                break
            n = int(re.search(r"\d+", page.inner_text("#round-h")).group())
            page.tap("#deal-next")
            page.wait_for_selector(f'#round-h:text-matches("{n + 1}$")')
        assert "The solo card came up in round" in page.inner_text("#round")
        assert page_width(page) <= PHONE["width"]
        page.screenshot(path=str(ARTIFACTS / "welcome-solo-card-390.png"))
        assert errors == []
    finally:
        ctx.close()


def test_three_phones_advanced_each_sees_only_its_own_hand(chromium, base):
    """Advanced, dealt by the companion: every phone shows its own three cards and no one else's (checked in the
    page, its sheet fragment and its seat JSON), plays a pair, and the hands pass when all have played."""
    contexts = []
    try:
        host_ctx, host, host_errors = phone(chromium)
        contexts.append(host_ctx)
        table_url = start(host, base, "Aki", mode="advanced")
        code = host.inner_text(".table-code strong")
        players = [host]
        for name in ("Ben", "Chie"):
            ctx, page = join_by_code(chromium, base, code, name)
            contexts.append(ctx)
            players.append(page)
        host.goto(table_url)
        host.tap("#deal")
        host.wait_for_selector("text=each phone shows only its own three cards")
        host.tap(".seat-row a.button")
        host.wait_for_url(re.compile(r"/welcome-to/s/"))
        hands = []
        for page in players:
            reload(page)
            page.wait_for_selector(".offer-cards")
            hands.append(steady(page, lambda p: p.inner_text(".offer-cards")))
        assert len(set(hands)) == 3 or all(h.startswith("Your cards") for h in hands)
        for i, page in enumerate(players):
            sheet_json, fragment, html = steady(page, lambda p: (
                p.evaluate("async () => (await fetch(location.pathname + '/sheet.json')).text()"),
                p.evaluate("async () => (await fetch(location.pathname + '/fragment')).text()"), p.content()))
            shown, own = words(html), words(hands[i])
            assert own in shown  # the check below can see a hand
            for j, other in enumerate(hands):
                if j != i and other != hands[i]:
                    assert words(other) not in shown and words(other) not in words(fragment)
            assert '"hands"' not in sheet_json and '"hand"' not in sheet_json
        for page in players:
            number = take_first_pair(page)
            write(page, 3, 6, number)
            wait_number(page, 3, 6, number)
            page.tap("#next-round")
            page.wait_for_selector('#round h2:text-matches("2")')
        host.goto(table_url + "/screen")
        assert "Round 2" in host.inner_text("#round-h")
        assert page_width(host) <= PHONE["width"]
        host.screenshot(path=str(ARTIFACTS / "welcome-advanced-screen-390.png"))
        assert host_errors == []
    finally:
        for ctx in contexts:
            ctx.close()
