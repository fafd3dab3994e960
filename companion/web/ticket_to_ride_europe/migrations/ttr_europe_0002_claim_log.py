"""Ticket to Ride: Europe: the optional claim log (one line per route claimed or station built during play).

Revision ID: ttr_europe_0002
Revises: ttr_europe_0001
"""

import sqlalchemy as sa
from alembic import op

revision = "ttr_europe_0002"
down_revision = "ttr_europe_0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the claim log table."""
    op.create_table(
        "ttr_claim",
        sa.Column("table_id", sa.String(64), sa.ForeignKey("ttr_table.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("n", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("route", sa.Integer, nullable=True),
        sa.Column("city", sa.Text, nullable=True),
        sa.Column("created", sa.String(32), nullable=False),
    )


def downgrade() -> None:
    """Drop the claim log table."""
    op.drop_table("ttr_claim")
