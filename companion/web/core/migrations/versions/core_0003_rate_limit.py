"""Core: the rate limits' fixed-window counters (companion/web/core/limits.py), shared by every app server.

Revision ID: core_0003
Revises: core_0002
"""

import sqlalchemy as sa
from alembic import op

revision = "core_0003"
down_revision = "core_0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create `rate_limit`."""
    op.create_table(
        "rate_limit",
        sa.Column("key", sa.String(255), primary_key=True),
        sa.Column("hits", sa.Integer, nullable=False),
        sa.Column("expires", sa.Float, nullable=False),
    )


def downgrade() -> None:
    """Drop `rate_limit`."""
    op.drop_table("rate_limit")
