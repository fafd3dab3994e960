"""New York printed as two halves: each 6×6 half of the double map on a page of its own, at a larger scale.

On one portrait A4 page the 12×6 map gets cells of about 14 mm; a half alone gets about 24 mm. Each half is a
board of its own built from the city's data (`half_board`): the half's locations, roads, landmarks, cafes and
features moved to columns 1–6, and each player board's printed coordinates of that half. Something that spans
both halves (a road on the middle line, a feature with parts on each side) prints on both pages with the part
of each. `python -m printables maps new-york-example --halves --out ny.pdf` prints them (registered in `__init__.py`).
"""

from __future__ import annotations

from io import BytesIO
from typing import Any

from companion.games.core.problems import N_
from companion.games.enroute.board import Board, board_to_json, parse_board

from ... import style
from ...maps import TITLE, draw_map_page, map_layout
from ...style import print_locale
from ...texts import level_rows, localized_rows

HALF = 6
HALF_NAMES = (N_("{city}: left half"), N_("{city}: right half"))
_POINT_KEYS = ("at", "meeting")
_LOCATION_KEYS = ("location",)


def _point_in(p: Any, lo: int) -> bool:
    """Tell whether an intersection lies on the half starting at x = lo (the middle line belongs to both)."""
    return isinstance(p, list) and len(p) == 2 and lo <= p[0] <= lo + HALF


def _loc_in(loc: Any, lo: int) -> bool:
    """Tell whether a location lies on the half."""
    return lo < loc[0] <= lo + HALF


def _sec_in(sec: Any, lo: int) -> bool:
    """Tell whether a section lies on the half (both ends)."""
    return all(_point_in(p, lo) for p in sec)


def _shift(p: list, lo: int) -> list:
    """Move an intersection or a location to the half's own columns."""
    return [p[0] - lo, p[1]]


def _feature(item: dict, lo: int) -> dict | None:
    """The part of a feature on the half, moved; None when nothing of it is there."""
    out = dict(item)
    geometric = False
    for key in ("sections", "water"):
        if key in out:
            geometric = True
            out[key] = [[_shift(a, lo), _shift(b, lo)] for a, b in out[key] if _sec_in((a, b), lo)]
    if "section" in out:
        geometric = True
        if not _sec_in(out["section"], lo):
            return None
        out["section"] = [_shift(p, lo) for p in out["section"]]
    for key in _POINT_KEYS:
        if key in out:
            geometric = True
            value = out[key]
            points = value if value and isinstance(value[0], list) else [value]
            kept = [_shift(p, lo) for p in points if _point_in(p, lo)]
            if not kept:
                return None
            out[key] = kept if value and isinstance(value[0], list) else kept[0]
    for key in ("locations", "waterfront"):
        if key in out:
            geometric = True
            out[key] = [_shift(loc, lo) for loc in out[key] if _loc_in(loc, lo)]
    for key in _LOCATION_KEYS:
        if key in out:
            geometric = True
            if not _loc_in(out[key], lo):
                return None
            out[key] = _shift(out[key], lo)
    if geometric and not any(out.get(k) for k in ("sections", "water", "section", "at", "meeting", "locations",
                                                  "location")):
        return None
    return out


def half_board(board: Board, half: int) -> Board:
    """Return one half (0 left, 1 right) of a 12-column board as a 6-column board of its own."""
    lo = half * HALF
    doc = board_to_json(board)
    doc["id"] = f"{board.id}-{('left', 'right')[half]}"
    doc["size"] = [HALF, board.rows]
    for pb in doc["player_boards"]:
        pb["columns"] = pb["columns"][lo:lo + HALF]
    landmarks = []
    for lm in doc["landmarks"]:
        locs = [loc for loc in lm["locations"] if _loc_in(loc, lo)]
        points = [p for p in lm.get("points", []) if _point_in(p, lo)]
        if (lm["locations"] and len(locs) != len(lm["locations"])) or (lm.get("points") and not points):
            continue  # a landmark of the other half
        if not locs and not points:
            continue
        lm = dict(lm, locations=[_shift(loc, lo) for loc in locs])
        if "points" in lm:
            lm["points"] = [_shift(p, lo) for p in points]
        if "sides" in lm:
            lm["sides"] = [[_shift(a, lo), _shift(b, lo)] for a, b in lm["sides"] if _sec_in((a, b), lo)]
        landmarks.append(lm)
    doc["landmarks"] = landmarks
    doc["cafes"] = [dict(c, at=_shift(c["at"], lo)) for c in doc["cafes"] if _point_in(c["at"], lo)]
    doc["roads"] = {"remove": [[_shift(a, lo), _shift(b, lo)] for a, b in doc["roads"]["remove"]
                               if _sec_in((a, b), lo)],
                    "add": [dict(r, section=[_shift(p, lo) for p in r["section"]],
                                 borders=[_shift(loc, lo) for loc in r["borders"] if _loc_in(loc, lo)])
                            for r in doc["roads"]["add"] if _sec_in(r["section"], lo)]}
    features = [f for f in (_feature(item, lo) for item in doc["features"]) if f is not None]
    ids = {f["id"] for f in features}
    features = [f for f in features if f.get("dock") is None or f["dock"] in ids]  # tickets of this half's docks
    doc["features"] = features
    used = {lm.get("rating") or lm["id"] for lm in landmarks} | {f.get("rating") for f in features}
    doc["ratings"] = {k: v for k, v in doc["ratings"].items() if k in used}
    if doc.get("scoring") is not None:
        doc["scoring"] = [r for r in doc["scoring"] if r.get("feature") is None or r["feature"] in ids]
    if doc.get("visit_them_all") is not None:
        doc["visit_them_all"] = None  # the city's table counts the whole map
    found, problems = parse_board(doc)
    if found is None:
        raise ValueError(f"{board.id} cannot be split into halves: {problems[0].path}: {problems[0].message}")
    return found


def halves_pdf(board: Board, paper: str = "a4", lang: str = "en", level: str = "full") -> bytes:
    """Build the blank maps of a two-half city, two pages (left half, right half) per player board."""
    if board.cols != 2 * HALF:
        raise ValueError(f"{board.name} is not a map of two 6-column halves.")
    loc = print_locale(lang)
    halves = [half_board(board, h) for h in (0, 1)]
    buffer = BytesIO()
    c = style.new_canvas(buffer, paper, loc.t(TITLE, city=board.name), loc.t(style.SUBJECT), lang)
    pages = 2 * len(board.player_boards)
    n = 0
    for player_board in board.player_boards:
        for h, part in enumerate(halves):
            named = _renamed(part, loc.t(HALF_NAMES[h], city=board.name))
            rows = level_rows(localized_rows(named, loc), level)
            layout = map_layout(named, paper, lang, rows)
            n += 1
            draw_map_page(c, named, named.player_board(player_board.number), layout, loc, rows, (n, pages))
            c.showPage()
    return style.finish(c, buffer)


def _renamed(board: Board, name: str) -> Board:
    """The half board with its page title."""
    from dataclasses import replace

    return replace(board, name=name)


__all__ = ["half_board", "halves_pdf"]
