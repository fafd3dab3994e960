"""The drawing phase: location choice, tourists, route segments, fallback, undo (§3)."""

from __future__ import annotations

from fuzz_scale import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from referee_helpers import card, closed, codes, game, opened

from companion.games.enroute.cards import colour_choices, model_deck
from companion.games.enroute.referee import (
    BonusSection,
    CoordinateChange,
    Turn,
    begin_round,
    check_turn,
    play_turn,
    undo_turn,
)

TOP = ((2, 4), (3, 4))  # top side of location (3, 5)
RIGHT = ((3, 4), (3, 5))  # right side of location (3, 5)


def test_location_matches_either_order_on_board_1(city):
    """Cards 3 and 5 on the identity board allow (3, 5) and (5, 3), nothing else."""
    state = opened(game(city), card(3, blue=1), card(5, red=1))
    for loc, sec in (((3, 5), TOP), ((5, 3), ((4, 2), (5, 2)))):
        assert check_turn(state, 0, Turn(loc, (sec,))) == []
    problems = check_turn(state, 0, Turn((3, 3), (TOP,)))
    assert codes(problems) == {"location-not-matching"}
    assert problems[0].path == "turn.location"
    assert "(3, 5)" in problems[0].message and "(5, 3)" in problems[0].message


def test_location_uses_the_players_own_printed_coordinates(city):
    """Board 2 prints columns 4,6,2,1,5,3 and rows 2,5,1,6,3,4: cards 4 and 2 mean layout (1, 1) or (3, 6)."""
    state = opened(game(city, boards=(2,)), card(4, blue=1), card(2, red=1))
    assert check_turn(state, 0, Turn((1, 1), (((0, 0), (1, 0)),))) == []
    assert check_turn(state, 0, Turn((3, 6), (((2, 6), (3, 6)),))) == []
    problems = check_turn(state, 0, Turn((2, 2), (((0, 0), (1, 0)),)))
    assert codes(problems) == {"location-not-matching"}
    assert "location (6, 5)" in problems[0].message  # layout (2, 2) printed on board 2


def test_tourists_of_both_cards_are_marked(city):
    """The chosen location gets every tourist of both round cards."""
    state = opened(game(city), card(3, blue=2), card(5, red=1))
    state, problems = play_turn(state, 0, Turn((3, 5), (TOP,)))
    assert problems == []
    assert state.players[0].tourists == {(3, 5): {"red": 1, "blue": 2}}


def test_two_sections_straight_or_l_next_to_the_location(city):
    """Straight and L-shaped pairs with a side of the location are accepted."""
    state = opened(game(city), card(3, green=1), card(5, green=1))
    straight = (TOP, ((3, 4), (4, 4)))
    ell = (TOP, RIGHT)
    for segment in (straight, ell):
        assert check_turn(state, 0, Turn((3, 5), segment)) == []


def test_segment_refusals(city):
    """Far away, disconnected, three sections, none, or not a road: each refused with its reason."""
    state = opened(game(city), card(3, green=1), card(5, green=1))
    far = (((0, 0), (1, 0)), ((1, 0), (2, 0)))
    assert codes(check_turn(state, 0, Turn((3, 5), far))) == {"segment-not-next"}
    apart = (TOP, ((2, 5), (3, 5)))
    assert codes(check_turn(state, 0, Turn((3, 5), apart))) == {"segment-not-next"}
    three = (TOP, RIGHT, ((3, 5), (4, 5)))
    assert codes(check_turn(state, 0, Turn((3, 5), three))) == {"segment-size"}
    assert codes(check_turn(state, 0, Turn((3, 5), ()))) == {"segment-size"}
    diagonal = (((0, 0), (1, 1)),)
    problems = check_turn(state, 0, Turn((3, 5), diagonal))
    assert codes(problems) == {"not-a-road"} and problems[0].path == "turn.segment[0]"


def test_one_section_anywhere(city):
    """A single section may be drawn anywhere on the map."""
    state = opened(game(city), card(3, green=1), card(5, green=1))
    assert check_turn(state, 0, Turn((3, 5), (((5, 6), (6, 6)),))) == []


def test_never_over_an_existing_section(city):
    """A section already drawn cannot be drawn again, in a later round or twice in one turn."""
    state = opened(game(city), card(3, green=1), card(5, green=1))
    state, _ = play_turn(state, 0, Turn((3, 5), (TOP, RIGHT)))
    state = opened(closed(state), card(5, red=1), card(3, red=1))
    problems = check_turn(state, 0, Turn((5, 3), (((4, 2), (5, 2)),)))
    assert problems == []
    reuse = check_turn(state, 0, Turn((5, 3), (((3, 4), (2, 4)),)))  # TOP, given in the other order
    assert codes(reuse) == {"section-taken"}
    twice = check_turn(state, 0, Turn((5, 3), (((4, 2), (5, 2)), ((5, 2), (4, 2)))))
    assert "section-taken" in codes(twice)


def test_location_must_be_empty(city):
    """A location holding tourists cannot be chosen again."""
    state = opened(game(city), card(3, green=1), card(5, green=1))
    state, _ = play_turn(state, 0, Turn((3, 5), (TOP,)))
    state = opened(closed(state), card(5, green=1), card(3, green=1))
    problems = check_turn(state, 0, Turn((3, 5), (RIGHT,)))
    assert codes(problems) == {"location-occupied"}
    assert "already has tourists" in problems[0].message


def _both_occupied(city):
    """Play (3, 5) and (5, 3), then open a third 3-and-5 round."""
    state = opened(game(city), card(3, green=1), card(5, green=1))
    state, _ = play_turn(state, 0, Turn((3, 5), (TOP,)))
    state = opened(closed(state), card(3, green=1), card(5, green=1))
    state, _ = play_turn(state, 0, Turn((5, 3), (((4, 2), (5, 2)),)))
    return opened(closed(state), card(5, blue=3), card(3, blue=1))


def test_fallback_when_every_match_is_occupied(city):
    """One tourist of any type in any empty location, and one section anywhere."""
    state = _both_occupied(city)
    turn = Turn((1, 6), (((0, 0), (1, 0)),), colour="purple", fallback=True)
    assert codes(check_turn(state, 0, turn)) == {"fallback-colour"}  # the training city has no purple
    state, problems = play_turn(state, 0, Turn((1, 6), (((0, 0), (1, 0)),), colour="red", fallback=True))
    assert problems == []
    assert state.players[0].tourists[(1, 6)] == {"red": 1}


def test_fallback_refusals(city):
    """Two sections, or the round's tourists in an occupied match, are refused in the fallback round."""
    state = _both_occupied(city)
    two = Turn((1, 6), (((0, 5), (1, 5)), ((1, 5), (1, 6))), colour="red", fallback=True)
    assert codes(check_turn(state, 0, two)) == {"fallback-one-section"}
    assert codes(check_turn(state, 0, Turn((3, 5), (RIGHT,)))) == {"location-occupied"}


def test_fallback_only_when_all_matches_are_occupied(city):
    """While a matching location is empty, the fallback is refused and names it."""
    state = opened(game(city), card(3, green=1), card(5, green=1))
    problems = check_turn(state, 0, Turn((1, 1), (((0, 0), (1, 0)),), colour="red", fallback=True))
    assert codes(problems) == {"fallback-not-allowed"}
    assert "location (3, 5)" in problems[0].message


def test_repeat_card_doubles_the_other_cards_type(city):
    """One repeat card: two more tourists of the other card's type; no rating change from the repeat."""
    state = opened(game(city), card(2, repeat=True), card(5, blue=2, iconic=("tv-tower",)))
    assert state.ratings["tv-tower"] == 1
    state, problems = play_turn(state, 0, Turn((2, 5), (((1, 4), (2, 4)),)))
    assert problems == []
    assert state.players[0].tourists[(2, 5)] == {"blue": 4}


def test_two_repeat_cards_ask_for_one_type(city):
    """Two repeat cards: two tourists of one type of the player's choice."""
    state = opened(game(city), card(2, repeat=True), card(5, repeat=True))
    turn = Turn((2, 5), (((1, 4), (2, 4)),))
    assert codes(check_turn(state, 0, turn)) == {"choose-colour"}
    state, problems = play_turn(state, 0, Turn((2, 5), (((1, 4), (2, 4)),), colour="green"))
    assert problems == []
    assert state.players[0].tourists[(2, 5)] == {"green": 2}


def test_a_card_with_two_tourist_types_is_refused(city):
    """R6: city and global cards show one tourist type (seed ~l.219); a two-type card is not a real card."""
    _, problems = begin_round(game(city), (card(2, repeat=True), card(5, blue=1, red=1)))
    assert [(p.code, p.path) for p in problems] == [("one-tourist-type", "cards[1]")]


def test_model_deck_cards_show_one_tourist_type(city):
    """R6: the model deck has no two-colour card, so a repeat card never asks for a type beside one card."""
    deck = model_deck(city)
    assert len(deck) == 36 and all(len(c.tourists) <= 1 for c in deck)
    assert all(not colour_choices((r, c), ("red", "green", "blue")) for r in deck if r.repeat for c in deck
               if not c.repeat)


def test_one_turn_per_round_and_undo(city):
    """A second turn is refused; undo restores the map until the round closes."""
    state = opened(game(city), card(3, green=1), card(5, green=1))
    after, _ = play_turn(state, 0, Turn((3, 5), (TOP,)))
    assert codes(check_turn(after, 0, Turn((5, 3), (RIGHT,)))) == {"already-played"}
    undone, problems = undo_turn(after, 0)
    assert problems == [] and undone.players[0] == state.players[0]
    again, problems = play_turn(undone, 0, Turn((5, 3), (((4, 2), (5, 2)),)))
    assert problems == [] and set(again.players[0].tourists) == {(5, 3)}
    _, problems = undo_turn(closed(again), 0)
    assert codes(problems) == {"nothing-to-undo"}


def test_bad_player_and_location_input_is_refused_not_raised(city):
    """Nonsense input gives problems, never an exception."""
    state = opened(game(city), card(3, green=1), card(5, green=1))
    assert codes(check_turn(state, 3, Turn((3, 5), (TOP,)))) == {"no-player"}
    assert codes(check_turn(state, 0, Turn((9, 9), (TOP,)))) == {"location-off-map"}
    assert codes(check_turn(state, 0, Turn("x", (TOP,)))) == {"location-off-map"}
    assert codes(check_turn(state, 0, Turn((3, 5), (((0, 0),),)))) == {"bad-section"}


_ints = st.integers(-2, 8)
_points = st.tuples(_ints, _ints)
_sources = st.one_of(_points, st.just("balance"), st.text(max_size=3))


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(loc=_points, segment=st.lists(st.tuples(_points, _points), max_size=3),
       colour=st.one_of(st.none(), st.sampled_from(["red", "green", "blue", "purple", "pink"])),
       fallback=st.booleans(),
       changes=st.lists(st.builds(CoordinateChange, st.integers(-1, 2), st.integers(-2, 2), _sources), max_size=2),
       bonus=st.lists(st.builds(BonusSection, st.tuples(_points, _points), _sources), max_size=2),
       declined=st.lists(_points, max_size=2))
def test_any_turn_is_answered_with_problems_not_exceptions(city, loc, segment, colour, fallback, changes, bonus,
                                                           declined):
    """Whatever a page sends, the referee answers with problems (each with a code, path and message)."""
    state = opened(game(city, balance=("coordinate",)), card(3, repeat=True), card(5, repeat=True))
    turn = Turn(loc, tuple(segment), colour, fallback, tuple(changes), tuple(bonus), tuple(declined))
    problems = check_turn(state, 0, turn)
    assert all(p.code and p.path.startswith(("turn", "player")) and p.message for p in problems)
    after, found = play_turn(state, 0, turn)
    assert (after is state) == any(p.severity == "error" for p in found)
