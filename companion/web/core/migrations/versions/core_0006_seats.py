"""Core: every game's seats in one table (the name, the seat's secret link token, when it was made).

Revision ID: core_0006_seats
Revises: core_0005_play_pictures_summary
"""

import sqlalchemy as sa
from alembic import op

revision = "core_0006_seats"
down_revision = "core_0005_play_pictures_summary"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create `core_seat` (each game's own migration copies its seats into it)."""
    op.create_table(
        "core_seat",
        sa.Column("game", sa.String(64), primary_key=True),
        sa.Column("table_id", sa.String(64), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("name", sa.Text, nullable=False),
        sa.Column("token", sa.String(64)),
        sa.Column("created", sa.String(32), nullable=False),
        sa.UniqueConstraint("game", "token", name="uq_core_seat_token"),
    )


def downgrade() -> None:
    """Drop `core_seat` (the games' downgrades copy their seats back first)."""
    op.drop_table("core_seat")
