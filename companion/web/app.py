"""The Flask application factory."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from flask import Flask

ROOT = Path(__file__).resolve().parents[2]


def create_app(test_config: Mapping[str, Any] | None = None) -> Flask:
    """Create and configure the app; `test_config` overrides the defaults."""
    app = Flask("companion", instance_relative_config=True, template_folder=str(ROOT / "templates"),
                static_folder=str(Path(__file__).with_name("static")))
    app.config.from_mapping(
        SECRET_KEY=os.environ.get("SECRET_KEY", "dev-only-change-me"),
        DATABASE=os.path.join(app.instance_path, "companion.sqlite"),
        BOARD_LIBRARY=os.path.join(app.instance_path, "boards"),
        MAX_CONTENT_LENGTH=2 * 1024 * 1024,
        SOLVER_TIME_LIMIT=3.0,  # seconds per companion-chosen route; the answer says if it is proven
    )
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
    else:
        app.config.from_mapping(test_config)
    app.json.sort_keys = False  # keep the interchange formats' key order
    os.makedirs(app.instance_path, exist_ok=True)

    from . import api, boards, db, errors, home, play, tables

    db.init_app(app)
    app.register_blueprint(home.bp)
    app.register_blueprint(api.bp)
    app.register_blueprint(boards.bp)
    app.register_blueprint(tables.bp)
    app.register_blueprint(play.bp)
    errors.register(app)
    return app
