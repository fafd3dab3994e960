"""Ticket to Ride: Europe tables and seats in the database.

A table holds its variant; each seat its colour, entry (the player's part of
`ttr-europe-game/1`: routes, stations, tickets, score track) and a version
number; its player's name and the secret token that opens the seat's page are
the core's (core/tables/roster.py), read here with the seat. Saving an
entry is one `UPDATE ... WHERE version = base`: two phones saving one seat
cannot both win, and a save based on an old version is refused, never
silently merged. Seats of one table never share a token, and the table page
never shows one: a phone gets a seat's token by claiming the seat (core/tables/seats.py
keeps who holds it; the `claimed` column is no longer written).
"""

from __future__ import annotations

import json
import secrets
from typing import Any

from sqlalchemy import Column, ForeignKey, Integer, String, Table, Text, insert, update

from ..core.db import _now, metadata, write
from ..core.security import small_int
from ..core.tables import registry, roster

GAME = "ttr-europe"

ttr_table = Table(
    "ttr_table", metadata,
    Column("id", String(64), primary_key=True),
    Column("created", String(32), nullable=False),
    Column("variant", String(16), nullable=False),
)
ttr_seat = Table(
    "ttr_seat", metadata,
    Column("table_id", String(64), ForeignKey("ttr_table.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),  # its name and link token: the core's seat (core_seat)
    Column("colour", String(16), nullable=False),
    Column("claimed", Integer, nullable=False, server_default="0"),
    Column("entry", Text, nullable=False),
    Column("version", Integer, nullable=False, server_default="0"),
    Column("updated", String(32), nullable=False),
)

EMPTY_ENTRY: dict[str, Any] = {"routes": [], "stations": [], "tickets": []}


def _token_ok(token: Any) -> bool:
    """Tell whether a text can be a token at all (anything else is no table, without asking the database)."""
    return isinstance(token, str) and 0 < len(token) <= 64


def create_table(variant: str, players: list[tuple[str, str]]) -> str:
    """Store a new table with its players (name, colour) and empty entries; return its unguessable id.
    The names and seat links are the core's seats; a repeated name raises `roster.DuplicateName`."""
    table_id = secrets.token_urlsafe(16)
    now = _now()
    with write() as conn:
        conn.execute(insert(ttr_table).values(id=table_id, created=now, variant=variant))
        roster.add(conn, GAME, table_id, [name for name, _colour in players])
        for seat, (_name, colour) in enumerate(players):
            conn.execute(insert(ttr_seat).values(table_id=table_id, seat=seat, colour=colour, claimed=0,
                                                 entry=json.dumps(EMPTY_ENTRY), version=0, updated=now))
    return table_id


def get_table(table_id: Any) -> dict[str, Any] | None:
    """Load a table's row or None."""
    return registry.own_row(ttr_table, table_id) if _token_ok(table_id) else None


def _seat(row: dict) -> dict[str, Any]:
    """Decode a seat row (its entry as JSON; its name and link token came from the core's seat)."""
    return {**row, "entry": json.loads(row["entry"])}


def get_seats(table_id: str) -> list[dict[str, Any]]:
    """Load every seat of a table in seat order, entries decoded."""
    return [_seat(row) for row in roster.with_seats(GAME, ttr_seat, ttr_seat.c.table_id == table_id)]


def seat_by_token(token: Any) -> dict[str, Any] | None:
    """Load the seat a secret token opens, or None."""
    row = roster.with_seat_by_token(GAME, ttr_seat, token)
    return _seat(row) if row is not None else None


def reissue_token(conn, table_id: str, seat: int) -> str | None:
    """Give a seat a new secret token in the caller's transaction (the old link no longer opens it); return it,
    or None when there is no such seat. Who holds the seat is the core's (core/tables/seats.py)."""
    return roster.reissue(conn, GAME, table_id, seat)


def save_entry(token: str, base_version: Any, entry: dict) -> int | None:
    """Save a seat's entry if nobody saved it since `base_version`; return the new version or None."""
    base = small_int(base_version)
    if not _token_ok(token) or base is None:
        return None
    with write() as conn:
        core = roster.by_token(GAME, token, conn)
        if core is None:
            return None
        # The version check and the write are one statement: of two phones saving at once, one wins.
        done = conn.execute(update(ttr_seat).where(ttr_seat.c.table_id == core.table_id, ttr_seat.c.seat == core.seat,
                                                   ttr_seat.c.version == base)
                            .values(entry=json.dumps(entry), version=ttr_seat.c.version + 1, updated=_now()))
    return base + 1 if done.rowcount == 1 else None
