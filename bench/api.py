"""Load benchmark of the JSON API under the production server: `gunicorn -w 2` on this machine.

Run from the repository root: `python bench/api.py [--seconds 10] [--clients 4] [--out bench/api.md]`.
For each database (the embedded SQLite file, and a throwaway PostgreSQL server when its binaries are
installed) it starts gunicorn with two workers and drives it from `--clients` threads on the same
machine, each sending 4-player `enroute-game/1` documents (simulated legal games, seeds 0..99) to
`POST /api/score` as fast as answers come, for a bounded time:

- routes given: every player's final route is in the document;
- routes chosen: no final routes, the companion chooses each player's best route (the same 100 games
  in turn, as a table's phones re-send them: after the first round the servers remember the routes);
- routes chosen, new games: no final routes and every request a game never sent before (seeds
  1000 and up), so every route is searched: the cold path;
- sheet saves: `POST /tables/<t>/players/<seat>` with a CSRF token, four phones on one table
  (this one writes to the database).

It reports scored games (or saves) per second and the latency median and p99. The load is bounded
(time and clients) and goes to 127.0.0.1 only.
"""

from __future__ import annotations

import argparse
import functools
import http.client
import json
import os
import platform
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "tests" / "web" / "enroute"))

from companion.games.core.engine import ScoreOptions  # noqa: E402
from companion.games.enroute.registry import find_board  # noqa: E402
from companion.games.enroute.simulate import simulate_game  # noqa: E402
from companion.games.registry import score_document  # noqa: E402


@functools.lru_cache(maxsize=8)
def games(chosen: bool, count: int = 100, first: int = 0) -> tuple[bytes, ...]:
    """4-player simulated games as request bodies: without final routes, or with each player's best route
    written in (found once here, so the server only checks and scores it)."""
    board = find_board("training-city")
    bodies = []
    for seed in range(first, first + count):
        doc = simulate_game(board, players=4, seed=seed)
        for player in doc["players"]:
            player["final_route"] = None
        if not chosen:
            scored = score_document(doc, ScoreOptions())
            for player, result in zip(doc["players"], scored["players"], strict=True):
                player["final_route"] = result["final_route"]
        bodies.append(json.dumps(doc).encode())
    return tuple(bodies)


def free_port() -> int:
    """An unused local port."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(env: dict, checkout: Path = ROOT, port: int | None = None) -> tuple[subprocess.Popen, int]:
    """Start `gunicorn -w 2` on the app (of `checkout`) and wait for it to answer."""
    port = port or free_port()
    proc = subprocess.Popen([sys.executable, "-m", "gunicorn", "-w", "2", "-b", f"127.0.0.1:{port}",
                             "companion:create_app()"], cwd=checkout, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, start_new_session=True)
    for _ in range(300):
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            conn.request("GET", "/api/games")
            conn.getresponse().read()
            return proc, port
        except OSError:
            time.sleep(0.1)
    os.killpg(proc.pid, signal.SIGKILL)
    raise RuntimeError("gunicorn did not start")


def drive(port: int, make_request, seconds: float, clients: int) -> tuple[int, list[float], int]:
    """Run `clients` threads sending requests for `seconds`; return (answered, latencies, failures)."""
    latencies: list[float] = []
    failures = [0]
    lock = threading.Lock()
    stop = time.monotonic() + seconds

    def client(k: int) -> None:
        """One keep-alive connection sending requests back to back."""
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        i = k
        mine: list[float] = []
        bad = 0
        while time.monotonic() < stop:
            started = time.perf_counter()
            ok = make_request(conn, i)
            mine.append(time.perf_counter() - started)
            bad += 0 if ok else 1
            i += clients
        with lock:
            latencies.extend(mine)
            failures[0] += bad

    threads = [threading.Thread(target=client, args=(k,)) for k in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return len(latencies), latencies, failures[0]


def score_requests(bodies: tuple[bytes, ...], repeat: bool = True):
    """A request maker posting the bodies in turn to /api/score (each once, without `repeat`)."""

    def send(conn: http.client.HTTPConnection, i: int) -> bool:
        """Post one game; True when it was scored."""
        if not repeat and i >= len(bodies):
            raise RuntimeError("bench/api.py: not enough new games for this run; raise the count")
        conn.request("POST", "/api/score", bodies[i % len(bodies)], {"Content-Type": "application/json"})
        response = conn.getresponse()
        response.read()
        return response.status == 200

    return send


def save_requests(port: int) -> tuple:
    """A request maker saving sheets of a fresh 4-player table (each client its own seat and cookie)."""
    from web_helpers import table_form_data

    def form_post(conn, path, data, cookie=""):
        """GET the form for its CSRF token and session, then POST it; return (status, location, cookie)."""
        conn.request("GET", path, headers={"Cookie": cookie} if cookie else {})
        page = conn.getresponse()
        text = page.read().decode()
        cookie = cookie or (page.getheader("Set-Cookie") or "").split(";")[0]
        token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', text)
        body = urllib.parse.urlencode({**data, "csrf_token": token.group(1) if token else ""})
        conn.request("POST", path, body, {"Content-Type": "application/x-www-form-urlencoded", "Cookie": cookie})
        answer = conn.getresponse()
        answer.read()
        return answer.status, answer.getheader("Location") or "", cookie

    setup = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    _status, location, _ = form_post(setup, "/tables/new",
                                    table_form_data(**{"players-2-name": "Cy", "players-3-name": "Di"}))
    table = location.rsplit("/", 1)[1]
    versions = [0, 0, 0, 0]
    cookies = ["", "", "", ""]
    sheet = {"format": "enroute-sheet/1", "player": "Aki", "player_board": 1, "sections": [],
             "tourists": [{"at": [1, 1], "red": 1}], "cafes": [], "personal_goal": None}

    def send(conn: http.client.HTTPConnection, i: int) -> bool:
        """Save seat i % 4 once (a GET for the token, then the POST); True when acknowledged."""
        seat = i % 4
        data = {"sheet": json.dumps(sheet), "version": str(versions[seat]), "route_mode": "best"}
        status, _loc, cookies[seat] = form_post(conn, f"/tables/{table}/players/{seat}", data, cookies[seat])
        if status == 302:
            versions[seat] += 1
        return status == 302

    return send


def pct(values: list[float], p: float) -> float:
    """The p-th percentile in milliseconds."""
    ordered = sorted(values)
    return 1000 * ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


def measure(env: dict, seconds: float, clients: int) -> list[tuple[str, str]]:
    """All three loads against one server; rows of (load, figures)."""
    proc, port = start(env)
    rows = []
    try:
        fresh = games(True, count=int(seconds * 400 / clients) * clients, first=1000)  # more than can be sent
        for name, maker in (("routes given", score_requests(games(False))),
                            ("routes chosen", score_requests(games(True))),
                            ("routes chosen, new games", score_requests(fresh, repeat=False)),
                            ("sheet saves", save_requests(port))):
            done, latencies, failed = drive(port, maker, seconds, clients)
            rows.append((name, f"{done / seconds:,.0f}/s | {pct(latencies, 50):.1f} ms | {pct(latencies, 99):.1f} ms "
                               f"| {done} | {failed}"))
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(10)
    return rows


def main() -> None:
    """Measure on SQLite, then on PostgreSQL when available; print (and optionally save) a Markdown table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="time per load (default 10)")
    parser.add_argument("--clients", type=int, default=4, help="client threads (default 4)")
    parser.add_argument("--out", help="also write the Markdown here")
    args = parser.parse_args()
    import tempfile

    from pg_server import fresh_database, pg_bin, postgres_server

    folder = tempfile.mkdtemp(prefix="bench-api-")
    base = {**os.environ, "SECRET_KEY": "bench"}
    lines = [f"`python bench/api.py --seconds {args.seconds:g} --clients {args.clients}` — Python "
             f"{platform.python_version()}, {os.cpu_count()} CPUs shared by the server (gunicorn -w 2) and the "
             f"{args.clients} client threads; 4-player games.", "",
             "| database | load | rate | p50 | p99 | requests | failed |", "|---|---|---|---|---|---|---|"]
    results = [("SQLite", measure({**base, "DATABASE_URL": f"sqlite:///{folder}/bench.sqlite"}, args.seconds,
                                  args.clients))]
    if pg_bin() is not None:
        with postgres_server() as admin, fresh_database(admin) as url:
            results.append(("PostgreSQL", measure({**base, "DATABASE_URL": url}, args.seconds, args.clients)))
    for database, rows in results:
        for name, figures in rows:
            lines.append(f"| {database} | {name} | {figures} |")
    text = "\n".join(lines)
    print(text)
    if args.out:
        Path(args.out).write_text(text + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
