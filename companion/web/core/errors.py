"""Error pages that answer JSON to API clients and HTML to people."""

from __future__ import annotations

from flask import Flask, Response, abort, jsonify, render_template, request
from flask.globals import request_ctx
from werkzeug.exceptions import HTTPException

from .i18n import _


def wants_json() -> bool:
    """Tell whether the client asked for JSON (API paths always do)."""
    if request.path.startswith("/api/"):
        return True
    best = request.accept_mimetypes.best_match(["application/json", "text/html"])
    return best == "application/json" and request.accept_mimetypes[best] > request.accept_mimetypes["text/html"]


def register(app: Flask) -> None:
    """Install the error handlers."""

    @app.before_request
    def no_nul_in_addresses():
        """Answer 404 for an address holding a NUL character: no page has one, and PostgreSQL text refuses it."""
        if "\x00" in request.path:
            abort(404, description="No page has this address.")

    @app.errorhandler(413)
    def too_large(exc: HTTPException):
        """Say how big a request may be (a pasted or uploaded document too large)."""
        limit = app.config.get("MAX_CONTENT_LENGTH") or 0
        exc.description = (f"The request is too large: at most {limit // 1024} KiB may be sent at once. "
                           "Nothing was saved.")
        return http_error(exc)

    @app.errorhandler(429)
    def too_many(exc: HTTPException):
        """A rate limit reached (core/limits.py): its message says what to do; nothing was done."""
        if not exc.description or exc.description == exc.__class__.description:
            exc.description = _("Too many requests from this network. Please wait a while and try again.")
        return http_error(exc)

    @app.errorhandler(HTTPException)
    def http_error(exc: HTTPException):
        """Answer an HTTP error in the client's format."""
        if request_ctx.url_adapter is None:  # an untrusted Host: no links can be built, so no page shell
            return Response(f"{exc.code} {exc.name}: {exc.description}\n", exc.code, mimetype="text/plain")
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
