"""A throwaway PostgreSQL server for the tests: `initdb` + `pg_ctl` in a temporary folder, a Unix socket,
torn down afterwards. Uses Debian's `postgresql` binaries (`.ci/run` installs them)."""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import subprocess
import sys
import tempfile
import time
import uuid
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
INNER = "COMPANION_PG_ADMIN_URL"  # set in the suite's second run, on PostgreSQL
NAME = "test_web_and_core_suites_pass_on_postgresql"  # tests/core/test_core_postgresql.py
TIMEOUT = 1800


def pg_bin() -> str | None:
    """The folder of PostgreSQL's server binaries, or None when they are not installed."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if found:
        return os.path.dirname(found[-1])
    initdb = shutil.which("initdb")
    return os.path.dirname(initdb) if initdb else None


def _as_owner(args: list[str]) -> list[str]:
    """Run as the `postgres` user when we are root (PostgreSQL refuses to run as root)."""
    if os.geteuid() == 0:
        return ["runuser", "-u", "postgres", "--", *args]
    return args


@contextmanager
def postgres_server():
    """Start a server; yield its admin URL (socket, user postgres or the current user); stop and delete it."""
    bindir = pg_bin()
    if bindir is None:
        raise RuntimeError("PostgreSQL's server binaries are not installed (apt-get install postgresql)")
    root = tempfile.mkdtemp(prefix="companion-pg-")
    data, sock = os.path.join(root, "data"), os.path.join(root, "sock")
    os.makedirs(sock)
    user = "postgres" if os.geteuid() == 0 else os.environ.get("USER", "postgres")
    if os.geteuid() == 0:
        shutil.chown(root, "postgres")
        shutil.chown(sock, "postgres")
    subprocess.run(_as_owner([f"{bindir}/initdb", "-D", data, "-U", user, "--auth=trust", "-E", "UTF8",
                              "--no-sync"]), check=True, capture_output=True)
    options = f"-c listen_addresses='' -c unix_socket_directories={sock} -c fsync=off -c max_connections=200"
    subprocess.run(_as_owner([f"{bindir}/pg_ctl", "-D", data, "-o", options, "-l", os.path.join(root, "log"),
                              "-w", "start"]), check=True, capture_output=True)
    try:
        yield f"postgresql+psycopg://{user}@/postgres?host={sock}"
    finally:
        subprocess.run(_as_owner([f"{bindir}/pg_ctl", "-D", data, "-m", "immediate", "stop"]), capture_output=True)
        shutil.rmtree(root, ignore_errors=True)


@contextmanager
def fresh_database(admin_url: str, template: str | None = None):
    """Create a database on the server (empty, or a copy of `template`); yield its URL; drop it afterwards."""
    import sqlalchemy as sa

    name = "t_" + uuid.uuid4().hex[:16]
    admin = sa.create_engine(admin_url, isolation_level="AUTOCOMMIT", poolclass=sa.pool.NullPool)
    copy = f' TEMPLATE "{template}"' if template else ""
    with admin.connect() as conn:
        conn.execute(sa.text(f'CREATE DATABASE "{name}"{copy}'))
    try:
        yield admin_url.replace("/postgres?", f"/{name}?")
    finally:
        for _attempt in range(3):
            try:
                with admin.connect() as conn:
                    conn.execute(sa.text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
                break
            except sa.exc.OperationalError:
                time.sleep(0.2)
        admin.dispose()


def migrated_template(admin_url: str) -> str:
    """Create (once per server and process) a database holding every migration; return its name.

    Copying it (`CREATE DATABASE … TEMPLATE`) gives each test of the PostgreSQL run a ready database in a
    fraction of the time the migrations take; the tests of migrating an empty database use `fresh_database`
    without a template."""
    if admin_url in _TEMPLATES:
        return _TEMPLATES[admin_url]
    import sqlalchemy as sa

    from companion.web.core.app import create_app

    name = f"t_template_{os.getpid()}"
    admin = sa.create_engine(admin_url, isolation_level="AUTOCOMMIT", poolclass=sa.pool.NullPool)
    with admin.connect() as conn:
        conn.execute(sa.text(f'DROP DATABASE IF EXISTS "{name}"'))
        conn.execute(sa.text(f'CREATE DATABASE "{name}"'))
    admin.dispose()
    app = create_app({"TESTING": True, "SECRET_KEY": "template", "ROUTE_WORKERS": 0,
                      "DATABASE_URL": admin_url.replace("/postgres?", f"/{name}?")})
    app.extensions["companion.engine"].dispose()  # no connection may stay open on a template
    _TEMPLATES[admin_url] = name
    return name


_TEMPLATES: dict[str, str] = {}


class DatabaseSupply:
    """Copies of the migrated template made ahead by a background thread, dropped behind it.

    Creating a database takes the server about 0.2 s of waiting on its disk, not of our CPU, so a test
    that takes a ready copy and hands its used one back no longer waits for either."""

    def __init__(self, admin_url: str, ahead: int = 3) -> None:
        """Start the thread keeping `ahead` copies of the template ready."""
        import queue
        import threading

        self.admin_url, self.template = admin_url, migrated_template(admin_url)
        self.ready: queue.Queue = queue.Queue(maxsize=ahead)
        self.used: queue.Queue = queue.Queue()
        threading.Thread(target=self._work, daemon=True, name="pg-database-supply").start()

    def _work(self) -> None:
        """Drop what was handed back, then make the next copy (blocks while enough are ready)."""
        import queue

        import sqlalchemy as sa

        admin = sa.create_engine(self.admin_url, isolation_level="AUTOCOMMIT", poolclass=sa.pool.NullPool)
        while True:
            try:
                while True:
                    name = self.used.get_nowait()
                    with admin.connect() as conn:
                        conn.execute(sa.text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
            except queue.Empty:
                pass
            except sa.exc.SQLAlchemyError:
                pass  # a database left behind goes with the server's folder at the end of the run
            name = "t_" + uuid.uuid4().hex[:16]
            with admin.connect() as conn:
                conn.execute(sa.text(f'CREATE DATABASE "{name}" TEMPLATE "{self.template}" STRATEGY FILE_COPY'))
            self.ready.put(name)

    @contextmanager
    def database(self):
        """Yield the URL of a ready copy; hand it back to be dropped afterwards."""
        name = self.ready.get(timeout=120)
        try:
            yield self.admin_url.replace("/postgres?", f"/{name}?")
        finally:
            self.used.put(name)


_SUPPLIES: dict[str, DatabaseSupply] = {}


def supplied_database(admin_url: str):
    """A ready migrated database for one test (see `DatabaseSupply`)."""
    if admin_url not in _SUPPLIES:
        _SUPPLIES[admin_url] = DatabaseSupply(admin_url)
    return _SUPPLIES[admin_url].database()


class BackgroundRun:
    """The PostgreSQL run of tests/core and tests/web as a child process, with its server and output file."""

    def __init__(self) -> None:
        """Start a server and the child pytest on it."""
        self.stack = contextlib.ExitStack()
        admin = self.stack.enter_context(postgres_server())
        self.output = self.stack.enter_context(tempfile.TemporaryFile("w+"))
        env = {**os.environ, INNER: admin}
        env.pop("DATABASE_URL", None)
        self.process = subprocess.Popen(
            [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-x", "-k", "not browser",
             "tests/core", "tests/web"], cwd=ROOT, env=env, stdout=self.output, stderr=subprocess.STDOUT, text=True)

    def wait(self) -> tuple[int, str]:
        """Wait for the child; return its exit code and output."""
        try:
            code = self.process.wait(timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            self.process.kill()
            code = self.process.wait()
        self.output.seek(0)
        return code, self.output.read()

    def close(self) -> None:
        """Stop the child if it still runs, then the server."""
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        self.stack.close()


_RUNS: list[BackgroundRun] = []


def background_runs() -> list[BackgroundRun]:
    """The background PostgreSQL run of this session, if started (a list to append one to)."""
    return _RUNS


def start_background_run(items: list) -> None:
    """Start the PostgreSQL run now when this test is among the collected ones; move the test to the end."""
    mine = [item for item in items if item.name == NAME]
    if not mine or os.environ.get(INNER) or pg_bin() is None:
        return
    items[:] = [item for item in items if item.name != NAME] + mine
    _RUNS.append(BackgroundRun())


def stop_background_run() -> None:
    """Stop what is left of the background run (the session ends)."""
    while _RUNS:
        _RUNS.pop().close()
