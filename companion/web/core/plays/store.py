"""Plays and groups in the database: a finished table's final score sheet kept as a play, and the groups
(the people who play together) that keep them.

- A game's `TableSpec.final_sheet(table_id)` gives the play document of a finished table (None when the
  table is not final). `capture` stores it; `sweep` captures every finished table not yet kept (pages that
  show plays call it first), so a play is kept whichever way a game finished its table.
- A play belongs to one group, or to none yet (`group_id` ""). Linking a table to a group moves its play.
- A table marked "don't keep" (`play_table.keep` 0) is never captured, and its play is deleted.
- Plays are their own rows: the table's purge (`flask tables-purge`) never touches them.
- Player names are matched within a group by `names.name_key`; `play_alias` maps a name's key to the name it
  is shown and counted as (rename and merge are one operation).
"""

from __future__ import annotations

import functools
import hashlib
import json
import secrets
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

from sqlalchemy import Column, Integer, MetaData, String, Table, Text, and_, delete, func, insert, or_, select, update

from .. import db
from ..tables import registry
from ..tables.names import clean_name, name_key
from .formats import FORMAT, PICTURE_MAX

metadata = MetaData()

play_group = Table(
    "play_group", metadata,
    Column("id", String(64), primary_key=True),
    Column("name", Text, nullable=False),
    Column("created", String(32), nullable=False),
    Column("changed", String(64)),  # moves on every change of its plays or names (live pages follow it)
)

play = Table(
    "play", metadata,
    Column("group_id", String(64), primary_key=True),  # "" while no group keeps it
    Column("uid", String(64), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("table_id", String(64)),
    Column("played", String(32), nullable=False),
    Column("doc", Text, nullable=False),
    Column("pictures", Text),  # JSON list in seat order: each player's route picture (SVG text) or null
    Column("summary", Text),  # the doc without score rows (`summary_of`); None for a play kept before it
)

play_table = Table(
    "play_table", metadata,
    Column("game", String(64), primary_key=True),
    Column("table_id", String(64), primary_key=True),
    Column("group_id", String(64)),
    Column("keep", Integer, nullable=False, server_default="1"),
    Column("captured", String(32)),
)

play_alias = Table(
    "play_alias", metadata,
    Column("group_id", String(64), primary_key=True),
    Column("key", String(255), primary_key=True),
    Column("name", Text, nullable=False),
)

SWEEP_MAX = 20  # finished tables captured per sweep (a page's cost stays bounded; the rest come next time)
RETRY_AFTER = timedelta(minutes=5)  # a finished table without a final sheet yet is asked again after this


def now() -> str:
    """The current UTC time as ISO text (seconds)."""
    return datetime.now(UTC).isoformat(timespec="seconds")


def _final_sheets() -> dict[str, Callable[[str], dict | None]]:
    """Each installed game's `final_sheet` hook, by game id (games without one are left out)."""
    from ..plugins import game_webs

    return {w.game_id: w.tables.final_sheet for w in game_webs()
            if w.tables is not None and getattr(w.tables, "final_sheet", None) is not None}


def _picture_hooks() -> dict[str, Callable[[str], list | None]]:
    """Each installed game's `route_pictures` hook, by game id (games without routes are left out)."""
    from ..plugins import game_webs

    return {w.game_id: w.tables.route_pictures for w in game_webs()
            if w.tables is not None and getattr(w.tables, "route_pictures", None) is not None}


def _pictures_text(pictures: list | None, players: int) -> str | None:
    """The pictures column for a play of `players` players (None when there is no picture at all)."""
    if not pictures or not any(pictures):
        return None
    return json.dumps([(p if isinstance(p, str) and len(p) <= PICTURE_MAX else None) for p in pictures[:players]]
                      + [None] * max(0, players - len(pictures)))


def _draw(drawer: Callable[[str], list | None], table_id: str) -> list | None:
    """A game's route pictures of a table; a drawer's failure costs the pictures, never the play."""
    from flask import current_app

    try:
        return drawer(table_id)
    except Exception:
        current_app.logger.exception("route pictures of %s failed", table_id)
        return None


def games_keeping() -> set[str]:
    """The ids of the games whose finished tables can be kept as plays."""
    return set(_final_sheets())


def _changed(conn, group_id: str) -> None:
    """Note that a group's plays or names changed (a fresh random value: two changes in one second differ)."""
    if group_id:
        conn.execute(update(play_group).where(play_group.c.id == group_id).values(changed=secrets.token_hex(8)))


def play_uid(game: str, table_id: str) -> str:
    """A play's identity from its table: the same table always gives the same id (imports never duplicate)."""
    return hashlib.sha256(f"{game}:{table_id}".encode()).hexdigest()[:32]


def table_choice(game: str, table_id: str) -> dict | None:
    """A table's keep/group row, or None."""
    with db.read() as conn:
        row = conn.execute(select(play_table).where(play_table.c.game == game,
                                                    play_table.c.table_id == table_id)).mappings().first()
    return dict(row) if row else None


def _set_choice(conn, game: str, table_id: str, **values) -> None:
    """Update (or make) a table's keep/group row."""
    where = and_(play_table.c.game == game, play_table.c.table_id == table_id)
    if conn.execute(update(play_table).where(where).values(**values)).rowcount == 0:
        conn.execute(insert(play_table).values(game=game, table_id=table_id, **values))


def capture(game: str, table_id: str) -> bool:
    """Keep a finished table's final sheet as a play (again: the play is replaced). True when one is kept."""
    hook = _final_sheets().get(game)
    choice = table_choice(game, table_id) or {}
    if hook is None or choice.get("keep", 1) == 0:
        return False
    sheet = hook(table_id)
    drawer = _picture_hooks().get(game) if sheet is not None else None  # drawn before the write: no lock held
    pictures = _pictures_text(_draw(drawer, table_id), len(sheet.get("players", []))) if drawer else None
    stamp = now()
    core = registry.get(game, table_id) or {}
    with db.write() as conn:
        _set_choice(conn, game, table_id, captured=stamp)
        if sheet is None:
            return False
        group = choice.get("group_id") or ""
        uid = play_uid(game, table_id)
        doc = {"id": uid, "game": game, "date": (core.get("finished") or stamp)[:10], **sheet}
        moved = conn.execute(select(play.c.group_id).where(play.c.uid == uid, play.c.table_id == table_id)).scalars()
        for old in set(moved) | {group}:
            _changed(conn, old)
        conn.execute(delete(play).where(play.c.uid == uid, or_(play.c.table_id == table_id, play.c.group_id == group)))
        conn.execute(insert(play).values(group_id=group, uid=uid, game=game, table_id=table_id,
                                         played=doc["date"], **_texts(doc),
                                         pictures=pictures))
    return True


def sweep(limit: int = SWEEP_MAX) -> int:
    """Capture finished tables not kept yet (or finished again since); return how many were looked at.

    Tables never tried come first; a table whose game had no final sheet yet (e.g. a route search still
    running) is tried again after `RETRY_AFTER`, oldest try first, so no table starves another."""
    games = list(_final_sheets())
    if not games:
        return 0
    core = registry.core_table
    kept = select(play.c.uid).where(play.c.game == core.c.game, play.c.table_id == core.c.table_id).exists()
    retry = (datetime.now(UTC) - RETRY_AFTER).isoformat(timespec="seconds")
    joined = core.outerjoin(play_table, and_(play_table.c.game == core.c.game,
                                             play_table.c.table_id == core.c.table_id))
    query = (select(core.c.game, core.c.table_id).select_from(joined)
             .where(core.c.finished.is_not(None), core.c.game.in_(games),
                    or_(play_table.c.game.is_(None),
                        and_(play_table.c.keep == 1,
                             or_(play_table.c.captured.is_(None), play_table.c.captured < core.c.finished,
                                 and_(play_table.c.captured < retry, ~kept)))))
             .order_by(play_table.c.captured.is_not(None), play_table.c.captured).limit(limit))
    with db.read() as conn:
        due = conn.execute(query).all()
    for game, table_id in due:
        capture(game, table_id)
    return len(due)


def is_kept(game: str, table_id: str, group_id: str) -> bool:
    """True when the table's play is kept in this group."""
    with db.read() as conn:
        return conn.execute(select(play.c.uid).where(play.c.group_id == group_id, play.c.game == game,
                                                     play.c.table_id == table_id)).first() is not None


def set_keep(game: str, table_id: str, keep: bool) -> None:
    """Mark a table "keep" or "don't keep" (its play, if kept, is deleted; keeping again captures it)."""
    with db.write() as conn:
        _set_choice(conn, game, table_id, keep=int(keep), captured=None)
        if not keep:
            gone = conn.execute(select(play.c.group_id).where(play.c.game == game, play.c.table_id == table_id))
            for group_id in set(gone.scalars()):
                _changed(conn, group_id)
            conn.execute(delete(play).where(play.c.game == game, play.c.table_id == table_id))
    if keep:
        capture(game, table_id)


def link(game: str, table_id: str, group_id: str) -> bool:
    """Keep a table's play in a group (moved from wherever it was); True when the table has a final play."""
    with db.write() as conn:
        _set_choice(conn, game, table_id, group_id=group_id, keep=1, captured=None)
    return capture(game, table_id)


# ---- groups ----------------------------------------------------------------------------------------

def new_group_id() -> str:
    """A group's link id: 128 random bits."""
    return secrets.token_urlsafe(16)


def create_group(name: str, path_of: Callable[[str], str]) -> tuple[str, str]:
    """Make a group; return its id and join code (`path_of(id)` is the page the code leads to)."""
    group_id = new_group_id()
    with db.write() as conn:
        conn.execute(insert(play_group).values(id=group_id, name=name, created=now()))
    code = db.new_table_code("plays", path_of(group_id), name)
    return group_id, code


def get_group(group_id: str) -> dict | None:
    """A group's row, or None."""
    if not isinstance(group_id, str) or not 0 < len(group_id) <= 64:
        return None
    with db.read() as conn:
        row = conn.execute(select(play_group).where(play_group.c.id == group_id)).mappings().first()
    return dict(row) if row else None


def group_mark(group: dict) -> str:
    """A group's change mark for its live pages: its name and its last change."""
    from ..tables.live import mark_of

    return mark_of(group["name"], group.get("changed") or "")


def groups(ids: list[str]) -> list[dict]:
    """The groups among these ids that exist, in the given order."""
    if not ids:
        return []
    with db.read() as conn:
        rows = {r["id"]: dict(r) for r in conn.execute(select(play_group).where(play_group.c.id.in_(ids))).mappings()}
    return [rows[i] for i in ids if i in rows]


def delete_group(group_id: str, path: str) -> None:
    """Delete a group, its plays, its name matching and its join code (its tables are no longer linked)."""
    with db.write() as conn:
        conn.execute(delete(play).where(play.c.group_id == group_id))
        conn.execute(delete(play_alias).where(play_alias.c.group_id == group_id))
        conn.execute(update(play_table).where(play_table.c.group_id == group_id).values(group_id=None, keep=0))
        conn.execute(delete(db.table_code).where(db.table_code.c.path == path))
        conn.execute(delete(play_group).where(play_group.c.id == group_id))


SUMMARY_KEYS = ("id", "game", "date", "variant", "tie_break")


def summary_of(doc: dict) -> dict:
    """A play without its score rows: what the group and game pages show and count (each player's name,
    total and rank; the play's id, game, date, variant and tie-break notes)."""
    return {**{k: doc[k] for k in SUMMARY_KEYS if k in doc},
            "players": [{"name": p.get("name", ""), "total": p.get("total"), "rank": p.get("rank")}
                        for p in doc.get("players", [])]}


def _texts(doc: dict) -> dict[str, str]:
    """A play's `doc` and `summary` columns."""
    return {"doc": json.dumps(doc, ensure_ascii=False), "summary": json.dumps(summary_of(doc), ensure_ascii=False)}


def group_texts(group_id: str, summaries: bool = False) -> list[str]:
    """A group's play documents as stored (JSON text), oldest first (`summaries`: only their summaries, far
    quicker to parse; a play kept before summaries existed gives its whole document, a superset)."""
    column = func.coalesce(play.c.summary, play.c.doc) if summaries else play.c.doc
    with db.read() as conn:
        return list(conn.execute(select(column).where(play.c.group_id == group_id)
                                 .order_by(play.c.played, play.c.uid)).scalars())


def group_plays(group_id: str, summaries: bool = False) -> list[dict]:
    """A group's play documents, oldest first (`summaries`: see `group_texts`)."""
    return [json.loads(r) for r in group_texts(group_id, summaries)]


def play_pictures(group_id: str, uid: str) -> list[str | None]:
    """A play's route pictures in seat order ([] when it has none)."""
    with db.read() as conn:
        text = conn.execute(select(play.c.pictures).where(play.c.group_id == group_id,
                                                          play.c.uid == uid)).scalar()
    return json.loads(text) if text else []


def delete_play(group_id: str, uid: str) -> bool:
    """Delete one play of a group (its table is marked "don't keep"); True when there was one."""
    with db.write() as conn:
        row = conn.execute(select(play.c.game, play.c.table_id).where(play.c.group_id == group_id,
                                                                      play.c.uid == uid)).first()
        if row is None:
            return False
        conn.execute(delete(play).where(play.c.group_id == group_id, play.c.uid == uid))
        _changed(conn, group_id)
        if row.table_id:
            _set_choice(conn, row.game, row.table_id, keep=0)
    return True


# ---- names within a group ----------------------------------------------------------------------------

def aliases(group_id: str) -> dict[str, str]:
    """The group's name matching: a name's key → the name it counts as."""
    with db.read() as conn:
        return {r.key: r.name for r in conn.execute(select(play_alias).where(play_alias.c.group_id == group_id))}


def matcher(alias: dict[str, str]) -> Callable[[str], str]:
    """The key a name counts under in a group (its alias followed once, then normalised)."""
    @functools.lru_cache(maxsize=4096)
    def key(name: str) -> str:
        k = name_key(name)
        return name_key(alias.get(k, name))
    return key


def rename(group_id: str, old: str, new: str) -> None:
    """Show and count `old` (and every name already counted as it) as `new`: a rename, or a merge when
    `new` is already a player of the group."""
    new = clean_name(new)
    alias = aliases(group_id)
    key = matcher(alias)
    target = key(old)
    names = {name_key(p["name"]) for d in group_plays(group_id) for p in d.get("players", [])
             if p.get("name") and key(p["name"]) == target}
    names |= {k for k, v in alias.items() if name_key(v) == target}
    names.add(name_key(old))
    with db.write() as conn:
        _changed(conn, group_id)
        for k in names:
            conn.execute(delete(play_alias).where(play_alias.c.group_id == group_id, play_alias.c.key == k))
            if k != name_key(new):
                conn.execute(insert(play_alias).values(group_id=group_id, key=k, name=new))


def remove_player(group_id: str, name: str) -> int:
    """Take a player out of every play of the group (their name is erased; the others' ranks stand);
    return how many plays changed."""
    alias = aliases(group_id)
    key = matcher(alias)
    target = key(name)
    changed = 0
    with db.write() as conn:
        _changed(conn, group_id)
        rows = conn.execute(select(play.c.uid, play.c.doc, play.c.pictures).where(play.c.group_id == group_id)).all()
        for uid, text, pictures in rows:
            doc = json.loads(text)
            hit = False
            erased = set()
            seats = []
            for i, p in enumerate(doc.get("players", [])):
                if p.get("name") and key(p["name"]) == target:
                    erased.add(p["name"])
                    seats.append(i)
                    p["name"], hit = "", True
            if hit:  # the tie-break notes name players too: those naming the removed one go; so does their route
                doc["tie_break"] = [t for t in doc.get("tie_break") or [] if not any(n in t for n in erased)]
                changed += 1
                kept = json.loads(pictures) if pictures else []
                kept = [None if i in seats else pic for i, pic in enumerate(kept)]
                conn.execute(update(play).where(play.c.group_id == group_id, play.c.uid == uid)
                             .values(**_texts(doc),
                                     pictures=_pictures_text(kept, len(doc.get("players", [])))))
        for k, v in alias.items():
            if name_key(v) == target or k == target:
                conn.execute(delete(play_alias).where(play_alias.c.group_id == group_id, play_alias.c.key == k))
    return changed


# ---- export and import -------------------------------------------------------------------------------

def export_doc(group: dict, pictures: bool = True) -> dict:
    """A group's plays as a `companion-plays/2` document (names as the group counts them; each player's route
    picture as `picture` where the play keeps one, unless `pictures` is False)."""
    key = matcher(aliases(group["id"]))
    shown = {}
    alias = aliases(group["id"])
    plays = group_plays(group["id"])
    drawn = {}
    if pictures:
        with db.read() as conn:
            drawn = dict(conn.execute(select(play.c.uid, play.c.pictures).where(
                play.c.group_id == group["id"], play.c.pictures.is_not(None))).all())
    for d in plays:
        seats = json.loads(drawn[d["id"]]) if d["id"] in drawn else []
        for p, pic in zip(d.get("players", []), seats + [None] * len(d.get("players", []))):
            if p.get("name"):
                p["name"] = alias.get(name_key(p["name"]), shown.setdefault(key(p["name"]), p["name"]))
            if pic:
                p["picture"] = pic
    return {"format": FORMAT, "group": {"name": group["name"]}, "plays": plays}


def import_plays(group_id: str, plays: list[dict]) -> tuple[int, int]:
    """Add checked plays to a group; a play the group already has (same id) is skipped. Returns (added, skipped)."""
    added = skipped = 0
    with db.write() as conn:
        have = set(conn.execute(select(play.c.uid).where(play.c.group_id == group_id)).scalars())
        for d in plays:
            if d["id"] in have:
                skipped += 1
                continue
            have.add(d["id"])
            seats = [p.pop("picture", None) for p in d["players"]]
            conn.execute(insert(play).values(group_id=group_id, uid=d["id"], game=d["game"], table_id=None,
                                             played=d["date"], **_texts(d),
                                             pictures=_pictures_text(seats, len(seats))))
            added += 1
        if added:
            _changed(conn, group_id)
    return added, skipped
