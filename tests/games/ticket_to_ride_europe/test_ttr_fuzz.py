"""No input crashes the engine: any JSON value gives a score document or `NotAGameDocument`, never another error."""

from __future__ import annotations

import json

from fuzz_scale import examples
from hypothesis import given, settings
from hypothesis import strategies as st
from ttr_helpers import random_game

from companion.games.core.engine import NotAGameDocument
from companion.games.ticket_to_ride_europe import score_document
from companion.games.ticket_to_ride_europe.data import board

CITIES = sorted(board().cities)
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=20)
near_ints = st.integers(-3, 110) | json_values
near_cities = st.sampled_from(CITIES) | st.text(max_size=6) | json_values
stations = st.fixed_dictionaries({"city": near_cities}, optional={"borrows": near_ints | st.none(), "x": json_values})
tickets = st.fixed_dictionaries({"from": near_cities, "to": near_cities}, optional={"points": near_ints})
players = st.fixed_dictionaries(
    {"player": st.text(max_size=4) | json_values},
    optional={"routes": st.lists(near_ints, max_size=25) | json_values,
              "stations": st.lists(stations | json_values, max_size=5) | json_values,
              "tickets": st.lists(tickets | json_values, max_size=5) | json_values,
              "colour": json_values, "score_track": near_ints})
documents = st.fixed_dictionaries(
    {"format": st.just("ttr-europe-game/1"), "players": st.lists(players | json_values, max_size=6)},
    optional={"variant": st.sampled_from(["base", "1912", "mega", "big-cities"]) | json_values,
              "extra": json_values})


def check(doc) -> None:
    """Score a document: a JSON-ready score document or `NotAGameDocument`; errored players have no totals."""
    try:
        result = score_document(doc)
    except NotAGameDocument:
        return
    json.dumps(result)
    for line in result["players"]:
        errored = any(p["severity"] == "error" for p in line["problems"])
        assert (line["total"] is None) == errored
        for p in line["problems"]:
            assert p["code"] and p["message"] and isinstance(p["path"], str)


@settings(max_examples=examples(300), deadline=None)
@given(json_values)
def test_any_json_value(value):
    """Arbitrary JSON never crashes the scorer."""
    check(value)


@settings(max_examples=examples(500), deadline=None)
@given(documents)
def test_documents_of_the_right_shape_with_wrong_values(doc):
    """Documents with this format's keys and wild values never crash it."""
    check(doc)


@settings(max_examples=examples(150), deadline=None)
@given(st.randoms(use_true_random=False), st.data())
def test_legal_games_with_one_value_broken(rnd, data):
    """A legal game with one value replaced by junk is still answered with problems, never a crash."""
    doc = random_game(rnd)
    parent, key = doc, "players"
    while isinstance(parent[key], (dict, list)) and parent[key] and data.draw(st.booleans()):
        inner = parent[key]
        key = (data.draw(st.integers(0, len(inner) - 1)) if isinstance(inner, list)
               else data.draw(st.sampled_from(sorted(inner))))
        parent = inner
    parent[key] = data.draw(json_values)
    check(doc)
