"""Helpers shared by the web tests (a uniquely named module, not conftest, so folders never clash)."""

from __future__ import annotations


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
