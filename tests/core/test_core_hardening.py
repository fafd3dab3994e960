"""Audit findings of the core: deep JSON, long ids, security headers, share links, request size."""

from __future__ import annotations

import pytest

from companion.web.core.app import create_app

DEEP = "[" * 100000


@pytest.fixture
def app(tmp_path):
    """An app with a throwaway database."""
    return create_app({"TESTING": True, "SECRET_KEY": "t", "WTF_CSRF_ENABLED": False,
                       "DATABASE": str(tmp_path / "t.sqlite"), "BOARD_LIBRARY": str(tmp_path / "boards")})


@pytest.fixture
def client(app):
    """A test client."""
    return app.test_client()


@pytest.mark.parametrize("url", ["/api/score", "/api/enroute/score"])
def test_deeply_nested_json_to_the_api_is_a_400(client, url):
    """S1: `[` * 100000 is a clear 400 with a message, not a 500."""
    response = client.post(url, data=DEEP, content_type="application/json")
    assert response.status_code == 400
    assert "nested too deeply" in response.get_json()["problems"][0]["message"]


@pytest.mark.parametrize("url", ["/tables/new", "/boards/check", "/play/new"])
def test_deeply_nested_json_to_a_form_is_a_400(client, url):
    """S1: any POST with a JSON content type and an unreadable depth is a 400."""
    response = client.post(url, data=DEEP, content_type="application/json")
    assert response.status_code == 400


def test_deeply_nested_sheet_text_keeps_the_text(client):
    """S1: a sheet textarea nested too deeply is refused with a message; nothing is saved, the text stays."""
    from web_core_helpers import start_table

    token = start_table(client)
    response = client.post(f"/tables/{token}/players/0", data={"sheet": "[" * 5000, "version": "0", "route_mode": "best"})
    page = response.get_data(as_text=True)
    assert response.status_code in (400, 422) and "nested too deeply" in page


def test_long_board_id_is_a_404(client):
    """S4: a 251-character board id is unknown, not an OSError."""
    assert client.get("/api/enroute/boards/" + "a" * 251).status_code == 404
    assert client.get("/api/enroute/boards/" + "a" * 5000).status_code == 404


def test_security_headers_on_pages_and_api(client):
    """S9: CSP without inline scripts, frame-ancestors none, nosniff, a referrer policy."""
    for url in ("/", "/api/games"):
        headers = client.get(url).headers
        csp = headers["Content-Security-Policy"]
        assert "script-src 'self'" in csp and "unsafe-inline" not in csp.split("script-src")[1].split(";")[0]
        assert "frame-ancestors 'none'" in csp
        assert headers["X-Content-Type-Options"] == "nosniff"
        assert headers["Referrer-Policy"] == "same-origin"


def test_session_cookie_flags(app):
    """S9: the session cookie is HttpOnly and SameSite=Lax."""
    assert app.config["SESSION_COOKIE_HTTPONLY"] is True
    assert app.config["SESSION_COOKIE_SAMESITE"] == "Lax"


def test_share_links_use_the_public_url_not_the_host_header(tmp_path):
    """S10: with PUBLIC_URL set, a forged Host header never reaches the table link."""
    from web_core_helpers import start_table

    app = create_app({"TESTING": True, "SECRET_KEY": "t", "WTF_CSRF_ENABLED": False,
                      "DATABASE": str(tmp_path / "t.sqlite"), "BOARD_LIBRARY": str(tmp_path / "b"),
                      "PUBLIC_URL": "https://companion.example/"})
    client = app.test_client()
    token = start_table(client)
    page = client.get(f"/tables/{token}", headers={"Host": "evil.example"}).get_data(as_text=True)
    assert "evil.example" not in page and f"https://companion.example/tables/{token}" in page


def test_untrusted_host_is_refused(tmp_path):
    """S10: with TRUSTED_HOSTS set, another Host header gets a 400."""
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "DATABASE": str(tmp_path / "t.sqlite"),
                      "BOARD_LIBRARY": str(tmp_path / "b"), "TRUSTED_HOSTS": ["companion.example"]})
    client = app.test_client()
    assert client.get("/", headers={"Host": "evil.example"}).status_code == 400
    assert client.get("/", headers={"Host": "companion.example"}).status_code == 200


def test_too_large_request_says_the_limit(client):
    """A body over the limit is a clear 413 naming the limit, as JSON for the API."""
    response = client.post("/api/score", data=b"x" * (3 * 1024 * 1024), content_type="application/json")
    assert response.status_code == 413
    assert "at most 2048 KiB" in response.get_json()["problems"][0]["message"]


@pytest.mark.parametrize("suffix", ["players/9223372036854775808", "players/9223372036854775808/sheet.json",
                                    "players/99999999999999999999999999"])
def test_huge_seat_numbers_are_404(client, suffix):
    """S3: seats beyond what the database holds are simply not found."""
    from web_core_helpers import start_table

    token = start_table(client)
    assert client.get(f"/tables/{token}/{suffix}").status_code == 404


@pytest.mark.parametrize("version", ["99999999999999999999999", "²", "-1", "1e9"])
def test_junk_versions_are_refused_not_crashed(client, version):
    """S3: a version that is no small whole number is a stale save (409) with the player's entry kept."""
    from web_core_helpers import start_table

    token = start_table(client)
    response = client.post(f"/tables/{token}/players/0", data={"sheet": '{"format": "enroute-sheet/1"}',
                                                               "version": version, "route_mode": "best"})
    assert response.status_code in (409, 422)


def test_small_int_reads_only_plain_numbers():
    """The one parser of typed numbers: ASCII digits up to 2^31-1."""
    from companion.web.core.security import small_int

    assert [small_int(x) for x in ("0", "42", "2147483647")] == [0, 42, 2147483647]
    assert [small_int(x, -1) for x in ("2147483648", "²", "٣", "", " 1", "-1", None, True, 2**40)] == [-1] * 9


def test_loopback_table_links_come_with_a_warning(client):
    """U8: opened on 127.0.0.1 the table page says other phones cannot follow its link, and how to share."""
    from web_core_helpers import start_table

    token = start_table(client)
    local = client.get(f"/tables/{token}", base_url="http://127.0.0.1:5000").get_data(as_text=True)
    assert "Other phones cannot open 127.0.0.1" in local and "--host 0.0.0.0" in local
    lan = client.get(f"/tables/{token}", base_url="http://192.168.1.20:5000").get_data(as_text=True)
    assert "Other phones cannot open" not in lan
