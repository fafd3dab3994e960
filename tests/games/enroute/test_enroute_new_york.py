"""New York (issue 16): the seed's hotspot example, the known answers, every New York rule's validation, fuzzing."""

from __future__ import annotations

import copy

import pytest
from enroute_helpers import GAMES, load
from fuzz_scale import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_enroute_shape_fuzz import JSON, _paths, _replace, _well_formed

from companion.games.core.engine import NotAGameDocument
from companion.games.core.problems import has_errors
from companion.games.enroute import board_to_json, find_board, parse_board
from companion.games.enroute import geometry as geo
from companion.games.enroute.cards import RoundCard
from companion.games.enroute.cities.new_york.play import place_goal_on_half, reveal_cafe_card
from companion.games.enroute.cityrules import rules_for
from companion.games.enroute.game import read_game
from companion.games.enroute.referee import BALANCE, BonusSection, Seat, Turn, begin_round, new_game, play_turn
from companion.games.enroute.scoring import score_game

BOARD = "new-york-example"
GAME = "new-york-statue-cafes-zones"
SETTINGS = settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
HOT = ((8, 2), (9, 2))  # hotspot card hs-b1's road, the bottom side of location (9, 2)


def _player(result: dict, name: str) -> dict:
    """A player's entry of a score."""
    return next(p for p in result["players"] if p["player"] == name)


def _codes(problems) -> list[tuple[str, str]]:
    """(code, path) of every error."""
    return [(p.code, p.path) for p in problems if p.severity == "error"]


# ---- the acceptance numbers ---------------------------------------------------------------------------------

def test_grand_central_goal_is_17_and_the_cafe_card_pp_bonus_is_8():
    """The route starting next to Grand Central meets "Central Station" (17 PP); a PP cafe bonus scores 8."""
    result = score_game(load(GAMES / f"{GAME}.json"))
    assert _player(result, "Commuter")["rows"]["goal_C"] == 17
    assert _player(result, "Espresso")["rows"]["cafe_pp"] == 8
    assert _player(result, "Espresso")["rows"]["cafes"] == 2  # the other, unused section bonus: 2 PP as usual


def test_a_statue_ticket_with_its_dock_off_the_route_scores_0():
    """Whitehall's ticket with Whitehall on the route: the statue's rating; with only the other dock on it: 0."""
    result = score_game(load(GAMES / f"{GAME}.json"))
    assert _player(result, "Ferry")["rows"]["grey"] == 9
    assert _player(result, "Offroute")["rows"]["grey"] == 0
    doc = load(GAMES / f"{GAME}.json")
    doc["players"][0]["tickets"] = []  # no ticket: Whitehall on the route is not enough
    doc["players"][0]["cafes"][0]["state"] = "unused"
    assert _player(score_game(doc), "Ferry")["rows"]["grey"] == 0


def test_two_tickets_never_double_the_statue():
    """Both tickets and both docks on the route: the statue's rating once."""
    doc = load(GAMES / f"{GAME}.json")
    ferry = doc["players"][0]
    ferry["sections"] += [[[11, 6], [12, 6]], [[12, 6], [12, 5]], [[6, 5], [6, 6]]]
    ferry["final_route"] += [[12, 6], [12, 5]]
    ferry["cafes"].append({"at": [6, 5], "state": "used", "bonus": "ticket"})
    ferry["tickets"] = ["whitehall", "corlears-hook"]
    assert _player(score_game(doc), "Ferry")["rows"]["grey"] == 9


def test_times_square_is_on_the_route_by_its_intersection():
    """Times Square (purple) counts once the route passes its intersection, whatever location it borders."""
    result = score_game(load(GAMES / f"{GAME}.json"))
    assert _player(result, "Commuter")["rows"]["purple"] == 3 * 2  # Midtown Plaza and Times Square


def test_a_park_triangle_counts_only_along_its_own_sides():
    """A route beside location (4, 2) along Park Woods' side puts Park Woods on the route, not Park Lawn."""
    result = score_game(load(GAMES / "new-york-park-triangles.json"))
    assert _player(result, "Park")["rows"]["green"] == 3
    assert _player(result, "Diagonal")["rows"]["green"] == 9


# ---- the seed's hotspot example (referee) -------------------------------------------------------------------

def _ny_round(balance=("section",), hot=("hs-b1",)):
    """A one-seat New York game with hotspot card hs-b1 and round cards matching location (9, 2) on board 1."""
    board = find_board(BOARD)
    state = new_game(board, [Seat("A", 1, tuple(balance))], "full", hotspot_cards=hot)
    pb = board.player_board(1)
    a, b = pb.printed((9, 2))
    state, problems = begin_round(state, (RoundCard("g1", a, (("red", 1),)), RoundCard("g2", b, (("blue", 1),))))
    assert not problems
    state, problems = reveal_cafe_card(state, "cc-section-1")
    assert not problems
    return state


def test_a_segment_plus_a_section_bonus_draws_three_roads_one_a_hotspot():
    """Seed example: a segment (3 allowances) and a route-section bonus (1) draw three roads, one a hotspot."""
    state = _ny_round()
    segment = (((7, 2), (8, 2)), HOT, ((9, 2), (10, 2)))
    new, problems = play_turn(state, 0, Turn((9, 2), segment, bonus_sections=(BonusSection(HOT, BALANCE),)))
    assert not has_errors(problems), problems
    assert set(new.players[0].sections) == {geo.section(*s) for s in segment}
    assert new.players[0].balance == (("section", True),)


def test_a_lone_section_through_a_hotspot_is_refused():
    """Seed: with one section to draw (one section anywhere) a hotspot cannot be crossed."""
    state = _ny_round()
    new, problems = play_turn(state, 0, Turn((9, 2), (HOT,)))
    assert new is state
    assert ("hotspot-lone", "turn.segment[0]") in _codes(problems)


def test_one_bonus_alone_never_draws_a_hotspot_but_two_together_do():
    """A route-section bonus on its own cannot draw a hotspot; two bonuses at once can."""
    state = _ny_round(balance=("section", "section"))
    segment = (((8, 1), (9, 1)), ((9, 1), (9, 2)), ((9, 2), (9, 3)))
    _, problems = play_turn(state, 0, Turn((9, 2), segment, bonus_sections=(BonusSection(HOT, BALANCE),)))
    assert ("hotspot-lone", "turn.bonus_sections[0]") in _codes(problems)
    both = (BonusSection(HOT, BALANCE), BonusSection(HOT, BALANCE))
    new, problems = play_turn(state, 0, Turn((9, 2), segment, bonus_sections=both))
    assert not has_errors(problems), problems
    assert geo.section(*HOT) in new.players[0].sections and len(new.players[0].sections) == 4


def test_a_lone_hotspot_with_one_bonus_is_accepted():
    """Seed: one section anywhere plus a route-section bonus may cross a hotspot."""
    state = _ny_round()
    new, problems = play_turn(state, 0, Turn((9, 2), (HOT,), bonus_sections=(BonusSection(HOT, BALANCE),)))
    assert not has_errors(problems), problems
    assert new.players[0].sections == (geo.section(*HOT),)


@pytest.mark.parametrize("segment, code", [
    ((((7, 2), (8, 2)), HOT, ((9, 2), (10, 2))), "segment-size"),  # a hotspot in three roads: 4 allowances
    ((((8, 1), (9, 1)), ((9, 1), (9, 2)), ((9, 2), (9, 3))), None),  # a plain line of three beside the location
    ((((8, 1), (9, 1)), ((9, 1), (9, 2))), "segment-size"),  # two sections: a New York segment has three
    ((((8, 1), (9, 1)), ((9, 1), (9, 2)), ((9, 1), (10, 1))), "segment-branches"),  # a T: branching
    ((((0, 0), (1, 0)), ((1, 0), (2, 0)), ((2, 0), (3, 0))), "segment-not-next"),
    ((((7, 2), (8, 2)), HOT), None),  # a hotspot and one road: 3 allowances
])
def test_new_york_segments(segment, code):
    """Three connected sections without branching beside the location; a hotspot counts as two."""
    state = _ny_round(balance=())
    new, problems = play_turn(state, 0, Turn((9, 2), segment))
    if code is None:
        assert not has_errors(problems), problems
    else:
        assert code in [c for c, _ in _codes(problems)] and new is state


def test_segment_options_are_all_accepted_and_avoid_lone_hotspots():
    """Every segment the rules module offers is a legal turn; none takes more than three allowances."""
    state = _ny_round(balance=())
    options = rules_for(state.board).segment_options(state.board, set(), (9, 2), state.hotspots)
    assert options and any(geo.section(*HOT) in opt and len(opt) == 2 for opt in options)
    for opt in options:
        _, problems = play_turn(state, 0, Turn((9, 2), opt))
        assert not has_errors(problems), (opt, problems)


# ---- validation ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("change, code, path", [
    (lambda d: d["features"][-1].pop("tourists", None) or d["features"][-11].pop("tourists"),
     "cafe-card-tourists", "features[-11].tourists"),
    (lambda d: _feature(d, "cc-ticket-whitehall").update(dock="pier-99"), "unknown-feature", "dock"),
    (lambda d: _feature(d, "hs-b1")["sections"].append([[2, 2], [2, 3]]), "feature-not-a-road", "sections[1]"),
    (lambda d: d["landmarks"][0]["sides"].append([[2, 1], [2, 2]]), "landmark-side-not-a-road",
     "landmarks[0].sides[6]"),
    (lambda d: d["landmarks"][-1].update(points=[], locations=[[7, 3]]), "ticket-without-points", "landmarks[22].ticket"),
    (lambda d: d["landmarks"][4]["locations"].append([2, 2]), "location-taken", "landmarks[4].locations[1]"),
])
def test_bad_new_york_boards_are_errors_at_their_paths(change, code, path):
    """Each broken New York item names its path; no exception."""
    doc = board_to_json(find_board(BOARD))
    change(doc)
    board, problems = parse_board(doc)
    assert board is None
    found = [(p.code, p.path) for p in problems]
    if path.startswith("features[-11]"):
        path = path.replace("[-11]", f"[{len(doc['features']) - 11}]")
    elif not path.startswith(("landmarks", "features")):
        path = next(p for c, p in found if c == code)  # a feature's own key: its index depends on the board
    assert (code, path) in found, found


def _feature(doc: dict, fid: str) -> dict:
    """A feature item of a board document by id."""
    return next(f for f in doc["features"] if f["id"] == fid)


@pytest.mark.parametrize("change, code, path", [
    (lambda s: s.update(tickets=["whitehall", "whitehall"]), "duplicate-ticket", "players[0].tickets[1]"),
    (lambda s: s.update(tickets=["ellis-island"]), "unknown-dock", "players[0].tickets[0]"),
    (lambda s: s["cafes"][0].update(bonus="pp"), "ticket-without-cafe", "players[0].tickets"),
    (lambda s: s.update(personal_goal=[[1, 1], [4, 2], [9, 3]]), "personal-goal-halves", "players[0].personal_goal"),
    (lambda s: s["cafes"][0].update(bonus="lottery"), "bad-cafe-bonus", "players[0].cafes[0].bonus"),
])
def test_bad_new_york_sheets_are_errors_at_their_paths(change, code, path):
    """Tickets, cafe-card bonuses and the personal goal's half are checked with paths."""
    doc = load(GAMES / f"{GAME}.json")
    change(doc["players"][0])
    result = score_game(doc)
    entry = _player(result, "Ferry")
    assert (code, path) in [(p["code"], p["path"]) for p in entry["problems"]]
    assert entry["total"] is None


def test_a_card_cafe_without_its_bonus_is_a_warning_and_counts_as_an_unused_bonus():
    """A sheet tapped in without the card's bonus still scores; the warning asks for it (and the ticket goes)."""
    doc = load(GAMES / f"{GAME}.json")
    espresso = doc["players"][2]
    del espresso["cafes"][0]["bonus"]
    entry = _player(score_game(doc), "Espresso")
    assert ("warning", "cafe-bonus-missing", "players[2].cafes[0].bonus") in [
        (p["severity"], p["code"], p["path"]) for p in entry["problems"]]
    assert entry["rows"]["cafe_pp"] == 0 and entry["rows"]["cafes"] == 4


def test_a_personal_goal_on_the_right_half_is_accepted():
    """The three intersections all on the right half (x 6..12) read without a problem."""
    doc = load(GAMES / f"{GAME}.json")
    doc["players"][0]["personal_goal"] = [[6, 0], [9, 3], [12, 6]]
    assert not [p for p in read_game(doc).problems if p.code == "personal-goal-halves"]


def test_a_zone_goal_names_a_zone_of_the_board():
    """A zone metric without its zone, or with a zone the board lacks, is an error at the card's path."""
    doc = load(GAMES / f"{GAME}.json")
    doc["goals"][0]["zone"] = "broadway-lights"
    del doc["goals"][1]["zone"]
    problems = read_game(doc).problems
    assert ("unknown-zone", "goals[0].zone") in _codes(problems)
    assert ("zone-goal", "goals[1].zone") in _codes(problems)


def test_more_circled_cafes_than_rounds_is_an_error():
    """At most one cafe per round: eleven circled card cafes (on a board with eleven) is an error; ten are fine."""
    doc_board = board_to_json(find_board(BOARD))
    doc_board["cafes"] += [{"at": list(p), "bonus": "card"} for p in ((2, 0), (0, 5), (5, 6))]
    board, _ = parse_board(doc_board)
    doc = load(GAMES / f"{GAME}.json")
    doc["board"] = doc_board
    sheet = doc["players"][2]
    sheet["sections"] = [[list(c.at), list(board.neighbours(c.at)[0])] for c in board.cafes]
    sheet["final_route"] = None
    sheet["cafes"] = [{"at": list(c.at), "state": "unused", "bonus": "section"} for c in board.cafes]
    assert len(board.cafes) == 11
    assert ("too-many-cafes", "players[2].cafes") in _codes(read_game(doc).problems)
    sheet["cafes"].pop()
    assert "too-many-cafes" not in [c for c, _ in _codes(read_game(doc).problems)]


def test_the_board_round_trips_with_its_rules():
    """The example board writes back as read and plays by New York's rules."""
    board = find_board(BOARD)
    again, problems = parse_board(board_to_json(board))
    assert again == board and not problems
    rules = rules_for(board)
    assert (rules.segment_length, rules.personal_goal_offer, rules.personal_goal_half) == (3, 1, 6)
    assert rules.goal_mode == "replace" and len(rules.special_goals) == 9


def test_the_example_board_has_what_the_design_note_lists():
    """12×6 with per-half orders, a park of 8 locations in 4 triangles, Times Square, Broadway with diagonals, stars,
    2 docks and the statue, subway stations, two zones, card cafes, 11 cafe cards, 9 hotspot backs, purple."""
    board = find_board(BOARD)
    assert (board.cols, board.rows) == (12, 6)
    for pb in board.player_boards:
        assert sorted(pb.columns[:6]) == sorted(pb.columns[6:]) == list(range(1, 7))
    park = [lm for lm in board.landmarks if lm.sides]
    assert len(park) == 4 and all(len(lm.locations) == 3 for lm in park)
    assert len({loc for lm in park for loc in lm.locations}) == 8
    assert any(lm.points and not lm.locations and lm.kind == "purple" for lm in board.landmarks)
    broadway = board.feature("street", "broadway")
    assert any("diagonal" in board.roads[s].tags for s in broadway.sections)
    assert len(board.features_of("star")) >= 2 and len(board.features_of("dock")) == 2
    statue = board.landmark("statue")
    assert statue.ticket and set(statue.points) == {f.points[0] for f in board.features_of("dock")}
    assert len(board.features_of("station")) >= 4 and len(board.features_of("zone")) == 2
    assert board.cafes and all(c.bonus == "card" for c in board.cafes)
    assert len(board.features_of("cafe_card")) == 11 and len(board.features_of("hotspot_card")) == 9
    assert {f.param("bonus") for f in board.features_of("cafe_card")} == {"tourists", "ticket", "section",
                                                                          "coordinate", "pp"}
    for deck_cards in ([f for f in board.features_of("hotspot_card") if f.param("deck") == d] for d in "ABC"):
        assert len(deck_cards) == 3
    counts = {sum(len(f.sections) for f in (a, b, c)) for a in board.features_of("hotspot_card")
              if a.param("deck") == "A" for b in board.features_of("hotspot_card") if b.param("deck") == "B"
              for c in board.features_of("hotspot_card") if c.param("deck") == "C"}
    assert counts == {4}  # whichever backs are on top, a game has 4 hotspots
    assert "purple" in board.kinds_present()


def test_the_model_deck_shows_a_grey_landmark_and_the_statue_or_broadway():
    """Every New York card adjusts a grey landmark and the statue or Broadway."""
    board = find_board(BOARD)
    city = [c for c in rules_for(board).deck(board) if c.id.startswith("city-")]
    assert len(city) == 12
    for card in city:
        assert len(card.iconic) == 2 and card.iconic[1] in ("statue", "broadway")
        assert board.landmark(card.iconic[0]).kind == "grey" and card.iconic[0] != "statue"


# ---- fuzzing ------------------------------------------------------------------------------------------------

@SETTINGS
@given(data=st.data(), value=JSON)
def test_mutated_new_york_games_read_with_well_formed_problems(data, value):
    """Any node of a New York game replaced by any JSON: problems (or not a game), never an exception."""
    base = load(GAMES / f"{GAME}.json")
    path = data.draw(st.sampled_from(list(_paths(base))))
    try:
        found = read_game(_replace(base, path, value))
    except NotAGameDocument:
        assert path in ((), ("format",), ("players",))
        return
    _well_formed(found.problems)


@SETTINGS
@given(data=st.data(), value=JSON)
def test_mutated_new_york_sheets_score_without_exceptions(data, value):
    """Scoring a mutated New York sheet answers with a score document, never a traceback."""
    base = load(GAMES / f"{GAME}.json")
    player = data.draw(st.integers(0, len(base["players"]) - 1))
    paths = [p for p in _paths(base["players"][player]) if p]
    path = ("players", player, *data.draw(st.sampled_from(paths)))
    result = score_game(_replace(base, path, value))
    assert len(result["players"]) == len(base["players"])


@SETTINGS
@given(data=st.data(), value=JSON)
def test_mutated_new_york_boards_read_with_well_formed_problems(data, value):
    """Any node of the New York board replaced by any JSON: a board only without errors, problems well formed."""
    doc = board_to_json(find_board(BOARD))
    path = data.draw(st.sampled_from(list(_paths(doc))))
    board, problems = parse_board(_replace(copy.deepcopy(doc), path, value))
    _well_formed(problems)
    assert (board is None) == any(p.severity == "error" for p in problems)


# ---- cafe cards and the goal's half in play ---------------------------------------------------------------------

def test_a_cafe_card_sets_the_bonus_and_only_one_cafe_is_visited_per_round():
    """Two cafes reached in one turn: only the chosen one is circled, with the revealed card's bonus."""
    board = find_board(BOARD)
    state = new_game(board, [Seat("A", 1)], "full")
    pb = board.player_board(1)
    a, b = pb.printed((8, 1))
    state, _ = begin_round(state, (RoundCard("g1", a, (("red", 1),)), RoundCard("g2", b, (("blue", 1),))))
    segment = (((7, 0), (8, 0)), ((8, 0), (8, 1)), ((8, 1), (8, 2)))  # reaches the cafe at [8, 0]
    blind, problems = play_turn(state, 0, Turn((8, 1), segment))  # no cafe card revealed: circled, no bonus
    assert ("warning", "no-cafe-card") in [(p.severity, p.code) for p in problems] and not has_errors(problems)
    assert blind.players[0].cafes == {(8, 0): "unused"} and blind.players[0].cafe_bonus == {}
    state, _ = reveal_cafe_card(state, "cc-ticket-whitehall")
    new, problems = play_turn(state, 0, Turn((8, 1), segment))
    assert not has_errors(problems)
    me = new.players[0]
    assert me.cafes == {(8, 0): "used"} and me.cafe_bonus == {(8, 0): "ticket"} and me.tickets == ("whitehall",)
    state, _ = reveal_cafe_card(state, "cc-purple")
    new, problems = play_turn(state, 0, Turn((8, 1), segment))
    assert new.players[0].tourists[(8, 1)] == {"red": 1, "blue": 1, "purple": 2}
    _, problems = reveal_cafe_card(state, "cc-nothing")
    assert ("unknown-cafe-card", "card") in _codes(problems)


def test_the_personal_goal_moves_to_the_chosen_half():
    """The card's three intersections go to the right half with x + 6."""
    board = find_board(BOARD)
    state = new_game(board, [Seat("A", 1, (), ((0, 0), (3, 2), (6, 6)))], "full")
    moved, problems = place_goal_on_half(state, 0, 1)
    assert not problems and moved.players[0].personal_goal == ((6, 0), (9, 2), (12, 6))
    _, problems = place_goal_on_half(state, 0, 2)
    assert ("bad-half", "half") in _codes(problems)


# ---- setup and simulated games ----------------------------------------------------------------------------------

def test_setup_draws_four_hotspots_one_personal_goal_and_eleven_cafe_cards():
    """The three visible backs show 4 hotspots; each player gets one personal goal; the cafe deck has 11 cards."""
    from companion.games.enroute.setup import SetupOptions, draw_setup, setup_steps

    board = find_board(BOARD)
    draw = draw_setup(board, ["A", "B", "C"], 7, SetupOptions(3, "full"))
    assert [board.feature("hotspot_card", h).param("deck") for h in draw.hotspot_cards] == ["A", "B", "C"]
    state = new_game(board, [Seat("A", 1)], "full", hotspot_cards=draw.hotspot_cards)
    assert len(state.hotspots) == 4
    assert all(len(offer) == 1 for offer in draw.personal_offers)
    assert sorted(draw.cafe_deck) == sorted(f.id for f in board.features_of("cafe_card"))
    keys = [s.key for s in setup_steps(SetupOptions(3, "full"), board)]
    assert {"city-goals", "ny-cafes", "ny-map", "ny-personal-goal"} <= set(keys)
    assert all(g.metric != "manual" or g.deck for g in draw.goals) and len(draw.goals) == 3


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_simulated_new_york_games_read_without_errors(players):
    """A few simulated games per player count: every turn through the referee, every sheet read without error."""
    from companion.games.enroute.simulate import simulate_game

    board = find_board(BOARD)
    for seed in range(3):
        doc = simulate_game(board, players, seed, ("simplified", "intermediate", "full")[seed % 3])
        assert not [p for p in read_game(doc).problems if p.severity == "error"]
        sheet = doc["players"][0]
        if seed % 3:  # cafes and personal goals in play
            assert all("bonus" in c for c in sheet["cafes"])
            goal = sheet["personal_goal"]
            assert goal is None or max(p[0] for p in goal) - min(p[0] for p in goal) <= 6


def test_cli_simulates_and_scores_a_new_york_game(tmp_path):
    """`python -m companion simulate --board new-york-example` prints a game that `score` accepts (exit 0)."""
    import json
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "companion", "simulate", "--board", BOARD, "--players", "2",
                           "--seed", "3"], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    doc = json.loads(done.stdout)
    assert doc["board"] == BOARD
    path = tmp_path / "ny.json"
    path.write_text(done.stdout)
    scored = subprocess.run([sys.executable, "-m", "companion", "score", str(path)], capture_output=True,
                            text=True, timeout=300)
    assert scored.returncode == 0, scored.stdout[-2000:]
    assert "cafe_pp" in json.loads(scored.stdout)["players"][0]["rows"]
