"""The Audience: secret clergy, carriage steps after a scored route, jokers, arrivals and the replacement rule."""

from __future__ import annotations

import json

import pytest
from taxis_helpers import SEED_EXAMPLE, TEST_TRACK, act, ready, refused, seats, table

from companion.games.thurn_und_taxis_rome import (
    apply_action,
    arrive,
    assign_clergy,
    audience,
    movement_credits,
    new_table,
    next_cities,
    public_view,
    seat_view,
)
from companion.games.thurn_und_taxis_rome.state import RomeTile

COLOURS = ["blue", "green", "red", "yellow"]


def rome_of(t) -> list[tuple[str, str]]:
    """Rome's audience as (colour, rank) pairs, sorted."""
    return sorted((a["colour"], a["rank"]) for a in audience(t))


def score(t, seat, cities, post_offices=(), moves=()):
    """Score a route with carriage steps; it must be accepted. Then the turn passes on to `seat` again."""
    t = act(t, action="score-route", seat=seat, cities=list(cities), post_offices=list(post_offices),
            moves=[{"carriage": c, "to": to} for c, to in moves])
    return t


def next_turn(t):
    """End the active player's turn."""
    return act(t, action="end-turn", seat=t.turn.active)


def test_the_seeds_arrival_example_as_a_rule():
    """Two cardinals, a bishop and a pastor; two pastors, a priest and a cardinal arrive."""
    blue, green, red, yellow = range(4)
    rome = [RomeTile(blue, "cardinal", "baden"), RomeTile(green, "cardinal", "baden"),
            RomeTile(red, "bishop", "baden"), RomeTile(yellow, "pastor", "baden")]
    arriving = [RomeTile(green, "pastor", "baiern"), RomeTile(red, "pastor", "baiern"),
                RomeTile(blue, "priest", "baiern"), RomeTile(yellow, "cardinal", "baiern")]
    after, left = arrive(rome, arriving)
    named = sorted((COLOURS[t.seat], t.rank) for t in after)
    assert named == [("blue", "priest"), ("green", "pastor"), ("red", "bishop"), ("red", "pastor"),
                     ("yellow", "cardinal")]
    assert sorted((COLOURS[t.seat], t.rank) for t in left) == [("blue", "cardinal"), ("green", "cardinal"),
                                                               ("yellow", "pastor")]


@pytest.mark.parametrize("board", [None, TEST_TRACK])
def test_the_seeds_arrival_example_at_the_table(board):
    """Baden's carriage arrives first, then the Bavarian one: Rome holds what the seed says, on any board."""
    t = ready(table(4, track=board) if board else table(4))
    t.audience.carriages.update(baden="Test Po" if board else "Mailand", baiern="Test Po" if board else "Trient")
    # Anna: Freiburg (Baden) and Munchen (Baiern) give one step each; Carlsruhe and Stuttgart get post offices.
    t = score(t, 0, ["Freiburg", "Carlsruhe", "Stuttgart"], ["Carlsruhe", "Stuttgart"], [("baden", "Rom")])
    assert rome_of(t) == [("blue", "cardinal"), ("green", "cardinal"), ("red", "bishop"), ("yellow", "pastor")]
    t = next_turn(t)
    t = score(t, 1, ["Augsburg", "Munchen", "Salzburg"], ["Augsburg", "Salzburg"], [("baiern", "Rom")])
    assert rome_of(t) == [("blue", "priest"), ("green", "pastor"), ("red", "bishop"), ("red", "pastor"),
                          ("yellow", "cardinal")]
    arrived = [e for e in t.log if e["event"] == "arrived"]
    assert [e["carriage"] for e in arrived] == ["baden", "baiern"]
    assert sorted((COLOURS[x["seat"]], x["rank"]) for x in arrived[1]["left_rome"]) == \
        [("blue", "cardinal"), ("green", "cardinal"), ("yellow", "pastor")]


def test_the_seeds_movement_example():
    """Ulm-Augsburg-Munchen-Salzburg: the uncovered Munchen moves the Bavarian carriage from Andechs on."""
    t = ready(table(4, track=TEST_TRACK))
    t.audience.carriages["baiern"] = "Andechs"
    assert sorted(next_cities(t, "baiern")) == ["Ettal", "Trient"]
    route = {"cities": ["Ulm", "Augsburg", "Munchen", "Salzburg"], "post_offices": ["Ulm", "Augsburg", "Salzburg"]}
    credits, problems = movement_credits(t, route)
    assert problems == [] and credits.to_json() == {"carriages": {"baiern": 1}, "jokers": 0}
    other = {"cities": route["cities"], "post_offices": ["Munchen", "Augsburg"]}
    assert movement_credits(t, other)[0].to_json() == \
        {"carriages": {"wurttemberg-hohenzollern": 1, "bohmen-salzburg": 1}, "jokers": 0}
    for choice in ("Ettal", "Trient"):
        moved = score(t, 0, route["cities"], route["post_offices"], [("baiern", choice)])
        assert moved.audience.carriages["baiern"] == choice
    codes = refused(t, action="score-route", seat=0, **route, moves=[{"carriage": "baiern", "to": "Test Po"}])
    assert codes == ["not-next-city"]


def test_steps_are_optional_and_spent_once():
    """A route's cards move carriages at most once each; unused steps are simply lost."""
    t = ready(table(4, track=TEST_TRACK))
    route = dict(cities=["Ulm", "Augsburg", "Munchen"], post_offices=["Ulm", "Augsburg"])
    kept = score(t, 0, route["cities"], route["post_offices"])
    assert kept.audience.carriages == t.audience.carriages
    codes = refused(t, action="score-route", seat=0, **route,
                    moves=[{"carriage": "baiern", "to": "Andechs"}, {"carriage": "baiern", "to": "Ettal"}])
    assert codes == ["no-card-for-step"]
    codes = refused(t, action="score-route", seat=0, **route, moves=[{"carriage": "baden", "to": "Test Schwarzwald"}])
    assert codes == ["no-card-for-step"]


def test_lodz_is_a_joker():
    """Lodz (Poland) has no carriage: its card moves any carriage one step."""
    t = ready(table(4, track=TEST_TRACK))
    cities = ["Lodz", "Pilsen", "Nurnberg"]
    assert movement_credits(t, {"cities": cities, "post_offices": ["Pilsen", "Nurnberg"]})[0].jokers == 1
    t = score(t, 0, cities, ["Pilsen", "Nurnberg"], [("schweiz-tyrol", "Test Bodensee")])
    assert t.audience.carriages["schweiz-tyrol"] == "Test Bodensee"
    step = next(e for e in t.log if e["event"] == "carriage-moved")
    assert step["card"] == "joker"


def test_a_carriage_in_rome_makes_its_cards_jokers():
    """Once the Bavarian carriage is in Rome, a Bavarian card moves another carriage; the Bavarian one stays."""
    t = ready(table(4, track=TEST_TRACK))
    t.audience.carriages["baiern"] = "Test Po"
    t = score(t, 0, ["Augsburg", "Munchen", "Salzburg"], ["Augsburg", "Salzburg"], [("baiern", "Rom")])
    t = next_turn(t)
    route = {"cities": ["Augsburg", "Munchen", "Salzburg"], "post_offices": ["Salzburg"]}
    assert movement_credits(t, route)[0].to_json() == {"carriages": {}, "jokers": 2}
    codes = refused(t, action="score-route", seat=1, **route, moves=[{"carriage": "baiern", "to": "Rom"}])
    assert codes == ["carriage-in-rome"]
    t = score(t, 1, route["cities"], route["post_offices"], [("baden", "Test Schwarzwald"), ("baden", "Como")])
    assert t.audience.carriages["baden"] == "Como"


def test_cards_left_over_when_a_carriage_arrives_become_jokers():
    """Two Bavarian cards, one step from Rome: the second card moves another carriage."""
    t = ready(table(4, track=TEST_TRACK))
    t.audience.carriages["baiern"] = "Test Po"
    t = score(t, 0, ["Augsburg", "Munchen", "Salzburg"], ["Salzburg"],
              [("baiern", "Rom"), ("bohmen-salzburg", "Test Tauern")])
    assert t.audience.carriages == {**t.audience.carriages, "baiern": "Rom", "bohmen-salzburg": "Test Tauern"}
    assert t.audience.arrivals == ["baiern"]


def test_without_a_board_the_table_names_the_cities():
    """No board entered: a step may name any other city; reaching Rom is an arrival."""
    t = ready(table(4))
    assert next_cities(t, "baiern") is None
    t = score(t, 0, ["Augsburg", "Munchen", "Salzburg"], ["Augsburg", "Salzburg"], [("baiern", "Andechs")])
    assert t.audience.carriages["baiern"] == "Andechs"
    t = next_turn(t)
    codes = refused(t, action="score-route", seat=1, cities=["Augsburg", "Munchen", "Salzburg"],
                    post_offices=["Augsburg", "Salzburg"], moves=[{"carriage": "baiern", "to": "andechs"}])
    assert codes == ["same-city"]


@pytest.mark.parametrize(("route", "code", "path"), [
    ({"cities": ["Ulm", "Augsburg"]}, "too-few", "cities"),
    ({"cities": ["Ulm", "Atlantis", "Munchen"]}, "unknown-city", "cities[1]"),
    ({"cities": ["Ulm", "Munchen", "Augsburg"]}, "not-connected", "cities[1]"),
    ({"cities": ["Ulm", "Augsburg", "Ulm"]}, "city-twice", "cities[2]"),
    ({"cities": ["Ulm", "Augsburg", "Munchen"], "post_offices": ["Basel"]}, "post-office-off-route",
     "post_offices[0]"),
    ({"cities": ["Ulm", "Augsburg", "Munchen"], "post_offices": ["Ulm", "ulm"]}, "post-office-twice",
     "post_offices[1]"),
    ({"cities": ["Ulm", "Augsburg", "Munchen"], "moves": [{"carriage": "rome", "to": "Andechs"}]},
     "unknown-carriage", "moves[0].carriage"),
    ({"cities": ["Ulm", "Augsburg", "Munchen"], "moves": [{"carriage": "baiern"}]}, "missing-key", "moves[0].to"),
])
def test_a_bad_route_is_refused_with_its_path(route, code, path):
    """Every refusal names the value that is wrong."""
    t = ready(table(4, track=TEST_TRACK))
    out = apply_action(t, {"action": "score-route", "seat": 0, **route})
    assert not out.ok
    assert (code, path) in [(p.code, p.path) for p in out.problems]


def test_who_may_score_a_route_and_when():
    """Only the active player, once per turn, after every player placed their clergy."""
    t = table(4, track=TEST_TRACK)
    route = {"cities": ["Ulm", "Augsburg", "Munchen"]}
    assert refused(t, action="score-route", seat=0, **route) == ["clergy-not-placed"]
    t = ready(t)
    assert refused(t, action="score-route", seat=2, **route) == ["not-your-turn"]
    assert refused(t, action="score-route", seat=7, **route) == ["unknown-seat"]
    t = act(t, action="score-route", seat=0, **route)
    assert refused(t, action="score-route", seat=0, **route) == ["route-already-scored"]
    t = act(t, action="end-game")
    assert refused(t, action="score-route", seat=t.turn.active, **route) == ["game-over"]
    offices_only = table(4, modules=["offices"])
    assert refused(offices_only, action="score-route", seat=0, **route) == ["module-not-played"]


def test_placing_clergy():
    """One tile per carriage, each rank once; changeable until everyone has placed, then locked."""
    t = table(4)
    good = SEED_EXAMPLE[0]
    assert refused(t, action="place-clergy", seat=0, assignment={**good, "baiern": "cardinal"}) == ["rank-twice"]
    assert refused(t, action="place-clergy", seat=0, assignment={"baden": "cardinal"}) == ["missing-carriage"] * 4
    assert refused(t, action="place-clergy", seat=0, assignment={**good, "baden": "pope"}) == ["unknown-rank"]
    assert refused(t, action="place-clergy", seat=0, assignment=["cardinal"]) == ["not-an-object"]
    t = act(t, action="place-clergy", seat=0, assignment=good)
    t = act(t, action="place-clergy", seat=0, assignment=SEED_EXAMPLE[1])  # changed her mind
    assert t.audience.assignments[0] == SEED_EXAMPLE[1]
    t = ready(t)
    assert refused(t, action="place-clergy", seat=0, assignment=good) == ["clergy-locked"]
    assert t.log[-1]["event"] == "audience-ready"


def test_secrets_stay_with_their_seat():
    """The public view shows no placement; a seat's view shows only its own; the log never tells."""
    t = ready(table(4))
    public = public_view(t)
    assert [s["assignment"] for s in public["audience"]["seats"]] == [None] * 4
    assert [s["ready"] for s in public["audience"]["seats"]] == [True] * 4
    for seat in range(4):
        view = seat_view(t, seat)
        shown = [s["assignment"] for s in view["audience"]["seats"]]
        assert shown[seat] == SEED_EXAMPLE[seat]
        assert shown[:seat] + shown[seat + 1:] == [None] * 3
    text = json.dumps(public) + json.dumps(t.log)
    assert not any(rank in text for rank in ("cardinal", "bishop", "priest", "pastor", "fifth"))
    with pytest.raises(ValueError):
        seat_view(t, 4)


def test_arrived_tiles_become_public():
    """After an arrival, the revealed tiles are in every view; the other carriages stay secret."""
    t = ready(table(4))
    t.audience.carriages["baiern"] = "Trient"
    t = score(t, 0, ["Augsburg", "Munchen", "Salzburg"], ["Augsburg", "Salzburg"], [("baiern", "Rom")])
    view = public_view(t)
    assert sorted(x["rank"] for x in view["audience"]["rome"]) == ["cardinal", "pastor", "pastor", "priest"]
    assert all(s["assignment"] is None for s in view["audience"]["seats"])


def test_tile_values_are_entered_by_the_table():
    """Points come from the physical tiles: entered, changed, refused when not a rank or below 0."""
    t = table(4)
    t = act(t, action="tile-value", rank="fifth", points=3, name="Abt")
    assert t.tile_values == {"fifth": 3} and t.rank_names == {"fifth": "Abt"}
    assert refused(t, action="tile-value", rank="pope", points=3) == ["unknown-rank"]
    assert refused(t, action="tile-value", rank="bishop", points=-1) == ["bad-tile-value"]
    assert refused(t, action="tile-value", rank="bishop", points=True) == ["bad-tile-value"]
    assert refused(t, action="tile-value", rank="bishop") == ["missing-key"]


def test_two_player_setup():
    """With 2 players the carriages start in Mailand, Como (two), Trient and Udine: the table says which where."""
    made, problems = new_table({"seats": seats(2)})
    assert made is None and [p.code for p in problems] == ["two-player-placement-needed"]
    placement = {"baden": "Mailand", "wurttemberg-hohenzollern": "como", "schweiz-tyrol": "Como",
                 "baiern": "Trient", "bohmen-salzburg": "Udine"}
    t = table(2, two_player_starts=placement)
    assert sorted(t.audience.carriages.values()) == ["Como", "Como", "Mailand", "Trient", "Udine"]
    made, problems = new_table({"seats": seats(2), "two_player_starts": {**placement, "baiern": "Udine"}})
    assert made is None and [p.code for p in problems] == ["two-player-placement"]
    made, problems = new_table({"seats": seats(2), "track": TEST_TRACK})
    assert made is None and "3 ways" in problems[0].message
    t = table(2, track=TEST_TRACK, two_player_starts={**placement, "baden": "Como", "schweiz-tyrol": "Mailand"})
    assert t.audience.carriages["schweiz-tyrol"] == "Mailand"


def test_two_player_placement_derived_from_a_board_that_allows_one():
    """When the board leaves one way, the companion places the carriages itself."""
    board = dict(TEST_TRACK, roads=[r for r in TEST_TRACK["roads"] if r not in (["Test Bodensee", "Mailand"],
                                                                              ["Como", "Mailand"])]
                 + [["St. Gallen", "Mailand"], ["Como", "Test Po"]])
    t = table(2, track=board)
    assert t.audience.carriages == {"baden": "Como", "wurttemberg-hohenzollern": "Como", "schweiz-tyrol": "Mailand",
                                    "baiern": "Trient", "bohmen-salzburg": "Udine"}
    made, problems = new_table({"seats": seats(3), "two_player_starts": {}})
    assert made is not None and [p.code for p in problems] == ["two-player-starts-unused"]


@pytest.mark.parametrize(("setup", "code"), [
    ({"seats": [{"player": "A", "colour": "blue"}]}, "too-few"),
    ({"seats": [{"player": "A", "colour": "blue"}, {"player": "B", "colour": "blue"}]}, "colour-twice"),
    ({"seats": [{"player": "A", "colour": "blue"}, {"player": "A", "colour": "red"}]}, "player-twice"),
    ({"seats": seats(3), "modules": ["audience", "audience"]}, "module-twice"),
    ({"seats": seats(3), "modules": ["pope"]}, "bad-value"),
    ({"seats": seats(3), "tile_values": {"cardinal": -2}}, "bad-tile-value"),
    ({"seats": seats(3), "track": {"format": "thurn-und-taxis-rome-track/1", "roads": [["Ulm", "Rom"]]}},
     "start-missing"),
])
def test_bad_setups(setup, code):
    """A setup with errors makes no table and says why."""
    made, problems = new_table(setup)
    assert made is None and code in [p.code for p in problems]


def test_assign_clergy_on_a_table_without_the_audience():
    """Placing clergy needs the Audience module."""
    t = table(3, modules=["offices"])
    assert [p.code for p in assign_clergy(t, 0, SEED_EXAMPLE[0]).problems] == ["module-not-played"]
