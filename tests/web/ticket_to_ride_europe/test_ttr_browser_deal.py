"""Real browser (headless Chromium at 390×844), issue 29's acceptance: three phones, tickets dealt by the companion;
each phone sees only its own tickets on every page, JSON and PDF another seat or the table link reaches; one seat
draws 3 more and keeps 1; the last round is announced on every phone without a reload when a player reaches 2
trains; the last turns are logged and every phone opens the score sheet by itself, which reveals every ticket."""

from __future__ import annotations

import io
import json
import re

import pdfplumber
from browser_checks import page_width
from ttr_web_helpers import PHONE, phone

from companion.games.ticket_to_ride_europe import board

ROUTES_43 = (100, 83, 99, 7, 13, 14, 21, 22, 4)  # single routes of 8+6+6+4·5+3 = 43 trains: 2 left
PDFS = ("scorepad.pdf", "tally.pdf", "tickets.pdf")


def _offer(page) -> list[str]:
    return page.locator('#deal-offer input[name="keep"]').evaluate_all("els => els.map(e => e.value)")


def _pdf_text(context, url: str) -> str:
    """A PDF fetched with the phone's own cookies, as its text."""
    response = context.request.get(url)
    assert response.ok and response.headers["content-type"].startswith("application/pdf"), url
    with pdfplumber.open(io.BytesIO(response.body())) as pdf:
        return "\n".join(page.extract_text() or "" for page in pdf.pages)


def _pairs(value) -> set[frozenset]:
    """Every {"from", "to"} pair anywhere in a JSON document."""
    found: set[frozenset] = set()
    if isinstance(value, dict):
        if "from" in value and "to" in value:
            found.add(frozenset((value["from"], value["to"])))
        for item in value.values():
            found |= _pairs(item)
    elif isinstance(value, list):
        for item in value:
            found |= _pairs(item)
    return found


def _secrets_hold(context, table: str, own_seat_url: str, others: list[str], pdfs_before: dict[str, str]) -> None:
    """What a phone can reach shows none of the other seats' tickets: the table link's pages and files, and the
    phone's own seat page (which lists the deck for ticking, but never another seat's tickets as held)."""
    routes = {frozenset((r.city_a, r.city_b)) for r in board().routes.values()}
    for path in ("", "/score", "/log", "/deal", "/live"):
        text = context.request.get(table + path).text()
        for card in others:
            a, b = card.split("|")
            assert card not in text and f"{a} – {b}" not in text, (path, card)
            if frozenset((a, b)) not in routes:  # a route with the same two cities is listed by its cities
                assert f"{a}–{b}" not in text, (path, card)
    for path in ("/game.json", "/score.json", "/log.json"):
        doc = json.loads(context.request.get(table + path).text())
        assert not _pairs(doc) & {frozenset(c.split("|")) for c in others}, path
        assert not any(c in json.dumps(doc, ensure_ascii=False) for c in others), path
    for name, before in pdfs_before.items():  # the PDFs do not change when tickets are dealt and kept
        assert _pdf_text(context, f"{table}/{name}") == before, name
    own = context.request.get(own_seat_url).text()
    for card in others:
        assert f'value="{card}" checked' not in own and f'name="keep" value="{card}"' not in own, card


def test_three_phones_deal_keep_draw_see_the_end_and_open_the_score_sheet(chromium, base_url):
    phones = [phone(chromium) for _ in range(3)]
    aki, ben, cho = (p for _, p, _ in phones)
    try:
        aki.goto(base_url + "/ttr-europe/new")
        for k, name in enumerate(("Aki", "Ben", "Cho")):
            aki.fill(f"#players-{k}-name", name)
        aki.click("button.primary")
        aki.wait_for_url(re.compile(r"/ttr-europe/t/[\w-]+$"))
        table = aki.url
        pdfs_before = {name: _pdf_text(phones[0][0], f"{table}/{name}") for name in PDFS}
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
        hands = [offers[0], [*offers[1], drawn[0]], offers[2]]
        for k, (context, page, _) in enumerate(phones):
            assert page_width(page) <= PHONE["width"]
            others = [card for j, hand in enumerate(hands) if j != k for card in hand]
            _secrets_hold(context, table, seats[k], others, pdfs_before)

        log = phones[2][0].new_page()  # Cho's phone keeps the log in another tab
        log.goto(table + "/log")
        log.click("#cards-box summary")
        log.select_option("#route-route", "51")  # a tunnel: its cards' part shows
        assert log.locator("#tunnel-box").is_visible() and page_width(log) <= PHONE["width"]
        log.select_option("#route-route", "")
        for rid in ROUTES_43:
            log.select_option("#route-seat", "0")
            log.select_option("#route-route", str(rid))
            log.click("#log-route button[type=submit]")
            log.wait_for_selector(f'.claim-line >> text=claimed route {rid} ')
        for page in (aki, ben, cho):  # each phone's seat page follows by itself
            page.wait_for_selector("#last-round >> text=Aki has 2 trains left", timeout=5000)
            assert "Still to play their last turn: Ben, Cho, Aki." in page.locator("#last-round").inner_text()
        for seat in ("1", "2", "0"):  # Ben drew cards, Cho drew tickets, Aki drew cards: the last turns
            log.select_option("#turn-seat", seat)
            log.select_option("#turn-what", "cards" if seat != "2" else "tickets")
            log.click("#log-turn button[type=submit]")
            if seat != "0":
                log.wait_for_selector("#last-round .end-left")
        log.wait_for_url(table + "/score")
        for page in (aki, ben, cho, log):  # every phone opens the score sheet by itself, every ticket on it
            page.wait_for_url(table + "/score", timeout=10_000)
            text = page.locator("main").inner_text()
            for hand in hands:
                for card in hand:
                    a, b = card.split("|")
                    assert f"{a}–{b}" in text, card
            assert "Tickets are secret until the game ends" not in text
            assert page_width(page) <= PHONE["width"]
        assert all(not errors for _, _, errors in phones)
    finally:
        for context, _, _ in phones:
            context.close()
