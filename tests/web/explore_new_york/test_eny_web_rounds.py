"""The optional round referee in the pages: cards, turns, undo, closing, the last round, tiles to the score sheet."""

from __future__ import annotations

import json
import random

import pytest
from eny_web_helpers import make_app, start_table

from companion.games.explore_new_york import score_document
from companion.games.explore_new_york.cards import example_deck
from companion.games.explore_new_york.referee import to_game_document
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


def state_of(app, path: str):
    """The referee's state of a table (replayed like the pages do)."""
    token = path.rsplit("/", 1)[1]
    with app.test_request_context():
        return replay(store.get_table(token), store.get_players(token))


def begin_data(cards, discard: int, version: int) -> dict:
    """The three-cards form."""
    data = {"version": str(version), "discard": str(discard + 1)}
    for i, card in enumerate(cards):
        data[f"cards-{i}-value"] = "*" if card.value is None else str(card.value)
        data[f"cards-{i}-first"] = card.tourists[0]
        data[f"cards-{i}-second"] = card.tourists[1] if len(card.tourists) > 1 else ""
        if card.plus:
            data[f"cards-{i}-plus"] = "y"
    return data


def test_table_page_names_the_first_player(client):
    """Setup step 4: the companion draws the first player and says who."""
    path = start_table(client)
    text = client.get(path).get_data(as_text=True)
    assert "The companion drew the first player:" in text and "Referee the rounds" in text


def test_a_whole_refereed_game(app, client):
    """Eight rounds for two players, every turn a random legal one; the tiles then score as the engine says."""
    path = start_table(client)
    rnd = random.Random(3)
    deck = list(example_deck())
    rnd.shuffle(deck)
    for round_number in range(1, 9):
        state, _log, version = state_of(app, path)
        assert not state.finished and client.get(path + "/rounds").status_code == 200
        cards = deck[(round_number - 1) * 3:round_number * 3]
        assert client.post(path + "/rounds/begin", data=begin_data(cards, 2, version)).status_code == 302
        for seat in range(2):
            state, _log, version = state_of(app, path)
            assert client.get(f"{path}/rounds/{seat}").status_code == 200
            turn = turn_to_json(random_turn(state, seat, rnd))
            assert client.post(f"{path}/rounds/{seat}/check", json=turn).get_json() == {"problems": [], "ok": True}
            response = client.post(f"{path}/rounds/{seat}", data={"turn": json.dumps(turn), "version": str(version)})
            assert response.status_code == 302, response.get_data(as_text=True)[:2000]
        state, _log, version = state_of(app, path)
        assert state.last_round == (round_number == 8)
        assert client.post(path + "/rounds/close", data={"version": str(version)}).status_code == 302
    state, _log, version = state_of(app, path)
    assert state.finished and "the game is over after 8 rounds" in client.get(path + "/rounds").get_data(as_text=True)
    expected = score_document(to_game_document(state))
    response = client.post(path + "/rounds/to-tiles", data={"version": str(version)})
    assert response.status_code == 302 and response.headers["Location"].endswith("/score")
    page = client.get(path + "/score").get_data(as_text=True)
    for p in expected["players"]:
        assert f"Your route {p['total']} PP" in page


def test_refusals_undo_and_stale_versions(app, client):
    """A refused turn lists its problems (422); a turn can be taken back; an old version is refused (409)."""
    path = start_table(client)
    cards = [example_deck()[0], example_deck()[5], example_deck()[9]]  # 1 ○, 2 △○, 3 ○□ (+ on none)
    client.post(path + "/rounds/begin", data=begin_data(cards, 1, 0))
    state, _log, version = state_of(app, path)
    bad = {"district": [6, 6], "drawing": "B", "sections": [[[0, 0], [1, 0]]], "extras": [], "tourist": None}
    response = client.post(path + "/rounds/0", data={"turn": json.dumps(bad), "version": str(version)})
    text = response.get_data(as_text=True)
    assert response.status_code == 422 and "does not match the coordinate cards" in text and "No road runs" in text
    assert client.post(path + "/rounds/0", data={"turn": "{nope", "version": str(version)}).status_code == 422
    good = {"district": [3, 1], "drawing": "B", "sections": [[[0, 2], [0, 3]]], "extras": [], "tourist": None}
    assert client.post(path + "/rounds/0", data={"turn": json.dumps(good), "version": str(version)}).status_code == 302
    stale = client.post(path + "/rounds/1", data={"turn": json.dumps(good), "version": str(version)})
    assert stale.status_code == 409 and "Someone else changed the round" in stale.get_data(as_text=True)
    state, _log, version = state_of(app, path)
    assert "Take back" in client.get(path + "/rounds").get_data(as_text=True)
    client.post(path + "/rounds/close", data={"version": str(version)})  # Lena has not played: refused
    assert state_of(app, path)[0].cards is not None
    client.post(path + "/rounds/0/undo", data={"version": str(version)})
    state, _log, _version = state_of(app, path)
    assert state.played[0] is None and state.players[0].sections == ()
    assert client.post(path + "/rounds/to-tiles", data={"version": "9"}).status_code == 302  # not over: refused
    assert state_of(app, path)[0].cards is not None


def test_junk(client):
    """Junk seats, versions and bodies never cause a 500."""
    path = start_table(client)
    assert client.get(path + "/rounds/9").status_code == 404
    assert client.get(path + "/rounds/99999999999999999999").status_code == 404
    assert client.post(path + "/rounds/0/check", data="[1]", content_type="application/json").status_code == 400
    assert client.post(path + "/rounds/0/check", json={"district": "x"}).status_code == 200
    for version in ("", "x", "-1", "99999999999999999999"):
        assert client.post(path + "/rounds/begin", data={"version": version}).status_code == 302
        assert client.post(path + "/rounds/close", data={"version": version}).status_code == 302
        assert client.post(path + "/rounds/0/undo", data={"version": version}).status_code == 302
    assert client.get("/explore-new-york/tables/nope/rounds").status_code == 404
