"""En Route: tables, player sheets and their history; refereed games, seats and their action log.

The schema the companion created with raw SQL before it had migrations: a database made then already
has these tables, and this revision leaves them (and every table in them) as they are.

Revision ID: enroute_0001
Revises:
"""

import sqlalchemy as sa
from alembic import op

revision = "enroute_0001"
down_revision = None
branch_labels = ("enroute",)
depends_on = "core_0001"


def upgrade() -> None:
    """Create whichever of the six tables is missing."""
    existing = set(sa.inspect(op.get_bind()).get_table_names())
    if "game_table" not in existing:
        op.create_table(
            "game_table",
            sa.Column("id", sa.String(64), primary_key=True),
            sa.Column("created", sa.String(32), nullable=False),
            sa.Column("board_id", sa.String(128), nullable=False),
            sa.Column("board_doc", sa.Text, nullable=False),
            sa.Column("level", sa.String(16), nullable=False),
            sa.Column("lang", sa.String(8), nullable=False, server_default="en"),
            sa.Column("ratings", sa.Text, nullable=False),
            sa.Column("goals", sa.Text, nullable=False),
        )
    if "player_sheet" not in existing:
        op.create_table(
            "player_sheet",
            sa.Column("table_id", sa.String(64), sa.ForeignKey("game_table.id", ondelete="CASCADE"),
                      primary_key=True),
            sa.Column("seat", sa.Integer, primary_key=True),
            sa.Column("name", sa.Text, nullable=False),
            sa.Column("colour", sa.String(16), nullable=False),
            sa.Column("route_mode", sa.String(8), nullable=False, server_default="best"),
            sa.Column("sheet", sa.Text, nullable=False),
            sa.Column("version", sa.Integer, nullable=False, server_default="0"),
            sa.Column("updated", sa.String(32), nullable=False),
        )
    if "sheet_history" not in existing:
        op.create_table(
            "sheet_history",
            sa.Column("table_id", sa.String(64), primary_key=True),
            sa.Column("seat", sa.Integer, primary_key=True),
            sa.Column("version", sa.Integer, primary_key=True),
            sa.Column("route_mode", sa.String(8), nullable=False),
            sa.Column("sheet", sa.Text, nullable=False),
        )
    if "play_game" not in existing:
        op.create_table(
            "play_game",
            sa.Column("id", sa.String(64), primary_key=True),
            sa.Column("created", sa.String(32), nullable=False),
            sa.Column("board_id", sa.String(128), nullable=False),
            sa.Column("board_doc", sa.Text, nullable=False),
            sa.Column("setup", sa.Text, nullable=False),
            sa.Column("started", sa.Integer, nullable=False, server_default="0"),
            sa.Column("version", sa.Integer, nullable=False, server_default="0"),
            sa.Column("setup_version", sa.Integer, nullable=False, server_default="0"),
            sa.Column("table_id", sa.String(64)),
        )
    if "play_seat" not in existing:
        op.create_table(
            "play_seat",
            sa.Column("game_id", sa.String(64), sa.ForeignKey("play_game.id", ondelete="CASCADE"),
                      primary_key=True),
            sa.Column("seat", sa.Integer, primary_key=True),
            sa.Column("token", sa.String(64), nullable=False, unique=True),
            sa.Column("claimed", sa.Integer, nullable=False, server_default="0"),
            sa.Column("kept", sa.Integer),
        )
    if "play_action" not in existing:
        op.create_table(
            "play_action",
            sa.Column("game_id", sa.String(64), sa.ForeignKey("play_game.id", ondelete="CASCADE"),
                      primary_key=True),
            sa.Column("seq", sa.Integer, primary_key=True),
            sa.Column("kind", sa.String(16), nullable=False),
            sa.Column("seat", sa.Integer),
            sa.Column("payload", sa.Text, nullable=False),
            sa.Column("dropped", sa.Integer),
            sa.Column("created", sa.String(32), nullable=False),
        )


def downgrade() -> None:
    """Drop En Route's tables."""
    for name in ("play_action", "play_seat", "play_game", "sheet_history", "player_sheet", "game_table"):
        op.drop_table(name)
