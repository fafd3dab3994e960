"""Paris: coloured routes, diversity, thematic tours and round bonuses, shaped landmarks; validation and fuzzing."""

from __future__ import annotations

import copy

from enroute_helpers import GAMES, load
from fuzz_scale import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_enroute_shape_fuzz import JSON, _paths, _replace, _well_formed

from companion.games.core.engine import NotAGameDocument
from companion.games.enroute import board_to_json, find_board, parse_board
from companion.games.enroute.cities.paris.diversity import _best, runs
from companion.games.enroute.cities.paris.tours import round_bonuses, stages_done
from companion.games.enroute.game import read_game
from companion.games.enroute.geometry import section
from companion.games.enroute.scoring import score_game

SETTINGS = settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
GAME = "paris-colours-tours"


def _game() -> dict:
    """The Paris known-answer game."""
    return load(GAMES / f"{GAME}.json")


def _board_doc() -> dict:
    """The example board as a document."""
    return board_to_json(find_board("paris-example"))


def _player(result: dict, name: str) -> dict:
    """A player's entry of a score."""
    return next(p for p in result["players"] if p["player"] == name)


def _codes(problems) -> list[tuple[str, str]]:
    """(code, path) of problems (engine objects or score JSON)."""
    return [(p.code, p.path) if hasattr(p, "code") else (p["code"], p["path"]) for p in problems]


# ---- the seed's numbers -------------------------------------------------------------------------------------

def test_seed_bonus_example_all_four_boxes_two_of_three_bridges_pays_boxes_2_and_3():
    """Seed: blue area, all 4 boxes marked, 2 of the 3 bridges drawn → bonuses of boxes 2 and 3 only."""
    board = find_board("paris-example")
    bridges = board.feature("tour", "bridges")
    drawn = [section((2, 3), (2, 4)), section((5, 3), (5, 4)), section((1, 1), (1, 2))]
    done = stages_done(board, bridges, drawn)
    assert done == 2
    assert round_bonuses(4, done) == ["tourists", "route_change"]
    assert round_bonuses(4, 3) == ["tourists", "route_change", "section"]
    assert round_bonuses(1, 3) == []  # box 1 is "no bonus"
    assert round_bonuses(2, 0) == []  # box 2 needs stage 1
    assert stages_done(board, bridges, []) == 0


def test_personal_goal_of_ten_sections_scores_twenty():
    """Seed: Paris doubles the personal goal."""
    walker = _player(score_game(_game()), "Walker")
    assert walker["rows"]["personal_goal"] == 20
    assert len(walker["final_route"]) - 1 == 10


def test_blue_landmark_bordered_only_by_red_sections_scores_zero():
    """Three blue tourists beside the museum, every section red: the blue row is 0; one blue section makes it 3."""
    doc = _game()
    assert _player(score_game(doc), "Museum")["rows"]["blue"] == 0
    museum = next(p for p in doc["players"] if p["player"] == "Museum")
    museum["colours"] = ["red", "blue", "red"]
    assert _player(score_game(doc), "Museum")["rows"]["blue"] == 3


def test_completed_tour_brings_its_remote_landmark_into_the_colour_row():
    """Three bridges on the route complete the blue tour: its remote landmark is a third blue landmark."""
    doc = _game()
    assert _player(score_game(doc), "Bridges")["rows"]["blue"] == 9
    doc["tours"]["blue"] = "museums"  # another blue tour, not complete: two blue landmarks only
    assert _player(score_game(doc), "Bridges")["rows"]["blue"] == 6


def test_half_location_garden_counts_only_along_its_own_sides():
    """The garden's tourists are on the route from the location's outer side, the garden only from its sides."""
    result = score_game(_game())
    assert _player(result, "Edge")["rows"]["green"] == 0
    assert _player(result, "Garden")["rows"]["green"] == 2


def test_triangle_landmark_needs_its_own_side():
    """The triangle gallery is on the route along its diagonal, not along the location's other sides."""
    doc = _game()
    walk = [[2, 1], [3, 1], [3, 2]]  # top and right side of the location: not the triangle's
    doc["players"] = [{"format": "enroute-sheet/1", "player": "Tri", "sections": [walk[:2], walk[1:]],
                       "colours": ["blue", "blue"], "final_route": walk, "tourists": [{"at": [3, 2], "blue": 2}]}]
    assert score_game(doc)["players"][0]["rows"]["blue"] == 0
    walk = [[2, 2], [2, 1], [3, 2]]  # left side and diagonal
    doc["players"][0].update(sections=[walk[:2], walk[1:]], final_route=walk)
    assert score_game(doc)["players"][0]["rows"]["blue"] == 2


def test_diversity_counts_disjoint_runs_along_the_walk():
    """Order inside a run is free; each section in one run; a gap without colour breaks runs."""
    assert _best(["red", "green", "blue", "blue", "red", "green"]) == 2
    assert _best(["red", "green", "red", "blue", "green"]) == 1
    assert _best(["red", "red", "green", "blue", "blue"]) == 1
    assert _best(["red", "green", None, "blue", "red", "green"]) == 1
    assert _best(["red", "green"]) == 0


def test_a_ride_breaks_the_diversity_runs():
    """The Batobus joins two segments: no run spans the ride."""
    board = find_board("paris-example")
    walk = [(0, 2), (1, 2), (1, 3), (5, 3), (6, 3)]  # ride from one stop to another
    colours = {section((0, 2), (1, 2)): "red", section((1, 2), (1, 3)): "green", section((5, 3), (6, 3)): "blue"}
    assert runs(board, colours, walk) == 0
    walk = [(0, 2), (1, 2), (1, 3), (2, 3)]
    colours[section((1, 3), (2, 3))] = "blue"
    assert runs(board, colours, walk) == 1


# ---- the example board ------------------------------------------------------------------------------------

def test_example_board_has_what_the_design_asks():
    """River with an island, a diagonal avenue over 3 locations, half-location garden, triangle, corners,
    3+ Batobus stops, 9 tours with 3 stages, 3 remote landmarks, a diversity table; round trip."""
    board = find_board("paris-example")
    assert board.city == "paris" and board.rating_modes == ("advanced",)
    diagonals = [r for r in board.added if "diagonal" in r.tags]
    assert len({loc for r in diagonals for loc in r.borders}) >= 3
    assert any("corner" in r.tags for r in board.added)
    assert board.features_of("river") and len(board.features_of("station")) >= 3
    island = [r for r in board.added if r.borders == ((3, 4),)]
    assert len(island) == 2  # the island is reached by its two bridges only
    tours = board.features_of("tour")
    assert len(tours) == 9 and all(len(t.param("stages")) == 3 for t in tours)
    assert sorted(t.param("colour") for t in tours) == ["blue"] * 3 + ["green"] * 3 + ["red"] * 3
    assert len(board.features_of("tour_landmark")) == 3 and board.features_of("diversity")
    shaped = {f.param("landmark") for f in board.features_of("landmark_sides")}
    assert {"jardin-lilas", "galerie-triangle"} <= shaped
    assert len(board.landmark("jardin-lilas").locations) == 2
    doc = _board_doc()
    assert board_to_json(parse_board(doc)[0]) == doc


# ---- validation -------------------------------------------------------------------------------------------

def _feature(doc: dict, fid: str) -> dict:
    """A feature item of a board document."""
    return next(f for f in doc["features"] if f["id"] == fid)


def test_board_problems_name_the_paris_feature_and_key():
    """Bad stages, unknown remote landmark, second diversity table, sides of an unknown landmark."""
    doc = _board_doc()
    index = {f["id"]: i for i, f in enumerate(doc["features"])}
    _feature(doc, "bridges")["stages"] = [2, 1, 3]
    _feature(doc, "museums")["remote"] = "nowhere"
    _feature(doc, "triangle-sides")["landmark"] = "ghost"
    doc["features"].append({"type": "diversity", "id": "again", "pp": [0, 1]})
    _feature(doc, "markets")["colour"] = "purple"
    board, problems = parse_board(doc)
    assert board is None
    got = _codes(problems)
    assert ("bad-stages", f"features[{index['bridges']}].stages") in got
    assert ("unknown-feature", f"features[{index['museums']}].remote") in got
    assert ("unknown-landmark", f"features[{index['triangle-sides']}].landmark") in got
    assert ("duplicate-diversity", f"features[{len(doc['features']) - 1}]") in got
    assert any(code and path == f"features[{index['markets']}].colour" for code, path in got)
    _well_formed(problems)


def test_sheet_colour_problems():
    """One colour per section; only red, green, blue; a missing list is a warning on Paris."""
    doc = _game()
    doc["players"][0]["colours"] = ["red"] * 3
    doc["players"][1]["colours"] = ["red", "purple", "red"]
    del doc["players"][2]["colours"]
    game = read_game(doc)
    got = _codes(game.problems)
    assert ("colours-mismatch", "players[0].colours") in got
    assert ("bad-colour", "players[1].colours[1]") in got
    assert ("no-colours", "players[2].colours") in got
    assert next(p for p in game.problems if p.code == "no-colours").severity == "warning"


def test_colours_on_a_board_without_coloured_routes_are_a_warning():
    """London draws no colours: the list is kept out of scoring with a warning."""
    doc = load(GAMES / "london-bridges-subway.json")
    sheet = doc["players"][0]
    sheet["colours"] = ["red"] * len(sheet["sections"])
    problems = read_game(doc).problems
    assert [p.severity for p in problems if p.code == "colours-not-used"] == ["warning"]


def test_tour_problems():
    """A tour of another colour's area and an unknown tour are errors at tours.<colour>; none given warns."""
    doc = _game()
    doc["tours"] = {"red": "bridges", "green": "nope", "blue": "museums"}
    got = _codes(read_game(doc).problems)
    assert ("tour-colour", "tours.red") in got and ("unknown-tour", "tours.green") in got
    doc["tours"] = {}
    assert ("no-tours", "tours") in _codes(read_game(doc).problems)
    doc["tours"] = {"purple": "bridges"}
    assert ("bad-colour", "tours.purple") in _codes(read_game(doc).problems)


def test_sheet_round_trip_keeps_colours():
    """The colours are written back in the order of the sections."""
    from companion.games.enroute.sheet import parse_sheet, sheet_to_json

    doc = _game()["players"][2]
    sheet, _problems = parse_sheet(doc, find_board("paris-example"))
    assert sheet_to_json(sheet)["colours"] == doc["colours"]


# ---- fuzzing ------------------------------------------------------------------------------------------------

@SETTINGS
@given(data=st.data(), value=JSON)
def test_mutated_paris_games_read_and_score_without_exceptions(data, value):
    """Any node of the Paris game replaced by any JSON: problems (or not a game), never an exception."""
    base = _game()
    path = data.draw(st.sampled_from(list(_paths(base))))
    doc = _replace(base, path, value)
    try:
        found = read_game(copy.deepcopy(doc))
    except NotAGameDocument:
        return
    _well_formed(found.problems)
    if path and path[0] == "players":
        result = score_game(doc)
        assert result["format"] == "enroute-score/1"


@SETTINGS
@given(data=st.data(), value=JSON)
def test_mutated_paris_boards_read_with_well_formed_problems(data, value):
    """Any node of the Paris board replaced by any JSON: a board only without errors, problems well formed."""
    doc = _board_doc()
    path = data.draw(st.sampled_from(list(_paths(doc))))
    board, problems = parse_board(_replace(copy.deepcopy(doc), path, value))
    _well_formed(problems)
    assert (board is None) == any(p.severity == "error" for p in problems)


def test_a_tour_before_its_remote_landmark_says_to_list_the_landmark_first():
    doc = _board_doc()
    remote = next(f for f in doc["features"] if f["type"] == "tour_landmark")
    doc["features"].remove(remote)
    doc["features"].append(remote)
    board, problems = parse_board(doc)
    assert board is None
    found = [p for p in problems if p.code == "unknown-feature"]
    assert found and all("before the tours" in p.message for p in found)


def test_many_sections_on_paris_point_to_the_round_bonuses():
    from companion.games.enroute.sheet import parse_sheet

    board = find_board("paris-example")
    roads = sorted(board.roads)[:22]
    doc = {"format": "enroute-sheet/1", "player": "P", "sections": [[list(a), list(b)] for a, b in roads],
           "colours": ["red"] * 22}
    _sheet, problems = parse_sheet(doc, board)
    found = [p for p in problems if p.code == "too-many-sections"]
    assert [p.severity for p in found] == ["warning"] and "round bonuses" in found[0].message
