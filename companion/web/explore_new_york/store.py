"""Explore New York tables and player sheets in the database.

A table row holds its setup (player count, markers shared); each player's
sheet is its own row with a version number, so phones saving different
players never clash and a save based on an old version is refused (the
player's entry stays on screen) instead of silently winning. The tile travels
with the sheet as a whole `explore-new-york-tile/1` document, so a table keeps
scoring the tile it was set up with.
"""

from __future__ import annotations

import json
import secrets
from typing import Any

from sqlalchemy import Column, Connection, ForeignKey, Integer, String, Table, Text, delete, insert, update

from ..core.db import _now, metadata, table_code, write
from ..core.security import small_int
from ..core.tables import registry, roster

GAME = "explore-new-york"

eny_table = Table(
    "eny_table", metadata,
    Column("id", String(64), primary_key=True),
    Column("created", String(32), nullable=False),
    Column("settings", Text, nullable=False),
)
eny_sheet = Table(
    "eny_sheet", metadata,
    Column("table_id", String(64), ForeignKey("eny_table.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),  # its player's name is the core's (core_seat)
    Column("tile", Text, nullable=False),
    Column("sheet", Text, nullable=False),
    Column("version", Integer, nullable=False, server_default="0"),
    Column("updated", String(32), nullable=False),
)


def create_table(settings: dict, players: list[dict]) -> str:
    """Store a new table, its seats (the core's: names; links are derived) and its players' empty sheets; return
    the table's unguessable id. A repeated name raises `roster.DuplicateName` (the form refuses it first)."""
    token = secrets.token_urlsafe(16)
    now = _now()
    with write() as conn:
        conn.execute(insert(eny_table).values(id=token, created=now, settings=json.dumps(settings)))
        roster.add(conn, GAME, token, [p["name"] for p in players], tokens=False)
        for seat, player in enumerate(players):
            conn.execute(insert(eny_sheet).values(table_id=token, seat=seat, tile=json.dumps(player["tile"]),
                                                  sheet=json.dumps(player["sheet"]), version=0, updated=now))
    return token


def get_table(token: Any) -> dict[str, Any] | None:
    """Load a table (settings decoded) or None."""
    row = registry.own_row(eny_table, token)
    if row is None:
        return None
    return {"id": row["id"], "created": row["created"], "settings": json.loads(row["settings"])}


def _player(row: dict) -> dict[str, Any]:
    """Decode a sheet row (its player's name came from the core's seat)."""
    return {**row, "tile": json.loads(row["tile"]), "sheet": json.loads(row["sheet"])}


def get_players(token: str) -> list[dict[str, Any]]:
    """Every player's row of a table, in seat order."""
    return [_player(row) for row in roster.with_seats(GAME, eny_sheet, eny_sheet.c.table_id == token)]


def get_player(token: str, seat: Any) -> dict[str, Any] | None:
    """One player's row, or None (also for a seat number no database can hold)."""
    if small_int(seat) is None:
        return None
    found = roster.with_seats(GAME, eny_sheet, eny_sheet.c.table_id == token, eny_sheet.c.seat == seat)
    return _player(found[0]) if found else None


def save_sheet(token: str, seat: int, base_version: Any, sheet: dict) -> int | None:
    """Save one player's sheet if nobody saved since `base_version`; return the new version or None."""
    base = small_int(base_version)
    if small_int(seat) is None or base is None:
        return None
    with write() as conn:
        # The version check and the write are one statement: two phones saving at once cannot both win.
        done = conn.execute(update(eny_sheet)
                            .where(eny_sheet.c.table_id == token, eny_sheet.c.seat == seat,
                                   eny_sheet.c.version == base)
                            .values(sheet=json.dumps(sheet), version=eny_sheet.c.version + 1, updated=_now()))
        if done.rowcount != 1:
            return None
    return base + 1


def delete_table(conn: Connection, token: str) -> None:
    """Remove a table, its sheets, its refereed rounds and its join code (the retention purge)."""
    from .referee_store import eny_referee

    conn.execute(delete(eny_referee).where(eny_referee.c.table_id == token))
    conn.execute(delete(eny_sheet).where(eny_sheet.c.table_id == token))
    conn.execute(delete(eny_table).where(eny_table.c.id == token))
    conn.execute(delete(table_code).where(table_code.c.path == f"/explore-new-york/tables/{token}"))
