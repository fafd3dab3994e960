"""Cafes and balance cards (§4): visits, new tourists, route sections, coordinate changes."""

from __future__ import annotations

from referee_helpers import card, closed, codes, game, opened

from companion.games.enroute.referee import (
    BALANCE,
    BonusSection,
    CoordinateChange,
    Turn,
    bonus_sources,
    check_turn,
    play_turn,
)

LEFT_TO_RED_CAFE = (((0, 0), (0, 1)), ((0, 1), (0, 2)))  # along (1, 1), reaching the red-tourists cafe at [0, 2]
TO_SECTION_CAFE = (((3, 0), (4, 0)), ((4, 0), (5, 0)))  # top of (4, 1), reaching the section cafe at [4, 0]


def test_new_tourists_cafe_adds_to_this_turns_location(city):
    """Reaching the cafe at [0, 2] adds its 2 red tourists at once and strikes the cup."""
    state = opened(game(city), card(1, blue=1), card(1, green=1))
    state, problems = play_turn(state, 0, Turn((1, 1), LEFT_TO_RED_CAFE))
    assert problems == []
    me = state.players[0]
    assert me.tourists[(1, 1)] == {"red": 2, "green": 1, "blue": 1}
    assert me.cafes == {(0, 2): "used"}


def test_new_tourists_may_be_declined_to_keep_2_pp(city):
    """Declined: no tourists added, the cup stays circled and unused."""
    state = opened(game(city), card(1, blue=1), card(1, green=1))
    state, problems = play_turn(state, 0, Turn((1, 1), LEFT_TO_RED_CAFE, decline_cafe_tourists=((0, 2),)))
    assert problems == []
    assert state.players[0].tourists[(1, 1)] == {"green": 1, "blue": 1}
    assert state.players[0].cafes == {(0, 2): "unused"}
    bad = check_turn(opened(game(city), card(1, blue=1), card(1, green=1)), 0,
                     Turn((1, 1), TO_SECTION_CAFE[:1], decline_cafe_tourists=((0, 2),)))
    assert "decline-not-a-tourist-cafe" in codes(bad)


def test_simplified_game_ignores_cafes(city):
    """At the simplified level reaching a cup does nothing."""
    state = opened(game(city, level="simplified"), card(1, blue=1), card(1, green=1))
    state, _ = play_turn(state, 0, Turn((1, 1), LEFT_TO_RED_CAFE))
    assert state.players[0].cafes == {}
    assert state.players[0].tourists[(1, 1)] == {"green": 1, "blue": 1}


def test_section_bonus_now(city):
    """A route-section cafe can be used in the turn it is reached, for one section anywhere."""
    state = opened(game(city), card(4, red=1), card(1, red=1))
    turn = Turn((4, 1), TO_SECTION_CAFE, bonus_sections=(BonusSection(((0, 6), (1, 6)), (4, 0)),))
    state, problems = play_turn(state, 0, turn)
    assert problems == []
    assert state.players[0].cafes == {(4, 0): "used"}
    assert ((0, 6), (1, 6)) in state.players[0].sections and len(state.players[0].sections) == 3


def test_section_bonus_later_and_chained(city):
    """Kept for a later turn; a bonus section reaching another section cafe can be followed by its bonus."""
    state = opened(game(city), card(4, red=1), card(1, red=1))
    state, _ = play_turn(state, 0, Turn((4, 1), TO_SECTION_CAFE))
    assert bonus_sources(state, 0, "section") == [(4, 0)]
    state = opened(closed(state), card(3, red=1), card(5, red=1))
    turn = Turn((3, 5), (((2, 4), (3, 4)),), bonus_sections=(
        BonusSection(((3, 5), (3, 6)), (4, 0)),  # reaches the section cafe at [3, 6]
        BonusSection(((5, 6), (6, 6)), (3, 6))))
    state, problems = play_turn(state, 0, turn)
    assert problems == []
    assert state.players[0].cafes == {(4, 0): "used", (3, 6): "used"}


def test_section_bonus_refusals(city):
    """Unvisited cafe, a cafe of the wrong kind, a used cafe, and a bonus section over a drawn one."""
    state = opened(game(city), card(4, red=1), card(1, red=1))
    unvisited = Turn((4, 1), TO_SECTION_CAFE, bonus_sections=(BonusSection(((0, 6), (1, 6)), (3, 6)),))
    problems = check_turn(state, 0, unvisited)
    assert codes(problems) == {"bonus-not-available"} and problems[0].path == "turn.bonus_sections[0]"
    wrong = Turn((4, 1), TO_SECTION_CAFE, bonus_sections=(BonusSection(((0, 6), (1, 6)), (0, 2)),))
    assert codes(check_turn(state, 0, wrong)) == {"not-a-bonus"}
    twice = Turn((4, 1), TO_SECTION_CAFE, bonus_sections=(BonusSection(((0, 6), (1, 6)), (4, 0)),
                                                           BonusSection(((1, 6), (2, 6)), (4, 0))))
    assert codes(check_turn(state, 0, twice)) == {"bonus-not-available"}
    over = Turn((4, 1), TO_SECTION_CAFE, bonus_sections=(BonusSection(((3, 0), (4, 0)), (4, 0)),))
    assert codes(check_turn(state, 0, over)) == {"section-taken"}


def _with_coordinate_cafe(city):
    """Round 1: reach the coordinate cafe at [6, 2]; return the state after closing the round."""
    state = opened(game(city), card(1, red=1), card(1, red=1))
    gained_now = Turn((1, 1), (((6, 1), (6, 2)),), changes=(CoordinateChange(0, 1, (6, 2)),))
    problems = check_turn(state, 0, gained_now)
    assert codes(problems) == {"bonus-not-available", "location-not-matching"}
    assert "next turn" in next(p.message for p in problems if p.code == "bonus-not-available")
    state, problems = play_turn(state, 0, Turn((1, 1), (((6, 1), (6, 2)),)))
    assert problems == [] and state.players[0].cafes == {(6, 2): "unused"}
    return closed(state)


def test_coordinate_change_from_a_cafe(city):
    """Cards 3 and 5 become 4 and 5 with +1 on the first card; the cup is struck."""
    state = opened(_with_coordinate_cafe(city), card(3, red=1), card(5, red=1))
    turn = Turn((5, 4), (((4, 3), (5, 3)),), changes=(CoordinateChange(0, 1, (6, 2)),))
    state, problems = play_turn(state, 0, turn)
    assert problems == []
    assert state.players[0].cafes[(6, 2)] == "used"
    assert codes(check_turn(state, 0, turn)) >= {"already-played"}


def test_coordinate_change_wraps_6_to_1(city):
    """6 + 1 = 1 and 1 − 1 = 6."""
    base = _with_coordinate_cafe(city)
    state = opened(base, card(6, red=1), card(2, red=1))
    assert check_turn(state, 0, Turn((1, 2), (((0, 1), (0, 2)),), changes=(CoordinateChange(0, 1, (6, 2)),))) == []
    state = opened(base, card(1, red=1), card(2, red=1))
    assert check_turn(state, 0, Turn((6, 2), (((5, 1), (5, 2)),), changes=(CoordinateChange(0, -1, (6, 2)),))) == []


def test_coordinate_change_refusals(city):
    """A used or missing source, a bad card number or step."""
    state = opened(game(city), card(3, red=1), card(5, red=1))
    problems = check_turn(state, 0, Turn((3, 5), (((2, 4), (3, 4)),), changes=(CoordinateChange(0, 1, BALANCE),)))
    assert "no-balance-card" in codes(problems)
    bad = check_turn(state, 0, Turn((3, 5), (((2, 4), (3, 4)),), changes=(CoordinateChange(2, 2, BALANCE),)))
    assert codes(bad) == {"bad-change"}


def test_balance_cards_are_one_use(city):
    """A coordinate-change balance card works once; a route-section one gives one section anywhere."""
    state = opened(game(city, balance=("coordinate", "section")), card(3, red=1), card(5, red=1))
    turn = Turn((4, 5), (((3, 4), (4, 4)),), changes=(CoordinateChange(0, 1, BALANCE),),
                bonus_sections=(BonusSection(((0, 0), (1, 0)), BALANCE),))
    state, problems = play_turn(state, 0, turn)
    assert problems == []
    assert state.players[0].balance == (("coordinate", True), ("section", True))
    state = opened(closed(state), card(3, red=1), card(5, red=1))
    again = Turn((5, 4), (((4, 3), (5, 3)),), changes=(CoordinateChange(0, 1, BALANCE),))
    assert "no-balance-card" in codes(check_turn(state, 0, again))
