"""Fixtures of the game night tests: an app with its own temporary database per test."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from companion.web.core.app import create_app

WELCOME_GAMES = Path(__file__).resolve().parents[1] / "games" / "welcome_to" / "games"


@pytest.fixture
def app(tmp_path):
    """An app with CSRF off (one test turns it on) and a throwaway database."""
    return create_app({"TESTING": True, "SECRET_KEY": "t", "WTF_CSRF_ENABLED": False,
                       "DATABASE": str(tmp_path / "t.sqlite"), "BOARD_LIBRARY": str(tmp_path / "boards")})


@pytest.fixture
def client(app):
    """A test client (one phone: it keeps its cookies)."""
    return app.test_client()


def welcome_doc(name: str = "four-players") -> dict:
    """A known finished Welcome To... game (the engine's known-answer files)."""
    return json.loads((WELCOME_GAMES / f"{name}.json").read_text())


def finished_welcome_table(client, name: str = "four-players") -> str:
    """A finished Welcome To... table, made by importing a known game; its table id."""
    response = client.post("/welcome-to/import", data={"text": json.dumps(welcome_doc(name))})
    assert response.status_code == 302, response.get_data(as_text=True)[:2000]
    return re.search(r"/welcome-to/t/([A-Za-z0-9_-]+)/score$", response.headers["Location"]).group(1)


def new_group_from(client, table_id: str, name: str = "Friday") -> str:
    """Keep a finished Welcome To... table in a new group (one tap); the group's id."""
    response = client.post(f"/plays/keep/welcome-to/{table_id}", data={"action": "new", "name": name})
    assert response.status_code == 302, response.get_data(as_text=True)[:2000]
    return re.search(r"/plays/g/([A-Za-z0-9_-]+)$", response.headers["Location"]).group(1)


def finished_ttr_table(client, end: bool = True) -> str:
    """A Ticket to Ride: Europe table of Aki and Ben, both entered through their seats' forms, ended by
    the host; its table id."""
    data = {"variant": "base"}
    for k, (name, colour) in enumerate([("Aki", "red"), ("Ben", "blue"), ("", "green"), ("", "yellow"),
                                        ("", "black")]):
        data[f"players-{k}-name"], data[f"players-{k}-colour"] = name, colour
    response = client.post("/ttr-europe/new", data=data)
    assert response.status_code == 302, response.get_data(as_text=True)[:2000]
    table_id = re.search(r"/ttr-europe/t/([A-Za-z0-9_-]+)$", response.headers["Location"]).group(1)
    entries = [{"route": ["28", "19"], "ticket": ["Paris|Wien"], "station-0-city": "Frankfurt",
                "station-0-borrows": "2"}, {"route": ["2"]}]
    for seat, entry in enumerate(entries):
        claimed = client.post(f"/ttr-europe/t/{table_id}/seats/{seat}/claim")
        token = re.search(r"/ttr-europe/s/([A-Za-z0-9_-]+)$", claimed.headers["Location"]).group(1)
        saved = client.post(f"/ttr-europe/s/{token}", data={"version": "0", **entry})
        assert saved.status_code == 302, saved.get_data(as_text=True)[-2000:]
    if end:
        assert client.post(f"/ttr-europe/t/{table_id}/end").status_code == 302
    return table_id
