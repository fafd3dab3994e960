"""Thurn und Taxis: All Roads Lead to Rome: tables (the engine's state), seats, the action log, boards.

Revision ID: thurn_und_taxis_rome_0001
Revises:
"""

import sqlalchemy as sa
from alembic import op

from companion.web.core.tables import migrating as m

revision = "thurn_und_taxis_rome_0001"
down_revision = None
branch_labels = ("thurn_und_taxis_rome",)
depends_on = "core_0001"


def upgrade() -> None:
    """Create the four tables."""
    op.create_table(
        "taxis_table",
        *m.table_key(),
        sa.Column("version", sa.Integer, nullable=False, server_default="0"),
        sa.Column("state", sa.Text, nullable=False),
        sa.Column("base", sa.Text, nullable=False, server_default="[]"),
        sa.Column("board_id", sa.String(64)),
    )
    op.create_table(
        "taxis_seat",
        *m.seat_key("taxis_table"),
        sa.Column("token", sa.String(64), nullable=False, unique=True),
        sa.Column("claimed", sa.Integer, nullable=False, server_default="0"),
    )
    op.create_table(
        "taxis_action",
        m.table_ref("taxis_table"),
        sa.Column("seq", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(32), nullable=False),
        sa.Column("seat", sa.Integer),
        sa.Column("detail", sa.String(64)),
        sa.Column("before", sa.Text, nullable=False),
        sa.Column("undone", sa.Integer, nullable=False, server_default="0"),
        sa.Column("created", sa.String(32), nullable=False),
    )
    op.create_table(
        "taxis_board",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("name", sa.Text, nullable=False),
        sa.Column("doc", sa.Text, nullable=False),
        sa.Column("created", sa.String(32), nullable=False),
    )


def downgrade() -> None:
    """Drop the four tables."""
    for name in ("taxis_action", "taxis_seat", "taxis_board", "taxis_table"):
        op.drop_table(name)
