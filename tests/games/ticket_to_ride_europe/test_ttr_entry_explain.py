"""One player's entry checked against the table (`check_entry`) and the score sheet's reasons (`explain_table`)."""

from __future__ import annotations

import json

import pytest
from fuzz_scale import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from ttr_helpers import GAMES, game, load, player

from companion.games.core.engine import NotAGameDocument
from companion.games.ticket_to_ride_europe import board, check_entry, explain_table, score_document
from companion.games.ticket_to_ride_europe.explain import trail_between


def _doc_problems(doc: dict, seat: int) -> list[dict]:
    """The seat's problems as the score document reports them."""
    return score_document(doc)["players"][seat]["problems"]


# ---- check_entry ----------------------------------------------------------------------------------

def test_entry_reports_a_route_another_player_holds_at_its_own_path():
    doc = game(player("Aki", routes=[3, 28]), player("Ben", routes=[28]))
    report = check_entry(doc, 0)
    assert [(p.code, p.path) for p in report.problems] == [("route-claimed-twice", "players[0].routes[1]")]
    assert "Ben" in report.problems[0].message
    # The counts still run: Budapest–Wien (1) + Frankfurt–Paris (3) = 4 trains, 1 + 4 points.
    assert (report.trains, report.trains_left, report.route_points) == (4, 41, 5)
    assert not report.scored and report.longest_path is None and report.borrowed is None


def test_entry_with_errors_keeps_ticket_points_from_the_deck_but_no_verdict():
    doc = game(player("Aki", routes=[999, 28], tickets=[("Paris", "Wien")]), player("Ben"))
    report = check_entry(doc, 0)
    assert [p.code for p in report.problems] == ["unknown-route"]
    assert report.trains == 3  # the unknown id counts nothing
    assert [(t.city_from, t.city_to, t.points, t.completed) for t in report.tickets] == [("Paris", "Wien", 8, None)]


def test_scored_entry_gives_each_ticket_and_the_chosen_borrowing():
    doc = load(GAMES / "station-borrowing.json")
    report = check_entry(doc, 0)
    assert report.problems == [] and report.scored
    assert report.borrowed == (2,)
    assert [(t.points, t.completed) for t in report.tickets] == [(8, True)]
    assert report.longest_path == 3 and report.stations == 1
    as_json = report.to_json()
    assert json.loads(json.dumps(as_json)) == as_json
    assert as_json["trains_left"] == 45 - 6


def test_entry_problems_are_the_score_documents_problems_of_that_seat():
    doc = game(player("Aki", routes=[3, 3, 62], stations=["Wien", "Wien"]),
               player("Ben", routes=[62], stations=["Wien"]), player("Cy"))
    for seat in range(3):
        assert [p.to_json() for p in check_entry(doc, seat).problems] == _doc_problems(doc, seat)


def test_a_repeated_route_counts_its_trains_once():
    report = check_entry(game(player("Aki", routes=[100, 100]), player("Ben")), 0)
    assert report.trains == 8 and report.route_points == 21


def test_no_such_seat_or_document():
    with pytest.raises(IndexError):
        check_entry(game(player("Aki"), player("Ben")), 2)
    with pytest.raises(NotAGameDocument):
        check_entry({"format": "other"}, 0)


JSON = st.recursive(st.none() | st.booleans() | st.integers(-5, 200) | st.text(max_size=12),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                    max_leaves=12)
ENTRY = st.fixed_dictionaries({}, optional={"routes": st.lists(st.integers(-1, 110) | JSON, max_size=6),
                                           "stations": st.lists(JSON | st.fixed_dictionaries(
                                               {"city": st.sampled_from(sorted(board().cities)) | JSON},
                                               optional={"borrows": st.integers(0, 105) | JSON}), max_size=4),
                                           "tickets": st.lists(JSON, max_size=3), "score_track": JSON})


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(entry=ENTRY, other=st.lists(st.integers(1, 101), max_size=8))
def test_any_entry_is_checked_without_crashing(entry, other):
    doc = game({"player": "Aki", **entry}, player("Ben", routes=other))
    report = check_entry(doc, 0)
    assert all(p.path.startswith("players") for p in report.problems)
    assert report.trains >= 0 and report.route_points >= 0
    assert [p.to_json() for p in report.problems] == _doc_problems(doc, 0)


# ---- explain_table --------------------------------------------------------------------------------

def test_station_borrowing_is_explained_with_its_owner_and_gain():
    # Aki: Frankfurt–Paris (28) and Berlin–Wien (19); the station in Frankfurt borrows Ben's
    # Berlin–Frankfurt (2), which completes Paris–Wien (8): +8 instead of −8, a gain of 16.
    explained = explain_table(load(GAMES / "station-borrowing.json"))
    (use,) = explained.stations[0]
    assert (use.city, use.route, use.owners, use.gain, use.completes) == ("Frankfurt", 2, ("Ben",), 16, (0,))
    assert explained.ticket_paths[0] == [(28, 2, 19)]
    (idle,) = explained.stations[1]
    assert (idle.route, idle.gain, idle.completes) == (None, 0, ())
    assert explained.ticket_paths[1] == [None]


def test_two_stations_needed_together_each_gain_the_ticket():
    explained = explain_table(load(GAMES / "two-stations-one-ticket.json"))
    lines = explained.lines
    for i, uses in explained.stations.items():
        result = lines[i].tickets
        for use, chosen in zip(uses, result.borrowed):
            assert use.route == chosen
            # The gain is never negative: the companion's choice is the best, so dropping a route cannot help.
            assert use.gain >= 0
            done = [lines[i].held[k] for k in use.completes]
            assert use.gain >= sum(2 * t.points for t in done) or use.route is None


def test_ticket_path_runs_along_the_players_routes_from_city_to_city():
    b = board()
    explained = explain_table(load(GAMES / "four-players.json"))
    for i, paths in explained.ticket_paths.items():
        line = explained.lines[i]
        usable = set(line.routes) | {r for r in line.tickets.borrowed if r is not None}
        for ticket, path, done in zip(line.held, paths, line.tickets.completed):
            assert (path is not None) == done
            if path:
                assert set(path) <= usable
                city = ticket.city_from
                for rid in path:
                    route = b.routes[rid]
                    assert route.touches(city)
                    city = route.city_b if city == route.city_a else route.city_a
                assert city == ticket.city_to


def test_trail_between_takes_fewest_routes():
    b = board()
    # Paris–Frankfurt directly (28) beats Paris–Bruxelles–Frankfurt (1, 11).
    assert trail_between(b, [1, 11, 28], "Paris", "Frankfurt") == (28,)
    assert trail_between(b, [1, 11], "Frankfurt", "Paris") == (11, 1)
    assert trail_between(b, [1], "Paris", "Wien") is None
    assert trail_between(b, [], "Paris", "Paris") == ()


@pytest.mark.parametrize("name, deciding, values", [
    ("tie-tickets", "tickets", None), ("tie-stations", "stations", None), ("tie-express", "express", (10, 0)),
    ("tie-shared", None, None)])
def test_tie_break_names_the_rule_that_decided(name, deciding, values):
    explained = explain_table(load(GAMES / f"{name}.json"))
    expect = load(GAMES / f"{name}.expect.json")
    (tie,) = explained.tie_breaks
    assert tie.deciding == deciding
    ranks = [p["rank"] for p in expect["players"]]
    assert ranks[tie.ahead] <= ranks[tie.behind]
    assert expect["players"][tie.ahead]["total"] == expect["players"][tie.behind]["total"]
    if deciding is None:
        assert ranks[tie.ahead] == ranks[tie.behind]
    else:
        assert ranks[tie.ahead] < ranks[tie.behind]
    if deciding == "tickets":
        a, b = (expect["players"][k]["tickets_completed"] for k in (tie.ahead, tie.behind))
        assert tie.values == (a, b) and a > b
    if deciding == "stations":
        a, b = (expect["players"][k]["stations_built"] for k in (tie.ahead, tie.behind))
        assert tie.values == (a, b) and a < b
    if values:
        assert tie.values == values


def test_no_tie_break_without_equal_totals():
    assert explain_table(load(GAMES / "station-borrowing.json")).tie_breaks == []
