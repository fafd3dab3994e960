"""Diversity: the most disjoint runs of three consecutive route sections in three different colours.

Consecutive means one after the other along the walk; a vehicle ride breaks the walk into two segments and
no run spans it. Order and shape are free; each section is in at most one run. Dynamic programming along
each segment: best(i) = max(best(i − 1), best(i − 3) + 1 when sections i − 3 .. i − 1 have three colours).
"""

from __future__ import annotations

from collections.abc import Sequence

from ...board import Board
from ...geometry import Point, Section
from ...geometry import section as make_section


def runs(board: Board, colours: dict[Section, str], walk: Sequence[Point]) -> int:
    """Count the diverse runs of a walk (sections without a colour never join a run).

    A closed walk (it ends where it starts) is one loop whichever point it is written from: it is counted from
    its best start, so the same loop with the same colours always scores the same (seed l.1194: the order of
    the colours and the shape of a segment do not matter; see NOTES.md, "Diversity of a closed loop").
    """
    walk = list(walk)
    if len(walk) > 3 and walk[0] == walk[-1]:
        steps = len(walk) - 1
        return max(_open_runs(board, colours, walk[k:] + walk[1:k + 1]) for k in range(steps))
    return _open_runs(board, colours, walk)


def _open_runs(board: Board, colours: dict[Section, str], walk: Sequence[Point]) -> int:
    """Count the diverse runs of a walk read from its first point."""
    total = 0
    segment: list[str | None] = []
    for a, b in zip(walk, walk[1:], strict=False):
        sec = make_section(a, b)
        if not board.is_road(sec):  # a ride: a new segment
            total += _best(segment)
            segment = []
            continue
        segment.append(colours.get(sec))
    return total + _best(segment)


def _best(seq: list[str | None]) -> int:
    """Most disjoint windows of three consecutive items with three different colours."""
    best = [0] * (len(seq) + 1)
    for i in range(1, len(seq) + 1):
        best[i] = best[i - 1]
        if i >= 3:
            window = seq[i - 3:i]
            if None not in window and len(set(window)) == 3:
                best[i] = max(best[i], best[i - 3] + 1)
    return best[-1]


def table_pp(table: Sequence[int], count: int) -> int:
    """The PP of a number of runs (beyond the table: its last entry)."""
    return table[min(count, len(table) - 1)]


def best_up_to(table: Sequence[int], count: int) -> int:
    """The most PP any number of runs up to `count` gives (a bound)."""
    return max(table[:min(count, len(table) - 1) + 1])
