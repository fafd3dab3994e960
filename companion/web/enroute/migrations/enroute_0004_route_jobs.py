"""En Route: route searches that run in the background (a job per table and sheet contents).

Revision ID: enroute_0004_route_jobs
Revises: enroute_0003
"""

import sqlalchemy as sa
from alembic import op

revision = "enroute_0004_route_jobs"
down_revision = "enroute_0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the job table."""
    op.create_table(
        "enroute_route_jobs",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("table_id", sa.String(64), nullable=False),
        sa.Column("state", sa.String(16), nullable=False),
        sa.Column("request", sa.Text, nullable=False),
        sa.Column("result", sa.Text),
        sa.Column("done", sa.Integer, nullable=False, server_default="0"),
        sa.Column("total", sa.Integer, nullable=False, server_default="0"),
        sa.Column("worker", sa.String(128)),
        sa.Column("heartbeat", sa.Float),
        sa.Column("attempts", sa.Integer, nullable=False, server_default="0"),
        sa.Column("error", sa.Text),
        sa.Column("created", sa.String(32), nullable=False),
        sa.Column("updated", sa.Float, nullable=False),
    )
    op.create_index("ix_enroute_route_jobs_table_id", "enroute_route_jobs", ["table_id"])
    op.create_index("ix_enroute_route_jobs_state", "enroute_route_jobs", ["state"])


def downgrade() -> None:
    """Drop the job table."""
    op.drop_index("ix_enroute_route_jobs_state", "enroute_route_jobs")
    op.drop_index("ix_enroute_route_jobs_table_id", "enroute_route_jobs")
    op.drop_table("enroute_route_jobs")
