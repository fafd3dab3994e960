"""Limits and hygiene (issue 27): rate limits per client, long join codes, HttpOnly cookies, the Host warning."""

from __future__ import annotations

import logging
import re
import string

from companion.web.core import db, limits
from companion.web.core.app import create_app

WELCOME = {"mode": "standard", "plans_source": "choose", "plan_1": "1", "plan_2": "7", "plan_3": "13", "name": ""}


def limited_app(folder, **settings):
    """An app with its limits on (the suite turns them off: tests/conftest.py), CSRF off."""
    return create_app({"TESTING": True, "SECRET_KEY": "t", "WTF_CSRF_ENABLED": False, "RATELIMIT_ENABLED": True,
                       "DATABASE": str(folder / "limits.sqlite"), "BOARD_LIBRARY": str(folder / "boards"),
                       **settings})


def test_the_suite_runs_without_limits(tmp_path):
    """Tests start many tables from one address: the limits are off unless a test turns them on."""
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "DATABASE": str(tmp_path / "t.sqlite")})
    assert app.config["RATELIMIT_ENABLED"] is False


def test_table_creation_is_a_429_after_the_limit(tmp_path):
    """Two tables an hour here: the third start is a 429 that says so, in the client's format, with Retry-After."""
    client = limited_app(tmp_path, RATELIMIT_TABLES="2 per hour").test_client()
    for _ in range(2):
        assert client.post("/welcome-to/new", data=WELCOME).status_code == 302
    refused = client.post("/welcome-to/new", data=WELCOME)
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) > 0
    assert "Too many tables were started from this network (2 per hour)" in refused.get_data(as_text=True)
    assert client.get("/welcome-to/new").status_code == 200  # only what acts is counted
    as_json = client.post("/tables/new", data={}, headers={"Accept": "application/json"})  # one limit for all games
    assert as_json.status_code == 429 and as_json.get_json()["problems"][0]["code"] == "http-429"


def test_joins_and_claims_are_limited(tmp_path):
    """Typing codes and taking seats each have their own limit."""
    client = limited_app(tmp_path, RATELIMIT_JOINS="3 per minute", RATELIMIT_CLAIMS="1 per minute").test_client()
    for _ in range(3):
        assert client.get("/join?code=ABCD-EFGH").status_code == 404
    refused = client.get("/join?code=ABCD-EFGH")
    assert refused.status_code == 429 and "Too many codes were tried" in refused.get_data(as_text=True)
    table = client.post("/welcome-to/new", data=WELCOME).headers["Location"]
    assert client.post(f"{table}/join", data={"name": "Ana"}).status_code == 302
    assert client.post(f"{table}/join", data={"name": "Ben"}).status_code == 429


def test_every_start_form_join_and_claim_is_marked(tmp_path):
    """Each game's table-creating POST, the core's /join and every "This is me" carry a limit."""
    app = limited_app(tmp_path)
    marked = {endpoint: getattr(view, limits.MARK)[0] for endpoint, view in app.view_functions.items()
              if hasattr(view, limits.MARK)}
    assert marked == {
        "enroute.tables.new": "tables", "enroute.play.new": "tables", "ttr_europe.tables.new": "tables",
        "welcome_to.tables.new": "tables", "welcome_to.tables.import_game": "tables",
        "explore_new_york.tables.new": "tables", "thurn_und_taxis_rome.tables.new": "tables",
        "home.join": "joins", "plays.new_group": "tables", "plays.keep": "tables",
        "enroute.play.claim": "claims", "ttr_europe.tables.claim": "claims",
        "thurn_und_taxis_rome.tables.claim": "claims", "welcome_to.tables.join": "claims"}


def test_two_app_servers_share_the_counts(tmp_path):
    """The counts live in the app's database: a second server on it refuses the client the first one counted."""
    first = limited_app(tmp_path, RATELIMIT_TABLES="1 per hour").test_client()
    second = limited_app(tmp_path, RATELIMIT_TABLES="1 per hour").test_client()
    assert first.post("/welcome-to/new", data=WELCOME).status_code == 302
    assert second.post("/welcome-to/new", data=WELCOME).status_code == 429


def test_database_storage_counts_in_windows(tmp_path, monkeypatch):
    """incr adds within a window and starts again after it; get, get_expiry, clear and reset agree."""
    app = limited_app(tmp_path)
    storage = limits.DatabaseStorage(engine=app.extensions["companion.engine"])
    now = [1000.0]
    monkeypatch.setattr(limits.time, "time", lambda: now[0])
    assert storage.check() and storage.get("k") == 0
    assert [storage.incr("k", 60) for _ in range(3)] == [1, 2, 3]
    assert storage.get("k") == 3 and storage.get_expiry("k") == 1060.0
    now[0] = 1061.0
    assert storage.get("k") == 0 and storage.incr("k", 60, amount=2) == 2 and storage.get_expiry("k") == 1121.0
    storage.incr("other", 60)
    storage.clear("k")
    assert storage.get("k") == 0 and storage.get("other") == 1
    assert storage.reset() == 1 and storage.get("other") == 0


def test_new_codes_have_eight_characters_shown_grouped(tmp_path):
    """31^8 codes, shown XXXX-XXXX; typed in any case, with or without the dash; six-character codes still join."""
    app = limited_app(tmp_path)
    client = app.test_client()
    path = client.post("/welcome-to/new", data=WELCOME).headers["Location"]
    shown = re.search(r'class="table-code">[^<]*<strong>([^<]+)</strong>', client.get(path).text).group(1)
    assert re.fullmatch(r"[A-Z2-9]{4}-[A-Z2-9]{4}", shown) and set(shown) - {"-"} <= set(db.CODE_ALPHABET)
    for typed in (shown, shown.lower(), shown.replace("-", ""), " ".join(shown)):
        assert client.get("/join", query_string={"code": typed}).headers["Location"] == path
    with app.app_context(), db.write() as conn:
        conn.execute(db.table_code.insert().values(code="K7MP2Q", game="welcome-to", path="/old", title="Old",
                                                   created="2026-01-01T00:00:00+00:00"))
    assert client.get("/join?code=k7mp2q").headers["Location"] == "/old"
    assert set(db.CODE_ALPHABET) <= set(string.ascii_uppercase + string.digits) and db.CODE_LENGTH == 8


def test_recent_tables_cookie_is_http_only(tmp_path, monkeypatch):
    """The recent-tables cookie holds table codes (keys): HttpOnly, SameSite=Lax, and Secure with HTTPS=1."""
    client = limited_app(tmp_path).test_client()
    path = client.post("/welcome-to/new", data=WELCOME).headers["Location"]
    cookie = next(c for c in client.get(path).headers.getlist("Set-Cookie") if c.startswith("recent_tables="))
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie and "Secure" not in cookie
    monkeypatch.setenv("HTTPS", "1")
    secure = limited_app(tmp_path).test_client()
    path = secure.post("/welcome-to/new", data=WELCOME, base_url="https://localhost").headers["Location"]
    cookie = next(c for c in secure.get(path, base_url="https://localhost").headers.getlist("Set-Cookie")
                  if c.startswith("recent_tables="))
    assert "HttpOnly" in cookie and "Secure" in cookie
    assert secure.application.config["SESSION_COOKIE_SECURE"] is True  # the session cookie too


def test_every_cookie_holding_a_key_is_http_only():
    """Each set_cookie in companion/web names httponly=True unless it holds only a language."""
    from pathlib import Path

    root = Path(__file__).resolve().parents[2] / "companion" / "web"
    for path in root.rglob("*.py"):
        for call in re.findall(r"set_cookie\((.*?)\)\n", path.read_text(encoding="utf-8"), re.S):
            if not call.startswith("COOKIE, asked") and "form.lang.data" not in call:
                assert "httponly=True" in call, (path, call)


def test_host_header_warning_once_at_start(tmp_path, caplog, monkeypatch):
    """Without PUBLIC_URL or TRUSTED_HOSTS a served app warns once when it starts; tests and set-up apps do not."""
    monkeypatch.delenv("PUBLIC_URL", raising=False)
    monkeypatch.delenv("TRUSTED_HOSTS", raising=False)
    settings = {"SECRET_KEY": "t", "DATABASE": str(tmp_path / "w.sqlite")}
    with caplog.at_level(logging.WARNING, logger="companion"):
        create_app(settings)
    warned = [r for r in caplog.records if "Host header" in r.getMessage()]
    assert len(warned) == 1 and "PUBLIC_URL" in warned[0].getMessage()
    caplog.clear()
    with caplog.at_level(logging.WARNING, logger="companion"):
        create_app({**settings, "PUBLIC_URL": "https://companion.example"})
        create_app({**settings, "TRUSTED_HOSTS": ["companion.example"]})
        create_app({**settings, "TESTING": True})
    assert not [r for r in caplog.records if "Host header" in r.getMessage()]


def test_proxy_hops_count_the_client_behind_the_proxy(tmp_path, monkeypatch):
    """Behind a proxy (PROXY_HOPS=1) each client is counted by its forwarded address, not the proxy's."""
    monkeypatch.setenv("PROXY_HOPS", "1")
    client = limited_app(tmp_path, RATELIMIT_JOINS="1 per minute").test_client()
    assert client.get("/join?code=AAAA", headers={"X-Forwarded-For": "10.0.0.1"}).status_code == 404
    assert client.get("/join?code=AAAA", headers={"X-Forwarded-For": "10.0.0.2"}).status_code == 404
    assert client.get("/join?code=AAAA", headers={"X-Forwarded-For": "10.0.0.1"}).status_code == 429
