"""Rule checks of a read game: every problem at once, each with its path (`players[1].routes[3]`) and severity.

One player's own entries are checked first (unknown ids and cities, a route or
a ticket listed twice, both routes of a double, trains, stations, tickets
against the variant's deck); then what players share: a route, a station city
or a ticket held by two players, the closed double routes of a 2–3 player
game, and each station's borrowed route. A conflict between two players is
reported at both players' entries: the table cannot tell which one is wrong.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass

from ..core.problems import N_, Problem, error, warning
from .data import STATIONS, TRAINS, Board, Route, Ticket
from .model import PlayerIn, TicketIn

NARROW_GAME = 3  # with 2 or 3 players only one route of a double may be claimed


@dataclass(frozen=True)
class HeldTicket:
    """A ticket a player holds: the cities as written and the points it is worth."""

    city_from: str
    city_to: str
    points: int

    @property
    def key(self) -> frozenset[str]:
        """The ticket's identity: its two cities, unordered."""
        return frozenset((self.city_from, self.city_to))


def describe(route: Route) -> str:
    """Name a route the way a player finds it on the board."""
    return f"{route.city_a}–{route.city_b}"


def _player(i: int) -> str:
    """The path of one player."""
    return f"players[{i}]"


def check_players(board: Board, variant: str | None, players: list[PlayerIn | None]) -> list[Problem]:
    """Return every rule problem of the readable players (shape problems are the reader's)."""
    problems: list[Problem] = []
    count = len(players)
    if count < 2:
        problems.append(error("too-few-players", "players",
                              N_("Ticket to Ride: Europe is played by 2 to 5 players, not {count}."), count=count))
    elif count > 5:
        problems.append(error("too-many-players", "players",
                              N_("Ticket to Ride: Europe is played by 2 to 5 players, not {count}."), count=count))
    for i, p in enumerate(players):
        if p is not None:
            problems.extend(_own_routes(board, i, p))
            problems.extend(_own_stations(board, i, p))
            problems.extend(_own_tickets(board, variant, i, p))
    problems.extend(_names(players))
    problems.extend(_shared_routes(board, players))
    problems.extend(_shared_stations(players))
    problems.extend(_shared_tickets(players))
    problems.extend(_borrowing(board, players))
    return problems


def _own_routes(board: Board, i: int, p: PlayerIn) -> Iterator[Problem]:
    """Unknown ids, a route listed twice, both routes of a double, more than 45 trains."""
    seen: dict[int, int] = {}
    for j, rid in enumerate(p.routes):
        if rid is None:  # unreadable: the reader reported it
            continue
        path = f"{_player(i)}.routes[{j}]"
        route = board.routes.get(rid)
        if route is None:
            yield error("unknown-route", path, N_("Route {route} does not exist; route ids are 1 to {last}."),
                        route=rid, last=max(board.routes))
            continue
        if rid in seen:
            yield error("route-claimed-twice", path,
                        N_("Route {route} ({cities}) is already listed at routes[{first}]; a route is claimed once."),
                        route=rid, cities=describe(route), first=seen[rid])
            continue
        twin = board.twins.get(rid)
        if twin in seen:
            yield error("double-route-both", path,
                        N_("Routes {twin} and {route} are the double route {cities}; one player may never claim "
                           "both."), route=rid, twin=twin, cities=describe(route))
        seen[rid] = j
    trains = sum(board.routes[r].length for r in seen)
    if trains > TRAINS:
        yield error("too-many-trains", f"{_player(i)}.routes",
                    N_("These routes need {trains} trains; a player has only {most}."), trains=trains, most=TRAINS)


def _own_stations(board: Board, i: int, p: PlayerIn) -> Iterator[Problem]:
    """More than 3 stations, unknown cities, two of one's own stations in one city."""
    if len(p.stations) > STATIONS:
        yield error("too-many-stations", f"{_player(i)}.stations",
                    N_("A player builds at most {most} stations, not {count}."), most=STATIONS,
                    count=len(p.stations))
    seen: dict[str, int] = {}
    for k, station in enumerate(p.stations):
        if station is None:
            continue
        path = f"{_player(i)}.stations[{k}]"
        if station.city not in board.cities:
            yield _unknown_city(board, f"{path}.city", station.city)
        elif station.city in seen:
            yield error("station-city-taken", path,
                        N_("{city} already has this player's station (stations[{first}]); a city holds one station."),
                        city=station.city, first=seen[station.city])
        else:
            seen[station.city] = k


def _own_tickets(board: Board, variant: str | None, i: int, p: PlayerIn) -> Iterator[Problem]:
    """Unknown cities, a ticket not in the variant's deck, points against the deck, a ticket listed twice."""
    seen: dict[frozenset[str], int] = {}
    for k, t in enumerate(p.tickets):
        if t is None:
            continue
        path = f"{_player(i)}.tickets[{k}]"
        bad = [_unknown_city(board, f"{path}.{key}", city) for key, city in (("from", t.from_), ("to", t.to))
               if city not in board.cities]
        yield from bad
        if bad:
            continue
        if t.from_ == t.to:
            yield error("same-city-ticket", path, N_("A ticket joins two different cities, not {city} and {city}."),
                        city=t.from_)
            continue
        key = frozenset((t.from_, t.to))
        if key in seen:
            yield error("ticket-held-twice", path,
                        N_("The ticket {a}–{b} is already listed at tickets[{first}]; each ticket exists once."),
                        a=t.from_, b=t.to, first=seen[key])
            continue
        seen[key] = k
        if variant is not None:
            yield from _against_deck(board, variant, path, t)


def _against_deck(board: Board, variant: str, path: str, t: TicketIn) -> Iterator[Problem]:
    """Check one ticket against the variant's deck; `points` may be left out (the card's are scored)."""
    deck = board.decks[variant]
    key = frozenset((t.from_, t.to))
    known: Ticket | None = deck.get(key)
    if known is None:
        other = board.decks["mega"].get(key)
        if variant == "big-cities" and other is not None and other.kind == "long":
            yield error("unknown-ticket", path,
                        N_("{a}–{b} is a long ticket; Big Cities is played without long tickets."),
                        a=t.from_, b=t.to)
        else:
            yield error("unknown-ticket", path, N_("There is no ticket {a}–{b} in the {variant} deck."),
                        a=t.from_, b=t.to, variant=variant)
    elif t.points is not None and t.points != known.points:
        yield error("ticket-points-wrong", f"{path}.points",
                    N_("The ticket {a}–{b} is worth {right} points, not {given}."),
                    a=t.from_, b=t.to, right=known.points, given=t.points)


def _unknown_city(board: Board, path: str, city: str) -> Problem:
    """An unknown city, with the board spelling when only case or accents differ."""
    near = [c for c in sorted(board.cities) if _fold(c) == _fold(city)]
    if near:
        return error("unknown-city", path, N_("There is no city {city} on the map; did you mean {near}?"),
                     city=repr(city), near=near[0])
    return error("unknown-city", path, N_("There is no city {city} on the map (board spellings, e.g. Zürich)."),
                 city=repr(city))


def _fold(name: str) -> str:
    """Fold a city name for the spelling hint: no case, no accents."""
    plain = unicodedata.normalize("NFKD", name.casefold())
    return "".join(c for c in plain if not unicodedata.combining(c))


def _names(players: list[PlayerIn | None]) -> Iterator[Problem]:
    """Two players with one name: scored, but the sheet cannot tell them apart."""
    seen: set[str] = set()
    for i, p in enumerate(players):
        if p is not None and p.player:
            if p.player in seen:
                yield warning("same-name", f"{_player(i)}.player",
                              N_("Another player is also called {name}; the score sheet cannot tell them apart."),
                              name=p.player)
            seen.add(p.player)


def _holders(board: Board, players: list[PlayerIn | None]) -> dict[int, list[tuple[int, int]]]:
    """For each known route, the (player, index) of its first listing per player."""
    holders: dict[int, list[tuple[int, int]]] = {}
    for i, p in enumerate(players):
        if p is None:
            continue
        for j, rid in enumerate(p.routes):
            if rid is not None and rid in board.routes and all(h != i for h, _ in holders.get(rid, [])):
                holders.setdefault(rid, []).append((i, j))
    return holders


def _shared_routes(board: Board, players: list[PlayerIn | None]) -> Iterator[Problem]:
    """A route claimed by two players; with 2–3 players, both routes of a double claimed at all."""
    holders = _holders(board, players)
    for rid, hold in sorted(holders.items()):
        if len(hold) > 1:
            for i, j in hold:
                others = ", ".join(_name(players, h) for h, _ in hold if h != i)
                yield error("route-claimed-twice", f"{_player(i)}.routes[{j}]",
                            N_("Route {route} ({cities}) is also claimed by {others}; each route has one owner."),
                            route=rid, cities=describe(board.routes[rid]), others=others)
    if len(players) > NARROW_GAME:
        return
    for rid, twin in sorted(board.twins.items()):
        for i, j in holders.get(rid, []):
            others = sorted({_name(players, h) for h, _ in holders.get(twin, []) if h != i})
            if others:
                yield error("double-route-closed", f"{_player(i)}.routes[{j}]",
                            N_("With 2 or 3 players only one route of the double route {cities} is used, but "
                               "{others} claimed route {twin} and this player route {route}."),
                            cities=describe(board.routes[rid]), others=", ".join(others), twin=twin, route=rid)


def _shared_stations(players: list[PlayerIn | None]) -> Iterator[Problem]:
    """Stations of two players in one city: a city holds one station in all."""
    where: dict[str, list[tuple[int, int]]] = {}
    for i, p in enumerate(players):
        if p is None:
            continue
        for k, s in enumerate(p.stations):
            if s is not None and all(h != i for h, _ in where.get(s.city, [])):
                where.setdefault(s.city, []).append((i, k))
    for city, places in where.items():
        if len(places) > 1:
            for i, k in places:
                others = ", ".join(_name(players, h) for h, _ in places if h != i)
                yield error("station-city-taken", f"{_player(i)}.stations[{k}]",
                            N_("{others} also has a station in {city}; a city holds one station."),
                            others=others, city=city)


def _shared_tickets(players: list[PlayerIn | None]) -> Iterator[Problem]:
    """One ticket held by two players: each ticket card exists once."""
    where: dict[frozenset[str], list[tuple[int, int]]] = {}
    for i, p in enumerate(players):
        if p is None:
            continue
        for k, t in enumerate(p.tickets):
            key = frozenset((t.from_, t.to)) if t is not None else frozenset()
            if len(key) == 2 and all(h != i for h, _ in where.get(key, [])):
                where.setdefault(key, []).append((i, k))
    for places in where.values():
        if len(places) > 1:
            for i, k in places:
                t = players[i].tickets[k]
                others = ", ".join(_name(players, h) for h, _ in places if h != i)
                yield error("ticket-held-twice", f"{_player(i)}.tickets[{k}]",
                            N_("{others} also holds the ticket {a}–{b}; each ticket exists once."),
                            others=others, a=t.from_, b=t.to)


def _borrowing(board: Board, players: list[PlayerIn | None]) -> Iterator[Problem]:
    """Each given `borrows`: a known route at the station's city, claimed by another player."""
    owners: dict[int, set[int]] = {}
    for i, p in enumerate(players):
        for rid in (p.routes if p else ()):
            owners.setdefault(rid, set()).add(i)
    for i, p in enumerate(players):
        first: dict[int, tuple[int, str]] = {}  # route -> (station index, city) of the first station borrowing it
        for k, s in enumerate(p.stations if p else ()):
            if s is None or s.borrows is None:
                continue
            path = f"{_player(i)}.stations[{k}].borrows"
            if s.borrows in first:
                k0, city0 = first[s.borrows]
                route = board.routes.get(s.borrows)
                yield warning("borrow-repeated", path,
                              N_("The stations in {first} (stations[{k0}]) and {city} (stations[{k}]) both borrow "
                                 "route {route}{cities}; allowed, but the second station adds nothing."),
                              first=city0, k0=k0, city=s.city, k=k, route=s.borrows,
                              cities=f" ({describe(route)})" if route else "")
            else:
                first[s.borrows] = (k, s.city)
            route = board.routes.get(s.borrows)
            if route is None:
                yield error("unknown-route", path, N_("Route {route} does not exist; route ids are 1 to {last}."),
                            route=s.borrows, last=max(board.routes))
            elif s.city in board.cities and not route.touches(s.city):
                yield error("borrow-not-at-city", path,
                            N_("Route {route} ({cities}) does not touch {city}; a station borrows a route of its "
                               "own city."), route=s.borrows, cities=describe(route), city=s.city)
            elif i in owners.get(s.borrows, ()):
                yield error("borrow-own-route", path,
                            N_("Route {route} ({cities}) is this player's own; a station borrows another "
                               "player's route."), route=s.borrows, cities=describe(route))
            elif not owners.get(s.borrows):
                yield error("borrow-unclaimed", path,
                            N_("Nobody claimed route {route} ({cities}); a station borrows a claimed route of "
                               "another player."), route=s.borrows, cities=describe(route))


def _name(players: list[PlayerIn | None], i: int) -> str:
    """A player's name for a message."""
    p = players[i]
    return p.player if p is not None and p.player else f"Player {i + 1}"


def held_tickets(board: Board, variant: str, p: PlayerIn) -> list[HeldTicket]:
    """The tickets of a player without errors, with their points from the deck or as given."""
    deck = board.decks[variant]
    held = []
    for t in p.tickets:
        points = deck[frozenset((t.from_, t.to))].points
        held.append(HeldTicket(t.from_, t.to, points))
    return held
