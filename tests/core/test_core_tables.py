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
from companion.web.core.tables import names, registry, roster, seats
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


# ---- the roster: every game's seats -------------------------------------------------------------------

def test_the_roster_keeps_names_once_and_refuses_a_repeat_however_spelled(app):
    """Seats made together or one by one refuse " ANA " after "Ana"; links open their seat, a reissue kills the old
    one, a new setup replaces every seat, and a purged table leaves no seat behind."""
    with app.app_context():
        with db.write() as conn:
            made = roster.add(conn, "g", "T1", ["Ana", "  Ben   Lee "])
        assert [(s.seat, s.name) for s in made] == [(0, "Ana"), (1, "Ben Lee")]
        assert len({s.token for s in made}) == 2 and all(len(s.token) == 22 for s in made)
        for repeat in (" ANA ", "ben lee", "Benlee"):
            with pytest.raises(roster.DuplicateName), db.write() as conn:
                roster.add(conn, "g", "T1", [repeat])
        with pytest.raises(roster.DuplicateName) as refused, db.write() as conn:
            roster.add(conn, "g", "T2", ["Cy", "Dee", "cy"])
        assert (refused.value.index, refused.value.earlier) == (2, 0)
        assert roster.names("g", "T2") == []  # nothing of a refused table is kept
        with db.write() as conn:
            assert roster.add(conn, "g", "T1", ["Cy"])[0].seat == 2
            assert roster.add(conn, "other-game", "T1", ["Ana"])[0].seat == 0  # another game's table
        assert roster.names("g", "T1") == ["Ana", "Ben Lee", "Cy"]
        assert roster.by_token("g", made[1].token).seat == 1 and roster.by_token("other-game", made[1].token) is None
        assert roster.by_token("g", "x" * 65) is None and roster.by_token("g", 5) is None
        with db.write() as conn:
            fresh = roster.reissue(conn, "g", "T1", 1)
            assert roster.reissue(conn, "g", "T1", 9) is None
        assert roster.by_token("g", made[1].token) is None and roster.by_token("g", fresh).name == "Ben Lee"
        with db.write() as conn:
            again = roster.replace(conn, "g", "T1", ["Eve", "Fay"])
        assert roster.names("g", "T1") == ["Eve", "Fay"] and roster.by_token("g", fresh) is None
        assert {s.token for s in again} == {s.token for s in roster.seats("g", "T1")}
        with db.write() as conn:
            assert roster.add(conn, "g", "T3", ["Gil"], tokens=False)[0].token is None
            conn.execute(insert(registry.core_table).values(game="g", table_id="T1", created="2000-01-01T00:00:00",
                                                            touched="2000-01-01T00:00:00"))
        web = GameWeb(game_id="g", blueprint=app.blueprints["home"],
                      tables=TableSpec(public_view=lambda t: {}, seat_view=lambda t, s: {},
                                       delete=lambda conn, table_id: None))
        register_web(web)
        try:
            registry.purge(30)
        finally:
            unregister_web("g")
        assert roster.seats("g", "T1") == [] and roster.names("g", "T3") == ["Gil"]


def test_the_host_role_moves_only_when_the_host_offers_it(app):
    """Offer, withdraw, take: each logged; nothing offered, nobody takes it; the old host is host no more."""
    host, other, third = phone(), phone(), phone()
    with app.test_request_context(environ_base=host):
        seats.make_host("g", "H1")
    with app.test_request_context(environ_base=other):
        assert not seats.take_host("g", "H1", "Ben")
    with app.test_request_context(environ_base=host):
        seats.offer_host("g", "H1")
        seats.offer_host("g", "H1")  # twice is once
        assert seats.host_offered("g", "H1") and not seats.take_host("g", "H1")  # not to itself
        seats.keep_host("g", "H1")
        assert not seats.host_offered("g", "H1")
        seats.offer_host("g", "H1")
    with app.test_request_context(environ_base=other):
        assert seats.take_host("g", "H1", "Ben") and seats.is_host("g", "H1")
    with app.test_request_context(environ_base=third):
        assert not seats.take_host("g", "H1")
    with app.test_request_context(environ_base=host):
        assert not seats.is_host("g", "H1")
        kinds = [e["kind"] for e in seats.events("g", "H1")]
        assert kinds == ["host-taken", "host-offered", "host-kept", "host-offered"]
        assert "Ben's phone took over as host" in seats.event_text(seats.events("g", "H1")[0])
