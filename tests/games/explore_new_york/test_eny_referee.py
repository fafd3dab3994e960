"""The round referee: coordinate cards, empty districts, the fallback, options A/B/C, `+`, cafes, the last round."""

from __future__ import annotations

import pytest

from companion.games.explore_new_york import score_document
from companion.games.explore_new_york.cards import Card
from companion.games.explore_new_york.referee import (
    Seat,
    Turn,
    a_options,
    begin_round,
    close_round,
    empty_matches,
    free_roads,
    must_fall_back,
    new_game,
    play_turn,
    to_game_document,
    undo_turn,
)
from companion.games.explore_new_york.tile import section
from companion.games.explore_new_york.tiles import shipped_tiles

TILES = shipped_tiles()
FILLER = Card(1, ("red",))


def s(a, b):
    """A section."""
    return section(tuple(a), tuple(b))


def table(players: int = 2):
    """A fresh table on Riverside and Midtown (and Harbor, Parkside), Max first."""
    names = ["Max", "Lena", "Aki", "Ben"][:players]
    tiles = ["riverside", "midtown", "harbor", "parkside"][:players]
    return new_game([Seat(n, TILES[t]) for n, t in zip(names, tiles, strict=True)], first=0)


def opened(cards, players: int = 2, state=None):
    """A table with a round open on these two coordinate cards."""
    state, problems = begin_round(state or table(players), (cards[0], FILLER, cards[1]), discard=1)
    assert problems == []
    return state


def codes(problems):
    """(code, path) pairs."""
    return [(p.code, p.path) for p in problems]


def test_begin_round_checks():
    """Three cards, a discard 0–2, one round at a time."""
    state = table()
    assert state.deck_left == 24
    assert codes(begin_round(state, (FILLER, FILLER), 5)[1]) == [("three-cards", "cards"), ("bad-discard", "discard")]
    open_ = opened((Card(4, ("red",)), Card(5, ("green",))))
    assert open_.round == 1 and open_.deck_left == 21 and open_.discarded == FILLER
    assert codes(begin_round(open_, (FILLER,) * 3, 0)[1]) == [("round-open", "")]


def test_equal_numbers_name_one_district_different_numbers_two():
    """2 and 2: one district; 4 and 5: X=4,Y=5 or X=5,Y=4, each player decides (the seed's example)."""
    state = opened((Card(2, ("red",)), Card(2, ("blue",))))
    assert empty_matches(state, 0) == [(2, 2)]
    state = opened((Card(4, ("red", "green")), Card(5, ("blue",))))
    assert empty_matches(state, 0) == [(5, 4), (4, 5)]
    max_turn = Turn((4, 5), "A", (s((4, 4), (4, 5)), s((4, 5), (4, 6))))
    lena_turn = Turn((5, 4), "A", (s((4, 4), (5, 4)), s((5, 4), (6, 4))))
    state, problems = play_turn(state, 0, max_turn)
    assert problems == []
    state, problems = play_turn(state, 1, lena_turn)
    assert problems == []
    assert state.players[0].tourists == {(4, 5): {"red": 1, "green": 1, "blue": 1}}


def test_wildcards():
    """A `*` is any number for its axis; two `*` are any empty district."""
    state = opened((Card(None, ("red",)), Card(3, ("blue",))))
    assert len(empty_matches(state, 0)) == 11
    assert len(empty_matches(opened((Card(None, ("red",)), Card(None, ("blue",)))), 0)) == 36


def test_district_must_match_and_be_empty():
    """Only an empty matching district; a taken one is refused, another district too."""
    state = opened((Card(3, ("red",)), Card(3, ("blue",))))
    bad = Turn((1, 1), "B", (s((0, 1), (1, 1)),))
    assert codes(play_turn(state, 0, bad)[1]) == [("district-not-matching", "district")]
    state, _ = play_turn(state, 0, Turn((3, 3), "B", (s((0, 1), (1, 1)),)))
    state, _ = play_turn(state, 1, Turn((3, 3), "B", (s((0, 1), (1, 1)),)))
    state, _ = close_round(state)
    state = opened((Card(3, ("green",)), Card(2, ("green",))), state=state)
    assert empty_matches(state, 0) == [(3, 2), (2, 3)]
    taken = Turn((3, 3), "B", (s((0, 2), (1, 2)),))
    assert codes(play_turn(state, 0, taken)[1]) == [("district-taken", "district")]


def test_fallback_any_empty_district_one_symbol_option_c():
    """Every matching district taken: any empty district, one tourist of your choice, one section (C)."""
    state = opened((Card(3, ("red",)), Card(3, ("blue", "green"))))
    state, _ = play_turn(state, 0, Turn((3, 3), "B", (s((0, 1), (1, 1)),)))
    state, _ = play_turn(state, 1, Turn((3, 3), "B", (s((0, 1), (1, 1)),)))
    state, _ = close_round(state)
    state = opened((Card(3, ("red", "green")), Card(3, ("blue",))), state=state)
    assert must_fall_back(state, 0)
    wrong = Turn((3, 3), "A", (s((2, 2), (3, 2)), s((3, 2), (4, 2))))
    assert codes(play_turn(state, 0, wrong)[1]) == [("district-taken", "district"),
                                                    ("fallback-needs-tourist", "tourist"),
                                                    ("fallback-draws-c", "drawing")]
    state, problems = play_turn(state, 0, Turn((6, 1), "C", (s((1, 4), (1, 5)),), tourist="green"))
    assert problems == []
    assert state.players[0].tourists[(6, 1)] == {"green": 1}
    normal = opened((Card(1, ("red",)), Card(2, ("red",))))
    assert codes(play_turn(normal, 0, Turn((1, 2), "C", (s((0, 1), (0, 2)),), tourist="red"))[1]) == \
        [("tourist-not-chosen", "tourist"), ("c-only-after-fallback", "drawing")]


def test_option_a():
    """A: first along the district, second continuing straight or at 90° (it need not touch the district)."""
    state = opened((Card(4, ("red",)), Card(4, ("red",))))
    ok = Turn((4, 4), "A", (s((3, 3), (4, 3)), s((4, 3), (5, 3))))
    assert play_turn(state, 0, ok)[1] == []
    turned = Turn((4, 4), "A", (s((3, 3), (4, 3)), s((4, 2), (4, 3))))
    assert play_turn(state, 0, turned)[1] == []
    away = Turn((4, 4), "A", (s((1, 1), (1, 2)), s((1, 2), (1, 3))))
    assert codes(play_turn(state, 0, away)[1]) == [("first-not-on-district", "sections[0]")]
    apart = Turn((4, 4), "A", (s((3, 3), (4, 3)), s((5, 3), (6, 3))))
    assert codes(play_turn(state, 0, apart)[1]) == [("second-not-continuing", "sections[1]")]
    one = Turn((4, 4), "A", (s((3, 3), (4, 3)),))
    assert codes(play_turn(state, 0, one)[1]) == [("wrong-section-count", "sections")]
    pairs = a_options(state.players[0], (4, 4))
    assert (s((3, 3), (4, 3)), s((4, 2), (4, 3))) in pairs and len(pairs) == 4 * 6


def test_option_b_and_roads():
    """B: one section anywhere on a road not yet drawn."""
    state = opened((Card(4, ("red",)), Card(4, ("red",))))
    assert play_turn(state, 0, Turn((4, 4), "B", (s((0, 5), (1, 6)),)))[1] == []
    assert codes(play_turn(state, 0, Turn((4, 4), "B", (s((0, 0), (1, 0)),)))[1]) == [("not-a-road", "sections[0]")]
    state, _ = play_turn(state, 0, Turn((4, 4), "B", (s((0, 5), (1, 6)),)))
    state, _ = play_turn(state, 1, Turn((4, 4), "B", (s((0, 5), (1, 6)),)))
    state, _ = close_round(state)
    state = opened((Card(1, ("red",)), Card(1, ("red",))), state=state)
    again = Turn((1, 1), "B", (s((0, 5), (1, 6)),))
    assert codes(play_turn(state, 0, again)[1]) == [("already-drawn", "sections[0]")]


def test_plus_extras():
    """Each `+` owes one extra section anywhere (it need not connect); two `+`, two extras."""
    state = opened((Card(2, ("green",), plus=True), Card(4, ("blue",))))
    short = Turn((4, 2), "A", (s((3, 1), (4, 1)), s((4, 1), (5, 1))))
    assert codes(play_turn(state, 0, short)[1]) == [("wrong-extra-count", "extras")]
    full = Turn((4, 2), "A", (s((3, 1), (4, 1)), s((4, 1), (5, 1))), extras=(s((0, 5), (0, 6 - 1 + 0)),))
    assert codes(play_turn(state, 0, full)[1]) == [("not-a-road", "extras[0]")]
    far = Turn((4, 2), "A", (s((3, 1), (4, 1)), s((4, 1), (5, 1))), extras=(s((0, 4), (0, 5)),))
    assert play_turn(state, 0, far)[1] == []
    twice = Turn((4, 2), "A", (s((3, 1), (4, 1)), s((4, 1), (5, 1))), extras=(s((3, 1), (4, 1)),))
    assert codes(play_turn(state, 0, twice)[1]) == [("duplicate-section", "extras[0]")]
    both = opened((Card(2, ("green",), plus=True), Card(4, ("blue",), plus=True)))
    two = Turn((4, 2), "B", (s((3, 1), (4, 1)),), extras=(s((0, 4), (0, 5)), s((6, 4), (6, 5))))
    assert play_turn(both, 0, two)[1] == []


def test_cafes_add_to_this_rounds_district_once():
    """Any section reaching a cafe adds its symbols to this round's district and circles it; it pays once."""
    state = opened((Card(4, ("red",)), Card(5, ("blue",))))  # Riverside cafes [4,2] (green, blue), [5,4] (red, green)
    turn = Turn((4, 5), "B", (s((5, 4), (5, 5)),), ())
    state, problems = play_turn(state, 0, turn)
    assert problems == []
    assert state.players[0].tourists[(4, 5)] == {"red": 2, "green": 1, "blue": 1}
    assert state.players[0].cafes == {(5, 4)} and state.played[0].cafes == ((5, 4),)
    state, _ = play_turn(state, 1, Turn((4, 5), "B", (s((0, 1), (0, 2)),)))
    state, _ = close_round(state)
    state = opened((Card(2, ("green",)), Card(2, ("green",))), state=state)
    again = Turn((2, 2), "A", (s((2, 1), (2, 2)), s((2, 1), (3, 1))))  # [2,1] is a cafe (red)
    state, problems = play_turn(state, 0, again)
    assert problems == []
    assert state.players[0].tourists[(2, 2)] == {"red": 1, "green": 2}
    state = undo_turn(state, 0)[0]
    two = Turn((2, 2), "A", (s((2, 1), (2, 2)), s((2, 1), (3, 1))))
    state, _ = play_turn(state, 0, two)
    assert state.players[0].cafes == {(5, 4), (2, 1)}


def test_two_cafes_in_one_round():
    """All cafes reached in one round add their symbols to the round's district."""
    state = opened((Card(2, ("red",), plus=True), Card(4, ("red",))))
    turn = Turn((2, 4), "B", (s((2, 3), (2, 4)),), extras=(s((4, 1), (4, 2)),))
    state, problems = play_turn(state, 0, turn)
    assert problems == []
    assert state.players[0].tourists[(2, 4)] == {"red": 3, "green": 1, "blue": 2}


def test_undo_close_and_clockwise():
    """A turn can be taken back until the round closes; the round closes when all played; active passes on."""
    state = opened((Card(1, ("red",)), Card(1, ("red",))), players=3)
    state, _ = play_turn(state, 0, Turn((1, 1), "B", (s((0, 1), (0, 2)),)))
    assert codes(play_turn(state, 0, Turn((1, 1), "B", (s((0, 2), (0, 3)),)))[1]) == [("already-played", "seat")]
    assert codes(close_round(state)[1]) == [("players-waiting", "")]
    state, problems = undo_turn(state, 0)
    assert problems == [] and state.players[0].sections == ()
    for seat in range(3):
        state, _ = play_turn(state, seat, Turn((1, 1), "B", (s((0, 1), (0, 2)),)))
    state, problems = close_round(state)
    assert problems == [] and state.active == 1 and state.cards is None
    assert codes(undo_turn(state, 0)[1]) == [("nothing-to-undo", "seat")]


@pytest.mark.parametrize("players,rounds", [(2, 8), (3, 9), (4, 8)])
def test_the_deck_running_out_ends_the_game(players, rounds):
    """The round in which the active player draws the last three cards is the last one."""
    state = table(players)
    played = 0
    while not state.finished:
        state = opened((Card(None, ("red",)), Card(None, ("red",))), players, state)
        played += 1
        assert state.last_round == (played == rounds)
        for seat in range(players):
            free = empty_matches(state, seat)[0]
            road = free_roads(state.players[seat])[0]
            state, problems = play_turn(state, seat, Turn(free, "B", (road,)))
            assert problems == []
        state, _ = close_round(state)
    assert played == rounds
    assert codes(begin_round(state, (FILLER,) * 3, 0)[1]) == [("game-over", "")]
    result = score_document(to_game_document(state))
    assert all(p["problems"] == [] and p["total"] is not None for p in result["players"])
    assert all(len(p["tourists"]) == rounds for p in to_game_document(state)["players"])
