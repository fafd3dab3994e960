"""A New York map tile: 6×6 districts, roads on their borders with rounded outer corners, cafes.

Geometry follows En Route's (`companion.games.enroute.geometry`): a district
`(c, r)` is a 1-based layout column and row, an intersection `(x, y)` runs over
0..6, a section is a sorted pair of intersections. What is Explore New York's
own: the four outer corners of the tile are curved roads. The corner district
`(1, 1)` is bordered on the outside by one curved section from `(1, 0)` to
`(0, 1)` (the seed: a stroke along a curved corner road is one section), so the
tile corners `(0, 0)`, `(6, 0)`, `(0, 6)`, `(6, 6)` are no intersections and
the eight straight edges meeting there are no roads.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..enroute.geometry import Location, Point, Section, grid_borders, grid_sections, section

SIZE = 6
KINDS = ("red", "green", "blue", "yellow", "grey", "white")
COLOURS = ("red", "green", "blue")  # tourist colours, in scoring-row order
MAX_STARS = 4  # the grey-star row of the score table stops at four
STAR_PP = (0, 4, 12, 24, 36)
SMILEY_PP = 6
CAFE_PP = 3


def _corner_roads() -> dict[Section, tuple[Point, Location]]:
    """The four curved corner sections, each with the tile corner it replaces and the district it borders."""
    last = SIZE
    found = {}
    for corner, a, b, district in (((0, 0), (1, 0), (0, 1), (1, 1)),
                                   ((last, 0), (last - 1, 0), (last, 1), (last, 1)),
                                   ((0, last), (0, last - 1), (1, last), (1, last)),
                                   ((last, last), (last - 1, last), (last, last - 1), (last, last))):
        found[section(a, b)] = (corner, district)
    return found


CORNER_ROADS = _corner_roads()
TILE_CORNERS = frozenset(corner for corner, _ in CORNER_ROADS.values())


def _roads() -> dict[Section, tuple[Location, ...]]:
    """Every road of a tile and the districts it runs along."""
    roads: dict[Section, tuple[Location, ...]] = {}
    for sec in grid_sections(SIZE, SIZE):
        if not (set(sec) & TILE_CORNERS):
            roads[sec] = grid_borders(sec, SIZE, SIZE)
    for sec, (_, district) in CORNER_ROADS.items():
        roads[sec] = (district,)
    return dict(sorted(roads.items()))


ROADS: dict[Section, tuple[Location, ...]] = _roads()
POINTS: tuple[Point, ...] = tuple(sorted({p for sec in ROADS for p in sec}))
LOCATIONS: tuple[Location, ...] = tuple((c, r) for r in range(1, SIZE + 1) for c in range(1, SIZE + 1))
_NEIGHBOURS: dict[Point, tuple[Point, ...]] = {
    p: tuple(sorted(q for sec in ROADS if p in sec for q in sec if q != p)) for p in POINTS}
_SIDES: dict[Location, tuple[Section, ...]] = {
    loc: tuple(sec for sec, borders in ROADS.items() if loc in borders) for loc in LOCATIONS}


def is_road(sec: Section) -> bool:
    """Tell whether a section is a road of every tile."""
    return sec in ROADS


def is_point(p: Point) -> bool:
    """Tell whether an intersection exists on a tile (the four tile corners do not)."""
    return p in _NEIGHBOURS


def borders(sec: Section) -> tuple[Location, ...]:
    """Return the districts a road runs along (one or two)."""
    return ROADS[sec]


def sides(location: Location) -> tuple[Section, ...]:
    """Return the roads along a district's border (three for a corner district, else four)."""
    return _SIDES[location]


def neighbours(p: Point) -> tuple[Point, ...]:
    """Return the intersections one road away from `p`."""
    return _NEIGHBOURS.get(p, ())


def roads_at(p: Point) -> tuple[Section, ...]:
    """Return the roads that end at an intersection."""
    return tuple(section(p, q) for q in neighbours(p))


def star_pp(count: int) -> int:
    """PP of the grey-star row for this many star districts on the route (the table stops at four)."""
    return STAR_PP[min(count, MAX_STARS)]


@dataclass(frozen=True)
class Cafe:
    """A cafe on an intersection and the tourist symbols it shows."""

    at: Point
    tourists: tuple[tuple[str, int], ...]

    def counts(self) -> dict[str, int]:
        """Return the cafe's tourists by colour."""
        return dict(self.tourists)


@dataclass(frozen=True)
class Tile:
    """One map tile: printed coordinates, district kinds (row by row) and cafes."""

    id: str
    name: str
    columns: tuple[int, ...]
    rows: tuple[int, ...]
    districts: tuple[tuple[str, ...], ...]
    cafes: tuple[Cafe, ...]
    _cafes: dict = field(default=None, init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        """Index the cafes by intersection."""
        object.__setattr__(self, "_cafes", {c.at: c for c in self.cafes})

    def kind(self, location: Location) -> str:
        """Return a district's kind."""
        c, r = location
        return self.districts[r - 1][c - 1]

    def locations_of(self, kind: str) -> list[Location]:
        """Return the districts of one kind, row by row."""
        return [loc for loc in LOCATIONS if self.kind(loc) == kind]

    def cafe_at(self, p: Point) -> Cafe | None:
        """Return the cafe on an intersection, if any."""
        return self._cafes.get(p)

    def printed(self, location: Location) -> tuple[int, int]:
        """Return the printed (X, Y) coordinates of a layout district."""
        c, r = location
        return (self.columns[c - 1], self.rows[r - 1])

    def at_printed(self, x: int, y: int) -> Location:
        """Return the layout district with printed coordinates (X, Y)."""
        return (self.columns.index(x) + 1, self.rows.index(y) + 1)

    def matching(self, a: int | None, b: int | None) -> list[Location]:
        """Districts two coordinate values name: (a, b) or (b, a) as (X, Y); None is a `*` (any of 1–6)."""
        found = set()
        for x, y in ((a, b), (b, a)):
            for loc in LOCATIONS:
                px, py = self.printed(loc)
                if (x is None or x == px) and (y is None or y == py):
                    found.add(loc)
        return sorted(found, key=lambda loc: (loc[1], loc[0]))


__all__ = ["CAFE_PP", "COLOURS", "CORNER_ROADS", "KINDS", "LOCATIONS", "MAX_STARS", "POINTS", "ROADS", "SIZE",
           "SMILEY_PP", "STAR_PP", "TILE_CORNERS", "Cafe", "Location", "Point", "Section", "Tile", "borders",
           "is_point", "is_road", "neighbours", "roads_at", "section", "sides", "star_pp"]
