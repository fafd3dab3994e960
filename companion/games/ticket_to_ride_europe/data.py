"""The map and the ticket decks of Ticket to Ride: Europe, read from the package's CSV files and checked at load.

Every fact the engine uses (cities, routes with their ids and lengths, route
points, the base, 1912 and Big Cities ticket decks) is data; `board()` reads it once into
frozen dataclasses and refuses data that breaks the board's own invariants
(an unknown city, a repeated route id, a double route that is not a pair of
equal routes, a ticket the 1912 deck does not reprint as it is, a Big Cities ticket that
is not a regular 1912 ticket with the same points).
"""

from __future__ import annotations

import csv
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import MappingProxyType

DATA = Path(__file__).with_name("data")
COLOURS = ("grey", "pink", "white", "blue", "yellow", "orange", "black", "red", "green")
KINDS = ("regular", "long")
VARIANTS = ("base", "1912", "mega", "big-cities")
TRAINS = 45  # trains per player
STATIONS = 3  # stations per player
STATION_POINTS = 4  # per station not built
EXPRESS_POINTS = 10  # the European Express bonus


class DataError(ValueError):
    """The shipped data break one of the board's invariants."""


@dataclass(frozen=True)
class Route:
    """One route of the map: two adjacent cities and its train spaces."""

    id: int
    city_a: str
    city_b: str
    colour: str
    length: int
    tunnel: bool
    ferry_locomotives: int

    @property
    def cities(self) -> frozenset[str]:
        """The two cities the route joins."""
        return frozenset((self.city_a, self.city_b))

    def touches(self, city: str) -> bool:
        """Tell whether the route ends in this city."""
        return city in (self.city_a, self.city_b)


@dataclass(frozen=True)
class Ticket:
    """One destination ticket: two cities (either order), its points, regular or long."""

    city_a: str
    city_b: str
    points: int
    kind: str

    @property
    def key(self) -> frozenset[str]:
        """The ticket's identity: its two cities, unordered."""
        return frozenset((self.city_a, self.city_b))


@dataclass(frozen=True)
class Board:
    """The whole map and the decks, as the engine reads them."""

    cities: frozenset[str]
    routes: Mapping[int, Route]
    route_points: Mapping[int, int]  # route length -> points
    twins: Mapping[int, int]  # route id -> the other route of its double route
    decks: Mapping[str, Mapping[frozenset[str], Ticket]]  # variant -> its deck

    def points_of(self, route_id: int) -> int:
        """Points for claiming a route."""
        return self.route_points[self.routes[route_id].length]

    def routes_at(self, city: str) -> tuple[Route, ...]:
        """Every route ending in a city, by id."""
        return tuple(sorted((r for r in self.routes.values() if r.touches(city)), key=lambda r: r.id))


def _rows(folder: Path, name: str, columns: tuple[str, ...]) -> list[dict[str, str]]:
    """Read a CSV file of a data folder, checking its header."""
    with open(folder / name, encoding="utf-8", newline="") as handle:
        reader = csv.DictReader(handle)
        if tuple(reader.fieldnames or ()) != columns:
            raise DataError(f"{name}: the header must be {','.join(columns)}, not {reader.fieldnames}.")
        return list(reader)


def _int(text: str, where: str) -> int:
    """Read a whole number of a CSV cell."""
    try:
        return int(text)
    except ValueError:
        raise DataError(f"{where}: {text!r} is not a whole number.") from None


def _cities(folder: Path) -> frozenset[str]:
    """Read the cities, each named once."""
    names = [r["city"] for r in _rows(folder, "cities.csv", ("city",))]
    if len(set(names)) != len(names) or not all(names):
        raise DataError("cities.csv: a city is empty or named twice.")
    return frozenset(names)


def _route_points(folder: Path) -> dict[int, int]:
    """Read the points table: route length -> points."""
    table: dict[int, int] = {}
    for row in _rows(folder, "route-points.csv", ("length", "points")):
        length, points = _int(row["length"], "route-points.csv"), _int(row["points"], "route-points.csv")
        if length in table or length < 1 or points < 1:
            raise DataError(f"route-points.csv: length {length} is repeated or not positive.")
        table[length] = points
    return table


def _routes(folder: Path, cities: frozenset[str], points: Mapping[int, int]) -> dict[int, Route]:
    """Read the routes, checking ids, cities, colours, lengths and ferries."""
    routes: dict[int, Route] = {}
    columns = ("id", "city_a", "city_b", "colour", "length", "tunnel", "ferry_locomotives")
    for row in _rows(folder, "routes.csv", columns):
        where = f"routes.csv id {row['id']}"
        if row["tunnel"] not in ("true", "false"):
            raise DataError(f"{where}: tunnel is true or false.")
        route = Route(_int(row["id"], where), row["city_a"], row["city_b"], row["colour"],
                      _int(row["length"], where), row["tunnel"] == "true",
                      _int(row["ferry_locomotives"], where))
        if route.id in routes or route.id < 1:
            raise DataError(f"{where}: route ids are positive and unique.")
        if route.city_a not in cities or route.city_b not in cities or route.city_a == route.city_b:
            raise DataError(f"{where}: it must join two different cities of cities.csv.")
        if route.colour not in COLOURS or route.length not in points:
            raise DataError(f"{where}: unknown colour or a length without points.")
        if not 0 <= route.ferry_locomotives <= route.length:
            raise DataError(f"{where}: a ferry needs between 0 and its length in locomotives.")
        routes[route.id] = route
    return routes


def _twins(routes: Mapping[int, Route]) -> dict[int, int]:
    """Pair the double routes: two routes of equal length between the same two cities (never three)."""
    groups: dict[frozenset[str], list[Route]] = {}
    for route in routes.values():
        groups.setdefault(route.cities, []).append(route)
    twins: dict[int, int] = {}
    for group in groups.values():
        if len(group) > 2:
            raise DataError(f"routes.csv: {len(group)} routes join {' and '.join(sorted(group[0].cities))}.")
        if len(group) == 2:
            one, two = group
            if one.length != two.length:
                raise DataError(f"routes.csv: the double route {one.id}/{two.id} has two lengths.")
            twins[one.id], twins[two.id] = two.id, one.id
    return twins


def _deck(folder: Path, name: str, cities: frozenset[str]) -> dict[frozenset[str], Ticket]:
    """Read a ticket deck: known, different cities, positive points, each ticket once."""
    deck: dict[frozenset[str], Ticket] = {}
    for row in _rows(folder, name, ("city_a", "city_b", "points", "kind")):
        where = f"{name} {row['city_a']}-{row['city_b']}"
        ticket = Ticket(row["city_a"], row["city_b"], _int(row["points"], where), row["kind"])
        if ticket.city_a not in cities or ticket.city_b not in cities or ticket.city_a == ticket.city_b:
            raise DataError(f"{where}: a ticket joins two different cities of cities.csv.")
        if ticket.points < 1 or ticket.kind not in KINDS or ticket.key in deck:
            raise DataError(f"{where}: bad points or kind, or the ticket is listed twice.")
        deck[ticket.key] = ticket
    return deck


def _big_cities(folder: Path, full: Mapping[frozenset[str], Ticket]) -> dict[frozenset[str], Ticket]:
    """Read the Big Cities deck: 1912 regular tickets (same points), each once; no kind column (all regular)."""
    deck: dict[frozenset[str], Ticket] = {}
    name = "tickets-big-cities.csv"
    for row in _rows(folder, name, ("city_a", "city_b", "points")):
        where = f"{name} {row['city_a']}-{row['city_b']}"
        ticket = Ticket(row["city_a"], row["city_b"], _int(row["points"], where), "regular")
        known = full.get(ticket.key)
        if known is None or (known.points, known.kind) != (ticket.points, "regular"):
            raise DataError(f"{where}: a Big Cities ticket is a regular ticket of the 1912 deck with its points.")
        if ticket.key in deck:
            raise DataError(f"{where}: the ticket is listed twice.")
        deck[ticket.key] = ticket
    return deck


def _decks(folder: Path, cities: frozenset[str]) -> dict[str, Mapping[frozenset[str], Ticket]]:
    """Build the four variants' decks; the 1912 box must reprint every base ticket unchanged."""
    base, full = _deck(folder, "tickets.csv", cities), _deck(folder, "tickets-1912.csv", cities)
    for key, ticket in base.items():
        if full.get(key) is None or (full[key].points, full[key].kind) != (ticket.points, ticket.kind):
            raise DataError(f"tickets-1912.csv does not reprint {ticket.city_a}-{ticket.city_b} as the base deck.")
    only_1912 = {k: t for k, t in full.items() if k not in base}
    return {"base": MappingProxyType(base), "1912": MappingProxyType(only_1912), "mega": MappingProxyType(full),
            "big-cities": MappingProxyType(_big_cities(folder, full))}


def load_board(folder: Path) -> Board:
    """Read and check a data folder; raise `DataError` naming the first broken fact."""
    cities = _cities(folder)
    points = _route_points(folder)
    routes = _routes(folder, cities, points)
    return Board(cities, MappingProxyType(routes), MappingProxyType(points), MappingProxyType(_twins(routes)),
                 MappingProxyType(_decks(folder, cities)))


@cache
def board() -> Board:
    """The shipped data, read and checked once."""
    return load_board(DATA)
