"""A player's sheet as the pages keep it (a draft), as the engine reads it, and as the map shows it.

A draft is the player part of `explore-ny-game/1` without `player` and
`tile` (the table knows those): `sections`, `tourists`, `cafes` and
`final_route` (`null`: the companion chooses the best route). Whatever a phone
posts is kept as it is, so the engine can name every problem in it; the map
shows only what can be drawn.
"""

from __future__ import annotations

import re
from typing import Any

from ...games.explore_new_york.tile import COLOURS, LOCATIONS, ROADS, Location, Point, Section, section
from .svgmap import MapState, district_id, point_id, section_id

DRAFT_KEYS = ("sections", "tourists", "cafes", "final_route")
_PATH = re.compile(r"^(sections|tourists|cafes|final_route)(?:\[(\d+)\])?")


def new_draft() -> dict:
    """An empty sheet: nothing drawn, the companion chooses the route."""
    return {"sections": [], "tourists": [], "cafes": [], "final_route": None}


def engine_player(draft: dict, name: str, tile_doc: dict) -> dict:
    """The player object of a game document: the table's name and tile, the draft's markings."""
    extra = {k: v for k, v in draft.items() if k not in ("player", "tile")}
    return {"player": name, "tile": tile_doc, **extra}


def _point(value: Any) -> Point | None:
    """An intersection from JSON, or None."""
    if isinstance(value, list) and len(value) == 2 and all(type(v) is int for v in value):
        return (value[0], value[1])
    return None


def _section(value: Any) -> Section | None:
    """A road from JSON, or None."""
    if isinstance(value, list) and len(value) == 2:
        a, b = _point(value[0]), _point(value[1])
        if a is not None and b is not None and section(a, b) in ROADS:
            return section(a, b)
    return None


def _district(value: Any) -> Location | None:
    """A district from JSON, or None."""
    p = _point(value)
    return p if p is not None and p in LOCATIONS else None


def map_state(draft: dict) -> MapState:
    """What the map shows of a draft (unreadable entries are left off; the problem list names them)."""
    state = MapState()
    sections = draft.get("sections") if isinstance(draft.get("sections"), list) else []
    for raw in sections:
        sec = _section(raw)
        if sec is not None:
            state.drawn.add(sec)
    tourists = draft.get("tourists") if isinstance(draft.get("tourists"), list) else []
    for item in tourists:
        if isinstance(item, dict):
            loc = _district(item.get("at"))
            if loc is not None:
                state.tourists[loc] = {c: n for c in COLOURS if type(n := item.get(c, 0)) is int and n > 0}
    cafes = draft.get("cafes") if isinstance(draft.get("cafes"), list) else []
    state.circled = {p for p in (_point(v) for v in cafes) if p is not None}
    route = draft.get("final_route")
    if isinstance(route, list):
        points = [_point(v) for v in route]
        if all(p is not None for p in points):
            state.route = points
    return state


def problem_target(path: str, draft: dict) -> str | None:
    """The map element a problem's path points at (a road, a district, a cafe, a route point), if any."""
    found = _PATH.match(path)
    if not found or found.group(2) is None:
        return None
    key, index = found.group(1), int(found.group(2))
    items = draft.get(key)
    if not isinstance(items, list) or index >= len(items):
        return None
    item = items[index]
    if key == "sections":
        sec = _section(item)
        return section_id(sec) if sec else None
    if key == "tourists":
        loc = _district(item.get("at")) if isinstance(item, dict) else None
        return district_id(loc) if loc else None
    p = _point(item)
    if p is None:
        return None
    return point_id(p, "c") if key == "cafes" else point_id(p)


__all__ = ["DRAFT_KEYS", "engine_player", "map_state", "new_draft", "problem_target"]
