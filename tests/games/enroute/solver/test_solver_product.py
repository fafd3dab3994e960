"""The solver's time limit as the CLI and the API expose it."""

from __future__ import annotations

import json

from companion.cli import main
from companion.games.enroute.registry import find_board
from companion.games.enroute.simulate import simulate_game
from companion.web.core.app import create_app


def _game() -> dict:
    """A simulated game whose routes the companion must choose."""
    return simulate_game(find_board("training-city"), players=3, seed=7)


def test_cli_time_limit_option(tmp_path, capsys):
    """`score --time-limit` scores with the solver: companion-chosen, proven routes."""
    path = tmp_path / "game.json"
    path.write_text(json.dumps(_game()), encoding="utf-8")
    assert main(["score", str(path), "--time-limit", "10"]) == 0
    players = json.loads(capsys.readouterr().out)["players"]
    assert [(p["route_chosen_by"], p["proven"]) for p in players] == [("companion", True)] * 3


def test_api_reads_solver_time_limit(tmp_path):
    """A zero limit in the config still answers 200 with a route, marked not proven."""
    app = create_app({"TESTING": True, "SOLVER_TIME_LIMIT": 0.0, "DATABASE": str(tmp_path / "db.sqlite"),
                      "BOARD_LIBRARY": str(tmp_path / "boards")})
    doc = _game()
    board = find_board("training-city")
    doc["players"][0]["sections"] = [[list(a), list(b)] for a, b in sorted(board.roads)]
    circled = {tuple(c["at"]) for c in doc["players"][0]["cafes"]}  # every cafe is reached: circle the rest
    doc["players"][0]["cafes"] += [{"at": list(c.at), "state": "unused"} for c in board.cafes if c.at not in circled]
    response = app.test_client().post("/api/enroute/score", data=json.dumps(doc))
    players = response.get_json()["players"]
    assert players[0]["proven"] is False and len(players[0]["final_route"]) > 1
