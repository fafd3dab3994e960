"""Shared helpers of the Ticket to Ride: Europe tests: documents, known-answer files, problem look-ups."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from companion.games.ticket_to_ride_europe import score_document

GAMES = Path(__file__).with_name("games")


def game_files() -> list[Path]:
    """Every known-answer game (a `.json` with a hand-computed `.expect.json` beside it)."""
    return sorted(p for p in GAMES.glob("*.json") if not p.name.endswith(".expect.json"))


def load(path: Path) -> Any:
    """Read a JSON file."""
    return json.loads(path.read_text(encoding="utf-8"))


def player(name: str, routes=(), stations=(), tickets=(), **extra) -> dict:
    """One player's entry; stations are city names or (city, borrows); tickets (from, to) or (from, to, points)."""
    out: dict[str, Any] = {"player": name, "routes": list(routes), "stations": [], "tickets": [], **extra}
    for s in stations:
        out["stations"].append({"city": s} if isinstance(s, str) else {"city": s[0], "borrows": s[1]})
    for t in tickets:
        item = {"from": t[0], "to": t[1]}
        if len(t) > 2:
            item["points"] = t[2]
        out["tickets"].append(item)
    return out


def game(*players: dict, variant: str = "base") -> dict:
    """A `ttr-europe-game/1` document."""
    return {"format": "ttr-europe-game/1", "variant": variant, "players": list(players)}


def score(doc: dict) -> dict:
    """Score a document with the engine."""
    return score_document(doc)


def problems(result: dict) -> list[dict]:
    """Every problem of a score document, each once (a game-wide one is repeated on every player)."""
    seen, out = set(), []
    for p in result["players"]:
        for item in p["problems"]:
            key = (item["severity"], item["code"], item["path"])
            if key not in seen:
                seen.add(key)
                out.append(item)
    return out + result.get("problems", [])


def errors(result: dict) -> set[tuple[str, str]]:
    """The (code, path) of every error."""
    return {(p["code"], p["path"]) for p in problems(result) if p["severity"] == "error"}


def line(result: dict, name: str) -> dict:
    """One player's line of a score document."""
    return next(p for p in result["players"] if p["player"] == name)
