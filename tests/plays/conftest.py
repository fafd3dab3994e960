"""Fixtures of the game night tests: an app with its own temporary database per test."""

from __future__ import annotations

import pytest

from companion.web.core.app import create_app


@pytest.fixture
def app(tmp_path):
    """An app with CSRF off (one test turns it on) and a throwaway database."""
    return create_app({"TESTING": True, "SECRET_KEY": "t", "WTF_CSRF_ENABLED": False,
                       "DATABASE": str(tmp_path / "t.sqlite"), "BOARD_LIBRARY": str(tmp_path / "boards")})


@pytest.fixture
def client(app):
    """A test client (one phone: it keeps its cookies)."""
    return app.test_client()
