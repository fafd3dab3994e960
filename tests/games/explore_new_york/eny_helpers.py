"""Shared helpers of the Explore New York engine tests: game files, documents and brute-force references."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from companion.games.explore_new_york.rows import score_sections
from companion.games.explore_new_york.sheet import Sheet
from companion.games.explore_new_york.tile import section

GAMES = Path(__file__).resolve().parent / "games"
FORMAT = "explore-ny-game/1"


def load(path: Path) -> Any:
    """Read a JSON file."""
    return json.loads(path.read_text(encoding="utf-8"))


def game_files() -> list[Path]:
    """Every known-answer game (a `.json` with an `.expect.json` beside it)."""
    return sorted(p for p in GAMES.glob("*.json") if not p.name.endswith(".expect.json")
                  and p.with_name(p.stem + ".expect.json").exists())


def player(**fields: Any) -> dict:
    """A player's sheet with defaults (Riverside, nothing drawn)."""
    return {"player": "Aki", "tile": "riverside", "sections": [], **fields}


def game(*players: dict) -> dict:
    """A game document around some players."""
    return {"format": FORMAT, "players": list(players) or [player()]}


def codes(result: dict, index: int = 0) -> list[tuple[str, str, str]]:
    """The (severity, code, path) of one player's problems."""
    return [(p["severity"], p["code"], p["path"]) for p in result["players"][index]["problems"]]


def brute_best(sheet: Sheet) -> tuple[int, int]:
    """The best (PP, sections) over every trail of the drawn sections, by trying every walk (small sheets only)."""
    adjacency: dict = {}
    for a, b in sheet.sections:
        adjacency.setdefault(a, []).append(b)
        adjacency.setdefault(b, []).append(a)
    best = (0, 0)

    def extend(v, used: frozenset) -> None:
        """Depth-first over every trail continuing at v."""
        nonlocal best
        key = (score_sections(sheet, used).total, len(used))
        best = max(best, key)
        for w in adjacency.get(v, ()):
            sec = section(v, w)
            if sec not in used:
                extend(w, used | {sec})

    for start in adjacency:
        extend(start, frozenset())
    return best
