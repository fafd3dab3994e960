"""What the pages show, built from the engine's views: the shared screen never sees a seat's secret placement.

`shared(stored)` works from `public_view` (every placement hidden); `own_clergy(table, seat)` is the
only function here that reads a placement, and only the seat's own page calls it.
"""

from __future__ import annotations

from typing import Any

from ...games.thurn_und_taxis_rome import Table, audience, next_cities, public_view, seat_view
from ...games.thurn_und_taxis_rome.data import facts
from ..core.i18n import _
from . import labels as lb
from .store import Stored

LOG_LINES = 12


def _players(doc: dict) -> list[str]:
    """The players' names in seat order."""
    return [s["player"] for s in doc["seats"]]


def shared(stored: Stored, table: Table | None = None) -> dict:
    """Everything the table's shared screen shows (from the public view: no seat's placement)."""
    table = table or stored.table
    doc = public_view(table)
    names = doc["rank_names"]
    players = _players(doc)
    claimed = {r["seat"]: bool(r["claimed"]) for r in stored.seats}
    seats = []
    for i, s in enumerate(doc["seats"]):
        seat = {"seat": i, "name": s["player"], "colour": s["colour"], "colour_label": lb.colour(s["colour"]),
                "claimed": claimed.get(i, False), "active": doc["turn"]["active"] == i, "ready": None}
        if doc["audience"] is not None:
            seat["ready"] = doc["audience"]["seats"][i]["ready"]
        if doc["offices"] is not None:
            hand = doc["offices"]["hands"][i]
            seat["hand"] = [{"office": k, "label": lb.office(k), "n": hand[k]} for k in facts().office_ids]
            seat["tiles"] = sum(hand.values())
            seat["coins"] = doc["offices"]["coins"][i]
        seats.append(seat)
    ctx: dict[str, Any] = {"doc": doc, "seats": seats, "players": players, "version": stored.version,
                           "turn": doc["turn"], "ended": doc["ended"], "active_name": players[doc["turn"]["active"]],
                           "modules": doc["modules"], "audience": None, "offices": None}
    if doc["audience"] is not None:
        ctx["audience"] = _audience_part(table, doc, players, names)
    if doc["offices"] is not None:
        ctx["offices"] = _offices_part(doc, players)
    ctx["values"] = [{"rank": r, "label": lb.rank(r, names), "points": doc["tile_values"].get(r)}
                     for r in facts().rank_ids]
    ctx["log"] = [line for line in (lb.event_line(e, players, names) for e in reversed(doc["log"])) if line][:LOG_LINES]
    return ctx


def _audience_part(table: Table, doc: dict, players: list[str], names: dict) -> dict:
    """The carriages, Rome's audience now and the tiles that left Rome (all public)."""
    a = doc["audience"]
    rome_city = facts().rome
    carriages = []
    for c in facts().carriages:
        city = a["carriages"][c.id]
        nxt = next_cities(table, c.id)
        carriages.append({"id": c.id, "label": lb.carriage(c.id), "city": city, "in_rome": c.id in a["arrivals"],
                          "start": c.start, "next": nxt})
    rome = [{**t, "rank_label": lb.rank(t["rank"], names), "colour_label": lb.colour(t["colour"]),
             "carriage_label": lb.carriage(t["carriage"])} for t in audience(table)]
    dismissed = [{"player": players[t["seat"]], "colour": doc["seats"][t["seat"]]["colour"],
                  "rank_label": lb.rank(t["rank"], names), "carriage_label": lb.carriage(t["carriage"]),
                  "by_label": lb.carriage(t.get("by", ""))} for t in a["dismissed"]]
    missing = sorted({t["rank"] for t in a["rome"] if t["rank"] not in doc["tile_values"]},
                     key=facts().rank_ids.index)
    waiting = [players[i] for i, s in enumerate(a["seats"]) if not s["ready"]]
    return {"carriages": carriages, "rome": rome, "dismissed": dismissed, "rome_city": rome_city,
            "missing_values": [{"rank": r, "label": lb.rank(r, names), "fifth": r == "fifth"} for r in missing],
            "waiting": waiting, "all_ready": not waiting, "board": a["track"]["name"] if a["track"] else None,
            "has_board": a["track"] is not None}


def _offices_part(doc: dict, players: list[str]) -> dict:
    """The stacks, whose turn it is to return tiles, and what returning earns."""
    o = doc["offices"]
    part: dict[str, Any] = {"stacks": [{"office": k, "label": lb.office(k), "left": o["stacks"][k]}
                                       for k in facts().office_ids],
                            "coin_supply": o["coin_supply"], "returning": None}
    r = o["returning"]
    if r is not None:
        part["returning"] = {"kind": r["kind"], "round": r["round"], "queue": list(r["queue"]),
                             "queue_names": [players[s] for s in r["queue"]],
                             "next": r["queue"][0], "next_name": players[r["queue"][0]],
                             "starter_name": players[r["starter"]] if r["starter"] is not None else None,
                             "empty": [lb.office(k) for k in facts().office_ids if o["stacks"][k] == 0]}
    return part


def may_return(doc: dict, seat: int) -> bool:
    """Tell whether a seat may return officials' tiles now (its turn in a round, or in the final return)."""
    o = doc.get("offices")
    r = o["returning"] if o else None
    if r is None or seat not in r["queue"]:
        return False
    return r["kind"] == "final" or r["queue"][0] == seat


def held(doc: dict, seat: int) -> list[dict]:
    """The officials' tiles a seat holds (public: they lie in front of the player)."""
    hand = doc["offices"]["hands"][seat]
    return [{"office": k, "label": lb.office(k), "n": hand[k]} for k in facts().office_ids if hand[k] > 0]


def reward_table(final: bool) -> list[str]:
    """What returning 1 to 4 different tiles earns (the final return: only 3 and 4 earn anything)."""
    rewards = facts().final_return_rewards if final else facts().return_rewards
    return [_("1 kind: {reward}", reward=lb.reward(rewards[n])) if n == 1 else
            _("{n} kinds: {reward}", n=n, reward=lb.reward(rewards[n])) for n in sorted(rewards)]


def own_clergy(table: Table, seat: int) -> dict:
    """A seat's own page: its secret placement (from `seat_view`) and which of its tiles are in Rome or left it."""
    doc = seat_view(table, seat)
    names = doc["rank_names"]
    a = doc["audience"]
    if a is None:
        return {"placement": None, "ready": False, "locked": False}
    mine = a["seats"][seat]["assignment"]
    in_rome = {(t["carriage"]) for t in a["rome"] if t["seat"] == seat}
    gone = {(t["carriage"]) for t in a["dismissed"] if t["seat"] == seat}
    rows = []
    for c in facts().carriages:
        status = "rome" if c.id in in_rome else "left" if c.id in gone else \
            "travelling" if c.id not in a["arrivals"] else ""
        rows.append({"carriage": c.id, "label": lb.carriage(c.id), "city": a["carriages"][c.id],
                     "rank": mine.get(c.id) if mine else None,
                     "rank_label": lb.rank(mine[c.id], names) if mine else None, "status": status})
    return {"placement": mine, "rows": rows, "ready": mine is not None,
            "locked": all(s["ready"] for s in a["seats"]),
            "ranks": [(r, lb.rank(r, names)) for r in facts().rank_ids]}


def seat_json(table: Table, seat: int, version: int) -> dict:
    """The seat's API answer: the engine's seat view (only this seat's placement) and the version."""
    return {"version": version, "table": seat_view(table, seat)}


def public_json(table: Table, version: int) -> dict:
    """The shared API answer: the engine's public view (no placement) and the version."""
    return {"version": version, "table": public_view(table)}
