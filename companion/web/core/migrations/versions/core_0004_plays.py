"""Core: plays (finished tables kept), groups that keep them, a table's keep/group choice, group name matching.

Revision ID: core_0004_plays
Revises: core_0003
"""

import sqlalchemy as sa
from alembic import op

revision = "core_0004_plays"
down_revision = "core_0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create `play_group`, `play`, `play_table` and `play_alias`."""
    op.create_table(
        "play_group",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("name", sa.Text, nullable=False),
        sa.Column("created", sa.String(32), nullable=False),
        sa.Column("changed", sa.String(64)),
    )
    op.create_table(
        "play",
        sa.Column("group_id", sa.String(64), primary_key=True),
        sa.Column("uid", sa.String(64), primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("table_id", sa.String(64)),
        sa.Column("played", sa.String(32), nullable=False),
        sa.Column("doc", sa.Text, nullable=False),
    )
    op.create_index("ix_play_table", "play", ["game", "table_id"])
    op.create_table(
        "play_table",
        sa.Column("game", sa.String(64), primary_key=True),
        sa.Column("table_id", sa.String(64), primary_key=True),
        sa.Column("group_id", sa.String(64)),
        sa.Column("keep", sa.Integer, nullable=False, server_default="1"),
        sa.Column("captured", sa.String(32)),
    )
    op.create_table(
        "play_alias",
        sa.Column("group_id", sa.String(64), primary_key=True),
        sa.Column("key", sa.String(255), primary_key=True),
        sa.Column("name", sa.Text, nullable=False),
    )


def downgrade() -> None:
    """Drop the four tables."""
    op.drop_table("play_alias")
    op.drop_table("play_table")
    op.drop_index("ix_play_table", table_name="play")
    op.drop_table("play")
    op.drop_table("play_group")
