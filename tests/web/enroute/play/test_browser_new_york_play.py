"""One round of New York in headless Chromium on a 390×844 phone (issue 16): the cafe card revealed on the tracker,
the round cards tapped in the card picker, the double map shown one half at a time, a lone section through a hotspot
refused with the entry kept, the seed's hotspot example (a segment plus a section bonus) accepted, the round closed."""

from __future__ import annotations

import time

import pytest
from browser_checks import page_width
from play_helpers import close_round, enter_segment, host_phone, make_app, seat_links, submit
from test_play_new_york import HOT, cards_for, ny_game

from companion.games.enroute import geometry as geo
from companion.games.enroute import referee as ref
from companion.games.enroute.cityrules import rules_for
from companion.web.enroute.referee import store
from companion.web.enroute.referee.forms import sec_value

WIDTH, HEIGHT = 390, 844


@pytest.fixture
def server(tmp_path, live_server):
    """Serve a fresh app; yield (base url, app, test client) — the client sets the game up, CSRF off meanwhile."""
    app = make_app(tmp_path)
    app.config.update(SERVER_NAME=None)
    return live_server(app), app, app.test_client()


def _game(app, token):
    """Replay the game from the store."""
    with app.app_context():
        return store.load(token)


def _fits(page):
    """Assert the page fits the phone's width."""
    assert page_width(page) <= WIDTH


def test_one_round_of_new_york_in_the_browser(server, chromium):
    base, app, client = server
    token = ny_game(client, app)  # the table's backs: hs-b1's hotspot is the bottom side of (9, 2)
    links = [base + path for path in seat_links(app, token)]
    app.config.update(WTF_CSRF_ENABLED=True)  # from here on only the browser acts, with its CSRF tokens
    started = time.monotonic()
    context = host_phone(chromium, base, client, viewport={"width": WIDTH, "height": HEIGHT})
    try:
        page = context.new_page()
        page.set_default_timeout(10000)
        state = _game(app, token).state
        page.goto(f"{base}/play/{token}")
        submit(page, "#reveal-cafe")  # the companion's next card of the shuffled cafe deck
        assert page.locator("#cafe-card").count() == 1
        revealed = _game(app, token).state.cafe_card
        assert revealed is not None
        cards = cards_for(state, 0, (9, 2))
        for prefix, card in zip(("c0", "c1"), cards):
            picker = f".picker[data-prefix='{prefix}']"
            page.click(f"{picker} [data-coord='{card.coordinate}']")
            for colour, n in card.tourists:
                page.click(f"{picker} [data-colour='{colour}'][data-count='{n}']")
        _fits(page)
        submit(page, "#enter-cards")
        assert "2 · Drawing" in page.content(), page.content()[:4000]

        page.goto(links[0])
        assert page.locator("#cafe-card").count() == 1 and page.locator("#hotspots").count() == 1
        switch = page.locator(".half-switch button")
        assert switch.count() == 3  # Left half / Right half / Whole map
        assert page.locator("svg.map").get_attribute("data-half") == "0"  # a phone starts on one half
        box = page.locator("#play-map svg.map rect.hit[data-loc='1,1']").bounding_box()
        assert box["width"] >= 44  # one half at a time keeps a cell a finger wide
        switch.nth(1).click()
        page.click("#play-map .hit[data-loc='9,2']")  # the location, tapped on the right half
        page.click(f"#play-map .hit[data-sec='{sec_value(HOT)}']")  # the hotspot road alone
        assert page.input_value("#location") == "9,2" and page.input_value("#section_1") == sec_value(HOT)
        _fits(page)
        submit(page, "#send-turn")
        text = page.content()
        assert "a lone section cannot cross it" in text, text[:4000]
        assert page.input_value("#section_1") == sec_value(HOT)  # the entry is kept
        segment = (((7, 2), (8, 2)), HOT, ((9, 2), (10, 2)))
        for k, sec in enumerate(segment, start=1):
            page.select_option(f"#section_{k}", sec_value(sec))
        page.select_option("#bonus_0", sec_value(HOT))
        page.select_option("#bonus_0_source", "balance")
        submit(page, "#send-turn")
        assert "Your turn is in" in page.content(), page.content()[:4000]
        me = _game(app, token).state.players[0]
        assert set(me.sections) == {geo.section(*s) for s in segment}

        state = _game(app, token).state
        board = state.board
        loc = sorted(ref.empty_matches(state, 1))[0]
        option = rules_for(board).segment_options(board, set(), loc, state.hotspots)[0]
        page.goto(links[1])
        enter_segment(page, loc, option)
        _fits(page)
        submit(page, "#send-turn")
        assert "Your turn is in" in page.content(), page.content()[:4000]

        close_round(page, base, token)
        game = _game(app, token)
        assert game.state.round == 1 and game.state.phase == "selection" and not game.problems
        assert "No cafe card is revealed for this round yet" in page.content()
    finally:
        context.close()
    assert time.monotonic() - started < 60
