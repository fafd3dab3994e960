"""Live tables under load: many tables, four phones each watching the change mark, saves going on.

Run from the repository root: `python bench/live_tables.py [--tables 250] [--phones 4] [--seconds 20]
[--against DIR]`. It starts `gunicorn -w 2` on a fresh SQLite database (and, with `--against DIR`, the same
on the checkout in DIR, e.g. the code before a change, in the same run, one after the other), makes
`--tables` En Route referee tables through the start form (`POST /play/new`), then for `--seconds`:

- every table has `--phones` watchers, each polling the table's change mark (`GET /play/<t>/live`) once a
  second, as the live pages do (spread evenly over the second);
- saves go on: every table saves a setup step (`POST /play/<t>/setup/level` with its CSRF token and version)
  about every 5 seconds;
- a watcher that sees a new mark measures how long after the save's acknowledgement it saw it.

It reports the polls answered per second (and how many fell behind the once-a-second schedule), the poll
latency median and p99, the p99 and median of a change reaching a watching phone, the saves per second,
and the CPU the server used (seconds of CPU per second, both workers and the master). The load goes to
127.0.0.1 only and is bounded in time.
"""

from __future__ import annotations

import argparse
import http.client
import os
import platform
import random
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

from api import free_port, start  # noqa: E402  (bench/api.py: the same gunicorn start)


def start_server(checkout: Path, database: str) -> tuple[subprocess.Popen, int]:
    """`gunicorn -w 2` on a checkout's app with its own database, limits off (bench/api.py's `start`)."""
    port = free_port()
    env = {**os.environ, "DATABASE_URL": database, "RATELIMIT_ENABLED": "0", "PYTHONPATH": str(checkout),
           "PUBLIC_URL": f"http://127.0.0.1:{port}"}
    return start(env, checkout, port)


def cpu_seconds(pid: int) -> float:
    """CPU seconds (user + system) of a process and its children still running."""
    total = 0.0
    tick = os.sysconf("SC_CLK_TCK")
    pids = [pid]
    try:
        pids += [int(p) for p in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        pass
    for p in pids:
        try:
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / tick
        except (OSError, IndexError, ValueError):
            continue
    return total


class Phone:
    """A keep-alive connection with its own cookies (the session holds the CSRF secret)."""

    def __init__(self, port: int) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.cookies: dict[str, str] = {}

    def request(self, method: str, path: str, body: dict | None = None) -> tuple[int, str, str]:
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        data = None
        if body is not None:
            data = urllib.parse.urlencode(body)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        self.conn.request(method, path, data, headers)
        answer = self.conn.getresponse()
        text = answer.read().decode("utf-8", "replace")
        for header in answer.headers.get_all("Set-Cookie") or []:
            name, _, rest = header.partition("=")
            self.cookies[name.strip()] = rest.split(";", 1)[0]
        return answer.status, answer.getheader("Location") or "", text

    def form(self, path: str, data: dict) -> tuple[int, str]:
        """GET a form page for its CSRF token and version, then POST it."""
        _status, _loc, page = self.request("GET", path)
        token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page)
        version = re.search(r'name="version" type="hidden" value="([^"]*)"', page)
        fields = {**data, "csrf_token": token.group(1) if token else ""}
        if version:
            fields["version"] = version.group(1)
        status, location, _ = self.request("POST", path, fields)
        return status, location


def pct(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


def run(checkout: Path, tables: int, phones: int, seconds: float, save_every: float) -> dict:
    """One server, one load; the figures."""
    with tempfile.TemporaryDirectory() as tmp:
        proc, port = start_server(checkout, f"sqlite:///{tmp}/bench.sqlite")
        try:
            host = Phone(port)
            tokens = []
            for _ in range(tables):
                status, location = host.form("/play/new", {"board": "training-city", "mode": "normal",
                                                           "referee": "y"})
                found = re.search(r"/play/([A-Za-z0-9_-]+)/setup/", location)
                if status != 302 or not found:
                    raise RuntimeError(f"could not start a table: {status} {location}")
                tokens.append(found.group(1))
            saved_at: dict[str, float] = {}
            lock = threading.Lock()
            reach: list[float] = []
            polls: list[float] = []
            late = [0]
            saves = [0]
            failures = [0]
            stop = time.monotonic() + seconds
            watchers = [(t, k) for t in tokens for k in range(phones)]
            threads_n = 16
            cpu_before = cpu_seconds(proc.pid)
            wall_before = time.monotonic()

            def watch(slice_: list[tuple[str, int]], offset: float) -> None:
                phone = Phone(port)
                marks: dict[tuple[str, int], str] = {}
                due = {w: time.monotonic() + offset + k / max(1, len(slice_)) for k, w in enumerate(slice_)}
                mine, my_reach, my_late, bad = [], [], 0, 0
                while True:
                    w = min(due, key=due.get)
                    wait = due[w] - time.monotonic()
                    if due[w] > stop:
                        break
                    if wait > 0:
                        time.sleep(wait)
                    elif wait < -0.5:
                        my_late += 1
                    t0 = time.perf_counter()
                    status, _loc, text = phone.request("GET", f"/play/{w[0]}/live")
                    mine.append(time.perf_counter() - t0)
                    seen = time.monotonic()
                    if status != 200:
                        bad += 1
                    mark = re.search(r'"mark":\s*"([^"]+)"', text)
                    mark = mark.group(1) if mark else ""
                    if w in marks and marks[w] != mark:
                        with lock:
                            at = saved_at.get(w[0])
                        if at is not None and seen >= at:
                            my_reach.append(seen - at)
                    marks[w] = mark
                    due[w] += 1.0
                with lock:
                    polls.extend(mine)
                    reach.extend(my_reach)
                    late[0] += my_late
                    failures[0] += bad

            def save(slice_: list[str], offset: float) -> None:
                phone = Phone(port)
                levels = ["full", "intermediate"]
                k = 0
                time.sleep(offset)
                while time.monotonic() < stop - 1:
                    for t in slice_:
                        if time.monotonic() >= stop - 1:
                            break
                        k += 1
                        status, _ = phone.form(f"/play/{t}/setup/level", {"level": levels[k % 2]})
                        if status == 302:
                            with lock:
                                saved_at[t] = time.monotonic()
                                saves[0] += 1
                        else:
                            failures[0] += 1
                        time.sleep(max(0.0, save_every / max(1, len(slice_)) - 0.001))

            rng = random.Random(1)
            rng.shuffle(watchers)
            threads = [threading.Thread(target=watch, args=(watchers[k::threads_n], k / threads_n))
                       for k in range(threads_n)]
            savers = 4
            threads += [threading.Thread(target=save, args=(tokens[k::savers], 0.5 + k / savers))
                        for k in range(savers)]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            wall = time.monotonic() - wall_before
            cpu = (cpu_seconds(proc.pid) - cpu_before) / wall
        finally:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(10)
    return {"polls/s": len(polls) / wall, "wanted/s": len(watchers) / 1.0, "late": late[0],
            "poll p50 ms": 1000 * pct(polls, 50), "poll p99 ms": 1000 * pct(polls, 99),
            "reach p50 s": pct(reach, 50), "reach p99 s": pct(reach, 99), "changes seen": len(reach),
            "saves/s": saves[0] / wall, "cpu": cpu, "failures": failures[0]}


def row(name: str, f: dict) -> str:
    return (f"| {name} | {f['polls/s']:,.0f}/s of {f['wanted/s']:,.0f}/s | {f['late']} | {f['poll p50 ms']:.1f} ms | "
            f"{f['poll p99 ms']:.1f} ms | {f['reach p50 s']:.2f} s | {f['reach p99 s']:.2f} s | {f['changes seen']} | "
            f"{f['saves/s']:.1f}/s | {f['cpu']:.2f} | {f['failures']} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=250)
    parser.add_argument("--phones", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--save-every", type=float, default=5.0, help="seconds between two saves of one table")
    parser.add_argument("--against", type=Path, help="another checkout (e.g. the code before a change)")
    args = parser.parse_args()
    print(f"{args.tables} tables × {args.phones} phones polling once a second, saves every {args.save_every:g} s "
          f"per table, {args.seconds:g} s; gunicorn -w 2, SQLite; Python {platform.python_version()}, "
          f"{os.cpu_count()} CPUs shared by server and load")
    print("| code | polls answered | late polls | poll p50 | poll p99 | change seen p50 | change seen p99 | "
          "changes | saves | CPU (s/s) | failures |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    runs = [("this checkout", ROOT)] + ([(f"{args.against}", args.against.resolve())] if args.against else [])
    for name, checkout in runs:
        print(row(name, run(checkout, args.tables, args.phones, args.seconds, args.save_every)), flush=True)


if __name__ == "__main__":
    main()
