"""The reader never crashes: any JSON value is scored with problems or refused as no game document."""

from __future__ import annotations

import copy
from dataclasses import replace

from eny_helpers import GAMES, load
from fuzz_scale import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.core.engine import NotAGameDocument
from companion.games.explore_new_york import score_document
from companion.games.explore_new_york.cards import example_deck
from companion.games.explore_new_york.referee import begin_round, next_cards, play_turn
from companion.games.explore_new_york.simulate import play_random_game
from companion.games.explore_new_york.tiles import parse_tile, shipped_tiles, tile_to_json
from companion.games.explore_new_york.turndoc import read_turn

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


@settings(max_examples=examples(300), deadline=None)
@given(json_values)
def test_any_value(value):
    """Any JSON value at all."""
    score_or_refuse(value)


@settings(max_examples=examples(300), deadline=None)
@given(json_values)
def test_any_player(value):
    """Any JSON value as a player."""
    score_or_refuse({"format": "explore-ny-game/1", "players": [value]})


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


@settings(max_examples=examples(400), deadline=None)
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


@settings(max_examples=examples(300), deadline=None)
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


turn_values = st.fixed_dictionaries(
    {"district": st.lists(st.integers(-1, 8), min_size=2, max_size=2),
     "drawing": st.sampled_from(["A", "B", "C"]),
     "sections": st.lists(st.lists(st.lists(st.integers(-1, 7), min_size=2, max_size=2), min_size=2, max_size=2),
                          max_size=2)},
    optional={"extras": st.lists(st.lists(st.lists(st.integers(-1, 7), min_size=2, max_size=2), min_size=2,
                                          max_size=2), max_size=2),
              "tourist": st.sampled_from(["red", "green", "blue", None])})


@settings(max_examples=examples(300), deadline=None)
@given(st.integers(0, 200), st.integers(0, 3), st.one_of(turn_values, json_values))
def test_referee_turns(seed, seat, value):
    """Any turn in a simulated mid-game round: refused with problems and the state untouched, or accepted."""
    state = play_random_game(2 + seed % 3, seed)
    state = replace(state, finished=False, deck_left=3, deck=example_deck()[seed % 20:seed % 20 + 3])
    state, problems = begin_round(state, next_cards(state), 0)
    assert problems == []
    turn, problems = read_turn(value)
    if turn is None:
        assert problems
        return
    after, problems = play_turn(state, seat, turn)
    if any(p.severity == "error" for p in problems):
        assert after is state
    else:
        player = after.players[seat]
        assert turn.district in player.tourists and len(player.sections) > len(state.players[seat].sections)
