"""En Route: every existing table in the core's registry; seats claimed the old way held in the core.

Every refereed game (`play_game`) and every score table (`game_table`) gets its `core_table` row: made when
it was made, touched at its last action or save, finished when the game was scored or every sheet entered.
A seat claimed before the core kept claims (`play_seat.claimed`) is held by "a phone from before": nobody
takes it from the table link, and its own link moves it to the phone that opens it (the core's policy).
The game's own rows are not touched.

Revision ID: enroute_0005_core_tables
Revises: enroute_0004_route_jobs
"""

from datetime import UTC, datetime

import sqlalchemy as sa
from alembic import op

from companion.web.core.tables import migrating as m

revision = "enroute_0005_core_tables"
down_revision = "enroute_0004_route_jobs"
branch_labels = None
depends_on = "core_0002"

GAME = "enroute"
LEGACY_HOLDER = "claimed-before-core"  # no phone's key hashes to this: only the seat's link moves it

play_game = sa.table("play_game", sa.column("id", sa.String), sa.column("created", sa.String),
                     sa.column("table_id", sa.String))
play_seat = sa.table("play_seat", sa.column("game_id", sa.String), sa.column("seat", sa.Integer),
                     sa.column("claimed", sa.Integer))
play_action = sa.table("play_action", sa.column("game_id", sa.String), sa.column("created", sa.String))
game_table = sa.table("game_table", sa.column("id", sa.String), sa.column("created", sa.String))
player_sheet = sa.table("player_sheet", sa.column("table_id", sa.String), sa.column("version", sa.Integer),
                        sa.column("updated", sa.String))


def upgrade() -> None:
    """Insert the registry rows and the old claims; the game's tables stay as they are."""
    conn = op.get_bind()
    now = datetime.now(UTC).isoformat(timespec="seconds")
    rows = []
    last_action = dict(conn.execute(sa.select(play_action.c.game_id, sa.func.max(play_action.c.created))
                                    .group_by(play_action.c.game_id)).all())
    for game_id, created, scored in conn.execute(sa.select(play_game.c.id, play_game.c.created,
                                                           play_game.c.table_id)):
        touched = max(created or now, last_action.get(game_id) or "")
        rows.append({"table_id": game_id, "created": created or now, "touched": touched,
                     "finished": touched if scored else None})
    sheets = conn.execute(sa.select(player_sheet.c.table_id, sa.func.max(player_sheet.c.updated),
                                    sa.func.min(player_sheet.c.version))
                          .group_by(player_sheet.c.table_id)).all()
    by_table = {t: (updated, lowest) for t, updated, lowest in sheets}
    for table_id, created in conn.execute(sa.select(game_table.c.id, game_table.c.created)):
        updated, lowest = by_table.get(table_id, (None, 0))
        touched = max(created or now, updated or "")
        rows.append({"table_id": table_id, "created": created or now, "touched": touched,
                     "finished": touched if lowest and lowest > 0 else None})
    m.register_tables(GAME, rows)  # a table named twice is registered once, a known one keeps its row
    m.hold_seats(GAME, [(game_id, seat, now) for game_id, seat in conn.execute(
        sa.select(play_seat.c.game_id, play_seat.c.seat).where(play_seat.c.claimed != 0))], holder=LEGACY_HOLDER)


def downgrade() -> None:
    """Forget the registry rows and holds of En Route's tables (the game's rows were never changed)."""
    m.unregister_tables(GAME, "core_seat_hold", "core_table")
