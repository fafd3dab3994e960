"""Long best-route searches off the web workers: a job table in the database and a small solver pool.

A score page whose routes are neither in the route cache nor found within a short inline budget
queues one job per table and sheet contents (`enroute_route_jobs`) and answers at once with a
progress indicator. Any app server's solver thread (or `flask --app companion enroute route-worker`)
claims a queued job with one atomic `UPDATE ... WHERE state = 'queued'`, searches the routes, writes
its progress after each search, and stores the routes: proven ones in the route cache for every later
view, all of them (unproven ones included) in the job's result. Nothing of a table lives in a worker's
memory, so with several app servers on one PostgreSQL any of them reads the job and its result.

Restart-safe: a running job whose worker stopped giving signs of life (its heartbeat is older than
`stale_after()` seconds: killed, restarted, lost its machine) is claimed again by the next worker,
at most `MAX_ATTEMPTS` times; a worker that lost its job that way finds out at its next write and
drops its work.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import socket
import threading
import time
from dataclasses import dataclass
from typing import Any

from flask import Flask, current_app
from sqlalchemy import Column, Float, Integer, String, Table, Text, and_, delete, insert, or_, select, update
from sqlalchemy.exc import IntegrityError

from ....games.core.problems import has_errors
from ....games.enroute.evaluation import RouteChoice
from ....games.enroute.game import read_game
from ....games.enroute.scoring import score_players
from ....games.enroute.search import SearchBudget
from ...core.db import _now, metadata, read, write
from .cache import basis_hash, cached_routes, remember_routes, route_key

log = logging.getLogger(__name__)

MAX_ATTEMPTS = 3  # a job that kept killing its worker is given up after this many claims
QUEUED, RUNNING, DONE, FAILED = "queued", "running", "done", "failed"

route_jobs = Table(
    "enroute_route_jobs", metadata,
    Column("id", String(64), primary_key=True),  # hash of the table and its sheets' search keys
    Column("table_id", String(64), nullable=False, index=True),
    Column("state", String(16), nullable=False, index=True),
    Column("request", Text, nullable=False),  # JSON: the game document to search
    Column("result", Text),  # JSON: {route key: {"walk": [[x, y], ...], "proven": bool}}
    Column("done", Integer, nullable=False, server_default="0"),
    Column("total", Integer, nullable=False, server_default="0"),
    Column("worker", String(128)),
    Column("heartbeat", Float),  # epoch seconds: the start of the search running now (a sign of life)
    Column("attempts", Integer, nullable=False, server_default="0"),
    Column("error", Text),
    Column("created", String(32), nullable=False),
    Column("updated", Float, nullable=False),
)


@dataclass(frozen=True)
class RouteJob:
    """One table's route search as stored."""

    id: str
    table_id: str
    state: str
    done: int
    total: int
    heartbeat: float | None
    attempts: int
    error: str | None
    result: dict[str, RouteChoice]


def setting(name: str, default: float | int | None):
    """A setting from the app's config (instance/config.py), else the default."""
    value = current_app.config.get(name)
    return default if value is None else value


def stale_after() -> float:
    """Seconds without a heartbeat after which a running job counts as abandoned: one search's limit plus margin."""
    return float(setting("ROUTE_JOB_STALE", 2 * float(setting("SOLVER_TIME_LIMIT", 3.0)) + 30))


def job_id(table_id: str, keys: list[str]) -> str:
    """Name a table's search by its contents: the same sheets give the same job, an edited sheet a new one."""
    return hashlib.sha256(json.dumps(["job", table_id, sorted(keys)]).encode()).hexdigest()


def searches_of(game) -> int:
    """How many route searches scoring a game makes: one per player whose sheet has no error."""
    return sum(1 for i, sheet in enumerate(game.players)
               if sheet is not None and not has_errors(game.player_problems(i)))


def _job(row) -> RouteJob:
    """Decode a job row."""
    raw = json.loads(row.result) if row.result else {}
    result = {key: RouteChoice([tuple(p) for p in value["walk"]], bool(value["proven"])) for key, value in raw.items()}
    return RouteJob(row.id, row.table_id, row.state, row.done, row.total, row.heartbeat, row.attempts, row.error,
                    result)


def get_job(jid: str) -> RouteJob | None:
    """Load a job or None."""
    if not isinstance(jid, str) or len(jid) > 64 or not jid or not all(c in "0123456789abcdef" for c in jid):
        return None  # job ids are hex digests (the database never sees other text, NUL included)
    with read() as conn:
        row = conn.execute(select(route_jobs).where(route_jobs.c.id == jid)).first()
    return _job(row) if row is not None else None


def enqueue(jid: str, table_id: str, doc: dict, total: int) -> RouteJob:
    """Queue a table's search (once: a job already there is kept) and drop the table's older, unstarted jobs."""
    now = time.time()
    try:
        with write() as conn:
            conn.execute(delete(route_jobs).where(route_jobs.c.table_id == table_id, route_jobs.c.id != jid,
                                                  route_jobs.c.state != RUNNING))
            conn.execute(insert(route_jobs).values(id=jid, table_id=table_id, state=QUEUED, request=json.dumps(doc),
                                                   done=0, total=total, attempts=0, created=_now(), updated=now))
    except IntegrityError:
        pass  # another view queued the same search meanwhile
    wake(current_app._get_current_object())
    return get_job(jid)


def retry(jid: str) -> bool:
    """Queue a failed job again (a player asked to); True when it was failed."""
    with write() as conn:
        done = conn.execute(update(route_jobs).where(route_jobs.c.id == jid, route_jobs.c.state == FAILED)
                            .values(state=QUEUED, attempts=0, error=None, done=0, updated=time.time())).rowcount
    if done:
        wake(current_app._get_current_object())
    return done == 1


def _claimable(now: float):
    """Jobs a worker may take: queued, or running with a heartbeat too old (their worker is gone)."""
    return and_(route_jobs.c.attempts < MAX_ATTEMPTS,
                or_(route_jobs.c.state == QUEUED,
                    and_(route_jobs.c.state == RUNNING, route_jobs.c.heartbeat < now - stale_after())))


def claim(worker: str) -> tuple[RouteJob, dict] | None:
    """Take the oldest job nobody is working on, atomically (one UPDATE that only one worker can win)."""
    now = time.time()
    with write() as conn:  # give up jobs that kept losing their worker
        conn.execute(update(route_jobs).where(route_jobs.c.state == RUNNING, route_jobs.c.attempts >= MAX_ATTEMPTS,
                                              route_jobs.c.heartbeat < now - stale_after())
                     .values(state=FAILED, error="the search stopped its worker every time", updated=now))
    with read() as conn:
        candidates = conn.execute(select(route_jobs.c.id).where(_claimable(now))
                                  .order_by(route_jobs.c.updated).limit(5)).scalars().all()
    for jid in candidates:
        with write() as conn:
            won = conn.execute(update(route_jobs).where(route_jobs.c.id == jid, _claimable(now))
                               .values(state=RUNNING, worker=worker, heartbeat=now, done=0,
                                       attempts=route_jobs.c.attempts + 1, updated=now)).rowcount
            row = conn.execute(select(route_jobs).where(route_jobs.c.id == jid)).first() if won == 1 else None
        if row is not None:
            return _job(row), json.loads(row.request)
    return None


class LostJob(Exception):
    """This worker's job was claimed by another worker (it counted this one as dead) or dropped."""


def _mine(jid: str, worker: str, **values) -> None:
    """Write to a job this worker holds; raise `LostJob` when it no longer does."""
    with write() as conn:
        done = conn.execute(update(route_jobs).where(route_jobs.c.id == jid, route_jobs.c.worker == worker,
                                                     route_jobs.c.state == RUNNING)
                            .values(updated=time.time(), **values)).rowcount
    if done != 1:
        raise LostJob(jid)


def run(job: RouteJob, doc: dict, worker: str) -> None:
    """Search every route of a job's game, writing progress after each search, then store the routes."""
    game = read_game(doc)
    basis = basis_hash(doc)
    keys = {id(sheet): route_key(doc, raw, basis) for sheet, raw in zip(game.players, doc["players"], strict=False)
            if sheet is not None}
    known = cached_routes(keys.values())
    found: dict[str, RouteChoice] = {}
    budget = SearchBudget(setting("SOLVER_TIME_LIMIT", None), setting("SOLVER_JOB_LIMIT", None), max(1, job.total))
    count = [0]

    def choose(ctx, sheet) -> RouteChoice:
        """Answer from the cache or this job's earlier searches, else search (a heartbeat marks its start)."""
        key = keys.get(id(sheet))
        choice = known.get(key) or found.get(key)
        if choice is None:
            _mine(job.id, worker, heartbeat=time.time(), done=count[0])
            choice = budget.chooser(ctx, sheet)
        if key is not None:
            found[key] = choice
        count[0] += 1
        _mine(job.id, worker, heartbeat=time.time(), done=count[0])
        return choice

    score_players(game, chooser=choose, compare_best=True)
    remember_routes({k: c for k, c in found.items() if c.proven and k not in known})
    result = {k: {"walk": [list(p) for p in c.walk], "proven": c.proven} for k, c in found.items()}
    _mine(job.id, worker, state=DONE, result=json.dumps(result), done=count[0], total=max(job.total, count[0]))


def work_once(worker: str) -> bool:
    """Claim and run one job; True when there was one. A failing search marks its job failed, never the worker."""
    claimed = claim(worker)
    if claimed is None:
        return False
    job, request = claimed
    try:
        run(job, request, worker)
    except LostJob:
        log.warning("route job %s was taken over by another worker", job.id)
    except Exception as exc:  # an engine bug must cost one job, not the solver thread
        log.exception("route job %s failed", job.id)
        try:
            _mine(job.id, worker, state=FAILED, error=f"{type(exc).__name__}: {exc}"[:500])
        except LostJob:
            pass
    return True


def prune(older_than: float = 7 * 24 * 3600) -> None:
    """Forget finished jobs after a week (their proven routes stay in the route cache)."""
    with write() as conn:
        conn.execute(delete(route_jobs).where(route_jobs.c.state.in_((DONE, FAILED)),
                                              route_jobs.c.updated < time.time() - older_than))


# ---- the solver pool: threads of this app server ---------------------------------------------------

def worker_name() -> str:
    """This thread's name as stored on the jobs it claims (host, process, thread)."""
    return f"{socket.gethostname()[:80]}:{os.getpid()}:{threading.get_ident()}"


def _pool(app: Flask) -> dict:
    """This process's solver threads of an app (a forked child starts its own)."""
    pool = app.extensions.get("enroute.route_pool")
    if pool is None or pool["pid"] != os.getpid():
        pool = {"pid": os.getpid(), "threads": [], "wake": threading.Event(), "stop": threading.Event(),
                "lock": threading.Lock()}
        app.extensions["enroute.route_pool"] = pool
    return pool


def loop(app: Flask, stop: threading.Event, wake_up: threading.Event, idle_exit: float | None) -> None:
    """Work jobs until `stop` (or, with `idle_exit`, until no job came for that many seconds)."""
    with app.app_context():
        name = worker_name()
        idle_since = time.monotonic()
        poll = float(setting("ROUTE_WORKER_POLL", 1.0))
        while not stop.is_set():
            try:
                worked = work_once(name)
            except Exception:  # the database away for a moment: wait and try again
                log.exception("route worker could not reach the database")
                worked = False
            if worked:
                idle_since = time.monotonic()
                prune()
                continue
            if idle_exit is not None and time.monotonic() - idle_since > idle_exit:
                return
            wake_up.wait(poll)
            wake_up.clear()


def _lower_priority() -> None:
    """Let this thread yield the CPU to request threads of any app server on the machine (Linux: per thread)."""
    try:
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), 10)
    except (AttributeError, OSError):
        pass


def ensure_workers(app: Flask) -> None:
    """Start this app server's solver threads (`ROUTE_WORKERS`, default 1; 0 when dedicated workers run)."""
    count = int(app.config.get("ROUTE_WORKERS", 1))
    pool = _pool(app)
    with pool["lock"]:
        pool["threads"] = [t for t in pool["threads"] if t.is_alive()]
        while len(pool["threads"]) < count and not pool["stop"].is_set():
            idle = float(app.config.get("ROUTE_WORKER_IDLE", 300))
            thread = threading.Thread(target=_solver_thread, args=(app, pool, idle), name="enroute-route-worker",
                                      daemon=True)
            thread.start()
            pool["threads"].append(thread)


def _solver_thread(app: Flask, pool: dict, idle: float) -> None:
    """One solver thread of this app server."""
    _lower_priority()
    loop(app, pool["stop"], pool["wake"], idle)


def wake(app: Flask) -> None:
    """Tell this server's solver threads a job is waiting (starting them if needed)."""
    ensure_workers(app)
    _pool(app)["wake"].set()


def stop_workers(app: Flask, timeout: float = 10) -> None:
    """Stop this app's solver threads (tests; a server just exits)."""
    pool = _pool(app)
    pool["stop"].set()
    pool["wake"].set()
    for thread in pool["threads"]:
        thread.join(timeout)


def progress(job: RouteJob) -> float:
    """How far a job is, 0 to 1: searches done, plus the running search's share of its time limit."""
    if job.state == DONE:
        return 1.0
    total = max(1, job.total)
    part = 0.0
    if job.state == RUNNING and job.heartbeat is not None:
        limit = float(setting("SOLVER_TIME_LIMIT", 3.0)) or 1.0
        part = min(0.95, max(0.0, time.time() - job.heartbeat) / limit)
    return min(0.99, (min(job.done, total) + part) / total)


def describe(job: RouteJob) -> dict[str, Any]:
    """The job as the status endpoint answers it (`text` is for people, in the page's language)."""
    from ...core.i18n import _

    if job.state == DONE:
        text = _("The best routes are found: showing the score sheet.")
    elif job.state == FAILED:
        text = _("The route search failed: {error}", error=job.error or "?")
    elif job.state == RUNNING:
        text = _("Searching the best routes: {done} of {total} players done.", done=min(job.done, job.total),
                 total=job.total)
    else:
        text = _("Waiting for a free solver to search the best routes…")
    return {"state": job.state, "done": min(job.done, job.total), "total": job.total,
            "progress": round(progress(job), 3), "ready": job.state == DONE, "failed": job.state == FAILED,
            "text": text}
