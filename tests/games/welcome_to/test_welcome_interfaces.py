"""`python -m companion score` and `POST /api/score` take welcome-to-game/1 and answer welcome-to-score/1."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from welcome_helpers import GAMES, game, game_files, load, player

from companion.games.registry import find_game
from companion.games.welcome_to import score_document
from companion.web.core.app import create_app

ROOT = Path(__file__).resolve().parents[3]


def run_cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    """Run `python -m companion` from the worktree and capture its output."""
    return subprocess.run([sys.executable, "-m", "companion", *args], input=stdin, capture_output=True, text=True,
                          cwd=ROOT, timeout=60)


def test_registered():
    """The registry finds the game by id and by its format."""
    entry = find_game("welcome-to-game/1")
    assert entry.id == "welcome-to" and find_game("welcome-to") is entry
    assert entry.output_formats == ("welcome-to-score/1",)


def test_cli_scores_a_game_file():
    """`score GAME.json` prints the score document and exits 0."""
    path = GAMES / "four-players.json"
    done = run_cli("score", str(path), "--pretty")
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out == score_document(load(path))
    assert [p["total"] for p in out["players"]] == [60, 32, 31, 11]


def test_cli_errors_exit_1_with_the_document():
    """A sheet with errors still prints the score document with its problems, and exits 1."""
    doc = game(player(streets=[[1, 5, 3, *[None] * 7], [None] * 11, [None] * 12]))
    done = run_cli("score", "-", stdin=json.dumps(doc))
    assert done.returncode == 1
    problems = json.loads(done.stdout)["players"][0]["problems"]
    assert [(p["severity"], p["code"], p["path"]) for p in problems] == \
        [("error", "not-increasing", "players[0].streets[0][2]")]


def test_cli_warnings_exit_0():
    """Warnings alone (a plan claimed later that nobody claimed first) still exit 0."""
    doc = load(GAMES / "advanced-mode.json")
    doc["players"][0]["plans"][1]["first"] = False
    done = run_cli("score", "-", stdin=json.dumps(doc))
    assert done.returncode == 0
    assert json.loads(done.stdout)["players"][0]["problems"][0]["severity"] == "warning"


@pytest.mark.parametrize("content,needle", [('{"format": "welcome-to-game/1"}', "players"),
                                            ('{"format": "welcome-to-game/1", "players": []}', "players"),
                                            ("[1]", "not a game document"), ("{nope", "not JSON")])
def test_cli_unreadable_exit_2(tmp_path, content, needle):
    """Input that is no game document exits 2 with a message and no traceback."""
    path = tmp_path / "game.json"
    path.write_text(content)
    done = run_cli("score", str(path))
    assert done.returncode == 2 and done.stdout == ""
    assert needle in done.stderr and "Traceback" not in done.stderr


@pytest.fixture
def client(tmp_path):
    """A test client on a fresh instance folder."""
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "WTF_CSRF_ENABLED": False,
                      "DATABASE": str(tmp_path / "t.sqlite"), "BOARD_LIBRARY": str(tmp_path / "boards")})
    return app.test_client()


@pytest.mark.parametrize("path", game_files(), ids=lambda p: p.stem)
def test_api_scores_like_the_engine(client, path):
    """POST /api/score answers 200 and the engine's score document for every known-answer game."""
    response = client.post("/api/score", json=load(path))
    assert response.status_code == 200
    assert response.get_json() == score_document(load(path))


def test_api_keeps_the_spec_key_order(client):
    """The answer lists the keys and rows in the spec's order."""
    response = client.post("/api/score", json=load(GAMES / "solo.json"))
    entry = json.loads(response.get_data(as_text=True))["players"][0]
    assert list(entry) == ["player", "rows", "estates", "total", "rank", "problems"]
    assert list(entry["rows"]) == ["plans", "parks", "pools", "temps", "estates", "bis", "refusals", "roundabouts"]


def test_api_errors_are_422_with_paths(client):
    """A document with errors answers 422 with the score document and every problem's path."""
    doc = game(player("A"), player("B", pools=[[0, 0]]), mode="solo")
    response = client.post("/api/score", json=doc)
    assert response.status_code == 422
    problems = response.get_json()["players"][1]["problems"]
    assert [(p["code"], p["path"]) for p in problems] == [("solo-extra-player", "players[1]"),
                                                          ("pool-not-printed", "players[1].pools[0]"),
                                                          ("too-many-effects", "players[1]")]  # a pool, no number
    assert response.get_json()["players"][0]["rank"] == 1


@pytest.mark.parametrize("body", ['{"format": "welcome-to-game/1", "players": 3}', "[]"])
def test_api_not_a_game_is_422(client, body):
    """JSON that is no game document answers 422 with a not-a-game problem."""
    response = client.post("/api/score", data=body, content_type="application/json")
    assert response.status_code == 422
    assert response.get_json()["problems"][0]["code"] == "not-a-game"


def test_api_lists_the_game(client):
    """GET /api/games names Welcome To... and its formats."""
    listed = client.get("/api/games").get_json()["games"]
    assert {"id": "welcome-to", "name": "Welcome To...", "formats": ["welcome-to-game/1"],
            "output_formats": ["welcome-to-score/1"]} in listed
