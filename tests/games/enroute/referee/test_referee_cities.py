"""The world cities' setup and round rules in the referee (issue 15): each refusal with its message."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from fuzz_scale import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from referee_helpers import card, closed, codes

from companion.games.core.problems import has_errors
from companion.games.enroute.cards import RoundCard
from companion.games.enroute.cityrules import DEFAULT, rules_for
from companion.games.enroute.game import read_game
from companion.games.enroute.goals import GoalCard
from companion.games.enroute.referee import (
    BALANCE,
    BonusSection,
    Seat,
    Turn,
    begin_round,
    begin_start_rounds,
    bonus_sources,
    new_game,
    play_turn,
    segment_options,
    to_game_document,
    to_sheet,
)
from companion.games.enroute.registry import find_board
from companion.games.enroute.scoring import score_game
from companion.games.enroute.setup import SetupOptions, draw_goals, draw_setup, seats, setup_steps
from companion.games.enroute.simulate import simulate_game, simulate_state
from companion.games.enroute.startcards import choose_start, reveal_start, start_stations

CITIES = ("london-example", "rio-example", "cairo-example", "hong-kong-example")


@pytest.fixture(scope="module")
def boards():
    """The four shipped example cities by id."""
    return {c: find_board(c) for c in CITIES}


def city_card(coordinate: int, cid: str, options=(), symbol=None, iconic=(), **tourists) -> RoundCard:
    """A city card with "OR" groups or a Cairo symbol."""
    return RoundCard(cid, coordinate, tuple(tourists.items()), tuple(iconic), False, tuple(options), symbol)


def solo(board, balance=()):
    """A one-seat game on player board 1 (printed coordinates = layout on the example cities)."""
    return new_game(board, [Seat("A", 1, tuple(balance))], "full")


def cards_for(loc, **tourists):
    """Two global cards whose coordinates match a location on player board 1."""
    return card(loc[0], **tourists), card(loc[1], **tourists)


# --- setup: rules registered by the city's folder ---------------------------------------------------------------


def test_each_city_has_its_rules_module_and_the_training_city_the_default(boards, city):
    """`rules.city` picks cities/<city>/rules.py; no module means the default rules."""
    assert [rules_for(boards[c]).id for c in CITIES] == ["london", "rio", "cairo", "hong-kong"]
    assert rules_for(city) is DEFAULT


def test_goal_decks_per_city(boards):
    """Hong Kong's 9 cards replace the normal ones; London's and Cairo's join them; Rio's covers Iconic route."""
    for seed in range(20):
        names = {g.name for g in draw_goals(random.Random(seed), rules_for(boards["hong-kong-example"]))}
        assert names <= {c.name for _, c in rules_for(boards["hong-kong-example"]).special_goals}
    london = rules_for(boards["london-example"])
    seen = {g.name for seed in range(60) for g in draw_goals(random.Random(seed), london)}
    assert {c.name for _, c in london.special_goals} <= seen and "Grand Tour" in seen
    rio = rules_for(boards["rio-example"])
    iconic = GoalCard("B", "Iconic route", "landmarks_on_route", "+", 4, 8, 4)
    catalogue = (("b-iconic-route", iconic), ("a-x", GoalCard("A", "X", "turns", "+", 1, 1, 1)))
    goals = draw_goals(random.Random(0), rio, catalogue)
    assert [g.name for g in goals] == ["X", rio.special_goals[0][1].name]


def test_rio_plays_the_standard_rating_mode_only(boards):
    """Advanced mode is refused for Rio at setup and by the referee."""
    rio = boards["rio-example"]
    with pytest.raises(ValueError, match="standard"):
        new_game(rio, [Seat("A", 1)], "full", "advanced")
    with pytest.raises(ValueError, match="advanced"):
        draw_setup(rio, ["A", "B"], 0, SetupOptions(2, "full", "advanced"))


def test_setup_steps_show_the_city_changes(boards):
    """The walk-through gains the city's steps (goal cards only at the full level)."""
    keys = [s.key for s in setup_steps(SetupOptions(3), boards["london-example"])]
    assert "start-subway" in keys and "city-goals" in keys
    keys = [s.key for s in setup_steps(SetupOptions(3, "simplified"), boards["cairo-example"])]
    assert "cairo-cards" in keys and "city-goals" not in keys


# --- London: starting subway cards ------------------------------------------------------------------------------


def test_london_start_sections_are_secret_until_the_reveal(boards):
    """Each player picks a station of their own card and a section from it; rounds open after the reveal."""
    london = boards["london-example"]
    draw = draw_setup(london, ["A", "B"], 3, SetupOptions(2, "full"))
    assert all(c in london.start_cards for c in draw.start_cards)
    state = new_game(london, seats(draw), "full", goals=tuple(draw.goals))
    _, problems = begin_round(state, (card(1, red=1), card(2, red=1)))
    assert codes(problems) == {"start-sections-pending"} and "A, B" in problems[0].message
    other = next(s.id for s in london.features_of("station") if s.id not in state.players[0].start_card)
    _, problems = choose_start(state, 0, other, ((0, 0), (0, 1)))
    assert codes(problems) == {"not-my-station"} and other in problems[0].message.lower()
    station, at = start_stations(state, 0)[0]
    far = next(sec for sec in london.roads if at not in sec)
    _, problems = choose_start(state, 0, station, far)
    assert codes(problems) == {"start-section-not-at-station"}
    near = next(sec for sec in london.roads if at in sec)
    state, problems = choose_start(state, 0, station, near)
    assert problems == [] and state.players[0].sections == ()  # drawn secretly, not on the map yet
    assert "start" not in str(to_sheet(state, 0))
    _, problems = reveal_start(state)
    assert codes(problems) == {"start-not-chosen"} and "B" in problems[0].message
    station_b, at_b = start_stations(state, 1)[0]
    state, _ = choose_start(state, 1, station_b, next(sec for sec in london.roads if at_b in sec))
    state, problems = reveal_start(state)
    assert problems == [] and state.players[0].sections == (near,) and state.players[0].start_card is None
    _, problems = begin_round(state, (card(1, red=1), card(2, red=1)))
    assert problems == []


def test_london_river_needs_a_bridge_to_connect(boards):
    """A segment on the far bank of the island location is refused; across a bridge it is accepted."""
    london = boards["london-example"]
    island = (3, 4)
    state = begin_round(solo(london), cards_for(island, red=1))[0]
    far_bank = (((2, 3), (3, 3)), ((3, 3), (4, 3)))
    assert all(island not in london.borders(s) for s in far_bank)
    _, problems = play_turn(state, 0, Turn(island, far_bank))
    assert codes(problems) == {"segment-not-next"}
    _, problems = play_turn(state, 0, Turn(island, (((2, 3), (2, 4)), ((1, 3), (2, 3)))))
    assert problems == []


# --- choice cards, Rio's statue, Hong Kong's groups -------------------------------------------------------------


def test_statue_coordinate_cannot_be_marked_twice(boards):
    """Choosing the statue marks the used card's coordinate; the same coordinate again is refused with the message."""
    rio = boards["rio-example"]
    state = solo(rio)
    statue_or_stadium = (("statue",), ("stadium",))
    first = city_card(3, "r1", statue_or_stadium, red=1)
    _, problems = begin_round(state, (first, card(5, red=1)))
    assert codes(problems) == {"choose-option"} and "statue" in problems[0].message.lower()
    state, problems = begin_round(state, (first, card(5, red=1)), choices=[0, None])
    assert problems == [] and state.marks == {"statue": (3,)} and state.ratings["stadium"] == 0
    state = closed(play_turn(state, 0, Turn(state.board.player_board(1).locations_for(3, 5)[0],
                                            (next(iter(rio.roads)),)))[0])
    again = city_card(3, "r2", statue_or_stadium, red=1)
    _, problems = begin_round(state, (again, card(5, red=1)), choices=[0, None])
    assert codes(problems) == {"statue-space-marked"}
    assert problems[0].path == "choices[0]" and "3" in problems[0].message and "Great Stadium" in problems[0].message
    state, problems = begin_round(state, (again, card(5, red=1)), choices=[1, None])
    assert problems == [] and state.ratings["stadium"] == 1 and state.marks == {"statue": (3,)}
    doc = to_game_document(state)
    assert doc["marks"] == {"statue": [3]}


def test_two_cards_of_one_coordinate_in_one_round(boards):
    """Within one round the second card of the same coordinate cannot mark the statue space again."""
    rio = boards["rio-example"]
    a = city_card(2, "a", (("statue",), ("samba-hill",)), red=1)
    b = city_card(2, "b", (("statue",), ("stadium",)), blue=1)
    _, problems = begin_round(solo(rio), (a, b), choices=[0, 0])
    assert codes(problems) == {"statue-space-marked"} and problems[0].path == "choices[1]"


def test_a_maxed_group_forces_the_other(boards):
    """Hong Kong: a choice card's group at the top of its track must give way to the other group."""
    hk = boards["hong-kong-example"]
    state = solo(hk)
    state = replace(state, ratings={"historic": 4, "modern": 0})
    either = city_card(1, "hk", (("historic",), ("modern",)), red=1)
    _, problems = begin_round(state, (either, card(2, red=1)), choices=[0, None])
    assert codes(problems) == {"choice-maxed"} and "Old Clock Tower" in problems[0].message
    new, problems = begin_round(state, (either, card(2, red=1)), choices=[1, None])
    assert problems == [] and new.ratings == {"historic": 4, "modern": 1}


def test_group_card_upgrades_every_landmark_of_the_group(boards):
    """A Hong Kong card's group symbol raises the shared track of all its landmarks."""
    hk = boards["hong-kong-example"]
    state, problems = begin_round(solo(hk), (city_card(1, "h", iconic=("historic",), red=1), card(2, red=1)))
    assert problems == [] and state.ratings["historic"] == 1


def test_start_round_choices_belong_to_each_cards_owner(boards):
    """In start rounds each card's owner chooses; a missing choice names that owner's seat."""
    rio = boards["rio-example"]
    state = new_game(rio, [Seat(n, i + 1) for i, n in enumerate("ABC")], "full", first_player=1)
    placed = [card(1, red=1), city_card(4, "r", (("statue",), ("stadium",)), red=1), card(6, blue=1)]
    picks = [(0, 1), (1, 2), (0, 2)]
    _, problems = begin_start_rounds(state, placed, picks)
    assert codes(problems) == {"choose-option"} and problems[0].path == "choices[1]"
    state, problems = begin_start_rounds(state, placed, picks, [None, 0, None])
    assert problems == [] and state.marks == {"statue": (4,)}


# --- Cairo cards ------------------------------------------------------------------------------------------------


def test_two_cairo_cards_cross_out_the_location_and_fill_the_spaces(boards):
    """Both Cairo cards: all tourists to the spaces of their symbols, × in the chosen location."""
    cairo = boards["cairo-example"]
    loc = (1, 1)
    cards = (city_card(1, "c1", symbol="triangle", red=2), city_card(1, "c2", symbol="palm", blue=1))
    state, problems = begin_round(solo(cairo), cards)
    assert problems == []
    seg = segment_options(cairo, set(), loc)[0]
    state, problems = play_turn(state, 0, Turn(loc, seg))
    assert problems == []
    me = state.players[0]
    assert me.crossed == (loc,) and loc not in me.tourists
    assert me.remote == {"pyramids": {"red": 2}, "oasis": {"blue": 1}}
    sheet = to_sheet(state, 0)
    assert sheet["crossed"] == [[1, 1]] and sheet["remote"] == {"oasis": {"blue": 1}, "pyramids": {"red": 2}}
    state = closed(state)
    state, _ = begin_round(state, (card(1, red=1), card(1, blue=1)))
    _, problems = play_turn(state, 0, Turn(loc, (segment_options(cairo, set(seg), loc)[0])))
    assert codes(problems) == {"location-occupied"}


def test_cairo_card_with_a_repeat_card(boards):
    """Cairo + repeat: the Cairo card's tourists to its space, the repeat's two to the location, none extra."""
    cairo = boards["cairo-example"]
    cards = (city_card(1, "c1", symbol="column", green=3), card(1, repeat=True))
    state, _ = begin_round(solo(cairo), cards)
    state, problems = play_turn(state, 0, Turn((1, 1), segment_options(cairo, set(), (1, 1))[0]))
    assert problems == []
    assert state.players[0].remote == {"temple": {"green": 3}} and state.players[0].tourists[(1, 1)] == {"green": 2}


def test_cairo_card_with_a_global_card(boards):
    """Cairo + global: the global card's tourists go to the location as usual."""
    cairo = boards["cairo-example"]
    state, _ = begin_round(solo(cairo), (city_card(1, "c1", symbol="palm", red=1), card(1, blue=2)))
    state, problems = play_turn(state, 0, Turn((1, 1), segment_options(cairo, set(), (1, 1))[0]))
    assert problems == [] and state.players[0].tourists[(1, 1)] == {"blue": 2}
    assert state.players[0].remote == {"oasis": {"red": 1}}


def test_a_card_symbol_without_a_space_is_refused(boards):
    """A symbol the board has no remote space for cannot open a round."""
    _, problems = begin_round(solo(boards["cairo-example"]), (city_card(1, "x", symbol="moon", red=1), card(2, red=1)))
    assert codes(problems) == {"unknown-symbol"} and "moon" in problems[0].message


# --- Hong Kong: harbour, immediate cafes, ferries ---------------------------------------------------------------


def test_harbour_section_inside_a_two_section_segment_is_refused(boards):
    """A harbour crossing is never part of a two-section segment; alone it is the turn's section."""
    hk = boards["hong-kong-example"]
    loc = (2, 5)
    state, _ = begin_round(solo(hk), cards_for(loc, red=1))
    harbour, road = ((1, 3), (1, 4)), ((1, 4), (2, 4))
    assert loc in hk.borders(road)
    _, problems = play_turn(state, 0, Turn(loc, (harbour, road)))
    assert codes(problems) == {"harbour-in-segment"} and "two-section segment" in problems[0].message
    _, problems = play_turn(state, 0, Turn(loc, (harbour,)))
    assert problems == []
    assert all(harbour not in opt for opt in segment_options(hk, set(), loc))


def test_harbour_bonus_section_needs_a_cafe_reached_this_turn(boards):
    """A balance card cannot pay for a harbour crossing after the segment; a cafe reached this turn can."""
    hk = boards["hong-kong-example"]
    loc = (2, 2)
    state, _ = begin_round(solo(hk, balance=("section",)), cards_for(loc, red=1))
    harbour = ((3, 3), (3, 4))
    seg = next(opt for opt in segment_options(hk, set(), loc) if (2, 1) not in {p for s in opt for p in s})
    _, problems = play_turn(state, 0, Turn(loc, seg, bonus_sections=(BonusSection(harbour, BALANCE),)))
    assert codes(problems) == {"harbour-bonus"}
    to_cafe = next(opt for opt in segment_options(hk, set(), loc) if (2, 1) in {p for s in opt for p in s})
    _, problems = play_turn(state, 0, Turn(loc, to_cafe, bonus_sections=(BonusSection(harbour, (2, 1)),)))
    assert problems == []


def test_hong_kong_section_cafes_pay_only_at_once(boards):
    """A route-section cafe circled in an earlier turn cannot pay later; it stays for 2 PP."""
    hk = boards["hong-kong-example"]
    state, _ = begin_round(solo(hk), cards_for((2, 2), red=1))
    state, problems = play_turn(state, 0, Turn((2, 2), (((1, 1), (2, 1)),)))
    assert problems == [] and state.players[0].cafes == {(2, 1): "unused"}
    state = closed(state)
    assert bonus_sources(state, 0, "section") == []
    state, _ = begin_round(state, cards_for((3, 2), red=1))
    seg = segment_options(hk, set(state.players[0].sections), (3, 2))[0]
    _, problems = play_turn(state, 0, Turn((3, 2), seg, bonus_sections=(BonusSection(((5, 0), (6, 0)), (2, 1)),)))
    assert codes(problems) == {"cafe-not-immediate"} and "2 PP" in problems[0].message


def test_a_used_ferry_cannot_be_chosen_again(boards):
    """The ferry is crossed out and carries the tourists to an empty waterfront location; never twice."""
    hk = boards["hong-kong-example"]
    ferry, shore = (1, 2), (2, 3)
    state, _ = begin_round(solo(hk), cards_for(ferry, red=1))
    seg = segment_options(hk, set(), shore)[0]
    _, problems = play_turn(state, 0, Turn(ferry, seg))
    assert codes(problems) == {"ferry-destination"} and "waterfront" in problems[0].message
    _, problems = play_turn(state, 0, Turn(ferry, seg, ferry_to=(2, 6)))
    assert codes(problems) == {"ferry-destination"}
    state, problems = play_turn(state, 0, Turn(ferry, seg, ferry_to=shore))
    assert problems == []
    me = state.players[0]
    assert me.tourists == {shore: {"red": 2}} and me.ferries == ("west-ferry",)
    state = closed(state)
    state, _ = begin_round(state, cards_for(ferry, red=1))
    other = next(x for x in ((3, 3), (4, 3)))
    _, problems = play_turn(state, 0, Turn(ferry, segment_options(hk, set(me.sections), other)[0], ferry_to=other))
    assert codes(problems) == {"ferry-used"} and "once" in problems[0].message


def test_not_a_ferry_refuses_a_ferry_destination(boards):
    """`ferry_to` only goes with a ferry location."""
    hk = boards["hong-kong-example"]
    state, _ = begin_round(solo(hk), cards_for((2, 2), red=1))
    _, problems = play_turn(state, 0, Turn((2, 2), segment_options(hk, set(), (2, 2))[0], ferry_to=(2, 3)))
    assert codes(problems) == {"not-a-ferry"}


# --- the simulator per city -------------------------------------------------------------------------------------


@pytest.mark.parametrize("city_id", CITIES)
def test_simulated_city_games_validate_and_score(boards, city_id):
    """A few seeds per city: no referee error, the game document reads and scores without an error."""
    for seed in range(3):
        doc = simulate_game(boards[city_id], 1 + seed, seed, ("simplified", "intermediate", "full")[seed])
        game = read_game(doc)
        assert not has_errors(game.problems), [p for p in game.problems if p.severity == "error"]
        scored = score_game(doc)
        found = [p for player in scored["players"] for p in player.get("problems", []) if p["severity"] == "error"]
        assert not found and all(isinstance(player["total"], int) for player in scored["players"]), found


def test_simulated_cities_use_their_rules(boards):
    """The simulated games exercise the statue, Cairo's spaces and ×, ferries and harbour crossings."""
    rio = [simulate_state(boards["rio-example"], 4, s) for s in range(3)]
    assert any(st.marks.get("statue") for st in rio)
    cairo = [p for s in range(3) for p in simulate_state(boards["cairo-example"], 4, s).players]
    assert any(p.remote for p in cairo) and any(p.crossed for p in cairo)
    hk = [p for s in range(6) for p in simulate_state(boards["hong-kong-example"], 4, s).players]
    assert any(p.ferries for p in hk)


# --- bad input never crashes ------------------------------------------------------------------------------------

JUNK = st.one_of(st.none(), st.integers(-3, 9), st.text(max_size=3), st.lists(st.integers(-1, 7), max_size=3),
                 st.booleans(), st.dictionaries(st.text(max_size=2), st.integers(), max_size=2))


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(choices=JUNK, station=JUNK, section=JUNK, ferry_to=JUNK)
def test_city_inputs_give_problems_never_exceptions(boards, choices, station, section, ferry_to):
    """Any value for choices, the starting station and section, or a ferry destination gives problems."""
    rio, hk, london = boards["rio-example"], boards["hong-kong-example"], boards["london-example"]
    either = city_card(3, "r1", (("statue",), ("stadium",)), red=1)
    state, problems = begin_round(solo(rio), (either, card(5, red=1)), choices=choices)
    assert state.round == 1 or has_errors(problems)
    draw = draw_setup(london, ["A"], 1, SetupOptions(1, "full", mode="solo"))
    _, problems = choose_start(new_game(london, seats(draw), "full", mode="solo"), 0, station, section)
    assert has_errors(problems)
    state, _ = begin_round(solo(hk), cards_for((1, 2), red=1))
    _, problems = play_turn(state, 0, Turn((1, 2), (((1, 1), (1, 2)),), ferry_to=ferry_to))
    assert isinstance(problems, list)


def test_cli_simulates_a_city_game_that_scores(boards, tmp_path):
    """`python -m companion simulate --board rio-example` prints the referee's game; `score` accepts it (exit 0)."""
    import json
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-m", "companion", "simulate", "--board", "rio-example", "--seed", "4"],
                         capture_output=True, text=True, check=True)
    doc = json.loads(out.stdout)
    assert doc == simulate_game(boards["rio-example"], 4, 4) and "statue" in doc.get("marks", {})
    path = tmp_path / "rio.json"
    path.write_text(out.stdout, encoding="utf-8")
    scored = subprocess.run([sys.executable, "-m", "companion", "score", str(path)], capture_output=True, text=True)
    assert scored.returncode == 0, scored.stdout[-500:]


def test_the_refereed_statue_marks_score(boards):
    """The marks the referee writes score the statue row: 6 + 3 per marked coordinate (max 24) when reached."""
    from companion.games.enroute.scoring import score_game

    reached = 0
    for seed in range(4):
        doc = simulate_game(boards["rio-example"], 2, seed)
        marks = doc.get("marks", {}).get("statue", [])
        for player in score_game(doc)["players"]:
            statue = player["rows"]["statue"]
            assert statue in (0, min(24, 6 + 3 * len(marks)))
            reached += statue > 0
    assert reached  # some best route does reach the statue's meeting point
