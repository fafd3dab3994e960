"""`python -m companion score` and `POST /api/score` take explore-ny-game/1 and answer explore-ny-score/1."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from eny_helpers import GAMES, game, load, player

from companion.games.core.engine import ScoreOptions
from companion.games.explore_new_york import score_document
from companion.games.registry import find_game
from companion.web.core.app import create_app

ROOT = Path(__file__).resolve().parents[3]


def run_cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    """Run `python -m companion` from the worktree and capture its output."""
    return subprocess.run([sys.executable, "-m", "companion", *args], input=stdin, capture_output=True, text=True,
                          cwd=ROOT, timeout=120)


def test_registered():
    """The registry finds the game by id and by its format."""
    entry = find_game("explore-ny-game/1")
    assert entry.id == "explore-new-york" and find_game("explore-new-york") is entry
    assert entry.output_formats == ("explore-ny-score/1",)


def test_cli_scores_a_game_file():
    """`score GAME.json` prints the score document and exits 0."""
    done = run_cli("score", str(GAMES / "seed-example-82.json"), "--pretty")
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out == score_document(load(GAMES / "seed-example-82.json"))
    assert [p["total"] for p in out["players"]] == [82, 82]


def test_cli_errors_exit_1_with_the_document():
    """A sheet with errors still prints the score document with its problems, and exits 1."""
    doc = game(player(sections=[[[1, 1], [2, 2]]]))
    done = run_cli("score", "-", stdin=json.dumps(doc))
    assert done.returncode == 1
    problems = json.loads(done.stdout)["players"][0]["problems"]
    assert [(p["severity"], p["code"], p["path"]) for p in problems] == \
        [("error", "not-a-road", "players[0].sections[0]")]


def test_cli_warnings_exit_0():
    """Warnings alone (an entry with no tourists) still exit 0."""
    doc = game(player(tourists=[{"at": [1, 1]}]))
    done = run_cli("score", "-", stdin=json.dumps(doc))
    assert done.returncode == 0
    assert json.loads(done.stdout)["players"][0]["problems"][0]["code"] == "no-tourists"


@pytest.mark.parametrize("content,needle", [('{"format": "explore-ny-game/1"}', "players"),
                                            ('{"format": "explore-ny-game/1", "players": []}', "players"),
                                            ("[1]", "not a"), ("{nope", "JSON")])
def test_cli_unreadable_exit_2(tmp_path, content, needle):
    """Input that is no game document exits 2 with a message and no traceback."""
    path = tmp_path / "game.json"
    path.write_text(content)
    done = run_cli("score", str(path))
    assert done.returncode == 2 and done.stdout == ""
    assert needle in done.stderr and "Traceback" not in done.stderr


def test_library_tile_through_options(tmp_path):
    """A table's own tile in the board library is found by id when scoring."""
    tile = json.loads(json.dumps(load(Path(__file__).resolve().parents[3] / "companion/games/explore_new_york/data/"
                                      "tiles/parkside.json")))
    tile.update(id="our-park", name="Our park")
    (tmp_path / "explore-new-york").mkdir()
    (tmp_path / "explore-new-york" / "our-park.json").write_text(json.dumps(tile))
    doc = game(player(tile="our-park", sections=[[[1, 3], [1, 4]]]))
    assert score_document(doc)["players"][0]["problems"][0]["code"] == "unknown-tile"
    result = score_document(doc, ScoreOptions(library=str(tmp_path)))
    assert result["players"][0]["tile"] == "our-park" and result["players"][0]["total"] == 3


@pytest.fixture
def client(tmp_path):
    """A test client on a fresh instance folder."""
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "WTF_CSRF_ENABLED": False,
                      "DATABASE": str(tmp_path / "t.sqlite"), "BOARD_LIBRARY": str(tmp_path / "boards")})
    return app.test_client()


def test_api_scores(client):
    """POST /api/score answers 200 with the score document."""
    doc = load(GAMES / "colours.json")
    response = client.post("/api/score", json=doc)
    assert response.status_code == 200
    assert response.get_json() == score_document(doc)


def test_api_errors_are_422(client):
    """A document with errors answers 422 with the problems; a non-document too."""
    response = client.post("/api/score", json=game(player(tile="nowhere")))
    assert response.status_code == 422
    assert response.get_json()["players"][0]["problems"][0]["path"] == "players[0].tile"
    assert client.post("/api/score", json={"format": "explore-ny-game/1"}).status_code == 422
