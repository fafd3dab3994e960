"""Explore New York: the round referee's log per table.

Revision ID: eny_0002
Revises: eny_0001
"""

import sqlalchemy as sa
from alembic import op

revision = "eny_0002"
down_revision = "eny_0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the referee's row: the accepted actions of a table's rounds, with a version."""
    op.create_table(
        "eny_referee",
        sa.Column("table_id", sa.String(64), sa.ForeignKey("eny_table.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("log", sa.Text, nullable=False),
        sa.Column("version", sa.Integer, nullable=False, server_default="0"),
    )


def downgrade() -> None:
    """Drop the referee's rows."""
    op.drop_table("eny_referee")
