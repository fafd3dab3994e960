"""Explore New York: tables and player sheets.

Revision ID: eny_0001
Revises:
"""

import sqlalchemy as sa
from alembic import op

from companion.web.core.tables import migrating as m

revision = "eny_0001"
down_revision = None
branch_labels = ("explore_new_york",)
depends_on = "core_0001"


def upgrade() -> None:
    """Create the table and sheet rows."""
    op.create_table(
        "eny_table",
        *m.table_key(),
        sa.Column("settings", sa.Text, nullable=False),
    )
    op.create_table(
        "eny_sheet",
        *m.seat_key("eny_table"),
        sa.Column("name", sa.Text, nullable=False),
        sa.Column("tile", sa.Text, nullable=False),
        sa.Column("sheet", sa.Text, nullable=False),
        sa.Column("version", sa.Integer, nullable=False, server_default="0"),
        sa.Column("updated", sa.String(32), nullable=False),
    )


def downgrade() -> None:
    """Drop Explore New York's tables."""
    op.drop_table("eny_sheet")
    op.drop_table("eny_table")
