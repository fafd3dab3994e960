"""JSON API: score games, read boards. No CSRF here: it takes JSON, not form posts."""

from __future__ import annotations

import json

from flask import Blueprint, current_app, jsonify, request

from ..games.enroute import UnknownBoardError, board_to_json, find_board
from ..games.enroute.game import NotAGameDocument
from ..games.enroute.registry import available_boards
from ..games.enroute.scoring import score_game
from ..games.enroute.search import DEFAULT_TIME_LIMIT, best_route

bp = Blueprint("api", __name__, url_prefix="/api/enroute")


def _problem(code: str, message: str, path: str = "") -> dict:
    """Build one error problem."""
    return {"severity": "error", "code": code, "path": path, "message": message}


@bp.post("/score")
def score():
    """Score an `enroute-game/1` document; answer `enroute-score/1`."""
    raw = request.get_data(cache=False)
    try:
        doc = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        return jsonify({"problems": [_problem("bad-json", "The body is not UTF-8 text.")]}), 400
    except json.JSONDecodeError as exc:
        message = f"The body is not JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}."
        return jsonify({"problems": [_problem("bad-json", message)]}), 400
    try:
        limit = current_app.config.get("SOLVER_TIME_LIMIT", DEFAULT_TIME_LIMIT)
        result = score_game(doc, library=current_app.config.get("BOARD_LIBRARY"),
                            chooser=lambda ctx, sheet: best_route(ctx, sheet, time_limit=limit))
    except NotAGameDocument as exc:
        return jsonify({"problems": [_problem("not-a-game", str(exc))]}), 422
    failed = any(p["severity"] == "error" for player in result["players"] for p in player["problems"])
    return jsonify(result), 422 if failed else 200


@bp.get("/boards")
def boards():
    """List the shipped boards and the boards saved in this instance's library."""
    found = available_boards(current_app.config.get("BOARD_LIBRARY"))
    return jsonify({"boards": [{"id": b.id, "name": b.name} for b in found]})


@bp.get("/boards/<board_id>")
def board(board_id: str):
    """Return one board as `enroute-board/1`."""
    try:
        found = find_board(board_id, current_app.config.get("BOARD_LIBRARY"))
    except UnknownBoardError as exc:
        return jsonify({"problems": [_problem("unknown-board", str(exc), "board")]}), 404
    return jsonify(board_to_json(found))
