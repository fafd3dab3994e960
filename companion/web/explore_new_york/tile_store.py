"""A table's own Explore New York map tiles in the database: unfinished drafts and saved tiles, with versions.

A draft is a tile document being typed in (maybe incomplete: districts not yet
given are `null`); each save of the editor is `UPDATE … WHERE version = :base`,
so two phones editing one draft cannot overwrite each other silently. Saving a
finished draft as a tile is one transaction that deletes the draft at the
version the page showed and inserts the tile (its id is the primary key, so two
tiles can never share an id) or replaces the saved tile it was opened from at
that tile's version. Shipped tiles are never stored here.
"""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Column, Integer, String, Table, Text, delete, insert, select, update
from sqlalchemy.exc import IntegrityError

from ...games.explore_new_york.tile import Tile
from ...games.explore_new_york.tiles import parse_tile, shipped_tiles
from ..core.db import _now, metadata, read, write
from ..core.security import small_int

eny_tile = Table(
    "eny_tile", metadata,
    Column("id", String(64), primary_key=True),
    Column("name", Text, nullable=False),
    Column("doc", Text, nullable=False),  # an explore-new-york-tile/1 document, checked by the engine when saved
    Column("version", Integer, nullable=False, server_default="1"),
    Column("created", String(32), nullable=False),
    Column("updated", String(32), nullable=False),
)
eny_tile_draft = Table(
    "eny_tile_draft", metadata,
    Column("id", String(32), primary_key=True),
    Column("doc", Text, nullable=False),  # the tile as typed so far (maybe incomplete)
    Column("replaces", String(64), nullable=True),  # the saved tile this draft was opened from
    Column("replaces_version", Integer, nullable=True),
    Column("version", Integer, nullable=False, server_default="1"),
    Column("created", String(32), nullable=False),
    Column("updated", String(32), nullable=False),
)


class Refused(Exception):
    """A save that another save got ahead of, or an id already taken: the transaction rolls back."""

    def __init__(self, code: str):
        """Keep the reason: draft-changed, tile-changed or id-taken."""
        super().__init__(code)
        self.code = code


@dataclass(frozen=True)
class Draft:
    """A draft as stored: its id, document, version and the saved tile it will replace (if any)."""

    id: str
    doc: dict[str, Any]
    replaces: str | None
    replaces_version: int | None
    version: int
    updated: str


def _key_ok(value: Any, longest: int) -> bool:
    """Tell whether a text can be a stored key at all (anything else is unknown, without asking the database)."""
    return isinstance(value, str) and 0 < len(value) <= longest


def _dumps(doc: Any) -> str:
    """JSON as ASCII text (no NUL or lone surrogate reaches the database)."""
    return json.dumps(doc, ensure_ascii=True)


def create_draft(doc: dict, replaces: str | None = None, replaces_version: int | None = None) -> str:
    """Store a new draft; return its unguessable id."""
    draft_id = secrets.token_urlsafe(12)
    now = _now()
    with write() as conn:
        conn.execute(insert(eny_tile_draft).values(id=draft_id, doc=_dumps(doc), replaces=replaces,
                                                   replaces_version=replaces_version, version=1, created=now,
                                                   updated=now))
    return draft_id


def get_draft(draft_id: Any) -> Draft | None:
    """Load a draft, or None."""
    if not _key_ok(draft_id, 32):
        return None
    with read() as conn:
        row = conn.execute(select(eny_tile_draft).where(eny_tile_draft.c.id == draft_id)).mappings().first()
    if row is None:
        return None
    return Draft(row["id"], json.loads(row["doc"]), row["replaces"], row["replaces_version"], row["version"],
                 row["updated"])


def drafts() -> list[Draft]:
    """Every unfinished draft, the most recently changed first."""
    with read() as conn:
        rows = conn.execute(select(eny_tile_draft).order_by(eny_tile_draft.c.updated.desc())).mappings().all()
    return [Draft(r["id"], json.loads(r["doc"]), r["replaces"], r["replaces_version"], r["version"], r["updated"])
            for r in rows]


def save_draft(draft_id: str, base_version: Any, doc: dict) -> int | None:
    """Store a draft's new document if nobody saved it since `base_version`; return the new version or None."""
    base = small_int(base_version)
    if base is None or not _key_ok(draft_id, 32):
        return None
    with write() as conn:
        done = conn.execute(update(eny_tile_draft).where(eny_tile_draft.c.id == draft_id,
                                                         eny_tile_draft.c.version == base)
                            .values(doc=_dumps(doc), version=base + 1, updated=_now()))
    return base + 1 if done.rowcount == 1 else None


def discard_draft(draft_id: str, base_version: Any) -> bool:
    """Delete a draft at the version the page showed; tell whether it was deleted."""
    base = small_int(base_version)
    if base is None or not _key_ok(draft_id, 32):
        return False
    with write() as conn:
        done = conn.execute(delete(eny_tile_draft).where(eny_tile_draft.c.id == draft_id,
                                                         eny_tile_draft.c.version == base))
    return done.rowcount == 1


def publish(draft: Draft, base_version: int, doc: dict) -> None:
    """Turn a draft into a saved tile (new, or replacing the one it was opened from); raise Refused otherwise."""
    now = _now()
    try:
        with write() as conn:
            # The draft goes first: a second phone saving the same draft finds nothing to delete.
            gone = conn.execute(delete(eny_tile_draft).where(eny_tile_draft.c.id == draft.id,
                                                             eny_tile_draft.c.version == base_version))
            if gone.rowcount != 1:
                raise Refused("draft-changed")
            if draft.replaces is not None:
                done = conn.execute(update(eny_tile).where(eny_tile.c.id == draft.replaces,
                                                           eny_tile.c.version == draft.replaces_version)
                                    .values(name=doc["name"], doc=_dumps(doc), version=eny_tile.c.version + 1,
                                            updated=now))
                if done.rowcount != 1:
                    raise Refused("tile-changed")
                return
            conn.execute(insert(eny_tile).values(id=doc["id"], name=doc["name"], doc=_dumps(doc), version=1,
                                                 created=now, updated=now))
    except IntegrityError as exc:  # the id's INSERT lost to another tile with that id
        raise Refused("id-taken") from exc


def get_saved(tile_id: Any) -> tuple[dict, int] | None:
    """A saved tile's document and version, or None (shipped tiles are not here)."""
    if not _key_ok(tile_id, 64):
        return None
    with read() as conn:
        row = conn.execute(select(eny_tile.c.doc, eny_tile.c.version).where(eny_tile.c.id == tile_id)).first()
    return (json.loads(row.doc), row.version) if row is not None else None


def saved_tiles() -> list[Tile]:
    """Every saved tile the engine reads as a tile, by name (a stored document is checked again when read)."""
    with read() as conn:
        rows = conn.execute(select(eny_tile.c.doc).order_by(eny_tile.c.name, eny_tile.c.id)).all()
    tiles = []
    for row in rows:
        tile, _problems = parse_tile(json.loads(row.doc))
        if tile is not None and tile.id not in shipped_tiles():
            tiles.append(tile)
    return tiles


def all_tiles() -> dict[str, Tile]:
    """The tiles a table can start with: the shipped ones, then the saved ones, by id."""
    return {**shipped_tiles(), **{t.id: t for t in saved_tiles()}}
