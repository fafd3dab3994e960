"""The suite on a real PostgreSQL server: the web and core tests run again with DATABASE_URL pointing at
a fresh database per test, on a server started in a temporary folder for this run.

That second run starts in the background as soon as collection ends (`tests/conftest.py` calls
`pg_server.start_background_run`), so it uses the machine's second core while the first run goes on; this test is
moved to the end of the run and waits for it."""

from __future__ import annotations

import os

import pytest
from pg_server import INNER, TIMEOUT, BackgroundRun, background_runs, pg_bin


def _skip_or_fail_without_postgres() -> None:
    """No PostgreSQL binaries: skip with the reason, except under CI, which must prove both databases."""
    if pg_bin() is None:
        reason = "PostgreSQL's server binaries are not installed (apt-get install postgresql)"
        if os.environ.get("CI"):
            pytest.fail(f"CI must run the suite on PostgreSQL, but {reason}.")
        pytest.skip(reason)


@pytest.mark.skipif(bool(os.environ.get(INNER)), reason="already the PostgreSQL run")
@pytest.mark.timeout(TIMEOUT + 300)  # waits for the whole second run, which has its own limit
def test_web_and_core_suites_pass_on_postgresql():
    """Run tests/core and tests/web (phones in Chromium excepted) against PostgreSQL; all must pass."""
    _skip_or_fail_without_postgres()
    runs = background_runs()
    if not runs:  # collected without the conftest's hook having started it: run it here, in the foreground
        runs.append(BackgroundRun())
    run = runs[0]
    code, output = run.wait()
    summary = output.strip().splitlines()[-1] if output.strip() else "(no output)"
    print("PostgreSQL run:", summary)
    assert code == 0, output[-9000:]
    assert " passed" in summary
