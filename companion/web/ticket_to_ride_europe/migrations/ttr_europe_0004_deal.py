"""Ticket to Ride: Europe: the companion's ticket deck of a table (dealing and keeping, issue 29).

Revision ID: ttr_europe_0004
Revises: ttr_europe_0003
"""

import sqlalchemy as sa
from alembic import op

revision = "ttr_europe_0004"
down_revision = "ttr_europe_0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the deal table: one row per table that deals from the companion's deck."""
    op.create_table(
        "ttr_deal",
        sa.Column("table_id", sa.String(64), sa.ForeignKey("ttr_table.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("state", sa.Text, nullable=False),
        sa.Column("version", sa.Integer, nullable=False, server_default="0"),
    )


def downgrade() -> None:
    """Drop the deal table."""
    op.drop_table("ttr_deal")
