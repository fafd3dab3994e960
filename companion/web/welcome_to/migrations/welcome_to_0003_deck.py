"""Welcome To...: a table keeps its construction deck (the companion's deal, or the pairs the host entered, per
round) as JSON in a new nullable column; existing tables have none and play as before (no card checks).

Revision ID: welcome_to_0003
Revises: welcome_to_0002
"""

import sqlalchemy as sa
from alembic import op

revision = "welcome_to_0003"
down_revision = "welcome_to_0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the deck column."""
    with op.batch_alter_table("welcome_to_table") as batch:
        batch.add_column(sa.Column("deck", sa.Text, nullable=True))


def downgrade() -> None:
    """Drop the deck column."""
    with op.batch_alter_table("welcome_to_table") as batch:
        batch.drop_column("deck")
