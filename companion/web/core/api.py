"""The shared JSON API: `POST /api/score` scores any registered game's document, dispatching on its `format`."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, current_app, jsonify, request

from ...games.core.engine import NotAGameDocument, ScoreOptions, has_error_problems
from ...games.registry import games, score_document
from .security import loads

bp = Blueprint("api", __name__, url_prefix="/api")


def problem(code: str, message: str, path: str = "") -> dict:
    """Build one error problem of the interchange formats."""
    return {"severity": "error", "code": code, "path": path, "message": message}


def read_json_body() -> tuple[Any, tuple | None]:
    """Return the request's JSON body, or an answer (400 with a problem) when it is not JSON text."""
    raw = request.get_data(cache=False)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        return None, (jsonify({"problems": [problem("bad-json", "The body is not UTF-8 text.")]}), 400)
    value, message = loads(text)
    if message is not None:
        return None, (jsonify({"problems": [problem("bad-json", "The body cannot be read. " + message)]}), 400)
    return value, None


def score_options() -> ScoreOptions:
    """The app's settings for scoring: its board library and its search time limit."""
    return ScoreOptions(library=current_app.config.get("BOARD_LIBRARY"),
                        time_limit=current_app.config.get("SOLVER_TIME_LIMIT"),
                        request_time_limit=current_app.config.get("SOLVER_REQUEST_LIMIT"))


def scored_answer(doc: Any, scorer=score_document):
    """Score a document and answer 200, 422 with its problems, or 422 when it is no game document."""
    try:
        result = scorer(doc, score_options())
    except NotAGameDocument as exc:
        return jsonify({"problems": [problem("not-a-game", str(exc))]}), 422
    return jsonify(result), 422 if has_error_problems(result) else 200


def _web_scorer(doc: Any):
    """The scorer a game's web layer registered for this document's format (e.g. with saved boards), if any."""
    fmt = doc.get("format") if isinstance(doc, dict) else None
    for web in current_app.extensions.get("companion.games", []):
        if isinstance(fmt, str) and fmt in web.web_scorers:
            return web.web_scorers[fmt]
    return score_document


@bp.post("/score")
def score():
    """Score any registered game's document; answer its score document."""
    doc, refused = read_json_body()
    return refused or scored_answer(doc, _web_scorer(doc))


@bp.get("/games")
def game_list():
    """List the registered games and the document formats each reads and writes."""
    return jsonify({"games": [{"id": g.id, "name": g.name, "formats": list(g.formats),
                               "output_formats": list(g.output_formats)} for g in games()]})
