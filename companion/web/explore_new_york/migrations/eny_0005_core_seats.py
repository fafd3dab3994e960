"""Explore New York: the players' names move into the core's seats (`core_seat`); the sheets keep the rest.

Revision ID: eny_0005
Revises: eny_0004
"""

import sqlalchemy as sa
from alembic import op

revision = "eny_0005"
down_revision = "eny_0004"
branch_labels = None
depends_on = "core_0005_seats"

GAME = "explore-new-york"


def upgrade() -> None:
    """Copy every sheet's name into `core_seat` (no token: the seat links are derived), then drop the column."""
    conn = op.get_bind()
    meta = sa.MetaData()
    tables = sa.Table("eny_table", meta, autoload_with=conn)
    sheets = sa.Table("eny_sheet", meta, autoload_with=conn)
    core = sa.Table("core_seat", meta, autoload_with=conn)
    known = set(conn.execute(sa.select(core.c.table_id, core.c.seat).where(core.c.game == GAME)).all())
    found = conn.execute(sa.select(sheets.c.table_id, sheets.c.seat, sheets.c.name, tables.c.created)
                         .join(tables, tables.c.id == sheets.c.table_id)).all()
    rows = [{"game": GAME, "table_id": t, "seat": seat, "name": name, "token": None, "created": created}
            for t, seat, name, created in found if (t, seat) not in known]
    if rows:
        conn.execute(sa.insert(core), rows)
    with op.batch_alter_table("eny_sheet") as batch:
        batch.drop_column("name")


def downgrade() -> None:
    """Give the sheets their names back from `core_seat`, then drop Explore New York's seats there."""
    with op.batch_alter_table("eny_sheet") as batch:
        batch.add_column(sa.Column("name", sa.Text, nullable=False, server_default=""))
    conn = op.get_bind()
    meta = sa.MetaData()
    sheets = sa.Table("eny_sheet", meta, autoload_with=conn)
    core = sa.Table("core_seat", meta, autoload_with=conn)
    for t, seat, name in conn.execute(sa.select(core.c.table_id, core.c.seat, core.c.name)
                                      .where(core.c.game == GAME)).all():
        conn.execute(sa.update(sheets).where(sheets.c.table_id == t, sheets.c.seat == seat).values(name=name))
    conn.execute(sa.delete(core).where(core.c.game == GAME))
