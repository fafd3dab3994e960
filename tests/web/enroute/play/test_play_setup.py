"""The setup walk-through: one step per screen for every mode, level and rating mode; choices reach the game."""

from __future__ import annotations

import re

import pytest
from play_helpers import create, loaded, seat_links, setup_game, step

from companion.games.enroute.setup import goal_catalogue
from companion.web.enroute.referee.setup import step_keys

CASES = [  # mode, level, rating mode, names
    ("normal", "simplified", "standard", ("Aki", "Bo")),
    ("normal", "intermediate", "advanced", ("Aki", "Bo", "Cy")),
    ("normal", "full", "standard", ("Aki", "Bo", "Cy", "Di")),
    ("solo", "full", "advanced", ("Sol",)),
    ("team", "full", "standard", ("Aki", "Bo", "Cy", "Di")),
]


@pytest.mark.parametrize(("mode", "level", "rating", "names"), CASES)
def test_walk_through_each_mode_starts_the_game_it_describes(client, app, mode, level, rating, names):
    token = setup_game(client, app, mode=mode, level=level, rating=rating, names=names)
    game = loaded(app, token)
    keys = step_keys(game)
    assert ("goals" in keys) == (level == "full")
    assert ("personal-goals" in keys) == (level != "simplified")
    assert ("no-cafes" in keys) == (level == "simplified")
    assert ("challenge" in keys and "sequence" in keys) == (mode == "solo")
    assert ("first-player" in keys) == (mode != "solo")
    state = game.state
    assert state.mode == mode and state.level == level and state.rating_mode == rating
    assert [p.name for p in state.players] == list(names)
    assert state.start_rounds == {3: 1, 4: 2}.get(len(names), 0) * (mode == "normal")
    assert set(state.ratings.values()) == ({1} if rating == "advanced" else {0})
    assert (len(state.goals) == 3) == (level == "full")
    assert all((p.personal_goal is None) == (level == "simplified") for p in state.players)
    if mode == "team":  # partners opposite hold boards 1 & 3 and 2 & 4
        boards = [p.player_board for p in state.players]
        assert {boards[0], boards[2]} in ({1, 3}, {2, 4})
    tracker = client.get(f"/play/{token}").get_data(as_text=True)
    assert "Round 1 of 10" in tracker


def test_every_step_is_one_screen_with_what_to_do_and_a_back_link(client, app):
    token = setup_game(client, app, names=("Aki", "Bo"))
    keys = step_keys(loaded(app, token))
    for i, key in enumerate(keys):
        page = client.get(f"/play/{token}/setup/{key}").get_data(as_text=True)
        if i:
            assert f'href="/play/{token}/setup/{keys[i - 1]}">Back' in page
    deck = client.get(f"/play/{token}/setup/deck").get_data(as_text=True)
    assert "36-card city deck" in deck and "6 repeat" in deck
    board = client.get(f"/play/{token}/setup/round-board").get_data(as_text=True)
    assert "round board" in board


def test_advanced_round_board_step_says_to_mark_purple_corners(client, app):
    token = create(client)
    step(client, app, token, "rating", rating_mode="advanced")
    assert "purple corner" in client.get(f"/play/{token}/setup/round-board").get_data(as_text=True)


def test_wrong_number_of_players_is_refused_and_names_stay(client, app):
    token = create(client, mode="team")
    response = step(client, app, token, "players", name_0="Aki", name_1="Bo", name_2="Cy")
    page = response.get_data(as_text=True)
    assert response.status_code == 422 and "four players" in page
    assert 'value="Cy"' in page
    assert step(client, app, token, "players", name_0="Aki", name_1="aki").status_code == 422


def test_table_records_its_own_goal_cards(client, app):
    token = create(client)
    step(client, app, token, "players", name_0="Aki", name_1="Bo")
    ids = {card.deck: cid for cid, card in goal_catalogue()}
    response = step(client, app, token, "goals", source="table", deck_A=ids["A"], deck_B="", deck_C=ids["C"])
    assert response.status_code == 302
    goals = loaded(app, token).setup["goals"]
    assert [g["deck"] for g in goals] == ["A", "C"]
    assert step(client, app, token, "goals", source="table", deck_A=ids["B"]).status_code == 422


def test_drawn_goal_cards_are_revealed_on_the_goal_step(client, app):
    token = create(client)
    step(client, app, token, "players", name_0="Aki", name_1="Bo")
    page = client.get(f"/play/{token}/setup/goals").get_data(as_text=True)
    for card in loaded(app, token).setup["goals"]:
        assert card["name"] in page


def test_boards_balance_and_first_player_reach_the_game(client, app):
    token = create(client)
    step(client, app, token, "players", name_0="Aki", name_1="Bo")
    assert step(client, app, token, "player-boards", seat_0_0="3", seat_1_0="3").status_code == 422
    assert step(client, app, token, "player-boards", seat_0_0="4", seat_1_0="2").status_code == 302
    step(client, app, token, "balance", seat_0_0="coordinate", seat_0_1="section", seat_1_0="")
    step(client, app, token, "first-player", first="1")
    for path in seat_links(app, token):
        client.post(path + "/keep", data={"keep": "1"})
    assert step(client, app, token, "start").status_code == 302
    state = loaded(app, token).state
    assert [p.player_board for p in state.players] == [4, 2]
    assert state.players[0].balance == (("coordinate", False), ("section", False)) and state.players[1].balance == ()
    assert state.first_player == 1 and state.active == 1


def test_team_boards_must_put_partners_opposite(client, app):
    token = create(client, mode="team")
    step(client, app, token, "players", name_0="A", name_1="B", name_2="C", name_3="D")
    bad = step(client, app, token, "player-boards", seat_0_0="1", seat_1_0="3", seat_2_0="2", seat_3_0="4")
    assert bad.status_code == 422 and "partners" in bad.get_data(as_text=True)


def test_start_waits_for_personal_goals_and_the_solo_cell(client, app):
    token = create(client, mode="solo")
    step(client, app, token, "players", name_0="Sol")
    page = client.get(f"/play/{token}/setup/start").get_data(as_text=True)
    assert "Waiting for Sol to keep a personal goal" in page and "challenge table" in page
    response = step(client, app, token, "start")
    assert response.status_code == 302 and response.headers["Location"].endswith("/setup/start")
    assert not loaded(app, token).started
    next_step = client.post(f"/play/{token}/setup/personal-goals", data={})
    assert next_step.headers["Location"].endswith("/setup/personal-goals")  # refused: nobody kept a card yet


def test_solo_sequence_and_challenge_steps(client, app):
    token = create(client, mode="solo")
    step(client, app, token, "players", name_0="Sol")
    seq = client.get(f"/play/{token}/setup/sequence").get_data(as_text=True)
    assert seq.count('class="seq-card up"') == 3 and seq.count('class="seq-card down"') == 7
    assert step(client, app, token, "challenge", cell="9-9").status_code == 422
    assert step(client, app, token, "challenge", cell="2-3").status_code == 302
    assert loaded(app, token).setup["challenge"] == [2, 3]


def test_setup_is_frozen_once_the_game_started(client, app):
    token = setup_game(client, app)
    response = step(client, app, token, "level", level="simplified")
    assert response.status_code == 302 and loaded(app, token).setup["level"] == "full"


def test_stale_setup_post_is_refused(client, app):
    token = create(client)
    old = str(loaded(app, token).version)
    step(client, app, token, "level", level="intermediate")
    response = client.post(f"/play/{token}/setup/level", data={"version": old, "level": "simplified"})
    assert response.status_code == 409 and loaded(app, token).setup["level"] == "intermediate"


def test_unknown_step_and_game_are_404(client, app):
    token = create(client)
    assert client.get(f"/play/{token}/setup/nope").status_code == 404
    assert client.get("/play/doesnotexist123/setup/level").status_code == 404
    assert client.get("/play/x").status_code == 404
    assert re.search(r"no such game", client.get("/play/doesnotexist123").get_data(as_text=True))
