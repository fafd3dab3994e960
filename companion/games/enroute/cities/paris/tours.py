"""Thematic tours: how many of a tour's targets some sections reach, its completed stages, the round bonuses.

A target is reached by a section that is one of the tour's `sections`, borders one of its `locations` (a
road's bordering locations, so rivers count) or touches one of its intersections (`at`). During play the
drawn sections count; at game end the final route's sections do (seed: the tour is checked again after the
final route is chosen).
"""

from __future__ import annotations

from collections.abc import Iterable

from ...board import Board
from ...features import Feature
from ...geometry import Section

BOXES = ("none", "tourists", "route_change", "section")  # a bonus area's four boxes, left to right


def reached(board: Board, tour: Feature, sections: Iterable[Section]) -> int:
    """Count the tour's targets the sections reach."""
    secs = {s for s in sections if board.is_road(s)}
    locs = {loc for s in secs for loc in board.borders(s)}
    points = {p for s in secs for p in s}
    return (sum(1 for s in tour.sections if s in secs) + sum(1 for loc in tour.locations if loc in locs)
            + sum(1 for p in tour.points if p in points))


def stages_done(board: Board, tour: Feature, sections: Iterable[Section]) -> int:
    """Return the highest completed stage (0: only the start stage)."""
    n = reached(board, tour, sections)
    return sum(1 for need in tour.param("stages") if n >= need)


def final_complete(board: Board, tour: Feature, sections: Iterable[Section]) -> bool:
    """Tell whether the tour's last stage is complete (its remote landmark is then on the route)."""
    return stages_done(board, tour, sections) >= len(tour.param("stages"))


def round_bonuses(marked: int, done: int) -> list[str]:
    """The bonuses of an active area at the end of a drawing phase, left to right.

    `marked`: boxes marked so far (1–4); `done`: stages complete. Box 1 pays nothing; box k (2–4) pays when
    stage k − 1 is complete (seed: all four boxes marked, two of three bridges drawn → boxes 2 and 3).
    """
    return [BOXES[k - 1] for k in range(2, min(marked, len(BOXES)) + 1) if done >= k - 1]


def tours_in_play(board: Board, tour_ids: Iterable[str]) -> list[Feature]:
    """The revealed tours, as features of the board."""
    wanted = set(tour_ids)
    return [f for f in board.features_of("tour") if f.id in wanted]


def remote_kind(board: Board, tour: Feature) -> str | None:
    """The colour of the remote landmark a tour brings."""
    landmark = board.feature("tour_landmark", tour.param("remote"))
    return landmark.param("kind") if landmark else None


def tours_completed(board: Board, tour_ids: Iterable[str], sections: Iterable[Section]) -> int:
    """Count the revealed tours whose final stage the sections complete (Paris solo's challenge, at game end)."""
    secs = list(sections)
    return sum(1 for tour in tours_in_play(board, tour_ids) if final_complete(board, tour, secs))
