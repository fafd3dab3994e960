"""Fixtures for every test folder: a live server for an app, and one headless Chromium per run.

Browser tests skip with a clear reason when Chromium or Playwright is missing, except under CI
(`CI` set), where a missing browser is a failure: CI must prove the phones' flows.
"""

from __future__ import annotations

import os
import threading

import pytest

# Rate limits (companion/web/core/limits.py) are off in tests, which start many tables from one address;
# tests/core/test_core_limits.py turns them on in its own apps.
os.environ.setdefault("RATELIMIT_ENABLED", "0")

PG_ADMIN = "COMPANION_PG_ADMIN_URL"  # set when the suite runs again on PostgreSQL (tests/core/test_core_postgresql.py)

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--no-first-run", "--disable-sync"]
PHONE = {"width": 360, "height": 740}


# No test may hang the run: one that takes longer than this fails with every thread's stack (pytest-timeout,
# set up, call and teardown included) and the run goes on. A test that needs longer says so with its own
# `@pytest.mark.timeout(...)` (the PostgreSQL run's test waits for the whole second run).
TEST_TIMEOUT = 300
# A phone test (it uses the `chromium` fixture) runs once more when it fails: a real browser on a loaded
# 2-core machine can stall once; a test that fails twice fails the run (pytest-rerunfailures).
BROWSER_TIMEOUT, BROWSER_RERUNS = 180, 1


@pytest.hookimpl(trylast=True)  # after -k and --deselect have removed what does not run
def pytest_collection_modifyitems(session, config, items):
    """Give every test the run's time limit unless it set its own; start the PostgreSQL run in the background."""
    for item in items:
        browser = "chromium" in getattr(item, "fixturenames", ())
        if item.get_closest_marker("timeout") is None:
            item.add_marker(pytest.mark.timeout(BROWSER_TIMEOUT if browser else TEST_TIMEOUT))
        if browser and item.get_closest_marker("flaky") is None:
            item.add_marker(pytest.mark.flaky(reruns=BROWSER_RERUNS))
    if not items or config.getoption("collectonly"):
        return
    from offload import start_offload
    from pg_server import start_background_run

    start_background_run(items)
    start_offload(items)


def pytest_sessionfinish(session, exitstatus):
    """Stop the background PostgreSQL run if the session ends before its test waited for it."""
    from offload import stop_offload
    from pg_server import stop_background_run

    stop_background_run()
    stop_offload()


def _browser_missing() -> str | None:
    """Say why the browser tests cannot run here, or None when they can."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the playwright Python package is not installed (pip install -r requirements-dev.txt)"
    if not os.path.exists(CHROMIUM):
        return f"Debian's chromium is not installed at {CHROMIUM} (apt-get install chromium)"
    return None


@pytest.fixture(scope="session")
def chromium():
    """Launch headless Debian Chromium once for the whole run (Playwright with executable_path)."""
    if os.environ.get(PG_ADMIN):
        pytest.skip("the PostgreSQL run leaves the phones in Chromium to the first run")
    reason = _browser_missing()
    if reason and os.environ.get("CI"):
        pytest.fail(f"CI must run the browser tests, but {reason}.")
    if reason:
        pytest.skip(reason)
    from playwright.sync_api import BrowserContext, sync_playwright

    closing = BrowserContext.close
    BrowserContext.close = _calm_close(closing)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            yield browser
            browser.close()
    finally:
        BrowserContext.close = closing


def _calm_close(close):
    """Close a phone (a browser context) once its pages have left the companion.

    A live page reloads itself when the table changes, and the companion's service worker fetches every page
    load: Chromium's disposal of a context whose service worker is in the middle of such a fetch was seen to
    wait up to three minutes (protocol log: `Target.disposeBrowserContext` answered 163 s later). Sending each
    page to about:blank first (the service worker does not see it) leaves nothing in flight."""
    from playwright.sync_api import Error

    def calm_close(context, **kwargs):
        for page in context.pages:
            try:
                page.goto("about:blank", timeout=5_000)
            except Error:
                pass  # a page that cannot leave (crashed, closing) is closed with the context anyway
        return close(context, **kwargs)

    return calm_close


@pytest.fixture
def live_server():
    """Return a function that serves a Flask app on 127.0.0.1 at a free port and gives its base URL."""
    from werkzeug.serving import make_server

    running = []

    def serve(app) -> str:
        """Start serving `app` in a thread until the test ends."""
        httpd = make_server("127.0.0.1", 0, app, threaded=True)
        thread = threading.Thread(target=httpd.serve_forever, daemon=True)
        thread.start()
        running.append((httpd, thread))
        return f"http://127.0.0.1:{httpd.server_port}"

    yield serve
    for httpd, thread in running:
        httpd.shutdown()
        thread.join(5)


def _upgrade_from_a_template(real):
    """`db.upgrade` for the tests: a new, empty SQLite file becomes a copy of one migrated the real way once per
    run (per set of migration folders), taken with SQLite's backup API; any other database — an existing file
    (the migration tests build old ones), PostgreSQL (whose run has its own templates) — is migrated for real.
    Thousands of tests each start an app on a fresh file: this saves the Alembic run of each."""
    import sqlite3

    from companion.web.core import db

    templates: dict[tuple[str, ...], str] = {}

    def upgrade(app) -> None:
        engine = app.extensions["companion.engine"]
        path = engine.url.database if engine.dialect.name == "sqlite" else None
        if not path or path == ":memory:" or (os.path.exists(path) and os.path.getsize(path) > 0):
            return real(app)
        key = tuple(db.migration_locations())
        if key not in templates:
            real(app)
            import tempfile

            template = os.path.join(tempfile.mkdtemp(prefix="migrated-"), "template.sqlite")
            with sqlite3.connect(path) as source, sqlite3.connect(template) as copy:
                source.backup(copy)
            templates[key] = template
            return None
        with sqlite3.connect(templates[key]) as source, sqlite3.connect(path) as copy:
            source.backup(copy)
        return None

    return upgrade


def _use_migration_templates() -> None:
    from companion.web.core import db

    if not getattr(db.upgrade, "from_template", False):
        db.upgrade = _upgrade_from_a_template(db.upgrade)
        db.upgrade.from_template = True


_use_migration_templates()


@pytest.fixture(autouse=True)
def _database_per_test(monkeypatch):
    """On the PostgreSQL run, give every test its own fresh database through DATABASE_URL."""
    admin = os.environ.get(PG_ADMIN)
    if not admin:
        yield None
        return
    from pg_server import supplied_database

    with supplied_database(admin) as url:
        monkeypatch.setenv("DATABASE_URL", url)
        yield url


@pytest.fixture(scope="session")
def pg_admin_url():
    """A PostgreSQL server for this run (started once), or a skip saying why there is none."""
    from pg_server import pg_bin, postgres_server

    if os.environ.get(PG_ADMIN):
        yield os.environ[PG_ADMIN]
        return
    if pg_bin() is None:
        reason = "PostgreSQL's server binaries are not installed (apt-get install postgresql)"
        if os.environ.get("CI"):
            pytest.fail(f"CI must test PostgreSQL, but {reason}.")
        pytest.skip(reason)
    with postgres_server() as url:
        yield url


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request, tmp_path):
    """A fresh database URL of each kind: an SQLite file, then a PostgreSQL database."""
    if os.environ.get(PG_ADMIN):  # the suite's second run: these tests already ran on both databases
        pytest.skip("runs on both databases in the first run")
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'db.sqlite'}"
        return
    from pg_server import fresh_database

    with fresh_database(request.getfixturevalue("pg_admin_url")) as url:
        yield url
