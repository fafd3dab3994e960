"""Welcome To...: tables (mode, intermediate rules, plans in play) and seats (secret token, imported base, move log).

Revision ID: welcome_to_0001
Revises:
"""

import sqlalchemy as sa
from alembic import op

from companion.web.core.tables import migrating as m

revision = "welcome_to_0001"
down_revision = None
branch_labels = ("welcome_to",)
depends_on = "core_0001"


def upgrade() -> None:
    """Create the two tables."""
    op.create_table(
        "welcome_to_table",
        *m.table_key(),
        sa.Column("mode", sa.String(16), nullable=False),
        sa.Column("intermediate", sa.Integer, nullable=False, server_default="0"),
        sa.Column("plans", sa.Text, nullable=False),
        sa.Column("version", sa.Integer, nullable=False, server_default="0"),
    )
    op.create_table(
        "welcome_to_seat",
        *m.seat_key("welcome_to_table"),
        sa.Column("token", sa.String(64), nullable=False, unique=True),
        sa.Column("name", sa.Text, nullable=False),
        sa.Column("base", sa.Text),
        sa.Column("log", sa.Text, nullable=False),
        sa.Column("version", sa.Integer, nullable=False, server_default="0"),
        sa.Column("updated", sa.String(32), nullable=False),
    )


def downgrade() -> None:
    """Drop Welcome To's tables."""
    op.drop_table("welcome_to_seat")
    op.drop_table("welcome_to_table")
