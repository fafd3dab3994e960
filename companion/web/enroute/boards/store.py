"""The web's boards and board-editor drafts in the database, under optimistic concurrency.

A board is found among the shipped boards first, then in `enroute_board`; a row
whose document is not a board (a broken file brought in from the old library
folder) is listed as broken so it can be deleted, never dropped. Every write is
one transaction that writes first and reads afterwards:

- a new board's id is taken by its INSERT, so two imports of one board can never
  both get the same id; a clash is retried with the next id (`my-city-2`, …);
- saving a draft deletes the draft at the version it was read and inserts (or
  replaces, at the version the editor opened) the board in the same transaction;
- an edit is applied to the draft as read and written `WHERE version = :read`;
  when another edit got in between, it is applied again to the newer draft
  (single-cell edits commute), so concurrent edits all land, and an edit the
  newer draft no longer accepts is refused.

The engine's `library` module keeps its pure editing helpers (used here) and its
folder functions for the command line's `--library`.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import secrets
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from sqlalchemy import Column, Integer, String, Table, Text, delete, insert, or_, select, update
from sqlalchemy.exc import IntegrityError, SQLAlchemyError

from ....games.core.problems import N_, Problem, error
from ....games.enroute import library as lib
from ....games.enroute.board import Board, board_to_json, parse_board
from ....games.enroute.registry import UnknownBoardError, shipped_board_ids, shipped_boards
from ....games.enroute.registry import find_board as find_shipped
from ...core.db import _now, metadata, read, write

board_row = Table(
    "enroute_board", metadata,
    Column("id", String(64), primary_key=True),
    Column("name", Text, nullable=False),
    Column("doc", Text, nullable=False),  # JSON: an enroute-board/1 document, or what a broken file held
    Column("version", Integer, nullable=False, server_default="1"),
    Column("created", String(32), nullable=False),
    Column("updated", String(32), nullable=False),
)
draft_row = Table(
    "enroute_draft", metadata,
    Column("id", String(32), primary_key=True),
    Column("doc", Text, nullable=False),  # JSON, maybe not (yet) a board
    Column("replaces", String(64)),  # the saved board this draft will replace, if any
    Column("replaces_version", Integer),  # that board's version when the draft was opened
    Column("version", Integer, nullable=False, server_default="1"),
    Column("created", String(32), nullable=False),
    Column("updated", String(32), nullable=False),
)
library_file = Table(  # the old library folder's files already brought in (each once)
    "enroute_board_file", metadata,
    Column("name", String(300), primary_key=True),
    Column("imported", String(32), nullable=False),
)

OPTIMISTIC_TRIES = 4  # then an edit waits for the draft's row lock, so it cannot lose forever
ID_TRIES = 50  # INSERTs that may clash with concurrent imports before an import is refused
CACHED_TEXT = 100_000  # characters: a real board is a few kilobytes; anything larger is read each time
REFUSALS = frozenset(("board-changed", "id-busy", "draft-busy"))  # a save refused by another save, not by the board


class UnknownDraftError(KeyError):
    """A draft id that is not (or no longer) in the database."""


class BrokenBoardError(ValueError):
    """A saved board whose stored document is not a usable board."""


class DraftChangedError(ValueError):
    """A version-checked edit (an undo) whose base version is no longer the draft's: someone else edited it."""


class StaleEditError(lib.EditError):
    """An edit that no longer fits the draft after another edit changed it meanwhile."""

    def __init__(self, cause: lib.EditError):
        """Keep the reason the newer draft gave."""
        super().__init__(str(cause))
        self.cause = cause


@dataclass(frozen=True)
class Draft:
    """An unfinished board document (maybe invalid), its version, and the saved board it will replace."""

    id: str
    doc: Any
    replaces: str | None
    replaces_version: int | None
    version: int
    updated: str


@dataclass(frozen=True)
class Saved:
    """What a save or an import did: the board (None if refused), the problems, and the id it was asked for."""

    board: Board | None
    problems: list[Problem]
    wanted_id: str | None = None


class _Refused(Exception):
    """Roll a transaction back and say why."""


# ---------------------------------------------------------------- reading boards


def _dumps(value: Any) -> str:
    """Store JSON as ASCII text: no NUL or lone surrogate ever reaches the database."""
    return json.dumps(value, ensure_ascii=True)


def _parse(text: str) -> Board | None:
    """Read a stored board document (or None when it is no board), once per process when it is board-sized."""
    return _parse_cached(text) if len(text) <= CACHED_TEXT else _parse_text(text)


def _parse_text(text: str) -> Board | None:
    """Read a stored board document."""
    try:
        doc = json.loads(text)
    except (ValueError, RecursionError):
        return None
    return parse_board(doc)[0]


_parse_cached = lru_cache(maxsize=256)(_parse_text)  # boards are immutable values


def _known_id(board_id: Any) -> bool:
    """Tell whether a value can be a board id at all (short slugs; anything else is unknown)."""
    return isinstance(board_id, str) and lib.is_board_id(board_id)


def load_saved(board_id: str) -> tuple[Board, int]:
    """Return a board of the database and its version; `UnknownBoardError` / `BrokenBoardError` otherwise."""
    if not _known_id(board_id) or board_id in shipped_board_ids():
        raise UnknownBoardError(board_id)
    with read() as conn:
        row = conn.execute(select(board_row.c.doc, board_row.c.version)
                           .where(board_row.c.id == board_id)).first()
    if row is None:
        raise UnknownBoardError(board_id)
    board = _parse(row.doc)
    if board is None:
        raise BrokenBoardError(board_id)
    return board, row.version


def find_board(board_id: str) -> Board:
    """Find a board: shipped first, then the database."""
    if isinstance(board_id, str) and board_id in shipped_board_ids():
        return find_shipped(board_id)
    return load_saved(board_id)[0]


def saved_boards() -> tuple[list[Board], list[str]]:
    """Return the database's usable boards and the ids of its broken ones, by id."""
    with read() as conn:
        rows = conn.execute(select(board_row.c.id, board_row.c.doc).order_by(board_row.c.id)).all()
    usable, broken = [], []
    for row in rows:
        board = _parse(row.doc)
        if board is None:
            broken.append(row.id)
        else:
            usable.append(board)
    return usable, broken


def available_boards() -> list[Board]:
    """Return the shipped boards, then every usable board of the database."""
    return shipped_boards() + saved_boards()[0]


def is_shipped(board_id: str) -> bool:
    """Tell whether a board comes with the companion (and so is never stored, replaced or deleted)."""
    return board_id in shipped_board_ids()


# ---------------------------------------------------------------- writing boards


def _candidates(base: str) -> Iterator[str]:
    """Yield `base`, `base-2`, `base-3`, …, skipping shipped ids."""
    shipped = set(shipped_board_ids())
    n = 1
    while True:
        candidate = base if n == 1 else f"{base[:56]}-{n}"
        if candidate not in shipped:
            yield candidate
        n += 1


def _taken_like(base: str) -> set[str]:
    """Return the stored ids `base` or `base-…` (a hint only: the INSERT decides)."""
    with read() as conn:
        rows = conn.execute(select(board_row.c.id).where(or_(board_row.c.id == base,
                                                             board_row.c.id.like(f"{base[:56]}-%"))))
        return {r.id for r in rows}


def _insert_row(base: str, values: Callable[[str], dict], before: Callable | None = None,
                after: Callable | None = None, settled: Callable[[], bool] | None = None) -> str | None:
    """Store a board row under the first free id from `base`, each try one transaction; return the id taken.

    `values(id)` gives the row's name and doc. `before(conn)` and `after(conn)` run in the same transaction
    (deleting the draft being saved, marking a library file done); `before` may raise `_Refused`. When an
    INSERT fails and `settled()` says the work was done meanwhile, `_Refused("settled")` is raised. None
    when no id was free after many clashes.
    """
    taken = _taken_like(base)
    tries = 0
    for candidate in _candidates(base):
        if candidate in taken:
            continue
        if tries == ID_TRIES:
            return None
        tries += 1
        now = _now()
        try:
            with write() as conn:
                if before is not None:
                    before(conn)
                conn.execute(insert(board_row).values(id=candidate, version=1, created=now, updated=now,
                                                      **values(candidate)))
                if after is not None:
                    after(conn)
        except IntegrityError:
            if settled is not None and settled():
                raise _Refused("settled") from None
            taken.add(candidate)  # another save took it meanwhile: the next one
            continue
        return candidate
    return None  # pragma: no cover  (the candidates never run out)


def _board_values(board: Board) -> Callable[[str], dict]:
    """The row values of a board stored under a given id."""
    return lambda board_id: {"name": board.name.replace("\x00", ""),
                             "doc": _dumps(board_to_json(dataclasses.replace(board, id=board_id)))}


def _insert_board(board: Board, before: Callable | None = None) -> Board | None:
    """Store a board under its id or the next free one; return it as stored, None if no id was free."""
    board_id = _insert_row(board.id, _board_values(board), before=before)
    return dataclasses.replace(board, id=board_id) if board_id else None


def _no_free_id(board_id: str) -> Problem:
    """Refuse an import that found no free id after many clashes."""
    return error("id-busy", "id", N_("No free id was found for {id}: other boards were saved at the same moment. "
                                     "Please try again."), id=repr(board_id))


def import_board(doc: Any) -> Saved:
    """Check a board document and store it under its id, or the next free one; never overwrite a board."""
    board, problems = parse_board(doc)
    if board is None:
        return Saved(None, problems)
    stored = _insert_board(board)
    if stored is None:
        return Saved(None, [*problems, _no_free_id(board.id)], board.id)
    return Saved(stored, problems, board.id)


def delete_board(board_id: str) -> bool:
    """Delete a saved board; False if there was none (shipped boards are never deleted)."""
    if not _known_id(board_id) or is_shipped(board_id):
        return False
    with write() as conn:
        return conn.execute(delete(board_row).where(board_row.c.id == board_id)).rowcount == 1


# ---------------------------------------------------------------- drafts


def _draft_id_ok(draft_id: Any) -> bool:
    """Tell whether a value is a draft id (12 lowercase hex digits)."""
    return isinstance(draft_id, str) and len(draft_id) == 12 and all(c in "0123456789abcdef" for c in draft_id)


def _draft(row) -> Draft:
    """Decode a draft row."""
    return Draft(row.id, json.loads(row.doc), row.replaces, row.replaces_version, row.version, row.updated)


def new_draft(doc: Any, replaces: str | None = None, replaces_version: int | None = None) -> Draft:
    """Start a draft from a document; return it with its new id."""
    now = _now()
    for _attempt in range(ID_TRIES):
        candidate = secrets.token_hex(6)
        try:
            with write() as conn:
                conn.execute(insert(draft_row).values(id=candidate, doc=_dumps(doc), replaces=replaces,
                                                      replaces_version=replaces_version, version=1, created=now,
                                                      updated=now))
        except IntegrityError:
            continue  # 48 random bits clashed: draw another
        return Draft(candidate, copy.deepcopy(doc), replaces, replaces_version, 1, now)
    raise RuntimeError("no free draft id")  # pragma: no cover


def load_draft(draft_id: str) -> Draft:
    """Read a draft; `UnknownDraftError` (a `KeyError`) if there is none."""
    if not _draft_id_ok(draft_id):
        raise UnknownDraftError(draft_id)
    with read() as conn:
        row = conn.execute(select(draft_row).where(draft_row.c.id == draft_id)).first()
    if row is None:
        raise UnknownDraftError(draft_id)
    return _draft(row)


def list_drafts() -> list[Draft]:
    """Return every draft, newest first."""
    with read() as conn:
        rows = conn.execute(select(draft_row).order_by(draft_row.c.updated.desc(), draft_row.c.created.desc(),
                                                       draft_row.c.id)).all()
    return [_draft(row) for row in rows]


def delete_draft(draft_id: str) -> bool:
    """Delete a draft; False if there was none."""
    if not _draft_id_ok(draft_id):
        return False
    with write() as conn:
        return conn.execute(delete(draft_row).where(draft_row.c.id == draft_id)).rowcount == 1


def _apply(change: Callable[[Any], Any], doc: Any, again: bool) -> Any:
    """Apply an edit; one refused by a draft another edit changed meanwhile says so."""
    try:
        return change(doc)
    except StaleEditError:
        raise
    except lib.EditError as exc:
        if again:
            raise StaleEditError(exc) from exc
        raise


def edit_draft(draft_id: str, change: Callable[[Any], Any], base: int | None = None) -> Draft:
    """Apply `change` (document -> new document) to a draft and store it; return the new draft.

    Raises `UnknownDraftError` when the draft is gone, and whatever `change` raises when it refuses
    the edit (`StaleEditError` when only the newer draft refuses it). With `base`, the edit is only
    applied to that version of the draft (`DraftChangedError` otherwise): an undo replaces the whole
    document, so it must not land on top of someone else's newer edit.
    """
    for attempt in range(OPTIMISTIC_TRIES):
        draft = load_draft(draft_id)
        _check_base(draft, base)
        doc = _apply(change, draft.doc, attempt > 0)
        now = _now()
        with write() as conn:
            done = conn.execute(update(draft_row).where(draft_row.c.id == draft_id,
                                                        draft_row.c.version == draft.version)
                                .values(doc=_dumps(doc), version=draft.version + 1, updated=now)).rowcount
        if done == 1:  # the answer is what was stored, its time included
            return dataclasses.replace(draft, doc=doc, version=draft.version + 1, updated=now)
    # Still losing to other edits: take the row's write lock first (a write, then the read), so this one lands.
    with write() as conn:
        locked = conn.execute(update(draft_row).where(draft_row.c.id == draft_id)
                              .values(version=draft_row.c.version)).rowcount
        row = conn.execute(select(draft_row).where(draft_row.c.id == draft_id)).first() if locked else None
        if row is None:
            raise UnknownDraftError(draft_id)
        draft = _draft(row)
        _check_base(draft, base)
        doc = _apply(change, draft.doc, True)
        now = _now()
        conn.execute(update(draft_row).where(draft_row.c.id == draft_id)
                     .values(doc=_dumps(doc), version=draft.version + 1, updated=now))
    return dataclasses.replace(draft, doc=doc, version=draft.version + 1, updated=now)


def _check_base(draft: Draft, base: int | None) -> None:
    """Refuse a version-checked edit when the draft is no longer at its base version."""
    if base is not None and draft.version != base:
        raise DraftChangedError(draft.id)


def _delete_draft_at(draft: Draft) -> Callable:
    """A first step of a save's transaction: delete the draft at the version that was checked."""

    def step(conn) -> None:
        """Delete the draft, or refuse when it changed (or was saved) since it was read."""
        done = conn.execute(delete(draft_row).where(draft_row.c.id == draft.id,
                                                    draft_row.c.version == draft.version)).rowcount
        if done != 1:
            raise _Refused("draft")

    return step


def _board_changed(board_id: str) -> Problem:
    """Refuse to replace a board someone else changed or deleted since the draft was opened."""
    return error("board-changed", "id", N_("The board {id} was changed or deleted since this draft was opened, so it "
                                           "was not replaced. Your draft is kept: download it and import it as a "
                                           "new board, or open the board again."), id=repr(board_id))


def save_draft(draft_id: str) -> Saved:
    """Save a valid draft as a board (a new one, or the one it replaces) and delete the draft, in one transaction.

    An invalid draft stays. `UnknownDraftError` when the draft is gone.
    """
    for _attempt in range(OPTIMISTIC_TRIES):
        draft = load_draft(draft_id)
        doc = copy.deepcopy(draft.doc)
        if isinstance(doc, dict):
            # The id follows the city name unless the draft edits a saved board, which keeps its id.
            doc["id"] = draft.replaces or lib.slugify(doc.get("name") or "board")
        board, problems = parse_board(doc)
        if board is None:
            return Saved(None, problems)
        try:
            if draft.replaces:
                _replace(draft, board)
                return Saved(board, problems, board.id)
            stored = _insert_board(board, before=_delete_draft_at(draft))
        except _Refused as refused:
            if str(refused) == "board":
                return Saved(None, [*problems, _board_changed(draft.replaces)], draft.replaces)
            continue  # the draft changed while being saved: check the newer draft
        if stored is None:
            return Saved(None, [*problems, _no_free_id(board.id)], board.id)
        return Saved(stored, problems, board.id)
    return Saved(None, [error("draft-busy", "", N_("The draft kept changing while it was being saved; "
                                                   "please save again."))])


def _replace(draft: Draft, board: Board) -> None:
    """Replace the draft's board at the version the editor opened, deleting the draft, in one transaction."""
    with write() as conn:
        _delete_draft_at(draft)(conn)
        done = conn.execute(update(board_row).where(board_row.c.id == draft.replaces,
                                                    board_row.c.version == draft.replaces_version)
                            .values(doc=_dumps(board_to_json(board)), name=board.name.replace("\x00", ""),
                                    version=board_row.c.version + 1, updated=_now())).rowcount
        if done != 1:
            raise _Refused("board")


# ---------------------------------------------------------------- the old library folder, brought in once


def _file_key(name: str) -> str:
    """Name a library file as the database records it (any file name, as UTF-8 text)."""
    return name.encode("utf-8", "surrogateescape").decode("utf-8", "replace")[:300]


def _imported_keys() -> set[str]:
    """Return the library files already brought in."""
    with read() as conn:
        return {r.name for r in conn.execute(select(library_file.c.name))}


def _mark(key: str) -> Callable:
    """A last step of an import's transaction: record the file as brought in."""
    return lambda conn: conn.execute(insert(library_file).values(name=key, imported=_now()))


def _is_imported(key: str) -> Callable[[], bool]:
    """Tell (after a failed INSERT) whether another process brought the file in meanwhile."""
    return lambda: key in _imported_keys()


def _read_json(path: Path) -> tuple[Any, bool]:
    """Return a file's JSON value and True, or its text and False when it is not JSON; OSError if unreadable."""
    text = path.read_bytes().decode("utf-8-sig", errors="replace")
    try:
        return json.loads(text), True
    except (ValueError, RecursionError):
        return text, False


def _import_board_file(path: Path, key: str, renamed: dict[str, str]) -> str:
    """Bring one `<id>.json` file in under its name (or the next free id); return "boards" or "broken"."""
    value, _is_json = _read_json(path)
    doc = dict(value) if isinstance(value, dict) else value
    base = path.stem if lib.is_board_id(path.stem) else lib.slugify(path.stem)
    if isinstance(doc, dict):
        doc["id"] = base  # the file was found by its name, so that is the board's id
    board = parse_board(doc)[0]
    if board is not None:
        values = _board_values(board)
    else:  # kept as it was, listed as broken until someone deletes it
        values = lambda _id: {"name": _file_key(path.stem)[:200], "doc": _dumps(value)}  # noqa: E731
    board_id = _insert_row(base, values, after=_mark(key), settled=_is_imported(key))
    if board_id is None:
        raise _Refused("no free id")
    renamed[path.stem] = board_id
    return "boards" if board is not None else "broken"


def _import_draft_file(path: Path, key: str, renamed: dict[str, str]) -> str:
    """Bring one `drafts/<id>.json` file in (an unreadable one as a damaged draft, so it can still be read)."""
    value, is_json = _read_json(path)
    data = value if is_json and isinstance(value, dict) and "doc" in value else {"doc": value}
    replaces = data.get("replaces") if isinstance(data.get("replaces"), str) else None
    replaces_version = None
    if replaces is not None:
        replaces = renamed.get(replaces, replaces)
        try:
            replaces_version = load_saved(replaces)[1]
        except (UnknownBoardError, BrokenBoardError):
            replaces = None  # its board is gone: saving makes a new board
    draft_id = path.stem if _draft_id_ok(path.stem) else secrets.token_hex(6)
    for _attempt in range(ID_TRIES):
        now = _now()
        try:
            with write() as conn:
                conn.execute(insert(draft_row).values(id=draft_id, doc=_dumps(data["doc"]), replaces=replaces,
                                                      replaces_version=replaces_version, version=1, created=now,
                                                      updated=now))
                _mark(key)(conn)
        except IntegrityError:
            if _is_imported(key)():
                raise _Refused("settled") from None
            draft_id = secrets.token_hex(6)
            continue
        return "drafts"
    raise _Refused("no free id")  # pragma: no cover


def import_library(folder: str | Path) -> dict[str, int]:
    """Bring an old board library folder into the database, each file once; return what was brought in.

    Boards come first (drafts may replace them); a file that is not a board is kept as a broken board,
    an unreadable draft as a damaged draft. The files stay where they are (the command line reads them).
    """
    root = Path(folder)
    counts = {"boards": 0, "broken": 0, "drafts": 0}
    if not root.is_dir():
        return counts
    done = _imported_keys()
    renamed: dict[str, str] = {}
    for path, key, bring in [*((p, _file_key(p.name), _import_board_file) for p in sorted(root.glob("*.json"))),
                             *((p, _file_key(f"drafts/{p.name}"), _import_draft_file)
                               for p in sorted((root / lib.DRAFTS).glob("*.json")))]:
        if key in done or not path.is_file():
            continue
        try:
            counts[bring(path, key, renamed)] += 1
        except _Refused:
            continue  # another process brought it in meanwhile (or, vanishingly, no id was free)
        except (OSError, RecursionError):
            continue  # unreadable now (permissions?): not recorded, so the next start tries again
    return counts


def import_library_at_start(app) -> None:
    """Bring the app's `BOARD_LIBRARY` folder in when the app starts (nothing to do once it is in)."""
    folder = app.config.get("BOARD_LIBRARY")
    try:
        if not folder or not Path(folder).is_dir():
            return
        with app.app_context():
            counts = import_library(folder)
    except SQLAlchemyError:  # e.g. MIGRATE_ON_START off and the tables not made yet: the next start does it
        app.logger.warning("The board library %s was not brought into the database yet.", folder, exc_info=True)
        return
    except OSError:
        app.logger.warning("The board library %s cannot be read.", folder, exc_info=True)
        return
    if any(counts.values()):
        app.logger.info("Board library %s brought into the database: %s.", folder, counts)
