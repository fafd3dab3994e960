"""Who hosts a table and which phone holds each seat: one claim policy for every game, and the table's log.

A phone is known by a random key in an HttpOnly cookie (`companion_device`); only its hash is stored.

The policy, the same in every game:
- The phone that starts a table is its host (`make_host`).
- A free seat is taken by the first phone that claims it, from the table link or from the seat's link.
- A seat held by another phone moves only
  - when the seat's own secret link is opened (`claim(..., by_link=True)`: whoever has the link has the
    seat), logged as "moved by its link", or
  - when the host frees it ("Move to another phone", `free_by_host`) or gives it a new link
    (`reissued`), logged and shown on the shared screen to the whole table.
- From the table link a held seat is refused (`claim(..., by_link=False)` answers "held"): no one takes
  over a seat by tapping "This is me".

The host role moves the same way, with the host's approval shown to the table: the host offers it
(`offer_host`), the next other phone to take it (`take_host`) becomes host, and until then the host may
withdraw the offer (`keep_host`). Each step is a line in the table's log.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable
from dataclasses import dataclass

from flask import abort, current_app, flash, g, request
from sqlalchemy import and_, delete, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from ....games.core.problems import N_
from .. import db
from ..i18n import _
from .registry import core_seat_hold, core_table, core_table_event, now, register, touch

DEVICE_COOKIE = "companion_device"
DEVICE_MAX_AGE = 400 * 24 * 3600

# Log kinds and the sentence each shows on the shared screen (source texts; translated where shown).
EVENT_TEXTS = {
    "claimed": N_("{name} took their seat on a phone."),
    "moved-by-link": N_("{name}'s seat moved to another phone with its own link."),
    "freed-by-host": N_("The host freed {name}'s seat: the next phone to tap \"This is me\" holds it."),
    "reissued": N_("The host made a new link for {name}; the old link no longer opens the seat."),
    "renewed": N_("{name} gave their own page a new link; the old link no longer opens the seat."),
    "host-offered": N_("The host offered to hand over hosting: the next phone to tap \"Take over as host\" runs "
                       "the table."),
    "host-kept": N_("The host withdrew the offer and still hosts the table."),
    "host-taken": N_("{name}'s phone took over as host; the phone that hosted before no longer does."),
    "host-taken-seatless": N_("A phone without a seat took over as host; the phone that hosted before no longer "
                              "does."),
}
HOST_KINDS = ("host-offered", "host-kept", "host-taken", "host-taken-seatless")


def event_text(event: dict) -> str:
    """A log line in the page's language."""
    template = EVENT_TEXTS.get(event.get("kind"))
    return _(str(template), name=event.get("name") or "?") if template else ""


def _hash(key: str) -> str:
    """What the database keeps of a phone's key."""
    return hashlib.sha256(key.encode("ascii", "replace")).hexdigest()


def _device_key() -> str:
    """This phone's key: from its cookie, else a new one set on the response."""
    key = g.get("companion_device")
    if key:
        return key
    key = request.cookies.get(DEVICE_COOKIE, "")
    if not (isinstance(key, str) and len(key) == 43 and key.replace("-", "").replace("_", "").isalnum()):
        key = secrets.token_urlsafe(32)
        g.companion_device_new = True
    g.companion_device = key
    return key


def device() -> str:
    """The stored form (hash) of this phone's key."""
    return _hash(_device_key())


def set_device_cookie(response):
    """After a request that made this phone a key: keep it in an HttpOnly cookie."""
    if g.pop("companion_device_new", False) and g.get("companion_device"):
        response.set_cookie(DEVICE_COOKIE, g.companion_device, max_age=DEVICE_MAX_AGE, httponly=True,
                            samesite="Lax", secure=bool(current_app.config.get("SESSION_COOKIE_SECURE")))
    return response


def _where(table, game: str, table_id: str):
    return and_(table.c.game == game, table.c.table_id == table_id)


def log(conn, game: str, table_id: str, kind: str, seat: int | None = None, name: str = "") -> None:
    """Add a line to the table's log (shown on the shared screen)."""
    conn.execute(insert(core_table_event).values(game=game, table_id=table_id, kind=kind, seat=seat,
                                                 name=name or "", created=now()))


def make_host(game: str, table_id: str) -> None:
    """Make this phone the host of a new table (and register the table)."""
    register(game, table_id)
    with db.write() as conn:
        conn.execute(update(core_table).where(_where(core_table, game, table_id)).values(host=device()))


def _host(game: str, table_id: str) -> str | None:
    """The device key of the table's recorded host (None or empty: none recorded)."""
    with db.read() as conn:
        return conn.execute(select(core_table.c.host).where(_where(core_table, game, table_id))).scalar()


def is_host(game: str, table_id: str) -> bool:
    """Whether this phone is the table's host (a table without a recorded host has none)."""
    host = _host(game, table_id)
    return bool(host) and secrets.compare_digest(host, device())


def runs_table(game: str, table_id: str) -> bool:
    """Whether this phone runs the table: its host, or on a table without a recorded host (started before tables
    had one) any phone holding a seat, so that such a table is never left without anyone to run it (a game
    declares it as its `HostActions.is_host`)."""
    host = _host(game, table_id)
    if host:
        return secrets.compare_digest(host, device())
    return bool(my_seats(game, table_id))


def host_offered(game: str, table_id: str, conn=None) -> bool:
    """Whether the host has offered the host role and no phone has taken it (nor the host withdrawn it) since."""
    query = (select(core_table_event.c.kind).where(_where(core_table_event, game, table_id),
                                                   core_table_event.c.kind.in_(HOST_KINDS))
             .order_by(core_table_event.c.id.desc()).limit(1))
    if conn is not None:
        return conn.execute(query).scalar() == "host-offered"
    with db.read() as c:
        return c.execute(query).scalar() == "host-offered"


def offer_host(game: str, table_id: str) -> None:
    """The host offers the host role to the next other phone (the caller checked `is_host`); logged."""
    with db.write() as conn:
        if not host_offered(game, table_id, conn):
            log(conn, game, table_id, "host-offered")
            touch(game, table_id, conn)


def keep_host(game: str, table_id: str) -> None:
    """The host withdraws an offer that no phone took yet (the caller checked `is_host`); logged."""
    with db.write() as conn:
        if host_offered(game, table_id, conn):
            log(conn, game, table_id, "host-kept")
            touch(game, table_id, conn)


def take_host(game: str, table_id: str, name: str = "") -> bool:
    """This phone takes the host role the host offered; `name` is the seat it holds ("" for none). Logged.

    False when nothing is offered, or another phone took it first (the update names the host it replaces).
    """
    me = device()
    where = _where(core_table, game, table_id)
    with db.write() as conn:
        if not host_offered(game, table_id, conn):
            return False
        before = conn.execute(select(core_table.c.host).where(where)).scalar()
        if before is not None and secrets.compare_digest(before, me):
            return False
        same = core_table.c.host.is_(None) if before is None else core_table.c.host == before
        if conn.execute(update(core_table).where(where, same).values(host=me)).rowcount != 1:
            return False
        log(conn, game, table_id, "host-taken" if name else "host-taken-seatless", None, name)
        touch(game, table_id, conn)
    return True


@dataclass(frozen=True)
class Claim:
    """What a claim did: `taken` (it was free), `same` (this phone holds it), `moved` (by its link), `held`."""

    outcome: str

    @property
    def ok(self) -> bool:
        """Whether this phone holds the seat now."""
        return self.outcome != "held"


def holder(game: str, table_id: str, seat: int) -> str | None:
    """The hash of the phone that holds a seat, or None when it is free."""
    with db.read() as conn:
        return conn.execute(select(core_seat_hold.c.holder).where(
            _where(core_seat_hold, game, table_id), core_seat_hold.c.seat == seat)).scalar()


def held_seats(game: str, table_id: str) -> dict[int, bool]:
    """Each held seat, and whether it is this phone that holds it."""
    me = device()
    with db.read() as conn:
        rows = conn.execute(select(core_seat_hold.c.seat, core_seat_hold.c.holder).where(
            _where(core_seat_hold, game, table_id))).all()
    return {seat: secrets.compare_digest(h, me) for seat, h in rows}


def my_seats(game: str, table_id: str) -> list[int]:
    """The seats this phone holds at a table."""
    return sorted(s for s, mine in held_seats(game, table_id).items() if mine)


def claim(game: str, table_id: str, seat: int, name: str = "", *, by_link: bool) -> Claim:
    """Let this phone take a seat under the policy above; log what moved."""
    me = device()
    where = and_(_where(core_seat_hold, game, table_id), core_seat_hold.c.seat == seat)
    with db.write() as conn:
        current = conn.execute(select(core_seat_hold.c.holder).where(where)).scalar()
        if current is not None and secrets.compare_digest(current, me):
            return Claim("same")
        if current is None:
            try:
                with conn.begin_nested():
                    conn.execute(insert(core_seat_hold).values(game=game, table_id=table_id, seat=seat,
                                                               holder=me, since=now()))
            except IntegrityError:  # another phone took it this instant
                return claim(game, table_id, seat, name, by_link=by_link) if by_link else Claim("held")
            log(conn, game, table_id, "claimed", seat, name)
            touch(game, table_id, conn)
            return Claim("taken")
        if not by_link:
            return Claim("held")
        conn.execute(update(core_seat_hold).where(where).values(holder=me, since=now()))
        log(conn, game, table_id, "moved-by-link", seat, name)
        touch(game, table_id, conn)
        return Claim("moved")


def free_by_host(game: str, table_id: str, seat: int, name: str = "") -> None:
    """The host frees a held seat for another phone (logged on the shared screen)."""
    with db.write() as conn:
        conn.execute(delete(core_seat_hold).where(_where(core_seat_hold, game, table_id),
                                                  core_seat_hold.c.seat == seat))
        log(conn, game, table_id, "freed-by-host", seat, name)
        touch(game, table_id, conn)


def reissued(game: str, table_id: str, seat: int, name: str = "", conn=None) -> None:
    """A seat got a new secret link (the old one is dead): it is free for the next phone, and the table sees it."""
    def run(c):
        c.execute(delete(core_seat_hold).where(_where(core_seat_hold, game, table_id),
                                               core_seat_hold.c.seat == seat))
        log(c, game, table_id, "reissued", seat, name)
        touch(game, table_id, c)

    if conn is not None:
        run(conn)
    else:
        with db.write() as c:
            run(c)


def renewed(game: str, table_id: str, seat: int, name: str = "") -> None:
    """The seat's own phone gave its page a new link: the seat stays on that phone, and the table sees it."""
    with db.write() as conn:
        log(conn, game, table_id, "renewed", seat, name)
        touch(game, table_id, conn)


def renew_own_link(game: str, table_id: str, seat: int, name: str, reissue: Callable[[str, int], str | None]) -> str:
    """A player renews their own page's link (say others saw it): `reissue(table_id, seat)` makes the new token
    (None: no such seat, 404); the seat stays on this phone, the table's log says so, the page tells the player.
    Returns the new token."""
    fresh = reissue(table_id, seat)
    if fresh is None:
        abort(404, description=_("There is no such seat."))
    renewed(game, table_id, seat, name)
    flash(_("Your page has a new link; the old one no longer works. Keep this one to yourself."), "ok")
    return fresh


def events(game: str, table_id: str, limit: int = 20) -> list[dict]:
    """The table's log, newest first (kind, seat, name, created)."""
    with db.read() as conn:
        rows = conn.execute(select(core_table_event).where(_where(core_table_event, game, table_id))
                            .order_by(core_table_event.c.id.desc()).limit(limit)).mappings().all()
    return [dict(r) for r in rows]


def event_count(game: str, table_id: str):
    """This table's number of log lines as a scalar subquery, for a game's mark query to select in one go."""
    return (select(func.count()).select_from(core_table_event)
            .where(_where(core_table_event, game, table_id)).scalar_subquery())


def event_mark_of(count: int | None) -> str:
    """The log's part of a change mark, from the count `event_count` selected."""
    return f"e{count or 0}"


def event_mark(game: str, table_id: str, conn=None) -> str:
    """A short mark that changes with every log line (a game folds it into its change mark).

    It counts this table's lines: the log's ids are shared by every table, so the newest id would differ
    between two tables that saw the same things (and would tell a phone how busy other tables are).
    A caller already reading the game's rows passes its connection (one connection a poll).
    """
    query = select(event_count(game, table_id))
    if conn is not None:
        return event_mark_of(conn.execute(query).scalar())
    with db.read() as c:
        return event_mark_of(c.execute(query).scalar())
