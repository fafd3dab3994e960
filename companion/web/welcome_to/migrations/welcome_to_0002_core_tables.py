"""Welcome To...: every existing table gets its row in the core's table registry, and every existing seat is
held (each was taken by the phone that joined with it, known then by a cookie only): the table link cannot take
it, its own link moves it (the core's claim policy; the table page honours the old cookie's links). The game's
own rows are untouched.

Revision ID: welcome_to_0002
Revises: welcome_to_0001
"""

import sqlalchemy as sa
from alembic import op

from companion.web.core.tables import migrating as m

revision = "welcome_to_0002"
down_revision = "welcome_to_0001"
branch_labels = None
depends_on = "core_0002"

GAME = "welcome-to"


def upgrade() -> None:
    """Register each table: made when it was made, touched when a seat last saved; hold every seat."""
    tables, seats = m.reflect("welcome_to_table", "welcome_to_seat")
    last = m.newest(seats, "table_id", "updated")
    conn = op.get_bind()
    m.register_tables(GAME, [{"table_id": t.id, "created": t.created, "touched": max(t.created, last.get(t.id) or "")}
                             for t in conn.execute(sa.select(tables.c.id, tables.c.created))])
    m.hold_seats(GAME, conn.execute(sa.select(seats.c.table_id, seats.c.seat, seats.c.updated)).all())


def downgrade() -> None:
    """Drop Welcome To's rows from the registry and its seats' holds."""
    m.unregister_tables(GAME, "core_seat_hold", "core_table")
