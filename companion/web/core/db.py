"""SQLite persistence: the connection (flaskr-style `get_db()` on `g`), each game's registered tables, table codes.

A game's storage module registers its own tables with `add_schema`; the core
keeps only what every game shares: the short codes that let a phone join a
table by typing six letters.
"""

from __future__ import annotations

import secrets
import sqlite3
from datetime import UTC, datetime

import click
from flask import Flask, current_app, g
from flask.cli import with_appcontext

CORE_SCHEMA = """
CREATE TABLE IF NOT EXISTS table_code (
    code TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    path TEXT NOT NULL,
    title TEXT NOT NULL,
    created TEXT NOT NULL
);
"""
# Each game's storage adds its tables here (name -> (create script, drop script)); `get_db` creates them all.
_SCHEMAS: dict[str, tuple[str, str]] = {"core": (CORE_SCHEMA, "DROP TABLE IF EXISTS table_code;")}


def add_schema(name: str, create: str, drop: str) -> None:
    """Register a game's tables: created on first use, dropped and recreated by `init-db`."""
    _SCHEMAS[name] = (create, drop)



def _now() -> str:
    """Return the current UTC time as ISO text."""
    return datetime.now(UTC).isoformat(timespec="seconds")


def get_db() -> sqlite3.Connection:
    """Open the request's database connection once, creating the schema on first use."""
    if "db" not in g:
        g.db = sqlite3.connect(current_app.config["DATABASE"], timeout=10)
        g.db.row_factory = sqlite3.Row
        g.db.execute("PRAGMA foreign_keys = ON")
        # Create the schema lazily so `flask --app companion run` works without `init-db`.
        if not current_app.extensions.get("companion_db_ready"):
            for create, _drop in _SCHEMAS.values():
                g.db.executescript(create)
            current_app.extensions["companion_db_ready"] = True
    return g.db


def close_db(_exc: BaseException | None = None) -> None:
    """Close the request's connection, if one was opened."""
    db = g.pop("db", None)
    if db is not None:
        db.close()


def init_db() -> None:
    """Drop every table and create the schema afresh."""
    db = get_db()
    for _create, drop in reversed(list(_SCHEMAS.values())):
        db.executescript(drop)
    for create, _drop in _SCHEMAS.values():
        db.executescript(create)


@click.command("init-db")
@with_appcontext
def init_db_command() -> None:
    """Clear the existing data and create new tables."""
    init_db()
    click.echo("Initialized the database.")


def init_app(app: Flask) -> None:
    """Register the teardown and the `init-db` command with the app."""
    app.teardown_appcontext(close_db)
    app.cli.add_command(init_db_command)


# Codes people type: no 0/O, 1/I/L, so a code read aloud across the table is typed right.
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6


def new_table_code(game: str, path: str, title: str) -> str:
    """Give a table a short join code that leads to `path`; return the code."""
    db = get_db()
    for _ in range(20):
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        try:
            with db:
                db.execute("INSERT INTO table_code (code, game, path, title, created) VALUES (?, ?, ?, ?, ?)",
                           (code, game, path, title, _now()))
            return code
        except sqlite3.IntegrityError:
            continue  # taken: draw another (31^6 codes, so this almost never repeats)
    raise RuntimeError("no free table code")


def normalise_code(text: str) -> str:
    """Read a typed code the forgiving way: any case, spaces and dashes ignored."""
    return "".join(ch for ch in (text or "").upper() if ch.isalnum())


def find_table_code(code: str) -> dict | None:
    """Return the table a code leads to (`code`, `game`, `path`, `title`) or None."""
    if not isinstance(code, str) or len(code) > 32:
        return None
    row = get_db().execute("SELECT code, game, path, title FROM table_code WHERE code = ?", (code,)).fetchone()
    return dict(row) if row is not None else None


def code_for_path(path: str) -> dict | None:
    """Return the code row of a table by the path it leads to, or None."""
    row = get_db().execute("SELECT code, game, path, title FROM table_code WHERE path = ?", (path,)).fetchone()
    return dict(row) if row is not None else None
