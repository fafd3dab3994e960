"""Core: a play's route pictures (each player's route as a small SVG, kept with the play when it is captured).

Revision ID: core_0005_play_pictures
Revises: core_0004_plays
"""

import sqlalchemy as sa
from alembic import op

revision = "core_0005_play_pictures"
down_revision = "core_0004_plays"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add `play.pictures`: a JSON list in seat order of SVG texts or nulls (null: no picture)."""
    with op.batch_alter_table("play") as batch:
        batch.add_column(sa.Column("pictures", sa.Text))


def downgrade() -> None:
    """Drop `play.pictures`."""
    with op.batch_alter_table("play") as batch:
        batch.drop_column("pictures")
