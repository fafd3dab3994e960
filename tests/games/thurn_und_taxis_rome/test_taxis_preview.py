"""What the pages use besides the actions: a route's remaining steps (`preview_route`), problems kept as objects."""

from __future__ import annotations

from taxis_helpers import ready, table

from companion.games.core.problems import Problem
from companion.games.thurn_und_taxis_rome import preview_route, score_route, score_table


def test_preview_returns_the_unused_steps_and_the_same_outcome_as_score_route():
    t = ready(table(4))
    route = {"cities": ["Ulm", "Augsburg", "Munchen", "Salzburg"], "post_offices": ["Ulm"],
             "moves": [{"carriage": "baiern", "to": "Andechs"}]}
    outcome, left = preview_route(t, 0, route)
    assert outcome.ok
    assert left.own == {"baden": 0, "wurttemberg-hohenzollern": 0, "baiern": 1, "bohmen-salzburg": 1,
                        "schweiz-tyrol": 0}
    assert left.jokers == 0
    assert outcome.events == score_route(t, 0, route).events


def test_an_arrival_turns_the_country_cards_left_into_jokers():
    t = ready(table(4))
    outcome, left = preview_route(t, 0, {"cities": ["Mannheim", "Carlsruhe", "Freiburg"],
                                         "moves": [{"carriage": "baden", "to": "Rom"}]})
    assert outcome.ok and left.own["baden"] == 0 and left.jokers == 2


def test_a_refused_preview_gives_no_steps():
    t = ready(table(4))
    outcome, left = preview_route(t, 1, {"cities": ["Mannheim", "Carlsruhe", "Freiburg"]})
    assert not outcome.ok and left is None
    assert [p.code for p in outcome.problems] == ["not-your-turn"]


def test_score_table_can_keep_problem_objects_for_pages():
    t = table(2, two_player_starts={"baden": "Mailand", "wurttemberg-hohenzollern": "Como", "schweiz-tyrol": "Como",
                                    "baiern": "Trient", "bohmen-salzburg": "Udine"})
    kept = score_table(t, [{}, {"houses_left": 1}], keep_problems=True)
    plain = score_table(t, [{}, {"houses_left": 1}])
    assert all(isinstance(p, Problem) for p in kept["problems"] + kept["players"][0]["problems"])
    assert [p.to_json() for p in kept["players"][0]["problems"]] == plain["players"][0]["problems"]
    assert [p.to_json() for p in kept["problems"]] == plain["problems"]
    assert kept["players"][1]["total"] == plain["players"][1]["total"] == -1
