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


def sheet_of(**fields: Any):
    """A `Sheet` read from player fields (the fields must have the right shape)."""
    from companion.games.welcome_to.data import RULES
    from companion.games.welcome_to.document import read_sheet

    read = read_sheet(player(**fields), RULES)
    assert not read.problems, read.problems
    return read.sheet


def play_random(seed: int, rounds: int = 40, intermediate: bool = False, plans: tuple[int, ...] = (1, 7, 13),
                name: str = "Bot"):
    """Fill a sheet round by round with random moves that `check_move` accepts; claim plans as soon as they are met.

    Returns the sheet and the number of moves `check_move` refused along the way (tried and not applied).
    """
    import random

    from companion.games.welcome_to.data import ESTATE_SIZES
    from companion.games.welcome_to.moves import Move, Table, Turn, apply_move, check_move, choices, fits
    from companion.games.welcome_to.sheet import Sheet

    rng = random.Random(seed)
    table = Table(intermediate=intermediate, plans=plans)
    sheet = Sheet.blank(name)
    refused = 0
    effects = ("surveyor", "real-estate", "landscaper", "pool", "temp", "bis")
    for _ in range(rounds):
        if sheet.refusals >= 3 or all(h.built for _, _, h in sheet.positions()):
            break
        offers = [Turn(number=rng.randint(1, 15), effect=rng.choice(effects)) for _ in range(3)]  # three pairs
        turn = next((t for t in offers if any(fits(sheet, s, h, n) for n in choices(t)
                                              for s, row in enumerate(sheet.streets) for h in range(len(row)))),
                    offers[0])
        if intermediate and rng.random() < 0.08:
            move = Move("roundabout", rng.randrange(3), rng.randrange(10))
            if check_move(sheet, move, turn, table):
                refused += 1
            else:
                sheet, turn = apply_move(sheet, move, turn)
        spots = [(s, h, n) for n in choices(turn) for s, row in enumerate(sheet.streets) for h in range(len(row))
                 if fits(sheet, s, h, n)]
        if spots and rng.random() < 0.85:  # as people play: a number near its share of the street
            s, h, n = min(spots, key=lambda x: (abs(x[1] - x[2] * (len(sheet.streets[x[0]]) - 1) / 17), rng.random()))
            move = Move("number", s, h, number=n)
        elif spots:
            s, h, n = rng.choice(spots)
            move = Move("number", s, h, number=n)
        else:
            move = Move("refusal")
        assert check_move(sheet, move, turn, table) == [], move
        sheet, turn = apply_move(sheet, move, turn)
        if turn.refused or rng.random() < 0.15:
            continue
        s, h = turn.written
        good = _estate_fences(sheet)
        fence = rng.choice(good) if good and rng.random() < 0.8 else (rng.randrange(3), rng.randrange(11))
        wanted = {"surveyor": Move("fence", *fence),
                  "real-estate": Move("estate", size=rng.choice(ESTATE_SIZES)),
                  "landscaper": Move("park", s), "pool": Move("pool", s, h), "temp": Move("temp"),
                  "bis": Move("bis", rng.randrange(3), rng.randrange(12))}[turn.effect]
        if check_move(sheet, wanted, turn, table):
            refused += 1
        else:
            sheet, turn = apply_move(sheet, wanted, turn)
        for plan in plans:
            claim = Move("plan", plan=plan, first=True)
            if not check_move(sheet, claim, None, table):
                sheet, _ = apply_move(sheet, claim)
    return sheet, refused


def _estate_fences(sheet) -> list[tuple[int, int]]:
    """Fences that would close a completed run of 1 to 6 numbered houses on one side."""
    found = []
    for s, row in enumerate(sheet.streets):
        for i in range(len(row) - 1):
            if sheet.has_fence(s, i):
                continue
            left = i
            while left > 0 and not sheet.has_fence(s, left - 1):
                left -= 1
            if i - left < 6 and all(row[h].numbered for h in range(left, i + 1)):
                found.append((s, i))
    return found
