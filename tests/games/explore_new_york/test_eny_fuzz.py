"""The reader never crashes: any JSON value is scored with problems or refused as no game document."""

from __future__ import annotations

import copy

from eny_helpers import GAMES, load
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.core.engine import NotAGameDocument
from companion.games.explore_new_york import score_document
from companion.games.explore_new_york.tiles import parse_tile, shipped_tiles, tile_to_json

json_values = st.recursive(st.none() | st.booleans() | st.integers(-10, 10) | st.floats(allow_nan=False)
                           | st.text(max_size=6),
                           lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                                        max_size=4),
                           max_leaves=20)
BASE = load(GAMES / "seed-example-82.json")


def score_or_refuse(doc) -> None:
    """Score a document; only `NotAGameDocument` may escape, and problems are well-formed."""
    try:
        result = score_document(doc)
    except NotAGameDocument:
        return
    for p in result["players"]:
        for problem in p["problems"]:
            assert set(problem) == {"severity", "code", "path", "message"}
            assert problem["severity"] in ("error", "warning") and problem["message"]


@settings(max_examples=300, deadline=None)
@given(json_values)
def test_any_value(value):
    """Any JSON value at all."""
    score_or_refuse(value)


@settings(max_examples=300, deadline=None)
@given(json_values)
def test_any_player(value):
    """Any JSON value as a player."""
    score_or_refuse({"format": "explore-new-york-game/1", "players": [value]})


def _paths(value, path=()):
    """Every path into a JSON value."""
    yield path
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, (*path, i))


PATHS = list(_paths(BASE))[1:]


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(PATHS), json_values)
def test_one_value_replaced(path, value):
    """A valid game with any one value anywhere replaced by any JSON value."""
    doc = copy.deepcopy(BASE)
    target = doc
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    score_or_refuse(doc)


TILE = tile_to_json(shipped_tiles()["riverside"])
TILE_PATHS = list(_paths(TILE))[1:]


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(TILE_PATHS), json_values)
def test_tile_value_replaced(path, value):
    """A tile with any one value replaced: a tile or problems, never an exception."""
    doc = copy.deepcopy(TILE)
    target = doc
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    tile, problems = parse_tile(doc)
    assert (tile is None) == any(p.severity == "error" for p in problems)
