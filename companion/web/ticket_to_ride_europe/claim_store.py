"""The optional claim log of a Ticket to Ride: Europe table, in the database.

Each line is one public act at the table: a player claimed a route (with the cards
played, when the table gives them), built a station, or played a turn without a
claim (logged so that the last round can be counted). Lines are numbered 1, 2, 3 per table; the number is part of the
primary key and the page posts how many lines it showed, so two phones
logging at once cannot both add line 7 — the second is refused and shown the
log as it is now. Logging a line also puts the route or station into the
player's entry (the end-state entry) in the same transaction, with the seat's
own version check; undoing the last line takes it out again. The line that plays
the last turn of the game ends the table (the core's `finish`) in the same
transaction. Tickets are never logged: they are the player's secret and stay on
the seat's own page.
"""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import Column, ForeignKey, Integer, String, Table, Text, delete, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from ..core.db import _now, metadata, read, write
from ..core.tables import registry
from .store import ttr_seat

ttr_claim = Table(
    "ttr_claim", metadata,
    Column("table_id", String(64), ForeignKey("ttr_table.id", ondelete="CASCADE"), primary_key=True),
    Column("n", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("kind", String(8), nullable=False),  # "route", "station" or "turn"
    Column("route", Integer, nullable=True),
    Column("city", Text, nullable=True),
    Column("created", String(32), nullable=False),
    Column("cards", Text, nullable=True),  # a route's cards as JSON (ttr-europe-log/1), null when not given
    Column("turn", String(16), nullable=True),  # a turn without a claim: "cards", "tickets" or "tunnel"
)
GAME = "ttr-europe"


class Stale(Exception):
    """The log or the seat changed since the page was shown: nothing was written."""


def get_log(table_id: str) -> list[dict[str, Any]]:
    """Every line of a table's claim log, in order."""
    with read() as conn:
        rows = conn.execute(select(ttr_claim).where(ttr_claim.c.table_id == table_id)
                            .order_by(ttr_claim.c.n)).mappings().all()
    return [{**row, "cards": json.loads(row["cards"]) if row["cards"] else None} for row in rows]


def _save_seat(conn, table_id: str, seat: int, version: int, entry: dict) -> None:
    """Write a seat's entry if its version is still `version`, else raise Stale (the transaction rolls back)."""
    done = conn.execute(update(ttr_seat).where(ttr_seat.c.table_id == table_id, ttr_seat.c.seat == seat,
                                               ttr_seat.c.version == version)
                        .values(entry=json.dumps(entry), version=ttr_seat.c.version + 1, updated=_now()))
    if done.rowcount != 1:
        raise Stale


def add_line(table_id: str, shown: int, line: dict[str, Any], seat_version: int, entry: dict | None,
             finish: bool = False) -> None:
    """Add line `shown + 1` and save the claiming seat's new entry (None: a turn, the entry does not change),
    all or nothing; `finish` ends the table's game in the same transaction (the last turn of the game). Raise
    Stale when the log or the seat moved on since the page showed `shown` lines and that seat version."""
    cards = line.get("cards")
    try:
        with write() as conn:
            # The insert comes first: its primary key decides between two phones logging at once.
            conn.execute(insert(ttr_claim).values(table_id=table_id, n=shown + 1, seat=line["seat"],
                                                  kind=line["kind"], route=line.get("route"),
                                                  city=line.get("city"), created=_now(),
                                                  cards=json.dumps(cards) if cards else None,
                                                  turn=line.get("turn")))
            if entry is not None:
                _save_seat(conn, table_id, line["seat"], seat_version, entry)
            if finish:
                registry.finish(GAME, table_id, conn)
    except IntegrityError as exc:
        raise Stale from exc


def undo_line(table_id: str, shown: int, seat: int, seat_version: int, entry: dict | None) -> None:
    """Remove line `shown` (it must be the last) and save its seat's entry without it (None: a turn, nothing to
    take out); raise Stale otherwise. A game the log ended stays ended: its tickets have been shown."""
    with write() as conn:
        done = conn.execute(delete(ttr_claim).where(ttr_claim.c.table_id == table_id, ttr_claim.c.n == shown))
        if done.rowcount != 1:
            raise Stale
        later = conn.execute(select(func.count()).select_from(ttr_claim)
                             .where(ttr_claim.c.table_id == table_id, ttr_claim.c.n > shown)).scalar_one()
        if later:
            raise Stale
        if entry is not None:
            _save_seat(conn, table_id, seat, seat_version, entry)
