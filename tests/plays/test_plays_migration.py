"""The core's plays migrations (core_0004_plays, core_0005_play_pictures_summary): the tables match the store's,
and they go down and up again (SQLite and PostgreSQL)."""

from __future__ import annotations

from alembic import command
from sqlalchemy import inspect

from companion.web.core.app import create_app
from companion.web.core.db import alembic_config
from companion.web.core.plays import store

TABLES = ("play_group", "play", "play_table", "play_alias")


def test_migration_makes_the_stores_tables_and_goes_down_and_up(database_url, tmp_path, monkeypatch):
    """Every column the store declares exists after the upgrade; a downgrade drops the four tables only."""
    monkeypatch.setenv("DATABASE_URL", database_url)
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "DATABASE_URL": database_url,
                      "BOARD_LIBRARY": str(tmp_path / "boards")})
    engine = app.extensions["companion.engine"]
    found = inspect(engine)
    for name in TABLES:
        assert {c["name"] for c in found.get_columns(name)} == set(store.metadata.tables[name].c.keys()), name
    with app.app_context(), engine.begin() as conn:
        command.downgrade(alembic_config(conn), "core_0004_plays")
    assert {c["name"] for c in inspect(engine).get_columns("play")} == \
        set(store.metadata.tables["play"].c.keys()) - {"pictures", "summary"}
    with app.app_context(), engine.begin() as conn:
        command.downgrade(alembic_config(conn), "core_0004_plays-1")
    names = set(inspect(engine).get_table_names())
    assert not names & set(TABLES) and {"core_table", "rate_limit"} <= names
    with app.app_context(), engine.begin() as conn:
        command.upgrade(alembic_config(conn), "heads")
    assert set(TABLES) <= set(inspect(engine).get_table_names())
    engine.dispose()
