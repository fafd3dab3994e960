"""Table companion: scoring companion and rules checker for route-drawing and roll-and-write games.

`create_app` is imported on first use, so the command line (`python -m companion`) never loads Flask.
"""

from __future__ import annotations

from typing import Any

__all__ = ["create_app"]


def __getattr__(name: str) -> Any:
    """Load the web app factory only when something asks for it (gunicorn, flask, tests)."""
    if name == "create_app":
        from .web.core.app import create_app

        return create_app
    raise AttributeError(f"module 'companion' has no attribute {name!r}")
