"""World cities (London, Rio, Cairo, Hong Kong): the seed's numbers, every city rule's validation, and fuzzing."""

from __future__ import annotations

import copy
import json

import pytest
from enroute_helpers import GAMES, load
from fuzz_scale import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_enroute_shape_fuzz import JSON, _paths, _replace, _well_formed

from companion.games.core.engine import NotAGameDocument
from companion.games.enroute import board_to_json, find_board, parse_board
from companion.games.enroute.game import read_game
from companion.games.enroute.scoring import score_game

CITY_GAMES = ("london-bridges-subway", "rio-carnival-statue", "cairo-remote-felucca", "hong-kong-viewpoints")
CITY_BOARDS = ("london-example", "rio-example", "cairo-example", "hong-kong-example")
SETTINGS = settings(max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _game(name: str) -> dict:
    """One of the cities' known-answer games."""
    return load(GAMES / f"{name}.json")


def _player(result: dict, name: str) -> dict:
    """A player's entry of a score."""
    return next(p for p in result["players"] if p["player"] == name)


def _errors(entry: dict) -> list[tuple[str, str]]:
    """(code, path) of a player's errors."""
    return [(p["code"], p["path"]) for p in entry["problems"] if p["severity"] == "error"]


# ---- the acceptance numbers -------------------------------------------------------------------------------

def test_london_two_scoring_bridges_are_14_and_three_stations_with_a_ride_are_12():
    """Seed: a scoring bridge 7 PP; a station 4 PP, both ride stations count."""
    result = score_game(_game("london-bridges-subway"))
    assert _player(result, "Bridges")["rows"]["bridges"] == 14
    subway = _player(result, "Subway")
    assert subway["rows"]["stations"] == 12
    assert subway["final_route"][4:6] == [[4, 2], [6, 4]]  # the ride is one step between two stations


def test_rio_carnival_statue_and_a_blue_remote_landmark():
    """4 carnival sections at 3 = 12; statue 6 + 3 × 3 = 15; the blue remote landmark counts in the blue row."""
    result = score_game(_game("rio-carnival-statue"))
    assert _player(result, "Parade")["rows"]["carnival"] == 12
    pilgrim = _player(result, "Pilgrim")["rows"]
    assert pilgrim["statue"] == 15 and pilgrim["blue"] == 2 and pilgrim["samba-hill"] == 4


def test_rio_statue_is_capped_at_24():
    """Six marks would be 24; the cap holds."""
    doc = _game("rio-carnival-statue")
    doc["marks"] = {"statue": [1, 2, 3, 4, 5, 6]}
    assert _player(score_game(doc), "Pilgrim")["rows"]["statue"] == 24


def test_rio_statue_coordinate_marked_twice_is_an_error_at_its_path():
    """A coordinate space is marked at most once."""
    doc = _game("rio-carnival-statue")
    doc["marks"] = {"statue": [1, 3, 3], "nope": [1]}
    problems = read_game(doc).problems
    assert ("coordinate-marked-twice", "marks.statue[2]") in [(p.code, p.path) for p in problems]
    assert ("unknown-track", "marks.nope") in [(p.code, p.path) for p in problems]


def test_cairo_remote_space_counts_only_with_its_meeting_point():
    """3 red tourists in the temple space count (meeting point on the route); in the pyramids space they do not."""
    result = score_game(_game("cairo-remote-felucca"))
    assert _player(result, "Temple")["rows"]["red"] == 3
    assert _player(result, "Pyramids")["rows"]["red"] == 0


def test_cairo_felucca_across_banks_is_accepted_and_on_one_bank_refused():
    """A ride from the west bank to the east bank scores; one from the west bank to the west bank is refused."""
    doc = _game("cairo-remote-felucca")
    assert not _errors(_player(score_game(doc), "Sailor"))
    sailor = doc["players"][2]
    sailor["sections"] = [[[2, 2], [3, 2]], [[3, 4], [2, 4]]]
    sailor["final_route"] = [[2, 2], [3, 2], [3, 4], [2, 4]]
    assert ("ride-one-bank", "players[2].final_route[2]") in _errors(_player(score_game(doc), "Sailor"))


def test_hong_kong_five_viewpoints_are_25_and_groups_share_a_rating():
    """4/9/16/25 for 1/2/3/4+ viewpoints; both historic landmarks score the historic rating."""
    result = score_game(_game("hong-kong-viewpoints"))
    assert _player(result, "Viewer")["rows"]["visit_them_all"] == 25
    assert _player(result, "Groups")["rows"]["grey"] == 8 + 6


def test_the_training_city_example_is_still_105():
    """The rulebook example is unchanged by the row registry."""
    assert score_game(load(GAMES / "rulebook-example.json"))["players"][0]["total"] == 105


# ---- validation of what the cities add to a sheet ----------------------------------------------------------------

def test_a_second_ride_is_an_error():
    """One ride per route."""
    doc = _game("london-bridges-subway")
    subway = doc["players"][1]
    subway["sections"].append([[3, 5], [3, 6]])
    subway["final_route"] += [[3, 5], [3, 6]]
    assert ("second-ride", "players[1].final_route[7]") in _errors(_player(score_game(doc), "Subway"))


def test_a_ride_must_join_two_segments():
    """A ride as the route's last step joins nothing."""
    doc = _game("london-bridges-subway")
    subway = doc["players"][1]
    subway["sections"].pop()
    subway["final_route"] = subway["final_route"][:-1]
    assert ("ride-at-route-end", "players[1].final_route[5]") in _errors(_player(score_game(doc), "Subway"))


def test_a_ride_from_a_non_station_is_an_error():
    """A jump between intersections that are not both stations is no ride."""
    doc = _game("london-bridges-subway")
    doc["players"][1]["final_route"][5] = [6, 3]
    doc["players"][1]["final_route"][6] = [6, 4]
    doc["players"][1]["sections"][-1] = [[6, 3], [6, 4]]
    assert ("route-not-a-road", "players[1].final_route[5]") in _errors(_player(score_game(doc), "Subway"))


def test_crossed_out_locations_and_remote_spaces_are_checked_with_paths():
    """× with tourists, an unknown remote space and a bad colour: each an error at its path, nothing raised."""
    doc = _game("cairo-remote-felucca")
    temple = doc["players"][0]
    temple["crossed"] = [[1, 2], [9, 9], "x"]
    temple["remote"] = {"atlantis": {"red": 1}, "temple": {"pink": 2}}
    found = {(p.code, p.path) for p in read_game(doc).problems if p.severity == "error"}
    assert {("tourists-crossed-out", "players[0].crossed[0]"), ("location-off-map", "players[0].crossed[1]"),
            ("location-off-map", "players[0].crossed[2]"), ("unknown-remote-space", "players[0].remote.atlantis"),
            ("bad-colour", "players[0].remote.temple.pink")} <= found


def test_crossed_out_locations_count_as_a_round_and_as_empty():
    """A × location counts in the locations of the ten rounds and is empty for goals."""
    doc = _game("cairo-remote-felucca")
    doc["players"][0]["crossed"] = [[c, 6] for c in range(1, 7)] + [[c, 5] for c in range(1, 5)]
    problems = read_game(doc).problems
    assert ("too-many-locations", "players[0].tourists") in [(p.code, p.path) for p in problems]


# ---- boards ----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("board_id", CITY_BOARDS)
def test_city_boards_round_trip_and_carry_their_rules(board_id):
    """Export, import, export is the identity; the board keeps its features and rows."""
    board = find_board(board_id)
    doc = board_to_json(board)
    again, problems = parse_board(json.loads(json.dumps(doc)))
    assert problems == [] and again == board and board_to_json(again) == doc
    assert board.version == 2 and board.features


def test_cities_have_what_the_design_note_lists():
    """§7 of the design note, the parts the end of the game needs."""
    london, rio, cairo, hk = (find_board(b) for b in CITY_BOARDS)
    assert len(london.features_of("bridge")) >= 4 and sum(1 for f in london.features_of("bridge")
                                                           if f.param("pp") == 7) == 2
    assert len(london.features_of("station")) >= 5 and london.kinds_present() >= {"red", "green", "blue", "yellow",
                                                                                    "grey"}
    assert {c.bonus for c in london.cafes} == {"section", "coordinate", "tourists"}
    assert len(london.start_cards) == 7 and len({frozenset(card) for card in london.start_cards}) == 7
    assert not any(lm.kind == "grey" and lm.locations for lm in rio.landmarks)
    assert {lm.kind for lm in rio.remote_landmarks()} >= {"blue", "red"} and rio.coordinate_track("statue")
    assert len(rio.feature("street", "carnival").sections) >= 5 and rio.rating_modes == ("standard",)
    assert any("corner" in r.tags for r in rio.added) and any("corner" in r.tags for r in cairo.added)
    islands = [(4, r) for r in range(1, 7)]
    assert all(all(any(f.sections == (sec,) for f in cairo.features_of("bridge"))
                   for sec, road in cairo.roads.items() if loc in road.borders) for loc in islands)
    assert len(cairo.features_of("remote_space")) == 3 and cairo.features_of("vehicle")[0].param("by") == "banks"
    assert len(hk.visit_them_all.at) == 6 and {(0, 0), (6, 6)} <= set(hk.visit_them_all.at)
    assert len(hk.feature("harbour", "harbour").sections) == 4 and len(hk.features_of("ferry")) == 2
    groups = {}
    for lm in hk.rated():
        groups.setdefault(lm.rating, []).append(lm.id)
    assert sorted(len(v) for v in groups.values()) == [2, 2]


@pytest.mark.parametrize("change, code, path", [
    (lambda d: d["features"].append({"type": "teleport", "id": "x"}), "unknown-feature-type", "features[12].type"),
    (lambda d: d["features"][1].update(section=[[0, 0], [0, 0]]), "bad-section", "features[1].section"),
    (lambda d: d["features"][1].update(section=[[0, 3], [0, 4]]), "feature-not-a-road", "features[1].section"),
    (lambda d: d["features"][6].update(vehicle="bus"), "unknown-feature", "features[6].vehicle"),
    (lambda d: d["features"][2].update(id="thames"), "duplicate-feature", "features[2].id"),
    (lambda d: d["features"][2].update(colour="red"), "unknown-key", "features[2].colour"),
    (lambda d: d["scoring"].append({"row": "fireworks", "number": 3}), "unknown-row-type", "scoring[12].row"),
    (lambda d: d["scoring"][7].update(pp=None), "missing-row-pp", "scoring[7].pp"),
    (lambda d: d["ratings"].update(spare=[1, 2]), "unused-track", "ratings.spare"),
    (lambda d: d["rules"]["start_cards"].append(["tube", "west-end"]), "bad-start-card", "rules.start_cards[7]"),
])
def test_bad_city_features_are_errors_at_their_paths(change, code, path):
    """Each broken feature or row names its path; no exception."""
    doc = board_to_json(find_board("london-example"))
    change(doc)
    if doc["scoring"][7].get("pp", 0) is None:
        del doc["scoring"][7]["pp"]
    board, problems = parse_board(doc)
    assert board is None
    assert (code, path) in [(p.code, p.path) for p in problems], problems


# ---- fuzzing ------------------------------------------------------------------------------------------------

@SETTINGS
@given(data=st.data(), value=JSON)
def test_mutated_city_games_read_with_well_formed_problems(data, value):
    """Any node of a city game replaced by any JSON: problems (or not a game), never an exception."""
    base = _game(data.draw(st.sampled_from(CITY_GAMES)))
    path = data.draw(st.sampled_from(list(_paths(base))))
    try:
        found = read_game(_replace(base, path, value))
    except NotAGameDocument:
        assert path in ((), ("format",), ("players",))
        return
    _well_formed(found.problems)


@SETTINGS
@given(data=st.data(), value=JSON)
def test_mutated_city_games_score_without_exceptions(data, value):
    """Scoring a mutated sheet of a city game answers with a score document, never a traceback."""
    base = _game(data.draw(st.sampled_from(CITY_GAMES)))
    player = data.draw(st.integers(0, len(base["players"]) - 1))
    paths = [p for p in _paths(base["players"][player]) if p]
    path = ("players", player, *data.draw(st.sampled_from(paths)))
    result = score_game(_replace(base, path, value))
    assert len(result["players"]) == len(base["players"])


@SETTINGS
@given(data=st.data(), value=JSON)
def test_mutated_city_boards_read_with_well_formed_problems(data, value):
    """Any node of a city board replaced by any JSON: a board only without errors, problems well formed."""
    doc = board_to_json(find_board(data.draw(st.sampled_from(CITY_BOARDS))))
    path = data.draw(st.sampled_from(list(_paths(doc))))
    board, problems = parse_board(_replace(copy.deepcopy(doc), path, value))
    _well_formed(problems)
    assert (board is None) == any(p.severity == "error" for p in problems)


# ---- command line and API ---------------------------------------------------------------------------------

def test_cli_scores_a_city_game_and_refuses_a_second_ride(tmp_path):
    """`python -m companion score`: exit 0 on a city game, 1 when a sheet rides twice."""
    import subprocess
    import sys

    good = GAMES / "london-bridges-subway.json"
    done = subprocess.run([sys.executable, "-m", "companion", "score", str(good)], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0 and json.loads(done.stdout)["players"][1]["rows"]["stations"] == 12
    doc = _game("london-bridges-subway")
    doc["players"][1]["sections"].append([[3, 5], [3, 6]])
    doc["players"][1]["final_route"] += [[3, 5], [3, 6]]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc))
    done = subprocess.run([sys.executable, "-m", "companion", "score", str(bad)], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 1 and "second-ride" in done.stdout


def test_api_scores_an_inline_version_2_board(tmp_path):
    """POST /api/score with the Rio board inline: 200 and the statue row; a bad remote space: 422 with its path."""
    from companion.web.core.app import create_app

    app = create_app({"TESTING": True, "SECRET_KEY": "t", "WTF_CSRF_ENABLED": False,
                      "DATABASE": str(tmp_path / "t.sqlite"), "BOARD_LIBRARY": str(tmp_path / "boards")})
    client = app.test_client()
    doc = _game("rio-carnival-statue")
    doc["board"] = board_to_json(find_board("rio-example"))
    response = client.post("/api/score", json=doc)
    assert response.status_code == 200
    assert _player(response.get_json(), "Pilgrim")["rows"]["statue"] == 15
    cairo = _game("cairo-remote-felucca")
    cairo["players"][0]["remote"] = {"sphinx": {"red": 1}}
    response = client.post("/api/score", json=cairo)
    assert response.status_code == 422
    assert ("unknown-remote-space", "players[0].remote.sphinx") in _errors(_player(response.get_json(), "Temple"))
