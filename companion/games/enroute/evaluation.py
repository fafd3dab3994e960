"""A final route's evaluation: rows 1–8, route facts, goal metrics, and what a route search maximises.

Shared by scoring (the score sheet) and the route search, so neither imports the other's module.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .board import Board
from .game import Game
from .geometry import Point
from .goals import GoalCard
from .route import (
    RouteFacts,
    longest_straight,
    personal_goal_pp,
    ride_goal_span,
    route_facts,
    split_goal_span,
    turns,
    walk_goal_span,
    walk_sections,
)
from .rows import scoring_rows
from .rowtypes import CAFE_PP, ROW_TYPES
from .sheet import Sheet

__all__ = ["CAFE_PP", "Context", "RouteChoice", "RouteEvaluation", "RowInput", "evaluate_route"]


@dataclass(frozen=True)
class Context:
    """Everything besides the sheet that scoring needs: board, level, ratings and goal cards."""

    board: Board
    level: str = "full"
    ratings: tuple[tuple[str, int], ...] = ()
    goals: tuple[GoalCard, ...] = ()
    marks: tuple[tuple[str, tuple[int, ...]], ...] = ()  # coordinate tracks: the spaces marked
    tours: tuple[str, ...] = ()  # Paris: the thematic tour features revealed for this game

    @classmethod
    def of(cls, game: Game) -> Context:
        """Build the context of a read game."""
        return cls(game.board, game.level, tuple(sorted(game.ratings.items())), tuple(game.goals),
                   tuple(sorted(game.marks.items())), tuple(game.tours))

    def track_pp(self, track_id: str | None) -> int:
        """Return the PP a rating track is worth now (count: by boxes marked; coordinates: by spaces marked)."""
        if track_id is None:
            return 0
        coordinate = self.board.coordinate_track(track_id)
        if coordinate is not None:
            return coordinate.score(len(dict(self.marks).get(track_id, ())))
        track = self.board.rating_track(track_id) or (0,)
        return track[min(dict(self.ratings).get(track_id, 0), len(track) - 1)]

    def rating(self, landmark_id: str) -> int:
        """Return the PP an iconic landmark is worth with its marked upgrades."""
        lm = self.board.landmark(landmark_id)
        return self.track_pp(lm.track if lm is not None else landmark_id)


@dataclass
class RowInput:
    """What a scoring row values: the route's facts, tourists per colour and landmarks on it."""

    ctx: Context
    sheet: Sheet
    facts: RouteFacts
    walk: Sequence[Point]
    tourists: dict[str, int]
    landmarks: list
    best_order: bool = True

    def personal_goal(self) -> int:
        """Row 8: the longest stretch between two circled intersections (never across a vehicle ride)."""
        goal = self.sheet.personal_goal if self.ctx.level != "simplified" else None
        if not goal:
            return 0
        if self.facts.ride is not None:
            return ride_goal_span(self.facts, goal) if self.best_order else split_goal_span(self.walk, self.facts,
                                                                                           goal)
        return (personal_goal_pp(self.facts.sections, goal) if self.best_order
                else walk_goal_span(self.walk, goal))


@dataclass(frozen=True)
class RouteEvaluation:
    """A route's rows 1–8, its goal metrics and its tie-break values (goal rows still 0)."""

    walk: tuple[Point, ...]
    facts: RouteFacts
    rows: dict[str, int]
    metrics: dict[str, int]

    @property
    def base(self) -> int:
        """Sum of rows 1–8."""
        return sum(self.rows.values())

    @property
    def tiebreak(self) -> tuple[int, int, int]:
        """(route length, tourists on the route, landmarks on the route)."""
        m = self.metrics
        return (m["route_length"], m["tourists_on_route"], m["landmarks_on_route"])


def evaluate_route(ctx: Context, sheet: Sheet, walk: Sequence[Point], *, best_order: bool = True) -> RouteEvaluation:
    """Score rows 1–8 of one final route and compute its goal metrics.

    With `best_order` the personal goal counts the best walking order of the
    route's sections (the rule); the exhaustive search passes False because
    it enumerates every order itself.
    """
    board = ctx.board
    facts = route_facts(board, walk)
    on = facts.locations
    tourists: dict[str, int] = {}
    for loc in on:
        for colour, n in sheet.tourists.get(loc, {}).items():
            tourists[colour] = tourists.get(colour, 0) + n
    if sheet.remote:  # Cairo: a remote space's tourists are on the route with its meeting point
        for space in board.features_of("remote_space"):
            if space.param("meeting") in facts.points:
                for colour, n in sheet.remote.get(space.id, {}).items():
                    tourists[colour] = tourists.get(colour, 0) + n
    landmarks = [lm for lm in board.landmarks if landmark_on(board, lm, facts, sheet.ticket_points)]
    ev = RowInput(ctx, sheet, facts, walk, tourists, landmarks, best_order)
    rows: dict[str, int] = {}
    for row in scoring_rows(board, ctx.level):
        value = ROW_TYPES[row.type].value(row.spec, ev)
        if value is not None:
            rows[row.key] = value
    metrics = {
        "route_length": facts.length,
        "turns": turns(board, walk),
        "longest_straight": longest_straight(board, walk),
        "landmarks_on_route": len(landmarks),
        "tourists_on_route": sum(tourists.values()),
        "empty_locations_on_route": sum(1 for loc in on if not sheet.tourists_at(loc)),
    }
    metrics.update(zone_metrics(board, walk, facts))
    return RouteEvaluation(tuple(walk), facts, rows, metrics)


def zone_metrics(board: Board, walk: Sequence[Point], facts: RouteFacts) -> dict[str, int]:
    """Each zone's goal metrics: route sections next to it, and 1 when the route starts or ends next to it.

    A section is next to a zone when it borders one of the zone's locations. The first and last sections are
    the walk's own (a ride never starts or ends a route).
    """
    found: dict[str, int] = {}
    roads = [s for s in walk_sections(walk) if board.is_road(s)]
    for zone in board.features_of("zone"):
        near = set(zone.locations)
        found[f"zone_sections:{zone.id}"] = sum(1 for s in facts.sections if near & set(board.borders(s)))
        ends = (roads[0], roads[-1]) if roads else ()
        found[f"zone_end:{zone.id}"] = int(any(near & set(board.borders(s)) for s in ends))
    return found


def landmark_on(board: Board, lm, facts: RouteFacts, tickets: frozenset = frozenset()) -> bool:
    """Tell whether a landmark is on the route: along its own sides if a `landmark_sides` feature shapes it
    (Paris), else by the landmark's own rule (`Landmark.on_route`: sides, points, tickets, locations)."""
    sides = board.landmark_sides(lm.id)
    if sides is not None:
        return any(sec in facts.sections for sec in sides)
    return lm.on_route(facts.sections, facts.locations, facts.points, tickets)


def goal_value(card: GoalCard, evaluation: RouteEvaluation, sheet: Sheet) -> int | None:
    """Return a player's result for a goal card (None when a manual result is missing)."""
    if card.metric == "manual":
        return sheet.goal_values.get(card.deck)
    return evaluation.metrics.get(card.metric_key, 0)


def search_objective(ctx: Context, sheet: Sheet, evaluation: RouteEvaluation) -> tuple[int, int, int, int]:
    """What the companion maximises when it chooses a route for a player.

    Rows 1–8 plus, for each goal card the route meets, its achiever PP: the
    winner PP depends on the other players' routes, so a player's own best
    route cannot count on it. Then the tie-break order (length, tourists,
    landmarks), because those decide ties between equal totals.
    """
    goals = sum(card.achiever_pp for card in ctx.goals if card.is_met(goal_value(card, evaluation, sheet)))
    return (evaluation.base + goals, *evaluation.tiebreak)


@dataclass
class RouteChoice:
    """A route picked by a search, and whether it is proven best."""

    walk: list[Point]
    proven: bool


RouteChooser = Callable[[Context, Sheet], RouteChoice]
