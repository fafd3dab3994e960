"""A table's own boards: a library folder of `<id>.json` files, drafts, and board-editing helpers.

A table transcribes its printed board once. The library stores the checked
`enroute-board/1` documents next to each other (`registry.find_board` reads
them); unfinished work lives in `drafts/` below the same folder, so a draft may
be invalid and still survive. The editing helpers are pure: each takes a
document and returns a new one, so the web editor can undo by keeping old
documents. Whether a document is a board is decided only by `parse_board`.
"""

from __future__ import annotations

import copy
import json
import os
import re
import secrets
import tempfile
import time
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core.problems import Problem, error, warning
from .board import (
    BOARD_FORMAT,
    CAFE_BONUSES,
    COLOURS,
    KINDS,
    Board,
    board_to_json,
    parse_board,
)
from .geometry import Location, Point
from .jsonread import is_int
from .registry import shipped_board_ids

DRAFTS = "drafts"
AXES = ("columns", "rows")
_ID = re.compile(r"^[a-z0-9][a-z0-9-]{0,63}$")
_DRAFT_ID = re.compile(r"^[0-9a-f]{12}$")


class EditError(ValueError):
    """An edit that cannot be applied to a draft (bad value or a damaged draft)."""


# ---------------------------------------------------------------- ids and files


def slugify(text: Any, fallback: str = "board") -> str:
    """Turn a name into an id: lowercase ASCII letters, digits and dashes."""
    plain = unicodedata.normalize("NFKD", str(text or "")).encode("ascii", "ignore").decode()
    slug = re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-")[:56].strip("-")
    return slug or fallback


def is_board_id(board_id: Any) -> bool:
    """Tell whether a value is a well-formed board id (safe as a file name)."""
    return isinstance(board_id, str) and bool(_ID.match(board_id))


def library_ids(library: Path | str) -> list[str]:
    """Return the ids of every `<id>.json` file in the library, readable or not."""
    folder = Path(library)
    return sorted(p.stem for p in folder.glob("*.json") if is_board_id(p.stem)) if folder.is_dir() else []


def unique_board_id(base: str, library: Path | str, keep: str | None = None) -> str:
    """Return `base` (slugified) or `base-2`, `base-3`…: an id that no shipped or saved board uses.

    `keep` is the id of the board being replaced, which may keep its own id.
    """
    base = slugify(base)
    taken = set(shipped_board_ids()) | set(library_ids(library))
    taken.discard(keep)
    candidate, n = base, 2
    while candidate in taken:
        candidate = f"{base[:56]}-{n}"
        n += 1
    return candidate


def _write_json(path: Path, data: Any) -> None:
    """Write JSON atomically: a temporary file in the same folder, then a rename."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump(data, handle, ensure_ascii=False, indent=1)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _board_path(library: Path | str, board_id: str) -> Path:
    """Return the file of a library board, refusing ids that are not file-safe."""
    if not is_board_id(board_id):
        raise KeyError(board_id)
    return Path(library) / f"{board_id}.json"


def load_library_doc(library: Path | str, board_id: str) -> Any:
    """Return the stored JSON of a library board; `KeyError` if there is none, `ValueError` if unreadable."""
    path = _board_path(library, board_id)
    if board_id in shipped_board_ids() or not path.is_file():
        raise KeyError(board_id)
    with open(path, encoding="utf-8") as handle:
        return json.load(handle)


def save_board(library: Path | str, doc: Any, replace: str | None = None) -> tuple[Board | None, list[Problem]]:
    """Check a board document and store it as `<id>.json`; return the board (None if refused) and problems.

    The id must not be a shipped id, nor another saved board's id unless it is
    `replace` (the board being edited).
    """
    board, problems = parse_board(doc)
    if board is None:
        return None, problems
    if board.id in shipped_board_ids():
        shipped = error("id-shipped", "id",
                        f"{board.id!r} is a board shipped with the companion; a saved board needs its own id.")
        return None, [*problems, shipped]
    if board.id != replace and board.id in library_ids(library):
        return None, [*problems, error("id-taken", "id", f"A saved board already uses the id {board.id!r}.")]
    _write_json(_board_path(library, board.id), board_to_json(board))
    if replace and replace != board.id:
        delete_board(library, replace)
    return board, problems


def delete_board(library: Path | str, board_id: str) -> bool:
    """Delete a saved board; return False if there was none (shipped boards are never deleted)."""
    if not is_board_id(board_id) or board_id in shipped_board_ids():
        return False
    path = _board_path(library, board_id)
    if not path.is_file():
        return False
    path.unlink()
    return True


# ---------------------------------------------------------------- drafts


@dataclass(frozen=True)
class Draft:
    """An unfinished board document (maybe invalid) and the saved board it will replace, if any."""

    id: str
    doc: dict
    replaces: str | None
    updated: float


def _draft_path(library: Path | str, draft_id: str) -> Path:
    """Return a draft's file, refusing ids that are not ours."""
    if not (isinstance(draft_id, str) and _DRAFT_ID.match(draft_id)):
        raise KeyError(draft_id)
    return Path(library) / DRAFTS / f"{draft_id}.json"


def new_draft(library: Path | str, doc: dict, replaces: str | None = None) -> Draft:
    """Start a draft from a document; return it with its new id."""
    draft = Draft(secrets.token_hex(6), copy.deepcopy(doc), replaces, time.time())
    _store_draft(library, draft)
    return draft


def _store_draft(library: Path | str, draft: Draft) -> None:
    """Write a draft file."""
    _write_json(_draft_path(library, draft.id),
                {"doc": draft.doc, "replaces": draft.replaces, "updated": draft.updated})


def load_draft(library: Path | str, draft_id: str) -> Draft:
    """Read a draft; `KeyError` if it does not exist or cannot be read."""
    path = _draft_path(library, draft_id)
    try:
        with open(path, encoding="utf-8") as handle:
            data = json.load(handle)
        return Draft(draft_id, data["doc"], data.get("replaces"), float(data.get("updated", 0)))
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise KeyError(draft_id) from exc


def update_draft(library: Path | str, draft_id: str, doc: dict) -> Draft:
    """Replace a draft's document (the draft must exist)."""
    old = load_draft(library, draft_id)
    draft = Draft(draft_id, copy.deepcopy(doc), old.replaces, time.time())
    _store_draft(library, draft)
    return draft


def delete_draft(library: Path | str, draft_id: str) -> bool:
    """Delete a draft; return False if there was none."""
    try:
        path = _draft_path(library, draft_id)
    except KeyError:
        return False
    if not path.is_file():
        return False
    path.unlink()
    return True


def list_drafts(library: Path | str) -> list[Draft]:
    """Return the readable drafts, newest first."""
    folder = Path(library) / DRAFTS
    drafts = []
    for path in folder.glob("*.json") if folder.is_dir() else []:
        try:
            drafts.append(load_draft(library, path.stem))
        except KeyError:
            continue
    return sorted(drafts, key=lambda d: d.updated, reverse=True)


def save_draft(library: Path | str, draft_id: str) -> tuple[Board | None, list[Problem]]:
    """Save a draft as a library board when it is valid, then delete the draft; invalid drafts stay."""
    draft = load_draft(library, draft_id)
    doc = copy.deepcopy(draft.doc)
    if isinstance(doc, dict):
        # The id follows the city name unless the draft edits a saved board, which keeps its id.
        doc["id"] = draft.replaces if draft.replaces else unique_board_id(doc.get("name") or "board", library)
    board, problems = save_board(library, doc, replace=draft.replaces)
    if board is not None:
        delete_draft(library, draft_id)
    return board, problems


# ---------------------------------------------------------------- editing helpers


def blank_board_doc(name: str = "", cols: int = 6, rows: int = 6, player_boards: int = 4) -> dict:
    """Return an empty draft: no landmarks, printed coordinates still to enter."""
    return {
        "format": BOARD_FORMAT, "id": slugify(name, "new-city"), "name": name, "size": [cols, rows],
        "player_boards": [{"number": n, "columns": [None] * cols, "rows": [None] * rows}
                          for n in range(1, player_boards + 1)],
        "landmarks": [], "ratings": {}, "cafes": [], "visit_them_all": None, "roads": {"remove": [], "add": []},
    }


def copy_board_doc(board: Board, name: str) -> dict:
    """Return a draft that starts from an existing board under a new name."""
    doc = board_to_json(board)
    doc["name"] = name
    doc["id"] = slugify(name, "new-city")
    return doc


def board_size(doc: Any) -> tuple[int, int]:
    """Return the draft's (cols, rows) or raise `EditError` when the draft is damaged."""
    size = doc.get("size") if isinstance(doc, dict) else None
    if not (isinstance(size, list) and len(size) == 2 and all(is_int(v) and 1 <= v <= 24 for v in size)):
        raise EditError("The draft has no usable size; start a new draft or import a board.")
    return size[0], size[1]


def _list(doc: dict, key: str) -> list:
    """Return a list member of the draft, creating it when absent."""
    value = doc.setdefault(key, [])
    if not isinstance(value, list):
        raise EditError(f"The draft's {key} is damaged (not a list).")
    return value


def _location(doc: dict, at: Any) -> Location:
    """Read a layout location `[c, r]` that lies on the draft's map."""
    cols, rows = board_size(doc)
    if not (isinstance(at, (list, tuple)) and len(at) == 2 and all(is_int(v) for v in at)
            and 1 <= at[0] <= cols and 1 <= at[1] <= rows):
        raise EditError(f"{at!r} is not a location of this {cols}×{rows} map.")
    return (at[0], at[1])


def _point(doc: dict, at: Any) -> Point:
    """Read an intersection `[x, y]` that lies on the draft's map."""
    cols, rows = board_size(doc)
    if not (isinstance(at, (list, tuple)) and len(at) == 2 and all(is_int(v) for v in at)
            and 0 <= at[0] <= cols and 0 <= at[1] <= rows):
        raise EditError(f"{at!r} is not an intersection of this {cols}×{rows} map.")
    return (at[0], at[1])


def landmark_locations(item: Any) -> list:
    """Return a landmark item's locations as a list (empty if damaged)."""
    locs = item.get("locations") if isinstance(item, dict) else None
    return locs if isinstance(locs, list) else []


def set_city_name(doc: dict, name: str) -> dict:
    """Return the draft with the city named."""
    if not isinstance(name, str):
        raise EditError("The city name must be text.")
    new = copy.deepcopy(doc)
    new["name"] = name.strip()
    return new


def set_location(doc: dict, at: Any, kind: str | None, name: str = "", pp: int | None = None,
                 track: list[int] | None = None) -> dict:
    """Return the draft with a location holding a landmark of `kind` (None: no landmark).

    A location of a multi-location landmark leaves that landmark; the others keep it.
    """
    new = copy.deepcopy(doc)
    loc = _location(new, at)
    if kind is not None and kind not in KINDS:
        raise EditError(f"A landmark is one of {', '.join(KINDS)}, not {kind!r}.")
    landmarks = _list(new, "landmarks")
    ratings = new.setdefault("ratings", {})
    if not isinstance(ratings, dict):
        raise EditError("The draft's ratings are damaged (not an object).")
    old_id, position = None, len(landmarks)
    for i, item in enumerate(list(landmarks)):
        locs = landmark_locations(item)
        if list(loc) in locs:
            locs.remove(list(loc))
            if not locs:  # the landmark covered only this location: it goes, and so does its track
                old_id, position = item.get("id"), i
                landmarks.remove(item)
                if isinstance(old_id, str):
                    ratings.pop(old_id, None)
    if kind is None:
        return new
    name = (name or "").strip()
    if not name and kind != "grey":  # scoring needs no names except to tell grey tracks apart
        name = f"{kind.capitalize()} landmark {loc[0]}-{loc[1]}"
    ids = {item.get("id") for item in landmarks if isinstance(item, dict) and isinstance(item.get("id"), str)}
    lid = old_id if is_board_id(old_id) and old_id not in ids else None
    if lid is None:
        base = slugify(name, f"{kind}-{loc[0]}-{loc[1]}")
        lid, n = base, 2
        while lid in ids:
            lid, n = f"{base}-{n}", n + 1
    item: dict[str, Any] = {"id": lid, "name": name, "kind": kind}
    if kind == "yellow" and pp is not None:
        item["pp"] = pp
    item["locations"] = [list(loc)]
    landmarks.insert(min(position, len(landmarks)), item)
    if kind == "grey" and track is not None:
        ratings[lid] = list(track)
    return new


def set_cafe(doc: dict, at: Any, bonus: str | None, tourists: dict[str, int] | None = None) -> dict:
    """Return the draft with a cafe of `bonus` on an intersection (None: no cafe there)."""
    new = copy.deepcopy(doc)
    point = _point(new, at)
    if bonus is not None and bonus not in CAFE_BONUSES:
        raise EditError(f"A cafe bonus is one of {', '.join(CAFE_BONUSES)}, not {bonus!r}.")
    cafes = _list(new, "cafes")
    position = len(cafes)
    for i, item in enumerate(list(cafes)):
        if isinstance(item, dict) and item.get("at") == list(point):
            position = min(position, i)
            cafes.remove(item)
    if bonus is None:
        return new
    item: dict[str, Any] = {"at": list(point), "bonus": bonus}
    if bonus == "tourists":
        item["tourists"] = {c: n for c, n in (tourists or {}).items() if c in COLOURS and n}
    cafes.insert(position, item)
    return new


def set_visit_point(doc: dict, at: Any, on: bool) -> dict:
    """Return the draft with a Visit-Them-All point placed on (or removed from) an intersection.

    The PP table grows or shrinks with the points; new entries are empty until typed in.
    """
    new = copy.deepcopy(doc)
    point = list(_point(new, at))
    vta = new.get("visit_them_all")
    if vta is None:
        if not on:
            return new
        vta = new["visit_them_all"] = {"name": "", "at": [], "pp": [0]}
    if not (isinstance(vta, dict) and isinstance(vta.get("at"), list)):
        raise EditError("The draft's visit_them_all is damaged.")
    pp = vta.get("pp") if isinstance(vta.get("pp"), list) else []
    if on and point not in vta["at"]:
        vta["at"].append(point)
    elif not on and point in vta["at"]:
        vta["at"].remove(point)
    if not vta["at"]:
        new["visit_them_all"] = None
        return new
    vta["pp"] = (pp + [None] * (len(vta["at"]) + 1))[:len(vta["at"]) + 1]
    return new


def set_visit_them_all(doc: dict, name: str, pp: list[int | None]) -> dict:
    """Return the draft with the Visit-Them-All name and PP table (for 0, 1, 2… points) set."""
    new = copy.deepcopy(doc)
    vta = new.get("visit_them_all")
    if not isinstance(vta, dict):
        raise EditError("Place a Visit-Them-All point on the map first.")
    if not isinstance(name, str) or not isinstance(pp, list):
        raise EditError("The Visit-Them-All name is text and its PP a list of numbers.")
    vta["name"] = name.strip()
    vta["pp"] = list(pp)
    return new


def set_printed(doc: dict, number: int, axis: str, values: list[int | None]) -> dict:
    """Return the draft with the printed coordinates of one edge of one player board set."""
    if axis not in AXES:
        raise EditError(f"The printed coordinates run along columns or rows, not {axis!r}.")
    if not isinstance(values, list):
        raise EditError("Printed coordinates are a list of numbers.")
    new = copy.deepcopy(doc)
    for item in _list(new, "player_boards"):
        if isinstance(item, dict) and item.get("number") == number:
            item[axis] = list(values)
            return new
    raise EditError(f"The draft has no player board {number!r}.")


def parse_numbers(text: str) -> list[int | None]:
    """Read printed coordinates typed on a phone: "462153", "4 6 2 1 5 3" or "4,6,2,…"; `?` = unknown."""
    text = (text or "").strip()
    if not text:
        return []
    parts = re.split(r"[\s,;/]+", text) if re.search(r"[\s,;/]", text) else list(text)
    return [int(p) if p.isdigit() else None for p in parts if p]


def printed_order_problem(values: Any, length: int) -> str | None:
    """Explain why one edge's printed coordinates are not each of 1..6 once (per 6-wide half); None if fine."""
    if not isinstance(values, list) or not values or all(v is None for v in values):
        return "not entered yet"
    if len(values) != length:
        return f"{len(values)} numbers instead of {length}"
    notes = []
    for start in range(0, length, 6):
        chunk = values[start:start + 6]
        wanted = range(1, len(chunk) + 1)
        if any(not is_int(v) for v in chunk):
            notes.append("some numbers are missing")
            continue
        twice = sorted({v for v in chunk if chunk.count(v) > 1})
        absent = [v for v in wanted if v not in chunk]
        outside = sorted({v for v in chunk if v not in wanted})
        if twice:
            notes.append(f"{', '.join(map(str, twice))} appear{'s' if len(twice) == 1 else ''} twice")
        if outside:
            notes.append(f"{', '.join(map(str, outside))} {'is' if len(outside) == 1 else 'are'} not 1–6")
        if absent:
            notes.append(f"{', '.join(map(str, absent))} {'is' if len(absent) == 1 else 'are'} missing")
    return "; ".join(notes) or None


def missing_items(doc: Any) -> list[Problem]:
    """List what a draft still needs before it is a complete board, each with its path."""
    if not isinstance(doc, dict):
        return [warning("missing-board", "", "This is not a board document.")]
    found: list[Problem] = []
    if not (isinstance(doc.get("name"), str) and doc["name"].strip()):
        found.append(warning("missing-name", "name", "Name the city."))
    try:
        cols, rows = board_size(doc)
    except EditError as exc:
        return [*found, warning("missing-size", "size", str(exc))]
    landmarks = doc.get("landmarks") if isinstance(doc.get("landmarks"), list) else []
    ratings = doc.get("ratings") if isinstance(doc.get("ratings"), dict) else {}
    if not landmarks:
        found.append(warning("missing-landmarks", "landmarks", "No landmarks yet: tap a location to set one."))
    for i, item in enumerate(landmarks):
        if not isinstance(item, dict):
            continue
        locs = [tuple(x) for x in landmark_locations(item) if isinstance(x, list) and len(x) == 2]
        where = ", ".join(f"column {c}, row {r}" for c, r in locs)
        if item.get("kind") == "grey":
            if not (isinstance(item.get("name"), str) and item["name"].strip()):
                found.append(warning("missing-landmark-name", f"landmarks[{i}].name",
                                     f"Name the grey landmark at {where}."))
            if not isinstance(item.get("id"), str) or item["id"] not in ratings:
                found.append(warning("missing-track", f"ratings.{item.get('id')}",
                                     f"Enter the rating track of the grey landmark at {where}."))
        if item.get("kind") == "yellow" and "pp" not in item:
            found.append(warning("missing-pp", f"landmarks[{i}].pp",
                                 f"Enter the printed PP of the yellow landmark at {where}."))
    for i, pb in enumerate(doc.get("player_boards") if isinstance(doc.get("player_boards"), list) else []):
        if not isinstance(pb, dict):
            continue
        for axis, length in (("columns", cols), ("rows", rows)):
            note = printed_order_problem(pb.get(axis), length)
            if note:
                found.append(warning("missing-printed", f"player_boards[{i}].{axis}",
                                     f"Player board {pb.get('number')}, printed {axis}: {note}."))
    for i, cafe in enumerate(doc.get("cafes") if isinstance(doc.get("cafes"), list) else []):
        if isinstance(cafe, dict) and cafe.get("bonus") == "tourists" and not cafe.get("tourists"):
            found.append(warning("missing-cafe-tourists", f"cafes[{i}].tourists",
                                 f"Enter the tourists of the new-tourists cafe at {cafe.get('at')}."))
    vta = doc.get("visit_them_all")
    if isinstance(vta, dict):
        if not (isinstance(vta.get("name"), str) and vta["name"].strip()):
            found.append(warning("missing-vta-name", "visit_them_all.name", "Name the Visit-Them-All points."))
        pp = vta.get("pp") if isinstance(vta.get("pp"), list) else []
        if any(not is_int(v) for v in pp) or len(pp) != len(vta.get("at") or []) + 1:
            found.append(warning("missing-vta-pp", "visit_them_all.pp",
                                 "Enter the Visit-Them-All PP for 0, 1, 2, … points on the route."))
    return found


def check_draft(doc: Any) -> tuple[Board | None, list[Problem]]:
    """Check a draft exactly as a saved board will be checked (`parse_board`)."""
    return parse_board(doc)
