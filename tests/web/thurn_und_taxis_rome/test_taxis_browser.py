"""A real browser: headless Chromium at a 390×844 phone drives a 2-player table by tapping.

Two phones (two browser contexts, their own cookies) start a table, claim their seats with
"This is me", place their clergy secretly, record a scored route whose step takes Baden to Rome,
and read Rome's audience; every button is a tap target of at least 44 px and no page is wider
than the phone. Skipped with a reason when Chromium or Playwright is missing (a failure under CI).
"""

from __future__ import annotations

import re

from browser_checks import page_width

from companion.web.core.app import create_app

PHONE = {"width": 390, "height": 844}


def phone(browser):
    """A new phone: its own browser context (cookies) and page."""
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    context.set_default_timeout(10_000)
    return context, context.new_page()


def fits(page) -> None:
    """The page is no wider than the phone and its visible buttons are at least 44 px tall and wide."""
    assert page_width(page) <= PHONE["width"], page.url
    for button in page.locator("main button:visible").all():
        box = button.bounding_box()
        assert box["height"] >= 44 and box["width"] >= 44, (page.url, button.text_content(), box)


def place(page, ranks: dict[str, str]) -> None:
    """Choose a clergy rank for each carriage on a seat page and send it."""
    for carriage, rank in ranks.items():
        page.select_option(f"#carriage-{carriage}", rank)
    page.tap("#place-clergy")
    page.wait_for_selector("text=Your clergy are on the carriages")


def test_browser_two_phones_play_the_audience(chromium, live_server, tmp_path):
    app = create_app({"SECRET_KEY": "browser", "DATABASE": str(tmp_path / "b.sqlite"),
                      "BOARD_LIBRARY": str(tmp_path / "boards")})
    base = live_server(app)
    host_context, host = phone(chromium)
    guest_context, guest = phone(chromium)
    try:
        host.goto(base + "/taxis/new")
        fits(host)
        host.fill("#name_0", "Anna")
        host.fill("#name_1", "Ben")
        for carriage, city in (("baden", "Mailand"), ("wurttemberg_hohenzollern", "Como"),
                               ("schweiz_tyrol", "Como"), ("baiern", "Trient"), ("bohmen_salzburg", "Udine")):
            host.select_option(f"#start_{carriage}", city)
        host.tap("#start")
        host.wait_for_url(re.compile(r"/taxis/[A-Za-z0-9_-]{20,}$"))
        table = host.url
        assert host.locator("img.qr").is_visible()
        fits(host)
        assert host.locator("a[href*='/taxis/s/']").count() == 0  # no seat link on the shared screen

        guest.goto(table)  # Ben joins by the table's link (the QR code shows the same link)
        guest.tap('button.seat-link[data-seat="1"]')
        guest.wait_for_url(re.compile(r"/taxis/s/"))
        fits(guest)
        place(guest, {"baden": "pastor", "wurttemberg-hohenzollern": "bishop", "baiern": "cardinal",
                      "bohmen-salzburg": "priest", "schweiz-tyrol": "fifth"})

        host.goto(table)
        host.tap('button.seat-link[data-seat="0"]')
        host.wait_for_url(re.compile(r"/taxis/s/"))
        place(host, {"baden": "cardinal", "wurttemberg-hohenzollern": "bishop", "baiern": "priest",
                     "bohmen-salzburg": "pastor", "schweiz-tyrol": "fifth"})
        mine = host.locator("#clergy").inner_text()  # placed face down: Anna remembers it, no page shows it
        assert "In your hand: 0" in mine and "Cardinal" not in mine

        host.goto(table)
        host.tap("#score-route")
        host.wait_for_url(re.compile(r"/route$"))
        host.wait_for_selector("#city-0")
        fits(host)
        for i, city in enumerate(("Mannheim", "Carlsruhe", "Freiburg")):
            host.select_option(f"#city-{i}", city)
        host.tap("#route-next")
        host.wait_for_selector("#offices-next")
        host.tap("#offices-next")
        host.wait_for_selector("#step-choices")
        fits(host)
        host.check('input[name="step"][value="baden>Rom"]')  # the example board (the form's default): Mailand > Rom
        host.tap("#add-step")
        host.wait_for_selector("text=reaches Rome with this step")  # the preview turns no tile face up
        host.tap("#record-route")
        host.wait_for_url(table)
        assert "reached Rome with Anna" in host.locator("body").inner_text()  # recorded: face up now
        rome = host.locator("#rome").inner_text()
        assert "Cardinal · Anna" in rome and "Pastor · Ben" in rome
        assert host.locator("#tile-values").is_visible()  # the tiles' points are asked at first need
        host.fill("#points-cardinal", "7")
        host.locator("#tile-values form").first.locator("button").tap()
        host.wait_for_selector("text=7 points")
        fits(host)

        # Ben's phone, left open on his page, follows the table by itself (the core's live.js polls the mark).
        guest.wait_for_selector("#rome >> text=Cardinal · Anna", timeout=5_000)
        assert "In Rome: your Pastor" in guest.locator("#clergy").inner_text()  # Ben's Baden pastor is in Rome
    finally:
        host_context.close()
        guest_context.close()
