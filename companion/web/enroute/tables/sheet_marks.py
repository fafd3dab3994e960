"""What a sheet records beside the map on some boards, entered as form fields: tickets for a board's docks
(the Statue of Liberty) and what the round's cafe card gave at each card cafe (New York).

The fields come from the board's features and cafes (`dock` features; cafes whose bonus is `"card"`), never
from the city's name; a board without them shows nothing. Posted values outside the board's choices are
ignored, so junk never reaches the sheet.
"""

from __future__ import annotations

from typing import Any

from werkzeug.datastructures import MultiDict

from ....games.core.problems import N_
from ....games.enroute.board import Board
from ....games.enroute.formats import CARD_BONUSES
from ...core.i18n import _
from ..maps.printed import board_of, corner

BONUS_NAMES = {"tourists": N_("New tourists"), "ticket": N_("A Statue of Liberty ticket"),
               "section": N_("A route section"), "coordinate": N_("A coordinate change"), "pp": N_("8 PP")}


def _point(raw: Any) -> tuple[int, int] | None:
    """A cafe entry's intersection as a pair, or None."""
    if isinstance(raw, list | tuple) and len(raw) == 2 and all(type(v) is int for v in raw):
        return raw[0], raw[1]
    return None


def card_cafes(board: Board) -> list[tuple[int, int]]:
    """The intersections of the cafes whose bonus the round's cafe card decides."""
    return sorted(c.at for c in board.cafes if c.bonus == "card")


def field_name(at: tuple[int, int]) -> str:
    """The form field of one card cafe's bonus."""
    return f"cafe_bonus_{at[0]}_{at[1]}"


def marks_context(board: Board, draft: dict) -> dict | None:
    """The fieldset's content for a draft (None when the board records nothing beside the map)."""
    docks = board.features_of("dock")
    cafes = card_cafes(board)
    if not docks and not cafes:
        return None
    pb = board_of(board, draft.get("player_board"))
    held = set(draft.get("tickets") or []) if isinstance(draft.get("tickets"), list) else set()
    given = {}
    for item in draft.get("cafes") or [] if isinstance(draft.get("cafes"), list) else []:
        at = _point(item.get("at")) if isinstance(item, dict) else None
        if at is not None:
            given[at] = item.get("bonus")
    return {
        "docks": [{"id": f.id, "name": f.name or f.id, "where": corner(board, pb, f.points[0] if f.points else None),
                   "checked": f.id in held} for f in docks],
        "cafes": [{"field": field_name(at), "where": corner(board, pb, at), "value": given.get(at) or ""}
                  for at in cafes],
        "bonuses": [(key, _(BONUS_NAMES[key])) for key in CARD_BONUSES],
    }


def merge_marks(doc: dict, board: Board, posted: MultiDict) -> dict:
    """Fold the posted tickets and card-cafe bonuses into a draft (only values the board offers).

    Only a form that showed the fields (its hidden `marks` field) replaces them: a post of the sheet's JSON
    alone (a script, an older page) keeps the tickets and bonuses the JSON carries.
    """
    if posted.get("marks") != "1":
        return doc
    docks = {f.id for f in board.features_of("dock")}
    if docks:
        tickets = [d for d in dict.fromkeys(posted.getlist("ticket")) if d in docks]
        if tickets:
            doc["tickets"] = tickets
        else:
            doc.pop("tickets", None)
    cafes = set(card_cafes(board))
    if cafes and isinstance(doc.get("cafes"), list):
        items = []
        for item in doc["cafes"]:
            at = _point(item.get("at")) if isinstance(item, dict) else None
            if at in cafes:
                item = {k: v for k, v in item.items() if k != "bonus"}
                value = posted.get(field_name(at), "")
                if value in CARD_BONUSES:
                    item["bonus"] = value
            items.append(item)
        doc["cafes"] = items
    return doc
