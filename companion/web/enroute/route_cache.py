"""The companion's chosen routes, kept in the database per sheet content, so a score page is searched once.

The key is a hash of everything a route search depends on (board, level, ratings, goal cards, the
sheet without its own final route, the solver's version), so any worker of any server finds a route
another one already searched, and an edited sheet never meets a stale route.
"""

from __future__ import annotations

import hashlib
import json

from sqlalchemy import Column, Integer, String, Table, Text, insert, select
from sqlalchemy.exc import IntegrityError

from ...games.enroute.evaluation import RouteChoice
from ..core.db import _now, metadata, read, write

SOLVER_VERSION = "1"  # change when the search's choices change, so old entries are not reused

route_cache = Table(
    "enroute_route_cache", metadata,
    Column("key", String(64), primary_key=True),
    Column("walk", Text, nullable=False),
    Column("proven", Integer, nullable=False),
    Column("created", String(32), nullable=False),
)


def route_key(game_doc: dict, sheet_doc: dict) -> str:
    """Hash what a player's route search depends on."""
    sheet = {k: v for k, v in sheet_doc.items() if k != "final_route"}
    basis = {"v": SOLVER_VERSION, "board": game_doc.get("board"), "level": game_doc.get("level"),
             "ratings": game_doc.get("ratings"), "goals": game_doc.get("goals"), "sheet": sheet}
    return hashlib.sha256(json.dumps(basis, sort_keys=True, ensure_ascii=False).encode()).hexdigest()


def cached_routes(keys) -> dict[str, RouteChoice]:
    """The cached routes of these keys (one query)."""
    wanted = sorted({k for k in keys if k})
    if not wanted:
        return {}
    with read() as conn:
        rows = conn.execute(select(route_cache.c.key, route_cache.c.walk, route_cache.c.proven)
                            .where(route_cache.c.key.in_(wanted))).all()
    return {row.key: RouteChoice([tuple(p) for p in json.loads(row.walk)], bool(row.proven)) for row in rows}


def remember_routes(found: dict[str, RouteChoice]) -> None:
    """Store proven routes (one transaction; a key another worker stored meanwhile is left as it is)."""
    proven = {k: c for k, c in found.items() if k and c.proven}  # an unproven route may improve with another search
    if not proven:
        return
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
