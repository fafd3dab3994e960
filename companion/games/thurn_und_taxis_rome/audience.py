"""The Audience: secret clergy on the carriages, carriages moving after a scored route, arrivals in Rome."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..core.problems import N_, Problem, error, has_errors
from ..core.schema import Doc, Field, NonEmptyStr, join_path, read
from .data import facts, fold
from .guards import check_seat, is_whole, need_module, turn_action
from .posts import add_post_offices
from .state import Outcome, RomeTile, Table, done, refuse


class MoveIn(Doc):
    """One step of one carriage."""

    carriage: NonEmptyStr = Field(title=N_("The carriage moved"))
    to: NonEmptyStr = Field(title=N_("The city the carriage moves to"))


class RouteIn(Doc):
    """A scored route: its cities in order, where post offices were placed, and the carriage steps chosen."""

    cities: list[NonEmptyStr] = Field(min_length=3, title=N_("The route's cities"))
    post_offices: list[NonEmptyStr] = Field(default_factory=list, title=N_("A city with a new post office"))
    moves: list[MoveIn] = Field(default_factory=list, title=N_("A carriage step"))


@dataclass
class Credits:
    """The carriage steps a scored route gives: per carriage, plus jokers for any carriage."""

    own: dict[str, int] = field(default_factory=dict)
    jokers: int = 0

    def to_json(self) -> dict:
        """Return the credits for a page."""
        return {"carriages": {k: v for k, v in self.own.items() if v}, "jokers": self.jokers}


# ---- the arrival rule ------------------------------------------------------------------------------

def arrive(rome: list[RomeTile], arriving: list[RomeTile]) -> tuple[list[RomeTile], list[RomeTile]]:
    """Place arriving tiles in Rome: every earlier tile of a rank that arrives now leaves Rome.

    Returns (Rome afterwards, the tiles that left). The seed's example: two cardinals, a bishop and a
    pastor are there; two pastors, a priest and a cardinal arrive; the cardinals and the pastor leave.
    """
    ranks = {t.rank for t in arriving}
    staying = [t for t in rome if t.rank not in ranks]
    leaving = [t for t in rome if t.rank in ranks]
    return staying + arriving, leaving


def audience(table: Table) -> list[dict]:
    """Return Rome's audience now (public): each tile's player, colour, rank, carriage and points if known."""
    if table.audience is None:
        return []
    order = facts().rank_ids
    tiles = sorted(table.audience.rome, key=lambda t: (order.index(t.rank), t.seat))
    return [{"seat": t.seat, "player": table.seats[t.seat].player, "colour": table.colour_of(t.seat),
             "rank": t.rank, "carriage": t.carriage, "points": table.tile_values.get(t.rank)} for t in tiles]


# ---- secret placement and tile values -------------------------------------------------------------

def assignment_problems(assignment: Any, path: str) -> list[Problem]:
    """One rank on each carriage, each rank once."""
    f = facts()
    if not isinstance(assignment, Mapping):
        return [error("not-an-object", path, N_("The clergy placement maps each carriage to the rank of the tile "
                                                "on it, like {example}."), example='{"baden": "cardinal", …}')]
    problems: list[Problem] = []
    seen: dict[str, str] = {}
    for carriage, rank in assignment.items():
        where = join_path(path, str(carriage))
        if carriage not in f.carriage_ids:
            problems.append(error("unknown-carriage", where, N_("{key} is not a carriage; the carriages are "
                                                                "{known}."), key=str(carriage),
                                  known=", ".join(f.carriage_ids)))
        elif rank not in f.rank_ids:
            problems.append(error("unknown-rank", where, N_("{key} is not a clergy rank; the ranks are {ranks}."),
                                  key=str(rank), ranks=", ".join(f.rank_ids)))
        elif rank in seen:
            problems.append(error("rank-twice", where, N_("Each player has one {rank} tile; it is already on the "
                                                          "{carriage} carriage."), rank=rank, carriage=seen[rank]))
        else:
            seen[rank] = carriage
    for carriage in f.carriages:
        if carriage.id not in assignment:
            problems.append(error("missing-carriage", path, N_("Every carriage carries one of your clergy tiles; "
                                                               "the {carriage} carriage has none."),
                                  carriage=carriage.name))
    return problems


def assign_clergy(table: Table, seat: Any, assignment: Any) -> Outcome:
    """A seat secretly places one clergy tile on each carriage (changeable until every seat has placed)."""
    problems = need_module(table, "audience") or check_seat(table, seat)
    if problems:
        return refuse(table, problems)
    if all(table.audience.ready):
        return refuse(table, [error("clergy-locked", "assignment", N_("Every player has placed their clergy; the "
                                                                       "tiles travel on the carriages now."))])
    problems = assignment_problems(assignment, "assignment")
    if problems:
        return refuse(table, problems)
    new = table.copy()
    new.audience.assignments[seat] = {c: assignment[c] for c in facts().carriage_ids}
    events = [{"event": "clergy-placed", "seat": seat}]  # public: who is ready, never what they chose
    if all(new.audience.ready):
        events.append({"event": "audience-ready"})
    return done(new, events)


def set_tile_value(table: Table, rank: Any, points: Any, name: Any = None) -> Outcome:
    """Remember a clergy rank's printed points (and printed name), entered by the table from a tile."""
    f = facts()
    problems: list[Problem] = []
    if rank not in f.rank_ids:
        problems.append(error("unknown-rank", "rank", N_("{key} is not a clergy rank; the ranks are {ranks}."),
                              key=str(rank), ranks=", ".join(f.rank_ids)))
    if not is_whole(points) or points < 0:
        problems.append(error("bad-tile-value", "points", N_("A clergy tile is worth 0 points or more, not "
                                                             "{points}."), points=repr(points)))
    if name is not None and (not isinstance(name, str) or not name.strip()):
        problems.append(error("bad-text", "name", N_("A clergy tile's printed name is text, not {value}."),
                              value=repr(name)))
    if problems:
        return refuse(table, problems)
    new = table.copy()
    new.tile_values[rank] = points
    if name is not None:
        new.rank_names[rank] = name.strip()
    return done(new, [{"event": "tile-value", "rank": rank, "points": points}])


# ---- routes and credits ----------------------------------------------------------------------------

def _base_city(name: str) -> str | None:
    """Return the base map's spelling of a city (München: Munchen), or None."""
    wanted = fold(name)
    return next((c for c in facts().cities if fold(c) == wanted), None)


def _route_problems(route: RouteIn) -> tuple[list[str], set[str], list[Problem]]:
    """Check a route's cities and post offices against the base map."""
    f = facts()
    problems: list[Problem] = []
    cities: list[str] = []
    for i, raw in enumerate(route.cities):
        city = _base_city(raw)
        path = join_path("cities", i)
        if city is None:
            problems.append(error("unknown-city", path, N_("{city} is not a city of the map; the cities are "
                                                           "{known}."), city=raw, known=", ".join(sorted(f.cities))))
        elif city in cities:
            problems.append(error("city-twice", path, N_("{city} is in the route twice."), city=city))
        else:
            if cities and frozenset((cities[-1], city)) not in f.roads:
                problems.append(error("not-connected", path, N_("No road joins {a} and {b}, so they cannot lie "
                                                                "next to each other in a route."), a=cities[-1],
                                      b=city))
            cities.append(city)
    offices: set[str] = set()
    for i, raw in enumerate(route.post_offices):
        city = _base_city(raw)
        path = join_path("post_offices", i)
        if city is None or city not in cities:
            problems.append(error("post-office-off-route", path, N_("{city} is not a city of this route; post "
                                                                    "offices go in the route's cities."), city=raw))
        elif city in offices:
            problems.append(error("post-office-twice", path, N_("{city} gets one post office, not two."), city=city))
        else:
            offices.add(city)
    return cities, offices, problems


def route_credits(cities: list[str], post_offices: set[str]) -> Credits:
    """Count the steps a route gives: one per city card without a new post office; Lodz's card is a joker."""
    f = facts()
    credits = Credits(dict.fromkeys(f.carriage_ids, 0))
    for city in cities:
        if city in post_offices:
            continue
        carriage = f.carriage_of_city(city)
        if carriage is None:
            credits.jokers += 1
        else:
            credits.own[carriage.id] += 1
    return credits


def movement_credits(table: Table, route: Any) -> tuple[Credits | None, list[Problem]]:
    """Tell a page which steps a route would give now (cards of carriages already in Rome are jokers)."""
    doc, problems = read(RouteIn, route)
    if doc is None:
        return None, problems
    cities, offices, problems = _route_problems(doc)
    if problems:
        return None, problems
    credits = route_credits(cities, offices)
    if table.audience is not None:
        for carriage in table.audience.arrivals:
            credits.jokers += credits.own[carriage]
            credits.own[carriage] = 0
    return credits, []


def next_cities(table: Table, carriage: str) -> list[str] | None:
    """Return the cities a carriage may move to next ([] in Rome; None when the board was not entered)."""
    a = table.audience
    if a is None or carriage not in a.carriages or carriage in a.arrivals:
        return []
    return list(a.track.south_of(a.carriages[carriage])) if a.track is not None else None


def _destination(table: Table, carriage: str, to: str, path: str) -> tuple[str | None, list[Problem]]:
    """Find where a step leads: one road south on the board, or any other city when no board was entered."""
    a = table.audience
    here, rome = a.carriages[carriage], facts().rome
    name = facts().carriage(carriage).name
    if a.track is None:
        if fold(to) == fold(here):
            return None, [error("same-city", path, N_("The {carriage} carriage already stands in {city}; a step "
                                                      "leads to the next city south."), carriage=name, city=here)]
        return (rome if fold(to) == fold(rome) else to.strip()), []
    options = a.track.south_of(here)
    city = a.track.city(to)
    if city not in options:
        return None, [error("not-next-city", path, N_("From {city} the {carriage} carriage can only move on to "
                                                      "{options}, not {to}."), city=here, carriage=name,
                            options=", ".join(options), to=to)]
    return (rome if fold(city) == fold(rome) else city), []


def _arrival(table: Table, carriage: str) -> dict:
    """Turn a carriage's clergy face up in Rome (the replacement rule) and describe it publicly."""
    a = table.audience
    arriving = [RomeTile(seat, chosen[carriage], carriage) for seat, chosen in enumerate(a.assignments)]
    a.rome, leaving = arrive(a.rome, arriving)
    a.dismissed.extend(RomeTile(t.seat, t.rank, t.carriage, carriage) for t in leaving)
    a.arrivals.append(carriage)
    return {"event": "arrived", "carriage": carriage,
            "revealed": [t.to_json() for t in arriving], "left_rome": [t.to_json() for t in leaving]}


def score_route(table: Table, seat: Any, route: Any) -> Outcome:
    """After the active player scores a route, move carriages: one step per city card without a new post office.

    A card of a carriage already in Rome, and Lodz's card, is a joker: it moves any other carriage one step.
    Steps are optional; they are done in the order given, so a carriage reaching Rome turns its
    country's remaining cards of this route into jokers.
    """
    return preview_route(table, seat, route)[0]


def preview_route(table: Table, seat: Any, route: Any) -> tuple[Outcome, Credits | None]:
    """Score a route as `score_route` does and also return the steps still unused (None when refused).

    A page that lets the table choose the steps one at a time shows what is left after the steps so far.
    """
    problems = turn_action(table, seat, "audience")
    if problems:
        return refuse(table, problems), None
    if table.turn.route_scored:
        return refuse(table, [error("route-already-scored", "", N_("{player} has already scored a route this turn."),
                                    player=table.seats[seat].player)]), None
    waiting = [table.seats[i].player for i, ready in enumerate(table.audience.ready) if not ready]
    if waiting:
        return refuse(table, [error("clergy-not-placed", "", N_("The carriages wait until every player has placed "
                                                                "their clergy: {players} still must."),
                                    players=", ".join(waiting))]), None
    doc, problems = read(RouteIn, route)
    if doc is None:
        return refuse(table, problems), None
    cities, offices, problems = _route_problems(doc)
    if problems:
        return refuse(table, problems), None
    new = table.copy()
    credits, _ = movement_credits(new, {"cities": cities, "post_offices": sorted(offices)})
    events: list[dict] = [{"event": "route-scored", "seat": seat, "cities": cities, "post_offices": sorted(offices),
                           "steps": credits.to_json()}]
    problems = _apply_moves(new, doc.moves, credits, events)
    problems += add_post_offices(new, seat, len(offices), events, "post_offices")
    if has_errors(problems):
        return refuse(table, problems), None
    new.turn.route_scored = True
    return done(new, events), credits  # `_apply_moves` spent the used steps from `credits`


def _apply_moves(table: Table, moves: list[MoveIn], credits: Credits, events: list[dict]) -> list[Problem]:
    """Make the chosen steps on `table`, spending the route's cards; report every step that cannot be made."""
    f = facts()
    a = table.audience
    problems: list[Problem] = []
    for j, move in enumerate(moves):
        path = join_path("moves", j)
        carriage = move.carriage if move.carriage in f.carriage_ids else None
        if carriage is None:
            problems.append(error("unknown-carriage", join_path(path, "carriage"), N_("{key} is not a carriage; "
                                                                                     "the carriages are {known}."),
                                  key=move.carriage, known=", ".join(f.carriage_ids)))
            continue
        name = f.carriage(carriage).name
        if carriage in a.arrivals:
            problems.append(error("carriage-in-rome", join_path(path, "carriage"),
                                  N_("The {carriage} carriage is already in Rome; its cards are jokers for the other "
                                     "carriages."), carriage=name))
            continue
        if credits.own[carriage] == 0 and credits.jokers == 0:
            problems.append(error("no-card-for-step", path, N_("No card of this route is left to move the {carriage} "
                                                              "carriage."), carriage=name))
            continue
        city, found = _destination(table, carriage, move.to, join_path(path, "to"))
        if found:
            problems.extend(found)
            continue
        used = "own" if credits.own[carriage] else "joker"
        if used == "own":
            credits.own[carriage] -= 1
        else:
            credits.jokers -= 1
        events.append({"event": "carriage-moved", "carriage": carriage, "from": a.carriages[carriage], "to": city,
                       "card": used})
        a.carriages[carriage] = city
        if city == f.rome:
            events.append(_arrival(table, carriage))
            credits.jokers += credits.own[carriage]  # the country's remaining cards of this route
            credits.own[carriage] = 0
    return problems
