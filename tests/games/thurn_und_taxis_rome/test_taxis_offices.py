"""Offices of honor: stacks by player count, taking tiles, return rounds until no stack is empty, the final return."""

from __future__ import annotations

import pytest
from taxis_helpers import act, offices_table, refused, table

from companion.games.thurn_und_taxis_rome import apply_action, read_table, table_to_json
from companion.games.thurn_und_taxis_rome.data import facts

ALL = ["postmaster", "coachman", "administrator", "cartwright"]


def events(t, name):
    """The logged events of one kind."""
    return [e for e in t.log if e["event"] == name]


@pytest.mark.parametrize(("players", "stacks"), [(2, [4, 4, 3, 2]), (3, [6, 6, 5, 3]), (4, [8, 8, 6, 4])])
def test_a_new_table_lays_out_the_stacks_for_its_player_count(players, stacks):
    """4 players all 8/8/6/4; 3 players 6/6/5/3; 2 players 4/4/3/2; no tile in hand; 12 VP coins."""
    t = table(players, modules=["offices"])
    assert [t.offices.stacks[k] for k in ALL] == stacks
    assert t.offices.hands == [dict.fromkeys(ALL, 0)] * players
    assert t.offices.coin_supply == 12 and t.offices.coins == [0] * players


def test_taking_an_officials_tile():
    """The active player takes the tile of the official whose help they use: one per turn."""
    t = table(3, modules=["offices"])
    t = act(t, action="take-office", seat=0, office="postmaster")
    assert t.offices.stacks["postmaster"] == 5 and t.offices.hands[0]["postmaster"] == 1
    assert refused(t, action="take-office", seat=0, office="coachman") == ["one-official-per-turn"]
    assert refused(t, action="take-office", seat=1, office="coachman") == ["not-your-turn"]
    assert refused(t, action="take-office", seat=0, office="pope") == ["unknown-office"]
    assert refused(t, action="take-office", seat=0) == ["missing-key"]
    t = act(t, action="end-turn", seat=0)
    t = act(t, action="take-office", seat=1, office="postmaster")
    assert t.offices.hands[1]["postmaster"] == 1 and t.turn.active == 1


def test_the_last_tile_starts_returns_clockwise_from_the_player_whose_turn_it_is():
    """Seat 2 takes the last cartwright: seats 2, 3, 0 return in that order; seat 1 holds nothing and is skipped."""
    t = offices_table([{"cartwright": 1, "postmaster": 1}, {}, {"cartwright": 1}, {"cartwright": 1, "coachman": 1}],
                      active=2)
    t = act(t, action="take-office", seat=2, office="cartwright")
    assert t.offices.stacks["cartwright"] == 0
    assert t.offices.returning.queue == [2, 3, 0]
    assert events(t, "return-round")[0]["empty"] == ["cartwright"]
    assert refused(t, action="return-offices", seat=0, kinds=["cartwright"]) == ["not-your-return"]
    assert refused(t, action="end-turn", seat=2) == ["returns-pending"]
    assert refused(t, action="take-office", seat=2, office="coachman") == ["returns-pending"]
    t = act(t, action="return-offices", seat=2, kinds=["cartwright"])
    t = act(t, action="return-offices", seat=3, kinds=["cartwright", "coachman"])
    t = act(t, action="return-offices", seat=0, kinds=["postmaster"])
    assert t.offices.returning is None
    assert [e["reward"] for e in events(t, "offices-returned")] == ["nothing", "card", "nothing"]
    assert t.turn.active == 2  # the turn goes on


@pytest.mark.parametrize(("kinds", "reward", "coins"), [
    (["cartwright"], "nothing", 0),
    (["cartwright", "postmaster"], "card", 0),
    (["cartwright", "postmaster", "coachman"], "vp-coin", 1),
    (ALL, "post-office", 0),
])
def test_what_returning_one_to_four_kinds_earns(kinds, reward, coins):
    """1 kind nothing, 2 kinds a card, 3 kinds a VP coin, 4 kinds a post office."""
    t = offices_table([dict.fromkeys(ALL, 1), {}], active=0)
    t = act(t, action="take-office", seat=0, office="cartwright")  # the second (last) cartwright of 2 players
    t = act(t, action="return-offices", seat=0, kinds=kinds)
    last = events(t, "offices-returned")[-1]
    assert last["reward"] == reward and last["kinds"] == kinds
    assert t.offices.coins[0] == coins and t.offices.coin_supply == 12 - coins
    assert all(t.offices.stacks[k] > 0 for k in ALL) and t.offices.returning is None


def test_a_return_must_be_different_tiles_the_player_holds():
    """At least one kind, each kind once, each one held."""
    t = offices_table([{"cartwright": 1, "postmaster": 2}, {}], active=0)
    t = act(t, action="take-office", seat=0, office="cartwright")
    assert refused(t, action="return-offices", seat=0, kinds=[]) == ["must-return"]
    assert refused(t, action="return-offices", seat=0, kinds=["postmaster", "postmaster"]) == ["office-twice"]
    assert refused(t, action="return-offices", seat=0, kinds=["coachman"]) == ["office-not-held"]
    assert refused(t, action="return-offices", seat=0, kinds="postmaster") == ["not-a-list"]
    assert refused(t, action="return-offices", seat=0, kinds=["pope"]) == ["unknown-office"]
    assert refused(t, action="return-offices", seat=1, kinds=["cartwright"]) == ["not-your-return"]


def test_rounds_repeat_until_no_stack_is_empty():
    """Nobody returns a cartwright in round 1, so round 2 starts from the same player; then the returns end."""
    t = offices_table([{"postmaster": 1, "cartwright": 1}, {"coachman": 1}], active=1)
    t = act(t, action="take-office", seat=1, office="cartwright")
    assert t.offices.returning.queue == [1, 0] and t.offices.returning.round == 1
    t = act(t, action="return-offices", seat=1, kinds=["coachman"])
    t = act(t, action="return-offices", seat=0, kinds=["postmaster"])
    assert t.offices.returning is not None and t.offices.returning.round == 2
    assert t.offices.returning.queue == [1, 0] and t.offices.stacks["cartwright"] == 0
    t = act(t, action="return-offices", seat=1, kinds=["cartwright"])
    assert t.offices.returning.queue == [0]  # the stack has a tile again, but the round is played out
    t = act(t, action="return-offices", seat=0, kinds=["cartwright"])
    assert t.offices.returning is None
    assert [e["round"] for e in events(t, "return-round")] == [1, 2]
    assert all(t.offices.stacks[k] > 0 for k in ALL)


def test_a_later_round_skips_players_who_hold_nothing():
    """Seat 0 returned everything in round 1, so round 2 is seat 1 alone."""
    t = offices_table([{"postmaster": 1}, {"coachman": 1, "cartwright": 1}], active=1)
    t = act(t, action="take-office", seat=1, office="cartwright")
    t = act(t, action="return-offices", seat=1, kinds=["coachman"])
    t = act(t, action="return-offices", seat=0, kinds=["postmaster"])
    assert t.offices.returning.round == 2 and t.offices.returning.queue == [1]
    t = act(t, action="return-offices", seat=1, kinds=["cartwright"])
    assert t.offices.returning is None


def test_three_kinds_earn_nothing_once_the_coins_are_gone():
    """The 12 VP coins are the supply; the tiles still go back."""
    t = offices_table([dict.fromkeys(ALL, 1), {}], active=0, coins=[5, 7])
    t = act(t, action="take-office", seat=0, office="cartwright")
    out_tiles = dict(t.offices.stacks)
    out = apply_action(t, {"action": "return-offices", "seat": 0, "kinds": ["cartwright", "postmaster", "coachman"]})
    assert out.ok and [p.code for p in out.problems] == ["no-coins-left"]
    assert out.events[0]["reward"] == "nothing" and out.table.offices.coins == [5, 7]
    assert out.table.offices.stacks["postmaster"] == out_tiles["postmaster"] + 1


def test_the_final_return():
    """After the game: each player holding tiles may return once, in any order, or decline; 3 kinds a coin."""
    t = offices_table([dict.fromkeys(ALL, 1), {"postmaster": 1, "coachman": 1}, {}], active=0)
    t = act(t, action="end-game")
    assert t.ended and t.offices.returning.kind == "final" and t.offices.returning.queue == [0, 1]
    assert refused(t, action="take-office", seat=0, office="postmaster") == ["game-over"]
    assert refused(t, action="return-offices", seat=2, kinds=[]) == ["already-returned"]
    t = act(t, action="return-offices", seat=1, kinds=["postmaster", "coachman"])
    assert events(t, "offices-returned")[-1]["reward"] == "nothing"  # a card is no use any more
    assert refused(t, action="return-offices", seat=1, kinds=[]) == ["already-returned"]
    t = act(t, action="return-offices", seat=0, kinds=["postmaster", "coachman", "administrator"])
    assert t.offices.coins == [1, 0, 0] and t.offices.returning is None
    assert refused(t, action="return-offices", seat=0, kinds=["cartwright"]) == ["no-returns"]


def test_the_final_return_may_be_declined_or_build_a_post_office():
    """An empty list declines; four kinds place a post office."""
    t = offices_table([dict.fromkeys(ALL, 1), dict.fromkeys(ALL, 1), {}], active=1)
    t = act(t, action="end-game")
    t = act(t, action="return-offices", seat=0, kinds=[])
    t = act(t, action="return-offices", seat=1, kinds=ALL)
    assert [e["reward"] for e in events(t, "offices-returned")] == ["declined", "post-office"]
    assert t.offices.hands[0] == dict.fromkeys(ALL, 1)


def test_end_game_with_nobody_holding_tiles_opens_no_final_return():
    """Nothing to return: the score can follow at once."""
    t = act(table(3, modules=["offices"]), action="end-game")
    assert t.ended and t.offices.returning is None
    assert refused(t, action="end-game") == ["game-over"]


def test_tile_totals_follow_the_data():
    """A stored table with a tile too many is refused."""
    doc = table_to_json(offices_table([{"postmaster": 1}, {}]))
    doc["offices"]["hands"][1]["postmaster"] = 1
    made, problems = read_table(doc)
    assert made is None and [p.code for p in problems] == ["tiles-not-conserved"]
    assert facts().office_tiles(2)["postmaster"] == 4
