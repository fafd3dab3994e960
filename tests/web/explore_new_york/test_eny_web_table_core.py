"""Explore New York on the core's table: names, seats held by phones, the provisional score sheet, live marks,
the registry, and old tables registered by the migration (SQLite and PostgreSQL)."""

from __future__ import annotations

import html
import json
import re
from types import SimpleNamespace

import pytest
from alembic import command
from eny_web_helpers import form_data, make_app, save, seed_draft, start_table
from sqlalchemy import select, text

from companion.web.core.db import alembic_config, make_engine
from companion.web.core.db import database_url as url_of
from companion.web.core.tables import registry
from companion.web.core.tables.registry import core_seat, core_table
from companion.web.explore_new_york import store


@pytest.fixture
def app(tmp_path):
    """A fresh app."""
    return make_app(tmp_path)


@pytest.fixture
def client(app):
    """The host's phone."""
    return app.test_client()


def test_a_name_twice_is_refused_with_the_entries_kept(client):
    """"Max" and " max " are one player: 422 on the repeated field, naming the earlier one."""
    response = client.post("/explore-new-york/tables/new",
                           data=form_data(("Max", "riverside"), (" max ", "parkside"), ("Lena", "harbor")))
    page = response.get_data(as_text=True)
    assert response.status_code == 422
    assert "Max is already at this table" in page and 'value=" max "' in page and 'value="Lena"' in page


def test_the_score_sheet_ranks_only_the_entered_tiles(client):
    """Only Max entered: Lena is not ranked, the sheet says it waits for her, score.json says the same."""
    path = start_table(client)
    assert save(client, path, 0, seed_draft(), 0).status_code == 302
    page = html.unescape(client.get(f"{path}/score").get_data(as_text=True))
    assert "Provisional score sheet: still waiting for Lena." in page
    ranks = re.search(r"<th scope=\"row\">Rank</th>(.*?)</tr>", page, re.S).group(1)
    assert re.findall(r"<td>([^<]*)</td>", ranks) == ["1", "–"]
    doc = client.get(f"{path}/score.json").get_json()
    assert doc["provisional"] is True and doc["waiting"] == ["Lena"]
    assert [p["player"] for p in doc["players"]] == ["Max"] and doc["players"][0]["total"] == 82
    assert save(client, path, 1, {"sections": [], "tourists": [], "cafes": [], "final_route": None}, 0).status_code == 302
    doc = client.get(f"{path}/score.json").get_json()
    assert doc["provisional"] is False and doc["waiting"] == [] and len(doc["players"]) == 2
    assert "still waiting" not in client.get(f"{path}/score").get_data(as_text=True)


def test_a_tile_is_entered_by_its_phone_or_the_host(client, app):
    """Another phone with the table link cannot open a tile; "This is me" gives it a free seat; a held seat is
    refused from the table link, moves by its own link (logged), and the host can free it (logged)."""
    path = start_table(client)
    lena = app.test_client()
    assert lena.get(f"{path}/players/1").status_code == 403
    assert lena.post(f"{path}/players/1", data={"sheet": "{}", "version": "0"}).status_code == 403
    response = lena.post(f"{path}/seats/1/claim")
    assert response.status_code == 302 and response.headers["Location"].endswith("/players/1")
    sheet = lena.get(f"{path}/players/1").get_data(as_text=True)
    link = re.search(r'href="https?://[^/"]+(/explore-new-york/tables/[^"]+/seat/1/[0-9a-f]+)"', sheet).group(1)
    other = app.test_client()
    refused = other.post(f"{path}/seats/1/claim")
    assert refused.status_code == 409 and link not in refused.get_data(as_text=True)
    assert other.get(link.rsplit("/", 1)[0] + "/0123456789abcdef012345").status_code == 404  # a wrong key
    assert other.get(link).status_code == 302 and other.get(f"{path}/players/1").status_code == 200
    assert lena.get(f"{path}/players/1").status_code == 403
    page = html.unescape(client.get(path).get_data(as_text=True))
    assert "Lena's seat moved to another phone with its own link." in page
    assert lena.post(f"{path}/seats/1/free").status_code == 403  # not the host
    assert client.post(f"{path}/seats/1/free").status_code == 302
    assert "The host freed Lena's seat" in html.unescape(lena.get(path).get_data(as_text=True))
    assert client.get(f"{path}/players/1").status_code == 200  # the host keeps the score for the table


def test_every_page_follows_the_table_mark(client, app):
    """The table, rounds, score, tile and turn pages carry the live box (and no other #live); a save moves
    the mark, which names no table."""
    path = start_table(client)
    for url in (path, f"{path}/rounds", f"{path}/score", f"{path}/players/0", f"{path}/rounds/0"):
        page = client.get(url).get_data(as_text=True)
        assert page.count('id="live"') == 1 and f'data-live-url="{path}/live"' in page, url
    before = client.get(f"{path}/live").get_json()["mark"]
    assert save(client, path, 0, seed_draft(), 0).status_code == 302
    after = client.get(f"{path}/live").get_json()["mark"]
    assert after != before and path.rsplit("/", 1)[1] not in after
    assert "Entered" in client.get(f"{path}/rounds").get_data(as_text=True)  # the rounds page shows it too
    assert client.get("/explore-new-york/tables/nope/live").status_code == 404


def test_the_registry_knows_the_table(client, app):
    """Made: registered with its host; saved: touched; every tile entered: finished."""
    path = start_table(client)
    token = path.rsplit("/", 1)[1]
    with app.app_context():
        row = registry.get("explore-new-york", token)
    assert row["host"] and not row["finished"]
    save(client, path, 0, seed_draft(), 0)
    with app.app_context():
        assert not registry.get("explore-new-york", token)["finished"]
    save(client, path, 1, {"sections": [], "tourists": [], "cafes": [], "final_route": None}, 0)
    with app.app_context():
        assert registry.get("explore-new-york", token)["finished"]


def _old_database(url: str) -> None:
    """A database as the code before the registry left it (eny_0003, core_0002), with two tables."""
    engine = make_engine(url_of(SimpleNamespace(config={"DATABASE_URL": url})))
    with engine.begin() as conn:
        command.upgrade(alembic_config(conn), "eny_0003")
        command.upgrade(alembic_config(conn), "core_0002")
        tile = json.dumps({"format": "explore-new-york-tile/1", "id": "x"})
        for table, versions in (("OldTableA123456789", (1, 0)), ("OldTableB123456789", (2, 1))):
            conn.execute(text("INSERT INTO eny_table (id, created, settings) VALUES (:id, :c, :s)"),
                         {"id": table, "c": "2025-01-02T03:04:05+00:00", "s": json.dumps({"players": 2})})
            for seat, version in enumerate(versions):
                conn.execute(text("INSERT INTO eny_sheet (table_id, seat, name, tile, sheet, version, updated) "
                                  "VALUES (:t, :seat, :name, :tile, :sheet, :v, :u)"),
                             {"t": table, "seat": seat, "name": f"P{seat}", "tile": tile,
                              "sheet": json.dumps({"sections": [[[0, 0], [1, 0]]]}), "v": version,
                              "u": f"2025-01-0{3 + seat}T00:00:00+00:00"})
    engine.dispose()


def test_old_tables_are_registered_and_kept(database_url, tmp_path, monkeypatch):
    """Upgrading to the heads keeps every table and sheet row as it was and registers each table."""
    monkeypatch.setenv("DATABASE_URL", database_url)
    _old_database(database_url)
    app = make_app(tmp_path, DATABASE_URL=database_url)
    with app.extensions["companion.engine"].connect() as conn:
        tables = conn.execute(text("SELECT id, created, settings FROM eny_table ORDER BY id")).all()
        sheets = conn.execute(text("SELECT table_id, seat, sheet, version, updated FROM eny_sheet "
                                   "ORDER BY table_id, seat")).all()
        rows = conn.execute(select(core_table).order_by(core_table.c.table_id)).mappings().all()
        seated = conn.execute(select(core_seat.c.table_id, core_seat.c.seat, core_seat.c.name, core_seat.c.token)
                              .where(core_seat.c.game == "explore-new-york")
                              .order_by(core_seat.c.table_id, core_seat.c.seat)).all()
    assert [t.id for t in tables] == ["OldTableA123456789", "OldTableB123456789"]
    assert all(json.loads(t.settings) == {"players": 2} for t in tables)
    assert [(s.table_id, s.seat, s.version) for s in sheets] == [("OldTableA123456789", 0, 1),
                                                                 ("OldTableA123456789", 1, 0),
                                                                 ("OldTableB123456789", 0, 2),
                                                                 ("OldTableB123456789", 1, 1)]
    assert all(json.loads(s.sheet) == {"sections": [[[0, 0], [1, 0]]]} for s in sheets)
    assert [(r["game"], r["table_id"], r["created"], r["touched"], bool(r["finished"])) for r in rows] == [
        ("explore-new-york", "OldTableA123456789", "2025-01-02T03:04:05+00:00", "2025-01-04T00:00:00+00:00", False),
        ("explore-new-york", "OldTableB123456789", "2025-01-02T03:04:05+00:00", "2025-01-04T00:00:00+00:00", True)]
    assert [tuple(r) for r in seated] == [(t, seat, f"P{seat}", None) for t in ("OldTableA123456789",
                                                                            "OldTableB123456789") for seat in (0, 1)]
    with app.app_context():
        assert [p["name"] for p in store.get_players("OldTableB123456789")] == ["P0", "P1"]
    with app.extensions["companion.engine"].begin() as conn:  # down again: the names go back to the sheets
        command.downgrade(alembic_config(conn), "eny_0004")
        back = conn.execute(text("SELECT table_id, seat, name FROM eny_sheet ORDER BY table_id, seat")).all()
        left = conn.execute(text("SELECT count(*) FROM core_seat WHERE game = 'explore-new-york'")).scalar()
    assert [tuple(r) for r in back] == [(t, seat, f"P{seat}") for t in ("OldTableA123456789", "OldTableB123456789")
                                        for seat in (0, 1)] and left == 0
