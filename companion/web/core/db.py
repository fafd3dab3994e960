"""Persistence through SQLAlchemy 2 (Core) with Alembic migrations: SQLite by default, PostgreSQL by URL.

- `DATABASE_URL` (config or environment) points any number of app servers at one PostgreSQL; without
  it the embedded default is the SQLite file `instance/companion.sqlite` in WAL mode with full
  synchronous commits, so a save the server acknowledged survives `kill -9`.
- No table state lives in a worker's memory: every read goes to the database.
- Each game declares its tables on `metadata` (its storage module) and ships its migrations in a
  `migrations/` folder beside its web package; `upgrade()` runs every game's migrations (Alembic
  branches, one per game) on start, or by `flask --app companion db-upgrade`.
- The core keeps only what every game shares: the short codes that let a phone join a table.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path

import click
from flask import Flask, current_app
from flask.cli import with_appcontext
from sqlalchemy import Column, Connection, Engine, MetaData, String, Table, Text, create_engine, event, insert, select
from sqlalchemy.exc import IntegrityError

metadata = MetaData()

table_code = Table(
    "table_code", metadata,
    Column("code", String(16), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("path", String(512), nullable=False, index=True),
    Column("title", Text, nullable=False),
    Column("created", String(32), nullable=False),
)

MIGRATIONS = Path(__file__).with_name("migrations")


def _now() -> str:
    """Return the current UTC time as ISO text."""
    return datetime.now(UTC).isoformat(timespec="seconds")


def database_url(app: Flask) -> str:
    """The app's database: `DATABASE_URL` if set, else the SQLite file `DATABASE`."""
    url = app.config.get("DATABASE_URL") or os.environ.get("DATABASE_URL")
    if url:
        # Hosted services often hand out postgres:// URLs; SQLAlchemy wants the driver named.
        for prefix in ("postgres://", "postgresql://"):
            if url.startswith(prefix):
                return "postgresql+psycopg://" + url[len(prefix):]
        return url
    return "sqlite:///" + app.config["DATABASE"]


def _sqlite_pragmas(dbapi_connection, _record) -> None:
    """Every SQLite connection: WAL (readers never block the writer), durable commits, foreign keys."""
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.close()


def make_engine(url: str) -> Engine:
    """Create the engine for a database URL, with SQLite made safe for several threads and processes."""
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"timeout": 10, "check_same_thread": False})
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    return create_engine(url, pool_pre_ping=True, pool_size=5, max_overflow=5)


def engine() -> Engine:
    """The current app's engine."""
    return current_app.extensions["companion.engine"]


@contextmanager
def read() -> Iterator[Connection]:
    """A connection for reading (closed, and its implicit transaction rolled back, afterwards)."""
    with engine().connect() as conn:
        yield conn


@contextmanager
def write() -> Iterator[Connection]:
    """A connection in one transaction: committed when the block ends, rolled back if it raises."""
    with engine().begin() as conn:
        yield conn


# ---- migrations ------------------------------------------------------------------------------------

def migration_locations() -> list[str]:
    """The core's migrations, then each game's `migrations/` folder beside its web package."""
    from .plugins import game_webs

    found = [str(MIGRATIONS / "versions")]
    for web in game_webs():
        folder = Path(web.blueprint.root_path) / "migrations"
        if folder.is_dir():
            found.append(str(folder))
    return found


def alembic_config(connection: Connection | None = None):
    """Alembic's configuration for this app, built in code (no alembic.ini to keep in step)."""
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("path_separator", "os")
    config.set_main_option("version_locations", os.pathsep.join(migration_locations()))
    config.attributes["connection"] = connection
    return config


MIGRATION_LOCK = 7_240_012  # the PostgreSQL advisory lock taken while migrating (any constant the app owns)


def upgrade(app: Flask) -> None:
    """Bring the database to the newest schema of every game (safe to run on every start, by any number of
    processes at once: `gunicorn -w 2` starts two, so one migrates while the others wait, then find it done)."""
    from alembic import command

    eng = app.extensions["companion.engine"]
    with app.app_context(), _sqlite_migration_lock(eng), eng.begin() as conn:
        if eng.dialect.name == "postgresql":  # held until this transaction ends; DDL is transactional there
            conn.exec_driver_sql(f"SELECT pg_advisory_xact_lock({MIGRATION_LOCK})")
        command.upgrade(alembic_config(conn), "heads")


@contextmanager
def _sqlite_migration_lock(eng: Engine) -> Iterator[None]:
    """For an SQLite file: hold an exclusive lock on `<file>.migrate-lock` while migrating (other databases,
    or a system without `fcntl`: nothing to do here)."""
    path = eng.url.database if eng.dialect.name == "sqlite" else None
    try:
        import fcntl
    except ImportError:
        fcntl = None
    if not path or path == ":memory:" or fcntl is None:
        yield
        return
    with open(f"{path}.migrate-lock", "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def drop_everything(app: Flask) -> None:
    """Drop every table, the migration record included (for `init-db`)."""
    with app.extensions["companion.engine"].begin() as conn:
        reflected = MetaData()
        reflected.reflect(bind=conn)
        reflected.drop_all(bind=conn)


@click.command("db-upgrade")
@with_appcontext
def upgrade_command() -> None:
    """Run the migrations (the app also runs them when it starts)."""
    upgrade(current_app._get_current_object())
    click.echo("The database is up to date.")


@click.command("init-db")
@with_appcontext
def init_db_command() -> None:
    """Clear the existing data and create new tables."""
    app = current_app._get_current_object()
    drop_everything(app)
    upgrade(app)
    click.echo("Initialized the database.")


def init_app(app: Flask) -> None:
    """Create the engine, run the migrations, and register the commands."""
    app.extensions["companion.engine"] = make_engine(database_url(app))
    if app.config.get("MIGRATE_ON_START", True):
        upgrade(app)
    app.cli.add_command(init_db_command)
    app.cli.add_command(upgrade_command)


# ---- table codes ------------------------------------------------------------------------------------

# Codes people type: no 0/O, 1/I/L, so a code read aloud across the table is typed right. Eight of them
# (31^8, 39.6 bits) against 30 tries per 10 minutes per client (core/limits.py): guessing is hopeless.
# They are shown as XXXX-XXXX; typed, dashes and spaces are ignored. Six-character codes of older tables work.
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 8


def new_table_code(game: str, path: str, title: str) -> str:
    """Give a table a short join code that leads to `path`; return the code."""
    for _attempt in range(20):
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        try:
            with write() as conn:
                conn.execute(insert(table_code).values(code=code, game=game, path=path, title=title[:200],
                                                       created=_now()))
            return code
        except IntegrityError:
            continue  # taken: draw another (31^8 codes, so this almost never repeats)
    raise RuntimeError("no free table code")


def shown_code(code: str) -> str:
    """A code as pages show it: grouped XXXX-XXXX when it has eight characters (older codes as they are)."""
    return f"{code[:4]}-{code[4:]}" if len(code) == 8 else code


def normalise_code(text: str) -> str:
    """Read a typed code the forgiving way: any case, spaces and dashes ignored."""
    return "".join(ch for ch in (text or "").upper() if ch.isalnum())


def find_table_code(code: str) -> dict | None:
    """Return the table a code leads to (`code` as pages show it, `game`, `path`, `title`) or None."""
    code = normalise_code(code) if isinstance(code, str) else ""
    if not 0 < len(code) <= 16:
        return None
    with read() as conn:
        row = conn.execute(select(table_code).where(table_code.c.code == code)).mappings().first()
    return {**row, "code": shown_code(row["code"])} if row is not None else None


def code_for_path(path: str) -> dict | None:
    """Return the code row of a table by the path it leads to, its `code` as pages show it, or None."""
    with read() as conn:
        row = conn.execute(select(table_code).where(table_code.c.path == path)).mappings().first()
    return {**row, "code": shown_code(row["code"])} if row is not None else None
