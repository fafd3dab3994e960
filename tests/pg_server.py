"""A throwaway PostgreSQL server for the tests: `initdb` + `pg_ctl` in a temporary folder, a Unix socket,
torn down afterwards. Uses Debian's `postgresql` binaries (`.ci/run` installs them)."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
import time
import uuid
from contextlib import contextmanager


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
def fresh_database(admin_url: str):
    """Create an empty database on the server; yield its URL; drop it afterwards."""
    import sqlalchemy as sa

    name = "t_" + uuid.uuid4().hex[:16]
    admin = sa.create_engine(admin_url, isolation_level="AUTOCOMMIT", poolclass=sa.pool.NullPool)
    with admin.connect() as conn:
        conn.execute(sa.text(f'CREATE DATABASE "{name}"'))
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
