"""Every invalid case of the spec is refused with its path, code, severity and a message; all problems at once."""

from __future__ import annotations

import pytest
from ttr_helpers import errors, game, line, player, problems, score

OK_A = player("Aki", routes=[28], tickets=[("Paris", "Wien")])
OK_B = player("Ben", routes=[2])


def only_errors(doc: dict) -> set[tuple[str, str]]:
    """The (code, path) of every error of a document."""
    return errors(score(doc))


CASES = {
    "unknown route id": (
        game(player("Aki", routes=[28, 102, 0]), OK_B),
        {("unknown-route", "players[0].routes[1]"), ("unknown-route", "players[0].routes[2]")}),
    "unknown ticket city": (
        game(player("Aki", tickets=[("Paris", "Atlantis")]), OK_B),
        {("unknown-city", "players[0].tickets[0].to")}),
    "ticket not in the deck": (
        game(player("Aki", tickets=[("Berlin", "Wien")]), OK_B),
        {("unknown-ticket", "players[0].tickets[0]")}),
    "base ticket in the 1912 game": (
        game(player("Aki", tickets=[("Paris", "Wien")]), OK_B, variant="1912"),
        {("unknown-ticket", "players[0].tickets[0]")}),
    "unknown station city": (
        game(player("Aki", stations=["Vienna"]), OK_B),
        {("unknown-city", "players[0].stations[0].city")}),
    "route claimed twice by one player": (
        game(player("Aki", routes=[28, 19, 28]), OK_B),
        {("route-claimed-twice", "players[0].routes[2]")}),
    "route claimed by two players": (
        game(player("Aki", routes=[19, 2]), OK_B),
        {("route-claimed-twice", "players[0].routes[1]"), ("route-claimed-twice", "players[1].routes[0]")}),
    "both routes of a double by one player": (
        game(player("Aki", routes=[1, 42]), OK_B, player("Cho"), player("Dai")),
        {("double-route-both", "players[0].routes[1]")}),
    "both routes of a double with 3 players": (
        game(player("Aki", routes=[56]), OK_B, player("Cho")),
        {("double-route-closed", "players[0].routes[0]"), ("double-route-closed", "players[1].routes[0]")}),
    "both routes of a double with 2 players": (
        game(player("Aki", routes=[3]), player("Ben", routes=[62])),
        {("double-route-closed", "players[0].routes[0]"), ("double-route-closed", "players[1].routes[0]")}),
    "more than 45 trains": (
        game(player("Aki", routes=[100, 83, 99, 26, 14, 60, 72, 22, 61, 80]), OK_B),
        {("too-many-trains", "players[0].routes")}),
    "more than 3 stations": (
        game(player("Aki", stations=["Paris", "Wien", "Roma", "Berlin"]), OK_B),
        {("too-many-stations", "players[0].stations")}),
    "two own stations in one city": (
        game(player("Aki", stations=["Paris", "Paris"]), OK_B),
        {("station-city-taken", "players[0].stations[1]")}),
    "stations of two players in one city": (
        game(player("Aki", stations=["Paris"]), player("Ben", stations=["Roma", "Paris"])),
        {("station-city-taken", "players[0].stations[0]"), ("station-city-taken", "players[1].stations[1]")}),
    "borrowed route not at the station's city": (
        game(player("Aki", stations=[("Paris", 2)]), OK_B),
        {("borrow-not-at-city", "players[0].stations[0].borrows")}),
    "borrowed route is the player's own": (
        game(player("Aki", routes=[28], stations=[("Paris", 28)]), OK_B),
        {("borrow-own-route", "players[0].stations[0].borrows")}),
    "borrowed route nobody claimed": (
        game(player("Aki", stations=[("Paris", 58)]), OK_B),
        {("borrow-unclaimed", "players[0].stations[0].borrows")}),
    "borrowed route does not exist": (
        game(player("Aki", stations=[("Paris", 500)]), OK_B),
        {("unknown-route", "players[0].stations[0].borrows")}),
    "ticket held twice by one player": (
        game(player("Aki", tickets=[("Paris", "Wien"), ("Wien", "Paris")]), OK_B),
        {("ticket-held-twice", "players[0].tickets[1]")}),
    "ticket held by two players": (
        game(player("Aki", tickets=[("Paris", "Wien")]), player("Ben", tickets=[("Wien", "Paris")])),
        {("ticket-held-twice", "players[0].tickets[0]"), ("ticket-held-twice", "players[1].tickets[0]")}),
    "points contradicting the deck": (
        game(player("Aki", tickets=[("Paris", "Wien", 9)]), OK_B),
        {("ticket-points-wrong", "players[0].tickets[0].points")}),
    "long ticket in Big Cities": (
        game(player("Aki", tickets=[("Brest", "Petrograd", 20)]), OK_B, variant="big-cities"),
        {("unknown-ticket", "players[0].tickets[0]")}),
    "ticket not in the Big Cities deck": (
        game(player("Aki", tickets=[("Dieppe", "Paris", 99)]), OK_B, variant="big-cities"),
        {("unknown-ticket", "players[0].tickets[0]")}),
    "Big Cities points contradicting the deck": (
        game(player("Aki", tickets=[("Paris", "Wien", 99)]), OK_B, variant="big-cities"),
        {("ticket-points-wrong", "players[0].tickets[0].points")}),
    "a ticket from a city to itself": (
        game(player("Aki", tickets=[("Paris", "Paris", 3)]), OK_B, variant="big-cities"),
        {("same-city-ticket", "players[0].tickets[0]")}),
    "one player": (
        game(OK_A),
        {("too-few-players", "players")}),
    "six players": (
        game(*(player(n) for n in "ABCDEF")),
        {("too-many-players", "players")}),
    "unknown variant": (
        game(OK_A, OK_B, variant="europa"),
        {("bad-value", "variant")}),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_invalid_case_is_refused_with_its_path(case):
    """The case gives exactly its errors, each with a path and a message; the document is still scored."""
    doc, expected = CASES[case]
    result = score(doc)
    assert errors(result) == expected
    for p in problems(result):
        assert p["message"] and p["path"] and p["severity"] in ("error", "warning")
    assert result["format"] == "ttr-europe-score/1" and len(result["players"]) == len(doc["players"])


def test_a_player_with_errors_gets_no_score_the_others_do():
    """Aki's unknown route leaves Aki unscored and ranked nowhere; Ben is scored and ranked 1."""
    result = score(game(player("Aki", routes=[102]), player("Ben", routes=[2])))
    aki, ben = line(result, "Aki"), line(result, "Ben")
    assert aki["rows"] is None and aki["total"] is None and aki["rank"] is None and aki["borrowed"] is None
    assert ben["rows"]["european_express"] == 10 and ben["rank"] == 1 and ben["problems"] == []


def test_a_game_wide_error_is_every_players():
    """Six players: every player carries the error and nobody is scored."""
    result = score(game(*(player(n) for n in "ABCDEF")))
    for p in result["players"]:
        assert [(q["code"], q["path"]) for q in p["problems"]] == [("too-many-players", "players")]
        assert p["total"] is None


def test_no_players_carries_the_error_on_the_document():
    """An empty players list still answers, with the error on the document (nobody else can carry it)."""
    result = score(game())
    assert result["players"] == []
    assert [(p["code"], p["path"], p["severity"]) for p in result["problems"]] == [
        ("too-few-players", "players", "error")]


def test_every_problem_at_once():
    """A sheet with many mistakes reports all of them in one answer, each at its own path."""
    doc = game(
        player("Aki", routes=[28, 102, 28, 1, 42], stations=["Vienna", ("Paris", 2), "Roma", "Berlin"],
               tickets=[("Paris", "Atlantis"), ("Paris", "Wien", 9), ("Wien", "Paris")]),
        player("Ben", routes=[2, 1], stations=["Roma"], tickets=[("Frankfurt", "Kobenhavn", "five")]),
        variant="base")
    found = errors(score(doc))
    assert found >= {
        ("unknown-route", "players[0].routes[1]"),
        ("route-claimed-twice", "players[0].routes[2]"),
        ("double-route-both", "players[0].routes[4]"),
        ("route-claimed-twice", "players[0].routes[3]"),
        ("route-claimed-twice", "players[1].routes[1]"),
        ("too-many-stations", "players[0].stations"),
        ("unknown-city", "players[0].stations[0].city"),
        ("borrow-not-at-city", "players[0].stations[1].borrows"),
        ("station-city-taken", "players[0].stations[2]"),
        ("station-city-taken", "players[1].stations[0]"),
        ("unknown-city", "players[0].tickets[0].to"),
        ("ticket-points-wrong", "players[0].tickets[1].points"),
        ("ticket-held-twice", "players[0].tickets[2]"),
        ("bad-number", "players[1].tickets[0].points"),
    }


def test_score_track_mismatch_is_a_warning():
    """A marker that disagrees with the recount is a warning: the player is still scored."""
    result = score(game(player("Aki", routes=[28], score_track=5), OK_B))
    aki = line(result, "Aki")
    assert [(p["severity"], p["code"], p["path"]) for p in aki["problems"]] == [
        ("warning", "score-track-mismatch", "players[0].score_track")]
    assert aki["rows"]["routes"] == 4 and aki["total"] is not None
    assert "5" in aki["problems"][0]["message"] and "4" in aki["problems"][0]["message"]


def test_matching_score_track_and_points_are_quiet():
    """A right marker and right ticket points raise nothing."""
    result = score(game(player("Aki", routes=[28], score_track=4, tickets=[("Wien", "Paris", 8)]), OK_B))
    assert problems(result) == []


def test_four_players_may_use_both_routes_of_a_double():
    """With 4 players two different players may hold the two routes of a double."""
    result = score(game(player("Aki", routes=[3]), player("Ben", routes=[62]), player("Cho"), player("Dai")))
    assert problems(result) == []


def test_spelling_hint_for_an_unknown_city():
    """Zurich is not a city of the board, and the message names Zürich."""
    result = score(game(player("Aki", tickets=[("Zurich", "Budapest")]), OK_B))
    (p,) = [p for p in problems(result) if p["code"] == "unknown-city"]
    assert p["path"] == "players[0].tickets[0].from" and "Zürich" in p["message"]


def test_shape_errors_have_paths():
    """Wrong types and unknown keys are errors at their own paths."""
    doc = game(player("Aki", routes=[True, "3"], extra=1), OK_B)
    doc["players"][1]["stations"] = [{"city": "Roma", "borrows": "x"}]
    assert errors(score(doc)) == {("bad-number", "players[0].routes[0]"), ("bad-number", "players[0].routes[1]"),
                                  ("unknown-key", "players[0].extra"),
                                  ("bad-number", "players[1].stations[0].borrows")}


def test_templates_travel_with_the_problems():
    """Rule problems carry a catalogue template and parameters, so pages can translate them."""
    from companion.games.ticket_to_ride_europe.checks import check_players
    from companion.games.ticket_to_ride_europe.data import board
    from companion.games.ticket_to_ride_europe.model import read_document

    variant, players, _ = read_document(game(player("Aki", routes=[102]), OK_B))
    (p,) = check_players(board(), variant, players)
    assert p.template == "Route {route} does not exist; route ids are 1 to {last}."
    assert p.params == {"route": 102, "last": 101}
