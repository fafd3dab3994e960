"""Core: a play's route pictures and its summary.

- `play.pictures`: each player's route as a small SVG, kept with the play when it is captured (a JSON list in
  seat order of SVG texts or nulls).
- `play.summary`: the play without its score rows (id, game, date, variant, tie-break, each player's name,
  total and rank) as JSON: the group and game pages read only these. A play written before has none: its
  full `doc` is read in its place (a superset), so nothing needs filling in.

Revision ID: core_0005_play_pictures_summary
Revises: core_0004_plays
"""

import sqlalchemy as sa
from alembic import op

revision = "core_0005_play_pictures_summary"
down_revision = "core_0004_plays"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add `play.pictures` and `play.summary`."""
    with op.batch_alter_table("play") as batch:
        batch.add_column(sa.Column("pictures", sa.Text))
        batch.add_column(sa.Column("summary", sa.Text))


def downgrade() -> None:
    """Drop `play.pictures` and `play.summary`."""
    with op.batch_alter_table("play") as batch:
        batch.drop_column("summary")
        batch.drop_column("pictures")
