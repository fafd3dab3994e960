"""The checks most actions share: a real seat, a module in play, the game still running, whose turn it is."""

from __future__ import annotations

from typing import Any

from ..core.problems import N_, Problem, error
from .state import Table

MODULE_NAMES = {"audience": N_("The Audience"), "offices": N_("Offices of honor")}


def is_whole(value: Any) -> bool:
    """Tell whether a JSON value is a whole number (true and false are not)."""
    return isinstance(value, int) and not isinstance(value, bool)


def check_seat(table: Table, seat: Any, path: str = "seat") -> list[Problem]:
    """A seat is a whole number from 0 to the number of players minus 1."""
    if not is_whole(seat) or not 0 <= seat < len(table.seats):
        return [error("unknown-seat", path, N_("Seats are numbered 0 to {last}, clockwise from the start "
                                               "player; {value} is none of them."),
                      last=len(table.seats) - 1, value=repr(seat))]
    return []


def need_module(table: Table, module: str) -> list[Problem]:
    """The module must be in play at this table."""
    if module not in table.modules:
        return [error("module-not-played", "", N_("This table does not play {module}."),
                      module=MODULE_NAMES[module])]
    return []


def need_running(table: Table) -> list[Problem]:
    """The game must not be over and no officials' tiles may be waiting to be returned."""
    if table.ended:
        return [error("game-over", "", N_("The game is over; only the final return of officials' tiles and the "
                                          "score remain."))]
    returning = table.offices.returning if table.offices else None
    if returning is not None:
        seat = table.seats[returning.queue[0]].player
        return [error("returns-pending", "", N_("Officials' tiles are being returned first: it is {player}'s "
                                                "turn to return."), player=seat)]
    return []


def need_active(table: Table, seat: int, path: str = "seat") -> list[Problem]:
    """Only the player whose turn it is may act now."""
    if seat != table.turn.active:
        return [error("not-your-turn", path, N_("It is {active}'s turn, not {player}'s."),
                      active=table.seats[table.turn.active].player, player=table.seats[seat].player)]
    return []


def turn_action(table: Table, seat: Any, module: str | None = None) -> list[Problem]:
    """Everything a turn's action needs: the module, a real seat, a running game, the active player."""
    problems = need_module(table, module) if module else []
    if problems:
        return problems
    problems = check_seat(table, seat)
    if problems:
        return problems
    return need_running(table) or need_active(table, seat)
