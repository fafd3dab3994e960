"""En Route: the seats' names and secret link tokens move into the core's seats (`core_seat`).

- A score table's sheets (`player_sheet`) give their names (no token: a sheet is opened from the table page).
- A refereed game's seats (`play_seat`) give their tokens as they are (links given out before still open
  the seats), with each player's name from the game's setup; the kept personal goal stays in `play_seat`.

Revision ID: enroute_0006_core_seats
Revises: enroute_0005_core_tables
"""

import sqlalchemy as sa
from alembic import op

from companion.web.core.tables import migrating as m

revision = "enroute_0006_core_seats"
down_revision = "enroute_0005_core_tables"
branch_labels = None
depends_on = "core_0006_seats"

GAME = "enroute"


def upgrade() -> None:
    """Copy names and tokens into `core_seat`, then drop `player_sheet.name` and `play_seat.token`."""
    tables, sheets, games, seats = m.reflect("game_table", "player_sheet", "play_game", "play_seat")
    conn = op.get_bind()
    m.copy_in(GAME, conn.execute(sa.select(sheets.c.table_id, sheets.c.seat, sheets.c.name, sa.null(),
                                           tables.c.created).join(tables, tables.c.id == sheets.c.table_id)).all())
    found = conn.execute(sa.select(seats.c.game_id, seats.c.seat, seats.c.token, games.c.setup, games.c.created)
                         .join(games, games.c.id == seats.c.game_id)).all()
    m.copy_in(GAME, [(g, seat, m.name_at(setup, "names", seat), token, created)
                     for g, seat, token, setup, created in found])
    m.drop_columns("player_sheet", "name")
    m.drop_columns("play_seat", "token")


def downgrade() -> None:
    """Give the sheets their names and the seats their tokens back from `core_seat`, then drop them there."""
    m.add_columns("player_sheet", m.name_column())
    m.add_columns("play_seat", m.token_column())
    m.put_back("player_sheet", "table_id", GAME, name="name")
    m.put_back("play_seat", "game_id", GAME, token="token")
    m.forget(GAME)
    m.unique("play_seat", "token")
