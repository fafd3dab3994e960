"""Text responses are compressed for phones that accept it; every page a table meets stays light."""

from __future__ import annotations

import gzip

import pytest
from page_walk import every_url, html_pages

from companion.web.core.app import create_app

LIMIT = 60 * 1024  # bytes transferred per page (issue 31), gzip: the encoding every browser accepts


@pytest.fixture
def app(tmp_path):
    return create_app({"TESTING": True, "SECRET_KEY": "t", "WTF_CSRF_ENABLED": False, "RATELIMIT_ENABLED": False,
                       "ROUTE_WORKERS": 0, "DATABASE": str(tmp_path / "t.sqlite"),
                       "BOARD_LIBRARY": str(tmp_path / "boards")})


def test_a_page_is_compressed_only_for_a_phone_that_accepts_it(app):
    client = app.test_client()
    plain = client.get("/about")
    packed = client.get("/about", headers={"Accept-Encoding": "gzip"})
    assert "Content-Encoding" not in plain.headers
    assert packed.headers["Content-Encoding"] == "gzip" and "Accept-Encoding" in packed.headers["Vary"]
    assert gzip.decompress(packed.data) == plain.data and len(packed.data) < len(plain.data) / 2
    brotli = client.get("/about", headers={"Accept-Encoding": "br"})
    assert brotli.headers["Content-Encoding"] == "br"


def test_pdfs_pass_as_they_are(app):
    response = app.test_client().get("/boards/training-city/scorepad.pdf", headers={"Accept-Encoding": "gzip"})
    assert response.status_code == 200 and "Content-Encoding" not in response.headers
    assert response.data.startswith(b"%PDF")


def test_every_page_a_table_meets_weighs_at_most_60_kib_compressed(app):
    client = app.test_client()
    pages = html_pages(client, every_url(app, client))
    assert len(pages) > 30
    weights = {}
    for url in pages:
        response = client.get(url, headers={"Accept-Encoding": "gzip"})
        weights[url] = len(response.data)
    assert {url: size for url, size in weights.items() if size > LIMIT} == {}
