"""The ticket deck of a table, in the database (issue 29): one JSON state per table, whether the companion deals
it or the table deals its own cards and each seat records what it was dealt or drew (`Deal.physical`).

The state (`games/ticket_to_ride_europe/dealing.Deal`) holds every seat's offer and hand, so it is read only
through the views: a seat's page gets that seat's part (`Deal.seat_view`), every shared page only counts
(`Deal.public_view`). A change is one transaction: the state is written with `version = version + 1` where
the version is still the one read, and the tickets a seat keeps go into that seat's entry in the same
transaction (its version too), so two phones acting at once cannot lose a card.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable
from typing import Any

from sqlalchemy import Column, ForeignKey, Integer, String, Table, Text, insert, select, update
from sqlalchemy.exc import IntegrityError

from ...games.ticket_to_ride_europe.dealing import Deal
from ..core.db import _now, metadata, read, write
from .store import ttr_seat

ttr_deal = Table(
    "ttr_deal", metadata,
    Column("table_id", String(64), ForeignKey("ttr_table.id", ondelete="CASCADE"), primary_key=True),
    Column("state", Text, nullable=False),
    Column("version", Integer, nullable=False, server_default="0"),
)


class Busy(Exception):
    """Another phone changed the deck at the same moment: nothing was written."""


def get_deal(table_id: str) -> Deal | None:
    """The table's deck, or None when the table does not deal from the companion's deck."""
    with read() as conn:
        row = conn.execute(select(ttr_deal.c.state).where(ttr_deal.c.table_id == table_id)).first()
    return Deal.from_json(json.loads(row[0])) if row is not None else None


def start_deal(table_id: str, variant: str, seats: int, seed: str | None = None, physical: bool = False) -> bool:
    """Shuffle and deal every seat's start offer (`physical`: the table deals its own cards and each seat records
    them); False when the table already deals (nothing changes)."""
    deal = Deal.new(variant, seats, seed if seed is not None else secrets.token_hex(8), physical=physical)
    try:
        with write() as conn:
            conn.execute(insert(ttr_deal).values(table_id=table_id, state=json.dumps(deal.to_json()), version=0))
    except IntegrityError:
        return False
    return True


def act(table_id: str, seat: int, action: Callable[[Deal], list[str] | None]) -> Deal:
    """Apply an action (it may raise `DealRefused`: nothing is written); kept tickets go into the seat's entry.

    The action returns the tickets the seat kept (or None). Raises `Busy` when the state moved meanwhile.
    """
    with write() as conn:
        row = conn.execute(select(ttr_deal).where(ttr_deal.c.table_id == table_id)).mappings().first()
        if row is None:
            raise LookupError("no deal")
        deal = Deal.from_json(json.loads(row["state"]))
        kept = action(deal)
        done = conn.execute(update(ttr_deal).where(ttr_deal.c.table_id == table_id,
                                                   ttr_deal.c.version == row["version"])
                            .values(state=json.dumps(deal.to_json()), version=row["version"] + 1))
        if done.rowcount != 1:
            raise Busy
        if kept:
            _add_tickets(conn, table_id, seat, kept)
    return deal


def _add_tickets(conn, table_id: str, seat: int, kept: list[str]) -> None:
    """Put kept tickets into the seat's entry (deck spelling), bumping its version."""
    row = conn.execute(select(ttr_seat.c.entry).where(ttr_seat.c.table_id == table_id,
                                                      ttr_seat.c.seat == seat)).first()
    if row is None:
        return
    entry: dict[str, Any] = json.loads(row[0])
    tickets = entry.setdefault("tickets", [])
    have = {frozenset((t.get("from"), t.get("to"))) for t in tickets if isinstance(t, dict)}
    for card in kept:
        a, b = card.split("|")
        if frozenset((a, b)) not in have:
            tickets.append({"from": a, "to": b})
    conn.execute(update(ttr_seat).where(ttr_seat.c.table_id == table_id, ttr_seat.c.seat == seat)
                 .values(entry=json.dumps(entry), version=ttr_seat.c.version + 1, updated=_now()))
