"""The installable web app: manifest in the phone's language, a root-scoped service worker, the offline banner."""

from __future__ import annotations

import html
import json
import re

import pytest

from companion.web.core.app import create_app


@pytest.fixture
def client(tmp_path):
    """A test client of a fresh app."""
    return create_app({"TESTING": True, "SECRET_KEY": "t", "DATABASE": str(tmp_path / "t.sqlite")}).test_client()


def test_manifest_names_the_app_in_the_phone_language(client):
    """The manifest is JSON with icons that exist, in English or Japanese."""
    en = client.get("/manifest.webmanifest")
    assert en.mimetype == "application/manifest+json"
    body = en.get_json(force=True)
    assert body["name"] == "Table companion" and body["display"] == "standalone"
    for icon in body["icons"]:
        assert client.get(icon["src"]).status_code == 200
    assert client.get("/manifest.webmanifest?lang=ja").get_json(force=True)["name"] == "テーブル・コンパニオン"


def test_service_worker_is_served_from_the_root(client):
    """The worker comes from /sw.js (so its scope is the whole site), never cached stale."""
    response = client.get("/sw.js")
    assert response.status_code == 200 and "caches" in response.get_data(as_text=True)
    assert response.headers["Service-Worker-Allowed"] == "/" and response.headers["Cache-Control"] == "no-cache"


def test_every_page_links_the_manifest_and_the_offline_script(client):
    """The shell carries the manifest, the offline script and the (hidden) offline banner with its texts."""
    page = client.get("/?lang=ja").get_data(as_text=True)
    assert 'rel="manifest"' in page and "offline.js" in page and 'id="offline-banner"' in page
    raw = re.search(r"data-offline-strings='([^']*)'", page).group(1)
    assert "オフライン" in json.loads(html.unescape(raw))["offline"]


def _shell_cache_name(tmp_path, static_text: str) -> str:
    """The worker's cache name for an app that also serves one extra static file with the given text."""
    from flask import Blueprint

    folder = tmp_path / "static-extra"
    folder.mkdir(exist_ok=True)
    (folder / "page.js").write_text(static_text)
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "DATABASE": str(tmp_path / "t.sqlite")})
    app.register_blueprint(Blueprint("extra", __name__, static_folder=str(folder), static_url_path="/static/extra"))
    worker = app.test_client().get("/sw.js").get_data(as_text=True)
    return re.search(r'var CACHE = "([^"]+)"', worker).group(1)


def test_a_changed_static_file_renames_the_shell_cache(tmp_path):
    """Phones drop their cached scripts once any static file changes: the worker's cache name follows them."""
    first = _shell_cache_name(tmp_path, "var a = 1;")
    assert first.startswith("companion-shell-v1-") and first == _shell_cache_name(tmp_path, "var a = 1;")
    assert _shell_cache_name(tmp_path, "var a = 2;") != first
