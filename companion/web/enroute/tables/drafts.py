"""Player-sheet drafts as the web stores them: an `enroute-sheet/1` document that may hold mistakes.

A draft is kept exactly as the player entered it (even when invalid), so
nothing is lost; these helpers read it tolerantly for display, turn it into
the document the engine checks, point a problem's path at a map element, and
list what changed between two saved versions.
"""

from __future__ import annotations

import re
from typing import Any

from ....games.enroute.board import COLOURS, Board
from ....games.enroute.geometry import Point, Section, section
from ....games.enroute.sheet import SHEET_FORMAT
from ..maps.svgmap import MapState, location_id, point_id, section_id

ROUTE_MODES = ("best", "own")


def new_sheet(name: str, player_board: int | None) -> dict:
    """Return an empty sheet for a player."""
    return {"format": SHEET_FORMAT, "player": name, "player_board": player_board, "sections": [],
            "final_route": None, "tourists": [], "cafes": [], "personal_goal": None}


def _point(raw: Any) -> Point | None:
    """Read `[x, y]` leniently (None if it is not a pair of integers)."""
    if isinstance(raw, list) and len(raw) == 2 and all(isinstance(v, int) and not isinstance(v, bool) for v in raw):
        return (raw[0], raw[1])
    return None


def _section(raw: Any) -> Section | None:
    """Read `[[x1, y1], [x2, y2]]` leniently."""
    if isinstance(raw, list) and len(raw) == 2:
        a, b = _point(raw[0]), _point(raw[1])
        if a is not None and b is not None and a != b:
            return section(a, b)
    return None


def _items(doc: dict, key: str) -> list:
    """Return a list member of the draft, or an empty list when it is missing or not a list."""
    value = doc.get(key) if isinstance(doc, dict) else None
    return value if isinstance(value, list) else []


def walk_of(doc: dict) -> list[Point]:
    """Return the readable prefix of the draft's traced route."""
    walk = []
    for raw in _items(doc, "final_route"):
        p = _point(raw)
        if p is None:
            break
        walk.append(p)
    return walk


def map_state(doc: dict, route_mode: str, board: Board) -> MapState:
    """Read what a draft shows on the map, skipping anything unreadable."""
    state = MapState()
    state.drawn = {s for s in map(_section, _items(doc, "sections")) if s is not None and board.is_road(s)}
    colours = _items(doc, "colours")  # Paris: one colour per sections item, in order
    for raw, colour in zip(_items(doc, "sections"), colours if len(colours) == len(_items(doc, "sections")) else [],
                           strict=False):
        sec = _section(raw)
        if sec in state.drawn and colour in ("red", "green", "blue"):
            state.colours[sec] = colour
    if route_mode == "own":
        state.route = walk_of(doc)
    for item in _items(doc, "tourists"):
        loc = _point(item.get("at")) if isinstance(item, dict) else None
        if loc is None:
            continue
        counts = {c: item[c] for c in COLOURS if isinstance(item.get(c), int) and not isinstance(item.get(c), bool)
                  and 0 < item[c] < 100}
        state.tourists.setdefault(loc, {}).update(counts)
    for item in _items(doc, "cafes"):
        at = _point(item.get("at")) if isinstance(item, dict) else None
        if at is not None and item.get("state") in ("used", "unused"):
            state.cafes[at] = item["state"]
    state.goal = [p for p in map(_point, _items(doc, "personal_goal")) if p is not None]
    state.crossed = {loc for loc in map(_point, _items(doc, "crossed")) if loc is not None}
    remote = doc.get("remote") if isinstance(doc, dict) else None
    for key, counts in (remote.items() if isinstance(remote, dict) else ()):
        if isinstance(key, str) and isinstance(counts, dict):
            state.remote[key] = {c: n for c, n in counts.items() if c in COLOURS and isinstance(n, int)
                                 and not isinstance(n, bool) and 0 < n < 100}
    return state


def engine_sheet(doc: dict, route_mode: str, name: str) -> dict:
    """Return the document the engine checks: the table's name, and no route when the companion chooses."""
    sheet = dict(doc)
    sheet["player"] = name
    if route_mode != "own":
        sheet["final_route"] = None
    return sheet


_PATH = re.compile(r"^(?:players\[\d+\]\.)?(\w+)(?:\[(\d+)\])?")


_PAIR = re.compile(r"\[(\d+), (\d+)\]")


def problem_target(path: str, doc: dict, message: str = "") -> str | None:
    """Return the id of the map element a problem's path points at, or None."""
    match = _PATH.match(path or "")
    if match and match.group(1) == "remote" and path.startswith(("remote.", "players")):
        key = re.match(r"^(?:players\[\d+\]\.)?remote\.([^.\[]+)", path)
        return f"f-{key.group(1)}" if key else None
    if match and match.group(1) == "cafes" and _PAIR.search(message or ""):
        # The engine numbers "cafe not reached" over the cafes it kept, not the document's
        # items, so the point named in the message is the reliable target.
        x, y = map(int, _PAIR.search(message).groups())
        return point_id((x, y), "c")
    if not match or match.group(2) is None:
        if match and match.group(1) == "personal_goal":
            return "goal"  # the whole goal: highlight every circled point
        return None
    key, index = match.group(1), int(match.group(2))
    items = _items(doc, key)
    if index >= len(items):
        return None
    item = items[index]
    if key == "sections":
        sec = _section(item)
        return section_id(sec) if sec else None
    if key == "tourists" and isinstance(item, dict):
        loc = _point(item.get("at"))
        return location_id(loc) if loc else None
    if key == "cafes" and isinstance(item, dict):
        at = _point(item.get("at"))
        return point_id(at, "c") if at else None
    if key == "personal_goal":
        p = _point(item)
        return point_id(p) if p else None
    if key == "crossed":
        loc = _point(item)
        return f"x-{loc[0]}-{loc[1]}" if loc else None
    if key == "final_route":
        p = _point(item)
        prev = _point(items[index - 1]) if index > 0 else None
        if p and prev and p != prev:
            return section_id(section(prev, p))
        return point_id(p) if p else None
    return None


class _AnyBoard:
    """A stand-in board that accepts every road, for comparing drafts without a board."""

    @staticmethod
    def is_road(_sec: Section) -> bool:
        """Accept any section."""
        return True


_ANY_BOARD = _AnyBoard()


def changes(old: dict, old_mode: str, new: dict, new_mode: str) -> list[tuple[str, dict]]:
    """List what differs between two saved versions as (i18n key, parameters) pairs."""
    found: list[tuple[str, dict]] = []
    a, b = map_state(old, "own", _ANY_BOARD), map_state(new, "own", _ANY_BOARD)
    added, removed = b.drawn - a.drawn, a.drawn - b.drawn
    if added:
        found.append(("change_sections_added", {"n": len(added)}))
    if removed:
        found.append(("change_sections_removed", {"n": len(removed)}))
    for loc in sorted(set(a.tourists) | set(b.tourists)):
        if a.tourists.get(loc, {}) != b.tourists.get(loc, {}):
            found.append(("change_tourists", {"where": f"{loc[0]},{loc[1]}"}))
    if a.cafes != b.cafes:
        found.append(("change_cafes", {}))
    if a.goal != b.goal:
        found.append(("change_goal", {}))
    if a.crossed != b.crossed:
        found.append(("change_crossed", {}))
    if a.remote != b.remote:
        found.append(("change_remote", {}))
    if a.route != b.route or old_mode != new_mode:
        found.append(("change_route", {}))
    if old.get("player_board") != new.get("player_board"):
        found.append(("change_player_board", {}))
    if old.get("goal_values") != new.get("goal_values"):
        found.append(("change_goal_values", {}))
    return found
