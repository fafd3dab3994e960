"""A grid map's element ids, the same for every game whose map is intersections joined by roads.

The tap maps' scripts find a road by its id (`s-x1-y1-x2-y2`), so every game draws them with this one name.
"""

from __future__ import annotations

GridPoint = tuple[int, int]


def section_id(sec: tuple[GridPoint, GridPoint]) -> str:
    """Return the element id of a road between two intersections."""
    (x1, y1), (x2, y2) = sec
    return f"s-{x1}-{y1}-{x2}-{y2}"
