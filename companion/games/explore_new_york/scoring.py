"""The score sheet: `explore-ny-game/1` in, `explore-ny-score/1` out.

Every player gets their final route (their own, or the companion's best when
they gave none), the five rows, the total, the best possible route for
comparison ("your route N PP, best possible M PP"), what to erase, and a
rank. A player whose sheet has an error gets no rows, total or rank. The
seed names no tie-break: players with equal totals share a rank.
"""

from __future__ import annotations

import math
import time
from typing import Any

from ..core.engine import ScoreOptions
from ..core.problems import N_, Problem, has_errors, warning
from ..core.schema import join_path
from .game import Game, read_game
from .rows import ROW_KEYS, score_sections, walk_sections
from .sheet import Sheet
from .solver import DEFAULT_TIME_LIMIT, RouteChoice, best_route

SCORE_FORMAT = "explore-ny-score/1"


class SearchBudget:
    """One request's time for route searches: each gets at most `per_route` and a fair share of `total`."""

    def __init__(self, per_route: float | None = None, total: float | None = None, searches: int = 1) -> None:
        """Start the clock for `searches` expected searches."""
        self.per_route = DEFAULT_TIME_LIMIT if per_route is None else per_route
        self.deadline = None if total is None else time.monotonic() + total
        self.left = max(1, searches)

    def limit(self) -> float | None:
        """The time the next search may take (None: no limit)."""
        per = None if self.per_route == math.inf else self.per_route
        if self.deadline is None:
            return per
        share = max(0.0, self.deadline - time.monotonic()) / self.left
        self.left = max(1, self.left - 1)
        return max(0.05, share if per is None else min(per, share))

    def best(self, sheet: Sheet) -> RouteChoice:
        """Search one sheet's best route within the budget."""
        return best_route(sheet, self.limit())


def _points(walk: list) -> list[list[int]]:
    """A walk as JSON."""
    return [list(p) for p in walk]


def score_player(sheet: Sheet, budget: SearchBudget) -> dict[str, Any]:
    """Score one readable sheet without errors: route, rows, counts, total, best, what to erase."""
    best = budget.best(sheet)
    if sheet.final_route is not None:
        walk, by = sheet.final_route, "player"
    else:
        walk, by = best.walk, "companion"
    kept = set(walk_sections(walk))
    score = score_sections(sheet, kept)
    off_sections = [[list(a), list(b)] for a, b in sorted(sheet.sections) if (a, b) not in kept]
    off_districts = sorted((loc for loc in sheet.tourists if loc not in score.districts), key=lambda d: (d[1], d[0]))
    return {"final_route": _points(walk), "route_chosen_by": by, "rows": {k: score.rows[k] for k in ROW_KEYS},
            "counts": score.counts, "total": score.total,
            "best": {"total": best.total, "final_route": _points(best.walk), "proven": best.proven},
            "erase": {"sections": off_sections, "tourists": [list(d) for d in off_districts]}}


def below_best(scored: dict[str, Any], path: str) -> Problem | None:
    """A warning when the player's own route is worth less than the best route found, with both values.

    Seed l.237: the final route is the one line that gives the most points. A traced route is still scored as
    traced (the sheet is the player's), but the document says it is not the final route the rules ask for.
    """
    best = scored.get("best")
    if scored.get("route_chosen_by") != "player" or not best or best["total"] <= scored["total"]:
        return None
    if len(scored.get("final_route") or []) < 2:  # no section at all: the sheet's `empty-route` warning says it
        return None
    return warning("route-below-best", join_path(path, "final_route"), N_(
        "The final route given scores {total} PP, but the best route on these sections scores {best} PP; the "
        "final route is the line that gives the most points. The route given is scored."),
        total=scored["total"], best=best["total"])


def score_game(game: Game, budget: SearchBudget | None = None) -> dict:
    """The score document of a read game."""
    budget = budget or SearchBudget(searches=len(game.players))
    out = []
    for i, player in enumerate(game.players):
        problems = game.player_problems(i)
        entry: dict[str, Any] = {"player": player.name, "tile": player.sheet.tile.id if player.sheet else None,
                                 "final_route": None, "route_chosen_by": None, "rows": None, "counts": None,
                                 "total": None, "best": None, "erase": None, "rank": None}
        if player.sheet is not None and not has_errors(problems):
            entry.update(score_player(player.sheet, budget))
            low = below_best(entry, join_path("players", i))
            if low is not None:
                problems = [*problems, low]
        entry["problems"] = [p.to_json() for p in problems]
        out.append(entry)
    totals = [e["total"] for e in out if e["total"] is not None]
    for e in out:
        if e["total"] is not None:
            e["rank"] = 1 + sum(1 for t in totals if t > e["total"])
    return {"format": SCORE_FORMAT, "players": out}


def score_document(doc: Any, options: ScoreOptions | None = None) -> dict:
    """Score an `explore-ny-game/1` document (the registry's scorer); raises `NotAGameDocument`."""
    options = options or ScoreOptions()
    game = read_game(doc, options.library)
    budget = SearchBudget(options.time_limit, options.request_time_limit, len(game.players))
    return score_game(game, budget)


__all__ = ["SCORE_FORMAT", "SearchBudget", "below_best", "score_document", "score_game", "score_player"]
