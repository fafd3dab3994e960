"""Fixtures for the refereed-game tests: an app with a fresh database per test (CSRF off unless asked)."""

from __future__ import annotations

import pytest
from play_helpers import make_app


@pytest.fixture
def app(tmp_path):
    """An app with CSRF checks off (the CSRF test makes its own)."""
    return make_app(tmp_path)


@pytest.fixture
def client(app):
    """A test client for the app."""
    return app.test_client()
