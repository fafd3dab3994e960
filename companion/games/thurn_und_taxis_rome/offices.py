"""Offices of honor: taking an official's tile, the return rounds when a stack runs out, the final return."""

from __future__ import annotations

from typing import Any

from ..core.problems import N_, Problem, error, warning
from ..core.schema import join_path
from .data import facts
from .guards import check_seat, need_module, turn_action
from .posts import POST_OFFICES, add_post_offices, no_post_office_left
from .state import Offices, Outcome, Returning, Table, done, refuse


def empty_stacks(offices: Offices) -> list[str]:
    """Return the officials whose stack holds no tile."""
    return [k for k in facts().office_ids if offices.stacks[k] == 0]


def _round_queue(table: Table, starter: int) -> list[int]:
    """Seats in clockwise order from the starter that hold any tile (a seat holding none returns nothing)."""
    n = len(table.seats)
    order = [(starter + k) % n for k in range(n)]
    return [s for s in order if sum(table.offices.hands[s].values()) > 0]


def _start_round(table: Table, starter: int, number: int) -> dict:
    """Open a return round from the starter and describe it."""
    queue = _round_queue(table, starter)
    table.offices.returning = Returning("rounds", starter, number, queue)
    return {"event": "return-round", "round": number, "starter": starter, "order": list(queue),
            "empty": empty_stacks(table.offices)}


def take_office(table: Table, seat: Any, office: Any) -> Outcome:
    """The active player uses an official's help and takes that official's tile (once per turn)."""
    problems = turn_action(table, seat, "offices")
    if problems:
        return refuse(table, problems)
    f = facts()
    if office not in f.office_ids:
        return refuse(table, [error("unknown-office", "office", N_("{key} is not an official; the officials are "
                                                                  "{known}."), key=repr(office),
                                    known=", ".join(f.office_ids))])
    if table.turn.office_taken:
        return refuse(table, [error("one-official-per-turn", "office", N_("{player} has already used an official's "
                                                                         "help this turn."),
                                    player=table.seats[seat].player)])
    if table.offices.stacks[office] == 0:
        return refuse(table, [error("stack-empty", "office", N_("The {office} stack is empty."), office=office)])
    new = table.copy()
    new.offices.stacks[office] -= 1
    new.offices.hands[seat][office] += 1
    new.turn.office_taken = True
    events: list[dict] = [{"event": "office-taken", "seat": seat, "office": office,
                           "left": new.offices.stacks[office]}]
    if new.offices.stacks[office] == 0:  # the last tile: everyone returns, clockwise from this player
        events.append(_start_round(new, seat, 1))
    return done(new, events)


def _kinds_problems(table: Table, seat: int, kinds: Any, final: bool) -> list[Problem]:
    """Different officials, each one the seat holds; at least one in a return round."""
    f = facts()
    if not isinstance(kinds, list):
        return [error("not-a-list", "kinds", N_("The tiles returned are a list of officials, like {example}."),
                      example='["postmaster", "coachman"]')]
    problems: list[Problem] = []
    for i, kind in enumerate(kinds):
        path = join_path("kinds", i)
        if kind not in f.office_ids:
            problems.append(error("unknown-office", path, N_("{key} is not an official; the officials are {known}."),
                                  key=repr(kind), known=", ".join(f.office_ids)))
        elif kind in kinds[:i]:
            problems.append(error("office-twice", path, N_("Return different officials: {office} is named twice."),
                                  office=kind))
        elif table.offices.hands[seat][kind] == 0:
            problems.append(error("office-not-held", path, N_("{player} holds no {office} tile to return."),
                                  player=table.seats[seat].player, office=kind))
    if not kinds and not final:
        problems.append(error("must-return", "kinds", N_("{player} holds officials' tiles and must return 1 to 4 "
                                                         "different ones."), player=table.seats[seat].player))
    return problems


def _reward(table: Table, seat: int, count: int, final: bool) -> tuple[str, list[Problem]]:
    """Give what returning `count` different tiles earns; a VP coin only while the supply lasts."""
    f = facts()
    if count == 0:
        return "declined", []
    reward = (f.final_return_rewards if final else f.return_rewards)[count]
    if reward == "vp-coin":
        if table.offices.coin_supply == 0:
            return "nothing", [warning("no-coins-left", "kinds", N_("All {total} VP coins are taken; three "
                                                                    "different tiles earn nothing now."),
                                       total=f.vp_coins)]
        table.offices.coin_supply -= 1
        table.offices.coins[seat] += 1
    return reward, []


def return_offices(table: Table, seat: Any, kinds: Any) -> Outcome:
    """A seat returns different officials' tiles: 1 kind nothing, 2 a card, 3 a VP coin, 4 a post office.

    In the final return (after the game ends) each seat returns once, in any order, or declines with an
    empty list; only 3 kinds (a VP coin) and 4 kinds (a post office) earn anything then.
    """
    problems = need_module(table, "offices") or check_seat(table, seat)
    if problems:
        return refuse(table, problems)
    returning = table.offices.returning
    if returning is None:
        return refuse(table, [error("no-returns", "", N_("No officials' tiles are being returned now."))])
    final = returning.kind == "final"
    if seat not in returning.queue:
        return refuse(table, [error("already-returned", "seat", N_("{player} has already returned tiles in the "
                                                                   "final return."), player=table.seats[seat].player)]
                      if final else [error("not-your-return", "seat", N_("It is {next}'s turn to return tiles, not "
                                                                         "{player}'s."),
                                           next=table.seats[returning.queue[0]].player,
                                           player=table.seats[seat].player)])
    if not final and returning.queue[0] != seat:
        return refuse(table, [error("not-your-return", "seat", N_("It is {next}'s turn to return tiles, not "
                                                                  "{player}'s."),
                                    next=table.seats[returning.queue[0]].player, player=table.seats[seat].player)])
    problems = _kinds_problems(table, seat, kinds, final)
    if problems:
        return refuse(table, problems)
    new = table.copy()
    offices = new.offices
    for kind in kinds:
        offices.hands[seat][kind] -= 1
        offices.stacks[kind] += 1
    reward, notes = _reward(new, seat, len(kinds), final)
    offices.returning.queue.remove(seat)
    events: list[dict] = [{"event": "offices-returned", "seat": seat, "kinds": list(kinds), "reward": reward,
                           "final": final}]
    if reward == "post-office" and new.posts is not None:  # placed at once; the last one starts the final round
        if new.posts.houses[seat] >= POST_OFFICES:
            events[0]["reward"] = "nothing"
            notes += no_post_office_left(new, seat)
        else:
            add_post_offices(new, seat, 1, events, "kinds")
    if not offices.returning.queue:
        events.append(_after_round(new))
    return done(new, events, notes)


def _after_round(table: Table) -> dict:
    """Close a finished round: another round while any stack is empty, else the returns are over."""
    returning = table.offices.returning
    if returning.kind == "rounds" and empty_stacks(table.offices):
        return _start_round(table, returning.starter, returning.round + 1)
    table.offices.returning = None
    return {"event": "returns-done", "final": returning.kind == "final"}


def open_final_return(table: Table) -> dict | None:
    """At the game's end, before scoring: every seat holding tiles may return once more."""
    queue = [s for s in range(len(table.seats)) if sum(table.offices.hands[s].values()) > 0]
    if not queue:
        return None
    table.offices.returning = Returning("final", None, 1, queue)
    return {"event": "final-return", "order": list(queue)}
