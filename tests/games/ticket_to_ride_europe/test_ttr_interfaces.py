"""The game through the shared doors: `python -m companion score` (exit 0/1/2) and `POST /api/score` (200/422)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from ttr_helpers import GAMES, game, load, player

ROOT = Path(__file__).resolve().parents[3]
VALID = GAMES / "four-players.json"
INVALID = game(player("Aki", routes=[28, 102]), player("Ben", routes=[28]))


def run_cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    """Run `python -m companion` from the worktree root."""
    return subprocess.run([sys.executable, "-m", "companion", *args], cwd=ROOT, input=stdin,
                          capture_output=True, text=True, timeout=120)


def test_cli_scores_a_valid_game():
    """Exit 0 and the score document on stdout, equal to the hand-computed answer."""
    done = run_cli("score", str(VALID), "--pretty")
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    expected = load(VALID.with_name("four-players.expect.json"))
    assert [p["total"] for p in result["players"]] == [p["total"] for p in expected["players"]]
    assert [p["rank"] for p in result["players"]] == [p["rank"] for p in expected["players"]]


def test_cli_exits_1_with_errors_and_still_prints(tmp_path):
    """Errors: exit 1, the score document printed with the problems at their paths."""
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(INVALID), encoding="utf-8")
    done = run_cli("score", str(path))
    assert done.returncode == 1
    result = json.loads(done.stdout)
    paths = {p["path"] for line in result["players"] for p in line["problems"] if p["severity"] == "error"}
    assert paths == {"players[0].routes[0]", "players[0].routes[1]", "players[1].routes[0]"}


def test_cli_warning_only_exits_0():
    """A score-track warning alone keeps exit code 0."""
    doc = game(player("Aki", routes=[28], score_track=3), player("Ben"))
    done = run_cli("score", "-", stdin=json.dumps(doc))
    assert done.returncode == 0
    assert json.loads(done.stdout)["players"][0]["problems"][0]["severity"] == "warning"


@pytest.mark.parametrize("text", ["[1, 2]", '{"format": "ttr-europe-game/1"}', '{"format": "ttr-europe-game/1", "players": 3}',
                                  '{"format": "ttr-europe-game/2", "players": []}', "not json"])
def test_cli_exits_2_when_not_a_game_document(text):
    """Not JSON, not an object, no players list, or another format: exit 2 with a message, no traceback."""
    done = run_cli("score", "-", stdin=text)
    assert done.returncode == 2
    assert done.stderr.startswith("error:") and "Traceback" not in done.stderr


@pytest.fixture
def client(tmp_path):
    """A Flask test client of the whole app."""
    from companion.web.core.app import create_app

    app = create_app({"TESTING": True, "SECRET_KEY": "t", "WTF_CSRF_ENABLED": False,
                      "DATABASE": str(tmp_path / "t.sqlite"), "BOARD_LIBRARY": str(tmp_path / "boards")})
    return app.test_client()


def test_api_scores_a_valid_game(client):
    """200 and the same score document as the engine."""
    answer = client.post("/api/score", json=load(VALID))
    assert answer.status_code == 200
    expected = load(VALID.with_name("four-players.expect.json"))
    assert [p["rows"] for p in answer.get_json()["players"]] == [p["rows"] for p in expected["players"]]


def test_api_answers_422_with_problems(client):
    """Errors: 422 with the score document and its problems."""
    answer = client.post("/api/score", json=INVALID)
    assert answer.status_code == 422
    codes = {p["code"] for line in answer.get_json()["players"] for p in line["problems"]}
    assert codes == {"unknown-route", "route-claimed-twice"}


def test_api_answers_422_for_no_players(client):
    """An empty players list: 422, the error on the document."""
    answer = client.post("/api/score", json=game())
    assert answer.status_code == 422
    assert answer.get_json()["problems"][0]["code"] == "too-few-players"


def test_api_lists_the_game(client):
    """The game list names Ticket to Ride: Europe with its formats: the game and the claim log (issue 29)."""
    games = client.get("/api/games").get_json()["games"]
    entry = next(g for g in games if g["id"] == "ttr-europe")
    assert entry["formats"] == ["ttr-europe-game/1", "ttr-europe-log/1"]
    assert entry["output_formats"] == ["ttr-europe-score/1", "ttr-europe-log-check/1"]


def test_cli_refuses_big_cities_tickets_off_the_deck():
    """Issue 29: a long ticket and a wrong points value in Big Cities exit 1, each ticket named at its path."""
    done = run_cli("score", str(GAMES / "big-cities-refused.json"))
    assert done.returncode == 1, done.stderr
    result = json.loads(done.stdout)
    found = {(p["player"], q["path"]): q["message"] for p in result["players"] for q in p["problems"]}
    assert "Brest–Petrograd" in found[("Aki", "players[0].tickets[0]")]
    assert "long ticket" in found[("Aki", "players[0].tickets[0]")]
    assert "Dieppe–Paris" in found[("Ben", "players[1].tickets[0]")]
    assert "Paris–Wien" in found[("Cho", "players[2].tickets[0].points")]
    assert all(p["total"] is None for p in result["players"])


def test_cli_scores_a_big_cities_game_from_the_deck():
    """A Big Cities ticket without points scores the card's points (exit 0)."""
    done = run_cli("score", str(GAMES / "big-cities-deck.json"))
    assert done.returncode == 0, done.stderr
    aki = json.loads(done.stdout)["players"][0]
    assert aki["tickets_detail"][0] == {"from": "Paris", "to": "Wien", "points": 8, "completed": True}
