"""A game plugs in without touching shared code: a dummy game registers a format, a blueprint and a
home-page entry, and is found on the home page, by the CLI and by `POST /api/score`."""

from __future__ import annotations

import io
import json
from contextlib import redirect_stderr, redirect_stdout

import pytest
from flask import Blueprint

from companion.cli import main as cli_main
from companion.games.core.engine import GameEngine, NotAGameDocument
from companion.games.core.problems import N_, error
from companion.games.registry import find_game, games, register_game, unregister_game
from companion.web.core.app import create_app
from companion.web.core.plugins import GameWeb, HomeEntry, register_web, unregister_web


def score_dice(doc, options):
    """Score the dummy format: each player's points are the sum of their dice; a die above 6 is an error."""
    if not isinstance(doc.get("players"), list):
        raise NotAGameDocument("dice-game/1 needs players")
    players = []
    for i, p in enumerate(doc["players"]):
        problems = [error("bad-die", f"players[{i}].dice[{j}]", N_("A die shows 1 to 6, not {value}."), value=d)
                    for j, d in enumerate(p["dice"]) if not 1 <= d <= 6]
        players.append({"player": p["player"], "total": None if problems else sum(p["dice"]),
                        "problems": [x.to_json() for x in problems]})
    return {"format": "dice-score/1", "players": players}


@pytest.fixture
def dice_game():
    """Register the dummy game's engine and web entry for one test, then remove them."""
    bp = Blueprint("dice", __name__, url_prefix="/dice")

    @bp.get("/new")
    def new():
        """The dummy game's start page."""
        return "Roll the dice"

    register_game(GameEngine(id="dice", name="Dice", formats={"dice-game/1": score_dice},
                             output_formats=("dice-score/1",)))
    register_web(GameWeb(game_id="dice", blueprint=bp,
                         home=HomeEntry(title="Dice Night", tagline="Add up the dice.",
                                        colours=("#102030", "#ffffff", "#ff8800"), start_endpoint="dice.new")))
    yield
    unregister_game("dice")
    unregister_web("dice")


@pytest.fixture
def client(tmp_path, dice_game):
    """A test client of an app made after the dummy game registered."""
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "WTF_CSRF_ENABLED": False,
                      "DATABASE": str(tmp_path / "t.sqlite"), "BOARD_LIBRARY": str(tmp_path / "b")})
    return app.test_client()


def run_cli(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    """Run `python -m companion` in this process (the registration is in-process)."""
    out, err = io.StringIO(), io.StringIO()
    import sys

    old = sys.stdin
    sys.stdin = io.StringIO(stdin or "")
    try:
        with redirect_stdout(out), redirect_stderr(err):
            code = cli_main(list(args))
    finally:
        sys.stdin = old
    return code, out.getvalue(), err.getvalue()


GOOD = {"format": "dice-game/1", "players": [{"player": "Aki", "dice": [3, 4]}, {"player": "Ben", "dice": [6]}]}
BAD = {"format": "dice-game/1", "players": [{"player": "Aki", "dice": [3, 9]}]}


def test_registry_finds_the_dummy_game_by_id_and_format(dice_game):
    """`find_game` answers both keys; the shipped games are still there."""
    assert find_game("dice").name == find_game("dice-game/1").name == "Dice"
    assert {"enroute", "dice"} <= {g.id for g in games()}


def test_home_page_shows_the_dummy_game_and_its_start_link(client):
    """The game's card, colours and start link appear on the home page, after the shipped games."""
    page = client.get("/").get_data(as_text=True)
    assert "Dice Night" in page and "Add up the dice." in page and "#ff8800" in page
    assert 'href="/dice/new"' in page
    assert page.index("En Route") < page.index("Dice Night")
    assert client.get("/dice/new").get_data(as_text=True) == "Roll the dice"


def test_api_score_dispatches_on_format(client):
    """`POST /api/score` scores the dummy format (200), refuses its errors (422) and unknown formats (422)."""
    ok = client.post("/api/score", json=GOOD)
    assert ok.status_code == 200 and [p["total"] for p in ok.get_json()["players"]] == [7, 6]
    bad = client.post("/api/score", json=BAD)
    assert bad.status_code == 422
    assert bad.get_json()["players"][0]["problems"][0]["path"] == "players[0].dice[1]"
    unknown = client.post("/api/score", json={"format": "chess-game/1"})
    assert unknown.status_code == 422 and "dice-game/1" in unknown.get_json()["problems"][0]["message"]
    assert "dice" in [g["id"] for g in client.get("/api/games").get_json()["games"]]


def test_cli_scores_the_dummy_format(dice_game):
    """`python -m companion score` dispatches on the format: exit 0 scored, 1 with errors, 2 not a document."""
    code, out, _ = run_cli("score", "-", stdin=json.dumps(GOOD))
    assert code == 0 and json.loads(out)["format"] == "dice-score/1"
    code, out, _ = run_cli("score", "-", stdin=json.dumps(BAD))
    assert code == 1 and json.loads(out)["players"][0]["total"] is None
    code, _, err = run_cli("score", "-", stdin=json.dumps({"format": "dice-game/1"}))
    assert code == 2 and "needs players" in err


def test_unregistered_game_is_gone():
    """Without the fixture the dummy format is unknown again (registration is not global state leaking)."""
    assert "dice" not in {g.id for g in games()}
