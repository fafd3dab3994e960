"""What the pages show, built from the public view only: no page sees a seat's clergy placement.

`public_table(table)` turns every placement face down (a seat is still known to have placed); the views
get only that table (`common.table_or_404`), so the shared screen, the route preview, the score sheet,
the JSON answers and the seat pages are made from what every phone may know.

Rule reading (seed lines 36–38, 52): a player places five clergy tiles face down and may not look at
which lies on which carriage afterwards: they must remember it. So once placed, not even the seat's own
page shows the placement; it shows that the tiles are placed, how many are in hand, travelling, in Rome
or sent away. A tile is revealed only when its carriage's arrival in Rome is recorded (then the whole
table sees it, from the state's public `rome`), never in a route's preview.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from ...games.thurn_und_taxis_rome import Table, audience, next_cities, public_view, shipped_drawing
from ...games.thurn_und_taxis_rome.data import facts
from ...games.thurn_und_taxis_rome.posts import POST_OFFICES, final_round, open_stacks
from ..core.i18n import _
from ..core.tables import seats as core_seats
from . import labels as lb
from .store import Stored

LOG_LINES = 12
GAME_ID = "thurn-und-taxis-rome"
FACE_DOWN = "face-down"  # the rank every placed tile shows in the public table: nobody may read it


def public_table(table: Table) -> Table:
    """The table as the public view knows it: each placed seat's tiles face down (who placed still shows)."""
    if table.audience is None:
        return table
    hidden = table.copy()
    hidden.audience.assignments = [None if a is None else dict.fromkeys(facts().carriage_ids, FACE_DOWN)
                                   for a in table.audience.assignments]
    return hidden


def public_stored(stored: Stored) -> Stored:
    """A loaded table with its placements face down: what every view works from."""
    return dataclasses.replace(stored, table=public_table(stored.table))


def tracked(table: Table) -> bool:
    """Tell whether the companion tracks this table's post offices, bonus tiles and end (`posts`)."""
    return table.posts is not None


def entered(stored: Stored) -> list[bool]:
    """Which seats' score lines are entered: houses left (the line's last field, always given), or on a tracked
    table the carriage (the only thing typed there; saved as none when the player has no carriage)."""
    key = "carriage" if tracked(stored.table) else "houses_left"
    return [i < len(stored.base) and isinstance(stored.base[i], dict) and key in stored.base[i]
            for i in range(len(stored.table.seats))]


def sheet_final(stored: Stored) -> bool:
    """The game is over, the final return is done and every score line is entered: the sheet is final."""
    table = stored.table
    returning = table.offices.returning if table.offices is not None else None
    return bool(table.ended) and returning is None and all(entered(stored))


def _players(doc: dict) -> list[str]:
    """The players' names in seat order."""
    return [s["player"] for s in doc["seats"]]


def shared(stored: Stored, table: Table | None = None) -> dict:
    """Everything the table's shared screen shows (from the public view: no seat's placement)."""
    table = table or stored.table
    doc = public_view(table)
    names = doc["rank_names"]
    players = _players(doc)
    claimed = core_seats.held_seats(GAME_ID, stored.id)
    seats = []
    for i, s in enumerate(doc["seats"]):
        seat = {"seat": i, "name": s["player"], "colour": s["colour"], "colour_label": lb.colour(s["colour"]),
                "claimed": i in claimed, "active": doc["turn"]["active"] == i, "ready": None}
        if doc["audience"] is not None:
            seat["ready"] = doc["audience"]["seats"][i]["ready"]
        if table.posts is not None:
            seat["houses"] = table.posts.houses[i]
            seat["houses_left"] = POST_OFFICES - table.posts.houses[i]
            seat["bonus"] = [{"label": lb.stack_label(st), "points": pts} for st, pts in table.posts.bonus[i]]
            seat["open_stacks"] = [{"stack": st, "label": lb.stack_label(st), "points": pts}
                                   for st, pts in open_stacks(table, i)]
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
    ctx["tracked"] = tracked(table)
    ctx["post_offices"] = POST_OFFICES
    ctx["final_round"] = final_round_part(table, players)
    ctx["values"] = [{"rank": r, "label": lb.rank(r, names), "points": doc["tile_values"].get(r)}
                     for r in facts().rank_ids]
    ctx["log"] = [line for line in (lb.event_line(e, players, names) for e in reversed(doc["log"])) if line][:LOG_LINES]
    return ctx


def final_round_part(table: Table, players: list[str]) -> dict | None:
    """The final round as every page announces it: who started it and why, whose turns are still to come."""
    found = final_round(table)
    if found is None:
        return None
    return {"player": players[found["seat"]], "why": found["why"], "last": players[found["last"]],
            "left": [players[i] for i in found["left"]], "n": len(found["left"]), "ended": found["ended"]}


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
            "pic": play_picture(table),
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
    """A seat's own page: whether its tiles are placed and where they are now, never which tile is where.

    Works from the public table only: once placed, a player must remember their placement (seed l.38).
    """
    doc = public_view(table)
    names = doc["rank_names"]
    a = doc["audience"]
    if a is None:
        return {"ready": False, "locked": False}
    ready = a["seats"][seat]["ready"]
    in_rome = [{"label": lb.rank(t["rank"], names), "carriage": lb.carriage(t["carriage"])}
               for t in a["rome"] if t["seat"] == seat]
    gone = [{"label": lb.rank(t["rank"], names), "carriage": lb.carriage(t["carriage"])}
            for t in a["dismissed"] if t["seat"] == seat]
    n = len(facts().carriage_ids)
    travelling = [{"label": lb.carriage(c.id), "city": a["carriages"][c.id]}
                  for c in facts().carriages if c.id not in a["arrivals"]]
    return {"ready": ready, "locked": all(s["ready"] for s in a["seats"]), "hand": 0 if ready else n,
            "placed": n if ready else 0, "travelling": travelling if ready else [], "in_rome": in_rome,
            "gone": gone, "carriages": [{"carriage": c.id, "label": lb.carriage(c.id), "city": a["carriages"][c.id]}
                                        for c in facts().carriages],
            "ranks": [(r, lb.rank(r, names)) for r in facts().rank_ids]}


def public_json(stored: Stored) -> dict:
    """The shared answer (`TableSpec.public_view`): the engine's public view, the version, who holds a seat."""
    held = core_seats.held_seats(GAME_ID, stored.id)
    return {"version": stored.version, "table": public_view(stored.table),
            "seats": [{"seat": i, "player": s.player, "on_a_phone": i in held}
                      for i, s in enumerate(stored.table.seats)]}


def seat_json(stored: Stored, seat: int) -> dict:
    """One seat's answer (`TableSpec.seat_view`): the public answer and this seat's own tiles' state.

    Nothing here is secret (see the rule reading above): a placed tile's carriage is not shown even to its
    player; what their page adds is whose seat it is and how many tiles are still in hand.
    """
    doc = public_json(stored)
    own = own_clergy(stored.table, seat)
    doc["seat"] = seat
    doc["clergy"] = {"placed": own["ready"], "in_hand": own.get("hand", 0)} if stored.table.audience else None
    return doc


def play_picture(table, options: list[dict] | None = None, steps: list[dict] | None = None) -> dict | None:
    """The table's board drawn for play: where each carriage stands, the steps so far and the legal next steps.

    Only a board whose every city the companion's drawing places can be drawn (the example board, or a
    board entered with the same cities); None otherwise (the page then lists the cities in words).
    `options`: the route form's possible steps (carriage, city, next cities); `steps`: the draft's steps.
    """
    a = table.audience
    if a is None or a.track is None:
        return None
    drawing = shipped_drawing()
    at = drawing["cities"]
    cities = set(a.track.south) | {c for nxt in a.track.south.values() for c in nxt}
    if not cities <= set(at):
        return None
    numbers = {c.id: i + 1 for i, c in enumerate(facts().carriages)}
    here: dict[str, list[int]] = {}
    for cid, city in a.carriages.items():
        here.setdefault(city, []).append(numbers[cid])
    legal = {(o["city"], n) for o in options or [] for n in (o.get("next") or [])}
    moved = {(s["from"], s["to"]) for s in steps or []}
    roads = []
    for frm, to in a.track.roads:
        kind = "moved" if (frm, to) in moved else "legal" if (frm, to) in legal else "road"
        roads.append({"x1": at[frm][0], "y1": at[frm][1], "x2": at[to][0], "y2": at[to][1], "kind": kind})
    roads.sort(key=lambda r: r["kind"] != "road")  # highlighted roads drawn last, on top
    targets = {to for _f, to in legal}
    dots = [{"name": c, "x": at[c][0], "y": at[c][1], "rome": c == facts().rome, "target": c in targets,
             "carriages": sorted(here.get(c, []))} for c in sorted(cities)]
    legend = [{"n": numbers[c.id], "label": lb.carriage(c.id), "city": a.carriages[c.id]} for c in facts().carriages]
    return {"width": drawing["width"], "height": drawing["height"], "roads": roads, "cities": dots, "legend": legend}
