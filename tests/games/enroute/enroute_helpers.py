"""Helpers shared by the engine tests (a uniquely named module, so test folders never import each other's)."""

from __future__ import annotations

import copy
import json
from pathlib import Path

GAMES = Path(__file__).with_name("games")


def game_files() -> list[Path]:
    """Return the known-answer game documents."""
    return sorted(p for p in GAMES.glob("*.json") if not p.name.endswith(".expect.json"))


def load(path: Path) -> dict:
    """Read a JSON file."""
    return json.loads(path.read_text(encoding="utf-8"))


def sheet(**overrides) -> dict:
    """Return a minimal valid training-city player sheet with overrides."""
    doc = {"format": "enroute-sheet/1", "player": "Aki", "player_board": 1,
           "sections": [[[0, 0], [1, 0]], [[1, 0], [2, 0]]], "final_route": [[0, 0], [1, 0], [2, 0]],
           "tourists": [{"at": [1, 1], "green": 2}], "cafes": [], "personal_goal": [[0, 0], [2, 0], [6, 6]]}
    doc.update(overrides)
    return doc


def game(*sheets: dict, **overrides) -> dict:
    """Return a training-city game around the given sheets."""
    doc = {"format": "enroute-game/1", "board": "training-city", "level": "full", "ratings": {}, "goals": [],
           "players": [copy.deepcopy(s) for s in sheets] or [sheet()]}
    doc.update(overrides)
    return doc
