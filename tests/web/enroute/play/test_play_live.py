"""Issue 13, U5: the change mark that referee pages poll, and the round number every page names."""

from __future__ import annotations

import random

from play_helpers import enter_round, loaded, seat_links, setup_game

from companion.games.enroute.cards import model_deck


def _mark(client, path: str) -> str:
    """Fetch a change mark, checking that no cache may keep it."""
    response = client.get(path)
    assert response.status_code == 200 and response.headers["Cache-Control"] == "no-store"
    return response.get_json()["mark"]


def test_the_mark_moves_with_claims_kept_goals_and_actions(client, app):
    token = setup_game(client, app, names=("Aki", "Bo"))
    seat = seat_links(app, token)[0]
    first = _mark(client, f"/play/{token}/live")
    assert _mark(client, seat + "/live") == first  # the player's page polls the same mark by its own link
    assert _mark(client, f"/play/{token}/live") == first  # nothing changed: nothing moves
    assert client.post(f"/play/{token}/seats/1/new-link").status_code == 302  # the host frees Bo's seat
    freed = _mark(client, f"/play/{token}/live")
    assert freed != first
    assert app.test_client().post(f"/play/{token}/seats/1/claim").status_code == 302  # Bo's phone takes it
    claimed = _mark(client, f"/play/{token}/live")
    assert claimed not in (first, freed)
    state = loaded(app, token).state
    assert enter_round(client, app, token, random.Random(1).sample(model_deck(state.board), 2)).status_code == 302
    assert _mark(client, f"/play/{token}/live") not in (first, claimed)
    assert token not in _mark(client, f"/play/{token}/live")


def test_the_mark_of_an_unknown_game_is_404(client):
    assert client.get("/play/nope-nope-nope/live").status_code == 404
    assert client.get("/play/s/nope-nope-nope/live").status_code == 404


def test_pages_carry_the_mark_they_show(client, app):
    token = setup_game(client, app, names=("Aki", "Bo"))
    mark = _mark(client, f"/play/{token}/live")
    assert f'data-live-mark="{mark}"' in client.get(f"/play/{token}").get_data(as_text=True)
    assert f'data-live-mark="{mark}"' in client.get(seat_links(app, token)[0]).get_data(as_text=True)


def test_header_round_agrees_with_the_round_awaited(client, app):
    token = setup_game(client, app, names=("Aki", "Bo"))
    page = client.get(seat_links(app, token)[0]).get_data(as_text=True)
    assert "round 1 of 10" in page and "Waiting for the round cards of round 1." in page
    tracker = client.get(f"/play/{token}").get_data(as_text=True)
    assert "Round 1 of 10" in tracker
