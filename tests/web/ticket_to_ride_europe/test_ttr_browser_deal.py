"""Real browser (headless Chromium at 390×844), issue 29: three phones, tickets dealt by the companion, each phone
sees only its own, one seat draws 3 and keeps 1, the last round is announced on every phone without a reload,
and the score sheet reveals every ticket once the host ends the game."""

from __future__ import annotations

import re

from browser_checks import page_width
from ttr_web_helpers import PHONE, phone

ROUTES_43 = (100, 83, 99, 7, 13, 14, 21, 22, 4)  # single routes of 8+6+6+4·5+3 = 43 trains: 2 left


def _offer(page) -> list[str]:
    return page.locator('#deal-offer input[name="keep"]').evaluate_all("els => els.map(e => e.value)")


def test_three_phones_deal_keep_draw_and_see_the_end(chromium, base_url):
    phones = [phone(chromium) for _ in range(3)]
    aki, ben, cho = (p for _, p, _ in phones)
    try:
        aki.goto(base_url + "/ttr-europe/new")
        for k, name in enumerate(("Aki", "Ben", "Cho")):
            aki.fill(f"#players-{k}-name", name)
        aki.click("button.primary")
        aki.wait_for_url(re.compile(r"/ttr-europe/t/[\w-]+$"))
        table = aki.url
        seats = []
        for k, page in enumerate((aki, ben, cho)):
            page.goto(table)
            page.locator(f'.seat-row[data-seat="{k}"] button.claim').click()
            page.wait_for_url(re.compile(r"/ttr-europe/s/[\w-]+"))
            seats.append(page.url.split("#")[0])
        aki.click("#deal-start")
        aki.wait_for_selector("#deal-offer")
        offers = []
        for page, url in zip((aki, ben, cho), seats):
            page.goto(url)
            offers.append(_offer(page))
            assert len(offers[-1]) == 4
        for k, page in enumerate((aki, ben, cho)):
            text = page.content()
            for other in (j for j in range(3) if j != k):
                for card in offers[other]:
                    assert f'name="keep" value="{card}"' not in text
        for page in (aki, ben, cho):
            page.click("#deal-keep")  # all four ticked by default
            page.wait_for_selector("#deal-offer", state="detached")
        ben.goto(seats[1])
        ben.click("#deal-draw")
        ben.wait_for_selector("#deal-offer")
        drawn = _offer(ben)
        assert len(drawn) == 3
        for card in drawn[1:]:
            ben.locator(f'#deal-offer input[value="{card}"]').uncheck()
        ben.click("#deal-keep")
        ben.wait_for_selector("#deal-draw")
        assert ben.locator(f'input[name="ticket"][value="{drawn[0]}"]').is_checked()
        assert not ben.locator(f'input[name="ticket"][value="{drawn[1]}"]').is_checked()
        for page in (aki, ben, cho):
            assert page_width(page) <= PHONE["width"]

        log = phones[2][0].new_page()  # Cho's phone keeps the log in another tab
        log.goto(table + "/log")
        for rid in ROUTES_43:
            log.select_option("#route-seat", "0")
            log.select_option("#route-route", str(rid))
            log.click("#log-route button[type=submit]")
            log.wait_for_selector(f'.claim-line >> text=claimed route {rid} ')
        for page in (aki, ben, cho):  # each phone's seat page follows by itself
            page.wait_for_selector("#last-round >> text=Aki has 2 trains left", timeout=5000)
            assert "Still to play their last turn: Ben, Cho, Aki." in page.locator("#last-round").inner_text()

        aki.goto(table)
        aki.click("button.end-game")
        aki.goto(table + "/score")
        text = aki.content()
        for hand in offers:
            for card in hand:
                a, b = card.split("|")
                assert a in text and b in text
        assert all(not errors for _, _, errors in phones)
    finally:
        for context, _, _ in phones:
            context.close()
