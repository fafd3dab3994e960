"""The suite on a real PostgreSQL server: the web and core tests run again with DATABASE_URL pointing at
a fresh database per test, on a server started in a temporary folder for this run."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from pg_server import pg_bin, postgres_server

ROOT = Path(__file__).resolve().parents[2]
INNER = "COMPANION_PG_ADMIN_URL"


def _skip_or_fail_without_postgres() -> None:
    """No PostgreSQL binaries: skip with the reason, except under CI, which must prove both databases."""
    if pg_bin() is None:
        reason = "PostgreSQL's server binaries are not installed (apt-get install postgresql)"
        if os.environ.get("CI"):
            pytest.fail(f"CI must run the suite on PostgreSQL, but {reason}.")
        pytest.skip(reason)


@pytest.mark.skipif(bool(os.environ.get(INNER)), reason="already the PostgreSQL run")
def test_web_and_core_suites_pass_on_postgresql():
    """Run tests/core and tests/web (phones in Chromium excepted) against PostgreSQL; all must pass."""
    _skip_or_fail_without_postgres()
    with postgres_server() as admin:
        env = {**os.environ, INNER: admin}
        env.pop("DATABASE_URL", None)
        done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-x",
                               "-k", "not browser", "tests/core", "tests/web"],
                              cwd=ROOT, env=env, capture_output=True, text=True, timeout=1500)
    summary = done.stdout.strip().splitlines()[-1] if done.stdout.strip() else done.stderr[-2000:]
    print("PostgreSQL run:", summary)
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-3000:]
    assert " passed" in summary
