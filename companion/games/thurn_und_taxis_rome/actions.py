"""Actions as JSON objects (`{"action": "take-office", "seat": 1, "office": "coachman"}`), for pages and the API.

Each action's keys are checked here; its values are checked by the action itself, with paths relative
to the action object (`kinds[1]`, `moves[0].to`).
"""

from __future__ import annotations

from typing import Any, Literal

from ..core.problems import N_, error
from ..core.schema import Doc, read
from .audience import assign_clergy, score_route, set_tile_value
from .offices import return_offices, take_office
from .posts import build, take_bonus, trigger_end_action
from .state import Outcome, Table, refuse
from .turns import end_game, end_turn


class PlaceClergy(Doc):
    """`place-clergy`: a seat's secret placement."""

    action: Literal["place-clergy"]
    seat: Any
    assignment: Any


class TileValue(Doc):
    """`tile-value`: a clergy rank's printed points (and printed name)."""

    action: Literal["tile-value"]
    rank: Any
    points: Any
    name: Any = None


class ScoreRoute(Doc):
    """`score-route`: the route scored, its new post offices and the carriage steps."""

    action: Literal["score-route"]
    seat: Any
    cities: Any
    post_offices: Any = None
    moves: Any = None


class TakeOffice(Doc):
    """`take-office`: the active player uses an official's help."""

    action: Literal["take-office"]
    seat: Any
    office: Any


class ReturnOffices(Doc):
    """`return-offices`: a seat returns different officials' tiles (in a return round or the final return)."""

    action: Literal["return-offices"]
    seat: Any
    kinds: Any


class EndTurn(Doc):
    """`end-turn`: the active player's turn is over."""

    action: Literal["end-turn"]
    seat: Any


class EndGame(Doc):
    """`end-game`: the base game's final round is over."""

    action: Literal["end-game"]


class TakeBonus(Doc):
    """`take-bonus`: a seat takes the top tile of a bonus stack (tracked tables)."""

    action: Literal["take-bonus"]
    seat: Any
    stack: Any


class Build(Doc):
    """`build`: without the Audience, the active player's new post offices (tracked tables)."""

    action: Literal["build"]
    seat: Any
    count: Any


class TriggerEnd(Doc):
    """`trigger-end`: the active player took the 7-carriage; the final round starts (tracked tables)."""

    action: Literal["trigger-end"]
    seat: Any


def _route(doc: ScoreRoute) -> dict:
    """The route part of a `score-route` action."""
    route: dict[str, Any] = {"cities": doc.cities}
    if doc.post_offices is not None:
        route["post_offices"] = doc.post_offices
    if doc.moves is not None:
        route["moves"] = doc.moves
    return route


ACTIONS = {
    "place-clergy": (PlaceClergy, lambda t, d: assign_clergy(t, d.seat, d.assignment)),
    "tile-value": (TileValue, lambda t, d: set_tile_value(t, d.rank, d.points, d.name)),
    "score-route": (ScoreRoute, lambda t, d: score_route(t, d.seat, _route(d))),
    "take-office": (TakeOffice, lambda t, d: take_office(t, d.seat, d.office)),
    "return-offices": (ReturnOffices, lambda t, d: return_offices(t, d.seat, d.kinds)),
    "end-turn": (EndTurn, lambda t, d: end_turn(t, d.seat)),
    "end-game": (EndGame, lambda t, d: end_game(t)),
    "take-bonus": (TakeBonus, lambda t, d: take_bonus(t, d.seat, d.stack)),
    "build": (Build, lambda t, d: build(t, d.seat, d.count)),
    "trigger-end": (TriggerEnd, lambda t, d: trigger_end_action(t, d.seat)),
}


def apply_action(table: Table, action: Any) -> Outcome:
    """Apply one action object to a table; an unreadable or refused action leaves the table as it was."""
    kind = action.get("action") if isinstance(action, dict) else None
    if not isinstance(kind, str) or kind not in ACTIONS:
        return refuse(table, [error("unknown-action", "action", N_("An action is an object whose \"action\" is one "
                                                                   "of {known}."), known=", ".join(ACTIONS))])
    model, run = ACTIONS[kind]
    doc, problems = read(model, action)
    if doc is None:
        return refuse(table, problems)
    return run(table, doc)
