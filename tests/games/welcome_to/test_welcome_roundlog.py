"""Finished sheets imported with their round log: replayed against the round's cards like live play (known
answers in roundlog/*.json, one file per mode), and simulated games' logs pass."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from companion.games.welcome_to import read_game, score_document
from companion.games.welcome_to.roundlog import has_round_log
from companion.games.welcome_to.simulate import SIM_MODES, simulate_game

FILES = Path(__file__).parent / "roundlog"
MODES = ("standard", "solo", "advanced")


def known(mode: str) -> dict:
    return json.loads((FILES / f"{mode}.json").read_text(encoding="utf-8"))


def problems(doc: dict) -> list[tuple[str, str]]:
    game = read_game(doc)
    found = list(game.problems) + [p for pl in game.players for p in pl.problems]
    return [(p.code, p.path) for p in found]


def edited(doc: dict, edits: list) -> dict:
    doc = copy.deepcopy(doc)
    for path, value in edits:
        *head, last = path
        target = doc
        for key in head:
            target = target[key]
        if isinstance(target, list) and last == len(target):
            target.append(value)
        else:
            target[last] = value
    return doc


@pytest.mark.parametrize("mode", MODES)
def test_a_log_that_matches_the_cards_and_the_sheet_passes(mode):
    doc = known(mode)["game"]
    assert has_round_log(doc)
    assert problems(doc) == []
    scored = score_document(doc)
    assert all(p["total"] is not None for p in scored["players"])


@pytest.mark.parametrize("mode,case", [(m, c) for m in MODES for c in known(m)["cases"]],
                         ids=lambda x: x["name"] if isinstance(x, dict) else x)
def test_each_edit_is_refused_where_it_is(mode, case):
    doc = edited(known(mode)["game"], case["edit"])
    found = problems(doc)
    assert found == [tuple(c) for c in case["codes"]]
    if "names" in case:
        game = read_game(doc)
        messages = [p.message for pl in game.players for p in pl.problems]
        assert any(m.startswith(case["names"]) for m in messages), messages


def test_without_a_log_the_cards_are_not_checked():
    doc = known("standard")["game"]
    for player in doc["players"]:
        del player["log"]
    del doc["rounds"]
    assert not has_round_log(doc)
    doc["players"][0]["streets"][0][0] = 0  # 0 was on no card of round 1; without a log nothing can tell
    assert problems(doc) == []


def test_a_seat_ahead_of_a_claim_scores_later_and_the_log_says_so():
    """Bo meets plan 4 one round after Aki: Bo's claim is later; written as first it is refused."""
    doc = known("standard")["game"]
    bo = doc["players"][1]
    bo["log"][7]["moves"] = bo["log"][7]["moves"][:2]
    bo["log"].append({"take": [14, "bis"], "moves": [{"kind": "number", "street": 1, "house": 10, "number": 14},
                                                      {"kind": "plan", "plan": 4}]})
    doc["rounds"].append({"pairs": [[9, "surveyor"], [12, "pool"], [14, "bis"]]})
    bo["streets"][1][10] = 14
    assert problems(doc) == [("log-first-side", "players[1].plans[0]")]
    bo["plans"][0]["first"] = False
    assert problems(doc) == []


@pytest.mark.parametrize("mode", SIM_MODES)
def test_simulated_games_logs_pass_and_a_changed_number_is_caught(mode):
    for seed in range(3):
        doc = simulate_game(seed, mode, 2 + seed % 4).document
        assert has_round_log(doc) and problems(doc) == []
        log = doc["players"][0]["log"]
        k, j = next((k, j) for k, entry in enumerate(log) for j, m in enumerate(entry["moves"])
                    if m["kind"] == "number")
        moved, card = log[k]["moves"][j], log[k]["take"][0]
        moved["number"] = card + 3 if card <= 14 else card - 3  # outside even the temp agency's ±2
        doc["players"][0]["streets"][moved["street"]][moved["house"]] = moved["number"]
        found = [p for p in problems(doc) if p[1].startswith("players[0].log")]
        assert found == [("not-the-card", f"players[0].log[{k}].moves[{j}].number")]


JUNK = (None, True, -1, 0, 3, 17, 99, 10**30, 2.5, "", "7", "surveyor", "solo", [], [1], [3, "bis"], [3, "x"],
        [[1, "pool"]], {}, {"kind": "number"}, {"kind": "plan", "plan": "4"}, {"pairs": []})


def _spots(value, path=()):
    """Every place inside a JSON value, as paths."""
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _spots(item, (*path, key))
    elif isinstance(value, list):
        for k, item in enumerate(value):
            yield from _spots(item, (*path, k))


@pytest.mark.parametrize("mode", MODES)
def test_junk_anywhere_in_a_log_or_the_rounds_never_crashes(mode):
    """Any value put anywhere in the rounds or a log is reported (or harmless), never an exception."""
    import random

    rng = random.Random(mode)
    base = known(mode)["game"]
    spots = [p for p in _spots(base) if p and p[0] in ("rounds", "players") and (p[0] == "rounds" or "log" in p)]
    for _ in range(150):
        doc = edited(base, [[list(rng.choice(spots)), rng.choice(JUNK)]])
        score_document(doc)  # must not raise
