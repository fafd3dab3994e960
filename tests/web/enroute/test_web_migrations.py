"""An SQLite file made by the companion before it had migrations is upgraded on start with every table intact."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from sqlalchemy import inspect

from companion.web.core.app import create_app

DUMP = Path(__file__).with_name("data") / "pre-migration.sql"
TABLE, GAME = "j4ArzrqXQTyQDqC2yKcj0A", "o3uxLD6BXypSFz2XRO-Nbg"


def old_database(folder: Path) -> Path:
    """Build the shipped pre-migration database (made by commit 475f30c's code) in a folder."""
    path = folder / "old.sqlite"
    with sqlite3.connect(path) as conn:
        conn.executescript(DUMP.read_text(encoding="utf-8"))
    return path


def test_old_sqlite_file_is_upgraded_without_losing_a_table(tmp_path, monkeypatch):
    """The migrations stamp the old file, keep its table, sheets and refereed game, and add what is new."""
    monkeypatch.delenv("DATABASE_URL", raising=False)  # this test is about SQLite files
    path = old_database(tmp_path)
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "WTF_CSRF_ENABLED": False, "DATABASE": str(path),
                      "BOARD_LIBRARY": str(tmp_path / "boards")})
    engine = app.extensions["companion.engine"]
    tables = set(inspect(engine).get_table_names())
    assert {"alembic_version", "table_code", "game_table", "player_sheet", "play_game"} <= tables
    client = app.test_client()
    page = client.get(f"/tables/{TABLE}").get_data(as_text=True)
    assert "Aki" in page and "Bo" in page
    sheet = client.get(f"/tables/{TABLE}/players/0/sheet.json").get_json()
    assert sheet["sections"] == [[[0, 0], [1, 0]], [[1, 0], [2, 0]]]
    assert client.get(f"/play/{GAME}/setup/level").status_code == 200
    # a second start finds nothing to do and changes nothing
    again = create_app({"TESTING": True, "SECRET_KEY": "t", "DATABASE": str(path), "BOARD_LIBRARY": str(tmp_path)})
    assert "Aki" in again.test_client().get(f"/tables/{TABLE}").get_data(as_text=True)


def test_a_new_database_gets_the_same_tables(tmp_path, monkeypatch):
    """A fresh file and an upgraded old file end with the same set of tables."""
    monkeypatch.delenv("DATABASE_URL", raising=False)
    fresh = create_app({"TESTING": True, "SECRET_KEY": "t", "DATABASE": str(tmp_path / "new.sqlite")})
    upgraded = create_app({"TESTING": True, "SECRET_KEY": "t", "DATABASE": str(old_database(tmp_path))})
    names = [set(inspect(a.extensions["companion.engine"]).get_table_names()) for a in (fresh, upgraded)]
    assert names[0] == names[1]
