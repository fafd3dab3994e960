"""Home page: what the companion does and where to go."""

from __future__ import annotations

from flask import Blueprint, render_template

from ...games.enroute import shipped_boards

bp = Blueprint("home", __name__)


@bp.get("/")
def index():
    """Show the home page."""
    return render_template("core/home/index.html", boards=shipped_boards())
