"""What every response and every shared link needs to be safe: headers, cookies, trusted links, sane JSON.

- Headers: a Content-Security-Policy with no inline scripts (styles may be inline: game cards carry
  their box colours), `frame-ancestors 'none'`, `nosniff`, and a referrer policy that keeps table
  links (which are the tables' keys) out of other sites' logs.
- Shared links and QR codes use `PUBLIC_URL` when it is set, never a Host header a client made up;
  `TRUSTED_HOSTS` (Flask's) refuses requests for other host names; with neither, the app warns when it starts.
- Behind proxies, `PROXY_HOPS=<n>` takes the client's address and scheme from their `X-Forwarded-*` headers.
- JSON: `loads` says why a text is not readable JSON (nested too deeply included), never a crash; the
  bodies themselves are checked in `bodies`.
"""

from __future__ import annotations

import json
import os
from typing import Any

from flask import Flask, current_app, request, url_for

CSP = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
       "connect-src 'self'; manifest-src 'self'; worker-src 'self'; object-src 'none'; base-uri 'self'; "
       "form-action 'self'; frame-ancestors 'none'")


def loads(text: str | bytes) -> tuple[Any, str | None]:
    """Parse JSON text; return (value, None) or (None, a message saying why it is not readable JSON)."""
    try:
        return json.loads(text), None
    except UnicodeDecodeError:
        return None, "The text is not UTF-8."
    except json.JSONDecodeError as exc:
        return None, f"It is not JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}."
    except RecursionError:
        return None, "It is nested too deeply to read (more than about 900 levels of [ or {)."
    except ValueError as exc:
        return None, f"It is not JSON: {exc}."


def public_url(endpoint: str, **values: Any) -> str:
    """An absolute link to share (table link, QR code, seat link): `PUBLIC_URL` when set, else this request's host."""
    base = current_app.config.get("PUBLIC_URL")
    if base:
        return base.rstrip("/") + url_for(endpoint, **values)
    return url_for(endpoint, _external=True, **values)


def _headers(response):
    """Add the security headers to every response."""
    response.headers.setdefault("Content-Security-Policy", CSP)
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    response.headers.setdefault("X-Frame-Options", "DENY")
    response.headers.setdefault("Referrer-Policy", "same-origin")
    return response


def init_app(app: Flask) -> None:
    """Install headers, cookie flags and the settings read from the environment."""
    app.config.setdefault("PUBLIC_URL", os.environ.get("PUBLIC_URL"))
    hosts = os.environ.get("TRUSTED_HOSTS")
    if hosts and not app.config.get("TRUSTED_HOSTS"):
        app.config["TRUSTED_HOSTS"] = [h.strip() for h in hosts.split(",") if h.strip()]
    app.config["SESSION_COOKIE_HTTPONLY"] = True
    if not app.config.get("SESSION_COOKIE_SAMESITE"):
        app.config["SESSION_COOKIE_SAMESITE"] = "Lax"
    if os.environ.get("HTTPS") == "1":  # behind an HTTPS proxy: cookies only over HTTPS
        app.config["SESSION_COOKIE_SECURE"] = True  # (Flask's defaults hold False: a setdefault never took)
    hops = small_int(str(app.config.get("PROXY_HOPS") or os.environ.get("PROXY_HOPS") or "0"), 0)
    if hops:  # behind that many proxies: the client's address (rate limits) and scheme come from their headers
        from werkzeug.middleware.proxy_fix import ProxyFix

        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=hops, x_proto=hops)
    if not app.testing and not app.config.get("PUBLIC_URL") and not app.config.get("TRUSTED_HOSTS"):
        app.logger.warning("Share links and QR codes are built from each request's Host header, which a client "
                           "chooses: set PUBLIC_URL (e.g. https://companion.example) or TRUSTED_HOSTS.")
    app.after_request(_headers)


MAX_NUMBER = 2 ** 31 - 1  # every id, seat, version and count the pages send fits; larger is junk


def small_int(text: Any, default: int | None = None) -> int | None:
    """Read a typed whole number: ASCII digits only and at most MAX_NUMBER, else `default` (never raises)."""
    if isinstance(text, int) and not isinstance(text, bool):
        return text if 0 <= text <= MAX_NUMBER else default
    if not isinstance(text, str) or not text.isascii() or not text.isdigit() or len(text) > 10:
        return default
    value = int(text)
    return value if value <= MAX_NUMBER else default


def loopback_share_hint() -> dict | None:
    """When share links would point at this machine only (127.0.0.1, localhost), say how to share instead.

    Returns None when links are fine; else the host shown and the machine's network address when known.
    """
    if current_app.config.get("PUBLIC_URL"):
        return None
    host = request.host.rsplit(":", 1)[0].strip("[]") if request.host else ""
    if host not in ("127.0.0.1", "localhost", "::1") and not host.startswith("127."):
        return None
    import socket

    try:
        address = socket.gethostbyname(socket.gethostname())
    except OSError:
        address = ""
    port = request.host.rsplit(":", 1)[1] if ":" in request.host and not request.host.endswith("]") else "5000"
    lan = f"http://{address}:{port}" if address and not address.startswith("127.") else ""
    return {"host": host, "lan": lan}


def csrf_header_ok() -> bool:
    """Check the `X-CSRFToken` header of a JSON request a page sends with its form's token (CSRF off in tests)."""
    from flask_wtf.csrf import ValidationError, validate_csrf

    if not current_app.config.get("WTF_CSRF_ENABLED", True):
        return True
    try:
        validate_csrf(request.headers.get("X-CSRFToken"))
    except ValidationError:
        return False
    return True
