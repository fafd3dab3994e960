"""Issue 13, U6 in the browser at 390×844: the host announces a round with the card picker — the card's coordinate,
its tourists and its iconic symbol as printed — in a few taps, instead of 14 drop-downs."""

from __future__ import annotations

import pytest
from play_helpers import host_phone, loaded, make_app, setup_game

from companion.games.enroute.cards import RoundCard

PHONE = {"width": 390, "height": 844}


@pytest.fixture
def served(tmp_path, live_server):
    """A started 2-player game, served with CSRF on; (base, app, token)."""
    app = make_app(tmp_path)
    app.config.update(SERVER_NAME=None)
    host = app.test_client()  # the phone that starts the game hosts it: the browser below is that phone
    token = setup_game(host, app, level="simplified", names=("Aki", "Bo"))
    app.config.update(WTF_CSRF_ENABLED=True)
    return live_server(app), app, token, host


def test_a_round_is_announced_in_a_few_taps(served, chromium):
    base, app, token, host = served
    board = loaded(app, token).board
    tower = board.iconic()[0].id
    context = host_phone(chromium, base, host, viewport=PHONE, has_touch=True)
    try:
        page = context.new_page()
        page.goto(f"{base}/play/{token}")
        assert not page.locator("#c0_coord").is_visible()  # the drop-downs wait folded, one tap away
        taps = 0
        for selector in (".picker[data-prefix='c0'] [data-coord='4']",
                         ".picker[data-prefix='c0'] [data-colour='blue'][data-count='2']",
                         f".picker[data-prefix='c0'] [data-icon='{tower}']",
                         ".picker[data-prefix='c1'] [data-coord='2']",
                         ".picker[data-prefix='c1'] [data-colour='red'][data-count='3']",
                         ".picker[data-prefix='c1'] [data-colour='green'][data-count='1']",  # changed their mind
                         "#enter-cards"):
            page.tap(selector)
            taps += 1
        page.wait_for_selector("#close-round")
        assert taps <= 8
        state = loaded(app, token).state
        first, second = state.cards[0]
        assert (first.coordinate, first.tourists, first.iconic, first.repeat) == (4, (("blue", 2),), (tower,), False)
        assert (second.coordinate, second.tourists, second.iconic) == (2, (("green", 1),), ())  # one type per card
        assert isinstance(first, RoundCard)
    finally:
        context.close()


def test_repeat_clears_the_symbols_and_the_drop_downs_still_work(served, chromium):
    base, app, token, host = served
    context = host_phone(chromium, base, host, viewport=PHONE, has_touch=True)
    try:
        page = context.new_page()
        page.goto(f"{base}/play/{token}")
        page.tap(".picker[data-prefix='c0'] [data-coord='5']")
        page.tap(".picker[data-prefix='c0'] [data-colour='red'][data-count='2']")
        page.tap(".picker[data-prefix='c0'] [data-repeat]")
        assert page.input_value("#c0_red") == "0" and page.is_checked("#c0_repeat")
        # the fallback: the host opens the drop-downs and uses them; the picker shows the choice
        page.locator(".card-entry[data-prefix='c1'] details.card-fields > summary").tap()
        page.select_option("#c1_coord", "3")
        page.select_option("#c1_blue", "1")
        pressed = page.get_attribute(".picker[data-prefix='c1'] [data-coord='3']", "aria-pressed")
        assert pressed == "true"
        page.tap("#enter-cards")
        page.wait_for_selector("#close-round")
        first, second = loaded(app, token).state.cards[0]
        assert first.repeat and first.coordinate == 5 and second.tourists == (("blue", 1),)
    finally:
        context.close()
