"""Turns and the game's end: the next player clockwise, and the end that opens the final return."""

from __future__ import annotations

from typing import Any

from .guards import need_running, turn_action
from .offices import open_final_return
from .state import Outcome, Table, done, refuse


def end_turn(table: Table, seat: Any) -> Outcome:
    """The active player ends their turn; the next seat clockwise begins one."""
    problems = turn_action(table, seat)
    if problems:
        return refuse(table, problems)
    new = table.copy()
    turn = new.turn
    turn.active = (turn.active + 1) % len(new.seats)
    turn.number += 1
    turn.office_taken = turn.route_scored = False
    return done(new, [{"event": "turn-ended", "seat": seat, "next": turn.active}])


def end_game(table: Table) -> Outcome:
    """The base game's last round is over: open the final return of officials' tiles, then the score."""
    problems = need_running(table)
    if problems:
        return refuse(table, problems)
    new = table.copy()
    new.ended = True
    events = [{"event": "game-ended"}]
    if new.offices is not None:
        opened = open_final_return(new)
        if opened is not None:
            events.append(opened)
    return done(new, events)
