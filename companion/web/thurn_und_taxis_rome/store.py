"""Persistence of Thurn und Taxis tables: the engine's whole state per table, its action log, the boards.

The seats (each player's name and secret link token) are the core's (core/tables/roster.py): the stored state
keeps no copy of the names; they are put back into it from the core's seats whenever it is read.

A table is one `taxis_table` row: the engine's state document (`thurn-und-taxis-rome-table/1`, secrets
included, never sent to a phone as it is), the base-game score entries and a version number. Each
change is one `taxis_action` row numbered by the version it made, keeping the state before it (for
undo). A change is sent with the version the phone saw; it is refused (`Conflict`) when something
that concerns it happened since: another seat's secret placement does not concern mine, a scored
route concerns everyone. The engine checks every change against the newest state, so no rule is
skipped. Boards the tables entered live in `taxis_board` and are offered to the next table.
"""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Column, ForeignKey, Integer, String, Table, Text, delete, insert, select, update
from sqlalchemy.exc import IntegrityError

from ...games.core.problems import Problem
from ...games.thurn_und_taxis_rome import Outcome, apply_action, read_table, read_track, table_to_json
from ...games.thurn_und_taxis_rome import Table as GameTable
from ..core.db import _now, metadata, read, write
from ..core.security import small_int
from ..core.tables import roster

GAME = "thurn-und-taxis-rome"

taxis_table = Table(
    "taxis_table", metadata,
    Column("id", String(64), primary_key=True),
    Column("created", String(32), nullable=False),
    Column("version", Integer, nullable=False, server_default="0"),
    Column("state", Text, nullable=False),
    Column("base", Text, nullable=False, server_default="[]"),
    Column("board_id", String(64)),
)
taxis_action = Table(
    "taxis_action", metadata,
    Column("table_id", String(64), ForeignKey("taxis_table.id", ondelete="CASCADE"), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("kind", String(32), nullable=False),
    Column("seat", Integer),
    Column("detail", String(64)),  # what else decides a conflict: the rank of a tile value
    Column("before", Text, nullable=False),  # the state (or score entries) before: server-side only, for undo
    Column("undone", Integer, nullable=False, server_default="0"),
    Column("created", String(32), nullable=False),
)
taxis_board = Table(
    "taxis_board", metadata,
    Column("id", String(64), primary_key=True),
    Column("name", Text, nullable=False),
    Column("doc", Text, nullable=False),
    Column("created", String(32), nullable=False),
)

# A seat's own actions: another seat's action of these kinds does not concern mine.
SEAT_KINDS = ("place-clergy", "return-offices", "take-bonus")
BASE_KIND = "base-scores"  # the score sheet's base-game entries (not an engine action)
UNDO_KIND = "undo"
UNDOABLE = ("score-route", "take-office", "return-offices", "end-turn", "end-game", "tile-value", "take-bonus",
            "build", "trigger-end", BASE_KIND)


class Conflict(Exception):
    """Something that concerns this change happened since the phone loaded its page."""

    def __init__(self, what: list[str]):
        """Keep the kinds of the changes in between, to tell the player what happened."""
        super().__init__(", ".join(what))
        self.what = what


class _Refused(Exception):
    """Leave a write transaction without changing anything, carrying the answer."""

    def __init__(self, answer: Any):
        """Keep what the caller returns."""
        super().__init__("refused")
        self.answer = answer


@dataclass
class Stored:
    """A table as loaded: the engine's table, the score entries, the version, the core's seats."""

    id: str
    table: GameTable
    base: list[dict]
    version: int
    seats: list[roster.Seat]
    board_id: str | None
    last: dict | None  # the newest live action (kind, seq, seat), for undo


def _valid_id(token: Any) -> bool:
    """Tell whether a text can be one of our ids (random tokens of 10 to 64 characters)."""
    return isinstance(token, str) and 8 <= len(token) <= 64


def create_table(table: GameTable, board_id: str | None) -> str:
    """Store a new table and one secret link per seat; return the table's unguessable id."""
    token = secrets.token_urlsafe(16)
    with write() as c:
        c.execute(insert(taxis_table).values(id=token, created=_now(), state=_stored_state(table),
                                             base="[]", board_id=board_id))
        roster.add(c, GAME, token, [s.player for s in table.seats])
    return token


def _stored_state(table: GameTable) -> str:
    """The engine's state as stored: without the players' names (the core's seats hold them)."""
    doc = table_to_json(table)
    doc["seats"] = [{k: v for k, v in seat.items() if k != "player"} for seat in doc["seats"]]
    return json.dumps(doc)


def _read_state(text: str, names: list[str]) -> GameTable:
    """Read a stored state back through the engine, each seat's name from the core's seats (it was written by
    the engine, so it reads)."""
    doc = json.loads(text)
    doc["seats"] = [{"player": names[k] if k < len(names) else "", **seat} for k, seat in enumerate(doc["seats"])]
    table, problems = read_table(doc)
    if table is None:  # pragma: no cover - only a hand-edited database gets here
        raise ValueError("stored table is not a state the rules can reach: " + "; ".join(p.message for p in problems))
    return table


def load(token: str) -> Stored | None:
    """Load a table or None."""
    if not _valid_id(token):
        return None
    with read() as c:
        row = c.execute(select(taxis_table).where(taxis_table.c.id == token)).mappings().first()
        if row is None:
            return None
        seats = roster.seats(GAME, token, c)
        last = c.execute(select(taxis_action.c.kind, taxis_action.c.seq, taxis_action.c.seat)
                         .where(taxis_action.c.table_id == token, taxis_action.c.undone == 0,
                                taxis_action.c.kind != UNDO_KIND)
                         .order_by(taxis_action.c.seq.desc()).limit(1)).mappings().first()
    base = json.loads(row["base"])
    state = _read_state(row["state"], [s.name for s in seats])
    return Stored(token, state, base if isinstance(base, list) else [], row["version"], seats,
                  row["board_id"], dict(last) if last is not None else None)


def version_of(token: str) -> int | None:
    """Return a table's version (what the table screen polls), or None."""
    if not _valid_id(token):
        return None
    with read() as c:
        return c.execute(select(taxis_table.c.version).where(taxis_table.c.id == token)).scalar_one_or_none()


# ---- seats ---------------------------------------------------------------------------------------

def seat_by_token(seat_token: str) -> tuple[str, int] | None:
    """Return (table id, seat) for a seat's secret link (who holds the seat is the core's: `core.tables.seats`)."""
    if not _valid_id(seat_token):
        return None
    found = roster.by_token(GAME, seat_token)
    return (found.table_id, found.seat) if found is not None else None


def seat_tokens(token: str) -> list[str]:
    """Every seat's secret link token of a table, in seat order (for the contract driver and tests)."""
    return [s.token or "" for s in roster.seats(GAME, token)]


def reissue_seat(token: str, seat: int) -> str | None:
    """Give a seat a new secret link (the old one stops working); return it, or None when there is no such seat.

    Who holds the seat afterwards is the core's claim policy (`seats.reissued` frees it for the host's new
    link; a player renewing their own link keeps it).
    """
    if small_int(seat) is None:
        return None
    with write() as c:
        return roster.reissue(c, GAME, token, seat)


def delete_table(conn, token: str) -> None:
    """Remove a table's rows (the retention purge; `TableSpec.delete`): actions, seats, the table, its code."""
    from ..core.db import table_code

    conn.execute(delete(taxis_action).where(taxis_action.c.table_id == token))
    conn.execute(delete(taxis_table).where(taxis_table.c.id == token))
    conn.execute(delete(table_code).where(table_code.c.path == f"/taxis/{token}"))


# ---- changes -------------------------------------------------------------------------------------

def _is_base(kind: str, detail: str | None) -> bool:
    """Tell whether a change is about the score sheet's entries (saving them, or undoing a save)."""
    return kind == BASE_KIND or (kind == UNDO_KIND and detail == BASE_KIND)


def _concerns(kind: str, seat: int | None, detail: str | None, row: dict) -> bool:
    """Tell whether an earlier change (`row`) concerns a new change of `kind` by `seat`."""
    if kind == UNDO_KIND:
        return True  # an undo takes back what the page showed as the last change, so nothing may come between
    if _is_base(kind, detail) != _is_base(row["kind"], row["detail"]):
        return False  # score entries and the game's state are stored apart
    if row["kind"] in SEAT_KINDS and kind in SEAT_KINDS and row["seat"] != seat:
        return False  # two seats' own choices never overwrite each other; the engine checks the order
    if "tile-value" in (row["kind"], kind):
        return row["kind"] == kind and row["detail"] == detail  # a tile's points concern only that rank
    return True


def _claim_version(c, token: str, base_version: Any, kind: str, seat: int | None, detail: str | None) -> dict | None:
    """Take the next version of a table inside the transaction, or raise `Conflict`; None when there is no table.

    The version bump comes first, so the transaction holds the table's write lock before it reads
    anything: two phones acting at once take turns, and the second sees what the first changed.
    """
    base = small_int(base_version)
    if base is None:
        raise Conflict(["unknown"])
    bumped = c.execute(update(taxis_table).where(taxis_table.c.id == token)
                       .values(version=taxis_table.c.version + 1))
    if bumped.rowcount != 1:
        return None
    row = c.execute(select(taxis_table).where(taxis_table.c.id == token)).mappings().one()
    current = row["version"] - 1
    if base > current:
        raise Conflict(["unknown"])
    if base < current:
        rows = c.execute(select(taxis_action.c.kind, taxis_action.c.seat, taxis_action.c.detail)
                         .where(taxis_action.c.table_id == token, taxis_action.c.seq > base)).mappings().all()
        found = [r["kind"] for r in rows if _concerns(kind, seat, detail, dict(r))]
        if found:
            raise Conflict(found)
    return dict(row)


def _log(c, token: str, seq: int, kind: str, seat: int | None, detail: str | None, before: str) -> None:
    """Append one change to the table's action log."""
    c.execute(insert(taxis_action).values(table_id=token, seq=seq, kind=kind, seat=seat, detail=detail,
                                          before=before, created=_now()))


def record(token: str, base_version: Any, action: dict) -> Outcome | None:
    """Apply an engine action to the newest state and store it; None when there is no such table.

    Returns the engine's outcome (refused: nothing stored). Raises `Conflict` when a change that
    concerns this one happened after `base_version`.
    """
    kind = str(action.get("action"))[:32]
    seat = action.get("seat") if isinstance(action.get("seat"), int) else None
    detail = str(action.get("rank"))[:64] if kind == "tile-value" else None
    try:
        with write() as c:
            row = _claim_version(c, token, base_version, kind, seat, detail)
            if row is None:
                return None
            outcome = apply_action(_read_state(row["state"], roster.names(GAME, token, c)), action)
            if not outcome.ok:
                raise _Refused(outcome)
            c.execute(update(taxis_table).where(taxis_table.c.id == token).values(state=_stored_state(outcome.table)))
            _log(c, token, row["version"], kind, seat, detail, row["state"])
            return outcome
    except _Refused as refused:
        return refused.answer
    except IntegrityError as exc:  # the same sequence number taken at the same moment: someone else won
        raise Conflict(["unknown"]) from exc


def save_base(token: str, base_version: Any, base: list[dict]) -> bool:
    """Store the score sheet's base-game entries; False when there is no such table. Raises `Conflict`."""
    try:
        with write() as c:
            row = _claim_version(c, token, base_version, BASE_KIND, None, None)
            if row is None:
                return False
            c.execute(update(taxis_table).where(taxis_table.c.id == token).values(base=json.dumps(base)))
            _log(c, token, row["version"], BASE_KIND, None, None, row["base"])
            return True
    except IntegrityError as exc:
        raise Conflict(["unknown"]) from exc


def undo(token: str, base_version: Any, seq: Any) -> str | None:
    """Take back the newest change (the one numbered `seq`); return its kind, or None when it cannot be undone.

    Only shared changes are undone (a seat's secret placement is changed on that seat's page).
    Raises `Conflict` when anything happened since the page was loaded.
    """
    wanted = small_int(seq)
    if wanted is None:
        return None
    try:
        with write() as c:
            row = _claim_version(c, token, base_version, UNDO_KIND, None, None)
            if row is None:
                raise _Refused(None)
            last = c.execute(select(taxis_action).where(taxis_action.c.table_id == token,
                                                        taxis_action.c.undone == 0,
                                                        taxis_action.c.kind != UNDO_KIND)
                             .order_by(taxis_action.c.seq.desc()).limit(1)).mappings().first()
            if last is None or last["seq"] != wanted or last["kind"] not in UNDOABLE:
                raise _Refused(None)
            column = "base" if last["kind"] == BASE_KIND else "state"
            c.execute(update(taxis_table).where(taxis_table.c.id == token).values({column: last["before"]}))
            c.execute(update(taxis_action).where(taxis_action.c.table_id == token, taxis_action.c.seq == wanted)
                      .values(undone=row["version"]))
            _log(c, token, row["version"], UNDO_KIND, None, last["kind"], row[column])
            return last["kind"]
    except _Refused as refused:
        return refused.answer
    except IntegrityError as exc:
        raise Conflict(["unknown"]) from exc


# ---- boards --------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Board:
    """A Road-to-Rome board a table entered: its id, name and checked document."""

    id: str
    name: str
    doc: dict
    created: str


def save_board(name: str, doc: dict) -> str:
    """Remember a checked board for later tables; return its id."""
    board_id = secrets.token_urlsafe(8)
    with write() as c:
        c.execute(insert(taxis_board).values(id=board_id, name=name[:200], doc=json.dumps(doc), created=_now()))
    return board_id


def boards() -> list[Board]:
    """Return the remembered boards, newest first."""
    with read() as c:
        rows = c.execute(select(taxis_board).order_by(taxis_board.c.created.desc(), taxis_board.c.id)).mappings()
        return [Board(r["id"], r["name"], json.loads(r["doc"]), r["created"]) for r in rows]


def board(board_id: Any) -> Board | None:
    """Return one remembered board, or None."""
    if not _valid_id(board_id):
        return None
    with read() as c:
        r = c.execute(select(taxis_board).where(taxis_board.c.id == board_id)).mappings().first()
    return Board(r["id"], r["name"], json.loads(r["doc"]), r["created"]) if r is not None else None


def check_board_doc(doc: Any) -> list[Problem]:
    """Return the engine's problems of a board document (errors mean it cannot be remembered)."""
    return read_track(doc)[1]
