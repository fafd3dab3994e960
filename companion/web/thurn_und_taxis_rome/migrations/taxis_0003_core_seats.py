"""Thurn und Taxis: the seats' secret link tokens move into the core's seats (`core_seat`), with each player's name
from the table's state; the game's own seat rows (`taxis_seat`: the token and a `claimed` flag no longer read since
thurn_und_taxis_rome_0002 moved it into `core_seat_hold`) go.

Every seat keeps its link: the token is copied as it is. A state that does not read gives its seats a blank name.

Revision ID: thurn_und_taxis_rome_0003
Revises: thurn_und_taxis_rome_0002
"""

import sqlalchemy as sa
from alembic import op

from companion.web.core.tables import migrating as m

revision = "thurn_und_taxis_rome_0003"
down_revision = "thurn_und_taxis_rome_0002"
branch_labels = None
depends_on = "core_0006_seats"

GAME = "thurn-und-taxis-rome"


def upgrade() -> None:
    """Copy each seat's token (and its player's name) into `core_seat`, then drop `taxis_seat`."""
    tables, seats = m.reflect("taxis_table", "taxis_seat")
    found = op.get_bind().execute(sa.select(seats.c.table_id, seats.c.seat, seats.c.token, tables.c.state,
                                            tables.c.created).join(tables, tables.c.id == seats.c.table_id)).all()
    m.copy_in(GAME, [(t, seat, m.name_at(state, "seats", seat, "player"), token, created)
                     for t, seat, token, state, created in found])
    op.drop_table("taxis_seat")


def downgrade() -> None:
    """Make `taxis_seat` again from `core_seat` (claimed where a phone holds the seat), then drop them there."""
    op.create_table(
        "taxis_seat",
        sa.Column("table_id", sa.String(64), sa.ForeignKey("taxis_table.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("token", sa.String(64), nullable=False, unique=True),
        sa.Column("claimed", sa.Integer, nullable=False, server_default="0"),
    )
    seats, holds = m.reflect("taxis_seat", "core_seat_hold")
    conn = op.get_bind()
    held = set(conn.execute(sa.select(holds.c.table_id, holds.c.seat).where(holds.c.game == GAME)).all())
    rows = [{"table_id": t, "seat": seat, "token": token, "claimed": int((t, seat) in held)}
            for t, seat, _name, token in m.moved_out(GAME)]
    if rows:
        conn.execute(sa.insert(seats), rows)
    m.forget(GAME)
