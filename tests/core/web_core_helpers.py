"""Helpers of the core web tests (uniquely named so folders never import each other's conftest)."""

from __future__ import annotations

import re


def start_table(client) -> str:
    """Start a two-player En Route table through its form and return the table's token."""
    data = {"lang": "en", "board": "training-city", "level": "full",
            "players-0-name": "Aki", "players-0-colour": "red", "players-0-player_board": "1",
            "players-1-name": "Ben", "players-1-colour": "blue", "players-1-player_board": "2",
            "players-2-name": "", "players-2-colour": "green", "players-2-player_board": "random",
            "players-3-name": "", "players-3-colour": "yellow", "players-3-player_board": "random",
            "rating_0": "0", "rating_1": "0", "rating_2": "0"}
    for i in range(3):
        data.update({f"goals-{i}-choice": "none", f"goals-{i}-name": "", f"goals-{i}-metric": "route_length",
                     f"goals-{i}-sign": "+", f"goals-{i}-threshold": "", f"goals-{i}-winner_pp": "",
                     f"goals-{i}-achiever_pp": ""})
    response = client.post("/tables/new", data=data)
    assert response.status_code == 302, response.get_data(as_text=True)[:1500]
    return re.search(r"/tables/([A-Za-z0-9_-]+)$", response.headers["Location"]).group(1)
