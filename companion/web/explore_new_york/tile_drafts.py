"""The tile editor's drafts: a tile as typed so far, read from the editor's form, what is still missing in words,
and the engine's own problems with what is there.

A draft has the shape of `explore-new-york-tile/1` except that a district
not given yet is `null` and the name or id may still be empty. The engine's
`parse_tile` is the only judge of a tile: the editor runs it on every save,
with the blanks filled by neutral stand-ins so that its problems speak only of
what was typed (a fifth star, a cafe on a tile corner, a cafe twice, printed
coordinates twice); the blanks themselves are the checklist's business.
"""

from __future__ import annotations

import copy
import re
import unicodedata
from dataclasses import dataclass, field
from typing import Any

from werkzeug.datastructures import MultiDict

from ...games.core.problems import Problem
from ...games.explore_new_york.tile import COLOURS, KINDS, SIZE
from ...games.explore_new_york.tiles import TILE_FORMAT, parse_tile
from ..core.i18n import _

CAFE_ROWS = 10  # the printed tiles have about six cafes; ten places leave room
MAX_TOURISTS = 3  # a cafe's symbols of one colour offered by the form
MAX_NAME = 60
_SLUG = re.compile(r"[^a-z0-9]+")


@dataclass
class ReadTile:
    """A posted tile as far as it could be read, and the fields refused (field name -> message)."""

    doc: dict[str, Any]
    errors: dict[str, str] = field(default_factory=dict)


def blank_draft() -> dict[str, Any]:
    """A new tile with nothing given yet."""
    return {"format": TILE_FORMAT, "id": "", "name": "", "columns": list(range(1, SIZE + 1)),
            "rows": list(range(1, SIZE + 1)), "districts": [[None] * SIZE for _ in range(SIZE)], "cafes": []}


def draft_from_tile(doc: dict[str, Any], keep_id: bool = True) -> dict[str, Any]:
    """A draft copied from a tile document (its id cleared when the copy becomes a new tile)."""
    draft = copy.deepcopy(doc)
    if not keep_id:
        draft["id"] = ""
    return draft


def draft_from_json(value: Any) -> dict[str, Any] | None:
    """A draft from a pasted tile document: the keys the editor knows, each kept only when it has the right shape."""
    if not isinstance(value, dict):
        return None
    draft = blank_draft()
    for key in ("id", "name"):
        if isinstance(value.get(key), str):
            draft[key] = value[key].strip()[:MAX_NAME]
    for key in ("columns", "rows"):
        axis = value.get(key)
        if isinstance(axis, list) and len(axis) == SIZE and all(type(v) is int and 1 <= v <= SIZE for v in axis):
            draft[key] = list(axis)
    grid = value.get("districts")
    if isinstance(grid, list):
        for r, row in enumerate(grid[:SIZE]):
            for c, kind in enumerate(row[:SIZE] if isinstance(row, list) else []):
                draft["districts"][r][c] = kind if kind in KINDS else None
    cafes = value.get("cafes")
    for cafe in cafes[:CAFE_ROWS] if isinstance(cafes, list) else []:
        at = cafe.get("at") if isinstance(cafe, dict) else None
        tourists = cafe.get("tourists") if isinstance(cafe, dict) else None
        if isinstance(at, list) and len(at) == 2 and all(type(v) is int and 0 <= v <= SIZE for v in at) \
                and isinstance(tourists, dict):
            counts = {c: n for c in COLOURS if type(n := tourists.get(c)) is int and 0 < n <= MAX_TOURISTS}
            draft["cafes"].append({"at": list(at), "tourists": counts})
    return draft


def slug(name: str) -> str:
    """A tile id suggested by a name: lowercase letters and digits joined by dashes (empty for a name without)."""
    text = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().lower()
    return _SLUG.sub("-", text).strip("-")[:64]


def _number(form: MultiDict, key: str, low: int, high: int, errors: dict[str, str], what: str) -> int | None:
    """A posted whole number in low..high, None when left empty; a refused value is named in `errors`."""
    text = form.get(key, "")
    text = text.strip() if isinstance(text, str) else ""
    if not text:
        return None
    if text.isascii() and text.isdigit() and len(text) <= 3 and low <= int(text) <= high:
        return int(text)
    errors[key] = _("{what} is a whole number from {low} to {high}, not {value}.", what=what, low=low, high=high,
                    value=repr(text[:20]))
    return None


def read_tile_form(form: MultiDict, replaces: str | None) -> ReadTile:
    """Read the editor's fields into a draft; a saved tile being edited keeps its id."""
    out = ReadTile(blank_draft())
    doc = out.doc
    name = form.get("name", "")
    doc["name"] = name.strip()[:MAX_NAME] if isinstance(name, str) else ""
    typed = form.get("id", "")
    typed = typed.strip().lower()[:64] if isinstance(typed, str) else ""
    doc["id"] = replaces or typed or slug(doc["name"])
    for axis, what in (("columns", _("A printed X coordinate")), ("rows", _("A printed Y coordinate"))):
        for k in range(SIZE):
            value = _number(form, f"{axis}-{k}", 1, SIZE, out.errors, what)
            doc[axis][k] = value if value is not None else k + 1
    for r in range(SIZE):
        for c in range(SIZE):
            kind = form.get(f"d-{r + 1}-{c + 1}", "")
            if kind in KINDS:
                doc["districts"][r][c] = kind
            elif kind:
                out.errors[f"d-{r + 1}-{c + 1}"] = _("Choose the district's kind from the list.")
    for k in range(CAFE_ROWS):
        x = _number(form, f"cafe-{k}-x", 0, SIZE, out.errors, _("A cafe's x"))
        y = _number(form, f"cafe-{k}-y", 0, SIZE, out.errors, _("A cafe's y"))
        counts = {c: n for c in COLOURS
                  if (n := _number(form, f"cafe-{k}-{c}", 0, MAX_TOURISTS, out.errors, _("A number of tourists")))}
        if x is None and y is None and not counts:
            continue
        if x is None or y is None:
            if f"cafe-{k}-x" in out.errors or f"cafe-{k}-y" in out.errors:
                continue  # the unreadable number is already named
            out.errors[f"cafe-{k}-x"] = _("Cafe {n}: give both x and y of its intersection (0 to {size}).", n=k + 1,
                                          size=SIZE)
            continue
        doc["cafes"].append({"at": [x, y], "tourists": counts})
    return out


def _where(doc: dict[str, Any], r: int, c: int) -> str:
    """A district as the printed tile names it: X and Y from the draft's printed coordinates."""
    columns, rows = doc.get("columns") or [], doc.get("rows") or []
    x = columns[c] if c < len(columns) else c + 1
    y = rows[r] if r < len(rows) else r + 1
    return f"X{x} Y{y}"


def blanks(doc: dict[str, Any]) -> list[tuple[int, int]]:
    """The districts not given yet, as (row, column) from 0, row by row."""
    grid = doc.get("districts") if isinstance(doc.get("districts"), list) else []
    out = []
    for r in range(SIZE):
        row = grid[r] if r < len(grid) and isinstance(grid[r], list) else []
        for c in range(SIZE):
            if c >= len(row) or row[c] not in KINDS:
                out.append((r, c))
    return out


def missing(doc: dict[str, Any]) -> list[str]:
    """What the tile still lacks, in words; empty when it can be saved as a tile (if the engine agrees)."""
    out = []
    if not doc.get("name"):
        out.append(_("Give the tile a name (as printed on it, or your own)."))
    if not doc.get("id"):
        out.append(_("Give the tile an id: lowercase letters, digits and dashes (it names the tile in files)."))
    empty = blanks(doc)
    if empty:
        shown = ", ".join(_where(doc, r, c) for r, c in empty[:8])
        more = len(empty) - 8
        out.append(_("Districts with no kind yet ({n} of 36): {where}.", n=len(empty), where=shown) if more <= 0
                   else _("Districts with no kind yet ({n} of 36): {where} and {more} more.", n=len(empty),
                          where=shown, more=more))
    return out


def reminders(doc: dict[str, Any]) -> list[str]:
    """Things a finished tile usually has that this one has not (not required: a tile may differ)."""
    out = []
    if not doc.get("cafes"):
        out.append(_("No cafe yet: printed tiles have cafes on some intersections. Add them if your tile has any."))
    kinds = {k for row in doc.get("districts") or [] if isinstance(row, list) for k in row}
    if not blanks(doc) and "grey" not in kinds:
        out.append(_("No grey star district: check the tile if it has stars."))
    return out


def stand_in(doc: dict[str, Any]) -> dict[str, Any]:
    """The draft with its blanks filled by neutral values, so the engine judges only what was typed."""
    filled = copy.deepcopy(doc)
    filled["format"] = TILE_FORMAT
    filled["name"] = filled.get("name") or "?"
    filled["id"] = filled.get("id") or "tile"
    for r, c in blanks(doc):
        filled["districts"][r][c] = "white"
    return filled


def engine_problems(doc: dict[str, Any]) -> list[Problem]:
    """The engine's problems with what the draft holds (blanks excepted)."""
    return parse_tile(stand_in(doc))[1]


def finished(doc: dict[str, Any]) -> bool:
    """Tell whether the draft is a whole tile the engine accepts."""
    return not missing(doc) and parse_tile(doc)[0] is not None


def problem_field(path: str) -> str:
    """The editor's field a problem of the engine points at (its path in the tile document)."""
    match = re.match(r"(districts|cafes|columns|rows)(?:\[(\d+)\])?(?:\[(\d+)\])?", path)
    if match is None:
        return "name" if path == "name" else "id" if path == "id" else ""
    key, first, second = match.groups()
    if key == "districts" and first is not None and second is not None:
        return f"d-{int(first) + 1}-{int(second) + 1}"
    if key == "cafes" and first is not None:
        return f"cafe-{first}-x"
    if key in ("columns", "rows"):
        return key
    return key
