"""Ticket to Ride: Europe: every existing table gets its row in the core's registry (core_table).

Created from the table's `created`, touched at its latest seat save (or `created`); no host (the table was
made before tables had one), not finished. The game's own rows are read, never changed.

Revision ID: ttr_europe_0003
Revises: ttr_europe_0002
"""

import sqlalchemy as sa
from alembic import op

revision = "ttr_europe_0003"
down_revision = "ttr_europe_0002"
branch_labels = None
depends_on = "core_0002"

GAME = "ttr-europe"


def upgrade() -> None:
    """Insert a core_table row for every ttr_table that has none."""
    conn = op.get_bind()
    meta = sa.MetaData()
    ttr_table = sa.Table("ttr_table", meta, autoload_with=conn)
    ttr_seat = sa.Table("ttr_seat", meta, autoload_with=conn)
    core_table = sa.Table("core_table", meta, autoload_with=conn)
    known = set(conn.execute(sa.select(core_table.c.table_id).where(core_table.c.game == GAME)).scalars())
    touched = dict(conn.execute(sa.select(ttr_seat.c.table_id, sa.func.max(ttr_seat.c.updated))
                                .group_by(ttr_seat.c.table_id)).all())
    rows = [{"game": GAME, "table_id": tid, "created": created,
             "touched": max(created, touched.get(tid) or created)}
            for tid, created in conn.execute(sa.select(ttr_table.c.id, ttr_table.c.created)).all()
            if tid not in known]
    if rows:
        conn.execute(sa.insert(core_table), rows)


def downgrade() -> None:
    """Nothing: the registry rows are the core's (a host recorded since is kept), and the game's rows were
    never touched."""
