"""Real-browser tests (headless Chromium at 390×844): the reshuffle question on the phone of the first player to
complete a plan only, and an advanced game with physical cards where each phone taps in its own hand and sees no
other hand.

Skipped with a clear reason when Chromium or Playwright is missing, except under CI (`CI` set).
"""

from __future__ import annotations

import re

import pytest
from browser_checks import page_width, reload, steady
from test_browser_welcome import ARTIFACTS, PHONE, house, phone, wait_number, write
from test_browser_welcome_rounds import join_by_code, start, take_first_pair, words

from companion.web.core.app import create_app
from companion.web.welcome_to import rounds, store


@pytest.fixture
def served(live_server, tmp_path):
    app = create_app({"SECRET_KEY": "browser", "DATABASE": str(tmp_path / "p.sqlite"),
                      "BOARD_LIBRARY": str(tmp_path / "boards")})
    return app, live_server(app)


def _slow_machine(*contexts) -> None:
    """Shared CI machines can be slow: every wait of these phones may take up to 15 s (never more)."""
    for ctx in contexts:
        ctx.set_default_timeout(15_000)


def _aki_met_plan_4(app, table_id: str) -> None:
    """The companion's deal with known pairs for rounds 1..8 (k surveyor, k + 5 pool, 14 bis); Aki's sheet has
    written 1..8 on street 1, fenced after houses 4 and 8 and claimed plan 4 in round 8 (stored as the page would)."""
    with app.app_context():
        table = store.get_table(table_id)
        deck = rounds.deal("standard", seed=5)
        deck["offers"] = {str(k): {"kind": "standard", "items": [[k, "surveyor"], [k + 5, "pool"], [14, "bis"]]}
                          for k in range(1, 9)}
        deck["round"] = deck["state"]["round"] = 8
        assert store.save_deck(table_id, table["version"], deck)
        seat = store.get_seats(table_id)[0]
        log = []
        for k in range(1, 9):
            log += [{"kind": "effect", "effect": "surveyor", "number": k},
                    {"kind": "number", "street": 0, "house": k - 1, "number": k}]
            if k in (4, 8):
                log.append({"kind": "fence", "street": 0, "house": k - 1})
            log.append({"kind": "next"} if k < 8 else {"kind": "plan", "plan": 4})
        assert store.save_seat(seat["token"], seat["version"], log) is not None


def test_the_reshuffle_question_is_on_the_first_claimers_phone_only(chromium, served):
    app, base = served
    contexts = []
    try:
        aki_ctx, aki, aki_errors = phone(chromium)
        contexts.append(aki_ctx)
        _slow_machine(aki_ctx)
        aki.goto(base + "/welcome-to/new")
        aki.fill("#name", "Aki")
        aki.check('input[name="plans_source"][value="choose"]')
        for field, plan in (("#plan_1", "4"), ("#plan_2", "7"), ("#plan_3", "13")):
            aki.select_option(field, plan)
        aki.tap("button.primary.wide")
        aki.wait_for_url(re.compile(r"/welcome-to/t/[A-Za-z0-9_-]+$"), timeout=15_000)
        table_url = aki.url
        table_id = table_url.rsplit("/", 1)[1]
        code = aki.inner_text(".table-code strong")
        bo_ctx, bo = join_by_code(chromium, base, code, "Bo", "ja-JP")
        contexts.append(bo_ctx)
        _slow_machine(bo_ctx)
        with app.app_context():
            assert store.get_table(table_id)["plans"] == [4, 7, 13]
        _aki_met_plan_4(app, table_id)
        aki.goto(table_url)
        aki.tap(".seat-row a.button")
        aki.wait_for_url(re.compile(r"/welcome-to/s/"), timeout=15_000)
        aki.wait_for_selector("#reshuffle-ask", timeout=15_000)
        assert "You completed a plan first" in aki.inner_text("#reshuffle-ask")
        assert page_width(aki) <= PHONE["width"]
        ARTIFACTS.mkdir(exist_ok=True)
        aki.screenshot(path=str(ARTIFACTS / "welcome-reshuffle-ask-390.png"))
        reload(bo)
        assert bo.locator("#reshuffle-ask").count() == 0
        screen_ctx, screen, _screen_errors = phone(chromium)
        contexts.append(screen_ctx)
        _slow_machine(screen_ctx)
        screen.goto(table_url + "/screen")
        assert "Aki completed a plan first" in screen.inner_text("#round")
        aki.tap("#reshuffle-yes")
        aki.wait_for_selector("text=New stacks: the cards are shuffled", timeout=15_000)
        assert aki.locator("#reshuffle-ask").count() == 0
        with app.app_context():
            assert store.get_table(table_id)["deck"]["state"]["reshuffle_next"] is True
        reload(screen)
        assert "completed a plan first" not in screen.inner_text("#round")
        assert aki_errors == []
    finally:
        for ctx in contexts:
            ctx.close()


def _tap_hand(page, cards) -> None:
    for i, (number, effect) in enumerate(cards, 1):
        page.fill(f"#hn{i}", str(number))
        page.select_option(f'#hand-entry select[name="e{i}"]', effect)
    page.tap("#enter-hand")
    page.wait_for_selector(".offer-cards", timeout=15_000)


def test_advanced_with_physical_cards_each_phone_taps_and_sees_only_its_own_hand(chromium, served):
    _app, base = served
    contexts = []
    try:
        aki_ctx, aki, aki_errors = phone(chromium)
        contexts.append(aki_ctx)
        _slow_machine(aki_ctx)
        table_url = start(aki, base, "Aki", mode="advanced")
        code = aki.inner_text(".table-code strong")
        players = [aki]
        for name, locale in (("Ben", "en-GB"), ("Chie", "ja-JP")):
            ctx, page = join_by_code(chromium, base, code, name, locale)
            contexts.append(ctx)
            _slow_machine(ctx)
            players.append(page)
        aki.goto(table_url)
        aki.tap(".seat-row a.button")
        aki.wait_for_url(re.compile(r"/welcome-to/s/"), timeout=15_000)
        hands = [[(4, "pool"), (9, "bis"), (13, "temp")], [(1, "landscaper"), (7, "surveyor"), (15, "real-estate")],
                 [(2, "surveyor"), (11, "pool"), (6, "landscaper")]]
        for page, cards in zip(players, hands):
            reload(page)  # the page as it is after the others' hands (its live box reloads it on their changes)
            page.wait_for_selector("#hand-entry", timeout=15_000)
            _tap_hand(page, cards)
            assert page_width(page) <= PHONE["width"]
        lines = [steady(p, lambda q: words(q.inner_text(".offer-cards"))) for p in players]
        for i, page in enumerate(players):
            html, fragment, sheet_json = steady(page, lambda p: (
                p.content(), p.evaluate("async () => (await fetch(location.pathname + '/fragment')).text()"),
                p.evaluate("async () => (await fetch(location.pathname + '/sheet.json')).text()")))
            own = {n for n, _e in hands[i]}
            assert all(f"<strong>{n}</strong>" in html for n in own)  # the check below can see a hand
            for j, other in enumerate(hands):
                if j != i:
                    for n in {n for n, _e in other} - own:  # another hand's cards: in no page, fragment or JSON
                        assert f"<strong>{n}</strong>" not in html and f'value="{n}"' not in html
                        assert f"<strong>{n}</strong>" not in fragment and f'value="{n}"' not in fragment
                    assert lines[j] not in words(html) and "hand" not in sheet_json
        ARTIFACTS.mkdir(exist_ok=True)
        players[2].screenshot(path=str(ARTIFACTS / "welcome-advanced-physical-ja-390.png"))
        number = take_first_pair(aki)
        write(aki, 2, 6, number)
        wait_number(aki, 2, 6, number)
        assert aki.locator(house(2, 6)).get_attribute("data-number") == number
        aki.goto(table_url)
        assert "each player taps in their own three cards" in aki.inner_text(".round-cards")
        table_text = words(aki.content())
        assert all(line not in table_text for line in lines)
        assert aki_errors == []
    finally:
        for ctx in contexts:
            ctx.close()
