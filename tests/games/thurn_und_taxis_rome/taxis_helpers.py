"""Shared test helpers: a made-up Road-to-Rome board and tables set up and ready to play.

TEST_TRACK is NOT the real board (the seed does not list it): it only has the seed's facts (start
cities, Andechs to Ettal or Trient, the 2-player cities, Rom) joined by invented "Test ..." cities.
"""

from __future__ import annotations

import copy

from companion.games.thurn_und_taxis_rome import (
    apply_action,
    assign_clergy,
    new_table,
    read_table,
    table_to_json,
)
from companion.games.thurn_und_taxis_rome.data import facts

TEST_TRACK = {
    "format": "thurn-und-taxis-rome-track/1",
    "name": "Test board (invented, not the real one)",
    "roads": [
        ["Lorrach", "Test Schwarzwald"], ["Test Schwarzwald", "Como"],
        ["Tuttlingen", "Test Schwarzwald"], ["Tuttlingen", "Test Bodensee"],
        ["St. Gallen", "Test Bodensee"], ["Test Bodensee", "Como"], ["Test Bodensee", "Mailand"],
        ["Como", "Mailand"], ["Mailand", "Test Po"], ["Test Po", "Rom"],
        ["Freising", "Andechs"], ["Andechs", "Ettal"], ["Andechs", "Trient"], ["Ettal", "Trient"],
        ["Trient", "Test Po"],
        ["Hallstadt", "Test Tauern"], ["Test Tauern", "Udine"], ["Udine", "Rom"], ["Udine", "Test Po"],
    ],
}

FOUR = [{"player": "Anna", "colour": "blue"}, {"player": "Ben", "colour": "green"},
        {"player": "Scott", "colour": "red"}, {"player": "Dave", "colour": "yellow"}]

# The seed's arrival example: Baden brought blue and green cardinals, a red bishop and a yellow pastor;
# Bavaria brings green and red pastors, a blue priest and a yellow cardinal. The other three carriages
# carry each player's remaining ranks (any order: the example does not say).
SEED_EXAMPLE = {
    0: {"baden": "cardinal", "baiern": "priest", "wurttemberg-hohenzollern": "bishop",
        "bohmen-salzburg": "pastor", "schweiz-tyrol": "fifth"},
    1: {"baden": "cardinal", "baiern": "pastor", "wurttemberg-hohenzollern": "bishop",
        "bohmen-salzburg": "priest", "schweiz-tyrol": "fifth"},
    2: {"baden": "bishop", "baiern": "pastor", "wurttemberg-hohenzollern": "cardinal",
        "bohmen-salzburg": "priest", "schweiz-tyrol": "fifth"},
    3: {"baden": "pastor", "baiern": "cardinal", "wurttemberg-hohenzollern": "bishop",
        "bohmen-salzburg": "priest", "schweiz-tyrol": "fifth"},
}


def seats(n: int) -> list[dict]:
    """The first n of the four test players."""
    return copy.deepcopy(FOUR[:n])


def table(n: int = 4, **setup):
    """A new table; fails the test when the setup is refused."""
    made, problems = new_table({"seats": seats(n), **setup})
    assert made is not None, [p.to_json() for p in problems]
    return made


def ready(t, assignments: dict[int, dict[str, str]] | None = None):
    """Every seat places its clergy (the seed example's placement by default for 4 seats)."""
    ranks = facts().rank_ids
    for seat in range(len(t.seats)):
        chosen = (assignments or {}).get(seat) or SEED_EXAMPLE.get(seat) or dict(zip(facts().carriage_ids, ranks))
        out = assign_clergy(t, seat, chosen)
        assert out.ok, out.to_json()
        t = out.table
    return t


def act(t, **action):
    """Apply an action that must succeed and return the new table."""
    out = apply_action(t, action)
    assert out.ok, out.to_json()
    return out.table


def refused(t, **action) -> list[str]:
    """Apply an action that must be refused; return its error codes (the table must be unchanged)."""
    before = table_to_json(t)
    out = apply_action(t, action)
    assert not out.ok
    assert table_to_json(out.table) == before
    return [p.code for p in out.problems if p.severity == "error"]


def offices_table(hands: list[dict[str, int]], active: int = 0, coins: list[int] | None = None, **extra):
    """A table playing only the Offices, with the given tiles in hand (the stacks hold the rest)."""
    n = len(hands)
    totals = facts().office_tiles(n)
    full = [{k: h.get(k, 0) for k in facts().office_ids} for h in hands]
    coins = coins or [0] * n
    doc = {"format": "thurn-und-taxis-rome-table/1", "seats": seats(n), "modules": ["offices"],
           "turn": {"active": active, "number": 1, "office_taken": False, "route_scored": False},
           "ended": extra.pop("ended", False), "tile_values": {}, "rank_names": {}, "audience": None,
           "offices": {"stacks": {k: totals[k] - sum(h[k] for h in full) for k in totals}, "hands": full,
                       "coins": coins, "coin_supply": facts().vp_coins - sum(coins),
                       "returning": extra.pop("returning", None)}, "log": []}
    made, problems = read_table(doc)
    assert made is not None, [p.to_json() for p in problems]
    return made
