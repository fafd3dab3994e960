"""No input crashes the reader or the scorer: any JSON value gives a score document or NotAGameDocument."""

from __future__ import annotations

import copy

from fuzz_scale import examples
from hypothesis import given, settings
from hypothesis import strategies as st
from welcome_helpers import GAMES, load

from companion.games.core.engine import NotAGameDocument
from companion.games.welcome_to import score_document
from companion.games.welcome_to.moves import Move, Table, Turn, check_move
from companion.games.welcome_to.sheet import Sheet

SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-50, 50), st.integers(), st.floats(allow_nan=True),
                    st.text(max_size=6), st.sampled_from(["R", "3b", "17b", "18b", "b", "1", "standard", "solo"]))
JSON = st.recursive(SCALARS, lambda inner: st.one_of(st.lists(inner, max_size=5),
                                                     st.dictionaries(st.text(max_size=8), inner, max_size=5)),
                    max_leaves=25)
BASE = load(GAMES / "roundabouts.json")


def score_or_refuse(doc):
    """Score a document; the only exception allowed is NotAGameDocument. Returns the result or None."""
    try:
        result = score_document(doc)
    except NotAGameDocument:
        return None
    assert result["format"] == "welcome-to-score/1"
    for entry in result["players"]:
        assert all(set(p) == {"severity", "code", "path", "message"} for p in entry["problems"])
        assert (entry["total"] is None) == any(p["severity"] == "error" for p in entry["problems"])
    return result


@settings(max_examples=examples(300), deadline=None)
@given(JSON)
def test_any_json_value(value):
    """Any JSON value at all."""
    score_or_refuse(value)


def _paths(value, prefix=()):
    """Every location inside a JSON value."""
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, (*prefix, i))


LOCATIONS = [p for p in _paths(BASE) if p]


@settings(max_examples=examples(600), deadline=None)
@given(st.lists(st.tuples(st.sampled_from(LOCATIONS), JSON), min_size=1, max_size=3))
def test_mutated_game(changes):
    """A valid game with up to three values anywhere inside replaced by any JSON value."""
    doc = copy.deepcopy(BASE)
    for path, value in changes:
        target = doc
        try:
            for key in path[:-1]:
                target = target[key]
            target[path[-1]] = value
        except (KeyError, IndexError, TypeError):
            continue
    score_or_refuse(doc)


@settings(max_examples=examples(300), deadline=None)
@given(st.sampled_from(["number", "refusal", "bis", "fence", "pool", "park", "estate", "temp", "roundabout", "plan",
                        "x"]), st.one_of(st.none(), st.integers(-3, 14)), st.one_of(st.none(), st.integers(-3, 14)),
       st.one_of(st.none(), st.integers(-3, 20)), st.one_of(st.none(), st.integers(-1, 30)),
       st.one_of(st.none(), st.builds(Turn, st.one_of(st.none(), st.integers(0, 17)),
                                      st.sampled_from([None, "temp", "bis", "pool", "surveyor"]))))
def test_any_move_on_a_sheet(kind, street, house, number, plan, turn):
    """check_move answers problems for any move, never an exception."""
    sheet = Sheet.blank()
    problems = check_move(sheet, Move(kind, street, house, number=number, size=number, plan=plan), turn,
                          Table(intermediate=True, plans=(1, 7, 13)))
    assert all(p.path is not None and p.message for p in problems)
