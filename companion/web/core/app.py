"""The Flask application factory."""

from __future__ import annotations

import os
import secrets
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from flask import Flask

ROOT = Path(__file__).resolve().parents[3]


def _instance_secret(instance_path: str) -> str:
    """Return this instance's own secret key, creating it once (never a key shared by every install)."""
    path = os.path.join(instance_path, "secret_key")
    try:
        with open(path, encoding="ascii") as handle:
            key = handle.read().strip()
        if key:
            return key
    except OSError:
        pass
    key = secrets.token_hex(32)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="ascii") as handle:
        handle.write(key)
    return key


def create_app(test_config: Mapping[str, Any] | None = None) -> Flask:
    """Create and configure the app; `test_config` overrides the defaults."""
    app = Flask("companion", instance_relative_config=True, template_folder=str(ROOT / "templates"),
                static_folder=str(Path(__file__).with_name("static")))
    app.config.from_mapping(
        SECRET_KEY=os.environ.get("SECRET_KEY"),
        DATABASE=os.path.join(app.instance_path, "companion.sqlite"),
        BOARD_LIBRARY=os.path.join(app.instance_path, "boards"),
        MAX_CONTENT_LENGTH=2 * 1024 * 1024,
        SOLVER_TIME_LIMIT=3.0,  # seconds per companion-chosen route; the answer says if it is proven
        SOLVER_REQUEST_LIMIT=6.0,  # seconds for all route searches of one request (or one score page)
    )
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
    else:
        app.config.from_mapping(test_config)
    app.json.sort_keys = False  # keep the interchange formats' key order
    os.makedirs(app.instance_path, exist_ok=True)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = _instance_secret(app.instance_path)

    from . import api, bodies, compression, db, errors, home, i18n, limits, plays, security, tables
    from .plugins import game_webs
    from .tables import host as table_host

    db.init_app(app)
    tables.init_app(app)
    i18n.init_app(app)
    security.init_app(app)
    bodies.init_app(app)
    compression.init_app(app)
    app.register_blueprint(home.bp)
    app.register_blueprint(api.bp)
    plays.init_app(app)
    webs = game_webs()
    for web in webs:
        app.register_blueprint(web.blueprint)
    app.extensions["companion.games"] = webs
    limits.init_app(app)  # after every blueprint: it wraps the marked views
    errors.register(app)
    table_host.init_app(app)  # after the body and address checks: a bad body or address answers first
    return app
