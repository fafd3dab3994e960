"""Rate limits per client on what flooding or guessing could abuse: starting tables, joining by code, claiming seats.

- A game marks its views: `@limits.creates_table` on its start form, `@limits.claims_seat` on "This is me";
  the core's `/join` is `@limits.joins`. Only what acts is counted (a POST; `/join` takes its code by GET).
- Flask-Limiter counts in fixed windows per client address (behind a proxy set `PROXY_HOPS`, see `security`).
  The limits are settings: `RATELIMIT_TABLES` (default "20 per hour"), `RATELIMIT_JOINS` ("30 per 10 minutes"),
  `RATELIMIT_CLAIMS` ("30 per 10 minutes"); `RATELIMIT_ENABLED=0` (setting or environment) turns them off.
- The counts live in the app's own database (table `rate_limit`, the core's migration), so every app server
  behind one address shares them; `RATELIMIT_STORAGE_URI` (e.g. `redis://host:6379`) puts them elsewhere.
- A client over a limit gets a 429 in its format (a page or JSON) saying what to do, and `Retry-After`.
"""

from __future__ import annotations

import os
import random
import time
from collections.abc import Callable
from typing import TypeVar

from flask import Flask, current_app, request
from flask_limiter import Limiter
from limits.storage import Storage
from sqlalchemy import Column, Float, Integer, String, Table, case, delete, select
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.exc import SQLAlchemyError

from ...games.core.problems import N_
from .db import metadata
from .i18n import _

rate_limit = Table(
    "rate_limit", metadata,
    Column("key", String(255), primary_key=True),
    Column("hits", Integer, nullable=False),
    Column("expires", Float, nullable=False),  # Unix time when this window's count lapses
)

_INSERTS = {"sqlite": sqlite_insert, "postgresql": postgresql_insert}  # the app's two databases: one upsert each
MARK = "companion_rate_limit"
SETTINGS = {"tables": ("RATELIMIT_TABLES", "20 per hour"), "joins": ("RATELIMIT_JOINS", "30 per 10 minutes"),
            "claims": ("RATELIMIT_CLAIMS", "30 per 10 minutes")}
MESSAGES = {
    "tables": N_("Too many tables were started from this network ({limit}). The tables already started are kept; "
                 "please wait a while before starting another."),
    "joins": N_("Too many codes were tried from this network ({limit}). Please wait a while, then type the code "
                "again, or scan the table's QR code."),
    "claims": N_("Too many seats were claimed from this network ({limit}). Please wait a while and try again."),
}

View = TypeVar("View", bound=Callable)


def _marker(kind: str, methods: tuple[str, ...]) -> Callable[[View], View]:
    """A decorator that marks a view as counted under `kind` (the limit is installed by `init_app`)."""
    def mark(view: View) -> View:
        setattr(view, MARK, (kind, methods))
        return view
    mark.__doc__ = f"Count this view's {'/'.join(methods)} requests under the {kind} limit."
    return mark


creates_table = _marker("tables", ("POST",))
joins = _marker("joins", ("GET", "POST"))
claims_seat = _marker("claims", ("POST",))


class DatabaseStorage(Storage):
    """Fixed-window counters in the app's database (`companion-db://`), shared by every app server."""

    STORAGE_SCHEME = "companion-db"  # type: ignore[assignment]

    def __init__(self, uri: str | None = None, wrap_exceptions: bool = False, engine=None, **options) -> None:
        """Keep the app's engine (given through the limiter's storage options)."""
        super().__init__(uri, wrap_exceptions=wrap_exceptions, **options)
        self.engine = engine

    @property
    def base_exceptions(self) -> type[Exception]:
        """The errors the database may raise."""
        return SQLAlchemyError

    def incr(self, key: str, expiry: float, amount: int = 1) -> int:
        """Add `amount` to the key's count (a new window when the old one lapsed); return the count.

        One statement (an upsert), so two servers counting one client at once both count."""
        now = time.time()
        lapsed = rate_limit.c.expires <= now
        with self.engine.begin() as conn:
            if random.random() < 0.01:  # now and then, forget the lapsed windows of every client
                conn.execute(delete(rate_limit).where(lapsed))
            upsert = _INSERTS[conn.dialect.name](rate_limit).values(key=key, hits=amount, expires=now + expiry)
            upsert = upsert.on_conflict_do_update(index_elements=[rate_limit.c.key], set_={
                "hits": case((lapsed, amount), else_=rate_limit.c.hits + amount),
                "expires": case((lapsed, now + expiry), else_=rate_limit.c.expires)})
            return conn.execute(upsert.returning(rate_limit.c.hits)).scalar_one()

    def get(self, key: str) -> int:
        """The key's count in its current window (0 when none)."""
        with self.engine.connect() as conn:
            hits = conn.execute(select(rate_limit.c.hits).where(rate_limit.c.key == key,
                                                                rate_limit.c.expires > time.time())).scalar()
        return hits or 0

    def get_expiry(self, key: str) -> float:
        """When the key's window lapses (Unix time; now when there is none)."""
        with self.engine.connect() as conn:
            expires = conn.execute(select(rate_limit.c.expires).where(rate_limit.c.key == key)).scalar()
        return expires if expires is not None and expires > time.time() else time.time()

    def check(self) -> bool:
        """Tell whether the database answers."""
        try:
            with self.engine.connect() as conn:
                conn.execute(select(1))
            return True
        except SQLAlchemyError:
            return False

    def reset(self) -> int | None:
        """Forget every count; return how many there were."""
        with self.engine.begin() as conn:
            return conn.execute(delete(rate_limit)).rowcount

    def clear(self, key: str) -> None:
        """Forget one key's count."""
        with self.engine.begin() as conn:
            conn.execute(delete(rate_limit).where(rate_limit.c.key == key))


def client_key() -> str:
    """The client a limit counts: its address (the proxy's client when `PROXY_HOPS` is set)."""
    return request.remote_addr or "unknown"


def _limit(kind: str) -> Callable[[], str]:
    """The configured limit of a kind, read when a request comes (so tests and settings may change it)."""
    setting, default = SETTINGS[kind]
    return lambda: current_app.config.get(setting) or default


def _message(kind: str) -> Callable[[], str]:
    """The 429's message of a kind, naming the limit."""
    setting, default = SETTINGS[kind]
    return lambda: _(MESSAGES[kind], limit=current_app.config.get(setting) or default)


def init_app(app: Flask) -> None:
    """Install the limits on every marked view (call after every blueprint is registered)."""
    env = os.environ.get("RATELIMIT_ENABLED")
    app.config.setdefault("RATELIMIT_ENABLED", env is None or env.strip().lower() not in ("0", "false", "no", "off"))
    for setting, default in SETTINGS.values():
        app.config.setdefault(setting, os.environ.get(setting) or default)
    app.config.setdefault("RATELIMIT_STORAGE_URI", os.environ.get("RATELIMIT_STORAGE_URI") or "companion-db://")
    app.config.setdefault("RATELIMIT_HEADERS_ENABLED", True)  # Retry-After on a 429
    options = {"engine": app.extensions["companion.engine"]} if app.config["RATELIMIT_STORAGE_URI"].startswith(
        "companion-db") else {}
    limiter = Limiter(key_func=client_key, storage_options=options, strategy="fixed-window",
                      key_prefix="companion")
    limiter.init_app(app)
    app.extensions["companion.limiter"] = limiter
    if not limiter.enabled:
        return
    for endpoint, view in list(app.view_functions.items()):
        marked = getattr(view, MARK, None)
        if marked is not None:
            kind, methods = marked
            app.view_functions[endpoint] = limiter.shared_limit(
                _limit(kind), scope=kind, methods=list(methods), error_message=_message(kind))(view)
