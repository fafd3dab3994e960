"""A database made at the game's previous head (ttr_europe_0002) with tables in it upgrades to every head with
each row intact (names and seat tokens in the core's seats), every table in the core's registry, and its tickets
secret until the game ends."""

from __future__ import annotations

import json

import pytest
from alembic import command
from sqlalchemy import Column, Integer, MetaData, String, Table, Text, create_engine, insert, select

from companion.web.core import db
from companion.web.core.app import create_app
from companion.web.core.tables.registry import core_seat, core_table
from companion.web.ticket_to_ride_europe.claim_store import ttr_claim
from companion.web.ticket_to_ride_europe.store import ttr_seat, ttr_table

# The seat rows as the code before the core's seats wrote them (names and tokens in the game's own rows).
old_seat = Table("ttr_seat", MetaData(), Column("table_id", String(64), primary_key=True),
                 Column("seat", Integer, primary_key=True), Column("name", Text), Column("colour", String(16)),
                 Column("token", String(64)), Column("claimed", Integer), Column("entry", Text),
                 Column("version", Integer), Column("updated", String(32)))

TABLES = {"oldTableAAAAAAAAAAAAAA": "2024-05-01T10:00:00+00:00", "oldTableBBBBBBBBBBBBBB": "2024-06-01T10:00:00+00:00"}
NEW_COLUMNS = ("cards", "turn")  # ttr_europe_0005: the claim log's cards and turns, null on old lines


def _old_columns(table):
    """The columns a table had at ttr_europe_0002 (the claim log without the later columns)."""
    return [c for c in table.columns if c.name not in NEW_COLUMNS]


ENTRY = {"routes": [28], "stations": [{"city": "Frankfurt", "borrows": 2}], "tickets": [{"from": "Paris", "to": "Wien"}]}


def _old_database(url: str) -> None:
    """Migrate an empty database to the previous head of the game and fill it as the old code did."""
    engine = create_engine(db.make_engine(url).url)
    with engine.begin() as conn:
        command.upgrade(db.alembic_config(conn), "ttr_europe_0002")
        for table_id, created in TABLES.items():
            conn.execute(insert(ttr_table).values(id=table_id, created=created, variant="base"))
            for seat, name in enumerate(("Aki", "Ben")):
                conn.execute(insert(old_seat).values(
                    table_id=table_id, seat=seat, name=name, colour=("red", "blue")[seat], token=f"{table_id}-{seat}",
                    claimed=1, entry=json.dumps(ENTRY if seat == 0 else {"routes": [], "stations": [], "tickets": []}),
                    version=seat ^ 1, updated="2024-07-01T09:00:00+00:00" if seat == 0 else created))
            conn.execute(insert(ttr_claim).values(table_id=table_id, n=1, seat=0, kind="route", route=28,
                                                  created=created))
        rows = {t.name: conn.execute(select(*_old_columns(t)).order_by(*t.primary_key.columns)).all()
                for t in (ttr_table, ttr_seat, ttr_claim)}
        rows["names"] = conn.execute(select(old_seat.c.table_id, old_seat.c.seat, old_seat.c.name, old_seat.c.token)
                                     .order_by(old_seat.c.table_id, old_seat.c.seat)).all()
    engine.dispose()
    return rows


@pytest.fixture
def old_app(database_url, tmp_path, monkeypatch):
    monkeypatch.delenv("DATABASE_URL", raising=False)
    before = _old_database(database_url)
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "WTF_CSRF_ENABLED": False, "DATABASE_URL": database_url,
                      "DATABASE": str(tmp_path / "unused.sqlite"), "BOARD_LIBRARY": str(tmp_path / "boards")})
    yield app, before
    app.extensions["companion.engine"].dispose()


def test_old_tables_upgrade_intact_and_join_the_registry(old_app):
    app, before = old_app
    engine = app.extensions["companion.engine"]
    with engine.connect() as conn:
        after = {t.name: conn.execute(select(*_old_columns(t)).order_by(*t.primary_key.columns)).all()
                 for t in (ttr_table, ttr_seat, ttr_claim)}
        assert conn.execute(select(ttr_claim.c.cards, ttr_claim.c.turn)).all() == [(None, None)] * len(TABLES)
        registry = {r.table_id: r for r in conn.execute(select(core_table).where(core_table.c.game == "ttr-europe"))}
        after["names"] = conn.execute(select(core_seat.c.table_id, core_seat.c.seat, core_seat.c.name,
                                             core_seat.c.token).where(core_seat.c.game == "ttr-europe")
                                      .order_by(core_seat.c.table_id, core_seat.c.seat)).all()
    assert after == before
    assert set(registry) == set(TABLES)
    for table_id, created in TABLES.items():
        row = registry[table_id]
        assert row.created == created and row.touched == "2024-07-01T09:00:00+00:00"
        assert row.finished is None and row.host is None
    client = app.test_client()
    table_id = next(iter(TABLES))
    refused = app.test_client().post(f"/ttr-europe/t/{table_id}/seats/1/claim", data={"take_over": "1"})
    assert f"/ttr-europe/s/{table_id}-1" not in (refused.headers.get("Location") or "")  # claimed before: still held
    assert f"{table_id}-1" not in refused.get_data(as_text=True)
    assert client.get(f"/ttr-europe/t/{table_id}/game.json").get_json()["players"][0]["tickets"] == []
    own = client.get(f"/ttr-europe/s/{table_id}-0").get_data(as_text=True)  # the old link still opens the seat
    assert 'value="Paris|Wien" checked' in own
    assert client.post(f"/ttr-europe/t/{table_id}/end").status_code == 302  # no host: a phone holding a seat ends it
    assert client.get(f"/ttr-europe/t/{table_id}/game.json").get_json()["players"][0]["tickets"] == [
        {"from": "Paris", "to": "Wien"}]


def test_the_core_seats_go_down_and_up_again(old_app):
    """Down to ttr_europe_0005 the names and tokens return to the seats; up again they are the core's."""
    app, before = old_app
    engine = app.extensions["companion.engine"]
    with engine.begin() as conn:
        command.downgrade(db.alembic_config(conn), "ttr_europe_0005")
        back = conn.execute(select(old_seat.c.table_id, old_seat.c.seat, old_seat.c.name, old_seat.c.token)
                            .order_by(old_seat.c.table_id, old_seat.c.seat)).all()
        assert conn.execute(select(core_seat).where(core_seat.c.game == "ttr-europe")).all() == []
        command.upgrade(db.alembic_config(conn), "heads")
        again = conn.execute(select(core_seat.c.table_id, core_seat.c.seat, core_seat.c.name, core_seat.c.token)
                             .where(core_seat.c.game == "ttr-europe")
                             .order_by(core_seat.c.table_id, core_seat.c.seat)).all()
    assert back == before["names"] == again
