"""Thurn und Taxis: every existing table joins the core's registry; seats already claimed stay held.

A `core_table` row per `taxis_table` (created from its own column, touched at its newest change, finished
when its state says the game ended), and a `core_seat_hold` row for every seat whose old `claimed` column
is set, held by a phone no key matches: the table link cannot take it, its own link moves it (the core's
claim policy). The game's own rows are not touched.

Revision ID: thurn_und_taxis_rome_0002
Revises: thurn_und_taxis_rome_0001
"""

import json

import sqlalchemy as sa
from alembic import op

from companion.web.core.tables import migrating as m

revision = "thurn_und_taxis_rome_0002"
down_revision = "thurn_und_taxis_rome_0001"
branch_labels = None
depends_on = "core_0002"

GAME = "thurn-und-taxis-rome"


def _ended(state: str) -> bool:
    """Whether a stored state says the game is over (a state that does not read counts as not over)."""
    try:
        doc = json.loads(state)
    except ValueError:
        return False
    return isinstance(doc, dict) and bool(doc.get("ended"))


def upgrade() -> None:
    """Register every table and keep every claimed seat held."""
    conn = op.get_bind()
    taxis_table, taxis_seat, taxis_action = m.reflect("taxis_table", "taxis_seat", "taxis_action")
    newest = m.newest(taxis_action, "table_id", "created")
    rows = []
    for row in conn.execute(sa.select(taxis_table.c.id, taxis_table.c.created, taxis_table.c.state)).mappings():
        touched = max(row["created"], newest.get(row["id"]) or row["created"])
        rows.append({"table_id": row["id"], "created": row["created"], "touched": touched,
                     "finished": touched if _ended(row["state"]) else None})
    m.register_tables(GAME, rows)
    m.hold_seats(GAME, conn.execute(sa.select(taxis_seat.c.table_id, taxis_seat.c.seat, taxis_table.c.created)
                                    .join(taxis_table, taxis_table.c.id == taxis_seat.c.table_id)
                                    .where(taxis_seat.c.claimed != 0)).all())


def downgrade() -> None:
    """Drop this game's rows from the core's registry and seat holds (the game's own rows are untouched)."""
    m.unregister_tables(GAME, "core_seat_hold", "core_table_event", "core_table")
