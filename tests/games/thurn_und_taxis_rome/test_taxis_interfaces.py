"""The shared entry points: the registry, `python -m companion score`, `rome-track` and `POST /api/score`."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from taxis_helpers import TEST_TRACK

from companion.games.registry import find_game
from companion.web.core.app import create_app

ROOT = Path(__file__).resolve().parents[3]
GAMES = Path(__file__).resolve().parent / "games"


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    """Run the companion's command line from the worktree."""
    return subprocess.run([sys.executable, "-m", "companion", *args], cwd=ROOT, input=stdin, capture_output=True,
                          text=True, timeout=120)


def test_the_registry_finds_the_game_by_id_and_format():
    """The package registers itself."""
    game = find_game("thurn-und-taxis-rome-game/1")
    assert game.id == "thurn-und-taxis-rome" and find_game("thurn-und-taxis-rome") is game
    assert game.output_formats == ("thurn-und-taxis-rome-score/1",)


@pytest.mark.parametrize(("name", "code"), [("seed-audience", 0), ("offices-only-tie", 0), ("missing-tile-value", 1)])
def test_cli_scores_a_game_file(name, code):
    """Exit 0 when scored, 1 with an error; the score document is printed either way."""
    done = run("score", str(GAMES / f"{name}.json"), "--pretty")
    assert done.returncode == code, done.stderr
    expected = json.loads((GAMES / f"{name}.expect.json").read_text(encoding="utf-8"))
    result = json.loads(done.stdout)
    assert result["format"] == "thurn-und-taxis-rome-score/1"
    assert [p["total"] for p in result["players"]] == [p["total"] for p in expected["players"]]
    assert code == expected["exit"]


@pytest.mark.parametrize("text", ['{"format": "thurn-und-taxis-rome-game/1"}', "[1, 2]", "not json"])
def test_cli_refuses_what_is_no_game(text):
    """Exit 2 with a message and no traceback."""
    done = run("score", "-", stdin=text)
    assert done.returncode == 2
    assert "error:" in done.stderr and "Traceback" not in done.stderr


def test_cli_checks_a_track(tmp_path):
    """`rome-track` prints the board's problems: exit 0 for a good board, 1 for a bad one."""
    good = tmp_path / "good.json"
    good.write_text(json.dumps(TEST_TRACK), encoding="utf-8")
    done = run("rome-track", str(good))
    assert done.returncode == 0 and json.loads(done.stdout) == {"ok": True, "problems": []}
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({**TEST_TRACK, "roads": TEST_TRACK["roads"][:3]}), encoding="utf-8")
    done = run("rome-track", str(bad))
    assert done.returncode == 1 and not json.loads(done.stdout)["ok"]
    assert run("rome-track", str(tmp_path / "missing.json")).returncode == 2


@pytest.fixture
def client(tmp_path):
    """A test client of the shared app."""
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "WTF_CSRF_ENABLED": False,
                      "DATABASE": str(tmp_path / "t.sqlite"), "BOARD_LIBRARY": str(tmp_path / "boards")})
    return app.test_client()


def test_api_scores_a_game(client):
    """200 with the score document."""
    doc = json.loads((GAMES / "seed-audience.json").read_text(encoding="utf-8"))
    answer = client.post("/api/score", json=doc)
    assert answer.status_code == 200
    assert [p["rank"] for p in answer.get_json()["players"]] == [1, 2, 4, 3]


def test_api_answers_422_with_problems(client):
    """An error in the game: 422 with the score document and its problems; no game at all: 422 not-a-game."""
    doc = json.loads((GAMES / "missing-tile-value.json").read_text(encoding="utf-8"))
    answer = client.post("/api/score", json=doc)
    assert answer.status_code == 422
    assert answer.get_json()["players"][1]["problems"][0]["code"] == "tile-value-missing"
    answer = client.post("/api/score", json={"format": "thurn-und-taxis-rome-game/1", "players": "none"})
    assert answer.status_code == 422 and answer.get_json()["problems"][0]["code"] == "not-a-game"


def test_api_lists_the_game(client):
    """`GET /api/games` names the game and its formats."""
    games = {g["id"]: g for g in client.get("/api/games").get_json()["games"]}
    assert games["thurn-und-taxis-rome"]["formats"] == ["thurn-und-taxis-rome-game/1"]
