"""Offices of honor through the pages: taking tiles, return rounds (from the table and from a phone), the end."""

from __future__ import annotations

import pytest
from taxis_web_helpers import act, claim, start_table, state, text, version


def offices_table(client, n: int = 2) -> str:
    """A table playing only the Offices of honor."""
    return start_table(client, n, audience=None)


def take(client, token: str, office: str, expect: int = 302):
    """The active player takes an official's tile, then (when it worked) ends the turn."""
    response = act(client, token, "office", expect, office=office)
    return response


def turn(client, token: str, office: str) -> None:
    """One whole turn: take a tile, end the turn."""
    take(client, token, office)
    act(client, token, "end-turn")


def test_taking_a_tile_once_per_turn(app, client):
    token = offices_table(client)
    take(client, token, "cartwright")
    assert state(app, token)["offices"]["hands"][0]["cartwright"] == 1
    again = take(client, token, "coachman", 422)
    assert "Anna has already used an official's help this turn." in text(again)
    junk = take(client, token, "emperor", 422)
    assert "'emperor' is not an official" in text(junk)
    assert "Postmaster, Coachman, Administrator, Cartwright" in text(junk)


@pytest.mark.parametrize("kinds", [1, 2, 3, 4])
def test_return_rounds_for_one_to_four_kinds(app, client, kinds):
    """2 players: cartwright 2 tiles. Ben takes the last one: everyone returns, from Ben, clockwise."""
    token = offices_table(client)
    order = ["postmaster", "coachman", "administrator"]
    for office in order:  # Anna and Ben each take a postmaster, a coachman and an administrator
        turn(client, token, office)
        turn(client, token, office)
    turn(client, token, "cartwright")  # Anna
    take(client, token, "cartwright")  # Ben: the last cartwright
    page = text(client.get(f"/taxis/{token}"))
    assert "Return round 1" in page and "Ben returns now." in page and "Then: Anna" in page
    blocked = act(client, token, "end-turn", 422)
    assert "Officials' tiles are being returned first: it is Ben's turn to return." in text(blocked)
    chosen = (["cartwright", *order])[:kinds]
    act(client, token, "return", seat="1", kinds=chosen)
    reward = {1: "nothing", 2: "a card (from the display or the deck)", 3: "a VP coin",
              4: "a post office in any city"}[kinds]
    assert f"and gets {reward}." in text(client.get(f"/taxis/{token}"))
    doc = state(app, token)
    assert doc["offices"]["coins"][1] == (1 if kinds == 3 else 0)
    assert doc["offices"]["stacks"]["cartwright"] == 1
    log = [e for e in doc["log"] if e["event"] == "offices-returned"]
    assert log[-1]["reward"] == {1: "nothing", 2: "card", 3: "vp-coin", 4: "post-office"}[kinds]
    act(client, token, "return", seat="0", kinds=["postmaster"])
    assert state(app, token)["offices"]["returning"] is None
    assert "Every stack holds a tile again." in text(client.get(f"/taxis/{token}"))


def test_returns_go_in_order_and_repeat_while_a_stack_is_empty(app, client):
    token = offices_table(client)
    turn(client, token, "cartwright")  # Anna
    take(client, token, "cartwright")  # Ben takes the last one: round 1 from Ben
    out_of_turn = act(client, token, "return", 422, seat="0", kinds=["cartwright"])
    assert "It is Ben's turn to return tiles, not Anna's." in text(out_of_turn)
    not_held = act(client, token, "return", 422, seat="1", kinds=["cartwright", "coachman"])
    assert "Ben holds no Coachman tile to return." in text(not_held)
    assert 'value="cartwright" checked' in not_held.get_data(as_text=True)  # the ticks stay
    none = act(client, token, "return", 422, seat="1")
    assert "must return 1 to 4 different ones" in text(none)
    twice = act(client, token, "return", 422, seat="1", kinds=["cartwright", "cartwright"])
    assert "Return different officials: Cartwright is named twice." in text(twice)
    act(client, token, "return", seat="1", kinds=["cartwright"])
    act(client, token, "return", seat="0", kinds=["cartwright"])
    assert state(app, token)["offices"]["returning"] is None


def test_a_player_returns_on_their_own_phone(app, client):
    token = offices_table(client)
    anna, ben = claim(client, token, 0), claim(client, token, 1)
    turn(client, token, "cartwright")
    take(client, token, "cartwright")
    assert "Your return" in text(client.get(ben))
    assert "Your return" not in text(client.get(anna))
    assert "Ben returns now." in text(client.get(anna))
    early = client.post(anna + "/return", data={"version": version(client, token), "kinds": ["cartwright"]})
    assert early.status_code == 422 and "It is Ben's turn to return tiles" in text(early)
    done = client.post(ben + "/return", data={"version": version(client, token), "kinds": ["cartwright"]})
    assert done.status_code == 302
    assert "Ben returned Cartwright and gets nothing." in text(client.get(ben))
    assert "Your return" in text(client.get(anna))


def test_a_round_that_leaves_a_stack_empty_is_repeated(app, client):
    token = offices_table(client)
    turn(client, token, "postmaster")  # Anna
    turn(client, token, "coachman")  # Ben
    turn(client, token, "cartwright")  # Anna
    take(client, token, "cartwright")  # Ben takes the last cartwright: round 1 from Ben
    act(client, token, "return", seat="1", kinds=["coachman"])
    act(client, token, "return", seat="0", kinds=["postmaster"])
    page = text(client.get(f"/taxis/{token}"))
    assert "Return round 2" in page and "Ben returns now." in page  # the cartwright stack is still empty
    assert state(app, token)["offices"]["returning"]["round"] == 2
    act(client, token, "return", seat="1", kinds=["cartwright"])
    act(client, token, "return", seat="0", kinds=["cartwright"])
    assert state(app, token)["offices"]["returning"] is None
    assert state(app, token)["offices"]["stacks"] == {"postmaster": 4, "coachman": 4, "administrator": 3,
                                                      "cartwright": 2}


def test_final_return_in_any_order_and_decline(app, client):
    token = offices_table(client, 3)
    for office in ("postmaster", "coachman", "administrator"):
        turn(client, token, office)
    unticked = act(client, token, "end-game", 422)
    assert "Tick the box" in text(unticked)
    act(client, token, "end-game", confirm="yes")
    page = text(client.get(f"/taxis/{token}"))
    assert "Final return" in page and "3 kinds: a VP coin" in page
    act(client, token, "return", seat="2", kinds=["administrator"])
    act(client, token, "return", seat="0")  # Anna declines
    again = act(client, token, "return", 422, seat="0", kinds=["postmaster"])
    assert "Anna has already returned tiles in the final return." in text(again)
    act(client, token, "return", seat="1", kinds=["coachman"])
    doc = state(app, token)
    assert doc["ended"] and doc["offices"]["returning"] is None
    over = act(client, token, "end-turn", 422)
    assert "The game is over" in text(over)


def test_returns_refused_when_none_are_due(client):
    token = offices_table(client)
    response = act(client, token, "return", 422, seat="0", kinds=["postmaster"])
    assert "No officials' tiles are being returned now." in text(response)
    junk = act(client, token, "return", 422, seat="seven", kinds=["postmaster"])
    assert "Choose whose tiles are returned." in text(junk)


def test_not_played_module_is_explained(client):
    token = start_table(client, 3, offices=None)
    response = act(client, token, "office", 422, office="postmaster")
    assert "This table does not play Offices of honor." in text(response)


def test_stale_office_button_is_409(client):
    token = offices_table(client)
    old = version(client, token)
    take(client, token, "postmaster")
    act(client, token, "end-turn")
    response = client.post(f"/taxis/{token}/office", data={"version": old, "office": "coachman"})
    assert response.status_code == 409
    assert "The table changed on another phone meanwhile" in text(response)
    assert "a turn ended" in text(response)


def test_undo_the_newest_shared_change(app, client):
    token = offices_table(client)
    take(client, token, "postmaster")
    seq = version(client, token)
    response = act(client, token, "undo", seq=seq)
    assert "Taken back: an official's tile was taken." in text(client.get(f"/taxis/{token}"))
    assert response.status_code == 302
    assert state(app, token)["offices"]["hands"][0]["postmaster"] == 0
    stale = act(client, token, "undo", 409, seq=seq)
    assert "Only the newest change" in text(stale)
    take(client, token, "coachman")
    old = str(int(version(client, token)) - 1)
    conflict = client.post(f"/taxis/{token}/undo", data={"version": old, "seq": version(client, token)})
    assert conflict.status_code == 409
