"""Ticket to Ride: Europe: every existing table gets its row in the core's registry (core_table).

Created from the table's `created`, touched at its latest seat save (or `created`); no host (the table was
made before tables had one), not finished. A seat claimed the old way (`claimed` = 1) stays held, by a phone
no key matches: the table link cannot take it, its own link can. The game's own rows are read, never changed.

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
UNKNOWN_PHONE = "held-before-core"  # never the hash of a phone's key (those are 64 hex digits)


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
    hold = sa.Table("core_seat_hold", meta, autoload_with=conn)
    held = set(conn.execute(sa.select(hold.c.table_id, hold.c.seat).where(hold.c.game == GAME)).all())
    holds = [{"game": GAME, "table_id": s.table_id, "seat": s.seat, "holder": UNKNOWN_PHONE, "since": s.updated}
             for s in conn.execute(sa.select(ttr_seat.c.table_id, ttr_seat.c.seat, ttr_seat.c.updated)
                                   .where(ttr_seat.c.claimed == 1))
             if (s.table_id, s.seat) not in held]
    if holds:
        conn.execute(sa.insert(hold), holds)


def downgrade() -> None:
    """Nothing: the registry rows are the core's (a host recorded since is kept), and the game's rows were
    never touched."""
