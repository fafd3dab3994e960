"""Welcome To... tables and seats in the database.

A table row holds the game's settings (mode, intermediate rules, the three plans
in play). Each seat is its own row: the sheet as an optional imported base plus
the log of moves made on the phone, and a version; the player's name and the
seat's secret token are the core's seats (core/tables/roster.py). A save names
the version it was based on and is refused when another save came first
(`UPDATE ... WHERE version = :base`), so two screens of one seat never
overwrite each other and seats never touch each other's rows.
"""

from __future__ import annotations

import json
import secrets
from typing import Any

from sqlalchemy import (
    Column,
    Connection,
    ForeignKey,
    Integer,
    String,
    Table,
    Text,
    delete,
    insert,
    update,
)

from ..core.db import _now, metadata, table_code, write
from ..core.security import small_int
from ..core.tables import registry, roster

GAME = "welcome-to"

MAX_SEATS = 12  # a table of friends; the sheets' scoring has no limit, the table page has to stay readable
TOKEN_LENGTH = (10, 64)

wt_table = Table(
    "welcome_to_table", metadata,
    Column("id", String(64), primary_key=True),
    Column("created", String(32), nullable=False),
    Column("mode", String(16), nullable=False),
    Column("intermediate", Integer, nullable=False, server_default="0"),
    Column("plans", Text, nullable=False),
    Column("version", Integer, nullable=False, server_default="0"),
    Column("deck", Text, nullable=True),  # the construction deck and each round's offer (JSON), None: not dealt
)
wt_seat = Table(
    "welcome_to_seat", metadata,
    Column("table_id", String(64), ForeignKey("welcome_to_table.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),  # its name and link token: the core's seat (core_seat)
    Column("base", Text),
    Column("log", Text, nullable=False),
    Column("version", Integer, nullable=False, server_default="0"),
    Column("updated", String(32), nullable=False),
)


class TableFull(Exception):
    """No seat is left at this table (or a solo table has its player)."""


def _token_ok(token: Any) -> bool:
    """Tell whether a token could be one of ours (short text), before asking the database."""
    return isinstance(token, str) and TOKEN_LENGTH[0] <= len(token) <= TOKEN_LENGTH[1]


def create_table(mode: str, intermediate: bool, plans: list[int]) -> str:
    """Store a new table with no seats; return its unguessable id."""
    token = secrets.token_urlsafe(16)
    with write() as conn:
        conn.execute(insert(wt_table).values(id=token, created=_now(), mode=mode, intermediate=int(intermediate),
                                             plans=json.dumps(plans), version=0))
    return token


def get_table(token: str) -> dict[str, Any] | None:
    """Load a table's settings or None."""
    table = registry.own_row(wt_table, token) if _token_ok(token) else None
    if table is None:
        return None
    table["plans"] = json.loads(table["plans"])
    table["intermediate"] = bool(table["intermediate"])
    table["deck"] = json.loads(table["deck"]) if table.get("deck") else None
    return table


def save_deck(table_id: str, base_version: int, deck: dict) -> bool:
    """Save a table's deck unless the table changed since `base_version` (the table's version moves on)."""
    with write() as conn:
        done = conn.execute(update(wt_table).where(wt_table.c.id == table_id, wt_table.c.version == base_version)
                            .values(deck=json.dumps(deck), version=wt_table.c.version + 1))
    return done.rowcount == 1


def add_seat(table_id: str, name: str, limit: int, base: dict | None = None) -> tuple[int, str]:
    """Give a new player a seat (the next number) and a secret token; raise TableFull past `limit` seats and
    `roster.DuplicateName` when the name is another seat's (case and spaces aside)."""
    with write() as conn:
        # The table row is written first: concurrent joins queue on it, so two never take one seat number.
        conn.execute(update(wt_table).where(wt_table.c.id == table_id).values(version=wt_table.c.version + 1))
        if roster.count(GAME, table_id, conn) >= limit:
            raise TableFull
        made = roster.add(conn, GAME, table_id, [name])[0]
        conn.execute(insert(wt_seat).values(table_id=table_id, seat=made.seat,
                                            base=None if base is None else json.dumps(base), log="[]",
                                            version=0, updated=_now()))
    return made.seat, made.token


def _seat(row: dict) -> dict[str, Any]:
    """Decode a seat row (its name and token came from the core's seat)."""
    return {**row, "base": json.loads(row["base"]) if row["base"] is not None else None,
            "log": json.loads(row["log"])}


def get_seats(table_id: str) -> list[dict[str, Any]]:
    """Every seat of a table in seat order, decoded."""
    return [_seat(row) for row in roster.with_seats(GAME, wt_seat, wt_seat.c.table_id == table_id)]


def seat_by_token(token: str) -> dict[str, Any] | None:
    """The seat a secret token opens, or None."""
    row = roster.with_seat_by_token(GAME, wt_seat, token) if _token_ok(token) else None
    return _seat(row) if row is not None else None


def save_seat(token: str, base_version: Any, log: list, base: dict | None = None, replace_base: bool = False
              ) -> int | None:
    """Save a seat's log (and base, when `replace_base`) unless someone saved since `base_version`; the new version."""
    version = small_int(base_version)
    if version is None or not _token_ok(token):
        return None
    values: dict[str, Any] = {"log": json.dumps(log), "version": wt_seat.c.version + 1, "updated": _now()}
    if replace_base:
        values["base"] = None if base is None else json.dumps(base)
    with write() as conn:
        core = roster.by_token(GAME, token, conn)
        if core is None:
            return None
        # One statement checks the version and writes: two screens saving at once cannot both win.
        done = conn.execute(update(wt_seat).where(wt_seat.c.table_id == core.table_id, wt_seat.c.seat == core.seat,
                                                  wt_seat.c.version == version).values(**values))
    return version + 1 if done.rowcount == 1 else None


def delete_table(conn: Connection, table_id: str) -> None:
    """Remove a table, its seats and its join code (the retention purge; the core removes its own rows)."""
    conn.execute(delete(wt_seat).where(wt_seat.c.table_id == table_id))
    conn.execute(delete(wt_table).where(wt_table.c.id == table_id))
    conn.execute(delete(table_code).where(table_code.c.path == f"/welcome-to/t/{table_id}"))
