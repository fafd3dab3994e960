"""En Route's JSON API: score `enroute-game/1`, read boards. No CSRF here: it takes JSON, not form posts."""

from __future__ import annotations

from flask import Blueprint, current_app, jsonify

from ...games.enroute import UnknownBoardError, board_to_json, find_board
from ...games.enroute.commands import score_document
from ...games.enroute.registry import available_boards
from ..core.api import problem, read_json_body, scored_answer

bp = Blueprint("api", __name__, url_prefix="/api/enroute")


@bp.post("/score")
def score():
    """Score an `enroute-game/1` document; answer `enroute-score/1`."""
    doc, refused = read_json_body()
    return refused or scored_answer(doc, score_document)


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
        return jsonify({"problems": [problem("unknown-board", str(exc), "board")]}), 404
    return jsonify(board_to_json(found))
