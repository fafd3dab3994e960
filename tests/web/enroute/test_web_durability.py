"""Saves are never lost: concurrent savers on one table, and `kill -9` of a real server during a burst,
on SQLite and on PostgreSQL."""

from __future__ import annotations

import http.client
import http.cookiejar
import json
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

from web_helpers import table_form_data

from companion.web.core.app import create_app
from companion.web.enroute.tables import store as table_store

ROOT = Path(__file__).resolve().parents[3]
SAVERS, SAVES = 4, 500


def sheet(n: int) -> dict:
    """A distinct sheet for save number n (its tourist count names the save)."""
    return {"format": "enroute-sheet/1", "player": "Aki", "player_board": 1, "sections": [],
            "tourists": [{"at": [1, 1], "red": n % 9 + 1}], "cafes": [], "personal_goal": None, "n": n}


def test_four_savers_on_one_table_lose_no_update(database_url, tmp_path, monkeypatch):
    """4 savers × 500 saves of the same seat: every acknowledged save is kept at its own version, none merged."""
    monkeypatch.setenv("DATABASE_URL", database_url)
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "DATABASE": str(tmp_path / "x.sqlite")})
    with app.app_context():
        token = table_store.create_table("training-city", {}, "full", "en", {}, [],
                                         [{"name": "Aki", "colour": "red", "sheet": sheet(0)}])
    acknowledged: dict[int, int] = {}
    refused = [0]
    lock = threading.Lock()

    def saver(k: int) -> None:
        """Save 500 times, each time on the version last read; a refused save re-reads and tries again."""
        with app.app_context():
            done = 0
            while done < SAVES:
                base = table_store.get_player(token, 0)["version"]
                n = k * 10_000 + done
                version = table_store.save_sheet(token, 0, base, sheet(n), "best")
                with lock:
                    if version is None:
                        refused[0] += 1
                        continue
                    assert version not in acknowledged, "two saves acknowledged at one version"
                    acknowledged[version] = n
                done += 1

    threads = [threading.Thread(target=saver, args=(k,)) for k in range(SAVERS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(300)
    assert len(acknowledged) == SAVERS * SAVES
    with app.app_context():
        final = table_store.get_player(token, 0)
        assert final["version"] == SAVERS * SAVES == max(acknowledged)
        for version, n in acknowledged.items():
            assert table_store.get_history(token, 0, version)["sheet"]["n"] == n
    print(f"{database_url.split(':')[0]}: {len(acknowledged)} saves kept, {refused[0]} stale saves refused")


# ---- kill -9 of a real server -----------------------------------------------------------------------

def free_port() -> int:
    """An unused local port."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(port: int, env: dict) -> subprocess.Popen:
    """Run gunicorn with 2 workers on the app, as in production, and wait until it answers."""
    proc = subprocess.Popen([sys.executable, "-m", "gunicorn", "-w", "2", "-b", f"127.0.0.1:{port}",
                             "companion:create_app()"], cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, start_new_session=True)
    for _ in range(600):  # a loaded machine may need a while to import everything
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2)
            return proc
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise RuntimeError("the server did not start")


class Phone:
    """One phone: its own cookies and CSRF token."""

    def __init__(self, base: str):
        """Open a session against the server."""
        self.base = base
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()),
                                                  NoRedirect())

    def get(self, path: str) -> str:
        """GET a page's text."""
        with self.opener.open(self.base + path, timeout=60) as response:
            return response.read().decode()

    def post(self, path: str, data: dict) -> tuple[int, str]:
        """POST a form with the page's CSRF token; return the status and where it redirects."""
        token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', self.get(path))
        body = urllib.parse.urlencode({**data, "csrf_token": token.group(1) if token else ""}).encode()
        try:
            with self.opener.open(self.base + path, body, timeout=60) as response:
                return response.status, response.headers.get("Location", "")
        except urllib.error.HTTPError as exc:
            return exc.code, exc.headers.get("Location", "")


class NoRedirect(urllib.request.HTTPRedirectHandler):
    """Keep a 302 as the answer: it is the acknowledgement of a save."""

    def redirect_request(self, *args, **kwargs):
        """Do not follow."""
        return None


def test_acknowledged_saves_survive_kill_9(database_url, tmp_path):
    """4 phones save their own seats in a burst; the server is killed with SIGKILL mid-burst and restarted;
    every save it acknowledged (302) is there, at its version."""
    env = {**os.environ, "DATABASE_URL": database_url, "SECRET_KEY": "kill-test"}
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = start_server(port, env)
    try:
        host = Phone(base)
        data = table_form_data(**{"players-2-name": "Cy", "players-3-name": "Di"})
        status, location = host.post("/tables/new", data)
        assert status == 302
        token = re.search(r"/tables/([\w-]+)$", location).group(1)
    except Exception:
        os.killpg(server.pid, signal.SIGKILL)
        raise
    acknowledged: dict[int, tuple[int, int]] = {}  # seat -> (version, n)
    stop = threading.Event()

    def phone(seat: int) -> None:
        """Save again and again until the server dies; remember each acknowledged save."""
        me = Phone(base)
        version = 0
        n = 0
        while not stop.is_set():
            n += 1
            try:
                status, _where = me.post(f"/tables/{token}/players/{seat}",
                                 {"sheet": json.dumps(sheet(n)), "version": str(version), "route_mode": "best"})
            except (OSError, http.client.HTTPException):  # refused, reset, or cut off mid-answer by the kill
                if stop.is_set():
                    return  # the server is gone
                continue  # a slow answer on a loaded machine: try again
            if status == 302:
                version += 1
                acknowledged[seat] = (version, n)
            elif status == 409:  # an earlier save landed but its answer was lost: go on from the saved version
                try:
                    page = me.get(f"/tables/{token}/players/{seat}")
                    version = int(re.search(r'name="version" type="hidden" value="(\d+)"', page).group(1))
                except (OSError, AttributeError):
                    continue

    threads = [threading.Thread(target=phone, args=(seat,)) for seat in range(4)]
    for t in threads:
        t.start()
    deadline = time.monotonic() + 120
    while sum(v for v, _n in list(acknowledged.values())) < 12 and time.monotonic() < deadline:
        time.sleep(0.1)  # let the burst get going, however slow the machine is today
    time.sleep(0.5)
    os.killpg(server.pid, signal.SIGKILL)  # the whole gunicorn process group, no goodbye
    server.wait(10)
    stop.set()
    for t in threads:
        t.join(30)
    assert sum(v for v, _n in acknowledged.values()) >= 4, "the burst made too few saves to test anything"
    port2 = free_port()
    again = start_server(port2, env)
    try:
        reader = Phone(f"http://127.0.0.1:{port2}")
        for seat, (version, n) in acknowledged.items():
            saved = json.loads(reader.get(f"/tables/{token}/players/{seat}/sheet.json"))
            page = reader.get(f"/tables/{token}/players/{seat}")
            kept = int(re.search(r'name="version" type="hidden" value="(\d+)"', page).group(1))
            assert kept >= version, f"seat {seat}: acknowledged version {version}, found {kept}"
            if kept == version:
                assert saved.get("n") == n
    finally:
        os.killpg(again.pid, signal.SIGKILL)
        again.wait(10)

