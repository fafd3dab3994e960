"""Scoring rows 1–9, goal cards, tie-breaks and ranks: `enroute-game/1` in, `enroute-score/1` out."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .board import Board
from .game import Game, read_game
from .geometry import Point
from .goals import GoalCard, award
from .problems import Problem, has_errors
from .route import RouteFacts, longest_straight, personal_goal_pp, route_facts, turns, walk_goal_span
from .rows import GOAL_DECKS, scoring_rows
from .sheet import Sheet

SCORE_FORMAT = "enroute-score/1"
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


@dataclass
class PlayerScore:
    """One player's line of the score sheet."""

    player: str
    final_route: list[Point] | None
    route_chosen_by: str | None
    rows: dict[str, int] | None
    total: int | None
    tiebreak: dict[str, int] | None
    rank: int | None
    problems: list[Problem]
    proven: bool | None
    evaluation: RouteEvaluation | None = None
    best: BestRoute | None = None

    def to_json(self) -> dict:
        """Write the `players[]` item of `enroute-score/1`."""
        return {
            "player": self.player,
            "final_route": None if self.final_route is None else [list(p) for p in self.final_route],
            "route_chosen_by": self.route_chosen_by,
            "rows": self.rows,
            "total": self.total,
            "tiebreak": self.tiebreak,
            "rank": self.rank,
            "proven": self.proven,
            "problems": [p.to_json() for p in self.problems],
        }


@dataclass(frozen=True)
class BestRoute:
    """The companion's best route for a player who traced their own, and its total."""

    walk: list[Point]
    rows: dict[str, int]
    total: int
    proven: bool


def default_chooser(ctx: Context, sheet: Sheet) -> RouteChoice:
    """Choose the best route with the engine's route search."""
    from .search import best_route

    return best_route(ctx, sheet)


def score_players(game: Game, chooser: RouteChooser | None = None, compare_best: bool = False) -> list[PlayerScore]:
    """Score every player of a read game: routes, rows 1–9, totals and ranks.

    With `compare_best`, each player who traced their own route also gets
    `best`: the companion's best route and the total it would have scored
    (goal cards awarded against the other players' actual routes).
    """
    chooser = chooser or default_chooser
    results: list[PlayerScore] = []
    ctx = Context.of(game) if game.board is not None else None
    for i, sheet in enumerate(game.players):
        problems = game.player_problems(i)
        name = sheet.player if sheet else _raw_name(i)
        route = list(sheet.final_route) if sheet and sheet.final_route is not None else None
        by = "player" if route is not None else None
        if sheet is None or ctx is None or has_errors(problems):
            results.append(PlayerScore(name, route, by, None, None, None, None, problems, None))
            continue
        proven: bool | None = True
        if route is None:
            choice = chooser(ctx, sheet)
            route, by, proven = choice.walk, "companion", choice.proven
        evaluation = evaluate_route(ctx, sheet, route)
        results.append(PlayerScore(name, route, by, dict(evaluation.rows), None, None, None, problems, proven,
                                   evaluation))
    if ctx is not None:
        _award_goals(ctx, game.players, results)
    scored = [r for r in results if r.rows is not None]
    for r in scored:
        r.total = sum(r.rows.values())
        m = r.evaluation.metrics
        r.tiebreak = {"route_length": m["route_length"], "tourists": m["tourists_on_route"],
                      "landmarks": m["landmarks_on_route"]}
    for r in scored:
        r.rank = 1 + sum(1 for o in scored if _rank_key(o) > _rank_key(r))
    if compare_best and ctx is not None:
        for i, r in enumerate(results):
            if r.rows is not None and r.route_chosen_by == "player":
                r.best = _best_alternative(ctx, game.players, results, i, chooser)
    return results


def _best_alternative(ctx: Context, sheets: list[Sheet | None], results: list[PlayerScore], index: int,
                      chooser: RouteChooser) -> BestRoute:
    """Score the companion's best route for one player, the others' routes unchanged."""
    sheet = sheets[index]
    choice = chooser(ctx, sheet)
    evaluation = evaluate_route(ctx, sheet, choice.walk)
    evaluations = [evaluation if j == index else (r.evaluation if r.rows is not None else None)
                   for j, r in enumerate(results)]
    rows = {**evaluation.rows, **goal_pps(ctx, sheets, evaluations)[index]}
    return BestRoute(list(choice.walk), rows, sum(rows.values()), choice.proven)


def _rank_key(r: PlayerScore) -> tuple[int, int, int, int]:
    """Order players by total, then the tie-break values."""
    t = r.tiebreak
    return (r.total, t["route_length"], t["tourists"], t["landmarks"])


def goal_pps(ctx: Context, sheets: list[Sheet | None],
             evaluations: list[RouteEvaluation | None]) -> list[dict[str, int]]:
    """Return each player's goal rows: winner PP for the best result among achievers, achiever PP for the rest.

    A player without an evaluation (a sheet with errors) cannot meet a card.
    """
    rows: list[dict[str, int]] = [{} for _ in evaluations]
    for deck in GOAL_DECKS:
        card = next((c for c in ctx.goals if c.deck == deck), None)
        values = [goal_value(card, e, s) if (card and e is not None) else None
                  for e, s in zip(evaluations, sheets, strict=False)]
        for mine, pp in zip(rows, award(card, values) if card else [0] * len(evaluations), strict=False):
            mine[f"goal_{deck}"] = pp
    return rows


def _award_goals(ctx: Context, sheets: list[Sheet | None], results: list[PlayerScore]) -> None:
    """Fill the goal rows of every scored player."""
    evaluations = [r.evaluation if r.rows is not None else None for r in results]
    for r, goals in zip(results, goal_pps(ctx, sheets, evaluations), strict=False):
        if r.rows is not None:
            r.rows.update(goals)


def _raw_name(index: int) -> str:
    """Name a player whose sheet could not be read."""
    return f"Player {index + 1}"


def score_game(doc: Any, library: Path | str | None = None, chooser: RouteChooser | None = None) -> dict:
    """Score a game document; raise `NotAGameDocument` if it is not one."""
    game = read_game(doc, library)
    return {"format": SCORE_FORMAT, "players": [r.to_json() for r in score_players(game, chooser)]}
