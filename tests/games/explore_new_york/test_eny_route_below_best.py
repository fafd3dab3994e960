"""Known answers for the route-below-best finding (issue 33; seed l.237: the final route is the line that gives
the most points): a traced route worth less than the best is scored as traced, with a warning giving both values."""

from __future__ import annotations

from eny_helpers import FORMAT, GAMES, load, player

from companion.games.explore_new_york import score_document


def _game(route):
    """The seed's example sheet (82 PP on its best route) with the given final route (None: the companion's)."""
    sheet = load(GAMES / "seed-example-82.json")["players"][0]
    sheet = {k: v for k, v in sheet.items() if k != "final_route"}
    if route is not None:
        sheet["final_route"] = route
    return {"format": FORMAT, "players": [sheet]}


def _below(scored):
    """The route-below-best warnings of one scored player."""
    return [p for p in scored["problems"] if p["code"] == "route-below-best"]


def test_the_colours_game_warns_the_mixed_player_with_both_values():
    """Mixed traced 8 PP where 14 was possible: one warning naming 8 and 14 on her final route."""
    players = score_document(load(GAMES / "colours.json"))["players"]
    mixed = next(p for p in players if p["player"] == "Mixed")
    assert (mixed["total"], mixed["best"]["total"]) == (8, 14)
    [found] = _below(mixed)
    assert found["severity"] == "warning" and found["path"] == "players[3].final_route"
    assert "scores 8 PP" in found["message"] and "scores 14 PP" in found["message"]
    assert all(not _below(p) for p in players if p["player"] != "Mixed")


def test_a_shorter_traced_route_is_scored_as_traced_with_a_warning():
    """Tracing only part of the best line: the total is the traced route's, the warning gives both."""
    base = score_document(_game(None))["players"][0]
    assert base["route_chosen_by"] == "companion" and not _below(base)
    route = base["final_route"][:2]
    assert len(base["final_route"]) > 2  # the best line has more than one section
    scored = score_document(_game(route))["players"][0]
    assert scored["route_chosen_by"] == "player" and scored["total"] < scored["best"]["total"] == base["total"]
    [found] = _below(scored)
    assert f"scores {scored['total']} PP" in found["message"]
    assert f"scores {scored['best']['total']} PP" in found["message"]


def test_a_traced_best_route_has_no_warning():
    """The player's own route worth as much as the best gets no warning."""
    base = score_document(_game(None))["players"][0]
    scored = score_document(_game(base["final_route"]))["players"][0]
    assert scored["total"] == scored["best"]["total"] and not _below(scored)


def test_a_player_with_nothing_drawn_has_no_warning():
    """No route, no comparison: an empty sheet is not warned."""
    scored = score_document({"format": FORMAT, "players": [player()]})["players"][0]
    assert not _below(scored)


def test_an_empty_traced_route_keeps_only_its_own_warning():
    """A final route of one point already gets `empty-route`; it is not warned twice."""
    base = score_document(_game(None))["players"][0]
    scored = score_document(_game(base["final_route"][:1]))["players"][0]
    codes = [p["code"] for p in scored["problems"]]
    assert "empty-route" in codes and "route-below-best" not in codes
