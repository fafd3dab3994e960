"""Core: every game's tables in one registry, who holds each seat, and each table's log.

Revision ID: core_0002
Revises: core_0001
"""

import sqlalchemy as sa
from alembic import op

revision = "core_0002"
down_revision = "core_0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create `core_table`, `core_seat_hold` and `core_table_event`."""
    op.create_table(
        "core_table",
        sa.Column("game", sa.String(64), primary_key=True),
        sa.Column("table_id", sa.String(64), primary_key=True),
        sa.Column("created", sa.String(32), nullable=False),
        sa.Column("touched", sa.String(32), nullable=False),
        sa.Column("finished", sa.String(32)),
        sa.Column("archived", sa.String(32)),
        sa.Column("host", sa.String(64)),
    )
    op.create_table(
        "core_seat_hold",
        sa.Column("game", sa.String(64), primary_key=True),
        sa.Column("table_id", sa.String(64), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("holder", sa.String(64), nullable=False),
        sa.Column("since", sa.String(32), nullable=False),
    )
    op.create_table(
        "core_table_event",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("table_id", sa.String(64), nullable=False),
        sa.Column("kind", sa.String(32), nullable=False),
        sa.Column("seat", sa.Integer),
        sa.Column("name", sa.Text, nullable=False, server_default=""),
        sa.Column("created", sa.String(32), nullable=False),
    )
    op.create_index("ix_core_table_event_table", "core_table_event", ["game", "table_id"])


def downgrade() -> None:
    """Drop the three tables."""
    op.drop_table("core_table_event")
    op.drop_table("core_seat_hold")
    op.drop_table("core_table")
