"""Ticket to Ride: Europe: every existing table gets its row in the core's registry (core_table).

Created from the table's `created`, touched at its latest seat save (or `created`); no host (the table was
made before tables had one), not finished. A seat claimed the old way (`claimed` = 1) stays held, by a phone
no key matches: the table link cannot take it, its own link can. The game's own rows are read, never changed.

Revision ID: ttr_europe_0003
Revises: ttr_europe_0002
"""

import sqlalchemy as sa
from alembic import op

from companion.web.core.tables import migrating as m

revision = "ttr_europe_0003"
down_revision = "ttr_europe_0002"
branch_labels = None
depends_on = "core_0002"

GAME = "ttr-europe"


def upgrade() -> None:
    """Insert a core_table row for every ttr_table that has none; keep the seats claimed the old way held."""
    ttr_table, ttr_seat = m.reflect("ttr_table", "ttr_seat")
    touched = m.newest(ttr_seat, "table_id", "updated")
    m.register_tables(GAME, [{"table_id": tid, "created": created, "touched": max(created, touched.get(tid) or created)}
                             for tid, created in op.get_bind().execute(sa.select(ttr_table.c.id, ttr_table.c.created))])
    m.hold_seats(GAME, op.get_bind().execute(sa.select(ttr_seat.c.table_id, ttr_seat.c.seat, ttr_seat.c.updated)
                                             .where(ttr_seat.c.claimed == 1)).all())


def downgrade() -> None:
    """Nothing: the registry rows are the core's (a host recorded since is kept), and the game's rows were
    never touched."""
