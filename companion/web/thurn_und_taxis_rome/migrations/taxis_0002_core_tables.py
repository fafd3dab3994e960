"""Thurn und Taxis: every existing table joins the core's registry; seats already claimed stay held.

A `core_table` row per `taxis_table` (created from its own column, touched at its newest change, finished
when its state says the game ended), and a `core_seat_hold` row for every seat whose old `claimed` column
is set, held by a phone no key matches: the table link cannot take it, its own link moves it (the core's
claim policy). The game's own rows are not touched.

Revision ID: thurn_und_taxis_rome_0002
Revises: thurn_und_taxis_rome_0001
"""

import json

import sqlalchemy as sa
from alembic import op

revision = "thurn_und_taxis_rome_0002"
down_revision = "thurn_und_taxis_rome_0001"
branch_labels = None
depends_on = "core_0002"

GAME = "thurn-und-taxis-rome"
UNKNOWN_PHONE = "held-before-core"  # never the hash of a phone's key (those are 64 hex digits)


def _ended(state: str) -> bool:
    """Whether a stored state says the game is over (a state that does not read counts as not over)."""
    try:
        doc = json.loads(state)
    except ValueError:
        return False
    return isinstance(doc, dict) and bool(doc.get("ended"))


def upgrade() -> None:
    """Register every table and keep every claimed seat held."""
    conn = op.get_bind()
    meta = sa.MetaData()
    taxis_table = sa.Table("taxis_table", meta, autoload_with=conn)
    taxis_seat = sa.Table("taxis_seat", meta, autoload_with=conn)
    taxis_action = sa.Table("taxis_action", meta, autoload_with=conn)
    core_table = sa.Table("core_table", meta, autoload_with=conn)
    core_seat_hold = sa.Table("core_seat_hold", meta, autoload_with=conn)
    known = set(conn.execute(sa.select(core_table.c.table_id).where(core_table.c.game == GAME)).scalars())
    newest = dict(conn.execute(sa.select(taxis_action.c.table_id, sa.func.max(taxis_action.c.created))
                               .group_by(taxis_action.c.table_id)).all())
    for row in conn.execute(sa.select(taxis_table.c.id, taxis_table.c.created, taxis_table.c.state)).mappings():
        if row["id"] in known:
            continue
        touched = max(row["created"], newest.get(row["id"]) or row["created"])
        conn.execute(sa.insert(core_table).values(game=GAME, table_id=row["id"], created=row["created"],
                                                  touched=touched,
                                                  finished=touched if _ended(row["state"]) else None))
    held = set(conn.execute(sa.select(core_seat_hold.c.table_id, core_seat_hold.c.seat)
                            .where(core_seat_hold.c.game == GAME)).all())
    for row in conn.execute(sa.select(taxis_seat.c.table_id, taxis_seat.c.seat, taxis_table.c.created)
                            .join(taxis_table, taxis_table.c.id == taxis_seat.c.table_id)
                            .where(taxis_seat.c.claimed != 0)).mappings():
        if (row["table_id"], row["seat"]) not in held:
            conn.execute(sa.insert(core_seat_hold).values(game=GAME, table_id=row["table_id"], seat=row["seat"],
                                                          holder=UNKNOWN_PHONE, since=row["created"]))


def downgrade() -> None:
    """Drop this game's rows from the core's registry and seat holds (the game's own rows are untouched)."""
    conn = op.get_bind()
    meta = sa.MetaData()
    for name in ("core_seat_hold", "core_table_event", "core_table"):
        t = sa.Table(name, meta, autoload_with=conn)
        conn.execute(sa.delete(t).where(t.c.game == GAME))
