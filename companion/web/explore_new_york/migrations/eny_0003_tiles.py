"""Explore New York: a table's own map tiles (saved tiles and the tile editor's drafts).

Revision ID: eny_0003
Revises: eny_0002
"""

import sqlalchemy as sa
from alembic import op

revision = "eny_0003"
down_revision = "eny_0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the saved tiles and the editor's drafts."""
    op.create_table(
        "eny_tile",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("name", sa.Text, nullable=False),
        sa.Column("doc", sa.Text, nullable=False),
        sa.Column("version", sa.Integer, nullable=False, server_default="1"),
        sa.Column("created", sa.String(32), nullable=False),
        sa.Column("updated", sa.String(32), nullable=False),
    )
    op.create_table(
        "eny_tile_draft",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("doc", sa.Text, nullable=False),
        sa.Column("replaces", sa.String(64), nullable=True),
        sa.Column("replaces_version", sa.Integer, nullable=True),
        sa.Column("version", sa.Integer, nullable=False, server_default="1"),
        sa.Column("created", sa.String(32), nullable=False),
        sa.Column("updated", sa.String(32), nullable=False),
    )


def downgrade() -> None:
    """Drop the drafts and the saved tiles."""
    op.drop_table("eny_tile_draft")
    op.drop_table("eny_tile")
