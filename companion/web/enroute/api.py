"""En Route's JSON API: score `enroute-game/1`, read boards. No CSRF here: it takes JSON, not form posts."""

from __future__ import annotations

import dataclasses
from typing import Any

from flask import Blueprint, jsonify

from ...games.core.engine import ScoreOptions
from ...games.enroute import UnknownBoardError, board_to_json
from ...games.enroute.commands import score_document
from ..core.api import problem, read_json_body, scored_answer
from . import board_store

bp = Blueprint("api", __name__, url_prefix="/api/enroute")


@bp.post("/score")
def score():
    """Score an `enroute-game/1` document; answer `enroute-score/1`."""
    doc, refused = read_json_body()
    return refused or scored_answer(doc, score_with_saved_boards)


def score_with_saved_boards(doc: Any, options: ScoreOptions) -> dict:
    """Score `enroute-game/1` with the boards saved in this instance's database (also for POST /api/score)."""
    return _score(_with_saved_board(doc), options)


def _with_saved_board(doc: Any) -> Any:
    """Put a board saved in the database into the document itself, so the engine scores on it."""
    board_id = doc.get("board") if isinstance(doc, dict) else None
    if not isinstance(board_id, str) or board_store.is_shipped(board_id):
        return doc
    try:
        board = board_store.load_saved(board_id)[0]
    except (UnknownBoardError, board_store.BrokenBoardError):
        return doc
    return {**doc, "board": board_to_json(board)}


def _score(doc: Any, options: ScoreOptions) -> dict:
    """Score with the boards of the database only (never an old library folder), naming them when one is unknown."""
    result = score_document(doc, dataclasses.replace(options, library=None))
    board_id = doc.get("board") if isinstance(doc, dict) else None
    for player in result.get("players", []) if isinstance(board_id, str) else []:
        for i, found in enumerate(player.get("problems") or []):
            if found.get("code") == "unknown-board" and found.get("path") == "board":
                player["problems"][i] = {**found, "message": _unknown(board_id)}
    return result


def _unknown(board_id: str) -> str:
    """Name an unknown board and every board this instance knows."""
    known = ", ".join(b.id for b in board_store.available_boards())
    return f"Unknown board {board_id[:80]!r}; known boards: {known}."


@bp.get("/boards")
def boards():
    """List the shipped boards and the boards saved in this instance's database."""
    return jsonify({"boards": [{"id": b.id, "name": b.name} for b in board_store.available_boards()]})


@bp.get("/boards/<board_id>")
def board(board_id: str):
    """Return one board as `enroute-board/1`."""
    try:
        found = board_store.find_board(board_id)
    except UnknownBoardError:
        return jsonify({"problems": [problem("unknown-board", _unknown(board_id), "board")]}), 404
    except board_store.BrokenBoardError:
        return jsonify({"problems": [problem("broken-board", f"The saved board {board_id!r} cannot be read as a "
                                             "board; delete it on the boards page.", "board")]}), 404
    return jsonify(board_to_json(found))
