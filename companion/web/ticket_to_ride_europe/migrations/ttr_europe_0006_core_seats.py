"""Ticket to Ride: Europe: the players' names and seat-link tokens move into the core's seats (`core_seat`).

Every seat keeps its link: the token is copied as it is, so a link given out before still opens the seat.

Revision ID: ttr_europe_0006
Revises: ttr_europe_0005
"""

import sqlalchemy as sa
from alembic import op

revision = "ttr_europe_0006"
down_revision = "ttr_europe_0005"
branch_labels = None
depends_on = "core_0005_seats"

GAME = "ttr-europe"


def upgrade() -> None:
    """Copy each seat's name and token into `core_seat`, then drop the two columns."""
    conn = op.get_bind()
    meta = sa.MetaData()
    tables = sa.Table("ttr_table", meta, autoload_with=conn)
    seats = sa.Table("ttr_seat", meta, autoload_with=conn)
    core = sa.Table("core_seat", meta, autoload_with=conn)
    known = set(conn.execute(sa.select(core.c.table_id, core.c.seat).where(core.c.game == GAME)).all())
    found = conn.execute(sa.select(seats.c.table_id, seats.c.seat, seats.c.name, seats.c.token, tables.c.created)
                         .join(tables, tables.c.id == seats.c.table_id)).all()
    rows = [{"game": GAME, "table_id": t, "seat": seat, "name": name, "token": token, "created": created}
            for t, seat, name, token, created in found if (t, seat) not in known]
    if rows:
        conn.execute(sa.insert(core), rows)
    with op.batch_alter_table("ttr_seat") as batch:
        batch.drop_column("token")
        batch.drop_column("name")


def downgrade() -> None:
    """Give the seats their names and tokens back from `core_seat`, then drop the game's seats there."""
    with op.batch_alter_table("ttr_seat") as batch:
        batch.add_column(sa.Column("name", sa.Text, nullable=False, server_default=""))
        batch.add_column(sa.Column("token", sa.String(64), nullable=True))
    conn = op.get_bind()
    meta = sa.MetaData()
    seats = sa.Table("ttr_seat", meta, autoload_with=conn)
    core = sa.Table("core_seat", meta, autoload_with=conn)
    for t, seat, name, token in conn.execute(sa.select(core.c.table_id, core.c.seat, core.c.name, core.c.token)
                                             .where(core.c.game == GAME)).all():
        conn.execute(sa.update(seats).where(seats.c.table_id == t, seats.c.seat == seat)
                     .values(name=name, token=token))
    conn.execute(sa.delete(core).where(core.c.game == GAME))
    with op.batch_alter_table("ttr_seat") as batch:
        batch.create_unique_constraint("uq_ttr_seat_token", ["token"])
