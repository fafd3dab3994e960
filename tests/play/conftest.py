"""Fixtures for the refereed-game tests: an app with a fresh database per test (CSRF off unless asked)."""

from __future__ import annotations

import pytest

from companion.web.app import create_app


def make_app(tmp_path, csrf: bool = False):
    """Create an app whose database and board library live in a temporary folder."""
    return create_app({"TESTING": True, "SECRET_KEY": "test", "WTF_CSRF_ENABLED": csrf,
                       "DATABASE": str(tmp_path / "play.sqlite"), "BOARD_LIBRARY": str(tmp_path / "boards"),
                       "SERVER_NAME": "table.test"})


@pytest.fixture
def app(tmp_path):
    """An app with CSRF checks off (the CSRF test makes its own)."""
    return make_app(tmp_path)


@pytest.fixture
def client(app):
    """A test client for the app."""
    return app.test_client()
