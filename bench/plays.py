"""Game night benchmark: a group with 5,000 plays, its pages' server time (Flask test client, SQLite file).

Run from the repository root: `python bench/plays.py [--plays 5000] [--runs 30]`.
It makes a throwaway app and group, imports `--plays` synthetic plays (six players, three games, every
row filled, seeded so runs compare), then requests each statistics page `--runs` times (after one warm-up)
and prints the median and p99 in milliseconds, with the page's size. The issue's goal: under 300 ms.
Pages are parsed and computed once per change of the group (`core/plays/groupdata.py`): the "after a change"
lines move the group's change mark before every request, so each of those requests reads and computes
everything again (the first page anyone opens after a new play, an import or a rename).
Then the same on a throwaway PostgreSQL server when its binaries are installed (tests/pg_server.py).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("RATELIMIT_ENABLED", "0")

NAMES = ["Ana", "Ben", "Chie", "Dev", "Emi", "Finn"]
GAMES = {"welcome-to": ["plans", "parks", "pools", "temps", "estates", "bis", "refusals"],
         "ttr-europe": ["routes", "tickets", "stations", "european_express"],
         "enroute": [f"row{k}" for k in range(1, 10)]}


def synthetic(n: int, seed: int = 1) -> list[dict]:
    """`n` plays of 2–5 of the six players, one a day back from 2026-01-01, random rows and their ranks."""
    rng = random.Random(seed)
    plays = []
    for i in range(n):
        game = rng.choice(list(GAMES))
        people = rng.sample(NAMES, rng.randint(2, 5))
        players = []
        for name in people:
            rows = {k: rng.randint(-3, 30) for k in GAMES[game]}
            players.append({"name": name, "total": sum(rows.values()), "rank": None, "rows": rows})
        for p in players:
            p["rank"] = 1 + sum(1 for q in players if q["total"] > p["total"])
        day = time.strftime("%Y-%m-%d", time.gmtime(1767225600 - 86400 * (n - i) // 3))
        plays.append({"id": f"bench-{i}", "game": game, "date": day, "players": players,
                      "rows": [{"key": k, "label": k} for k in GAMES[game]]})
    return plays


def measure(client, url: str, runs: int, before=None) -> tuple[float, float, int]:
    """Median and p99 milliseconds of `runs` GETs of a page (one warm-up first), and its size; `before` runs
    before each request, outside the timing."""
    response = client.get(url)
    assert response.status_code == 200, (url, response.status_code)
    times = []
    for _ in range(runs):
        if before is not None:
            before()
        start = time.perf_counter()
        response = client.get(url)
        times.append((time.perf_counter() - start) * 1000)
        assert response.status_code == 200
    times.sort()
    p99 = times[min(len(times) - 1, round(0.99 * (len(times) - 1)))]
    return statistics.median(times), p99, len(response.data)


def run(settings: dict, plays: int, runs: int) -> None:
    """Build the group on one database, measure its pages, print a table."""
    from companion.web.core import db
    from companion.web.core.app import create_app
    from companion.web.core.plays import store

    app = create_app({"TESTING": True, "SECRET_KEY": "bench", "WTF_CSRF_ENABLED": False, **settings})
    client = app.test_client()
    with app.test_request_context():
        gid, _code = store.create_group("Bench", lambda g: f"/plays/g/{g}")
        started = time.perf_counter()
        added, _skipped = store.import_plays(gid, synthetic(plays))
        took = time.perf_counter() - started
    print(f"\n{app.extensions['companion.engine'].dialect.name}: {added} plays imported in {took:.2f} s")
    print(f"{'page':<40} {'median ms':>10} {'p99 ms':>8} {'KiB':>6}")

    def change() -> None:
        """Move the group's change mark, as any new play, import or rename does."""
        with app.app_context(), db.write() as conn:
            store._changed(conn, gid)

    pages = (("group history + board", f"/plays/g/{gid}"),
             ("player (3 games, charts)", f"/plays/g/{gid}/player?name=Ana"),
             ("game (Welcome To)", f"/plays/g/{gid}/game/welcome-to"))
    for label, url, before in (*((label, url, None) for label, url in pages),
                               *((label + ", after a change", url, change) for label, url in pages),
                               ("export JSON", f"/plays/g/{gid}/plays.json", None),
                               ("export CSV", f"/plays/g/{gid}/plays.csv", None)):
        median, p99, size = measure(client, url, runs, before)
        print(f"{label:<40} {median:>10.1f} {p99:>8.1f} {size / 1024:>6.0f}")
    app.extensions["companion.engine"].dispose()


def main() -> None:
    """SQLite, then PostgreSQL when its server binaries are installed (a throwaway server)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--plays", type=int, default=5000)
    parser.add_argument("--runs", type=int, default=30)
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT / "tests"))
    from pg_server import fresh_database, pg_bin, postgres_server

    with tempfile.TemporaryDirectory() as folder:
        run({"DATABASE": os.path.join(folder, "bench.sqlite"), "BOARD_LIBRARY": folder}, args.plays, args.runs)
        if pg_bin() is not None:
            with postgres_server() as admin, fresh_database(admin) as url:
                run({"DATABASE_URL": url, "DATABASE": os.path.join(folder, "unused.sqlite"),
                     "BOARD_LIBRARY": folder}, args.plays, args.runs)
        else:
            print("PostgreSQL: not measured (its server binaries are not installed)")


if __name__ == "__main__":
    main()
