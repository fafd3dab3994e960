"""Invariants: sheets filled by legal live moves pass the end-of-game checks; scores follow the rules' shape."""

from __future__ import annotations

import copy

from fuzz_scale import examples
from hypothesis import given, settings
from hypothesis import strategies as st
from welcome_helpers import errors, game, game_files, load, play_random

from companion.games.welcome_to import score_document
from companion.games.welcome_to.document import sheet_to_json
from companion.games.welcome_to.scoring import temp_points

SEEDS = st.integers(0, 2**32 - 1)


def live_game(seeds, intermediate=False, plans=(1, 7, 13)):
    """A game document of sheets filled by random legal moves, one per seed."""
    sheets = [play_random(seed, rounds=80, intermediate=intermediate, plans=plans, name=f"P{i}")[0]
              for i, seed in enumerate(seeds)]
    return game(*[sheet_to_json(s) for s in sheets], intermediate=intermediate, plans=list(plans)), sheets


@settings(max_examples=examples(40), deadline=None)
@given(st.lists(SEEDS, min_size=1, max_size=3), st.sampled_from([(1, 7, 13), (4, 11, 15), (5, 10, 16), (2, 8, 17)]))
def test_legal_moves_make_valid_sheets(seeds, plans):
    """Every sheet built from moves `check_move` accepted, claims included, passes the end-of-game checks."""
    doc, sheets = live_game(seeds, plans=plans)
    result = score_document(doc)
    assert errors(result) == []
    for entry, sheet in zip(result["players"], sheets):
        assert entry["total"] == sum(entry["rows"].values())
        assert entry["estates"] == {str(n): c for n, c in sheet.estate_counts().items()}


@settings(max_examples=examples(30), deadline=None)
@given(st.lists(SEEDS, min_size=1, max_size=2), st.sampled_from([(19, 25, 17), (23, 24, 13), (20, 26, 14),
                                                                  (21, 28, 18), (22, 27, 15)]))
def test_legal_moves_make_valid_intermediate_sheets(seeds, plans):
    """The same with roundabouts and the advanced plans."""
    doc, _ = live_game(seeds, intermediate=True, plans=plans)
    assert errors(score_document(doc)) == []


def test_random_play_is_not_vacuous():
    """Across a few seeded games, plans get claimed, moves get refused, roundabouts and bis get built."""
    played = [play_random(seed, rounds=80, intermediate=True, plans=plans) for seed in range(12)
              for plans in ((22, 24, 15), (20, 25, 18))]
    assert sum(len(s.claims) for s, _ in played) > 0
    assert sum(refused for _, refused in played) > 0
    assert sum(s.roundabout_count for s, _ in played) > 0 and sum(s.bis_count for s, _ in played) > 0
    assert sum(s.refusals for s, _ in played) > 0


@settings(max_examples=examples(40), deadline=None)
@given(st.lists(SEEDS, min_size=2, max_size=4), st.randoms(use_true_random=False))
def test_player_order_does_not_matter(seeds, rng):
    """Shuffling the players changes no one's rows, total or rank."""
    doc, _ = live_game(seeds)
    doc["players"] = [dict(p, player=f"P{i}") for i, p in enumerate(doc["players"])]
    before = {p["player"]: p for p in score_document(doc)["players"]}
    shuffled = copy.deepcopy(doc)
    rng.shuffle(shuffled["players"])
    for entry in score_document(shuffled)["players"]:
        assert entry == before[entry["player"]]


@settings(max_examples=examples(40), deadline=None)
@given(st.lists(SEEDS, min_size=1, max_size=4))
def test_ranks_follow_totals_then_estates(seeds):
    """Rank 1 exists; a better (total, estates, 1-house, ..., 6-house) key never ranks lower; ties share."""
    result = score_document(live_game(seeds)[0])

    def key(e):
        """The seed's order of the final ranking."""
        return (e["total"], sum(e["estates"].values()), *(e["estates"][str(n)] for n in range(1, 7)))

    players = result["players"]
    assert min(e["rank"] for e in players) == 1
    for a in players:
        for b in players:
            assert (key(a) > key(b)) == (a["rank"] < b["rank"])
            assert (key(a) == key(b)) == (a["rank"] == b["rank"])


@given(st.lists(st.one_of(st.none(), st.integers(0, 11)), min_size=1, max_size=6))
def test_temp_points_are_monotone(temps):
    """More temps never score fewer temp points; nobody without a temp scores; at most 3 distinct places pay."""
    points = temp_points(temps, solo=False)
    for t, p in zip(temps, points):
        if not t:
            assert p == 0
        for u, q in zip(temps, points):
            if t is not None and u is not None and t > u:
                assert p >= q
    assert len({t for t, p in zip(temps, points) if p > 0}) <= 3


def test_known_answers_are_stable_under_player_order():
    """Every known-answer game scores each player the same when the players are reversed."""
    for path in game_files():
        doc = load(path)
        before = {e["player"]: e for e in score_document(doc)["players"]}
        doc["players"].reverse()
        assert all(e == before[e["player"]] for e in score_document(doc)["players"])
