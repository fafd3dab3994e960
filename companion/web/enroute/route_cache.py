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
    if game_doc.get("marks"):  # coordinate tracks (Rio's statue); absent keeps every older key unchanged
        basis["marks"] = game_doc["marks"]
    return hashlib.sha256(json.dumps(basis, sort_keys=True, ensure_ascii=False).encode()).hexdigest()


def cached_chooser(chooser, keys: dict[int, str]):
    """Wrap a route chooser: a sheet whose key (by the parsed sheet's identity) was searched before is not
    searched again; a proven new result is stored for every later view."""

    def choose(ctx, sheet) -> RouteChoice:
        """Answer from the database, else search and remember a proven answer."""
        key = keys.get(id(sheet))
        if key is not None:
            with read() as conn:
                row = conn.execute(select(route_cache).where(route_cache.c.key == key)).mappings().first()
            if row is not None:
                return RouteChoice([tuple(p) for p in json.loads(row["walk"])], bool(row["proven"]))
        choice = chooser(ctx, sheet)
        if key is not None and choice.proven:  # an unproven route may improve with another search
            try:
                with write() as conn:
                    conn.execute(insert(route_cache).values(key=key, walk=json.dumps([list(p) for p in choice.walk]),
                                                            proven=1, created=_now()))
            except IntegrityError:
                pass  # another worker stored the same answer meanwhile
        return choice

    return choose
