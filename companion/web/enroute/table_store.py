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
import sqlite3
from typing import Any

from ..core.db import _now, add_schema, get_db
from ..core.security import small_int

SCHEMA = """
CREATE TABLE IF NOT EXISTS game_table (
    id TEXT PRIMARY KEY,
    created TEXT NOT NULL,
    board_id TEXT NOT NULL,
    board_doc TEXT NOT NULL,
    level TEXT NOT NULL,
    lang TEXT NOT NULL DEFAULT 'en',
    ratings TEXT NOT NULL,
    goals TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS player_sheet (
    table_id TEXT NOT NULL REFERENCES game_table(id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    colour TEXT NOT NULL,
    route_mode TEXT NOT NULL DEFAULT 'best',
    sheet TEXT NOT NULL,
    version INTEGER NOT NULL DEFAULT 0,
    updated TEXT NOT NULL,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS sheet_history (
    table_id TEXT NOT NULL,
    seat INTEGER NOT NULL,
    version INTEGER NOT NULL,
    route_mode TEXT NOT NULL,
    sheet TEXT NOT NULL,
    PRIMARY KEY (table_id, seat, version)
);
"""

add_schema("enroute-tables", SCHEMA, "DROP TABLE IF EXISTS sheet_history; DROP TABLE IF EXISTS player_sheet; "
           "DROP TABLE IF EXISTS game_table;")


def create_table(board_id: str, board_doc: dict, level: str, lang: str, ratings: dict, goals: list,
                 players: list[dict]) -> str:
    """Store a new table and its players' empty sheets; return the table's unguessable id."""
    db = get_db()
    token = secrets.token_urlsafe(16)
    now = _now()
    with db:
        db.execute("INSERT INTO game_table (id, created, board_id, board_doc, level, lang, ratings, goals) "
                   "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                   (token, now, board_id, json.dumps(board_doc), level, lang, json.dumps(ratings),
                    json.dumps(goals)))
        for seat, player in enumerate(players):
            db.execute("INSERT INTO player_sheet (table_id, seat, name, colour, route_mode, sheet, version, updated)"
                       " VALUES (?, ?, ?, ?, 'best', ?, 0, ?)",
                       (token, seat, player["name"], player["colour"], json.dumps(player["sheet"]), now))
            db.execute("INSERT INTO sheet_history (table_id, seat, version, route_mode, sheet) "
                       "VALUES (?, ?, 0, 'best', ?)", (token, seat, json.dumps(player["sheet"])))
    return token


def get_table(token: str) -> dict[str, Any] | None:
    """Load a table (settings decoded) or None."""
    if not isinstance(token, str) or len(token) > 64:
        return None
    row = get_db().execute("SELECT * FROM game_table WHERE id = ?", (token,)).fetchone()
    if row is None:
        return None
    table = dict(row)
    for key in ("board_doc", "ratings", "goals"):
        table[key] = json.loads(table[key])
    return table


def set_language(token: str, lang: str) -> None:
    """Change a table's language."""
    db = get_db()
    with db:
        db.execute("UPDATE game_table SET lang = ? WHERE id = ?", (lang, token))


def get_players(token: str) -> list[dict[str, Any]]:
    """Load every player's row of a table, in seat order, sheets decoded."""
    rows = get_db().execute("SELECT * FROM player_sheet WHERE table_id = ? ORDER BY seat", (token,)).fetchall()
    return [_player(row) for row in rows]


def get_player(token: str, seat: int) -> dict[str, Any] | None:
    """Load one player's row or None."""
    if small_int(seat) is None:  # a seat the database cannot even hold: no such player
        return None
    row = get_db().execute("SELECT * FROM player_sheet WHERE table_id = ? AND seat = ?", (token, seat)).fetchone()
    return _player(row) if row is not None else None


def _player(row: sqlite3.Row) -> dict[str, Any]:
    """Decode a player row."""
    player = dict(row)
    player["sheet"] = json.loads(player["sheet"])
    return player


def save_sheet(token: str, seat: int, base_version: int, sheet: dict, route_mode: str) -> int | None:
    """Save one player's sheet if nobody saved since `base_version`; return the new version or None."""
    if small_int(seat) is None or small_int(base_version) is None:
        return None
    db = get_db()
    text = json.dumps(sheet)
    with db:
        # The version check and the write are one statement, so two phones saving the
        # same player at once cannot both win.
        cur = db.execute("UPDATE player_sheet SET sheet = ?, route_mode = ?, version = version + 1, updated = ? "
                         "WHERE table_id = ? AND seat = ? AND version = ?",
                         (text, route_mode, _now(), token, seat, base_version))
        if cur.rowcount != 1:
            return None
        new_version = base_version + 1
        db.execute("INSERT OR REPLACE INTO sheet_history (table_id, seat, version, route_mode, sheet) "
                   "VALUES (?, ?, ?, ?, ?)", (token, seat, new_version, route_mode, text))
    return new_version


def get_history(token: str, seat: int, version: int) -> dict[str, Any] | None:
    """Return one saved version of a player's sheet (sheet and route mode) or None."""
    if small_int(seat) is None or small_int(version) is None:
        return None
    row = get_db().execute("SELECT route_mode, sheet FROM sheet_history WHERE table_id = ? AND seat = ? "
                           "AND version = ?", (token, seat, version)).fetchone()
    if row is None:
        return None
    return {"route_mode": row["route_mode"], "sheet": json.loads(row["sheet"])}
