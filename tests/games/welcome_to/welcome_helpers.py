"""Builders for Welcome To... test documents and readers for their score documents."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

GAMES = Path(__file__).resolve().parent / "games"
SIZES = (10, 11, 12)


def game_files() -> list[Path]:
    """The known-answer game files (each has a `.expect.json` beside it)."""
    return sorted(p for p in GAMES.glob("*.json") if not p.name.endswith(".expect.json"))


def load(path: Path) -> Any:
    """Read a JSON file."""
    return json.loads(path.read_text(encoding="utf-8"))


def known(stem: str) -> dict:
    """A deep copy of one known-answer game, to change in a test."""
    return copy.deepcopy(load(GAMES / f"{stem}.json"))


def empty_streets() -> list[list[Any]]:
    """Three empty streets."""
    return [[None] * n for n in SIZES]


def player(name: str = "Aki", **fields: Any) -> dict:
    """A player's sheet: empty unless fields are given."""
    sheet: dict[str, Any] = {"player": name, "streets": empty_streets(), "fences": [[], [], []], "pools": [],
                             "parks": [0, 0, 0], "estate_values": {}, "temps": 0, "refusals": 0, "plans": []}
    sheet.update(fields)
    return sheet


def game(*players: dict, mode: str = "standard", intermediate: bool = False, plans: list[int] | None = None) -> dict:
    """A game document around some players."""
    return {"format": "welcome-to-game/1", "mode": mode, "intermediate": intermediate,
            "plans": [1, 7, 13] if plans is None else plans, "players": list(players) or [player()]}


def street(*values: Any, size: int) -> list[Any]:
    """A street of `size` houses starting with `values`, the rest empty."""
    return [*values, *([None] * (size - len(values)))]


def streets(first: tuple = (), second: tuple = (), third: tuple = ()) -> list[list[Any]]:
    """Three streets starting with the given houses."""
    return [street(*first, size=10), street(*second, size=11), street(*third, size=12)]


def full(size: int, start: int = 0) -> list[int]:
    """A full street of increasing numbers."""
    return list(range(start, start + size))


def all_problems(result: dict) -> list[dict]:
    """Every problem of a score document, player by player."""
    return [p for entry in result["players"] for p in entry["problems"]]


def errors(result: dict) -> list[tuple[str, str]]:
    """(code, path) of every error of a score document."""
    return [(p["code"], p["path"]) for p in all_problems(result) if p["severity"] == "error"]


def warnings(result: dict) -> list[tuple[str, str]]:
    """(code, path) of every warning of a score document."""
    return [(p["code"], p["path"]) for p in all_problems(result) if p["severity"] == "warning"]
