"""The facts and the Road-to-Rome board: the seed's start cities, its branch, the 2-player placement."""

from __future__ import annotations

import copy

import pytest
from taxis_helpers import TEST_TRACK

from companion.games.thurn_und_taxis_rome import read_track, two_player_placements
from companion.games.thurn_und_taxis_rome.data import facts


def codes(problems, severity="error"):
    """The codes of the problems of one severity."""
    return [p.code for p in problems if p.severity == severity]


def with_roads(roads):
    """The test board with other roads."""
    doc = copy.deepcopy(TEST_TRACK)
    doc["roads"] = roads
    return doc


@pytest.mark.parametrize(("players", "expected"), [
    (4, {"postmaster": 8, "coachman": 8, "administrator": 6, "cartwright": 4}),
    (3, {"postmaster": 6, "coachman": 6, "administrator": 5, "cartwright": 3}),
    (2, {"postmaster": 4, "coachman": 4, "administrator": 3, "cartwright": 2}),
])
def test_office_stacks_by_player_count(players, expected):
    """The seed's table: 4 players all tiles, 3 players 6/6/5/3, 2 players 4/4/3/2."""
    assert facts().office_tiles(players) == expected


def test_carriages_start_in_the_seed_cities():
    """Five carriages, one per province group, on Lorrach, Tuttlingen, St. Gallen, Freising, Hallstadt."""
    f = facts()
    assert sorted(c.start for c in f.carriages) == sorted(["Lorrach", "Tuttlingen", "St. Gallen", "Freising",
                                                           "Hallstadt"])
    assert f.carriage("baiern").start == "Freising"
    assert sorted(f.two_player_cities) == ["Como", "Como", "Mailand", "Trient", "Udine"]


@pytest.mark.parametrize(("city", "carriage"), [
    ("Munchen", "baiern"), ("Ulm", "wurttemberg-hohenzollern"), ("Sigmaringen", "wurttemberg-hohenzollern"),
    ("Salzburg", "bohmen-salzburg"), ("Pilsen", "bohmen-salzburg"), ("Innsbruck", "schweiz-tyrol"),
    ("Basel", "schweiz-tyrol"), ("Freiburg", "baden"), ("Lodz", None),
])
def test_a_city_card_moves_its_countrys_carriage(city, carriage):
    """The seed's example: Munchen moves the Bavarian, Ulm the green, Salzburg the red carriage; Lodz is a joker."""
    found = facts().carriage_of_city(city)
    assert (found.id if found else None) == carriage


def test_the_test_board_is_a_good_board():
    """The invented test board passes every check, and roads lead south toward Rome."""
    track, problems = read_track(TEST_TRACK)
    assert track is not None and problems == []
    assert set(track.south_of("Andechs")) == {"Ettal", "Trient"}
    assert track.reachable("Freising", "Rom") and not track.reachable("Rom", "Freising")


def test_cities_match_without_accents_or_case():
    """A table may type Lörrach or lorrach; the board keeps its first spelling."""
    roads = [[("Lörrach" if a == "Lorrach" else a), b] for a, b in TEST_TRACK["roads"]]
    track, problems = read_track(with_roads(roads))
    assert problems == []
    assert track.city("lorrach") == "Lörrach" and track.start_of("baden") == "Lörrach"


@pytest.mark.parametrize(("change", "code"), [
    (lambda r: [x for x in r if x != ["Andechs", "Ettal"]], "seed-road-missing"),
    (lambda r: [*r, ["Test Po", "Mailand"]], "track-not-southward"),
    (lambda r: [*r, ["Test Po", "Test Nowhere"]], "dead-end"),
    (lambda r: [*r, ["Rom", "Test Po"]], "road-from-rome"),
    (lambda r: [x for x in r if x[0] != "Hallstadt"], "start-missing"),
    (lambda r: [x for x in r if "Rom" not in x], "no-rome"),
    (lambda r: [*r, ["Como", "Como"]], "road-to-itself"),
])
def test_a_bad_board_is_refused(change, code):
    """Each broken board names what is wrong."""
    track, problems = read_track(with_roads(change(copy.deepcopy(TEST_TRACK["roads"]))))
    assert track is None
    assert code in codes(problems)


def test_board_warnings():
    """A road listed twice and a city no carriage can reach are warnings, not errors."""
    roads = [*TEST_TRACK["roads"], ["Como", "Mailand"], ["Test Island", "Rom"]]
    track, problems = read_track(with_roads(roads))
    assert track is not None
    assert sorted(codes(problems, "warning")) == ["road-twice", "unreachable-city"]
    assert problems[0].path.startswith("roads[")


def test_board_shape_problems_have_paths():
    """A road that is not a pair of names is reported at its own path."""
    track, problems = read_track({"format": "thurn-und-taxis-rome-track/1", "roads": [["A", "B"], ["C"], 3]})
    assert track is None
    assert any(p.path.startswith("roads[1]") for p in problems) and "roads[2]" in {p.path for p in problems}


def test_two_player_placements_on_the_test_board():
    """Bavaria can only reach Trient, Bohmen-Salzburg only Udine: three ways remain for Mailand and Como."""
    track, _ = read_track(TEST_TRACK)
    options = two_player_placements(track)
    assert len(options) == 3
    assert all(o["baiern"] == "Trient" and o["bohmen-salzburg"] == "Udine" for o in options)
    assert sorted(o[c] for o in options for c in ("baden", "wurttemberg-hohenzollern", "schweiz-tyrol")) == \
        ["Como"] * 6 + ["Mailand"] * 3


def test_a_given_two_player_placement_is_checked():
    """The seed's multiset of cities, and every carriage on a city it can reach."""
    doc = copy.deepcopy(TEST_TRACK)
    doc["two_player_starts"] = {"baden": "Como", "wurttemberg-hohenzollern": "Como", "schweiz-tyrol": "Mailand",
                                "baiern": "Udine", "bohmen-salzburg": "Trient"}
    track, problems = read_track(doc)
    assert track is None and codes(problems) == ["two-player-unreachable", "two-player-unreachable"]
    doc["two_player_starts"].update(baiern="Como")  # three carriages in Como, none in Udine
    assert codes(read_track(doc)[1]) == ["two-player-placement"]
    doc["two_player_starts"] = {"baden": "Como", "wurttemberg-hohenzollern": "Como", "schweiz-tyrol": "Mailand",
                                "baiern": "Trient", "bohmen-salzburg": "Udine"}
    track, problems = read_track(doc)
    assert problems == [] and track.two_player_starts["schweiz-tyrol"] == "Mailand"
    assert read_track(track.to_json())[0] == track
