"""Scoring: every row of a sheet, the temp agency across the table, totals and ranks (`welcome-to-score/1`)."""

from __future__ import annotations

from typing import Any

from ..core.engine import ScoreOptions
from ..core.problems import has_errors
from .data import ESTATE_SIZES, PLANS, RULES, Plan, Rules
from .game import Game, read_game
from .sheet import Sheet

SCORE_FORMAT = "welcome-to-score/1"
ROWS = ("plans", "parks", "pools", "temps", "estates", "bis", "refusals", "roundabouts")


def temp_points(temps: list[int | None], solo: bool, rules: Rules = RULES) -> list[int]:
    """Temp agency points per player: ranked by temps among those with at least one (ties share a place and the
    next distinct count takes the next place); solo: the solo points from the minimum up. None scores 0."""
    if solo:
        return [rules.temp_solo_points if t is not None and t >= rules.temp_solo_min else 0 for t in temps]
    places = sorted({t for t in temps if t is not None and t > 0}, reverse=True)
    by_place = rules.temp_points_by_rank
    points = []
    for t in temps:
        place = places.index(t) if t is not None and t > 0 else len(by_place)
        points.append(by_place[place] if place < len(by_place) else 0)
    return points


def _track(track: tuple[int, ...], boxes: int) -> int:
    """The points a track shows with some boxes crossed (the last box when more are crossed)."""
    return track[max(0, min(boxes, len(track) - 1))]


def plan_points(sheet: Sheet, plans: dict[int, Plan] = PLANS) -> int:
    """The claimed plans' points: first or later side (claims are checked separately)."""
    return sum(plans[c.plan].first_points if c.first else plans[c.plan].later_points
               for c in sheet.claims if c.plan in plans)


def score_rows(sheet: Sheet, temps: int) -> dict[str, int]:
    """Every row of one sheet, given its temp agency points."""
    rules = sheet.rules
    estates = sum(_track(rules.estate_track(e.size), sheet.estate_values[e.size - 1]) for e in sheet.estates())
    return {
        "plans": plan_points(sheet),
        "parks": sum(_track(rules.park_tracks[s], n) for s, n in enumerate(sheet.parks)),
        "pools": _track(rules.pool_track, len(set(sheet.pools))),
        "temps": temps,
        "estates": estates,
        "bis": -_track(rules.bis_track, sheet.bis_count),
        "refusals": -_track(rules.refusal_track, sheet.refusals),
        "roundabouts": -_track(rules.roundabout_track, sheet.roundabout_count),
    }


def rank_key(total: int, estates: dict[int, int]) -> tuple[int, ...]:
    """Order of the final ranking: total, then most estates, then most 1-house, 2-house, ... 6-house estates."""
    return (total, sum(estates.values()), *(estates[n] for n in ESTATE_SIZES))


def score_game(game: Game) -> dict:
    """The score document of a read game; a player with an error gets no rows, total or rank."""
    temps = [p.sheet.temps if not ({"temps"} & p.read.unknown) and 0 <= p.sheet.temps <= p.sheet.rules.temp_boxes
             else None for p in game.players]
    points = temp_points(temps, game.solo)
    out: list[dict[str, Any]] = []
    keys: list[tuple[int, ...] | None] = []
    for i, player in enumerate(game.players):
        problems = game.player_problems(i)
        entry: dict[str, Any] = {"player": player.name, "rows": None, "estates": None, "total": None, "rank": None,
                                 "problems": [p.to_json() for p in problems]}
        key = None
        if not has_errors(problems):
            rows = score_rows(player.sheet, points[i])
            counts = player.sheet.estate_counts()
            total = sum(rows.values())
            entry.update(rows=rows, estates={str(n): counts[n] for n in ESTATE_SIZES}, total=total)
            key = rank_key(total, counts)
        out.append(entry)
        keys.append(key)
    for entry, key in zip(out, keys):
        if key is not None:
            entry["rank"] = 1 + sum(1 for other in keys if other is not None and other > key)
    return {"format": SCORE_FORMAT, "players": out}


def score_document(doc: Any, options: ScoreOptions | None = None) -> dict:
    """Score a `welcome-to-game/1` document into `welcome-to-score/1` (the options are not needed)."""
    return score_game(read_game(doc))
