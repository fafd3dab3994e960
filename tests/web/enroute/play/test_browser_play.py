"""A whole 2-player refereed game in headless Chromium at 360×740: setup, ten rounds (one turn tapped on the map,
the rest through the plain form), and the score sheet with the referee's totals."""

from __future__ import annotations

import random
import time

import pytest
from browser_checks import page_width
from play_helpers import make_app, submit

from companion.games.enroute import referee as ref
from companion.games.enroute.cards import colour_choices, model_deck
from companion.games.enroute.registry import find_board
from companion.games.enroute.scoring import score_game
from companion.web.enroute.referee import store
from companion.web.enroute.referee.forms import sec_value


@pytest.fixture
def server(tmp_path, live_server):
    """Serve a fresh app with CSRF on; yield (base url, app)."""
    app = make_app(tmp_path)
    app.config.update(WTF_CSRF_ENABLED=True, SERVER_NAME=None)
    return live_server(app), app


def _game(app, token):
    """Replay the game from the store."""
    with app.app_context():
        return store.load(token)


def _turn(state, seat, rng):
    """Choose a simple legal turn: a free matching location and a two-section segment (or the fallback)."""
    me = state.players[seat]
    free = ref.empty_matches(state, seat)
    roads = [s for s in sorted(state.board.roads) if s not in me.sections]
    if not free:
        loc = rng.choice([x for x in state.board.locations() if x not in me.tourists])
        return loc, (rng.choice(roads),), "red"
    loc = rng.choice(free)
    options = ref.segment_options(state.board, set(me.sections), loc)
    choices = colour_choices(state.cards[seat], ("red", "green", "blue"))
    return loc, (rng.choice(options) if options else (rng.choice(roads),)), (choices[0] if choices else None)


def _no_sideways_scroll(page):
    """Assert the page fits the 360 px phone width."""
    assert page_width(page) <= 360


def test_whole_game_in_the_browser(server, chromium):
    base, app = server
    rng = random.Random(5)
    deck = model_deck(find_board("training-city"))
    started = time.monotonic()
    context = chromium.new_context(viewport={"width": 360, "height": 740})
    try:
        page = context.new_page()
        page.set_default_timeout(10000)
        page.goto(base + "/")
        page.click("text=Referee a whole game")
        page.check("input[name=mode][value=normal]")
        submit(page, "button:has-text('Next')")
        token = page.url.split("/play/")[1].split("/")[0]
        submit(page, "button:has-text('Next')")  # level: full (the offline script asks /ping, then sends)
        submit(page, "button:has-text('Next')")  # rating: standard
        page.fill("#name_0", "Aki")
        page.fill("#name_1", "Bo")
        submit(page, "button:has-text('Next')")
        while "/setup/start" not in page.url:
            if "/setup/personal-goals" in page.url:
                setup_url = page.url
                for name in ("Aki", "Bo"):
                    page.click(f"button.seat-link:has-text(\"{name}\")")  # "This is me", a POST
                    page.check("input[name=keep][value='0']")
                    submit(page, "#keep-goal")
                    assert "— kept" in page.content()
                    page.goto(setup_url)
                assert page.content().count("kept a card ✓") == 2
            _no_sideways_scroll(page)
            submit(page, ".stepnav >> text=Next")
        submit(page, "#start-game")
        assert page.url.endswith(f"/play/{token}")
        with app.app_context():
            links = [base + f"/play/s/{s['token']}" for s in store.load(token).seats]
        tapped = False
        for _round in range(10):
            state = _game(app, token).state
            cards = rng.sample(deck, 2)
            page.goto(f"{base}/play/{token}")
            for prefix, c in zip(("c0", "c1"), cards):  # the card picker (issue 13, U6)
                picker = f".picker[data-prefix='{prefix}']"
                page.click(f"{picker} [data-coord='{c.coordinate}']")
                if c.repeat:
                    page.click(f"{picker} [data-repeat]")
                for colour, n in c.tourists:
                    page.click(f"{picker} [data-colour='{colour}'][data-count='{n}']")
                for lid in c.iconic:
                    page.click(f"{picker} [data-icon='{lid}']")
            _no_sideways_scroll(page)
            submit(page, "#enter-cards")
            assert "2 · Drawing" in page.content(), page.content()[:3000]
            for seat, link in enumerate(links):
                state = _game(app, token).state
                loc, segment, colour = _turn(state, seat, rng)
                page.goto(link)
                if not tapped and len(segment) == 2:
                    page.click(f".hits-locs [data-loc='{loc[0]},{loc[1]}']")
                    for sec in segment:
                        page.click(f".hits-roads [data-sec='{sec_value(sec)}']")
                    assert page.input_value("#location") == f"{loc[0]},{loc[1]}"
                    assert {page.input_value("#section_1"), page.input_value("#section_2")} == {sec_value(s) for s in segment}
                    assert page.locator("line.sec.pick").count() == 2
                    _no_sideways_scroll(page)
                    tapped = True
                else:
                    page.select_option("#location", f"{loc[0]},{loc[1]}")
                    page.select_option("#section_1", sec_value(segment[0]))
                    if len(segment) == 2:
                        page.select_option("#section_2", sec_value(segment[1]))
                if colour:
                    page.select_option("#colour", colour)
                submit(page, "#send-turn")
                assert "Your turn is in" in page.content(), page.content()[:4000]
            page.goto(f"{base}/play/{token}")
            submit(page, "#close-round")
        assert tapped
        game = _game(app, token)
        assert game.state.phase == "over"
        submit(page, "#score-game")
        assert "/tables/" in page.url and page.url.endswith("/score")
        expected = score_game(ref.to_game_document(game.state))
        for seat, player in enumerate(expected["players"]):
            assert page.inner_text(f"td[data-seat='{seat}']") == str(player["total"])
        _no_sideways_scroll(page)
    finally:
        context.close()
    assert time.monotonic() - started < 90
