"""Who sits at a table, for every game: each seat's name and secret link token, in one table (`core_seat`).

A game keeps only what its rules need of a seat (a sheet, an entry, a version) in its own rows and reads
names and seat links here, so the name rule and the seat links live once:
- names are cleaned (`names.clean_name`) and a name that repeats another seat's, case- and
  space-insensitively, is refused (`DuplicateName`), whether the seats are made together or one by one;
- a seat's link token is a random URL-safe string (`new_token`), unique within its game; `reissue` gives a
  seat a new one (the caller logs it with `seats.reissued`, which frees the seat for the next phone);
- a game whose seat links are derived from its table (an HMAC) stores no token (`tokens=False`).
The retention purge removes a table's seats with the core's other rows (registry.purge).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, Table, and_, delete, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from .. import db
from .names import clean_name, duplicate_names
from .registry import core_seat, now

TOKEN_BYTES = 16  # 22 URL-safe characters, as every game's links had them


class DuplicateName(ValueError):
    """A name that repeats another seat's name at the same table (`index` repeats `earlier`)."""

    def __init__(self, index: int, earlier: int):
        super().__init__(f"seat {index} repeats the name of seat {earlier}")
        self.index, self.earlier = index, earlier


@dataclass(frozen=True)
class Seat:
    """One seat of a table: its number, its player's name and its link token (None when the game derives it)."""

    table_id: str
    seat: int
    name: str
    token: str | None


def new_token() -> str:
    """A fresh secret for a seat's link."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def token_ok(token: Any) -> bool:
    """Whether a value from a URL can be a seat token at all (anything else matches no seat, and is not looked up)."""
    return isinstance(token, str) and 0 < len(token) <= 64 and "\x00" not in token


def _where(game: str, table_id: str):
    return and_(core_seat.c.game == game, core_seat.c.table_id == table_id)


def _seat(row) -> Seat:
    return Seat(row["table_id"], row["seat"], row["name"], row["token"])


def add(conn: Connection, game: str, table_id: str, names: list[str], *, tokens: bool = True) -> list[Seat]:
    """Seat these players after the table's present seats, in order; refuse a repeated name (DuplicateName).

    Run it in the game's own write transaction (the one that makes the table or the joining seat), so a table
    never exists without its seats.
    """
    present = conn.execute(select(core_seat.c.seat, core_seat.c.name).where(_where(game, table_id))
                           .order_by(core_seat.c.seat)).all()
    cleaned = [clean_name(n) for n in names]
    for index, earlier in duplicate_names([name for _seat, name in present] + cleaned):
        raise DuplicateName(index - len(present), earlier - len(present))
    start = (present[-1][0] + 1) if present else 0
    stamp = now()
    made = [Seat(table_id, start + k, name, new_token() if tokens else None) for k, name in enumerate(cleaned)]
    if made:
        conn.execute(insert(core_seat), [{"game": game, "table_id": table_id, "seat": s.seat, "name": s.name,
                                          "token": s.token, "created": stamp} for s in made])
    return made


def seats(game: str, table_id: str, conn: Connection | None = None) -> list[Seat]:
    """A table's seats in seat order."""
    query = select(core_seat).where(_where(game, table_id)).order_by(core_seat.c.seat)
    if conn is not None:
        return [_seat(r) for r in conn.execute(query).mappings()]
    with db.read() as c:
        return [_seat(r) for r in c.execute(query).mappings()]


def names(game: str, table_id: str, conn: Connection | None = None) -> list[str]:
    """The players' names in seat order."""
    return [s.name for s in seats(game, table_id, conn)]


def count(game: str, table_id: str, conn: Connection) -> int:
    """How many seats a table has (inside a game's write, e.g. before a join)."""
    return conn.execute(select(func.count()).select_from(core_seat).where(_where(game, table_id))).scalar_one()


def with_seats(game: str, own: Table, *where) -> list[dict[str, Any]]:
    """A game's own per-seat rows (`own` has `table_id` and `seat`) matching `where`, in seat order, each with
    its seat's `name` and `token` from the core, in one query (a game's seat page is found by `core_seat.c.token`)."""
    query = (select(own, core_seat.c.name, core_seat.c.token)
             .outerjoin(core_seat, and_(core_seat.c.game == game, core_seat.c.table_id == own.c.table_id,
                                        core_seat.c.seat == own.c.seat))
             .where(*where).order_by(own.c.table_id, own.c.seat))
    with db.read() as conn:
        rows = conn.execute(query).mappings().all()
    return [{**r, "name": r["name"] or ""} for r in rows]


def with_seat_by_token(game: str, own: Table, token: Any) -> dict[str, Any] | None:
    """The game's own row of the seat a link token opens (with its name and token), or None."""
    if not token_ok(token):
        return None
    found = with_seats(game, own, core_seat.c.token == token)
    return found[0] if found else None


def by_token(game: str, token: Any, conn: Connection | None = None) -> Seat | None:
    """The seat a link token opens, or None (a malformed token is not looked up)."""
    if not token_ok(token):
        return None
    query = select(core_seat).where(core_seat.c.game == game, core_seat.c.token == token)
    if conn is not None:
        row = conn.execute(query).mappings().first()
    else:
        with db.read() as c:
            row = c.execute(query).mappings().first()
    return _seat(row) if row is not None else None


def reissue(conn: Connection, game: str, table_id: str, seat: int) -> str | None:
    """Give a seat a new link token (the old link stops opening it); None when there is no such seat."""
    for _attempt in range(3):
        token = new_token()
        try:
            with conn.begin_nested():
                done = conn.execute(update(core_seat).where(_where(game, table_id), core_seat.c.seat == seat)
                                    .values(token=token))
        except IntegrityError:  # the same 22 characters drawn twice: draw again
            continue
        return token if done.rowcount == 1 else None
    return None


def replace(conn: Connection, game: str, table_id: str, names: list[str]) -> list[Seat]:
    """Seat new players instead of the present ones (a setup's names changed before the game started): every
    old link dies and each seat gets a new one. Refuses a repeated name (DuplicateName) and changes nothing then."""
    with conn.begin_nested():
        conn.execute(delete(core_seat).where(_where(game, table_id)))
        return add(conn, game, table_id, names)
