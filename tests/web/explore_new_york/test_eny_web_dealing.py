"""On-screen dealing for tables without the tourist cards: the shuffled deck (3 cards put back with 2 or 4 players),
three cards revealed per round, the discard, the deck running out ending the game, junk never a 500."""

from __future__ import annotations

import json
import random
import re
from collections import Counter

import pytest
from eny_web_helpers import form_data, make_app

from companion.games.explore_new_york.cards import example_deck
from companion.games.explore_new_york.simulate import random_turn
from companion.games.explore_new_york.turndoc import turn_to_json
from companion.web.explore_new_york import store
from companion.web.explore_new_york.rounds import replay


@pytest.fixture
def app(tmp_path):
    """A fresh app."""
    return make_app(tmp_path)


@pytest.fixture
def client(app):
    """Its test client."""
    return app.test_client()


def dealt_table(client, names=("Max", "Lena"), deal: bool = True) -> str:
    """Start a table that asks the companion to deal (or not); return its path."""
    seats = [(n, "random") for n in names]
    data = form_data(*seats)
    if deal:
        data["deal_cards"] = "y"
    response = client.post("/explore-new-york/tables/new", data=data)
    assert response.status_code == 302
    return response.headers["Location"]


def state_of(app, path: str):
    """The referee's state of a table (replayed like the pages do)."""
    token = path.rsplit("/", 1)[1]
    with app.test_request_context():
        return replay(store.get_table(token), store.get_players(token))


def settings_of(app, path: str) -> dict:
    """A table's stored settings."""
    with app.app_context():
        return store.get_table(path.rsplit("/", 1)[1])["settings"]


def key(card: dict) -> tuple:
    """A card as a comparable value."""
    return (card["value"], tuple(card["tourists"]), card.get("plus", False))


@pytest.mark.parametrize("names,size", [(("A", "B"), 24), (("A", "B", "C"), 27), (("A", "B", "C", "D"), 24)])
def test_the_deck_is_the_example_deck_less_three_cards_for_2_or_4_players(app, client, names, size):
    path = dealt_table(client, names)
    deck = settings_of(app, path)["deck"]
    assert len(deck) == size
    full = Counter(key(c.to_json()) for c in example_deck())
    assert not Counter(key(c) for c in deck) - full  # only cards of the deck, none twice more than it has
    page = client.get(path).get_data(as_text=True)
    assert f"{size} cards are in play" in page or f"all {size} are in play" in page
    assert "Shuffle the 27 tourist cards" not in page
    assert ("put 3 back in the box unseen" in page) == (size == 24)
    state, _log, _version = state_of(app, path)
    assert state.deck_left == size and state.deck is not None


def test_two_tables_are_not_dealt_alike(app, client):
    decks = [tuple(map(key, settings_of(app, dealt_table(client))["deck"])) for _ in range(3)]
    assert len(set(decks)) > 1


def test_the_rounds_page_reveals_only_this_rounds_three_cards(app, client):
    path = dealt_table(client)
    state, _log, _version = state_of(app, path)
    page = client.get(path + "/rounds").get_data(as_text=True)
    shown = re.findall(r'<span class="card-face" data-card="\d">([^<]*)</span>', page)
    assert shown == [c.label() for c in state.deck[:3]]
    assert 'id="begin-form"' not in page  # no card typing: the companion deals
    # the fourth card is never on the page (unless it looks like one of the three); the three faces are taken out
    # first, since a label can be part of another ("2 □" in "2 □ +")
    fourth = state.deck[3].label()
    rest = re.sub(r'<span class="card-face" data-card="\d">[^<]*</span>', "", page)
    assert fourth in shown or fourth not in rest


def test_discarding_a_card_starts_the_round_with_the_other_two(app, client):
    path = dealt_table(client)
    state, _log, version = state_of(app, path)
    top = state.deck[:3]
    assert client.post(path + "/rounds/deal", data={"discard": "2", "version": str(version)}).status_code == 302
    after, _log, _version = state_of(app, path)
    assert after.cards == (top[0], top[2]) and after.discarded == top[1]
    assert after.deck_left == 21 and after.deck == state.deck[3:]
    page = client.get(path + "/rounds").get_data(as_text=True)
    assert top[0].label() in page and "Round 1 of 8" in page


def test_a_whole_dealt_game_ends_when_the_deck_runs_out(app, client):
    path = dealt_table(client, ("Max", "Lena", "Ana"))
    rnd = random.Random(11)
    for round_number in range(1, 10):
        state, _log, version = state_of(app, path)
        assert not state.finished
        page = client.get(path + "/rounds").get_data(as_text=True)
        assert ("These are the last three cards" in page) == (round_number == 9)
        response = client.post(path + "/rounds/deal", data={"discard": str(rnd.randint(1, 3)),
                                                            "version": str(version)})
        assert response.status_code == 302
        for seat in range(3):
            state, _log, version = state_of(app, path)
            turn = turn_to_json(random_turn(state, seat, rnd))
            response = client.post(f"{path}/rounds/{seat}", data={"turn": json.dumps(turn), "version": str(version)})
            assert response.status_code == 302, response.get_data(as_text=True)[:1000]
        state, _log, version = state_of(app, path)
        assert state.last_round == (round_number == 9)
        assert client.post(path + "/rounds/close", data={"version": str(version)}).status_code == 302
    state, _log, version = state_of(app, path)
    assert state.finished and state.deck == () and state.round == 9
    page = client.get(path + "/rounds").get_data(as_text=True)
    assert "the game is over after 9 rounds" in page and 'id="deal-form"' not in page
    assert client.post(path + "/rounds/deal", data={"discard": "1", "version": str(version)}).status_code == 302
    assert state_of(app, path)[0].round == 9  # nothing more to deal
    response = client.post(path + "/rounds/to-tiles", data={"version": str(version)})
    assert response.headers["Location"].endswith("/score")


def test_typed_cards_that_are_not_the_top_three_are_refused_on_a_dealt_table(app, client):
    path = dealt_table(client)
    state, _log, version = state_of(app, path)
    others = [c for c in example_deck() if c not in state.deck[:3]][:3]
    data = {"version": str(version), "discard": "1"}
    for i, card in enumerate(others):
        data[f"cards-{i}-value"] = "*" if card.value is None else str(card.value)
        data[f"cards-{i}-first"] = card.tourists[0]
        data[f"cards-{i}-second"] = card.tourists[1] if len(card.tourists) > 1 else ""
    response = client.post(path + "/rounds/begin", data=data, follow_redirects=True)
    assert "These are not the top three cards of the deck." in response.get_data(as_text=True)
    assert state_of(app, path)[0].cards is None


def test_a_table_with_its_own_cards_cannot_be_dealt(app, client):
    path = dealt_table(client, deal=False)
    assert "deck" not in settings_of(app, path)
    response = client.post(path + "/rounds/deal", data={"discard": "1", "version": "0"}, follow_redirects=True)
    assert "This table turns its own cards" in response.get_data(as_text=True)
    assert state_of(app, path)[0].cards is None
    assert 'id="begin-form"' in client.get(path + "/rounds").get_data(as_text=True)


@pytest.mark.parametrize("data", [{}, {"discard": "0", "version": "0"}, {"discard": "4", "version": "0"},
                                  {"discard": "abc", "version": "0"}, {"discard": "1", "version": "x"},
                                  {"discard": "1", "version": "99999999999999999999"},
                                  {"discard": "1", "version": "5"}, {"discard": "\u0000", "version": "-1"}])
def test_junk_deals_change_nothing_and_never_fail(app, client, data):
    path = dealt_table(client)
    response = client.post(path + "/rounds/deal", data=data)
    assert response.status_code == 302
    assert state_of(app, path)[0].cards is None
    assert client.post("/explore-new-york/tables/nope/rounds/deal", data=data).status_code == 404
