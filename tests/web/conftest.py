"""Fixtures for the web tests: an app with a fresh temporary database and instance folder per test."""

from __future__ import annotations

import re

import pytest

from companion.web.app import create_app


@pytest.fixture
def app(tmp_path):
    """Create an app whose database and board library live in a temporary folder."""
    app = create_app({"TESTING": True, "SECRET_KEY": "test", "WTF_CSRF_ENABLED": False,
                      "DATABASE": str(tmp_path / "test.sqlite"), "BOARD_LIBRARY": str(tmp_path / "boards"),
                      "SERVER_NAME": "table.test"})
    yield app


@pytest.fixture
def client(app):
    """A test client for the app."""
    return app.test_client()


@pytest.fixture
def runner(app):
    """A CLI runner for the app's commands."""
    return app.test_cli_runner()


def table_form_data(**overrides) -> dict:
    """Return a valid start-a-table post for the Training City: two players, full game, no goal cards."""
    data = {"lang": "en", "board": "training-city", "level": "full",
            "players-0-name": "Aki", "players-0-colour": "red", "players-0-player_board": "1",
            "players-1-name": "Bo", "players-1-colour": "blue", "players-1-player_board": "2",
            "players-2-name": "", "players-2-colour": "green", "players-2-player_board": "random",
            "players-3-name": "", "players-3-colour": "yellow", "players-3-player_board": "random",
            "rating_0": "0", "rating_1": "0", "rating_2": "3"}
    for deck in range(3):
        data.update({f"goals-{deck}-choice": "none", f"goals-{deck}-name": "", f"goals-{deck}-metric": "route_length",
                     f"goals-{deck}-sign": "+", f"goals-{deck}-threshold": "", f"goals-{deck}-winner_pp": "",
                     f"goals-{deck}-achiever_pp": ""})
    data.update(overrides)
    return {k: v for k, v in data.items() if v is not None}


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
