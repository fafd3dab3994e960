"""S8: a long best-route search runs in the background (a job in the database, a solver thread per app server):
the score page shows its progress, other tables' pages answer meanwhile, and the routes land in the route cache.
"""

from __future__ import annotations

import html
import re
import threading
import time

import pytest
from sqlalchemy import insert, select, update
from test_web_sheets import save, sheet

from companion.games.enroute import search
from companion.games.enroute.evaluation import RouteChoice
from companion.web.core.db import read, write
from companion.web.enroute.routes import jobs as route_jobs
from companion.web.enroute.routes.cache import route_cache, route_key
from companion.web.enroute.tables.scoresheet import game_doc
from companion.web.enroute.tables.store import get_players, get_table

SLOW = 4.0  # seconds a stand-in search keeps the CPU busy, as a dense sheet does


def slow_search(monkeypatch) -> list[float]:
    """Replace the engine's search by one that keeps the CPU busy in pure Python (holding the GIL, as the real
    solver does) for `SLOW` seconds or its time limit, whichever is less: cut short, its route is not proven.
    The test then does not depend on how fast the solver gets. Returns the limits it was given."""
    real = search.best_route
    limits: list[float] = []

    def burn(ctx, sheet_, time_limit=None):
        """Work for min(SLOW, time_limit) seconds, then answer the real route (unproven if cut short)."""
        limits.append(time_limit)
        end = time.monotonic() + min(SLOW, time_limit or SLOW)
        n = 0
        while time.monotonic() < end:
            n += 1
        choice = real(ctx, sheet_, time_limit=time_limit)
        return choice if (time_limit or SLOW) >= SLOW else RouteChoice(choice.walk, False)

    monkeypatch.setattr(search, "best_route", burn)
    return limits


@pytest.fixture
def bg_app(app):
    """The app with a short inline budget and a quick solver thread; its threads are stopped afterwards."""
    app.config.update(SOLVER_INLINE_LIMIT=0.2, SOLVER_TIME_LIMIT=SLOW + 2, ROUTE_WORKER_POLL=0.1)
    yield app
    route_jobs.stop_workers(app)


def status_url(page: str) -> str:
    """The status URL the progress page's script polls."""
    return html.unescape(re.search(r'data-status-url="([^"]+)"', page).group(1))


def wait_for(client, url: str, states: tuple[str, ...], timeout: float = 60) -> dict:
    """Poll the status endpoint until the job is in one of `states`."""
    deadline = time.monotonic() + timeout
    while True:
        status = client.get(url).get_json()
        if status["state"] in states or time.monotonic() > deadline:
            return status
        time.sleep(0.05)


def test_long_search_runs_in_background_while_other_tables_answer(bg_app, client, make_table, monkeypatch):
    slow_search(monkeypatch)
    busy, other = make_table(), make_table()
    assert save(client, busy, 0, sheet(final_route=None), 0).status_code == 302
    assert save(client, other, 0, sheet(final_route=[[3, 6], [3, 5], [3, 4], [4, 4]]), 0,
                route_mode="own").status_code == 302

    started = time.monotonic()
    first = client.get(f"/tables/{busy}/score")
    assert first.status_code == 202 and time.monotonic() - started < SLOW  # answered without the long search
    page = first.get_data(as_text=True)
    assert "route-progress.js" in page and "<progress" in page and 'http-equiv="refresh"' in page
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", page)  # CSP: no inline script
    url = status_url(page)
    status = wait_for(client, url, ("running", "done"))
    assert status["state"] == "running" and status["total"] == 1 and 0 <= status["progress"] < 1
    assert "Searching the best routes" in status["text"]

    # The search is running: another table's pages answer quickly meanwhile.
    for path in (f"/tables/{other}", f"/tables/{other}/players/0", f"/tables/{busy}"):
        started = time.monotonic()
        response = client.get(path)
        assert response.status_code == 200, path
        assert time.monotonic() - started < 2.0, f"{path} waited for the search"
    assert client.get(url).get_json()["state"] == "running", "the search ended before the other pages were read"
    again = client.get(f"/tables/{busy}/score")  # a reload while searching starts no second search
    assert again.status_code == 202 and status_url(again.get_data(as_text=True)) == url

    done = wait_for(client, url, ("done", "failed"))
    assert done["state"] == "done" and done["ready"] and done["progress"] == 1.0
    scored = client.get(f"/tables/{busy}/score")
    assert scored.status_code == 200 and "PP" in scored.get_data(as_text=True)
    assert "not proven" not in scored.get_data(as_text=True)

    # The route landed in the route cache, under the sheet's key: every worker of every server finds it.
    with bg_app.app_context():
        table, players = get_table(busy), get_players(busy)
        doc = game_doc(table, players)
        key = route_key(doc, doc["players"][0])
        with read() as conn:
            row = conn.execute(select(route_cache).where(route_cache.c.key == key)).mappings().first()
    assert row is not None and row["proven"] == 1


def test_the_page_without_a_long_search_answers_at_once(bg_app, client, make_table):
    token = make_table()
    save(client, token, 0, sheet(final_route=None), 0)
    response = client.get(f"/tables/{token}/score")
    assert response.status_code == 200 and "PP" in response.get_data(as_text=True)
    with bg_app.app_context(), read() as conn:
        assert conn.execute(select(route_jobs.route_jobs)).first() is None  # no job: searched inline


def queue_job(app, token: str) -> str:
    """Queue the search of a table's sheets directly (as a score page would); return the job id."""
    from companion.games.enroute.game import read_game

    with app.app_context():
        doc = game_doc(get_table(token), [p for p in get_players(token) if p["version"] > 0])
        game = read_game(doc)
        keys = [route_key(doc, raw) for raw in doc["players"]]
        jid = route_jobs.job_id(token, keys)
        route_jobs.enqueue(jid, token, doc, route_jobs.searches_of(game))
    return jid


def test_claim_is_atomic_and_a_dead_workers_job_is_taken_over(app, client, make_table):
    app.config.update(ROUTE_WORKERS=0)  # no thread: this test works the jobs itself
    token = make_table()
    save(client, token, 0, sheet(final_route=None), 0)
    jid = queue_job(app, token)
    with app.app_context():
        barrier = threading.Barrier(4)
        won = []

        def claimer(name: str) -> None:
            """Try to claim the job at the same moment as three others."""
            with app.app_context():
                barrier.wait(timeout=30)
                won.append(route_jobs.claim(name))

        threads = [threading.Thread(target=claimer, args=(f"w{i}",)) for i in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert sum(1 for w in won if w is not None) == 1  # one UPDATE ... WHERE state = 'queued' wins
        assert route_jobs.claim("late") is None  # running, with a fresh heartbeat: nobody else takes it

        # Its worker dies (no heartbeat for longer than the stale time): the next worker takes the job over.
        with write() as conn:
            conn.execute(update(route_jobs.route_jobs).where(route_jobs.route_jobs.c.id == jid)
                         .values(heartbeat=time.time() - route_jobs.stale_after() - 1))
        assert route_jobs.work_once("survivor") is True
        job = route_jobs.get_job(jid)
        assert job.state == "done" and job.attempts == 2 and job.result
        with pytest.raises(route_jobs.LostJob):  # the dead worker, back to life, finds it lost the job
            route_jobs._mine(jid, "w0", done=1)
    assert client.get(f"/tables/{token}/score").status_code == 200


def test_a_job_that_kills_its_worker_every_time_fails_and_can_be_retried(app, client, make_table):
    app.config.update(ROUTE_WORKERS=0)
    token = make_table()
    save(client, token, 0, sheet(final_route=None), 0)
    jid = queue_job(app, token)
    with app.app_context(), write() as conn:
        conn.execute(update(route_jobs.route_jobs).where(route_jobs.route_jobs.c.id == jid)
                     .values(state="running", worker="gone:1:1", attempts=route_jobs.MAX_ATTEMPTS, heartbeat=1.0))
    with app.app_context():
        assert route_jobs.work_once("next") is False
        assert route_jobs.get_job(jid).state == "failed"
    page = client.get(f"/tables/{token}/score")
    assert page.status_code == 202
    text = page.get_data(as_text=True)
    assert "The route search failed" in text and "Search again" in text
    retry = re.search(r'action="([^"]+/retry)"', text).group(1)
    assert client.post(retry).status_code == 302
    with app.app_context():
        assert route_jobs.get_job(jid).state == "queued"
        assert route_jobs.work_once("next") is True and route_jobs.get_job(jid).state == "done"
    assert client.get(f"/tables/{token}/score").status_code == 200


def test_a_failing_search_fails_its_job_not_the_worker(app, client, make_table, monkeypatch):
    app.config.update(ROUTE_WORKERS=0)
    token = make_table()
    save(client, token, 0, sheet(final_route=None), 0)
    jid = queue_job(app, token)

    def broken(*_args, **_kwargs):
        """A solver bug."""
        raise RuntimeError("solver bug")

    monkeypatch.setattr(search, "best_route", broken)
    with app.app_context():
        assert route_jobs.work_once("w") is True
        job = route_jobs.get_job(jid)
    assert job.state == "failed" and "solver bug" in job.error
    status = client.get(f"/tables/{token}/score/jobs/{jid}.json").get_json()
    assert status["failed"] and not status["ready"]


def test_status_of_unknown_or_foreign_jobs_is_404(app, client, make_table):
    app.config.update(ROUTE_WORKERS=0)
    a, b = make_table(), make_table()
    save(client, a, 0, sheet(final_route=None), 0)
    jid = queue_job(app, a)
    assert client.get(f"/tables/{a}/score/jobs/{jid}.json").status_code == 200
    assert client.get(f"/tables/{b}/score/jobs/{jid}.json").status_code == 404  # another table's job
    for junk in ("x" * 300, "0" * 64, "..%2f..", "%00"):
        assert client.get(f"/tables/{a}/score/jobs/{junk}.json").status_code == 404
        assert client.post(f"/tables/{a}/score/jobs/{junk}/retry").status_code == 404


def test_job_table_insert_is_portable(app):
    """The job row takes every column as declared (the suite reruns this on PostgreSQL)."""
    with app.app_context(), write() as conn:
        conn.execute(insert(route_jobs.route_jobs).values(id="ab" * 32, table_id="t", state="queued", request="{}",
                                                          created="now", updated=time.time()))
    with app.app_context():
        job = route_jobs.get_job("ab" * 32)
    assert job.state == "queued" and job.done == 0 and job.attempts == 0 and job.result == {}


# ---- gunicorn -w 2: any app server sees the job, picks it up, and a dead worker's job is taken over ----

def test_gunicorn_workers_share_the_jobs(database_url, tmp_path):
    """Jobs queued in the database (one fresh, one whose worker died mid-search) are seen by every answer of a
    real `gunicorn -w 2`, searched by one of its solver threads, and their routes land in the route cache."""
    import json
    import os
    import signal
    import urllib.request

    from test_web_durability import free_port, start_server

    from companion.web.core.app import create_app
    from companion.web.enroute.tables import store as table_store

    app = create_app({"TESTING": True, "SECRET_KEY": "t", "DATABASE_URL": database_url, "ROUTE_WORKERS": 0})
    with app.app_context():
        tokens = [table_store.create_table("training-city", _training(), "full", "en", {}, [],
                                           [{"name": "Aki", "colour": "red", "sheet": sheet(final_route=None)}])
                  for _ in range(2)]
        for token in tokens:
            table_store.save_sheet(token, 0, 0, sheet(final_route=None), "best")
    fresh, dead = (queue_job(app, token) for token in tokens)
    with app.app_context(), write() as conn:  # the second one's worker died in the middle of its search
        conn.execute(update(route_jobs.route_jobs).where(route_jobs.route_jobs.c.id == dead)
                     .values(state="running", worker="gone:1:1", attempts=1, heartbeat=1.0))
    env = {**os.environ, "DATABASE_URL": database_url, "SECRET_KEY": "jobs-test"}
    port = free_port()
    server = start_server(port, env)
    try:
        seen: dict[str, list[str]] = {fresh: [], dead: []}
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and not all(states and states[-1] == "done" for states in seen.values()):
            for token, jid in zip(tokens, (fresh, dead), strict=True):
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/tables/{token}/score/jobs/{jid}.json",
                                            timeout=30) as answer:  # a new connection: either worker answers
                    seen[jid].append(json.load(answer)["state"])
            time.sleep(0.1)
        assert all(states[-1] == "done" for states in seen.values()), seen
        for token in tokens:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/tables/{token}/score", timeout=60) as page:
                assert page.status == 200 and "PP" in page.read().decode()
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(20)
    with app.app_context():
        for jid in (fresh, dead):
            job = route_jobs.get_job(jid)
            assert job.state == "done" and job.result
            with read() as conn:
                worker = conn.execute(select(route_jobs.route_jobs.c.worker)
                                      .where(route_jobs.route_jobs.c.id == jid)).scalar_one()
            assert worker != "gone:1:1" and int(worker.split(":")[1]) != os.getpid()  # a gunicorn worker did it
            with read() as conn:
                cached = conn.execute(select(route_cache.c.key).where(route_cache.c.key.in_(list(job.result))))
                assert sorted(cached.scalars()) == sorted(job.result)
        assert route_jobs.get_job(dead).attempts == 2


def _training() -> dict:
    """The shipped Training City as stored with a table."""
    from companion.games.enroute import board_to_json, find_board

    return board_to_json(find_board("training-city"))


def test_dedicated_route_worker_command(app, client, make_table, runner):
    """`flask enroute route-worker --until-idle` works the queued jobs of app servers that run no solver thread."""
    app.config.update(ROUTE_WORKERS=0, ROUTE_WORKER_POLL=0.05)
    token = make_table()
    save(client, token, 0, sheet(final_route=None), 0)
    jid = queue_job(app, token)
    result = runner.invoke(args=["enroute", "route-worker", "--until-idle"])
    assert result.exit_code == 0, result.output
    with app.app_context():
        assert route_jobs.get_job(jid).state == "done"


def _searches(monkeypatch) -> list:
    """Count the engine's route searches (each call of `search.best_route`)."""
    real, calls = search.best_route, []

    def counted(ctx, sheet_, time_limit=None):
        calls.append(sheet_)
        return real(ctx, sheet_, time_limit=time_limit)

    monkeypatch.setattr(search, "best_route", counted)
    return calls


def test_a_saved_sheet_is_searched_in_the_background_before_the_score_page(app, client, make_table, monkeypatch):
    """ROUTE_WARM: each save queues the entered sheets' searches; the first score page then searches nothing."""
    app.config.update(ROUTE_WARM=True, ROUTE_WORKERS=0)  # no solver thread: the test runs the worker's step
    calls = _searches(monkeypatch)
    token = make_table()
    assert save(client, token, 0, sheet(final_route=None), 0).status_code == 302
    with app.app_context():
        with read() as conn:
            jobs = conn.execute(select(route_jobs.route_jobs)).mappings().all()
        assert [(j["state"], j["total"]) for j in jobs] == [("queued", 1)]
        assert jobs[0]["table_id"].startswith("warm-") and jobs[0]["table_id"] != token
        assert route_jobs.work_once("test-worker") and len(calls) == 1
        assert not route_jobs.work_once("test-worker")  # one job for the one entered sheet
    calls.clear()
    page = client.get(f"/tables/{token}/score")
    assert page.status_code == 200 and calls == []  # the route came from the cache the warm-up filled
    assert save(client, token, 0, sheet(final_route=None), 1).status_code == 302  # same contents: nothing new
    with app.app_context():
        assert not route_jobs.work_once("test-worker") and calls == []


def test_without_the_warm_up_a_save_queues_nothing(app, client, make_table):
    """Tests run without it by default (TESTING): a save leaves no job, as before."""
    token = make_table()
    assert save(client, token, 0, sheet(final_route=None), 0).status_code == 302
    with app.app_context(), read() as conn:
        assert conn.execute(select(route_jobs.route_jobs)).all() == []
