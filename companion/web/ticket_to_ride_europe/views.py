"""What each phone may see of a Ticket to Ride: Europe table: the public view and a seat's view.

Tickets are a player's secret until the game ends (the rules: each player keeps their destination tickets
hidden and reveals them at the end, for the final count). A station's borrowed route is chosen at the end
for those tickets, so it is as secret as they are.

When the game ends at this table: the host taps "End the game and show every ticket" on the table page
(`tables.end`). A table made before tables had a host (no host recorded) lets any phone that holds one of
its seats end it. Ending is marked in the core's registry (`registry.finish`) and cannot be undone; the
entries stay editable (a correction after the end is seen by everybody, as at a real table).

- `public_view(table_id)`: the table, each seat's name, colour, version and its entry without tickets and
  borrowed routes (all of it once the game has ended). The table page, the score sheet, score.json,
  game.json, the claim log, the PDFs, the change mark and every other seat's page are made from it only.
- `seat_view(table_id, seat)`: the public view plus that seat's own full entry and link, and (when the table
  deals from the companion's deck) that seat's offer and hand (`my_deal`); only the seat's own page is made
  from it. The public view carries only the deck's counts (`deal`: tickets held per seat, who is choosing,
  the pile's size).
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import delete

from ..core import db as core_db
from ..core.tables import registry
from . import claim_store, deal_store, store

GAME = "ttr-europe"


def ended(table_id: str) -> bool:
    """Whether the game at this table has ended (tickets shown to everyone)."""
    row = registry.get(GAME, table_id)
    return bool(row and row["finished"])


def public_entry(entry: dict[str, Any]) -> dict[str, Any]:
    """An entry as every phone may see it during the game: routes, station cities, score track."""
    out: dict[str, Any] = {"routes": list(entry.get("routes", [])), "tickets": []}
    out["stations"] = [{"city": s.get("city")} for s in entry.get("stations", []) if isinstance(s, dict)]
    if "score_track" in entry:
        out["score_track"] = entry["score_track"]
    return out


def _public_seat(seat: dict[str, Any], shown: bool) -> dict[str, Any]:
    """A seat without its link, its entry public (or whole once the game has ended)."""
    return {"table_id": seat["table_id"], "seat": seat["seat"], "name": seat["name"], "colour": seat["colour"],
            "version": seat["version"], "updated": seat["updated"],
            "entry": seat["entry"] if shown else public_entry(seat["entry"])}


def public_view(table_id: str) -> dict[str, Any] | None:
    """Everything about a table any phone may see, or None when there is no such table."""
    table = store.get_table(table_id)
    if table is None:
        return None
    over = ended(table_id)
    deal = deal_store.get_deal(table_id)
    return {"table": table, "ended": over, "seats": [_public_seat(s, over) for s in store.get_seats(table_id)],
            "deal": deal.public_view() if deal is not None else None}


def seat_view(table_id: str, seat: int) -> dict[str, Any] | None:
    """The public view with one seat's own secrets: its whole entry and its link (`me`)."""
    view = public_view(table_id)
    if view is None:
        return None
    mine = next((s for s in store.get_seats(table_id) if s["seat"] == seat), None)
    if mine is None:
        return None
    view["me"] = mine
    deal = deal_store.get_deal(table_id)
    view["my_deal"] = deal.seat_view(seat) if deal is not None else None  # this seat's offer and hand only
    view["seats"] = [dict(mine) if s["seat"] == seat else s for s in view["seats"]]
    return view


def delete_table(conn, table_id: str) -> None:
    """Remove a table's own rows (retention's purge): claim log, seats, the table, its join code."""
    conn.execute(delete(claim_store.ttr_claim).where(claim_store.ttr_claim.c.table_id == table_id))
    conn.execute(delete(deal_store.ttr_deal).where(deal_store.ttr_deal.c.table_id == table_id))
    conn.execute(delete(store.ttr_seat).where(store.ttr_seat.c.table_id == table_id))
    conn.execute(delete(store.ttr_table).where(store.ttr_table.c.id == table_id))
    conn.execute(delete(core_db.table_code).where(core_db.table_code.c.game == GAME,
                                                  core_db.table_code.c.path == f"/ttr-europe/t/{table_id}"))
