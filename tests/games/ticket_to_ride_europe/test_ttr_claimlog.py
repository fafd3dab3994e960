"""The claim log with cards (issue 29, seed l.183–286): known-answer logs (`logs/`: ferries, tunnels, the log's own
rules), the end read over a `ttr-europe-log/1` document, and the document through the CLI and the API."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from companion.games.core.engine import NotAGameDocument
from companion.games.ticket_to_ride_europe import board
from companion.games.ticket_to_ride_europe.claimlog import (
    LOG_CHECK_FORMAT,
    check_cards,
    check_log,
    read_cards,
    tunnel_extra,
)
from companion.web.core.app import create_app

LOGS = Path(__file__).with_name("logs")
FILES = sorted(p for p in LOGS.glob("*.json") if not p.name.endswith(".expect.json"))
ROOT = Path(__file__).resolve().parents[3]


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_known_log(path):
    """Each hand-computed log: every player's counts, the last round, every problem (code, path, words)."""
    doc = json.loads(path.read_text(encoding="utf-8"))
    want = json.loads(path.with_name(path.stem + ".expect.json").read_text(encoding="utf-8"))
    got = check_log(doc)
    assert got["format"] == LOG_CHECK_FORMAT
    assert got["players"] == want["players"]
    assert got["last_round"] == want["last_round"]
    assert [(p["code"], p["path"]) for p in got["problems"]] == [(p["code"], p["path"]) for p in want["problems"]]
    for problem, expected in zip(got["problems"], want["problems"]):
        assert problem["severity"] == "error"
        for word in expected["words"]:
            assert word in problem["message"], (word, problem["message"])


def _cards(route: int, **cards):
    """The problems of cards played for a route, as (code, path) pairs."""
    read, problems = read_cards(cards)
    assert read is not None and not problems, problems
    return [(p.code, p.path) for p in check_cards(board().routes[route], read, "cards")]


@pytest.mark.parametrize("revealed,played,need", [
    (["red", "blue", "yellow"], {"red": 2}, 1),  # the seed: 2 red played, a red revealed: 1 more red
    (["locomotive", "blue", "yellow"], {"green": 2}, 1),  # 2 green, a locomotive revealed: 1 more green
    (["locomotive", "blue", "blue"], {"locomotive": 2}, 1),  # 2 locomotives, 1 revealed: 1 more locomotive
    (["blue", "blue", "blue"], {"locomotive": 2}, 0),  # locomotives only: coloured cards revealed count for nothing
    (["red", "locomotive", "red"], {"red": 1, "locomotive": 1}, 3),
    ([], {"red": 2}, 0),  # the deck ran out: nothing revealed, nothing added
])
def test_the_seeds_tunnel_examples(revealed, played, need):
    """The seed's three worked examples (l.279–285) and the edges: how many more cards the revealed ones ask for."""
    assert tunnel_extra(played, revealed) == need


def test_a_tunnel_paid_in_full_and_a_ferry_with_its_locomotives_pass():
    """Tunnel 51 (black, 3): 2 black + 1 locomotive, revealed black/locomotive/red: 2 more, black or locomotive.
    Ferry 67 Amsterdam–London (2 locomotives, grey 2): two locomotives."""
    assert _cards(51, played={"black": 2, "locomotive": 1}, revealed=["black", "locomotive", "red"],
                  extra={"locomotive": 2}) == []
    assert _cards(51, played={"black": 3}) == []  # the tunnel's draw not given: trusted
    assert _cards(67, played={"locomotive": 2}) == []
    assert _cards(67, played={"yellow": 1, "locomotive": 1}) == [("ferry-locomotives", "cards.played")]
    assert _cards(51, played={"black": 3}, revealed=["black"], extra={}) == [("tunnel-extra-count", "cards.extra")]


def test_not_a_log_document():
    """Not a log at all: NotAGameDocument (CLI exit 2), never another exception."""
    for doc in (None, [], {"format": "ttr-europe-game/1"}, {"format": "ttr-europe-log/1", "players": "Aki"},
                {"format": "ttr-europe-log/1", "players": ["A", "B"]}):
        with pytest.raises(NotAGameDocument):
            check_log(doc)


def test_shape_problems_of_the_document():
    """One player, a name twice, an unknown key: problems at their paths, the lines still read."""
    got = check_log({"format": "ttr-europe-log/1", "players": ["Aki"], "lines": [{"player": "Aki", "turn": "cards"}],
                     "table": 1})
    assert {(p["code"], p["path"]) for p in got["problems"]} == {("too-few", "players"), ("unknown-key", "table")}
    same = check_log({"format": "ttr-europe-log/1", "players": ["Aki", "aki"], "lines": []})
    assert [p["code"] for p in same["problems"]] == ["same-name"]


def test_turns_count_the_last_round_and_a_turn_after_the_end_is_an_error():
    """Aki reaches 2 trains; Ben's turn (cards), Aki's turn (tickets): over; Ben again: turn-after-end."""
    routes = (100, 83, 99, 7, 13, 14, 21, 22, 4)  # 43 trains
    lines = [{"player": "Aki", "route": r} for r in routes]
    doc = {"format": "ttr-europe-log/1", "players": ["Aki", "Ben"], "lines": lines}
    assert check_log(doc)["last_round"] == {"trigger": 8, "player": "Aki", "order": ["Ben", "Aki"],
                                            "left": ["Ben", "Aki"], "over": False}
    doc["lines"] = [*lines, {"player": "Ben", "turn": "cards"}, {"player": "Aki", "turn": "tickets"}]
    done = check_log(doc)
    assert done["last_round"]["over"] and done["last_round"]["left"] == [] and done["problems"] == []
    doc["lines"].append({"player": "Ben", "turn": "cards"})
    late = check_log(doc)["problems"]
    assert [(p["code"], p["path"]) for p in late] == [("turn-after-end", "lines[11]")]
    assert "Line 12: Ben played after the end of the game" in late[0]["message"]


def test_the_cli_and_the_api_check_a_log(tmp_path):
    """`python -m companion score LOG.json` exits 0 for a clean log and 1 with errors; the API answers 200/422."""
    clean, bad = LOGS / "cards-legal.json", LOGS / "cards-refused.json"
    for path, code in ((clean, 0), (bad, 1)):
        done = subprocess.run([sys.executable, "-m", "companion", "score", str(path)], cwd=ROOT, capture_output=True,
                              text=True, timeout=120)
        assert done.returncode == code, done.stderr
        assert json.loads(done.stdout)["format"] == LOG_CHECK_FORMAT
    client = create_app({"TESTING": True, "SECRET_KEY": "t", "DATABASE": str(tmp_path / "t.sqlite"),
                         "BOARD_LIBRARY": str(tmp_path / "boards")}).test_client()
    assert client.post("/api/score", json=json.loads(clean.read_text())).status_code == 200
    answer = client.post("/api/score", json=json.loads(bad.read_text()))
    assert answer.status_code == 422 and answer.get_json()["format"] == LOG_CHECK_FORMAT
