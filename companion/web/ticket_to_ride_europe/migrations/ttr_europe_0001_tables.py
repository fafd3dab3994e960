"""Ticket to Ride: Europe: tables and each player's seat with its entry, secret link and version.

Revision ID: ttr_europe_0001
Revises:
"""

import sqlalchemy as sa
from alembic import op

from companion.web.core.tables import migrating as m

revision = "ttr_europe_0001"
down_revision = None
branch_labels = ("ttr_europe",)
depends_on = "core_0001"


def upgrade() -> None:
    """Create the table and seat tables."""
    op.create_table(
        "ttr_table",
        *m.table_key(),
        sa.Column("variant", sa.String(16), nullable=False),
    )
    op.create_table(
        "ttr_seat",
        *m.seat_key("ttr_table"),
        sa.Column("name", sa.Text, nullable=False),
        sa.Column("colour", sa.String(16), nullable=False),
        sa.Column("token", sa.String(64), nullable=False, unique=True),
        sa.Column("claimed", sa.Integer, nullable=False, server_default="0"),
        sa.Column("entry", sa.Text, nullable=False),
        sa.Column("version", sa.Integer, nullable=False, server_default="0"),
        sa.Column("updated", sa.String(32), nullable=False),
    )


def downgrade() -> None:
    """Drop the seat and table tables."""
    op.drop_table("ttr_seat")
    op.drop_table("ttr_table")
