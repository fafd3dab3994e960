"""The end of a game read from the claim log: who triggered it, the last turns counted, a turn after the end.

The seed (l.335–340): when a player ends a turn with 2 trains or fewer, every
player, that player included, plays one more turn; then the game ends. The
claim log records what the table sees (routes claimed, stations built), one
line per turn, in playing order; turns that draw cards or tickets are not
logged. So the companion reads the log this way:

- **The trigger** is the first line after which its player has 2 trains or
  fewer left (45 less the lengths of their logged routes).
- **The last round** is the other players in seating order from the trigger
  player's left, then the trigger player: one turn each.
- **A logged turn of the last round** marks that player's last turn as played,
  and also every player before them in that order (their turns came first,
  logged or not: they drew cards).
- **A line that comes after its player's last turn** (a second line in the
  last round, or a player whose place in the order is already passed) is a
  turn after the end: an error naming the line and the player. The table
  may have logged a turn out of order; either way the log is wrong there.
- **The game is over** once the trigger player's own last turn is passed,
  which the log only shows when that player logs it; until then the players
  still to play are listed, and the table says when the last one is done.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..core.problems import N_, Problem, error
from .data import TRAINS, board

LAST_ROUND_TRAINS = 2  # a player ending a turn with this many trains or fewer starts the last round


@dataclass(frozen=True)
class EndState:
    """What the claim log says about the end of the game."""

    trains_left: tuple[int, ...]  # per seat, after the whole log
    trigger: int | None  # index of the log line that started the last round
    trigger_seat: int | None
    last_round: tuple[int, ...]  # the seats in the order of their last turns (the trigger seat last)
    played: tuple[int, ...]  # seats whose last turn is known to be played, in that order
    left: tuple[int, ...]  # seats still to play their last turn, in that order
    problems: tuple[Problem, ...]  # a turn after the end, at `log[k]`

    @property
    def over(self) -> bool:
        """Every player has played their last turn."""
        return self.trigger is not None and not self.left


def read_end(names: Sequence[str], log: Iterable[Mapping[str, Any]]) -> EndState:
    """Walk a claim log (lines with `seat`, `kind` "route"/"station", `route`; seat = index in `names`)."""
    routes = board().routes
    count = len(names)
    used = [0] * count
    trigger: int | None = None
    trigger_seat: int | None = None
    order: tuple[int, ...] = ()
    reached = -1  # the furthest place in `order` known to be played
    start: Any = None  # the trigger line's number
    problems: list[Problem] = []
    for k, line in enumerate(log):
        seat = line.get("seat")
        if not isinstance(seat, int) or not 0 <= seat < count:
            continue
        if trigger is not None:
            place = order.index(seat)
            if place > reached:
                reached = place
            else:
                problems.append(_after_end(k, line, names, seat, start, order, reached))
        if line.get("kind") == "route" and line.get("route") in routes:
            used[seat] += routes[line["route"]].length
        if trigger is None and TRAINS - used[seat] <= LAST_ROUND_TRAINS:
            trigger, trigger_seat, start = k, seat, line.get("n", k + 1)
            order = tuple((seat + 1 + j) % count for j in range(count))
    return EndState(tuple(TRAINS - u for u in used), trigger, trigger_seat, order, order[:reached + 1],
                    order[reached + 1:], tuple(problems))


def _after_end(k: int, line: Mapping[str, Any], names: Sequence[str], seat: int, start: Any,
               order: tuple[int, ...], reached: int) -> Problem:
    """A logged turn of a player whose last turn is already played."""
    if reached == len(order) - 1:
        return error("turn-after-end", f"log[{k}]",
                     N_("Line {line}: {player} played after the end of the game: the last round began after "
                        "line {start} ({trigger}) and every player has had their last turn."),
                     line=line.get("n", k + 1), player=names[seat], start=start, trigger=names[order[-1]])
    return error("turn-after-end", f"log[{k}]",
                 N_("Line {line}: {player} has no turn left: the last round began after line {start} "
                    "({trigger}), and {player}'s last turn was already played."),
                 line=line.get("n", k + 1), player=names[seat], start=start, trigger=names[order[-1]])
