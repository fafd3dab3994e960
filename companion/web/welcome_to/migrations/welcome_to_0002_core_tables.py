"""Welcome To...: every existing table gets its row in the core's table registry (its own rows are untouched).

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


def downgrade() -> None:
    """Drop Welcome To's rows from the registry."""
    conn = op.get_bind()
    core = sa.Table("core_table", sa.MetaData(), autoload_with=conn)
    conn.execute(sa.delete(core).where(core.c.game == GAME))
