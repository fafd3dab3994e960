"""En Route's JSON API: score `enroute-game/1`, read boards. No CSRF here: it takes JSON, not form posts."""

from __future__ import annotations

import dataclasses
import time
from typing import Any

from flask import Blueprint, jsonify

from ...games.core.engine import ScoreOptions
from ...games.enroute import UnknownBoardError, board_to_json
from ...games.enroute.evaluation import RouteChoice
from ...games.enroute.game import read_game
from ...games.enroute.scoring import SCORE_FORMAT, score_players
from ...games.enroute.search import SearchBudget
from ..core.api import problem, read_json_body, scored_answer
from .boards import store as board_store
from .routes.cache import basis_hash, cached_routes, remember_routes, remembered_routes, route_key

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
    result = _score_remembering_routes(doc, dataclasses.replace(options, library=None))
    board_id = doc.get("board") if isinstance(doc, dict) else None
    for player in result.get("players", []) if isinstance(board_id, str) else []:
        for i, found in enumerate(player.get("problems") or []):
            if found.get("code") == "unknown-board" and found.get("path") == "board":
                player["problems"][i] = {**found, "message": _unknown(board_id)}
    return result


def _score_remembering_routes(doc: Any, options: ScoreOptions) -> dict:
    """Score as the engine's `score_document` does (the same request-wide search budget), with the companion's
    chosen routes remembered: a sheet searched before (same game basis, same sheet) is answered from this
    server's memory or the route cache instead of searched again. Only proven routes are remembered, so every
    answer is the one a new search would give; a search that took long is stored for every server."""
    game = read_game(doc, options.library)
    raw = doc["players"] if isinstance(doc.get("players"), list) else []
    budget = SearchBudget(options.time_limit, options.request_time_limit, len(raw) or 1)
    basis = None
    keys: dict[int, str] = {}
    known: dict | None = None
    found: dict = {}
    slow: set[str] = set()

    def choose(ctx, sheet) -> RouteChoice:
        """Answer from memory, else search; the database only for a search that is not quick (keys and the
        lookups only when a route is chosen)."""
        nonlocal basis, known
        if known is None:
            basis = basis_hash(doc)
            keys.update({id(s): route_key(doc, r, basis) for s, r in zip(game.players, raw, strict=False)
                         if s is not None and isinstance(r, dict) and r.get("final_route") is None})
            known = remembered_routes(keys.values())
        key = keys.get(id(sheet))
        hit = known.get(key) if key is not None else None
        if hit is not None:
            return hit
        if key is not None:
            if STORE_AFTER > 0:
                # Only searches longer than STORE_AFTER are stored: one proven within it needs no database.
                choice = budget.probe(ctx, sheet, STORE_AFTER)
                if choice.proven:
                    found[key] = choice
                    return choice
            stored = cached_routes([key]).get(key)
            if stored is not None:
                return stored
        started = time.perf_counter()
        choice = budget.chooser(ctx, sheet)
        if key is not None:
            found[key] = choice
            if time.perf_counter() - started >= STORE_AFTER:
                slow.add(key)
        return choice

    result = {"format": SCORE_FORMAT, "players": [r.to_json() for r in score_players(game, chooser=choose)]}
    remember_routes({k: c for k, c in found.items() if k in slow}, memo_only={k: c for k, c in found.items()
                                                                              if k not in slow})
    return result


# A search quicker than this is cheaper to run again than to write to the database and read back: it is only
# remembered in this server's memory, and a route not in memory is first searched this long before the database
# is asked (a wasted quick try only for a long search no server has stored yet).
STORE_AFTER = 0.02


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
