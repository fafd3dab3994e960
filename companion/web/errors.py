"""Error pages that answer JSON to API clients and HTML to people."""

from __future__ import annotations

from flask import Flask, jsonify, render_template, request
from werkzeug.exceptions import HTTPException


def wants_json() -> bool:
    """Tell whether the client asked for JSON (API paths always do)."""
    if request.path.startswith("/api/"):
        return True
    best = request.accept_mimetypes.best_match(["application/json", "text/html"])
    return best == "application/json" and request.accept_mimetypes[best] > request.accept_mimetypes["text/html"]


def register(app: Flask) -> None:
    """Install the error handlers."""

    @app.errorhandler(HTTPException)
    def http_error(exc: HTTPException):
        """Answer an HTTP error in the client's format."""
        if wants_json():
            body = {"problems": [{"severity": "error", "code": f"http-{exc.code}", "path": "",
                                  "message": exc.description}]}
            return jsonify(body), exc.code
        return render_template("errors/error.html", error=exc), exc.code

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
        return render_template("errors/error.html", error=None, message=message), 500
