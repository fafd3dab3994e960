"""Explore New York: every existing table gets its row in the core's table registry (its own rows are untouched).

Revision ID: eny_0004
Revises: eny_0003
"""

import sqlalchemy as sa
from alembic import op

from companion.web.core.tables import migrating as m

revision = "eny_0004"
down_revision = "eny_0003"
branch_labels = None
depends_on = "core_0002"

GAME = "explore-new-york"


def upgrade() -> None:
    """Register each table: made when it was made, touched when a sheet last saved, finished when all were."""
    conn = op.get_bind()
    tables, sheets = m.reflect("eny_table", "eny_sheet")
    found = conn.execute(sa.select(sheets.c.table_id, sa.func.max(sheets.c.updated), sa.func.min(sheets.c.version))
                         .group_by(sheets.c.table_id)).all()
    last = {t: (updated, least) for t, updated, least in found}
    rows = []
    for t in conn.execute(sa.select(tables.c.id, tables.c.created)):
        updated, least = last.get(t.id, ("", 0))
        touched = max(t.created, updated or "")
        rows.append({"table_id": t.id, "created": t.created, "touched": touched,
                     "finished": touched if least and least > 0 else None})
    m.register_tables(GAME, rows)


def downgrade() -> None:
    """Drop Explore New York's rows from the registry."""
    m.unregister_tables(GAME, "core_table")
