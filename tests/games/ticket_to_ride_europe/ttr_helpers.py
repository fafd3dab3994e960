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


def random_game(rnd, players: int | None = None, variant: str | None = None, stations: int = 3) -> dict:
    """A legal end of game drawn with `rnd` (a `random.Random`): routes, stations and tickets by the rules."""
    from companion.games.ticket_to_ride_europe.data import STATIONS, TRAINS, board

    b = board()
    count = players or rnd.randint(2, 5)
    variant = variant or rnd.choice(["base", "1912", "mega", "big-cities"])
    ids = sorted(b.routes)
    rnd.shuffle(ids)
    owned: list[list[int]] = [[] for _ in range(count)]
    trains = [0] * count
    taken: set[int] = set()
    for rid in ids:
        who = rnd.randrange(count + 1)  # count: nobody
        if who == count:
            continue
        twin = b.twins.get(rid)
        if twin in owned[who] or (count <= 3 and twin in taken):
            continue
        if trains[who] + b.routes[rid].length <= TRAINS:
            owned[who].append(rid)
            trains[who] += b.routes[rid].length
            taken.add(rid)
    cities = sorted(b.cities)
    rnd.shuffle(cities)
    deck = sorted(b.decks[variant].values(), key=lambda t: (t.city_a, t.city_b))
    rnd.shuffle(deck)
    out = []
    for i in range(count):
        built = [cities.pop() for _ in range(rnd.randint(0, min(stations, STATIONS)))]
        held = [deck.pop() for _ in range(rnd.randint(0, 6))]
        tickets = [(t.city_a, t.city_b, t.points) if rnd.random() < 0.3
                   else (t.city_b, t.city_a) for t in held]
        out.append(player(f"P{i + 1}", routes=owned[i], stations=built, tickets=tickets))
    return game(*out, variant=variant)
