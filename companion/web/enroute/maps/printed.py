"""Problems in the player's own terms (issue 13, U2): printed coordinates and landmark names, never layout ones.

The engine's messages name places by the board's layout (`[4, 0]`, `location [2, 5]`), which is not what
the player's board prints: every player board numbers its columns and rows in its own order. Pages show
a problem through `problem_line_printed`, which names the item the problem is about by what the player
sees — "Sunset Beach (2, 5)", "top-left corner of (3, 1)", "between (2, 3) and (3, 3)" — and rewrites
the message's place parameters the same way. The engine is not changed.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from ....games.core.problems import N_, Problem
from ....games.enroute.board import Board, PlayerBoard
from ....games.enroute.geometry import section
from ...core.i18n import _, problem_text
from ..labels import PROBLEM_TEXTS, join_list, label

CORNERS = {"top-left": N_("top-left corner of {where}"), "top-right": N_("top-right corner of {where}"),
           "bottom-left": N_("bottom-left corner of {where}"), "bottom-right": N_("bottom-right corner of {where}")}
SIDES = {"top": N_("top side of {where}"), "bottom": N_("bottom side of {where}"),
         "left": N_("left side of {where}"), "right": N_("right side of {where}")}
_ITEM = re.compile(r"^(?:players\[\d+\]\.)?(?:turn\.)?(sections|tourists|cafes|final_route|personal_goal|segment|"
                   r"bonus_sections|location)(?:\[(\d+)\])?")
_LAYOUT = re.compile(r"\[\d+, \d+\]")  # "[4, 0]": a layout place as the engine writes it (printed ones are "(c, r)")
POINT_KEYS = ("at", "point")  # message parameters that are intersections
SECTION_KEYS = ("a", "b")  # section ends: the message is replaced by the code's text, led by the section's name


def _pair(raw: Any) -> tuple[int, int] | None:
    """Read `[x, y]` (a list or tuple of two integers), else None."""
    if isinstance(raw, (list, tuple)) and len(raw) == 2 and all(type(v) is int for v in raw):
        return (raw[0], raw[1])
    return None


def board_of(board: Board, number: Any) -> PlayerBoard:
    """The player board a sheet names, or the first one (the map shows that one too)."""
    pb = board.player_board(number) if type(number) is int else None
    return pb or board.player_boards[0]


def place(pb: PlayerBoard, at: tuple[int, int]) -> str:
    """Write a location's printed coordinates "(c, r)"; on a double map (each half printing 1–6 again: New York)
    also its half, so the name is not ambiguous."""
    col, row = pb.printed(at)
    width = len(set(pb.columns))
    if len(pb.columns) == 2 * width:
        return _("({c}, {r}) left half", c=col, r=row) if at[0] <= width else _("({c}, {r}) right half", c=col, r=row)
    return f"({col}, {row})"


def where(board: Board, pb: PlayerBoard, loc: Any) -> str:
    """Name a location as the player's board prints it, with its landmarks: "Sunset Beach (2, 5)"."""
    at = _pair(loc)
    if at is None or not (1 <= at[0] <= board.cols and 1 <= at[1] <= board.rows):
        return str(list(loc) if isinstance(loc, tuple) else loc)
    named = place(pb, at)
    names = [lm.name for lm in board.landmarks_at(at) if lm.name]
    return _("{name} {where}", name=join_list(names), where=named) if names else named


def corner(board: Board, pb: PlayerBoard, point: Any) -> str:
    """Name an intersection as the corner of the location next to it, in printed coordinates."""
    p = _pair(point)
    if p is None or not (0 <= p[0] <= board.cols and 0 <= p[1] <= board.rows):
        return str(list(point) if isinstance(point, tuple) else point)
    c, r = min(max(p[0] + 1, 1), board.cols), min(max(p[1] + 1, 1), board.rows)
    side = ("top" if r == p[1] + 1 else "bottom") + "-" + ("left" if c == p[0] + 1 else "right")
    return _(CORNERS[side], where=place(pb, (c, r)))


def road(board: Board, pb: PlayerBoard, a: Any, b: Any) -> str:
    """Name a road by the locations beside it: "between (2, 3) and (3, 3)" or "top side of (1, 1)"."""
    return _road(board, pb, a, b)[1]


def _road(board: Board, pb: PlayerBoard, a: Any, b: Any) -> tuple[bool, str]:
    """Name a road; say whether the name is a side of one location (a road along the map's edge)."""
    p, q = _pair(a), _pair(b)
    if p is None or q is None or p == q:
        return False, f"{a}–{b}"
    sec = section(p, q)
    beside = sorted(x for x in board.borders(sec)) if sec in board.roads else []
    if len(beside) >= 2:
        return False, _("between {a} and {b}", a=where(board, pb, beside[0]), b=where(board, pb, beside[1]))
    (x1, y1), (x2, y2) = sec
    if beside and (y1 == y2 or x1 == x2):
        c, r = beside[0]
        side = ("top" if y1 == r - 1 else "bottom") if y1 == y2 else ("left" if x1 == c - 1 else "right")
        return True, _(SIDES[side], where=where(board, pb, beside[0]))
    return False, _("from {a} to {b}", a=corner(board, pb, p), b=corner(board, pb, q))


def item_label(path: str, doc: Any, board: Board, pb: PlayerBoard) -> str:
    """Name the item a problem's path points at by what the player sees, or an empty string."""
    match = _ITEM.match(path or "")
    if not match:
        return ""
    key, index = match.group(1), match.group(2)
    items = doc.get(key) if isinstance(doc, dict) else None
    item = items[int(index)] if isinstance(items, list) and index is not None and int(index) < len(items) else None
    if key in ("sections", "segment", "bonus_sections") and item is not None:
        sec = item.get("section") if isinstance(item, dict) else item
        if isinstance(sec, (list, tuple)) and len(sec) == 2:
            on_side, name = _road(board, pb, sec[0], sec[1])
            return _("Section on the {side}", side=name) if on_side else _("Section {where}", where=name)
    if key == "location" and doc.get("location") is not None:
        return where(board, pb, doc.get("location"))
    if key == "tourists" and isinstance(item, dict) and _pair(item.get("at")):
        return _("Tourists at {where}", where=where(board, pb, item.get("at")))
    if key == "cafes" and isinstance(item, dict) and _pair(item.get("at")):
        return _("Cafe at the {where}", where=corner(board, pb, item.get("at")))
    if key == "personal_goal" and _pair(item):
        return _("Goal point at the {where}", where=corner(board, pb, item))
    if key == "final_route" and index is not None:
        return label("item_final_route", n=int(index) + 1)
    return ""


def problem_line_printed(problem: Problem, board: Board, pb: PlayerBoard | None, doc: Any = None) -> str:
    """A problem's message in the page's language and the player's printed terms, led by the item it concerns."""
    pb = pb or board.player_boards[0]
    item = item_label(problem.path, doc, board, pb)
    params = dict(problem.params or {})
    general = PROBLEM_TEXTS.get(problem.code)
    layout = bool(_LAYOUT.search(problem.message or "")) if not problem.template else \
        any(k in params for k in SECTION_KEYS)
    if general is not None and layout:
        # a message naming layout places ([4, 0], section ends): the code's text, led by the item's printed name
        return f"{item}: {_(general)}" if item else _(general)
    if problem.template:
        for key, value in params.items():
            if key == "location" and _pair(value):
                params[key] = where(board, pb, value)
                item = ""  # the message names the place itself
            elif key in POINT_KEYS and _pair(value):
                params[key] = _("the {corner}", corner=corner(board, pb, value))
                item = ""
        problem = replace(problem, params=params)
    return problem_text(problem, item)
