"""Ticket to Ride: Europe: the claim log keeps the cards played for a claim and turns without a claim (issue 29).

`cards`: the cards played for a route as JSON (`ttr-europe-log/1`'s `cards` object), or null when the table did
not give them. `turn`: for a line of kind "turn", what the player did instead of claiming ("cards", "tickets",
"tunnel"). Existing lines keep both null: claims without cards, as before.

Revision ID: ttr_europe_0005
Revises: ttr_europe_0004
"""

import sqlalchemy as sa
from alembic import op

revision = "ttr_europe_0005"
down_revision = "ttr_europe_0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the two columns, empty for every existing line."""
    with op.batch_alter_table("ttr_claim") as batch:
        batch.add_column(sa.Column("cards", sa.Text, nullable=True))
        batch.add_column(sa.Column("turn", sa.String(16), nullable=True))


def downgrade() -> None:
    """Drop them again (turn lines then read as lines of an unknown kind)."""
    with op.batch_alter_table("ttr_claim") as batch:
        batch.drop_column("turn")
        batch.drop_column("cards")
