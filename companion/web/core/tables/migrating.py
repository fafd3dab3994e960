"""What every game's migration onto the core's seats (`core_seat`, core_0006_seats) does, written once.

A game's migration reads its own seats as rows (table id, seat, name, token or None, created), hands them to
`copy_in`, then drops the columns the core took over (`drop_columns`). Its downgrade adds them back
(`add_columns`), fills them from `moved_out` and calls `forget`. Only Alembic migrations call these (they run
inside `op`'s connection); keep their behaviour as it is, the migrations written with them rely on it.
"""

from __future__ import annotations

import json
from collections.abc import Iterable

import sqlalchemy as sa
from alembic import op


def name_column() -> sa.Column:
    """A seat's name column as the games had it (defaulted: a downgrade fills it after adding it)."""
    return sa.Column("name", sa.Text, nullable=False, server_default="")


def token_column() -> sa.Column:
    """A seat's link token column as the games had it (nullable until a downgrade fills it)."""
    return sa.Column("token", sa.String(64), nullable=True)


def reflect(*names: str) -> list[sa.Table]:
    """The present shape of these tables (a migration never trusts the app's table definitions)."""
    meta = sa.MetaData()
    return [sa.Table(name, meta, autoload_with=op.get_bind()) for name in names]


def copy_in(game: str, rows: Iterable[tuple]) -> int:
    """Copy (table id, seat, name, token, created) rows into `core_seat`; a seat already there is kept as it is."""
    conn = op.get_bind()
    (core,) = reflect("core_seat")
    known = set(conn.execute(sa.select(core.c.table_id, core.c.seat).where(core.c.game == game)).all())
    fresh = [{"game": game, "table_id": t, "seat": seat, "name": name or "", "token": token, "created": created or ""}
             for t, seat, name, token, created in rows if (t, seat) not in known]
    if fresh:
        conn.execute(sa.insert(core), fresh)
    return len(fresh)


def moved_out(game: str) -> list[tuple]:
    """A game's seats in `core_seat` as (table id, seat, name, token), for its downgrade to put back."""
    (core,) = reflect("core_seat")
    return [tuple(r) for r in op.get_bind().execute(
        sa.select(core.c.table_id, core.c.seat, core.c.name, core.c.token).where(core.c.game == game)).all()]


def forget(game: str) -> None:
    """Drop a game's seats from `core_seat` (its downgrade put them back in its own rows)."""
    (core,) = reflect("core_seat")
    op.get_bind().execute(sa.delete(core).where(core.c.game == game))


def drop_columns(table: str, *columns: str) -> None:
    """Drop the columns the core took over (SQLite rebuilds the table; its other rows and constraints stay)."""
    with op.batch_alter_table(table) as batch:
        for column in columns:
            batch.drop_column(column)


def add_columns(table: str, *columns: sa.Column) -> None:
    """Add the columns back on a downgrade (nullable or defaulted: the rows are filled after)."""
    with op.batch_alter_table(table) as batch:
        for column in columns:
            batch.add_column(column)


def put_back(table: str, key: str, game: str, **columns: str) -> None:
    """Fill a game's restored columns from `core_seat`: `columns` maps a column of `table` to name or token;
    `key` is the table's column naming the table id (rows of other tables match nothing)."""
    conn = op.get_bind()
    (own,) = reflect(table)
    for t, seat, name, token in moved_out(game):
        values = {col: {"name": name, "token": token}[what] for col, what in columns.items()}
        conn.execute(sa.update(own).where(own.c[key] == t, own.c.seat == seat).values(**values))


def unique(table: str, column: str) -> None:
    """Restore a column's unique constraint after it was filled again."""
    with op.batch_alter_table(table) as batch:
        batch.create_unique_constraint(f"uq_{table}_{column}", [column])


def move_seats(game: str, tables: str, seats: str, *, tokens: bool) -> None:
    """The common move: a game's seat rows (`seats`, keyed by table_id and seat, `name` and maybe `token`)
    of its tables (`tables`, with `id` and `created`) go into `core_seat`; the columns go."""
    own_tables, own_seats = reflect(tables, seats)
    copy_in(game, op.get_bind().execute(
        sa.select(own_seats.c.table_id, own_seats.c.seat, own_seats.c.name,
                  own_seats.c.token if tokens else sa.null(), own_tables.c.created)
        .join(own_tables, own_tables.c.id == own_seats.c.table_id)).all())
    drop_columns(seats, *(("token", "name") if tokens else ("name",)))


def move_seats_back(game: str, seats: str, *, tokens: bool) -> None:
    """Undo `move_seats`: the columns come back filled from `core_seat` (tokens unique again), the core forgets."""
    add_columns(seats, name_column(), *((token_column(),) if tokens else ()))
    put_back(seats, "table_id", game, name="name", **({"token": "token"} if tokens else {}))
    forget(game)
    if tokens:
        unique(seats, "token")


def name_at(text: str, *path) -> str:
    """A player's name inside a stored JSON document (a setup, a state) at `path` ("" when it does not read)."""
    try:
        value = json.loads(text)
        for step in path:
            value = value[step]
    except (ValueError, LookupError, TypeError):
        return ""
    return value if isinstance(value, str) else ""


# ---- registering the tables a game had before the core's registry (each game's `*_core_tables` migration) ----

UNKNOWN_PHONE = "held-before-core"  # never the hash of a phone's key (those are 64 hex digits)


def newest(table: sa.Table, key: str, column: str) -> dict:
    """The newest value of `column` per `key` of a game's table (when each table last changed)."""
    return dict(op.get_bind().execute(sa.select(table.c[key], sa.func.max(table.c[column]))
                                      .group_by(table.c[key])).all())


def register_tables(game: str, rows: Iterable[dict]) -> None:
    """Give each of a game's tables its `core_table` row (`table_id`, `created`, `touched`, maybe `finished`);
    a table the registry knows already keeps its row, and a table named twice is registered once."""
    conn = op.get_bind()
    (core,) = reflect("core_table")
    seen = set(conn.execute(sa.select(core.c.table_id).where(core.c.game == game)).scalars())
    fresh = []
    for row in rows:
        if row["table_id"] not in seen:
            seen.add(row["table_id"])
            fresh.append({"game": game, **row})
    if fresh:
        conn.execute(sa.insert(core), fresh)


def hold_seats(game: str, rows: Iterable[tuple], holder: str = UNKNOWN_PHONE) -> None:
    """Keep seats claimed the old way held (`core_seat_hold`) by a phone no key matches: the table link cannot
    take them, their own link can. `rows` are (table id, seat, since); a seat held already stays as it is."""
    conn = op.get_bind()
    (hold,) = reflect("core_seat_hold")
    held = set(conn.execute(sa.select(hold.c.table_id, hold.c.seat).where(hold.c.game == game)).all())
    holds = [{"game": game, "table_id": t, "seat": seat, "holder": holder, "since": since}
             for t, seat, since in rows if (t, seat) not in held]
    if holds:
        conn.execute(sa.insert(hold), holds)


def unregister_tables(game: str, *names: str) -> None:
    """A downgrade: drop a game's rows from these core tables (its own rows were never changed)."""
    conn = op.get_bind()
    for table in reflect(*names):
        conn.execute(sa.delete(table).where(table.c.game == game))


# ---- the shape every game's first tables have (its `*_0001` migration) ----

def table_key() -> list[sa.Column]:
    """A game's table row begins with its unguessable id and when it was made."""
    return [sa.Column("id", sa.String(64), primary_key=True), sa.Column("created", sa.String(32), nullable=False)]


def table_ref(tables: str) -> sa.Column:
    """The key column naming a game's table in a row that belongs to it (deleted with the table)."""
    return sa.Column("table_id", sa.String(64), sa.ForeignKey(f"{tables}.id", ondelete="CASCADE"), primary_key=True)


def seat_key(tables: str) -> list[sa.Column]:
    """A seat row's key: its table and its seat number."""
    return [table_ref(tables), sa.Column("seat", sa.Integer, primary_key=True)]
