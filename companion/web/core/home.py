"""The home page (choose a game, start or join a table, recent tables), joining by code, and "About and formats"."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from flask import Blueprint, current_app, g, redirect, render_template, request, url_for

from ...games.registry import games
from . import db, limits
from .i18n import _, current_lang
from .security import loads

bp = Blueprint("home", __name__)
RECENT_COOKIE = "recent_tables"
RECENT_MAX = 6


def remember_table(path: str) -> None:
    """Note that this phone opened a table (by its path): it shows under "Recent tables" on the home page."""
    g.remember_table = path


def _recent_codes() -> list[str]:
    """Return the codes in this phone's recent-tables cookie, newest first (junk ignored)."""
    codes, problem = loads(request.cookies.get(RECENT_COOKIE, "[]"))
    if problem is not None:
        return []
    return [c for c in codes if isinstance(c, str) and len(c) <= 12][:RECENT_MAX] if isinstance(codes, list) else []


@bp.after_app_request
def _store_recent(response):
    """Put the table this page showed at the front of the phone's recent list (its codes are keys: HttpOnly)."""
    path = g.pop("remember_table", None)
    if path and response.status_code == 200:
        row = db.code_for_path(path)
        if row is not None:
            code = db.normalise_code(row["code"])
            codes = [code, *[c for c in _recent_codes() if c != code]][:RECENT_MAX]
            response.set_cookie(RECENT_COOKIE, json.dumps(codes), max_age=180 * 24 * 3600, samesite="Lax",
                                httponly=True, secure=bool(current_app.config.get("SESSION_COOKIE_SECURE")))
    return response


def _entries() -> list:
    """The games with a home-page entry, in their order."""
    webs = current_app.extensions.get("companion.games", [])
    return sorted((w for w in webs if w.home is not None), key=lambda w: (w.home.order, w.game_id))


def _home(code: str = "", join_error: str | None = None, status: int = 200):
    """Render the home page, keeping a typed code and its error."""
    recent = [row for row in (db.find_table_code(c) for c in _recent_codes()) if row is not None]
    return render_template("core/home/index.html", entries=_entries(), recent=recent, code=code,
                           join_error=join_error), status


@bp.get("/")
def index():
    """Show the home page."""
    return _home()


@bp.get("/join")
@limits.joins
def join():
    """Go to the table a typed code names, or say why not (the typed code stays in the field)."""
    typed = request.args.get("code", "")
    code = db.normalise_code(typed)
    if not code:
        return _home(typed, _("Type the table's code: eight letters and digits, shown on the table's page."), 400)
    row = db.find_table_code(code)
    if row is None:
        return _home(typed, _("No table has the code {code}. Check it on the table's page.", code=code), 404)
    return redirect(row["path"])


@bp.get("/about")
def about():
    """Developer material: the games' formats, the command line and the API."""
    return render_template("core/home/about.html", games=games(),
                           webs=current_app.extensions.get("companion.games", []))


SHELL_CACHE = "companion-shell-v1"


def _static_digest() -> str:
    """A short digest of the contents of every static folder (the app's and each blueprint's), computed once."""
    digest = current_app.extensions.get("static_digest")
    if digest is None:
        folders = [current_app.static_folder] + [bp.static_folder for bp in current_app.blueprints.values()
                                                  if bp.static_folder]
        h = hashlib.sha256()
        for folder in sorted(set(folders)):
            for path in sorted(Path(folder).rglob("*")):
                if path.is_file():
                    h.update(str(path.relative_to(folder)).encode())
                    h.update(path.read_bytes())
        digest = current_app.extensions["static_digest"] = h.hexdigest()[:12]
    return digest


@bp.get("/sw.js")
def service_worker():
    """The service worker, served from the site's root so it may look after every page.

    Its cache name carries a digest of every static file the app serves, so a phone that kept the old
    scripts and styles installs the new worker and drops the old copies as soon as any of them changes.
    """
    text = Path(current_app.static_folder, "sw.js").read_text(encoding="utf-8")
    response = current_app.response_class(text.replace(SHELL_CACHE, f"{SHELL_CACHE}-{_static_digest()}"),
                                          mimetype="text/javascript")
    response.headers["Cache-Control"] = "no-cache"
    response.headers["Service-Worker-Allowed"] = "/"
    return response


@bp.get("/manifest.webmanifest")
def manifest():
    """The installable web app's manifest, in the phone's language."""
    body = {"name": _("Table companion"), "short_name": _("Companion"), "start_url": "/", "display": "standalone",
            "background_color": "#1d2a44", "theme_color": "#1d2a44", "lang": current_lang(),
            "icons": [{"src": url_for("static", filename=f"icon-{n}.png"), "sizes": f"{n}x{n}",
                       "type": "image/png", "purpose": "any"} for n in (192, 512)]}
    return current_app.response_class(json.dumps(body, ensure_ascii=False), mimetype="application/manifest+json")
