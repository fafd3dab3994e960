"""Fixtures of the Ticket to Ride: Europe web tests: an app with a fresh database and instance folder per test."""

from __future__ import annotations

import pytest

from companion.web.core.app import create_app


@pytest.fixture
def app(tmp_path):
    """An app whose database lives in a temporary folder, CSRF off (one test turns it on)."""
    return create_app({"TESTING": True, "SECRET_KEY": "t", "WTF_CSRF_ENABLED": False,
                       "DATABASE": str(tmp_path / "t.sqlite"), "BOARD_LIBRARY": str(tmp_path / "boards")})


@pytest.fixture
def client(app):
    """A test client (one phone: its own cookies)."""
    return app.test_client()


@pytest.fixture
def base_url(live_server, tmp_path):
    """Serve a fresh app (CSRF on, as in production) and return its address (the browser tests' server)."""
    app = create_app({"SECRET_KEY": "browser", "DATABASE": str(tmp_path / "b.sqlite"),
                      "BOARD_LIBRARY": str(tmp_path / "boards")})
    return live_server(app)
