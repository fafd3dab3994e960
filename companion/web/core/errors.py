"""Error pages that answer JSON to API clients and HTML to people."""

from __future__ import annotations

from flask import Flask, abort, jsonify, render_template, request
from werkzeug.exceptions import HTTPException


def wants_json() -> bool:
    """Tell whether the client asked for JSON (API paths always do)."""
    if request.path.startswith("/api/"):
        return True
    best = request.accept_mimetypes.best_match(["application/json", "text/html"])
    return best == "application/json" and request.accept_mimetypes[best] > request.accept_mimetypes["text/html"]


def register(app: Flask) -> None:
    """Install the error handlers."""

    @app.before_request
    def json_bodies_are_objects():
        """Refuse a JSON body that is not an object outside the API.

        Flask-WTF reads a JSON body as form data and would crash on `false` or
        `[1]`; the API reads its own bodies and explains them itself.
        """
        if request.method == "POST" and request.is_json and not request.path.startswith("/api/"):
            body = request.get_json(silent=True)
            if body is not None and not isinstance(body, dict):
                abort(400, description="Send a form, or a JSON object: this JSON body is not an object.")

    @app.errorhandler(HTTPException)
    def http_error(exc: HTTPException):
        """Answer an HTTP error in the client's format."""
        if wants_json():
            body = {"problems": [{"severity": "error", "code": f"http-{exc.code}", "path": "",
                                  "message": exc.description}]}
            return jsonify(body), exc.code
        return render_template("core/errors/error.html", error=exc), exc.code

    @app.errorhandler(Exception)
    def unexpected(exc: Exception):
        """Never show a traceback: log it and answer a plain 500."""
        if isinstance(exc, HTTPException):
            return http_error(exc)
        app.logger.exception("Unhandled error")
        message = "Something went wrong on our side; what you entered is kept. Please try again."
        if wants_json():
            return jsonify({"problems": [{"severity": "error", "code": "internal", "path": "",
                                          "message": message}]}), 500
        return render_template("core/errors/error.html", error=None, message=message), 500
