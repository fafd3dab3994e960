"""Tables made before the core's registry keep every row, and each gets its core_table row; names and seat
tokens move into the core's seats, and back on a downgrade (SQLite and PostgreSQL)."""

from __future__ import annotations

import json
from types import SimpleNamespace

from alembic import command
from sqlalchemy import select, text

from companion.web.core.app import create_app
from companion.web.core.db import alembic_config, make_engine
from companion.web.core.db import database_url as url_of


def _old_database(url: str) -> None:
    """A database as the code before the registry left it: Welcome To's branch at welcome_to_0001, the core at
    core_0002, one table with two seats (one with a move)."""
    engine = make_engine(url_of(SimpleNamespace(config={"DATABASE_URL": url})))
    with engine.begin() as conn:
        command.upgrade(alembic_config(conn), "welcome_to_0001")
        command.upgrade(alembic_config(conn), "core_0002")
        conn.execute(text("INSERT INTO welcome_to_table (id, created, mode, intermediate, plans, version) "
                          "VALUES ('OldTable0123456789', '2025-01-02T03:04:05+00:00', 'standard', 0, '[1, 7, 13]', 2)"))
        move = json.dumps([{"kind": "number", "street": 0, "house": 0, "number": 3}])
        for seat, (token, name, log, updated) in enumerate([("TokenAna0123456789", "Ana", move, "2025-01-03T00:00:00+00:00"),
                                                            ("TokenBen0123456789", "Ben", "[]", "2025-01-02T03:05:00+00:00")]):
            conn.execute(text("INSERT INTO welcome_to_seat (table_id, seat, token, name, base, log, version, updated) "
                              "VALUES ('OldTable0123456789', :seat, :token, :name, NULL, :log, :v, :updated)"),
                         {"seat": seat, "token": token, "name": name, "log": log, "v": 1 if seat == 0 else 0,
                          "updated": updated})
    engine.dispose()


def test_old_tables_are_registered_and_kept(database_url, tmp_path, monkeypatch):
    """Upgrading to the heads keeps the table and its seats as they were and adds the table to the registry."""
    monkeypatch.setenv("DATABASE_URL", database_url)
    _old_database(database_url)
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "WTF_CSRF_ENABLED": False, "DATABASE_URL": database_url,
                      "BOARD_LIBRARY": str(tmp_path / "boards")})
    engine = app.extensions["companion.engine"]
    with engine.connect() as conn:
        table = conn.execute(text("SELECT id, created, mode, plans, version FROM welcome_to_table")).all()
        seats = conn.execute(text("SELECT s.seat, c.token, c.name, s.log, s.version, s.updated "
                                  "FROM welcome_to_seat s JOIN core_seat c ON c.game = 'welcome-to' "
                                  "AND c.table_id = s.table_id AND c.seat = s.seat ORDER BY s.seat")).all()
        from companion.web.core.tables.registry import core_table

        rows = conn.execute(select(core_table)).mappings().all()
        holds = conn.execute(text("SELECT seat, holder FROM core_seat_hold ORDER BY seat")).all()
    assert [tuple(r) for r in table] == [("OldTable0123456789", "2025-01-02T03:04:05+00:00", "standard",
                                          "[1, 7, 13]", 2)]
    assert [(s.seat, s.token, s.name, s.version) for s in seats] == [(0, "TokenAna0123456789", "Ana", 1),
                                                                      (1, "TokenBen0123456789", "Ben", 0)]
    assert json.loads(seats[0].log) == [{"kind": "number", "street": 0, "house": 0, "number": 3}]
    assert [(r["game"], r["table_id"], r["created"], r["touched"], r["finished"]) for r in rows] == [
        ("welcome-to", "OldTable0123456789", "2025-01-02T03:04:05+00:00", "2025-01-03T00:00:00+00:00", None)]
    assert [tuple(h) for h in holds] == [(0, "held-before-core"), (1, "held-before-core")]
    stranger = app.test_client()  # the table link cannot take a seat a phone joined with before
    assert stranger.post("/welcome-to/t/OldTable0123456789/seats/1/claim").status_code == 409
    client = app.test_client()  # Ana's phone, with its old cookie: her sheet is hers again
    client.set_cookie("welcome_to_seats", json.dumps([["OldTable0123456789", "TokenAna0123456789"]]))
    page = client.get("/welcome-to/t/OldTable0123456789").get_data(as_text=True)
    assert "Ana" in page and 'href="/welcome-to/s/TokenAna0123456789"' in page and page.count("Open my sheet") == 1
    assert client.get("/welcome-to/t/OldTable0123456789/game.json").get_json(force=True)["players"][0][
        "streets"][0][0] == 3
    with engine.begin() as conn:  # down again: the names and tokens return to the game's seats
        command.downgrade(alembic_config(conn), "welcome_to_0003")
        back = conn.execute(text("SELECT seat, token, name FROM welcome_to_seat ORDER BY seat")).all()
        left = conn.execute(text("SELECT count(*) FROM core_seat WHERE game = 'welcome-to'")).scalar()
    assert [tuple(r) for r in back] == [(0, "TokenAna0123456789", "Ana"), (1, "TokenBen0123456789", "Ben")]
    assert left == 0
    engine.dispose()
