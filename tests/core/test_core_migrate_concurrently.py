"""Several app processes starting at once on a fresh database (as `gunicorn -w 2` does) all boot: one runs
the migrations while the others wait for it, then find the schema up to date."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from sqlalchemy import create_engine, inspect

ROOT = Path(__file__).resolve().parents[2]
STARTERS = 4
BOOT = ("import sys; from companion.web.core.app import create_app; "
        "create_app({'SECRET_KEY': 't', 'DATABASE': sys.argv[1]})")


def test_processes_migrating_one_fresh_database_at_once_all_start(database_url, tmp_path):
    env = {**os.environ, "DATABASE_URL": database_url}
    procs = [subprocess.Popen([sys.executable, "-c", BOOT, str(tmp_path / "unused.sqlite")], cwd=ROOT, env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for _ in range(STARTERS)]
    results = [(p.wait(300), p.stderr.read()) for p in procs]
    failed = [err[-1500:] for code, err in results if code != 0]
    assert not failed, failed[0]
    url = database_url.replace("postgresql://", "postgresql+psycopg://", 1)
    engine = create_engine(url)
    try:
        tables = set(inspect(engine).get_table_names())
    finally:
        engine.dispose()
    assert {"alembic_version", "table_code", "game_table", "enroute_route_jobs"} <= tables
