"""One full round of each world city in headless Chromium on a 390×844 phone (issue 15): London's secret starting
sections and the reveal, the round cards tapped in the card picker (OR sides, Cairo symbols), every seat's turn
(Hong Kong's ferry destination where the cards match a ferry), and the round closed."""

from __future__ import annotations

import random
import time

import pytest
from browser_checks import page_width
from play_helpers import close_round, enter_segment, host_phone, make_app, setup_game, submit

from companion.games.enroute import referee as ref
from companion.games.enroute.cityplay import allowed_choices, ferry_at, waterfront
from companion.games.enroute.cityrules import rules_for
from companion.games.enroute.registry import find_board
from companion.web.enroute.referee import store

CITIES = ["london-example", "rio-example", "cairo-example", "hong-kong-example"]
WIDTH, HEIGHT = 390, 844


@pytest.fixture
def server(tmp_path, live_server):
    """Serve a fresh app; yield (base url, app, test client) — the client sets games up, CSRF off meanwhile."""
    app = make_app(tmp_path)
    app.config.update(SERVER_NAME=None)
    return live_server(app), app, app.test_client()


def _game(app, token):
    """Replay the game from the store."""
    with app.app_context():
        return store.load(token)


def _cards(board, state, rng):
    """Two cards of the city's model deck (one showing the city's OR choice or Cairo symbol, if it has such cards)
    and the active player's allowed OR side for each (or None)."""
    deck = rules_for(board).deck(board)
    special = any(c.options or c.symbol for c in deck)
    while True:
        cards = rng.sample(deck, 2)
        if special and not any(c.options or c.symbol for c in cards):
            continue
        choices: list = []
        for card in cards:
            allowed = allowed_choices(board, state.ratings, state.marks, cards, choices) if card.options else [None]
            choices.append(allowed[0] if allowed else None)
        if all(c is not None or not card.options for c, card in zip(choices, cards)):
            return cards, choices


def _turn(state, seat):
    """A simple legal turn: location, ferry destination, segment, tourist type."""
    me = state.players[seat]
    board = state.board
    free = ref.empty_matches(state, seat)
    drawn = set(me.sections)
    if not free:
        roads = [s for s in sorted(board.roads) if s not in drawn]
        loc = next(x for x in board.locations() if x not in me.tourists and x not in me.crossed)
        return loc, None, (roads[0],), "red"
    loc = free[0]
    ferry = ferry_at(board, loc)
    to = next(x for x in waterfront(ferry) if x not in me.tourists and x not in me.crossed) if ferry else None
    options = ref.segment_options(board, drawn, to or loc)
    choices = ref.colour_choices(state.cards[seat], ("red", "green", "blue", "purple"))
    segment = options[0] if options else (next(s for s in sorted(board.roads) if s not in drawn),)
    return loc, to, segment, (choices[0] if choices else None)


def _fits(page):
    """Assert the page fits the phone's width."""
    assert page_width(page) <= WIDTH


@pytest.mark.parametrize("city", CITIES)
def test_one_round_of_each_city_in_the_browser(server, chromium, city):
    base, app, client = server
    board = find_board(city)
    token = setup_game(client, app, names=("Aki", "Bo"), board=city)
    app.config.update(WTF_CSRF_ENABLED=True)  # from here on only the browser acts, with its CSRF tokens
    rng = random.Random(7)
    started = time.monotonic()
    context = host_phone(chromium, base, client, viewport={"width": WIDTH, "height": HEIGHT})
    try:
        page = context.new_page()
        page.set_default_timeout(10000)
        game = _game(app, token)
        links = [base + f"/play/s/{s['token']}" for s in game.seats]
        if board.start_cards:  # London: each phone chooses in secret, then the tracker reveals
            for link in links:
                page.goto(link)
                assert "Your starting subway card (secret)" in page.content()
                page.check("input[name=start] >> nth=0")
                _fits(page)
                submit(page, "#choose-start")
                assert "You chose" in page.content()
            page.goto(f"{base}/play/{token}")
            assert page.locator("#start-subway").count() == 1
            submit(page, "#reveal-start")
            assert all(p.start_card is None and p.sections for p in _game(app, token).state.players)
        state = _game(app, token).state
        cards, choices = _cards(board, state, rng)
        page.goto(f"{base}/play/{token}")
        for prefix, card, choice in zip(("c0", "c1"), cards, choices):
            picker = f".picker[data-prefix='{prefix}']"
            page.click(f"{picker} [data-coord='{card.coordinate}']")
            if card.repeat:
                page.click(f"{picker} [data-repeat]")
            for colour, n in card.tourists:
                page.click(f"{picker} [data-colour='{colour}'][data-count='{n}']")
            for lid in card.iconic:
                page.click(f"{picker} [data-icon='{lid}']")
            for group in card.options:  # an OR side: two taps (upgrade, then OR)
                page.click(f"{picker} [data-icon='{group[0]}']")
                page.click(f"{picker} [data-icon='{group[0]}']")
            if card.options:
                page.select_option(f"#{prefix}_choice", card.options[choice][0])
            if card.symbol:
                page.select_option(f"#{prefix}_symbol", card.symbol)
        _fits(page)
        submit(page, "#enter-cards")
        assert "2 · Drawing" in page.content(), page.content()[:4000]
        opened = _game(app, token).state
        expected = ref.begin_round(state, cards, None, choices)[0]
        assert opened.ratings == expected.ratings and opened.marks == expected.marks
        for seat, link in enumerate(links):
            state = _game(app, token).state
            loc, to, segment, colour = _turn(state, seat)
            page.goto(link)
            enter_segment(page, loc, segment, to)
            if colour and page.locator("#colour").count():
                page.select_option("#colour", colour)
            _fits(page)
            submit(page, "#send-turn")
            assert "Your turn is in" in page.content(), page.content()[:4000]
        close_round(page, base, token)
        game = _game(app, token)
        assert game.state.round == 1 and game.state.phase == "selection" and not game.problems
        assert all(p.turns for p in game.state.players)
    finally:
        context.close()
    assert time.monotonic() - started < 60
