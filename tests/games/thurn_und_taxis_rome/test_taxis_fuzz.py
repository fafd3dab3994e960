"""No input crashes the engine: any JSON value gives problems (or NotAGameDocument), never another exception."""

from __future__ import annotations

import copy
import json
from pathlib import Path

from fuzz_scale import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from taxis_helpers import FOUR, SEED_EXAMPLE, TEST_TRACK, ready, table

from companion.games.core.engine import NotAGameDocument
from companion.games.thurn_und_taxis_rome import (
    apply_action,
    new_table,
    read_table,
    read_track,
    score_game,
    table_to_json,
)
from companion.games.thurn_und_taxis_rome.actions import ACTIONS

SETTINGS = settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
GAME = json.loads((Path(__file__).resolve().parent / "games" / "seed-audience.json").read_text(encoding="utf-8"))
WORDS = ["cardinal", "fifth", "baiern", "Rom", "Munchen", "Ulm", "Augsburg", "postmaster", "cartwright", "blue",
         "province", "Baiern", "long_route", "audience", "offices", "rounds", "final", "format", "players"]

scalars = (st.none() | st.booleans() | st.integers(-3, 30) | st.floats(allow_nan=True, allow_infinity=True)
           | st.sampled_from(WORDS) | st.text(max_size=8))
json_values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4)
                           | st.dictionaries(st.sampled_from(WORDS) | st.text(max_size=6), inner, max_size=4),
                           max_leaves=20)


def mutate(value, data, depth=0):
    """Replace one randomly chosen part of a document with a random JSON value (or drop a key)."""
    if depth > 6 or not isinstance(value, (dict, list)) or not value or data.draw(st.integers(0, 3)) == 0:
        return data.draw(json_values)
    value = copy.copy(value)
    if isinstance(value, dict):
        key = data.draw(st.sampled_from(sorted(value)))
        if data.draw(st.integers(0, 5)) == 0:
            del value[key]
        else:
            value[key] = mutate(value[key], data, depth + 1)
    else:
        i = data.draw(st.integers(0, len(value) - 1))
        value[i] = mutate(value[i], data, depth + 1)
    return value


def score_never_crashes(doc) -> None:
    """A score document, or NotAGameDocument."""
    try:
        result = score_game(doc)
    except NotAGameDocument:
        return
    assert result["format"] == "thurn-und-taxis-rome-score/1"
    json.dumps(result)


@SETTINGS
@given(json_values)
def test_any_json_value_is_scored_or_refused(doc):
    """Arbitrary JSON."""
    score_never_crashes(doc)
    score_never_crashes({"format": "thurn-und-taxis-rome-game/1", "players": [doc, doc]})


@SETTINGS
@given(st.data())
def test_a_damaged_game_is_scored_or_refused(data):
    """A real game with one part replaced."""
    score_never_crashes(mutate(GAME, data))


@SETTINGS
@given(st.data())
def test_a_damaged_table_is_read_or_refused(data):
    """A stored table with one part replaced: a table or problems, never an exception."""
    t = ready(table(4, track=TEST_TRACK))
    doc = mutate(table_to_json(t), data)
    made, problems = read_table(doc)
    assert made is not None or problems
    if made is not None:
        assert read_table(table_to_json(made))[0] == made


@SETTINGS
@given(json_values)
def test_any_value_as_a_table_track_or_setup(value):
    """read_table, read_track and new_table answer problems for anything."""
    for reader in (read_table, read_track, new_table):
        made, problems = reader(value)
        assert made is not None or problems


@SETTINGS
@given(st.data())
def test_a_damaged_setup_is_accepted_or_refused(data):
    """A setup with one part replaced."""
    setup = {"seats": copy.deepcopy(FOUR), "modules": ["audience", "offices"], "track": TEST_TRACK,
             "two_player_starts": None, "tile_values": {"cardinal": 3}}
    made, problems = new_table(mutate(setup, data))
    assert made is not None or problems


@SETTINGS
@given(kind=st.sampled_from(sorted(ACTIONS)), fields=st.dictionaries(
    st.sampled_from(["seat", "assignment", "rank", "points", "name", "cities", "post_offices", "moves", "office",
                     "kinds", "hat"]), json_values, max_size=5))
def test_any_action_is_done_or_refused(kind, fields):
    """Random actions on a table in play: an outcome, and a refused action leaves the table untouched."""
    t = ready(table(4, track=TEST_TRACK), SEED_EXAMPLE)
    before = table_to_json(t)
    out = apply_action(t, {"action": kind, **fields})
    assert out.ok or table_to_json(out.table) == before
    json.dumps(out.to_json())
    assert table_to_json(t) == before  # the old table never changes
    out = apply_action(t, fields)
    assert not out.ok
