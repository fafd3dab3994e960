"""The companion's example Road-to-Rome board: its facts, and movement checked on it.

The board (data/road-to-rome.json) is the companion's own drawing from the seed's places only. On it:
carriages always move south, a branch is the player's choice, a card of a carriage in Rome and Lodz's
card are jokers, and each city card without a new post office gives one step.
"""

from __future__ import annotations

import json

from taxis_helpers import act, ready, table

from companion.games.thurn_und_taxis_rome import apply_action, next_cities, shipped_drawing, shipped_track
from companion.games.thurn_und_taxis_rome.data import DATA, facts
from companion.games.thurn_und_taxis_rome.track import read_track, shipped_track_doc

SEED_PLACES = {"Lorrach", "Tuttlingen", "Freising", "Hallstadt", "St. Gallen", "Andechs", "Ettal", "Trient",
               "Mailand", "Como", "Udine", "Rom"}


def example(n: int = 3):
    """A table on the example board with every seat's clergy placed."""
    return ready(table(n, track="example"))


def route(t, cities, post_offices=(), moves=()):
    """The active seat scores a route with these steps."""
    return apply_action(t, {"action": "score-route", "seat": t.turn.active, "cities": list(cities),
                            "post_offices": list(post_offices), "moves": [{"carriage": c, "to": to} for c, to in moves]})


def codes(out):
    """The error codes of a refused outcome."""
    return [p.code for p in out.problems if p.severity == "error"]


def test_the_example_board_uses_only_the_seeds_places_and_is_checked_clean():
    """Only seed places, no problem at all (no warning either), the seed's branch Andechs to Ettal or Trient."""
    track, problems = read_track(shipped_track_doc())
    assert problems == [] and track is not None
    assert set(track.south) == SEED_PLACES
    assert set(track.south_of("Andechs")) == {"Ettal", "Trient"}
    assert track.south_of("Rom") == ()


def test_every_road_is_drawn_southward_and_every_city_is_drawn():
    """The drawing puts every city on the sheet and every road's end lower (further south) than its start."""
    drawing = shipped_drawing()
    assert set(drawing["cities"]) == SEED_PLACES
    for a, b in shipped_track().roads:
        assert drawing["cities"][a][1] < drawing["cities"][b][1], (a, b)
    assert json.loads((DATA / "road-to-rome.json").read_text())["format"] == "thurn-und-taxis-rome-track/1"


def test_carriages_start_on_their_seed_cities_and_every_start_reaches_rome():
    """3-4 players: the seed's start cities; each can reach Rom."""
    t = table(4, track="example")
    track = t.audience.track
    for carriage in facts().carriages:
        assert t.audience.carriages[carriage.id] == carriage.start
        assert track.reachable(carriage.start, "Rom")


def test_two_players_start_on_the_boards_placement():
    """2 players: Mailand, Como twice, Trient, Udine as the board says."""
    t = table(2, track="example")
    assert sorted(t.audience.carriages.values()) == ["Como", "Como", "Mailand", "Trient", "Udine"]


def test_the_seeds_example_munchen_moves_baiern_to_ettal_or_trient():
    """Baiern in Andechs; Anna's Ulm-Augsburg-Munchen-Salzburg route with no post office in Munchen: Ettal or Trient."""
    t = example()
    t = act(t, action="score-route", seat=0, cities=["Munchen", "Ingolstadt", "Augsburg"], moves=[
        {"carriage": "baiern", "to": "Andechs"}])
    t = act(t, action="end-turn", seat=0)
    assert t.audience.carriages["baiern"] == "Andechs"
    assert next_cities(t, "baiern") == ["Ettal", "Trient"]
    cities = ["Ulm", "Augsburg", "Munchen", "Salzburg"]
    for branch in ("Ettal", "Trient"):
        out = route(t, cities, post_offices=["Ulm", "Augsburg", "Salzburg"], moves=[("baiern", branch)])
        assert out.ok, out.to_json()
        assert out.table.audience.carriages["baiern"] == branch
    # a post office in Munchen as well: no card of Munchen is left for Baiern's step
    out = route(t, cities, post_offices=cities, moves=[("baiern", "Ettal")])
    assert codes(out) == ["no-card-for-step"]


def test_south_only_no_skipping_and_no_way_north():
    """One step is one road south: Andechs to Udine (two roads on) and Andechs to Freising (north) are refused."""
    t = example()
    t = act(t, action="score-route", seat=0, cities=["Munchen", "Ingolstadt", "Augsburg"],
            moves=[{"carriage": "baiern", "to": "Andechs"}])
    t = act(t, action="end-turn", seat=0)
    for to in ("Udine", "Freising", "Rom", "Mailand"):
        out = route(t, ["Munchen", "Ingolstadt", "Augsburg"], moves=[("baiern", to)])
        assert codes(out) == ["not-next-city"], to
        assert "Ettal, Trient" in out.problems[0].to_json()["message"]
    out = route(example(), ["Freiburg", "Carlsruhe", "Mannheim"],
                moves=[("baden", "Rom")])
    assert codes(out) == ["not-next-city"]  # Lorrach to Rom in one step: refused


def test_each_card_without_a_post_office_gives_one_step():
    """Three Baiern cards, one post office: two steps for Baiern, a third is refused."""
    t = example()
    cities = ["Munchen", "Ingolstadt", "Augsburg"]
    ok = route(t, cities, post_offices=["Augsburg"], moves=[("baiern", "Andechs"), ("baiern", "Trient")])
    assert ok.ok
    out = route(t, cities, post_offices=["Augsburg"],
                moves=[("baiern", "Andechs"), ("baiern", "Trient"), ("baiern", "Mailand")])
    assert codes(out) == ["no-card-for-step"]


def test_lodz_is_a_joker_for_any_carriage():
    """Lodz-Pilsen-Budweis: Lodz's card moves Baden (no Baden card in the route)."""
    t = example()
    out = route(t, ["Lodz", "Pilsen", "Budweis"], moves=[("baden", "Como")])
    assert out.ok, out.to_json()
    moved = [e for e in out.events if e["event"] == "carriage-moved"]
    assert moved == [{"event": "carriage-moved", "carriage": "baden", "from": "Lorrach", "to": "Como",
                      "card": "joker"}]
    out = route(t, ["Lodz", "Pilsen", "Budweis"], moves=[("baden", "Como"), ("baden", "Mailand")])
    assert codes(out) == ["no-card-for-step"]  # one joker only


def test_a_carriage_in_rome_makes_its_cards_jokers_and_arrives_once():
    """Baden walks to Rom (Lorrach, Como, Mailand, Rom) on Baden cards; then Baden's cards move others."""
    t = example()
    t = act(t, action="score-route", seat=0, cities=["Freiburg", "Carlsruhe", "Mannheim"],
            moves=[{"carriage": "baden", "to": "Como"}, {"carriage": "baden", "to": "Mailand"},
                   {"carriage": "baden", "to": "Rom"}])
    assert t.audience.arrivals == ["baden"]
    assert len(t.audience.rome) == 3  # each seat's Baden tile face up
    t = act(t, action="end-turn", seat=0)
    out = route(t, ["Freiburg", "Carlsruhe", "Mannheim"], moves=[("baden", "Rom")])
    assert codes(out) == ["carriage-in-rome"]
    out = route(t, ["Freiburg", "Carlsruhe", "Mannheim"],
                moves=[("baiern", "Andechs"), ("baiern", "Ettal"), ("schweiz-tyrol", "Trient")])
    assert out.ok, out.to_json()
    assert [e["card"] for e in out.events if e["event"] == "carriage-moved"] == ["joker"] * 3
