"""The seats this phone holds: their secret tokens live only in this phone's cookie, never on a shared page."""

from __future__ import annotations

import json

from flask import Response, request

from ..core.security import loads

COOKIE = "welcome_to_seats"
MAX_KEPT = 24  # [table id, seat token] pairs; about 1.2 kB, well inside a cookie


def held_seats() -> list[tuple[str, str]]:
    """The (table id, seat token) pairs this phone joined, newest first; junk in the cookie is ignored."""
    value, problem = loads(request.cookies.get(COOKIE, "[]"))
    if problem is not None or not isinstance(value, list):
        return []
    pairs = []
    for item in value[:MAX_KEPT]:
        if (isinstance(item, list) and len(item) == 2 and all(isinstance(x, str) and 0 < len(x) <= 64
                                                                 for x in item)):
            pairs.append((item[0], item[1]))
    return pairs


def tokens_for(table_id: str) -> set[str]:
    """The seat tokens this phone holds at one table."""
    return {token for table, token in held_seats() if table == table_id}


def remember_seats(response: Response, table_id: str, tokens: list[str]) -> Response:
    """Keep seats on this phone so the table page can lead back to them."""
    kept = [[table_id, t] for t in tokens]
    kept += [[table, t] for table, t in held_seats() if t not in tokens]
    response.set_cookie(COOKIE, json.dumps(kept[:MAX_KEPT]), max_age=180 * 24 * 3600, samesite="Lax",
                        httponly=True)
    return response
