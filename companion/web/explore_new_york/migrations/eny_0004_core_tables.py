"""Explore New York: every existing table gets its row in the core's table registry (its own rows are untouched).

Revision ID: eny_0004
Revises: eny_0003
"""

import sqlalchemy as sa
from alembic import op

revision = "eny_0004"
down_revision = "eny_0003"
branch_labels = None
depends_on = "core_0002"

GAME = "explore-new-york"


def upgrade() -> None:
    """Register each table: made when it was made, touched when a sheet last saved, finished when all were."""
    conn = op.get_bind()
    meta = sa.MetaData()
    tables = sa.Table("eny_table", meta, autoload_with=conn)
    sheets = sa.Table("eny_sheet", meta, autoload_with=conn)
    core = sa.Table("core_table", meta, autoload_with=conn)
    known = {r[0] for r in conn.execute(sa.select(core.c.table_id).where(core.c.game == GAME))}
    found = conn.execute(sa.select(sheets.c.table_id, sa.func.max(sheets.c.updated), sa.func.min(sheets.c.version))
                         .group_by(sheets.c.table_id)).all()
    last = {t: (updated, least) for t, updated, least in found}
    rows = []
    for t in conn.execute(sa.select(tables.c.id, tables.c.created)):
        if t.id in known:
            continue
        updated, least = last.get(t.id, ("", 0))
        touched = max(t.created, updated or "")
        rows.append({"game": GAME, "table_id": t.id, "created": t.created, "touched": touched,
                     "finished": touched if least and least > 0 else None})
    if rows:
        conn.execute(sa.insert(core), rows)


def downgrade() -> None:
    """Drop Explore New York's rows from the registry."""
    conn = op.get_bind()
    core = sa.Table("core_table", sa.MetaData(), autoload_with=conn)
    conn.execute(sa.delete(core).where(core.c.game == GAME))
