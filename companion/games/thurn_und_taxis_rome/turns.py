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
    events = [{"event": "turn-ended", "seat": seat, "next": turn.active}]
    if new.posts is not None and new.posts.final_round is not None and seat == len(new.seats) - 1:
        events += _finish(new)  # the final round is played out: the last seat in clockwise order ended it
    return done(new, events)


def _finish(table: Table) -> list[dict]:
    """End the game on `table` (changed in place) and open the final return."""
    table.ended = True
    events: list[dict] = [{"event": "game-ended"}]
    if table.offices is not None:
        opened = open_final_return(table)
        if opened is not None:
            events.append(opened)
    return events


def end_game(table: Table) -> Outcome:
    """The base game's last round is over: open the final return of officials' tiles, then the score."""
    problems = need_running(table)
    if problems:
        return refuse(table, problems)
    new = table.copy()
    return done(new, _finish(new))
