"""The companion's chosen routes, kept in the database per sheet content, so a score page is searched once.

The key is a hash of everything a route search depends on (board, level, ratings, goal cards, the
sheet without its own final route, the solver's version), so any worker of any server finds a route
another one already searched, and an edited sheet never meets a stale route.
"""

from __future__ import annotations

import functools
import hashlib
import json
import threading
from collections import OrderedDict

from flask import current_app
from sqlalchemy import Column, Integer, String, Table, Text, insert, select
from sqlalchemy.exc import IntegrityError

from ....games.enroute.board import board_to_json
from ....games.enroute.evaluation import RouteChoice
from ....games.enroute.registry import find_board, shipped_board_ids
from ...core.db import _now, metadata, read, write

SOLVER_VERSION = "2"  # change when the search's choices change, so old entries are not reused

route_cache = Table(
    "enroute_route_cache", metadata,
    Column("key", String(64), primary_key=True),
    Column("walk", Text, nullable=False),
    Column("proven", Integer, nullable=False),
    Column("created", String(32), nullable=False),
)


def basis_hash(game_doc: dict) -> str:
    """Hash what every player's route search of a game shares: board, level, ratings, goal cards, solver version.

    A shipped board named by id counts by its content, so a release that changes a shipped board never meets
    routes searched on the old one."""
    board = game_doc.get("board")
    if isinstance(board, str) and board in _shipped_ids():
        board = {"shipped": board, "content": _shipped_fingerprint(board)}
    basis = {"v": SOLVER_VERSION, "board": board, "level": game_doc.get("level"),
             "ratings": game_doc.get("ratings"), "goals": game_doc.get("goals")}
    if game_doc.get("marks"):  # coordinate tracks (Rio's statue); absent keeps every older key unchanged
        basis["marks"] = game_doc["marks"]
    if game_doc.get("tours"):  # Paris's revealed tours bring remote landmarks
        basis["tours"] = game_doc["tours"]
    return hashlib.sha256(json.dumps(basis, sort_keys=True, ensure_ascii=False).encode()).hexdigest()


@functools.cache
def _shipped_ids() -> frozenset[str]:
    """The shipped boards' ids (fixed for the life of the process)."""
    return frozenset(shipped_board_ids())


@functools.lru_cache(maxsize=64)
def _shipped_fingerprint(board_id: str) -> str:
    """The content hash of a shipped board (fixed for the life of the process)."""
    doc = board_to_json(find_board(board_id))
    return hashlib.sha256(json.dumps(doc, sort_keys=True, ensure_ascii=False).encode()).hexdigest()


def route_key(game_doc: dict, sheet_doc: dict, basis: str | None = None) -> str:
    """Hash what a player's route search depends on: the game's basis and the sheet without its own final route
    (`basis` = `basis_hash(game_doc)`, computed once per game when given)."""
    sheet = {k: v for k, v in sheet_doc.items() if k != "final_route"}
    text = (basis or basis_hash(game_doc)) + json.dumps(sheet, sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


# A route is a pure function of its key, so each app server also keeps recent ones in memory (bounded, per app):
# a repeated document is answered without searching or asking the database. Losing it loses nothing.
MEMO_SIZE = 4096


def _memo() -> tuple[OrderedDict, threading.Lock]:
    """This app's in-memory routes (most recently used last) and their lock."""
    ext = current_app.extensions
    if "enroute.route_memo" not in ext:
        ext.setdefault("enroute.route_memo", (OrderedDict(), threading.Lock()))
    return ext["enroute.route_memo"]


def _memo_put(found: dict[str, RouteChoice]) -> None:
    """Keep proven routes in memory."""
    memo, lock = _memo()
    with lock:
        for key, choice in found.items():
            if choice.proven:
                memo[key] = choice
                memo.move_to_end(key)
        while len(memo) > MEMO_SIZE:
            memo.popitem(last=False)


def _memo_get(keys) -> dict[str, RouteChoice]:
    """The routes of these keys kept in memory."""
    memo, lock = _memo()
    hits = {}
    with lock:
        for key in keys:
            choice = memo.get(key)
            if choice is not None:
                memo.move_to_end(key)
                hits[key] = choice
    return hits


def remembered_routes(keys) -> dict[str, RouteChoice]:
    """The routes of these keys kept in this server's memory (no database)."""
    return _memo_get({k for k in keys if k})


def cached_routes(keys) -> dict[str, RouteChoice]:
    """The cached routes of these keys: from memory, else from the database (one query)."""
    wanted = {k for k in keys if k}
    found = _memo_get(wanted)
    wanted = sorted(wanted - set(found))
    if not wanted:
        return found
    with read() as conn:
        rows = conn.execute(select(route_cache.c.key, route_cache.c.walk, route_cache.c.proven)
                            .where(route_cache.c.key.in_(wanted))).all()
    stored = {row.key: RouteChoice([tuple(p) for p in json.loads(row.walk)], bool(row.proven)) for row in rows}
    _memo_put(stored)
    return {**found, **stored}


def remember_routes(found: dict[str, RouteChoice], memo_only: dict[str, RouteChoice] | None = None) -> None:
    """Store proven routes (one transaction; a key another worker stored meanwhile is left as it is); those of
    `memo_only` are kept in this server's memory only."""
    if memo_only:
        _memo_put(memo_only)
    proven = {k: c for k, c in found.items() if k and c.proven}  # an unproven route may improve with another search
    if not proven:
        return
    _memo_put(proven)
    rows = [{"key": k, "walk": json.dumps([list(p) for p in c.walk]), "proven": 1, "created": _now()}
            for k, c in sorted(proven.items())]
    try:
        with write() as conn:
            there = set(conn.execute(select(route_cache.c.key).where(route_cache.c.key.in_(sorted(proven))))
                        .scalars())
            rows = [r for r in rows if r["key"] not in there]
            if rows:
                conn.execute(insert(route_cache), rows)
    except IntegrityError:
        for row in rows:  # another worker stored some of them meanwhile: store the others one by one
            try:
                with write() as conn:
                    conn.execute(insert(route_cache).values(**row))
            except IntegrityError:
                pass


def cached_chooser(chooser, keys: dict[int, str], known: dict[str, RouteChoice] | None = None,
                   found: dict[str, RouteChoice] | None = None):
    """Wrap a route chooser: a sheet whose key (by the parsed sheet's identity) is in `known` (fetched
    beforehand with `cached_routes`) or was searched before is not searched again. New results go to
    `found` when given (the caller stores them once), else each proven one is stored at once."""
    def choose(ctx, sheet) -> RouteChoice:
        """Answer from what is known or the database, else search."""
        key = keys.get(id(sheet))
        if key is not None:
            hit = (found or {}).get(key)
            if hit is None:
                hit = cached_routes([key]).get(key) if known is None else known.get(key)
            if hit is not None:
                return hit
        choice = chooser(ctx, sheet)
        if key is not None:
            if found is not None:
                found[key] = choice
            else:
                remember_routes({key: choice})
        return choice

    return choose
