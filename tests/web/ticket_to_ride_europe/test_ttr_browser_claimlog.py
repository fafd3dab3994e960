"""Real browser (headless Chromium at 390×844): two phones keep the claim log during play, one sees the other's
lines, a refused claim is explained, and the logged routes are on the player's map at the end."""

from __future__ import annotations

import re

from browser_checks import page_width
from ttr_web_helpers import PHONE, phone

from companion.games.ticket_to_ride_europe import board


def test_two_phones_keep_the_claim_log_and_the_routes_reach_the_entry(chromium, base_url):
    ctx_a, aki, errors_a = phone(chromium)
    ctx_b, ben, errors_b = phone(chromium)
    b = board()
    try:
        aki.goto(base_url + "/ttr-europe/new")
        aki.fill("#players-0-name", "Aki")
        aki.fill("#players-1-name", "Ben")
        aki.click("button.primary")
        aki.wait_for_url(re.compile(r"/ttr-europe/t/[\w-]+$"))
        table = aki.url
        aki.click("text=Claim log (optional, during play)")
        aki.wait_for_url(re.compile(r"/log$"))
        aki.select_option("#route-seat", "0")
        aki.tap("#b-28")  # the route's badge on the map chooses it in the form
        assert aki.locator("#route-route").input_value() == "28"
        aki.click("#log-route button[type=submit]")
        route = b.routes[28]
        line = (f"Aki claimed route 28 {route.city_a}–{route.city_b} ({route.length} trains): "
                f"+{b.route_points[route.length]}")
        aki.wait_for_selector(f"text={line}")
        assert aki.locator("#route-seat").input_value() == "1"  # the next player in seating order

        ben.goto(table + "/log")
        assert ben.locator(f"text={line}").count() == 1
        ben.select_option("#route-seat", "1")
        ben.select_option("#route-route", "19")
        ben.click("#log-route button[type=submit]")
        ben.wait_for_selector("text=Ben claimed route 19")
        assert ben.locator("#r-28.taken").count() == 1  # Aki's route is drawn in her colour
        aki.wait_for_selector("text=Ben claimed route 19", timeout=3000)  # Aki's page follows, no reload by hand

        # Aki starts choosing her next claim; Ben logs meanwhile: her page only says the game changed.
        aki.select_option("#route-route", "3")
        ben.select_option("#station-seat", "1")
        ben.click('[data-tool="stations"]')
        ben.tap('.hits-cities [data-city="Wien"]')
        assert ben.locator("#station-city").input_value() == "Wien"
        ben.click("#log-station button[type=submit]")
        ben.wait_for_selector("text=Ben built a station in Wien.")
        aki.wait_for_selector(".live-note:not([hidden])", timeout=3000)
        assert aki.locator("#route-route").input_value() == "3"

        # Aki's page still shows the log as it was: its claim is refused as stale, the choice kept.
        aki.click("#log-route button[type=submit]")
        aki.wait_for_selector("text=Someone logged or saved at the same moment")
        assert aki.locator("#route-route").input_value() == "3"
        assert aki.locator("text=Ben built a station in Wien.").count() == 1
        # nothing scrolls sideways on a phone
        assert page_width(aki) <= PHONE["width"]

        # At the end Aki opens her entry: the logged route is already claimed on her map.
        aki.goto(table)
        aki.click('li[data-seat="0"] button.claim')
        aki.wait_for_url(re.compile(r"/ttr-europe/s/"))
        assert aki.locator("#route-28").is_checked() and aki.locator("#r-28.mine").count() == 1
        assert aki.locator("#score-track-input").input_value() == str(b.route_points[route.length])
        assert not errors_a and not errors_b
    finally:
        ctx_a.close()
        ctx_b.close()
