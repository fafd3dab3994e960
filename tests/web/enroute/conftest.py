"""Fixtures for the web tests: an app with a fresh temporary database and instance folder per test."""

from __future__ import annotations

import re

import pytest
from web_helpers import table_form_data

from companion.web.core.app import create_app


@pytest.fixture
def app(tmp_path):
    """Create an app whose database and board library live in a temporary folder."""
    app = create_app({"TESTING": True, "SECRET_KEY": "test", "WTF_CSRF_ENABLED": False,
                      "DATABASE": str(tmp_path / "test.sqlite"), "BOARD_LIBRARY": str(tmp_path / "boards"),
                      "SERVER_NAME": "table.test",
                      # Score pages search inline unless a test asks for background searches (a loaded machine
                      # must not turn a small sheet's page into a progress page); idle solver threads end soon.
                      "SOLVER_INLINE_LIMIT": 3.0, "ROUTE_WORKER_IDLE": 5})
    yield app


@pytest.fixture
def client(app):
    """A test client for the app."""
    return app.test_client()


@pytest.fixture
def runner(app):
    """A CLI runner for the app's commands."""
    return app.test_cli_runner()


@pytest.fixture
def make_table(client):
    """Create a table through the form and return its token."""

    def make(**overrides) -> str:
        """Post the start-a-table form and follow nothing: return the new table's token."""
        response = client.post("/tables/new", data=table_form_data(**overrides))
        assert response.status_code == 302, response.get_data(as_text=True)[:2000]
        match = re.search(r"/tables/([A-Za-z0-9_-]+)$", response.headers["Location"])
        assert match
        return match.group(1)

    return make
