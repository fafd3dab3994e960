"""En Route: boards and board-editor drafts in the database (they were files in the board library folder).

The app brings an old library folder's files in when it starts (companion/web/enroute/boards/store.py),
recording each file in `enroute_board_file` so it is brought in once.

Revision ID: enroute_0003
Revises: enroute_0002
"""

import sqlalchemy as sa
from alembic import op

revision = "enroute_0003"
down_revision = "enroute_0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the boards, the drafts and the record of library files brought in."""
    op.create_table(
        "enroute_board",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("name", sa.Text, nullable=False),
        sa.Column("doc", sa.Text, nullable=False),
        sa.Column("version", sa.Integer, nullable=False, server_default="1"),
        sa.Column("created", sa.String(32), nullable=False),
        sa.Column("updated", sa.String(32), nullable=False),
    )
    op.create_table(
        "enroute_draft",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("doc", sa.Text, nullable=False),
        sa.Column("replaces", sa.String(64)),
        sa.Column("replaces_version", sa.Integer),
        sa.Column("version", sa.Integer, nullable=False, server_default="1"),
        sa.Column("created", sa.String(32), nullable=False),
        sa.Column("updated", sa.String(32), nullable=False),
    )
    op.create_table(
        "enroute_board_file",
        sa.Column("name", sa.String(300), primary_key=True),
        sa.Column("imported", sa.String(32), nullable=False),
    )


def downgrade() -> None:
    """Drop them (the library folder's files were never touched, so they are brought in again next time)."""
    for name in ("enroute_board_file", "enroute_draft", "enroute_board"):
        op.drop_table(name)
