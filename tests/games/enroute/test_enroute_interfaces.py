"""The CLI and the JSON API take the same game documents and give the same score documents."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from enroute_helpers import game, game_files, load, sheet

from companion import create_app
from companion.games.enroute.scoring import score_game

ROOT = Path(__file__).resolve().parents[3]


def run_cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    """Run `python -m companion` and capture its output."""
    return subprocess.run([sys.executable, "-m", "companion", *args], input=stdin, capture_output=True,
                          text=True, cwd=ROOT, timeout=60)


def test_cli_scores_a_game_file():
    """`score GAME.json` prints enroute-score/1 and exits 0."""
    path = next(p for p in game_files() if p.stem == "rulebook-example")
    done = run_cli("score", str(path))
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == score_game(load(path))
    assert json.loads(done.stdout)["players"][0]["total"] == 105


def test_cli_errors_exit_1_with_the_document():
    """A document with errors still prints the score sheet, with problems, and exits 1."""
    doc = game(sheet(sections=[[[0, 0], [1, 1]]], final_route=None))
    done = run_cli("score", "-", stdin=json.dumps(doc))
    assert done.returncode == 1
    out = json.loads(done.stdout)
    assert out["players"][0]["problems"][0]["code"] == "not-a-road"


@pytest.mark.parametrize("content,needle", [("{not json", "not JSON"), ("[1, 2]", "not a game document"),
                                            ('{"format": "enroute-game/1"}', "players")])
def test_cli_unreadable_exit_2(tmp_path, content, needle):
    """Unreadable input exits 2 with a message on stderr and no traceback."""
    path = tmp_path / "game.json"
    path.write_text(content)
    done = run_cli("score", str(path))
    assert done.returncode == 2 and done.stdout == ""
    assert needle in done.stderr and "Traceback" not in done.stderr


def test_cli_missing_file_exit_2(tmp_path):
    """A missing file exits 2."""
    done = run_cli("score", str(tmp_path / "nope.json"))
    assert done.returncode == 2 and "cannot read" in done.stderr and "Traceback" not in done.stderr


def test_cli_bad_usage_exit_2():
    """Bad arguments exit 2 with usage, not a traceback."""
    done = run_cli("frobnicate")
    assert done.returncode == 2 and "usage" in done.stderr


@pytest.fixture
def client(tmp_path):
    """A test client on a fresh instance folder."""
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "db.sqlite"), "BOARD_LIBRARY": str(tmp_path / "boards")})
    return app.test_client()


@pytest.mark.parametrize("path", game_files(), ids=lambda p: p.stem)
def test_api_scores_like_the_engine(client, path):
    """POST /api/enroute/score answers the engine's score document."""
    response = client.post("/api/enroute/score", json=load(path))
    assert response.status_code == 200
    assert response.get_json() == score_game(load(path))


def test_api_keeps_the_format_key_order(client):
    """The answer lists keys in the spec's order (format first, rows in board order)."""
    response = client.post("/api/enroute/score", json=game(sheet()))
    text = response.get_data(as_text=True)
    assert text.index('"format"') < text.index('"players"')
    assert list(response.get_json()["players"][0]["rows"])[:3] == ["red", "green", "blue"]


def test_api_document_with_errors_is_422(client):
    """A game with errors answers 422 with every problem and its path."""
    response = client.post("/api/enroute/score", json=game(sheet(tourists=[{"at": [9, 9], "red": 1}])))
    assert response.status_code == 422
    problems = response.get_json()["players"][0]["problems"]
    assert ("location-off-map", "players[0].tourists[0].at") in [(p["code"], p["path"]) for p in problems]


@pytest.mark.parametrize("body,status,code", [("{bad", 400, "bad-json"), (b"\xff\xfe", 400, "bad-json"),
                                              ("[]", 422, "not-a-game"), ('"x"', 422, "not-a-game"), ("", 400, "bad-json")])
def test_api_bad_bodies(client, body, status, code):
    """Bad JSON is 400, JSON that is not a game is 422; never 500."""
    response = client.post("/api/enroute/score", data=body, content_type="application/json")
    assert response.status_code == status
    assert response.get_json()["problems"][0]["code"] == code


def test_api_method_and_not_found_answer_json(client):
    """Wrong method and unknown paths under /api answer JSON problems."""
    assert client.get("/api/enroute/score").status_code == 405
    missing = client.get("/api/enroute/nothing")
    assert missing.status_code == 404 and missing.get_json()["problems"][0]["code"] == "http-404"


def test_api_boards(client):
    """Boards are listed and exported as enroute-board/1."""
    listed = client.get("/api/enroute/boards").get_json()["boards"]
    assert {"id": "training-city", "name": "Training City"} in listed
    board = client.get("/api/enroute/boards/training-city").get_json()
    assert board["format"] == "enroute-board/1" and len(board["landmarks"]) >= 12
    assert client.get("/api/enroute/boards/atlantis").status_code == 404


def test_home_page_links(client):
    """The home page offers En Route's start, referee and board pages; developer material is on About."""
    page = client.get("/").get_data(as_text=True)
    assert all(link in page for link in ('href="/tables/new"', 'href="/play/new"', 'href="/boards/"', 'href="/about"'))
    about = client.get("/about").get_data(as_text=True)
    assert "/api/score" in about and "enroute-game/1" in about and "enroute-score/1" in about


def test_cli_closed_pipe_is_quiet():
    """A reader that stops early (like `| head`) causes no traceback."""
    path = next(p for p in game_files() if p.stem == "rulebook-example")
    proc = subprocess.Popen([sys.executable, "-m", "companion", "score", str(path), "--pretty"], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    proc.stdout.close()  # before the child has written anything, so its first write hits a closed pipe
    _, err = proc.communicate(timeout=60)
    assert b"Traceback" not in err


def test_api_lists_and_scores_library_boards(tmp_path):
    """A board file of the library folder is brought into the database at start: listed, exported, scored by id."""
    from companion.games.enroute import board_to_json, find_board

    doc = board_to_json(find_board("training-city"))
    doc["id"], doc["name"] = "home-city", "Home City"
    (tmp_path / "boards").mkdir(exist_ok=True)
    (tmp_path / "boards" / "home-city.json").write_text(json.dumps(doc))
    client = create_app({"TESTING": True, "DATABASE": str(tmp_path / "db.sqlite"),
                         "BOARD_LIBRARY": str(tmp_path / "boards")}).test_client()
    assert {"id": "home-city", "name": "Home City"} in client.get("/api/enroute/boards").get_json()["boards"]
    assert client.get("/api/enroute/boards/home-city").get_json()["name"] == "Home City"
    response = client.post("/api/enroute/score", json=game(sheet(), board="home-city"))
    assert response.status_code == 200
    unknown = client.post("/api/enroute/score", json=game(sheet(), board="nowhere")).get_json()
    assert "home-city" in unknown["players"][0]["problems"][0]["message"]


def test_each_instance_gets_its_own_secret_key(tmp_path, monkeypatch):
    """Without SECRET_KEY configured, an instance makes its own key once and keeps it across restarts."""
    from companion.web.core.app import _instance_secret

    first, again = _instance_secret(str(tmp_path)), _instance_secret(str(tmp_path))
    (tmp_path / "other").mkdir()
    assert len(first) == 64 and first == again != _instance_secret(str(tmp_path / "other"))
    monkeypatch.delenv("SECRET_KEY", raising=False)
    app = create_app({"DATABASE": str(tmp_path / "db.sqlite")})
    with open(os.path.join(app.instance_path, "secret_key")) as handle:
        assert app.config["SECRET_KEY"] == handle.read().strip()
    monkeypatch.setenv("SECRET_KEY", "from-the-environment")
    assert create_app({"DATABASE": str(tmp_path / "db.sqlite")}).config["SECRET_KEY"] == "from-the-environment"
