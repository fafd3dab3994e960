"""One Paris round in headless Chromium on a 390×844 phone (issue 16): the pair taken entered in the card picker
(the city card's route colours and its rating move), every seat's turn with its section colour, the map drawing
the sections in that colour, a refused colour explained, and the round closed."""

from __future__ import annotations

import random
import re
import time
from contextlib import contextmanager

import pytest
from browser_checks import page_width
from play_helpers import (
    close_round,
    enter_segment,
    follow_route_job,
    host_phone,
    make_app,
    setup_game,
    submit,
    version,
)
from test_play_paris import others_and_close, post_pair

from companion.games.enroute import referee as ref
from companion.games.enroute.cities.paris.deck import paris_deck, split
from companion.games.enroute.registry import find_board
from companion.web.enroute.maps.svgmap import section_id
from companion.web.enroute.referee import store

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


@contextmanager
def _phone(chromium, base, client):
    """A page on a 390×844 phone, closed afterwards: the host's (`client` started the game)."""
    context = host_phone(chromium, base, client, viewport={"width": WIDTH, "height": HEIGHT})
    try:
        page = context.new_page()
        page.set_default_timeout(10000)
        yield page
    finally:
        context.close()


def _fits(page):
    """Assert the page fits the phone's width."""
    assert page_width(page) <= WIDTH


def _pair(board, rng):
    """A pair to take: a global card without a repeat or an iconic symbol, and a city card."""
    glob, city = split(paris_deck(board))
    return rng.choice([c for c in glob if not c.repeat and not c.iconic]), rng.choice(city)


def _free_segment(app, token, board, seat):
    """A location this seat may draw at this round and a segment there: (location, segment)."""
    state = _game(app, token).state
    drawn = set(state.players[seat].sections)
    return next((x, ref.segment_options(board, drawn, x)[0]) for x in ref.empty_matches(state, seat)
                if ref.segment_options(board, drawn, x))


def _enter_pair(page, cards) -> None:
    """Enter the pair taken in the tracker's card pickers: coordinates, tourists, the city card's route colours and
    one tap on its iconic landmark (an upgrade)."""
    for prefix, card in zip(("c0", "c1"), cards, strict=True):
        picker = f".picker[data-prefix='{prefix}']"
        page.click(f"{picker} [data-coord='{card.coordinate}']")
        for colour, n in card.tourists:
            page.click(f"{picker} [data-colour='{colour}'][data-count='{n}']")
    page.select_option("#c1_routes", ",".join(cards[1].route_colours))
    page.click(f".picker[data-prefix='c1'] [data-icon='{cards[1].iconic[0]}']")


def test_one_paris_round_in_the_browser(server, chromium):
    base, app, client = server
    board = find_board("paris-example")
    token = setup_game(client, app, names=("Aki", "Bo"), board="paris-example", rating="advanced")
    app.config.update(WTF_CSRF_ENABLED=True)  # from here on only the browser acts, with its CSRF tokens
    cards = _pair(board, random.Random(3))
    started = time.monotonic()
    with _phone(chromium, base, client) as page:
        game = _game(app, token)
        links = [base + f"/play/s/{s['token']}" for s in game.seats]
        page.goto(f"{base}/play/{token}")
        assert "takes one of the two available pairs" in page.content()
        _enter_pair(page, cards)
        lid = cards[1].iconic[0]
        _fits(page)
        submit(page, "#enter-cards")
        assert "2 · Drawing" in page.content(), page.content()[:4000]
        state = _game(app, token).state
        area = cards[1].tourists[0][0]
        assert state.area == area and state.boxes[area] == 1 and state.ratings[lid] == 2
        assert page.locator("#bonus-areas .active-area").count() == 1
        for seat, link in enumerate(links):
            loc, segment = _free_segment(app, token, board, seat)
            page.goto(link)
            assert "Draw this round's sections in" in page.content()
            enter_segment(page, loc, segment)
            if seat == 0:  # no colour chosen: named, entry kept
                submit(page, "#send-turn")
                assert "Choose the colour of this round's sections" in page.content()
                assert page.input_value("#location") == f"{loc[0]},{loc[1]}"
            colour = cards[1].route_colours[seat % 2]
            page.select_option("#section_colour", colour)
            _fits(page)
            submit(page, "#send-turn")
            assert "Your turn is in" in page.content(), page.content()[:4000]
            line = page.locator(f"#map #{section_id(segment[0])}")
            assert f"pc-{colour}" in (line.get_attribute("class") or "")
            assert _game(app, token).state.players[seat].colours[segment[0]] == colour
        close_round(page, base, token)
        game = _game(app, token)
        assert game.state.round == 1 and game.state.phase == "selection" and not game.problems
    assert time.monotonic() - started < 60


def test_one_paris_solo_round_in_the_browser(server, chromium):
    """Paris solo on a phone: the global card from the hand, the city card and its sequence slot, the turn in one
    of the card's colours, the round closed."""
    base, app, client = server
    board = find_board("paris-example")
    token = setup_game(client, app, mode="solo", names=("Sol",), board="paris-example")
    app.config.update(WTF_CSRF_ENABLED=True)
    game = _game(app, token)
    before = dict(game.state.ratings)
    cards = _pair(board, random.Random(4))
    started = time.monotonic()
    with _phone(chromium, base, client) as page:
        page.goto(f"{base}/play/{token}")
        content = page.content()
        assert "Global card played from your hand" in content and "Card taken from the sequence" in content
        _enter_pair(page, cards)
        lid = cards[1].iconic[0]
        page.check("input[name=slot] >> nth=0")
        _fits(page)
        submit(page, "#enter-cards")
        assert "2 · Drawing" in page.content(), page.content()[:4000]
        state = _game(app, token).state
        assert state.ratings[lid] == before.get(lid, 0) + 1 and state.boxes[cards[1].tourists[0][0]] == 1
        loc, segment = _free_segment(app, token, board, 0)
        page.goto(base + f"/play/s/{_game(app, token).seats[0]['token']}")
        enter_segment(page, loc, segment)
        page.select_option("#section_colour", cards[1].route_colours[0])
        _fits(page)
        submit(page, "#send-turn")
        assert "Your turn is in" in page.content(), page.content()[:4000]
        close_round(page, base, token)
        game = _game(app, token)
        assert game.state.round == 1 and game.state.phase == "selection" and not game.problems
        assert game.state.players[0].colours[segment[0]] == cards[1].route_colours[0]
    assert time.monotonic() - started < 60


def test_a_paris_team_round_and_its_team_result_in_the_browser(server, chromium):
    """Paris team play on phones: round 1 already has an active player taking a pair (no start rounds), all four
    seats draw in the card's colours; the rest of the game goes through the referee, and the result page shows
    each team's total within the phone's width."""
    base, app, client = server
    board = find_board("paris-example")
    token = setup_game(client, app, mode="team", names=("Aki", "Bo", "Cy", "Di"), board="paris-example",
                       rating="advanced")
    app.config.update(WTF_CSRF_ENABLED=True)
    rng = random.Random(5)
    cards = _pair(board, rng)
    started = time.monotonic()
    with _phone(chromium, base, client) as page:
        links = [base + f"/play/s/{s['token']}" for s in _game(app, token).seats]
        page.goto(f"{base}/play/{token}")
        assert re.search(r"the active player \w+ chooses", page.content())
        _enter_pair(page, cards)
        _fits(page)
        submit(page, "#enter-cards")
        assert "2 · Drawing" in page.content(), page.content()[:4000]
        for seat, link in enumerate(links):
            loc, segment = _free_segment(app, token, board, seat)
            page.goto(link)
            enter_segment(page, loc, segment)
            page.select_option("#section_colour", cards[1].route_colours[seat % 2])
            submit(page, "#send-turn")
            assert "Your turn is in" in page.content(), page.content()[:4000]
        close_round(page, base, token)
        assert _game(app, token).state.round == 1 and _game(app, token).state.phase == "selection"
        app.config.update(WTF_CSRF_ENABLED=False)  # the other rounds through the referee's own forms, quickly
        while _game(app, token).state.phase != "over":
            state = _game(app, token).state
            cards = _pair(board, rng)
            move = "down" if state.ratings.get(cards[1].iconic[0], 0) >= 4 else "up"
            assert post_pair(client, app, token, cards, move).status_code == 302
            others_and_close(client, app, token, rng, skip=())
        assert client.post(f"/play/{token}/score", data={"version": version(app, token)}).status_code == 302
        follow_route_job(client, app, token, client.get(f"/play/{token}/result"))
        page.goto(f"{base}/play/{token}/result")
        totals = page.locator("td.team-total").all_inner_texts()
        assert len(totals) == 2 and all(t.strip().isdigit() for t in totals)
        assert "Aki & Cy" in page.inner_text("body") and "Bo & Di" in page.inner_text("body")
        _fits(page)
    assert time.monotonic() - started < 120
