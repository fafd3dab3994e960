"""Scoring rows 1–9, goal cards, tie-breaks and ranks: `enroute-game/1` in, `enroute-score/1` out."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core.problems import Problem, has_errors
from .evaluation import (
    Context,
    RouteChoice,
    RouteChooser,
    RouteEvaluation,
    evaluate_route,
    goal_value,
)
from .game import Game, read_game
from .geometry import Point
from .goals import award
from .rows import GOAL_DECKS
from .search import best_route
from .sheet import Sheet

SCORE_FORMAT = "enroute-score/1"
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
