"""Fuzzing the document readers: any JSON value gives problems (with templates) or NotAGameDocument, never a crash."""

from __future__ import annotations

import copy

from enroute_helpers import GAMES, game, load, sheet
from fuzz_scale import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.games.core.engine import NotAGameDocument
from companion.games.enroute import board_to_json, find_board, parse_board
from companion.games.enroute.game import read_game
from companion.games.enroute.goals import parse_goals
from companion.games.enroute.sheet import parse_sheet

TRAINING = find_board("training-city")
SCALARS = (st.none() | st.booleans() | st.integers(-3, 30) | st.floats(allow_nan=False, allow_infinity=False)
           | st.text(max_size=6) | st.sampled_from(["enroute-sheet/1", "enroute-board/1", "red", "used", "A", "+"]))
JSON = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4)
                    | st.dictionaries(st.text(max_size=6) | st.sampled_from(["at", "red", "format", "sections"]),
                                      inner, max_size=4), max_leaves=20)
SETTINGS = settings(max_examples=examples(250), deadline=None, suppress_health_check=[HealthCheck.too_slow])


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
    """Return a copy of a document with the node at a path replaced."""
    if not path:
        return new
    doc = copy.deepcopy(doc)
    node = doc
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = new
    return doc


def _well_formed(problems) -> None:
    """Every problem has a severity, a code, a message and the template it came from."""
    for p in problems:
        assert p.severity in ("error", "warning") and p.code and p.message and p.template, p
        assert p.render(lambda text: text) == p.message, p


@SETTINGS
@given(value=JSON)
def test_any_json_is_a_game_with_problems_or_not_a_game(value):
    """read_game: NotAGameDocument or a game whose problems are all well formed."""
    try:
        found = read_game(value)
    except NotAGameDocument:
        return
    _well_formed(found.problems)


@SETTINGS
@given(value=JSON)
def test_any_json_as_board_sheet_or_goals(value):
    """parse_board, parse_sheet and parse_goals take any JSON value without raising."""
    board, problems = parse_board(value)
    assert board is None and problems
    _well_formed(problems)
    _, problems = parse_sheet(value, TRAINING)
    _well_formed(problems)
    problems = []
    parse_goals(value, "goals", problems)
    _well_formed(problems)


GAME = game(sheet(), sheet(player="Bo", final_route=None, goal_values={"B": 2}),
            goals=[{"deck": "B", "name": "x", "metric": "manual", "sign": "+", "threshold": 1, "winner_pp": 3,
                    "achiever_pp": 1}])
INLINE = load(GAMES / "rulebook-example.json")
BOARD = board_to_json(TRAINING)


@SETTINGS
@given(data=st.data(), value=JSON)
def test_mutated_games_read_with_well_formed_problems(data, value):
    """Any node of a valid game (shipped or inline board) replaced by any JSON: problems, never an exception."""
    base = data.draw(st.sampled_from([GAME, INLINE]))
    path = data.draw(st.sampled_from(list(_paths(base))))
    try:
        found = read_game(_replace(base, path, value))
    except NotAGameDocument:
        assert path in ((), ("format",), ("players",))
        return
    _well_formed(found.problems)


@SETTINGS
@given(data=st.data(), value=JSON)
def test_mutated_boards_read_with_well_formed_problems(data, value):
    """Any node of a shipped board replaced by any JSON: a board or problems, and the board is only for no errors."""
    path = data.draw(st.sampled_from(list(_paths(BOARD))))
    board, problems = parse_board(_replace(BOARD, path, value))
    _well_formed(problems)
    assert (board is None) == any(p.severity == "error" for p in problems)
