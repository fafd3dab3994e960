"""One row per table of any game: when it was made, last touched and finished; retention works on these rows.

- A game registers a table when it is made (`register`), touches it on every save (`touch`) and marks it
  finished when its score sheet is final (`finish`).
- `flask --app companion tables-purge` archives finished tables (kept, marked archived) and deletes tables
  not touched for `TABLE_RETENTION_DAYS` days (default 30) that never finished, through the game's own
  `TableSpec.delete` hook, then the core's rows about them. `--dry-run` lists without deleting.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import click
from flask import current_app
from flask.cli import with_appcontext
from sqlalchemy import (
    Column,
    Connection,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
    and_,
    delete,
    insert,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError

from .. import db

metadata = MetaData()

core_table = Table(
    "core_table", metadata,
    Column("game", String(64), primary_key=True),
    Column("table_id", String(64), primary_key=True),
    Column("created", String(32), nullable=False),
    Column("touched", String(32), nullable=False),
    Column("finished", String(32)),
    Column("archived", String(32)),
    Column("host", String(64)),  # the hash of the host phone's key (seats.py)
)

core_seat_hold = Table(
    "core_seat_hold", metadata,
    Column("game", String(64), primary_key=True),
    Column("table_id", String(64), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("holder", String(64), nullable=False),  # the hash of the holding phone's key
    Column("since", String(32), nullable=False),
)

core_seat = Table(  # every game's seats: the name and the seat's secret link token (roster.py)
    "core_seat", metadata,
    Column("game", String(64), primary_key=True),
    Column("table_id", String(64), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("name", Text, nullable=False),
    Column("token", String(64)),  # None: the game derives its seat links (or has none)
    Column("created", String(32), nullable=False),
    UniqueConstraint("game", "token", name="uq_core_seat_token"),
)

core_table_event = Table(
    "core_table_event", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("game", String(64), nullable=False, index=True),
    Column("table_id", String(64), nullable=False, index=True),
    Column("kind", String(32), nullable=False),
    Column("seat", Integer),
    Column("name", Text, nullable=False, server_default=""),
    Column("created", String(32), nullable=False),
)

DEFAULT_RETENTION_DAYS = 30


def now() -> str:
    """The current UTC time as ISO text (seconds)."""
    return datetime.now(UTC).isoformat(timespec="seconds")


def register(game: str, table_id: str, conn: Connection | None = None) -> None:
    """Record a new table of `game` (again is harmless)."""
    stamp = now()
    row = {"game": game, "table_id": table_id, "created": stamp, "touched": stamp}
    try:
        if conn is not None:
            with conn.begin_nested():
                conn.execute(insert(core_table).values(**row))
        else:
            with db.write() as c:
                c.execute(insert(core_table).values(**row))
    except IntegrityError:
        pass


def _set(game: str, table_id: str, conn: Connection | None, **values) -> None:
    """Update a table's core row (made first if an older table has none)."""
    where = and_(core_table.c.game == game, core_table.c.table_id == table_id)

    def run(c: Connection) -> None:
        if c.execute(update(core_table).where(where).values(**values)).rowcount == 0:
            stamp = now()
            c.execute(insert(core_table).values(game=game, table_id=table_id, created=stamp,
                                                touched=values.get("touched", stamp),
                                                **{k: v for k, v in values.items() if k != "touched"}))

    if conn is not None:
        run(conn)
    else:
        with db.write() as c:
            run(c)


def touch(game: str, table_id: str, conn: Connection | None = None) -> None:
    """Note that a table changed now (a save, a move): it is not abandoned."""
    _set(game, table_id, conn, touched=now())


def finish(game: str, table_id: str, conn: Connection | None = None) -> None:
    """Note that a table's game is over (its score sheet is final); retention archives it instead of purging."""
    stamp = now()
    _set(game, table_id, conn, touched=stamp, finished=stamp)


def own_row(table: Table, table_id: Any) -> dict | None:
    """A game's own row of a table (by its `id` column) as a dict, or None; a value that cannot be a table id
    (not text, empty, longer than 64 characters, holding a NUL) is not looked up."""
    if not isinstance(table_id, str) or not 0 < len(table_id) <= 64 or "\x00" in table_id:
        return None
    with db.read() as conn:
        row = conn.execute(select(table).where(table.c.id == table_id)).mappings().first()
    return dict(row) if row is not None else None


def get(game: str, table_id: str) -> dict | None:
    """A table's core row, or None."""
    with db.read() as conn:
        row = conn.execute(select(core_table).where(core_table.c.game == game,
                                                    core_table.c.table_id == table_id)).mappings().first()
    return dict(row) if row else None


def purge(days: int, dry_run: bool = False, at: datetime | None = None) -> dict[str, list[tuple[str, str]]]:
    """Archive finished tables; delete unfinished ones untouched for `days` days. Returns what it did."""
    from ..plugins import game_webs

    specs = {w.game_id: w.tables for w in game_webs() if getattr(w, "tables", None) is not None}
    cutoff = ((at or datetime.now(UTC)) - timedelta(days=days)).isoformat(timespec="seconds")
    done: dict[str, list[tuple[str, str]]] = {"archived": [], "purged": [], "kept": []}
    with (db.read() if dry_run else db.write()) as conn:
        rows = conn.execute(select(core_table)).mappings().all()
        for row in rows:
            key = (row["game"], row["table_id"])
            if row["finished"] and not row["archived"]:
                done["archived"].append(key)
                if not dry_run:
                    conn.execute(update(core_table).where(core_table.c.game == key[0],
                                                          core_table.c.table_id == key[1]).values(archived=now()))
            elif not row["finished"] and row["touched"] < cutoff:
                spec = specs.get(row["game"])
                if spec is None:  # a game no longer installed: keep its rows, nothing here can delete them
                    done["kept"].append(key)
                    continue
                done["purged"].append(key)
                if not dry_run:
                    spec.delete(conn, key[1])
                    for t in (core_seat, core_seat_hold, core_table_event):
                        conn.execute(delete(t).where(t.c.game == key[0], t.c.table_id == key[1]))
                    conn.execute(delete(core_table).where(core_table.c.game == key[0],
                                                          core_table.c.table_id == key[1]))
    return done


@click.command("tables-purge")
@click.option("--days", type=int, default=None,
              help="Delete unfinished tables not touched for this many days (default: TABLE_RETENTION_DAYS, 30).")
@click.option("--dry-run", is_flag=True, help="Only list what would be archived and deleted.")
@with_appcontext
def purge_command(days: int | None, dry_run: bool) -> None:
    """Archive finished tables and delete abandoned ones (run it daily, e.g. from cron)."""
    if days is None:
        days = int(current_app.config.get("TABLE_RETENTION_DAYS", DEFAULT_RETENTION_DAYS))
    if days < 1:
        raise click.BadParameter("at least 1", param_hint="--days")
    done = purge(days, dry_run)
    verb = "Would" if dry_run else "Did"
    click.echo(f"{verb} archive {len(done['archived'])} finished table(s); "
               f"{verb.lower()} delete {len(done['purged'])} table(s) untouched for {days} days.")
    for game, table_id in done["purged"]:
        click.echo(f"  deleted {game} {table_id[:6]}…" if not dry_run else f"  would delete {game} {table_id[:6]}…")
    if done["kept"]:
        click.echo(f"Kept {len(done['kept'])} abandoned table(s) of games not installed.")
