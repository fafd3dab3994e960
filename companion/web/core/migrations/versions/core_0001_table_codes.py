"""Core: the short codes that let a phone join a table.

Revision ID: core_0001
Revises:
"""

import sqlalchemy as sa
from alembic import op

revision = "core_0001"
down_revision = None
branch_labels = ("core",)
depends_on = None


def upgrade() -> None:
    """Create `table_code` (databases made before migrations may already have it)."""
    if "table_code" in sa.inspect(op.get_bind()).get_table_names():
        return
    op.create_table(
        "table_code",
        sa.Column("code", sa.String(16), primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("path", sa.String(512), nullable=False),
        sa.Column("title", sa.Text, nullable=False),
        sa.Column("created", sa.String(32), nullable=False),
    )
    op.create_index("ix_table_code_path", "table_code", ["path"])


def downgrade() -> None:
    """Drop `table_code`."""
    op.drop_table("table_code")
