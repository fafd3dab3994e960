"""En Route tables and player sheets in the database.

Each player's sheet lives in its own row with a version number, so phones that
save different players at the same time never overwrite each other, and a
save based on an old version is refused instead of silently winning. Every
saved version is also kept in `sheet_history`, which lets a refused save show
what the other edit changed.
"""

from __future__ import annotations

import json
import secrets
from typing import Any

from sqlalchemy import Column, ForeignKey, Integer, String, Table, Text, delete, insert, select, update

from ...core.db import _now, metadata, read, write
from ...core.security import small_int
from ...core.tables import registry, roster
from ...core.tables.live import mark_of

GAME = "enroute"  # the game's id in the core's table registry

game_table = Table(
    "game_table", metadata,
    Column("id", String(64), primary_key=True),
    Column("created", String(32), nullable=False),
    Column("board_id", String(128), nullable=False),
    Column("board_doc", Text, nullable=False),
    Column("level", String(16), nullable=False),
    Column("lang", String(8), nullable=False, server_default="en"),
    Column("ratings", Text, nullable=False),
    Column("goals", Text, nullable=False),
)
player_sheet = Table(
    "player_sheet", metadata,
    Column("table_id", String(64), ForeignKey("game_table.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),  # its player's name is the core's (core_seat)
    Column("colour", String(16), nullable=False),
    Column("route_mode", String(8), nullable=False, server_default="best"),
    Column("sheet", Text, nullable=False),
    Column("version", Integer, nullable=False, server_default="0"),
    Column("updated", String(32), nullable=False),
)
sheet_history = Table(
    "sheet_history", metadata,
    Column("table_id", String(64), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("version", Integer, primary_key=True),
    Column("route_mode", String(8), nullable=False),
    Column("sheet", Text, nullable=False),
)


def create_table(board_id: str, board_doc: dict, level: str, lang: str, ratings: dict, goals: list,
                 players: list[dict]) -> str:
    """Store a new table and its players' empty sheets; return the table's unguessable id."""
    token = secrets.token_urlsafe(16)
    now = _now()
    with write() as conn:
        conn.execute(insert(game_table).values(id=token, created=now, board_id=board_id,
                                               board_doc=json.dumps(board_doc), level=level, lang=lang,
                                               ratings=json.dumps(ratings), goals=json.dumps(goals)))
        roster.add(conn, GAME, token, [p["name"] for p in players], tokens=False)
        for seat, player in enumerate(players):
            text = json.dumps(player["sheet"])
            conn.execute(insert(player_sheet).values(table_id=token, seat=seat, colour=player["colour"],
                                                     route_mode="best", sheet=text, version=0, updated=now))
            conn.execute(insert(sheet_history).values(table_id=token, seat=seat, version=0, route_mode="best",
                                                      sheet=text))
        registry.register(GAME, token, conn)
    return token


def get_table(token: str) -> dict[str, Any] | None:
    """Load a table (settings decoded) or None."""
    table = registry.own_row(game_table, token)
    if table is None:
        return None
    for key in ("board_doc", "ratings", "goals"):
        table[key] = json.loads(table[key])
    return table


def set_language(token: str, lang: str) -> None:
    """Change a table's language (kept for old data; pages follow each phone's language)."""
    with write() as conn:
        conn.execute(update(game_table).where(game_table.c.id == token).values(lang=lang))


def get_players(token: str) -> list[dict[str, Any]]:
    """Load every player's row of a table, in seat order, sheets decoded (names from the core's seats)."""
    return [_player(row) for row in roster.with_seats(GAME, player_sheet, player_sheet.c.table_id == token)]


def get_player(token: str, seat: int) -> dict[str, Any] | None:
    """Load one player's row or None."""
    if small_int(seat) is None:  # a seat the database cannot even hold: no such player
        return None
    found = roster.with_seats(GAME, player_sheet, player_sheet.c.table_id == token, player_sheet.c.seat == seat)
    return _player(found[0]) if found else None


def _player(row: dict) -> dict[str, Any]:
    """Decode a player row."""
    return {**row, "sheet": json.loads(row["sheet"])}


def save_sheet(token: str, seat: int, base_version: int, sheet: dict, route_mode: str) -> int | None:
    """Save one player's sheet if nobody saved since `base_version`; return the new version or None."""
    if small_int(seat) is None or small_int(base_version) is None:
        return None
    text = json.dumps(sheet)
    with write() as conn:
        # The version check and the write are one statement, so two phones saving the
        # same player at once cannot both win.
        done = conn.execute(update(player_sheet)
                            .where(player_sheet.c.table_id == token, player_sheet.c.seat == seat,
                                   player_sheet.c.version == base_version)
                            .values(sheet=text, route_mode=route_mode, version=player_sheet.c.version + 1,
                                    updated=_now()))
        if done.rowcount != 1:
            return None
        new_version = base_version + 1
        conn.execute(insert(sheet_history).values(table_id=token, seat=seat, version=new_version,
                                                  route_mode=route_mode, sheet=text))
        waiting = conn.execute(select(player_sheet.c.seat).where(player_sheet.c.table_id == token,
                                                                 player_sheet.c.version == 0).limit(1)).first()
        # every sheet entered: the score sheet is final (the registry keeps it, retention archives it)
        (registry.touch if waiting else registry.finish)(GAME, token, conn)
    return new_version


def get_history(token: str, seat: int, version: int) -> dict[str, Any] | None:
    """Return one saved version of a player's sheet (sheet and route mode) or None."""
    if small_int(seat) is None or small_int(version) is None:
        return None
    with read() as conn:
        row = conn.execute(select(sheet_history.c.route_mode, sheet_history.c.sheet)
                           .where(sheet_history.c.table_id == token, sheet_history.c.seat == seat,
                                  sheet_history.c.version == version)).mappings().first()
    if row is None:
        return None
    return {"route_mode": row["route_mode"], "sheet": json.loads(row["sheet"])}


def change_mark(token: str, seat: int | None = None) -> str | None:
    """A short mark that moves whenever a page of the table would show something new (None: no such table).

    Made of public parts only: each sheet's version (the table page, the score sheet), or one sheet's
    version for that sheet's own page (`seat`).
    """
    if not isinstance(token, str) or not 0 < len(token) <= 64:
        return None
    query = select(player_sheet.c.seat, player_sheet.c.version).where(player_sheet.c.table_id == token)
    if seat is not None:
        if small_int(seat) is None:
            return None
        query = query.where(player_sheet.c.seat == seat)
    with read() as conn:
        rows = conn.execute(query.order_by(player_sheet.c.seat)).all()
    return mark_of(*(f"{s}:{v}" for s, v in rows)) if rows else None


def public_view(token: str) -> dict[str, Any] | None:
    """What every phone with the table link sees: the settings and every player's sheet (sheets are entered
    after the game, in the open; nothing here is one seat's secret)."""
    table = get_table(token)
    if table is None:
        return None
    players = get_players(token)
    return {"kind": "sheets", "id": token, "board": table["board_id"], "level": table["level"],
            "ratings": table["ratings"], "goals": table["goals"],
            "players": [{"seat": p["seat"], "name": p["name"], "colour": p["colour"], "version": p["version"],
                         "entered": p["version"] > 0, "route_mode": p["route_mode"], "sheet": p["sheet"]}
                        for p in players],
            "mark": change_mark(token)}


def delete_table(conn, token: str) -> None:
    """Remove a table's rows (retention's purge; the core removes its own rows)."""
    for t, column in ((sheet_history, sheet_history.c.table_id), (player_sheet, player_sheet.c.table_id),
                      (game_table, game_table.c.id)):
        conn.execute(delete(t).where(column == token))
