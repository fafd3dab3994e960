"""Every invalid case of the spec is refused with its path and severity, all at once, and valid sheets pass."""

from __future__ import annotations

import pytest
from welcome_helpers import errors, full, game, known, player, streets, warnings

from companion.games.core.engine import NotAGameDocument
from companion.games.welcome_to import score_document

P = "players[0]"

# (id, player fields, game options, the (code, path) errors expected: exactly these)
CASES = [
    ("street-too-short", {"streets": [[None] * 10, [None] * 10, [None] * 12]}, {},
     [("street-length", f"{P}.streets[1]")]),
    ("two-streets", {"streets": [[None] * 10, [None] * 11]}, {}, [("street-count", f"{P}.streets")]),
    # a plan names printed houses (the ends of each street): it is not checked on streets of other sizes
    ("empty-street-with-a-plan", {"streets": [[None] * 10, [], [None] * 12], "plans": [{"plan": 24, "first": True}]},
     {"plans": [1, 7, 24], "intermediate": True}, [("street-length", f"{P}.streets[1]")]),
    ("number-18", {"streets": streets((1, 2, 18))}, {}, [("number-out-of-range", f"{P}.streets[0][2]")]),
    ("number-negative", {"streets": streets((), (-1,))}, {}, [("number-out-of-range", f"{P}.streets[1][0]")]),
    ("bis-18", {"streets": streets((), (), (18, "18b"))}, {},
     [("number-out-of-range", f"{P}.streets[2][0]"), ("number-out-of-range", f"{P}.streets[2][1]")]),
    ("not-a-house", {"streets": streets(("x",))}, {}, [("bad-house", f"{P}.streets[0][0]")]),
    ("true-is-no-house", {"streets": streets((True,))}, {}, [("bad-house", f"{P}.streets[0][0]")]),
    ("decreasing", {"streets": streets((1, 5, 3, 7))}, {}, [("not-increasing", f"{P}.streets[0][2]")]),
    ("decreasing-over-gaps", {"streets": streets((), (9, None, None, 4))}, {},
     [("not-increasing", f"{P}.streets[1][3]")]),
    ("equal-without-bis", {"streets": streets((2, 2))}, {}, [("not-increasing", f"{P}.streets[0][1]")]),
    ("bis-alone", {"streets": streets((2, None, "2b"))}, {}, [("bis-alone", f"{P}.streets[0][2]")]),
    ("bis-of-other-number", {"streets": streets((2, "3b"))}, {}, [("bis-alone", f"{P}.streets[0][1]")]),
    ("bis-without-original", {"streets": streets((1, "3b", "3b", 5))}, {},
     [("bis-without-original", f"{P}.streets[0][1]")]),
    ("two-originals", {"streets": streets((3, "3b", 3))}, {}, [("not-increasing", f"{P}.streets[0][2]")]),
    ("roundabout-basic-game", {"streets": streets((1, "R", 2)), "fences": [[0, 1], [], []]}, {},
     [("roundabout-not-allowed", f"{P}.streets[0][1]")]),
    ("roundabout-no-fence", {"streets": streets((1, "R", 2)), "fences": [[0], [], []]}, {"intermediate": True},
     [("roundabout-without-fences", f"{P}.streets[0][1]")]),
    ("three-roundabouts", {"streets": streets(("R",), ("R",), ("R",)), "fences": [[0], [0], [0]]},
     {"intermediate": True}, [("too-many-roundabouts", f"{P}.streets[2][0]")]),
    ("pool-not-printed", {"streets": streets((1, 2)), "pools": [[0, 1]]}, {}, [("pool-not-printed", f"{P}.pools[0]")]),
    ("pool-on-empty", {"streets": streets((1,)), "pools": [[0, 2]]}, {}, [("pool-on-empty-house", f"{P}.pools[0]")]),
    ("pool-on-bis", {"streets": streets((1, 2, "2b")), "pools": [[0, 2]]}, {}, [("pool-on-bis-house", f"{P}.pools[0]")]),
    ("pool-on-roundabout", {"streets": streets((1, 2), ("R", 3)), "fences": [[], [0], []], "pools": [[1, 0]]},
     {"intermediate": True}, [("pool-on-roundabout-house", f"{P}.pools[0]")]),
    ("pool-twice", {"streets": streets((1, 2, 3)), "pools": [[0, 2], [0, 2]]}, {}, [("pool-twice", f"{P}.pools[1]")]),
    ("parks-beyond-track", {"streets": streets(full(10)), "parks": [4, 0, 0]}, {}, [("beyond-track", f"{P}.parks[0]")]),
    ("estate-values-beyond-track", {"streets": streets(full(10)), "estate_values": {"1": 2}}, {},
     [("beyond-track", f"{P}.estate_values.1")]),
    ("estate-size-7", {"estate_values": {"7": 1}}, {}, [("unknown-estate-size", f"{P}.estate_values.7")]),
    ("temps-12", {"streets": [full(10), full(11), full(12)], "temps": 12}, {}, [("beyond-track", f"{P}.temps")]),
    ("refusals-4", {"refusals": 4}, {}, [("beyond-track", f"{P}.refusals")]),
    ("negative-temps", {"temps": -1}, {}, [("bad-number", f"{P}.temps")]),
    ("ten-bis", {"streets": streets((), (1, "1b", 2, "2b", 3, "3b", 4, "4b", 5),
                                    (1, "1b", 2, "2b", 3, "3b", 4, "4b", 5, "5b", 6, "6b"))}, {},
     [("too-many-bis", f"{P}.streets[2][11]")]),
    ("parks-without-numbers", {"streets": streets((1, 2), full(11)), "parks": [3, 0, 0]}, {},
     [("parks-without-numbers", f"{P}.parks[0]")]),
    ("too-many-effects", {"streets": streets((1, 2, 3)), "fences": [[0, 1], [2], []], "temps": 1}, {},
     [("too-many-effects", P)]),
    ("bis-is-an-effect", {"streets": streets((1, "1b", 2, "2b")), "temps": 1}, {}, [("too-many-effects", P)]),
    ("fence-out-of-range", {"fences": [[9], [], []]}, {}, [("fence-out-of-range", f"{P}.fences[0][0]")]),
    ("plan-not-in-play", {"streets": streets((1,)), "fences": [[0], [], []], "plans": [{"plan": 2, "first": True}]},
     {}, [("plan-not-in-play", f"{P}.plans[0]")]),
    ("plan-claimed-twice", {"plans": [{"plan": 1, "first": True}, {"plan": 1, "first": True}]}, {},
     [("plan-not-met", f"{P}.plans[0]"), ("plan-claimed-twice", f"{P}.plans[1]")]),
    ("plan-not-met", {"plans": [{"plan": 13, "first": True}]}, {}, [("plan-not-met", f"{P}.plans[0]")]),
    ("solo-two-players", None, {"mode": "solo"}, [("solo-extra-player", "players[1]")]),
]


@pytest.mark.parametrize("fields,options,expected", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_invalid_case(fields, options, expected):
    """Exactly the expected errors, each with its path; the player gets no score."""
    players = [player(**fields)] if fields is not None else [player("A"), player("B")]
    result = score_document(game(*players, **options))
    assert errors(result) == expected
    broken = {int(path.split("]")[0].split("[")[1]) for _, path in expected}
    for i in broken:
        assert result["players"][i]["total"] is None and result["players"][i]["rank"] is None
    assert all(p["message"] and p["path"] for e in result["players"] for p in e["problems"])


def test_every_problem_at_once():
    """Several broken rows are all reported in one pass, in sheet order."""
    fields = {"streets": [[1, 5, 3, None, None, None, None, None, None, None], [None] * 11, [None] * 11],
              "pools": [[0, 3]], "parks": [0, 0, 9], "temps": 99, "plans": [{"plan": 99, "first": True}]}
    found = errors(score_document(game(player(**fields))))
    assert found == [("street-length", f"{P}.streets[2]"), ("not-increasing", f"{P}.streets[0][2]"),
                     ("pool-not-printed", f"{P}.pools[0]"), ("beyond-track", f"{P}.parks[2]"),
                     ("beyond-track", f"{P}.temps"), ("parks-without-numbers", f"{P}.parks[2]"),
                     ("too-many-effects", P), ("plan-not-in-play", f"{P}.plans[0]")]


def test_shape_errors_keep_the_rest_checked():
    """A field of the wrong type is reported, and the other fields are still checked."""
    fields = {"streets": streets((3, 1)), "temps": "3", "parks": [0, 0], "colour": "red"}
    found = errors(score_document(game(player(**fields))))
    assert ("bad-number", f"{P}.temps") in found
    assert ("unknown-key", f"{P}.colour") in found
    assert ("street-count", f"{P}.parks") in found
    assert ("not-increasing", f"{P}.streets[0][1]") in found


def test_one_broken_sheet_leaves_the_others_scored():
    """Player 2's error does not stop player 1's score (ranked alone)."""
    result = score_document(game(player("A", streets=streets((1, 2))), player("B", refusals=9)))
    assert result["players"][0]["total"] == 0 and result["players"][0]["rank"] == 1
    assert result["players"][1]["total"] is None
    assert errors(result) == [("beyond-track", "players[1].refusals")]


@pytest.mark.parametrize("plans,expected", [
    ([99, 1, 1], [("unknown-plan", "plans[0]"), ("plan-twice", "plans[2]")]),
    ([20, 1, 7, 13], [("plan-needs-intermediate", "plans[0]"), ("too-many-plans", "plans[3]")])])
def test_game_level_problems_reach_every_player(plans, expected):
    """Plans in play that are unknown, repeated, advanced in a basic game or a fourth are errors shown to everyone."""
    result = score_document(game(player("A"), player("B"), plans=plans))
    for entry in result["players"]:
        assert [(p["code"], p["path"]) for p in entry["problems"] if p["severity"] == "error"] == expected
        assert entry["total"] is None


def test_fewer_than_three_plans_is_a_warning():
    """Two plans in play: scored, with a warning."""
    result = score_document(game(player("A"), plans=[1, 7]))
    assert warnings(result) == [("plan-count", "plans")] and result["players"][0]["total"] == 0


def test_later_without_first_is_a_warning():
    """A plan claimed 'later' while nobody claimed it first: a warning, still scored; none in solo."""
    doc = known("advanced-mode")
    doc["players"][0]["plans"][1]["first"] = False  # Mia took plan 24 first; now nobody has
    result = score_document(doc)
    assert warnings(result) == [("plan-later-without-first", "players[0].plans[1]"),
                                ("plan-later-without-first", "players[1].plans[1]")]
    assert errors(result) == [] and result["players"][0]["total"] == 27 - 3
    solo = known("solo")
    solo["players"][0]["plans"][0]["first"] = False
    assert warnings(score_document(solo)) == []


def test_roundabout_allows_a_new_run():
    """Numbers may drop after a roundabout (intermediate), and fences next to it cost no effect."""
    fields = {"streets": streets((5, 6, "R", 1, 2)), "fences": [[1, 2], [], []]}
    assert errors(score_document(game(player(**fields), intermediate=True))) == []


def test_bis_may_sit_left_of_its_original():
    """A bis copies either neighbour: '7b, 7' is as good as '7, 7b', and bis of bis is fine."""
    fields = {"streets": streets((2, "7b", 7, "7b", "7b", 9))}
    assert errors(score_document(game(player(**fields)))) == []


@pytest.mark.parametrize("doc", [None, 3, "x", [], {}, {"format": "enroute-game/1", "players": [{}]},
                                 {"format": "welcome-to-game/1"}, {"format": "welcome-to-game/1", "players": []},
                                 {"format": "welcome-to-game/1", "players": {"a": 1}}])
def test_not_a_game_document(doc):
    """Anything that is not a welcome-to-game/1 object with players is not a game document."""
    with pytest.raises(NotAGameDocument):
        score_document(doc)


def test_unknown_top_level_key_and_bad_mode():
    """A mistyped key or mode is an error at its path."""
    doc = game(player())
    doc["mood"] = "solo"
    doc["mode"] = "duo"
    found = errors(score_document(doc))
    assert ("bad-value", "mode") in found and ("unknown-key", "mood") in found
