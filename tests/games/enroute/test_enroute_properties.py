"""Property tests: rule invariants that must hold for any input."""

from __future__ import annotations

import copy
import json

import pytest
from enroute_helpers import game, sheet
from fuzz_scale import examples
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from companion.games.enroute import board_to_json, find_board, parse_board, shipped_board_ids
from companion.games.enroute import geometry as geo
from companion.games.enroute.cityrules import rules_for
from companion.games.enroute.game import NotAGameDocument, read_game
from companion.games.enroute.scoring import score_game

BOARDS = [find_board(b) for b in shipped_board_ids()]
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10, 100) | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5),
    max_leaves=25)


def _paths(value, prefix=()):
    """Yield the path of every node in a JSON value."""
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, (*prefix, i))


def _replace(doc, path, new):
    """Return a copy of doc with the node at path replaced."""
    if not path:
        return new
    doc = copy.deepcopy(doc)
    node = doc
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = new
    return doc


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(value=json_values)
def test_arbitrary_json_never_crashes(value):
    """Any JSON value is either not a game document or yields a score document."""
    try:
        result = score_game(value)
    except NotAGameDocument:
        return
    json.dumps(result)


BASE = game(sheet(), sheet(player="Bo", final_route=None))


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), value=json_values)
def test_mutated_game_never_crashes(data, value):
    """Replacing any part of a valid game with arbitrary JSON gives problems, never an exception."""
    paths = list(_paths(BASE))
    path = data.draw(st.sampled_from(paths))
    doc = _replace(BASE, path, value)
    try:
        result = score_game(doc)
    except NotAGameDocument:
        return
    for player in result["players"]:
        for problem in player["problems"]:
            assert problem["message"] and problem["severity"] in ("error", "warning")


@settings(max_examples=examples(200), deadline=None)
@given(data=st.data(), value=json_values)
def test_mutated_board_never_crashes(data, value):
    """Replacing any part of a shipped board gives a board or problems, never an exception."""
    doc = board_to_json(BOARDS[0])
    path = data.draw(st.sampled_from(list(_paths(doc))))
    board, problems = parse_board(_replace(doc, path, value))
    assert board is not None or problems


@st.composite
def trails(draw, board=BOARDS[0], max_len=14):
    """Draw a random trail on a board as a walk of intersections."""
    start = draw(st.sampled_from(sorted({p for s in board.roads for p in s})))
    walk, used = [start], set()
    for _ in range(draw(st.integers(0, max_len))):
        options = [w for w in board.neighbours(walk[-1]) if geo.section(walk[-1], w) not in used]
        if not options:
            break
        w = draw(st.sampled_from(options))
        used.add(geo.section(walk[-1], w))
        walk.append(w)
    return walk


@st.composite
def states(draw, board, max_len=14, extra=4):
    """Draw a player sheet on a board: a trail as the final route, extra sections, tourists and a goal."""
    walk = draw(trails(board, max_len=max_len))
    secs = {geo.section(a, b) for a, b in zip(walk, walk[1:], strict=False)}
    for sec in draw(st.lists(st.sampled_from(sorted(board.roads)), max_size=extra)):
        secs.add(sec)
    locs = draw(st.lists(st.sampled_from(board.locations()), max_size=10, unique=True))
    tourists = []
    for loc in locs:
        counts = draw(st.dictionaries(st.sampled_from(["red", "green", "blue"]), st.integers(1, 4), min_size=1))
        tourists.append({"at": list(loc), **counts})
    points = sorted({p for s in board.roads for p in s})
    half = rules_for(board).personal_goal_half  # New York: the goal lies on one half of the map
    if half:
        low = draw(st.sampled_from(range(0, board.cols, half)))
        points = [p for p in points if low <= p[0] <= low + half]
    goal = draw(st.lists(st.sampled_from(points), min_size=3, max_size=3, unique=True))
    reached = {p for s in secs for p in s}  # a reached cafe is circled at once (seed ~l.395)
    cafes = [{"at": list(c.at), "state": draw(st.sampled_from(["used", "unused"]))}
             | ({"bonus": draw(st.sampled_from(["section", "coordinate", "pp"]))} if c.bonus == "card" else {})
             for c in board.cafes if c.at in reached]
    return {"format": "enroute-sheet/1", "player": "P", "player_board": 1,
            "sections": [[list(a), list(b)] for a, b in sorted(secs)],
            "final_route": [list(p) for p in walk], "tourists": tourists, "cafes": cafes,
            "personal_goal": [list(p) for p in goal]}


def _score(doc_sheet, board, level="intermediate"):
    """Score one sheet on a board (iconic landmarks two upgrades up) and return its player entry."""
    ratings = {t: min(2, len(track) - 1) for t, track in board.ratings}
    result = score_game(game(doc_sheet, board=board.id, level=level, ratings=ratings))
    player = result["players"][0]
    assert not [p for p in player["problems"] if p["severity"] == "error"], player["problems"]
    return player


ON_EVERY_BOARD = pytest.mark.parametrize("board", BOARDS, ids=[b.id for b in BOARDS])


@ON_EVERY_BOARD
@settings(max_examples=examples(150), deadline=None)
@given(data=st.data())
def test_walking_backwards_scores_the_same(board, data):
    """A route walked backwards has the same rows and tie-break values."""
    state = data.draw(states(board))
    back = copy.deepcopy(state)
    back["final_route"] = list(reversed(state["final_route"]))
    a, b = _score(state, board), _score(back, board)
    assert a["rows"] == b["rows"] and a["tiebreak"] == b["tiebreak"]


@ON_EVERY_BOARD
@settings(max_examples=examples(150), deadline=None)
@given(data=st.data())
def test_tourists_off_the_route_change_nothing(board, data):
    """Adding tourists to locations the route does not border changes no score."""
    state = data.draw(states(board))
    walk = [tuple(p) for p in state["final_route"]]
    on = {loc for a, b in zip(walk, walk[1:], strict=False) for loc in board.borders(geo.section(a, b))}
    marked = {tuple(t["at"]) for t in state["tourists"]}
    free = [loc for loc in board.locations() if loc not in on and loc not in marked]
    assume(free and len(marked) < 10)
    loc = data.draw(st.sampled_from(free))
    more = copy.deepcopy(state)
    more["tourists"].append({"at": list(loc), data.draw(st.sampled_from(["red", "green", "blue"])): data.draw(st.integers(1, 5))})
    a, b = _score(state, board), _score(more, board)
    assert a["rows"] == b["rows"] and a["total"] == b["total"]


@ON_EVERY_BOARD
@settings(max_examples=examples(60), deadline=None)
@given(data=st.data())
def test_best_route_beats_any_constructed_route(board, data):
    """The companion's chosen route scores at least as much as the route the test built."""
    state = data.draw(states(board, max_len=7, extra=2))
    mine = _score(state, board)
    chosen = copy.deepcopy(state)
    chosen["final_route"] = None
    best = _score(chosen, board)
    assert best["route_chosen_by"] == "companion" and best["proven"] is True
    assert best["total"] >= mine["total"]
    # The chosen route itself must be legal: scoring it as a player route gives the same total.
    again = copy.deepcopy(state)
    again["final_route"] = best["final_route"]
    assert _score(again, board)["total"] == best["total"]


def test_read_game_reports_every_player():
    """Problems carry the player's index in their paths."""
    doc = game(sheet(), sheet(player="Bo", sections=[[[0, 0], [1, 1]]], final_route=None))
    paths = [p.path for p in read_game(doc).problems if p.severity == "error"]
    assert paths == ["players[1].sections[0]"]


def _all_euler_walks(secs):
    """Enumerate every walk that uses each section exactly once (reference, tiny inputs only)."""
    points = sorted({p for s in secs for p in s})
    found = []

    def extend(walk, left):
        """Depth-first over the unused sections."""
        if not left:
            found.append(list(walk))
            return
        for sec in sorted(left):
            if walk[-1] in sec:
                other = sec[1] if sec[0] == walk[-1] else sec[0]
                walk.append(other)
                extend(walk, left - {sec})
                walk.pop()

    for p in points:
        extend([p], frozenset(secs))
    return found


@settings(max_examples=examples(200), deadline=None)
@given(walk=trails(max_len=9), data=st.data())
def test_personal_goal_is_the_best_walking_order(walk, data):
    """personal_goal_pp equals the best span over every walking order of the same sections."""
    from companion.games.enroute.route import personal_goal_pp, walk_goal_span

    secs = {geo.section(a, b) for a, b in zip(walk, walk[1:])}
    pool = sorted({p for s in secs for p in s} | {(6, 6), (0, 6), (3, 3)})
    goal = data.draw(st.lists(st.sampled_from(pool), min_size=3, max_size=3, unique=True))
    expected = max((walk_goal_span(w, goal) for w in _all_euler_walks(secs)), default=0)
    assert personal_goal_pp(secs, goal) == expected
    assert personal_goal_pp(secs, goal) >= walk_goal_span(walk, goal)


def test_personal_goal_on_the_full_board_is_fast():
    """A route over almost every road, goal on both of its ends and a corner: the full length at once."""
    from companion.games.enroute.route import euler_walk, personal_goal_pp

    secs = set(BOARDS[0].roads)
    # The 20 odd border points are paired off by dropping every other border section,
    # which leaves two odd corners, (0, 6) and (6, 0): 72 sections in one trail.
    for k in (1, 3, 5):
        for sec in (((k, 0), (k + 1, 0)), ((k, 6), (k + 1, 6)), ((0, k), (0, k + 1)), ((6, k), (6, k + 1))):
            secs.discard(sec)
    odd = sorted(p for p in {q for s in secs for q in s} if sum(1 for s in secs if p in s) % 2)
    assert odd == [(0, 6), (6, 0)] and len(secs) == 72
    walk = euler_walk(secs)
    assert len(walk) == 73 and {walk[0], walk[-1]} == {(0, 6), (6, 0)}
    assert personal_goal_pp(secs, [(0, 6), (6, 0), (0, 0)]) == 72
    # With the goal one step inside each end, the best order wastes exactly those two sections.
    assert personal_goal_pp(secs, [(1, 6), (6, 1), (3, 3)]) == 70
