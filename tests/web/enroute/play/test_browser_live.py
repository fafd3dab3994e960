"""Issue 13, U5: referee pages update by themselves. Two phones (two browser contexts) at 390×844: the host
announces a round on the tracker and a player's own page shows it within 2 seconds without anyone reloading;
a page where someone is entering something is not disturbed; the hand refresh asks before it is recorded."""

from __future__ import annotations

import random
import time

import pytest
from play_helpers import card_data, host_phone, loaded, make_app, seat_links, setup_game, submit, version

from companion.games.enroute.cards import model_deck

PHONE = {"width": 390, "height": 844}


@pytest.fixture
def served(tmp_path, live_server):
    """A started 2-player game (set up through the test client), then served with CSRF on; (base, app, token)."""
    app = make_app(tmp_path)
    app.config.update(SERVER_NAME=None)
    host = app.test_client()  # the phone that starts the game hosts it (the browser's tracker is that phone)
    token = setup_game(host, app, level="simplified", names=("Aki", "Bo"))
    app.config.update(WTF_CSRF_ENABLED=True)
    return live_server(app), app, token, host


def _announce(app, token, rng, host) -> None:
    """Enter two round cards as the host would (the test client, CSRF off for this one request)."""
    state = loaded(app, token).state
    cards = rng.sample(model_deck(state.board), 2)
    app.config.update(WTF_CSRF_ENABLED=False)
    try:
        data = {"version": version(app, token), **card_data("c0", cards[0]), **card_data("c1", cards[1])}
        assert host.post(f"/play/{token}/round", data=data).status_code == 302
    finally:
        app.config.update(WTF_CSRF_ENABLED=True)


def test_second_phone_sees_the_new_round_within_two_seconds(served, chromium):
    base, app, token, host_client = served
    rng = random.Random(3)
    host, player = host_phone(chromium, base, host_client, viewport=PHONE), chromium.new_context(viewport=PHONE)
    try:
        tracker = host.new_page()
        tracker.goto(f"{base}/play/{token}")
        seat = player.new_page()
        seat.goto(base + seat_links(app, token)[1])
        assert "Waiting for the round cards of round 1" in seat.inner_text("#waiting")
        assert "round 1 of 10" in seat.inner_text("main")  # the header agrees with the waiting line
        navigations = []
        seat.on("framenavigated", lambda frame: navigations.append(frame.url))
        # the host announces the round on the tracker (a real tap on the real form)
        state = loaded(app, token).state
        first, second = rng.sample(model_deck(state.board), 2)
        for prefix, card in (("c0", first), ("c1", second)):
            picker = f".picker[data-prefix='{prefix}']"
            tracker.click(f"{picker} [data-coord='{card.coordinate}']")
            if card.repeat:
                tracker.click(f"{picker} [data-repeat]")
            for colour, n in card.tourists:
                tracker.click(f"{picker} [data-colour='{colour}'][data-count='{n}']")
            for lid in card.iconic:
                tracker.click(f"{picker} [data-icon='{lid}']")
        tracker.click("#enter-cards")
        announced = time.monotonic()
        seat.locator("#send-turn").wait_for(state="visible", timeout=2000)
        assert time.monotonic() - announced < 2.0
        assert "Your turn, round 1" in seat.inner_text("main")
        assert "round 1 of 10" in seat.inner_text("main")
        assert navigations, "the page showed the round by itself"
    finally:
        host.close()
        player.close()


def test_an_entry_in_progress_is_not_disturbed(served, chromium):
    base, app, token, host_client = served
    rng = random.Random(4)
    context = host_phone(chromium, base, host_client, viewport=PHONE)
    try:
        tracker = context.new_page()
        tracker.goto(f"{base}/play/{token}")
        state = loaded(app, token).state
        card = model_deck(state.board)[0]
        tracker.click(f".picker[data-prefix='c0'] [data-coord='{card.coordinate}']")  # half-way through the cards
        # meanwhile a player claims a seat on another phone: the tracker's seat list changes
        app.config.update(WTF_CSRF_ENABLED=False)
        try:
            assert app.test_client().post(f"/play/{token}/seats/1/claim").status_code == 302
        finally:
            app.config.update(WTF_CSRF_ENABLED=True)
        note = tracker.locator(".live-note")
        note.wait_for(state="visible", timeout=3000)
        assert tracker.input_value("#c0_coord") == str(card.coordinate)
        assert tracker.get_attribute(f".picker[data-prefix='c0'] [data-coord='{card.coordinate}']",
                                     "aria-pressed") == "true"
        tracker.click(".live-reload")  # showing the new state is the host's choice
        assert tracker.locator(".live-note").is_hidden()
        assert tracker.locator("button.seat-link").count() < 2
        # a player's waiting page with nothing entered follows the game by itself
        _announce(app, token, rng, host_client)
        tracker.locator("#close-round").wait_for(state="visible", timeout=2000)
    finally:
        context.close()


def test_hand_refresh_is_confirmed_and_apart_from_the_refresh_link(served, chromium):
    base, app, token, _host = served
    context = chromium.new_context(viewport=PHONE)
    try:
        page = context.new_page()
        page.goto(base + seat_links(app, token)[0])
        assert page.locator("#confirm-hand-refresh").is_hidden()  # one tap on the wrong thing records nothing
        refresh_link = page.locator("#waiting a")
        assert refresh_link.inner_text() == "Refresh"
        assert page.locator("#waiting #confirm-hand-refresh").count() == 0
        page.click("#hand-refresh summary")
        submit(page, "#confirm-hand-refresh")
        assert "Hand refresh recorded" in page.inner_text("main")
        assert loaded(app, token).state.players[0].hand_refreshed
    finally:
        context.close()
