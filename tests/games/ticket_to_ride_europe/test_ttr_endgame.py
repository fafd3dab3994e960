"""The end of the game from the claim log (issue 29): trigger, the last turns counted, a turn after the end."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.games.ticket_to_ride_europe.endgame import read_end

LOGS = Path(__file__).with_name("endlogs")
FILES = sorted(p for p in LOGS.glob("*.json") if not p.name.endswith(".expect.json"))


def _names(names, seats):
    """Seat numbers as names."""
    return [names[s] for s in seats]


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_known_end(path):
    """Each hand-computed log: trains left, the trigger line, the order of the last round, who has played."""
    doc = json.loads(path.read_text(encoding="utf-8"))
    want = json.loads(path.with_name(path.stem + ".expect.json").read_text(encoding="utf-8"))
    names = doc["players"]
    end = read_end(names, doc["log"])
    assert dict(zip(names, end.trains_left)) == want["trains_left"]
    assert end.trigger == want["trigger"] and names[end.trigger_seat] == want["trigger_player"]
    assert _names(names, end.last_round) == want["last_round"]
    assert _names(names, end.played) == want["played"] and _names(names, end.left) == want["left"]
    assert end.over is want["over"]
    assert [(p.code, p.path) for p in end.problems] == [(p["code"], p["path"]) for p in want["problems"]]
    for got, expected in zip(end.problems, want["problems"]):
        assert got.severity == "error"
        text = got.message
        for word in expected["words"]:
            assert word in text, (word, text)


def test_no_trigger_before_two_trains():
    """43 trains used leaves 2: that line triggers; 42 used (3 left) does not."""
    lines = [{"seat": 0, "kind": "route", "route": r} for r in (100, 83, 99, 7, 13, 14, 21, 22)]  # 40 trains
    end = read_end(["Aki", "Ben"], [*lines, {"seat": 0, "kind": "route", "route": 9}])  # Cadiz–Lisboa, 2: 42
    assert end.trigger is None and not end.over and end.left == () and end.trains_left == (3, 45)
    end = read_end(["Aki", "Ben"], [*lines, {"seat": 0, "kind": "route", "route": 4}])  # 3 more: 43
    assert end.trigger == 8 and end.last_round == (1, 0) and end.left == (1, 0) and not end.over


def test_the_trigger_player_can_play_right_after_the_others():
    """Two players: Ben triggers; Aki's logged turn, then Ben's own last turn ends the game; no problem."""
    lines = [{"seat": 1, "kind": "route", "route": r} for r in (100, 83, 99, 7, 13, 14, 21, 22, 4)]
    end = read_end(["Aki", "Ben"], [*lines, {"seat": 0, "kind": "station", "city": "Paris"},
                                    {"seat": 1, "kind": "station", "city": "Wien"}])
    assert end.over and end.problems == () and end.played == (0, 1)
    again = read_end(["Aki", "Ben"], [*lines, {"seat": 1, "kind": "station", "city": "Wien"}])
    assert again.over and again.played == (0, 1)  # Aki drew cards (not logged), then Ben's last turn


def test_junk_lines_are_skipped():
    """A line of an unknown seat or route changes nothing and never raises."""
    end = read_end(["Aki", "Ben"], [{"seat": 7, "kind": "route", "route": 1}, {"seat": "x"},
                                    {"seat": 0, "kind": "route", "route": 999}, {}])
    assert end.trains_left == (45, 45) and end.trigger is None
