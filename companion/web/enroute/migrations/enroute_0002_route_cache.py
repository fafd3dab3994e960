"""En Route: the companion's chosen routes, cached per sheet content for every worker.

Revision ID: enroute_0002
Revises: enroute_0001
"""

import sqlalchemy as sa
from alembic import op

revision = "enroute_0002"
down_revision = "enroute_0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the route cache."""
    op.create_table(
        "enroute_route_cache",
        sa.Column("key", sa.String(64), primary_key=True),
        sa.Column("walk", sa.Text, nullable=False),
        sa.Column("proven", sa.Integer, nullable=False),
        sa.Column("created", sa.String(32), nullable=False),
    )


def downgrade() -> None:
    """Drop the route cache."""
    op.drop_table("enroute_route_cache")
