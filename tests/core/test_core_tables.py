"""The core's table parts: names, the provisional sheet, the claim policy and its log, retention."""

from __future__ import annotations

import secrets
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st
from sqlalchemy import insert, select

from companion.web.core import db
from companion.web.core.app import create_app
from companion.web.core.plugins import GameWeb, register_web, unregister_web
from companion.web.core.tables import names, registry, seats
from companion.web.core.tables.provisional import provisional
from companion.web.core.tables.spec import TableSpec


@pytest.fixture
def app(tmp_path):
    return create_app({"TESTING": True, "SECRET_KEY": "t", "WTF_CSRF_ENABLED": False, "RATELIMIT_ENABLED": False,
                       "DATABASE": str(tmp_path / "t.sqlite"), "BOARD_LIBRARY": str(tmp_path / "boards")})


def phone():
    """A new phone's key cookie."""
    return {"HTTP_COOKIE": f"{seats.DEVICE_COOKIE}={secrets.token_urlsafe(32)}"}


# ---- names ----------------------------------------------------------------------------------------------

def test_names_differing_in_case_or_spacing_are_one_name():
    assert names.duplicate_names(["Ana", "Ben", " ANA ", "B en", ""]) == [(2, 0), (3, 1)]
    assert names.duplicate_names(["Ａｎａ", "ana"]) == [(1, 0)]  # full-width letters are the same name
    assert names.duplicate_names(["", " "]) == []


@given(st.lists(st.text(max_size=8), max_size=6))
def test_a_duplicate_is_reported_exactly_when_its_key_came_before(found):
    reported = dict(names.duplicate_names(found))
    keys = [names.name_key(n) for n in found]
    for k, key in enumerate(keys):
        earlier = [j for j in range(k) if keys[j] == key and key]
        assert (k in reported) == bool(earlier)
        if earlier:
            assert reported[k] == earlier[0]


def test_the_provisional_sheet_ranks_only_entered_seats():
    table = [{"name": "Ana", "e": True}, {"name": "Ben", "e": False}, {"name": "Cy", "e": True}]
    prov = provisional(table, lambda s: s["e"])
    assert prov.entered == (0, 2) and prov.waiting == ("Ben",) and not prov.complete
    assert provisional(table[:1], lambda s: s["e"]).complete


# ---- the claim policy -----------------------------------------------------------------------------------

def test_a_held_seat_moves_only_by_its_link_or_the_host(app):
    host, ana, thief = phone(), phone(), phone()
    with app.test_request_context(environ_base=host):
        seats.make_host("g", "T1")
        assert seats.is_host("g", "T1")
    with app.test_request_context(environ_base=ana):
        assert not seats.is_host("g", "T1")
        assert seats.claim("g", "T1", 0, "Ana", by_link=False).outcome == "taken"
        assert seats.claim("g", "T1", 0, "Ana", by_link=False).outcome == "same"
        assert seats.my_seats("g", "T1") == [0]
    with app.test_request_context(environ_base=thief):
        refused = seats.claim("g", "T1", 0, "Ana", by_link=False)
        assert refused.outcome == "held" and not refused.ok
        assert seats.my_seats("g", "T1") == []
        assert seats.claim("g", "T1", 0, "Ana", by_link=True).outcome == "moved"  # the seat's own link
    with app.test_request_context(environ_base=ana):
        assert seats.held_seats("g", "T1") == {0: False}
    with app.test_request_context(environ_base=host):
        seats.free_by_host("g", "T1", 0, "Ana")
    with app.test_request_context(environ_base=ana):
        assert seats.claim("g", "T1", 0, "Ana", by_link=False).outcome == "taken"
        seats.reissued("g", "T1", 0, "Ana")
        kinds = [e["kind"] for e in seats.events("g", "T1")]
        assert kinds == ["reissued", "claimed", "freed-by-host", "moved-by-link", "claimed"]
        assert all(seats.event_text(e) for e in seats.events("g", "T1"))
        assert seats.event_mark("g", "T1") != seats.event_mark("g", "T2")


def test_a_phone_gets_its_key_in_an_httponly_cookie(app):
    @app.get("/_test/claim")
    def _claim():
        return {"outcome": seats.claim("g", "T9", 1, "Ben", by_link=False).outcome}

    client = app.test_client()
    first = client.get("/_test/claim")
    cookie = first.headers.get("Set-Cookie", "")
    assert cookie.startswith(seats.DEVICE_COOKIE) and "HttpOnly" in cookie and "SameSite=Lax" in cookie
    assert first.json["outcome"] == "taken"
    assert client.get("/_test/claim").json["outcome"] == "same"  # the same phone, known by its cookie
    assert app.test_client().get("/_test/claim").json["outcome"] == "held"  # another phone


def test_ping_answers_and_is_never_cached(app):
    response = app.test_client().get("/ping")
    assert response.status_code == 200 and response.json == {"ok": True}
    assert response.headers["Cache-Control"] == "no-store"


# ---- retention ------------------------------------------------------------------------------------------

def test_retention_archives_finished_tables_and_purges_abandoned_ones(app):
    deleted = []
    web = GameWeb(game_id="retention-test", blueprint=app.blueprints["home"],
                  tables=TableSpec(public_view=lambda t: {}, seat_view=lambda t, s: {},
                                   delete=lambda conn, table_id: deleted.append(table_id)))
    register_web(web)
    try:
        old = (datetime.now(UTC) - timedelta(days=40)).isoformat(timespec="seconds")
        with app.app_context():
            with db.write() as conn:
                for table_id, finished in (("old", None), ("done", old), ("fresh", None)):
                    conn.execute(insert(registry.core_table).values(
                        game="retention-test", table_id=table_id, created=old,
                        touched=old if table_id != "fresh" else registry.now(), finished=finished))
                conn.execute(insert(registry.core_table).values(game="gone-game", table_id="x", created=old,
                                                                touched=old))
            dry = registry.purge(30, dry_run=True)
            assert dry["purged"] == [("retention-test", "old")] and deleted == []
            done = registry.purge(30)
            assert done["purged"] == [("retention-test", "old")] and deleted == ["old"]
            assert done["archived"] == [("retention-test", "done")]
            assert done["kept"] == [("gone-game", "x")]  # no game to delete it with: kept
            with db.read() as conn:
                left = {r.table_id: r.archived for r in conn.execute(select(registry.core_table))}
            assert set(left) == {"done", "fresh", "x"} and left["done"]
    finally:
        unregister_web("retention-test")


def test_the_purge_command_says_what_it_did(app):
    result = app.test_cli_runner().invoke(args=["tables-purge", "--days", "7", "--dry-run"])
    assert result.exit_code == 0 and "Would archive 0 finished table(s)" in result.output
    bad = app.test_cli_runner().invoke(args=["tables-purge", "--days", "0"])
    assert bad.exit_code != 0 and "at least 1" in bad.output
