"""A database made at En Route's previous head (before the core ran its tables) is upgraded with every row intact,
every table in the core's registry, every seat claimed the old way still held, and every name and seat link in the
core's seats only — a refereed game's setup keeps no copy of its names — (and back on a downgrade) (SQLite and
PostgreSQL)."""

from __future__ import annotations

import json

from alembic import command
from sqlalchemy import select, text

from companion.web.core import db
from companion.web.core.app import create_app

PREVIOUS = "enroute_0004_route_jobs"
GAME, TABLE, DONE = "g" * 22, "t" * 22, "d" * 22


def _old_rows(conn) -> None:
    """A refereed game in play (seat 0 claimed; Cy's seat has no row), a score table half entered and one with every
    sheet in."""
    conn.execute(text("INSERT INTO play_game (id, created, board_id, board_doc, setup, started, version, "
                      "setup_version, table_id) VALUES (:id, '2024-05-01T10:00:00+00:00', 'training-city', '{}', "
                      ":setup, 1, 7, 3, NULL)"), {"id": GAME, "setup": json.dumps({"names": ["Aki", "Bo", "Cy"], "seed": 7})})
    for seat, claimed in ((0, 1), (1, 0)):
        conn.execute(text("INSERT INTO play_seat (game_id, seat, token, claimed, kept) "
                          "VALUES (:g, :s, :t, :c, 1)"), {"g": GAME, "s": seat, "t": f"seat-token-{seat}-xxxx",
                                                          "c": claimed})
    conn.execute(text("INSERT INTO play_action (game_id, seq, kind, seat, payload, dropped, created) "
                      "VALUES (:g, 5, 'round', NULL, '{}', NULL, '2024-05-01T10:30:00+00:00')"), {"g": GAME})
    for table_id, versions in ((TABLE, (1, 0)), (DONE, (2, 1))):
        conn.execute(text("INSERT INTO game_table (id, created, board_id, board_doc, level, lang, ratings, goals) "
                          "VALUES (:id, '2024-04-01T09:00:00+00:00', 'training-city', '{}', 'full', 'en', '{}', "
                          "'[]')"), {"id": table_id})
        for seat, version in enumerate(versions):
            conn.execute(text("INSERT INTO player_sheet (table_id, seat, name, colour, route_mode, sheet, version, "
                              "updated) VALUES (:t, :s, :n, 'red', 'best', '{}', :v, :u)"),
                         {"t": table_id, "s": seat, "n": ("Aki", "Bo")[seat], "v": version,
                          "u": f"2024-04-0{2 + seat}T09:00:00+00:00"})


MOVED = {"player_sheet": ("name",), "play_seat": ("token",)}  # into the core's seats (enroute_0006_core_seats)


def _snapshot(conn) -> dict:
    """Every row of En Route's own tables, without the columns the core's seats took over."""
    out = {}
    for name in ("play_game", "play_seat", "play_action", "game_table", "player_sheet"):
        rows = conn.execute(text(f"SELECT * FROM {name}")).mappings().all()
        if name == "play_game":  # the names leave the setup for the core's seats (enroute_0007)
            rows = [{**r, "setup": json.dumps({k: v for k, v in json.loads(r["setup"]).items() if k != "names"})}
                    for r in rows]
        out[name] = sorted(tuple(sorted((k, v) for k, v in r.items() if k not in MOVED.get(name, ()))) for r in rows)
    return out


def test_old_tables_enter_the_registry_with_every_row_intact(database_url, tmp_path, monkeypatch):
    monkeypatch.setenv("DATABASE_URL", database_url)
    engine = db.make_engine(database_url)
    with engine.begin() as conn:
        command.upgrade(db.alembic_config(conn), PREVIOUS)
        _old_rows(conn)
        before = _snapshot(conn)
    engine.dispose()
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "WTF_CSRF_ENABLED": False,
                      "DATABASE": str(tmp_path / "unused.sqlite"), "BOARD_LIBRARY": str(tmp_path / "boards")})
    from companion.web.core.tables.registry import core_seat, core_seat_hold, core_table

    with app.app_context(), db.read() as conn:
        assert _snapshot(conn) == before
        seated = sorted(tuple(r) for r in conn.execute(select(core_seat.c.table_id, core_seat.c.seat,
                                                                core_seat.c.name, core_seat.c.token)))
        rows = {r["table_id"]: dict(r) for r in conn.execute(select(core_table).where(core_table.c.game == "enroute"))
                .mappings()}
        holds = conn.execute(select(core_seat_hold.c.table_id, core_seat_hold.c.seat)).all()
        setup = json.loads(conn.execute(text("SELECT setup FROM play_game")).scalar())
    assert setup == {"seed": 7}  # the names are the core's seats' only
    assert set(rows) == {GAME, TABLE, DONE}
    assert rows[GAME]["created"].startswith("2024-05-01T10:00") and rows[GAME]["touched"].startswith("2024-05-01T10:30")
    assert rows[GAME]["finished"] is None and rows[TABLE]["finished"] is None
    assert rows[TABLE]["touched"].startswith("2024-04-03") and rows[DONE]["finished"]
    assert [tuple(h) for h in holds] == [(GAME, 0)]  # the seat claimed the old way is still held
    assert seated == sorted([(GAME, 0, "Aki", "seat-token-0-xxxx"), (GAME, 1, "Bo", "seat-token-1-xxxx"),
                             (GAME, 2, "Cy", None),  # a name without a seat row is not lost
                             (TABLE, 0, "Aki", None), (TABLE, 1, "Bo", None), (DONE, 0, "Aki", None),
                             (DONE, 1, "Bo", None)])
    from companion.web.enroute import play_store

    with app.app_context():  # an old seat link still opens its seat
        assert play_store.seat_by_token("seat-token-1-xxxx") == (GAME, 1)
    with app.app_context(), db.write() as conn:  # down again: the names and tokens go back to En Route's rows
        command.downgrade(db.alembic_config(conn), PREVIOUS.replace("0004_route_jobs", "0005_core_tables"))
        back = sorted(tuple(r) for r in conn.execute(text("SELECT game_id, seat, token FROM play_seat")))
        names = sorted(tuple(r) for r in conn.execute(text("SELECT table_id, seat, name FROM player_sheet")))
        setup = json.loads(conn.execute(text("SELECT setup FROM play_game")).scalar())
    assert setup == {"seed": 7, "names": ["Aki", "Bo", "Cy"]}
    assert back == [(GAME, 0, "seat-token-0-xxxx"), (GAME, 1, "seat-token-1-xxxx")]
    assert names == sorted([(TABLE, 0, "Aki"), (TABLE, 1, "Bo"), (DONE, 0, "Aki"), (DONE, 1, "Bo")])
