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
from .route import RouteFacts, longest_straight, personal_goal_pp, route_facts, turns, walk_goal_span
from .rows import scoring_rows
from .sheet import Sheet

CAFE_PP = 2


@dataclass(frozen=True)
class Context:
    """Everything besides the sheet that scoring needs: board, level, ratings and goal cards."""

    board: Board
    level: str = "full"
    ratings: tuple[tuple[str, int], ...] = ()
    goals: tuple[GoalCard, ...] = ()

    @classmethod
    def of(cls, game: Game) -> Context:
        """Build the context of a read game."""
        return cls(game.board, game.level, tuple(sorted(game.ratings.items())), tuple(game.goals))

    def rating(self, landmark_id: str) -> int:
        """Return the PP an iconic landmark is worth with its marked upgrades."""
        track = self.board.rating_track(landmark_id) or (0,)
        return track[min(dict(self.ratings).get(landmark_id, 0), len(track) - 1)]


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
    landmarks = [lm for lm in board.landmarks if any(loc in on for loc in lm.locations)]
    rows: dict[str, int] = {}
    for row in scoring_rows(board, ctx.level):
        key = row.key
        if key in ("red", "green", "blue", "purple"):
            rows[key] = tourists.get(key, 0) * sum(1 for lm in landmarks if lm.kind == key)
        elif key == "yellow":
            rows[key] = sum(lm.pp or 0 for lm in landmarks if lm.kind == "yellow")
        elif key == "grey":
            rows[key] = sum(ctx.rating(lm.id) for lm in landmarks if lm.kind == "grey")
        elif key == "cafes":
            used = ctx.level != "simplified"
            rows[key] = CAFE_PP * sum(1 for state in sheet.cafes.values() if state == "unused") if used else 0
        elif key == "visit_them_all":
            vta = board.visit_them_all
            rows[key] = vta.score(sum(1 for p in vta.at if p in facts.points)) if vta else 0
        elif key == "personal_goal":
            goal = sheet.personal_goal if ctx.level != "simplified" else None
            rows[key] = (personal_goal_pp(facts.sections, goal) if best_order
                         else walk_goal_span(walk, goal or ()))
    metrics = {
        "route_length": facts.length,
        "turns": turns(board, walk),
        "longest_straight": longest_straight(board, walk),
        "landmarks_on_route": len(landmarks),
        "tourists_on_route": sum(tourists.values()),
        "empty_locations_on_route": sum(1 for loc in on if not sheet.tourists_at(loc)),
    }
    return RouteEvaluation(tuple(walk), facts, rows, metrics)


def goal_value(card: GoalCard, evaluation: RouteEvaluation, sheet: Sheet) -> int | None:
    """Return a player's result for a goal card (None when a manual result is missing)."""
    if card.metric == "manual":
        return sheet.goal_values.get(card.deck)
    return evaluation.metrics[card.metric]


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
