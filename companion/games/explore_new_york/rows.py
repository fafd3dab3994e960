"""The five rows of the score table for a final route (given as its sections).

Only districts the route runs **along** count (a section borders them; a
route turning at a district's corner does not). Rows, as on the tile:

1. red, green, blue: (that colour's tourists in every district on the route)
   × (districts of that colour on the route) — tourists in white, yellow and
   grey districts count too;
2. cafes on the route × 3 (a cafe is on the route when the route passes its
   intersection);
3. yellow smiley districts on the route × 6;
4. grey star districts on the route: 1/2/3/4 → 4/12/24/36.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .sheet import Sheet
from .tile import CAFE_PP, COLOURS, SMILEY_PP, Location, Point, Section, borders, star_pp

ROW_KEYS = ("red", "green", "blue", "cafes", "yellow", "grey")


@dataclass(frozen=True)
class RouteScore:
    """The score table of one route: the numbers written in it, each row's PP, the total."""

    counts: dict
    rows: dict[str, int]
    total: int
    districts: tuple[Location, ...]
    cafes: tuple[Point, ...]


def route_districts(sections: Iterable[Section]) -> set[Location]:
    """Districts a set of sections runs along."""
    return {loc for sec in sections for loc in borders(sec)}


def score_sections(sheet: Sheet, sections: Iterable[Section]) -> RouteScore:
    """Score the route made of these sections on a player's sheet."""
    sections = list(sections)
    tile = sheet.tile
    districts = route_districts(sections)
    points = {p for sec in sections for p in sec}
    counts: dict = {}
    rows: dict[str, int] = {}
    for colour in COLOURS:
        tourists = sum(sheet.tourists_at(loc).get(colour, 0) for loc in districts)
        of_colour = sum(1 for loc in districts if tile.kind(loc) == colour)
        counts[colour] = {"tourists": tourists, "districts": of_colour}
        rows[colour] = tourists * of_colour
    cafes = tuple(sorted(c.at for c in tile.cafes if c.at in points))
    smileys = sum(1 for loc in districts if tile.kind(loc) == "yellow")
    stars = sum(1 for loc in districts if tile.kind(loc) == "grey")
    counts.update(cafes=len(cafes), yellow=smileys, grey=stars)
    rows.update(cafes=CAFE_PP * len(cafes), yellow=SMILEY_PP * smileys, grey=star_pp(stars))
    return RouteScore(counts, rows, sum(rows.values()), tuple(sorted(districts, key=lambda d: (d[1], d[0]))), cafes)


def walk_sections(walk: list[Point]) -> list[Section]:
    """The sections of a walk of intersections."""
    return [(a, b) if a <= b else (b, a) for a, b in zip(walk, walk[1:])]


__all__ = ["ROW_KEYS", "RouteScore", "route_districts", "score_sections", "walk_sections"]
