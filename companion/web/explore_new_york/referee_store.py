"""The round referee's state in the database: the list of accepted actions of a table, with a version.

The state itself is never stored: it is the engine's referee replayed over the
log (`rounds.replay`), so a page always shows what the rules make of it. An
action is appended with `UPDATE … WHERE version = :base` (the row is made with
the table's first action), so two phones acting at once cannot both win.
"""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import Column, ForeignKey, Integer, String, Table, Text, insert, select, update
from sqlalchemy.exc import IntegrityError

from ..core.db import metadata, read, write
from ..core.security import small_int

eny_referee = Table(
    "eny_referee", metadata,
    Column("table_id", String(64), ForeignKey("eny_table.id", ondelete="CASCADE"), primary_key=True),
    Column("log", Text, nullable=False),
    Column("version", Integer, nullable=False, server_default="0"),
)


def get_log(token: str) -> tuple[list[dict[str, Any]], int]:
    """The table's accepted actions and their version (none yet: an empty log, version 0)."""
    with read() as conn:
        row = conn.execute(select(eny_referee).where(eny_referee.c.table_id == token)).mappings().first()
    if row is None:
        return [], 0
    return json.loads(row["log"]), row["version"]


def append(token: str, base_version: Any, log: list[dict[str, Any]]) -> bool:
    """Store a new log if nobody changed it since `base_version`; tell whether it was stored."""
    base = small_int(base_version)
    if base is None:
        return False
    text = json.dumps(log)
    try:
        with write() as conn:
            if base == 0:
                conn.execute(insert(eny_referee).values(table_id=token, log=text, version=1))
                return True
            done = conn.execute(update(eny_referee).where(eny_referee.c.table_id == token,
                                                          eny_referee.c.version == base)
                                .values(log=text, version=base + 1))
            return done.rowcount == 1
    except IntegrityError:  # someone made the row first
        return False
