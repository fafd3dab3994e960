"""Welcome To...: every existing table gets its row in the core's table registry, and every existing seat is
held (each was taken by the phone that joined with it, known then by a cookie only): the table link cannot take
it, its own link moves it (the core's claim policy; the table page honours the old cookie's links). The game's
own rows are untouched.

Revision ID: welcome_to_0002
Revises: welcome_to_0001
"""

import sqlalchemy as sa
from alembic import op

revision = "welcome_to_0002"
down_revision = "welcome_to_0001"
branch_labels = None
depends_on = "core_0002"

GAME = "welcome-to"
UNKNOWN_PHONE = "held-before-core"  # never the hash of a phone's key (those are 64 hex digits)


def upgrade() -> None:
    """Register each table: made when it was made, touched when a seat last saved."""
    conn = op.get_bind()
    meta = sa.MetaData()
    tables = sa.Table("welcome_to_table", meta, autoload_with=conn)
    seats = sa.Table("welcome_to_seat", meta, autoload_with=conn)
    core = sa.Table("core_table", meta, autoload_with=conn)
    known = {r[0] for r in conn.execute(sa.select(core.c.table_id).where(core.c.game == GAME))}
    last = dict(conn.execute(sa.select(seats.c.table_id, sa.func.max(seats.c.updated))
                             .group_by(seats.c.table_id)).all())
    rows = [{"game": GAME, "table_id": t.id, "created": t.created, "touched": max(t.created, last.get(t.id) or "")}
            for t in conn.execute(sa.select(tables.c.id, tables.c.created)) if t.id not in known]
    if rows:
        conn.execute(sa.insert(core), rows)
    hold = sa.Table("core_seat_hold", meta, autoload_with=conn)
    held = set(conn.execute(sa.select(hold.c.table_id, hold.c.seat).where(hold.c.game == GAME)).all())
    holds = [{"game": GAME, "table_id": s.table_id, "seat": s.seat, "holder": UNKNOWN_PHONE, "since": s.updated}
             for s in conn.execute(sa.select(seats.c.table_id, seats.c.seat, seats.c.updated))
             if (s.table_id, s.seat) not in held]
    if holds:
        conn.execute(sa.insert(hold), holds)


def downgrade() -> None:
    """Drop Welcome To's rows from the registry and its seats' holds."""
    conn = op.get_bind()
    meta = sa.MetaData()
    for name in ("core_seat_hold", "core_table"):
        table = sa.Table(name, meta, autoload_with=conn)
        conn.execute(sa.delete(table).where(table.c.game == GAME))
