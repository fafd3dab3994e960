"""Vehicle rides: which two intersections a vehicle joins, and the virtual hubs the route search uses.

A final route may be two segments joined once by a ride (rule §9
"Vehicles"): between two stations of a vehicle by stations (London's
subway), or from any intersection of one bank to any of the other (Cairo's
felucca). Only intersections a board lists in a bank belong to it: an
island's intersections belong to no bank unless listed (a decision).

For the search, a ride becomes virtual edges through hub intersections
(off the map, negative coordinates): stations s–H for each station (a ride
uses two of them), or bank intersections a–HA, b–HB and the edge HA–HB (a
ride uses all three). `ride_valid` tells which sets of virtual edges are
one ride at most.
"""

from __future__ import annotations

from .board import Board
from .features import Feature
from .geometry import Point


def banks_of(board: Board, vehicle: Feature) -> tuple[set[Point], set[Point]]:
    """Return the two banks' intersections of a vehicle by banks."""
    river = board.feature("river", vehicle.param("river"))
    banks = dict(river.param("banks", ())) if river else {}
    first, second = vehicle.param("banks") or ("", "")
    return set(banks.get(first, ())), set(banks.get(second, ()))


def stations_of(board: Board, vehicle: Feature) -> set[Point]:
    """Return the intersections of a vehicle's stations."""
    return {f.points[0] for f in board.features_of("station") if f.param("vehicle") == vehicle.id}


def ride_allowed(board: Board, vehicle: Feature, a: Point, b: Point) -> bool:
    """Tell whether a vehicle can carry the route from `a` to `b`."""
    if a == b:
        return False
    if vehicle.param("by") == "stations":
        stops = stations_of(board, vehicle)
        return a in stops and b in stops
    one, other = banks_of(board, vehicle)
    return (a in one and b in other) or (a in other and b in one)


def hub_edges(board: Board, drawn: set[Point]) -> list[tuple[Point, Point, str, int]]:
    """Virtual edges for the drawn intersections: (point, point, vehicle id, side) — side 0 station/bank A,
    1 bank B, 2 the link between the two bank hubs."""
    edges = []
    for k, vehicle in enumerate(board.features_of("vehicle")):
        hub = (-1 - 2 * k, -1)
        if vehicle.param("by") == "stations":
            edges += [(p, hub, vehicle.id, 0) for p in sorted(stations_of(board, vehicle) & drawn)]
        else:
            other = (-2 - 2 * k, -1)
            one, two = banks_of(board, vehicle)
            edges += [(p, hub, vehicle.id, 0) for p in sorted(one & drawn)]
            edges += [(p, other, vehicle.id, 1) for p in sorted(two & drawn)]
            edges.append((other, hub, vehicle.id, 2))
    return edges


def is_hub(point: Point) -> bool:
    """Tell whether an intersection is a virtual hub."""
    return point[0] < 0


def walk_of(points: list[Point]) -> list[Point]:
    """Turn a walk through hubs into a final route: hubs dropped (a ride is then one step off the roads)."""
    return [p for p in points if not is_hub(p)]
