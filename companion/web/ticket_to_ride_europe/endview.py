"""The end of the game as every phone sees it: the engine's `read_end` over the claim log (public facts only).

The claim log is public (routes and stations are on the board for all to see), so the notice is made from
the public view and the log, and the table's change mark already moves with every log line: each phone's
page (table, seat, score sheet, log) shows "Last round!" within about a second of the claim that starts it.
"""

from __future__ import annotations

from typing import Any

from flask import url_for

from ...games.ticket_to_ride_europe.endgame import read_end
from ..core.i18n import problem_text
from . import claim_store


def end_notice(view: dict[str, Any]) -> dict[str, Any] | None:
    """The last round for the pages: who started it, with how many trains, at which line, who still plays,
    whether it is over (and whether the table has ended: tickets shown), and any turn logged after the end (in the
    phone's language); None before it starts."""
    seats = view["seats"]
    order = [s["seat"] for s in seats]
    lines = [{**line, "seat": order.index(line["seat"])} for line in claim_store.get_log(view["table"]["id"])
             if line["seat"] in order]
    end = read_end([s["name"] for s in seats], lines)
    if end.trigger is None:
        return None
    return {"name": seats[end.trigger_seat]["name"], "trains": end.trains_left[end.trigger_seat],
            "n": lines[end.trigger]["n"], "left": [seats[k]["name"] for k in end.left], "over": end.over,
            "ended": view["ended"], "score_url": url_for("ttr_europe.tables.score", table_id=view["table"]["id"]),
            "problems": [problem_text(p) for p in end.problems]}
