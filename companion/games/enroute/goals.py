"""Goal cards A, B, C: the metrics the companion computes and how PP are awarded."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..core.problems import Problem, error
from .jsonread import check_keys, check_object, join, read_int, read_string, show
from .rows import GOAL_DECKS

METRICS = {
    "route_length": "sections in the final route",
    "turns": "places along the route where it does not go on straight",
    "longest_straight": "sections in the longest straight run",
    "landmarks_on_route": "landmarks on the route, all kinds",
    "tourists_on_route": "tourists in locations on the route, all colours",
    "empty_locations_on_route": "locations on the route holding no tourists",
    "manual": "counted by the players (goal_values)",
}
MINUS_SIGNS = ("-", "−")


@dataclass(frozen=True)
class GoalCard:
    """A shared goal card as the table describes it."""

    deck: str
    name: str
    metric: str
    sign: str
    threshold: int
    winner_pp: int
    achiever_pp: int

    @property
    def lower_is_better(self) -> bool:
        """True for a "−" card (result ≤ threshold; the lowest wins)."""
        return self.sign in MINUS_SIGNS

    def is_met(self, value: int | None) -> bool:
        """Tell whether a result meets the requirement."""
        if value is None:
            return False
        return value <= self.threshold if self.lower_is_better else value >= self.threshold


def goal_to_json(card: GoalCard) -> dict:
    """Write a goal card as in `enroute-game/1`."""
    return {"deck": card.deck, "name": card.name, "metric": card.metric, "sign": card.sign,
            "threshold": card.threshold, "winner_pp": card.winner_pp, "achiever_pp": card.achiever_pp}


def parse_goals(value: Any, path: str, problems: list[Problem]) -> list[GoalCard]:
    """Read up to three goal cards, one per deck."""
    if not isinstance(value, list):
        problems.append(error("not-a-list", path, f"goals must be a list of goal cards, not {show(value)}."))
        return []
    if len(value) > 3:
        problems.append(error("too-many-goals", path,
                              f"A game uses at most three goal cards (A, B, C), not {len(value)}."))
    cards: list[GoalCard] = []
    for i, item in enumerate(value[:3]):
        ipath = join(path, i)
        if not check_object(item, ipath, "A goal card", problems):
            continue
        keys = ("deck", "name", "metric", "sign", "threshold", "winner_pp", "achiever_pp")
        check_keys(item, ipath, keys, keys, "a goal card", problems)
        deck = item.get("deck")
        if "deck" in item and deck not in GOAL_DECKS:
            problems.append(error("bad-deck", join(ipath, "deck"), f"deck is A, B or C, not {show(deck)}."))
            deck = None
        elif deck is not None and any(c.deck == deck for c in cards):
            problems.append(error("duplicate-deck", join(ipath, "deck"), f"Two goal cards from deck {deck}."))
            deck = None
        name = read_string(item["name"], join(ipath, "name"), "The goal's name", problems) if "name" in item else None
        metric = item.get("metric")
        if "metric" in item and metric not in METRICS:
            problems.append(error("unknown-metric", join(ipath, "metric"),
                                  f"Unknown metric {show(metric)}; use one of {', '.join(METRICS)}."))
            metric = None
        sign = item.get("sign")
        if "sign" in item and sign not in ("+", *MINUS_SIGNS):
            problems.append(error("bad-sign", join(ipath, "sign"), f'sign is "+" or "−", not {show(sign)}.'))
            sign = None
        nums = {}
        for key, what in (("threshold", "The requirement"), ("winner_pp", "The winner PP"),
                          ("achiever_pp", "The achiever PP")):
            if key in item:
                nums[key] = read_int(item[key], join(ipath, key), what, problems, low=0, high=999)
        if nums.get("winner_pp") is not None and nums.get("achiever_pp") is not None \
                and nums["achiever_pp"] > nums["winner_pp"]:
            problems.append(error("achiever-above-winner", join(ipath, "achiever_pp"),
                                  "The achiever PP cannot be more than the winner PP."))
            continue
        if deck and name and metric and sign and all(nums.get(k) is not None for k in
                                                      ("threshold", "winner_pp", "achiever_pp")):
            cards.append(GoalCard(deck, name, metric, sign, nums["threshold"], nums["winner_pp"],
                                  nums["achiever_pp"]))
    return cards


def award(card: GoalCard, values: Sequence[int | None]) -> list[int]:
    """Return each player's PP for one card; `None` marks a player who cannot meet it."""
    met = [v for v in values if card.is_met(v)]
    if not met:
        return [0 for _ in values]
    best = min(met) if card.lower_is_better else max(met)
    return [0 if not card.is_met(v) else card.winner_pp if v == best else card.achiever_pp for v in values]
