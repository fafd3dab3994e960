"""Map geometry: locations, intersections and the sections of the plain road grid.

A location `(c, r)` is a 1-based layout column and row; an intersection
`(x, y)` runs over `0..cols` and `0..rows`; a section is an unordered pair of
intersections, kept as a sorted tuple so it can be a dict key.
"""

from __future__ import annotations

from collections.abc import Iterator

Point = tuple[int, int]
Location = tuple[int, int]
Section = tuple[Point, Point]


def section(a: Point, b: Point) -> Section:
    """Return the canonical (sorted) form of the section between two intersections."""
    return (a, b) if a <= b else (b, a)


def corners(location: Location) -> tuple[Point, Point, Point, Point]:
    """Return the four corner intersections of a location."""
    c, r = location
    return ((c - 1, r - 1), (c, r - 1), (c - 1, r), (c, r))


def grid_sections(cols: int, rows: int) -> Iterator[Section]:
    """Yield every horizontal and vertical section of a plain cols×rows grid."""
    for y in range(rows + 1):
        for x in range(1, cols + 1):
            yield ((x - 1, y), (x, y))
    for x in range(cols + 1):
        for y in range(1, rows + 1):
            yield ((x, y - 1), (x, y))


def is_grid_section(sec: Section, cols: int, rows: int) -> bool:
    """Tell whether a section is one of the plain grid's roads."""
    (x1, y1), (x2, y2) = sec
    inside = all(0 <= x <= cols for x in (x1, x2)) and all(0 <= y <= rows for y in (y1, y2))
    return inside and abs(x1 - x2) + abs(y1 - y2) == 1


def grid_borders(sec: Section, cols: int, rows: int) -> tuple[Location, ...]:
    """Return the locations a plain grid section runs along (one or two)."""
    (x1, y1), (x2, y2) = sec
    if y1 == y2:  # horizontal: bottom of (x2, y) and top of (x2, y + 1)
        candidates = [(x2, y1), (x2, y1 + 1)]
    else:  # vertical: right side of (x, y2) and left side of (x + 1, y2)
        candidates = [(x1, y2), (x1 + 1, y2)]
    return tuple((c, r) for c, r in candidates if 1 <= c <= cols and 1 <= r <= rows)


def direction(a: Point, b: Point) -> tuple[int, int]:
    """Return the step from a to b, used to tell straight runs from turns."""
    return (b[0] - a[0], b[1] - a[1])
