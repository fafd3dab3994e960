"""Fixtures for the Thurn und Taxis web tests: an app with a fresh temporary database per test."""

from __future__ import annotations

import pytest

from companion.web.core.app import create_app


@pytest.fixture
def app(tmp_path):
    """Create an app whose database lives in a temporary folder (CSRF off: one test turns it on)."""
    return create_app({"TESTING": True, "SECRET_KEY": "test", "WTF_CSRF_ENABLED": False,
                       "DATABASE": str(tmp_path / "taxis.sqlite"), "BOARD_LIBRARY": str(tmp_path / "boards")})


@pytest.fixture
def client(app):
    """A test client for the app (one phone)."""
    return app.test_client()
