"""Helpers of the Explore New York web tests: a fresh app, a table made through the form, example drafts."""

from __future__ import annotations

import json
import re
from pathlib import Path

from companion.web.core.app import create_app

GAMES = Path(__file__).resolve().parents[2] / "games" / "explore_new_york" / "games"


def make_app(tmp_path, **config):
    """An app on a fresh instance folder (CSRF off unless asked)."""
    settings = {"TESTING": True, "SECRET_KEY": "t", "WTF_CSRF_ENABLED": False,
                "DATABASE": str(tmp_path / "t.sqlite"), "BOARD_LIBRARY": str(tmp_path / "boards"), **config}
    return create_app(settings)


def form_data(*seats: tuple[str, str], share: bool = False) -> dict:
    """The start-a-table form for some (name, tile) seats; the other seats left empty."""
    data = {}
    for i in range(4):
        name, tile = seats[i] if i < len(seats) else ("", "random")
        data[f"players-{i}-name"] = name
        data[f"players-{i}-tile"] = tile
    if share:
        data["share_markers"] = "y"
    return data


def start_table(client, *seats: tuple[str, str]) -> str:
    """Start a table through the form; return its path."""
    response = client.post("/explore-new-york/tables/new", data=form_data(*(seats or (("Max", "riverside"),
                                                                                        ("Lena", "parkside")))))
    assert response.status_code == 302, response.data[:500]
    path = response.headers["Location"]
    assert re.fullmatch(r"/explore-new-york/tables/[A-Za-z0-9_-]{16,}", path)
    return path


def seed_draft() -> dict:
    """Max's markings from the seed-example known-answer game (82 PP on Riverside)."""
    player = json.loads((GAMES / "seed-example-82.json").read_text())["players"][0]
    return {k: player[k] for k in ("sections", "tourists", "cafes", "final_route")}


def save(client, path: str, seat: int, draft: dict, version: int, mode: str | None = None):
    """Post a sheet."""
    data = {"sheet": json.dumps(draft), "version": str(version)}
    if mode:
        data["route_mode"] = mode
    return client.post(f"{path}/players/{seat}", data=data)
