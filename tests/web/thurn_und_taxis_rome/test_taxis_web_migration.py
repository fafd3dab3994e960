"""Tables made before the core's registry survive the upgrade: every row intact, each table registered, claimed
seats still held, each seat's link token and name in the core's seats — and the names only there, not in the
stored states — and back on a downgrade (SQLite and PostgreSQL)."""

from __future__ import annotations

import json

from alembic import command
from sqlalchemy import Column, Integer, MetaData, String, Table, insert, select

from companion.web.core import db
from companion.web.core.app import create_app
from companion.web.core.tables.registry import core_seat, core_seat_hold, core_table
from companion.web.thurn_und_taxis_rome.store import taxis_action, taxis_table

# The game's seat rows as the code before the core's seats had them.
taxis_seat = Table("taxis_seat", MetaData(), Column("table_id", String(64), primary_key=True),
                   Column("seat", Integer, primary_key=True), Column("token", String(64)), Column("claimed", Integer))

GAME = "thurn-und-taxis-rome"
OLD_HEAD = "thurn_und_taxis_rome_0001"


def _unnamed(state: str) -> str:
    """A stored state as it is once the names live only in the core's seats (thurn_und_taxis_rome_0004)."""
    doc = json.loads(state)
    if isinstance(doc.get("seats"), list):
        doc["seats"] = [{k: v for k, v in seat.items() if k != "player"} for seat in doc["seats"]]
    return json.dumps(doc)


def _rows(conn, seats=True) -> dict:
    return {t.name: sorted(tuple(r) for r in conn.execute(select(t)).all())
            for t in (taxis_table, taxis_seat, taxis_action) if seats or t is not taxis_seat}


def test_existing_tables_are_registered_and_kept(database_url, tmp_path):
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "DATABASE_URL": database_url, "MIGRATE_ON_START": False,
                      "BOARD_LIBRARY": str(tmp_path / "boards")})
    engine = app.extensions["companion.engine"]
    with app.app_context(), engine.begin() as conn:
        command.upgrade(db.alembic_config(conn), OLD_HEAD)
    over = json.dumps({"format": "thurn-und-taxis-rome-table/1", "ended": True})
    with app.app_context(), engine.begin() as conn:
        conn.execute(insert(taxis_table), [
            {"id": "old-table-one-xxxxxxx", "created": "2025-01-02T10:00:00+00:00", "version": 3,
             "state": json.dumps({"ended": False, "seats": [{"player": "Ana"}, {"player": "Ben"}]}), "base": "[]",
             "board_id": None},
            {"id": "old-table-two-xxxxxxx", "created": "2025-02-03T10:00:00+00:00", "version": 9, "state": over,
             "base": '[{"houses_left": 2}]', "board_id": None}])
        conn.execute(insert(taxis_seat), [
            {"table_id": "old-table-one-xxxxxxx", "seat": 0, "token": "seat-one-zero-xxxxxx", "claimed": 1},
            {"table_id": "old-table-one-xxxxxxx", "seat": 1, "token": "seat-one-one-xxxxxxx", "claimed": 0},
            {"table_id": "old-table-two-xxxxxxx", "seat": 0, "token": "seat-two-zero-xxxxxx", "claimed": 1}])
        conn.execute(insert(taxis_action), [
            {"table_id": "old-table-one-xxxxxxx", "seq": 1, "kind": "place-clergy", "seat": 0, "detail": None,
             "before": json.dumps({"ended": False, "seats": [{"player": "Ana"}, {"player": "Ben"}]}), "undone": 0,
             "created": "2025-01-05T10:00:00+00:00"}])
        before = _rows(conn)
    db.upgrade(app)
    with app.app_context(), engine.connect() as conn:
        after = _rows(conn, seats=False)
        state = conn.execute(select(taxis_table.c.state).where(taxis_table.c.id == "old-table-one-xxxxxxx")).scalar()
    assert json.loads(state)["seats"] == [{}, {}]  # the names are the core's seats' only
    assert after == {"taxis_table": sorted(tuple(_unnamed(v) if k == 3 else v for k, v in enumerate(r))
                                           for r in before["taxis_table"]),
                     "taxis_action": sorted(tuple(_unnamed(v) if k == 5 else v for k, v in enumerate(r))
                                            for r in before["taxis_action"])}  # the undo states too
    with app.app_context(), engine.connect() as conn:
        seated = sorted(tuple(r) for r in conn.execute(select(core_seat.c.table_id, core_seat.c.seat, core_seat.c.name,
                                                                core_seat.c.token).where(core_seat.c.game == GAME)))
        registry = {r["table_id"]: r for r in conn.execute(select(core_table).where(core_table.c.game == GAME))
                    .mappings()}
        holds = sorted((r["table_id"], r["seat"]) for r in conn.execute(select(core_seat_hold)).mappings())
    assert registry["old-table-one-xxxxxxx"]["created"] == "2025-01-02T10:00:00+00:00"
    assert registry["old-table-one-xxxxxxx"]["touched"] == "2025-01-05T10:00:00+00:00"
    assert registry["old-table-one-xxxxxxx"]["finished"] is None
    assert registry["old-table-two-xxxxxxx"]["finished"] == "2025-02-03T10:00:00+00:00"
    assert holds == [("old-table-one-xxxxxxx", 0), ("old-table-two-xxxxxxx", 0)]
    assert seated == [("old-table-one-xxxxxxx", 0, "Ana", "seat-one-zero-xxxxxx"),
                      ("old-table-one-xxxxxxx", 1, "Ben", "seat-one-one-xxxxxxx"),
                      ("old-table-two-xxxxxxx", 0, "", "seat-two-zero-xxxxxx")]
    db.upgrade(app)  # again: nothing doubles
    with app.app_context(), engine.connect() as conn:
        assert len(conn.execute(select(core_table).where(core_table.c.game == GAME)).all()) == 2
    with app.app_context(), engine.begin() as conn:  # down again: the game's seat rows come back as they were
        command.downgrade(db.alembic_config(conn), "thurn_und_taxis_rome_0002")
        assert _rows(conn) == before
        assert conn.execute(select(core_seat).where(core_seat.c.game == GAME)).all() == []
