"""Post offices, bonus tiles and the end, tracked (setup `posts: true`): rewards once, one tile per stack, final round."""

from __future__ import annotations

from taxis_helpers import act, ready, table

from companion.games.thurn_und_taxis_rome import apply_action, read_table, score_game, score_table, table_to_json
from companion.games.thurn_und_taxis_rome.posts import POST_OFFICES
from companion.games.thurn_und_taxis_rome.simulate import play


def offices_table(n=4):
    """A tracked Offices-only table."""
    return table(n, modules=["offices"], posts=True)


def codes(out):
    """Error codes of an outcome."""
    return [p.code for p in out.problems if p.severity == "error"]


def give(t, seat, kinds):
    """Move tiles from the stacks into a seat's hand (test set-up)."""
    t = t.copy()
    for kind in kinds:
        t.offices.stacks[kind] -= 1
        t.offices.hands[seat][kind] += 1
    return t


def test_bonus_tiles_come_from_the_top_one_per_stack_and_player():
    """Baiern: Anna takes 5, Ben 4; Anna's second Baiern tile is refused; the stack runs out."""
    t = offices_table()
    t = act(t, action="take-bonus", seat=0, stack="province:Baiern")
    out = apply_action(t, {"action": "take-bonus", "seat": 0, "stack": "province:Baiern"})
    assert codes(out) == ["bonus-stack-twice"]
    assert "Anna already holds the province:Baiern tile worth 5" in out.problems[0].to_json()["message"]
    for seat in (1, 2, 3):
        t = act(t, action="take-bonus", seat=seat, stack="province:Baiern")
    assert [b for b in t.posts.bonus] == [[("province:Baiern", 5)], [("province:Baiern", 4)],
                                          [("province:Baiern", 3)], [("province:Baiern", 2)]]
    t5 = act(offices_table(), action="take-bonus", seat=0, stack="long_route:5")
    t5 = act(t5, action="take-bonus", seat=1, stack="long_route:5")
    assert codes(apply_action(t5, {"action": "take-bonus", "seat": 2, "stack": "long_route:5"})) == \
        ["bonus-stack-empty"]
    assert codes(apply_action(t5, {"action": "take-bonus", "seat": 2, "stack": "end_game"})) == ["end-game-tile"]
    assert codes(apply_action(t5, {"action": "take-bonus", "seat": 2, "stack": "Baiern"})) == ["unknown-stack"]


def test_the_score_sheet_refuses_baiern_4_and_3_in_one_hand():
    """Typed bonus tiles: one player with Baiern 4 and 3 is an error; Baiern 5 and 4 with two players is fine."""
    def doc(*hands):
        return {"format": "thurn-und-taxis-rome-game/1", "modules": ["offices"], "players": [
            {"player": p, "colour": c, "bonus_tiles": [{"type": "province", "applies_to": "Baiern", "points": x}
                                                       for x in hand], "houses_left": 0}
            for p, c, hand in zip(["Anna", "Ben"], ["blue", "green"], hands)]}
    sheet = score_game(doc([5, 4, 3], [2]))
    assert [p["code"] for p in sheet["players"][0]["problems"]] == ["bonus-stack-twice", "bonus-stack-twice"]
    assert sheet["players"][0]["total"] is None and sheet["players"][1]["total"] == 2
    assert score_game(doc([5], [4]))["players"][0]["total"] == 5


def test_post_offices_count_and_the_last_one_starts_the_final_round():
    """Seed example 1: Ben's turn starts the returns, Scott's 4 kinds place his last post office; Scott and
    Dave still play a turn, then the game ends (final return open)."""
    t = offices_table()
    t = act(t, action="end-turn", seat=0)  # Ben (seat 1) is active
    t = give(t, 2, ["postmaster", "coachman", "administrator", "cartwright"])
    t = give(t, 0, ["cartwright", "cartwright"])
    t.posts.houses[2] = POST_OFFICES - 1
    t = act(t, action="take-office", seat=1, office="cartwright")  # the last cartwright: return round from Ben
    assert t.offices.returning.queue == [1, 2, 0]
    t = act(t, action="return-offices", seat=1, kinds=["cartwright"])
    out = apply_action(t, {"action": "return-offices", "seat": 2,
                           "kinds": ["postmaster", "coachman", "administrator", "cartwright"]})
    assert out.ok
    events = [e["event"] for e in out.events]
    assert events == ["offices-returned", "post-offices", "final-round", "bonus-taken"]
    t = out.table
    assert t.posts.houses[2] == POST_OFFICES and t.posts.final_round == 2
    assert t.posts.bonus[2] == [("end_game", 1)]
    # the reward once: Scott cannot return again in this round
    assert codes(apply_action(t, {"action": "return-offices", "seat": 2, "kinds": ["postmaster"]})) == \
        ["not-your-return"]
    t = act(t, action="return-offices", seat=0, kinds=["cartwright"])
    assert t.offices.returning is None
    t = act(t, action="end-turn", seat=1)
    assert not t.ended
    t = act(t, action="end-turn", seat=2)
    assert not t.ended
    out = apply_action(t, {"action": "end-turn", "seat": 3})
    assert [e["event"] for e in out.events][:2] == ["turn-ended", "game-ended"]
    t = out.table
    assert t.ended and t.offices.returning.kind == "final" and t.offices.returning.queue == [0]
    assert read_table(table_to_json(t))[0] == t


def test_seed_example_2_the_last_seats_turn_ends_the_game():
    """Seed example 2: Dave (last seat) starts the returns, Scott places his last post office; after Dave's
    turn the game is over."""
    t = offices_table()
    for seat in range(3):
        t = act(t, action="end-turn", seat=seat)
    t = give(t, 2, ["postmaster", "coachman", "administrator", "cartwright"])
    t = give(t, 0, ["cartwright", "cartwright"])
    t.posts.houses[2] = POST_OFFICES - 1
    t = act(t, action="take-office", seat=3, office="cartwright")
    for seat, kinds in ((3, ["cartwright"]), (0, ["cartwright"]),
                        (2, ["postmaster", "coachman", "administrator", "cartwright"])):
        t = act(t, action="return-offices", seat=seat, kinds=kinds)
    assert t.posts.final_round == 2 and not t.ended
    t = act(t, action="end-turn", seat=3)
    assert t.ended


def test_rewards_of_two_three_and_four_kinds_once_each():
    """2 kinds: a card (recorded), 3 kinds: one VP coin, 4 kinds: one post office; nothing else changes."""
    t = offices_table(3)
    t = give(t, 0, ["postmaster", "coachman"])
    t = give(t, 1, ["postmaster", "coachman", "administrator"])
    t = give(t, 2, ["postmaster", "coachman", "administrator", "cartwright", "cartwright"])
    t = act(t, action="take-office", seat=0, office="cartwright")  # the last of 3 cartwrights
    rewards = []
    for seat, kinds in ((0, ["postmaster", "coachman"]), (1, ["postmaster", "coachman", "administrator"]),
                        (2, ["postmaster", "coachman", "administrator", "cartwright"])):
        out = apply_action(t, {"action": "return-offices", "seat": seat, "kinds": kinds})
        rewards.append(out.events[0]["reward"])
        t = out.table
    assert rewards == ["card", "vp-coin", "post-office"]
    assert t.offices.coins == [0, 1, 0] and t.posts.houses == [0, 0, 1]


def test_a_route_places_post_offices_and_refuses_more_than_are_left():
    """With the Audience, the scored route's post offices count; more than left is refused."""
    t = table(2, track="example", posts=True)
    t = ready(t)
    t = act(t, action="score-route", seat=0, cities=["Munchen", "Ingolstadt", "Augsburg"],
            post_offices=["Munchen", "Augsburg"])
    assert t.posts.houses == [2, 0]
    t = act(t, action="end-turn", seat=0)
    t.posts.houses[1] = POST_OFFICES - 1
    out = apply_action(t, {"action": "score-route", "seat": 1, "cities": ["Munchen", "Ingolstadt", "Augsburg"],
                           "post_offices": ["Munchen", "Augsburg"]})
    assert codes(out) == ["no-post-offices-left"]
    out = apply_action(t, {"action": "score-route", "seat": 1, "cities": ["Munchen", "Ingolstadt", "Augsburg"],
                           "post_offices": ["Munchen"]})
    assert out.table.posts.final_round == 1


def test_the_score_sheet_comes_from_the_tracking():
    """Tracked bonus tiles and post offices replace typed ones; the carriage stays typed."""
    t = offices_table(2)
    t = act(t, action="take-bonus", seat=0, stack="province:Baiern")
    t = act(t, action="build", seat=0, count=POST_OFFICES)  # ends it: final round, end-game tile
    t = act(t, action="end-turn", seat=0)
    t = act(t, action="end-turn", seat=1)
    assert t.ended
    sheet = score_table(t, [{"carriage": 5, "houses_left": 9, "bonus_tiles": []}, {"houses_left": 3}])
    anna, ben = sheet["players"]
    assert anna["rows"] == {"bonus_tiles": 6, "carriage": 5, "houses_left": 0, "clergy": 0, "vp_coins": 0}
    assert ben["rows"]["houses_left"] == -POST_OFFICES
    assert sheet["problems"] == []


def test_build_and_trigger_end_refusals():
    """`build` needs a count and no Audience; `trigger-end` once; untracked tables refuse tracking actions."""
    t = offices_table(2)
    assert codes(apply_action(t, {"action": "build", "seat": 0, "count": 0})) == ["bad-count"]
    assert codes(apply_action(t, {"action": "build", "seat": 1, "count": 1})) == ["not-your-turn"]
    t = act(t, action="trigger-end", seat=0)
    assert codes(apply_action(t, {"action": "trigger-end", "seat": 0})) == ["final-round-already"]
    untracked = table(2, modules=["offices"])
    assert codes(apply_action(untracked, {"action": "take-bonus", "seat": 0, "stack": "province:Baden"})) == \
        ["not-tracked"]
    with_audience = table(2, track="example", posts=True)
    assert codes(apply_action(with_audience, {"action": "build", "seat": 0, "count": 1})) == ["use-score-route"]


def test_a_stored_posts_that_cannot_happen_is_refused():
    """A tile under one nobody took, or two tiles of one stack in one hand: `bad-posts`."""
    t = act(offices_table(2), action="take-bonus", seat=0, stack="province:Baiern")
    doc = table_to_json(t)
    doc["posts"]["bonus"][0] = [{"stack": "province:Baiern", "points": 4}]
    assert [p.code for p in read_table(doc)[1]] == ["bad-posts"]
    doc["posts"]["bonus"] = [[{"stack": "province:Baiern", "points": 5}, {"stack": "province:Baiern", "points": 4}],
                             []]
    assert [p.code for p in read_table(doc)[1]] == ["bad-posts"]


def test_simulated_games_end_with_a_score_sheet_and_mutations_refused():
    """A few seeded games (the bench runs 500): no problems, a score sheet, every mutation refused."""
    refused = 0
    for seed in range(6):
        result = play(seed)
        assert result.problems == [], (seed, result.problems)
        assert result.sheet is not None and result.sheet["problems"] == []
        refused += len(result.refusals)
    assert refused > 10


def test_final_round_counts_the_turns_left_and_open_stacks_follow_the_hands():
    """What every phone announces: seed example 1 (Ben's turn: Ben, Scott, Dave still play) down to the end;
    the stacks a seat may take from: not one it holds, not an empty one, never the end-game tile."""
    from companion.games.thurn_und_taxis_rome.posts import final_round, open_stacks

    t = offices_table()
    assert final_round(t) is None and final_round(table(4, modules=["offices"])) is None
    t = act(t, action="end-turn", seat=0)  # Ben's turn
    t = act(t, action="take-bonus", seat=2, stack="province:Baiern")
    t.posts.houses[2] = POST_OFFICES - 1
    t = act(t, action="end-turn", seat=1)  # Scott's turn: he scores his last post office (Offices only: build)
    t = act(t, action="build", seat=2, count=1)
    found = final_round(t)
    assert found == {"seat": 2, "why": "last-post-office", "left": [2, 3], "last": 3, "ended": False}
    t = act(t, action="end-turn", seat=2)
    assert final_round(t)["left"] == [3]
    t = act(t, action="end-turn", seat=3)
    assert final_round(t) == {"seat": 2, "why": "last-post-office", "left": [], "last": 3, "ended": True}
    mine = dict(open_stacks(t, 2))
    assert "province:Baiern" not in mine and "end_game" not in mine
    assert dict(open_stacks(t, 0))["province:Baiern"] == 4  # the top tile now: Scott took the 5
    assert open_stacks(table(4, modules=["offices"]), 0) == []
    seven = act(offices_table(2), action="trigger-end", seat=0)
    assert final_round(seven)["why"] == "carriage" and final_round(seven)["left"] == [0, 1]
