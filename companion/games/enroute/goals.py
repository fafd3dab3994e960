"""Goal cards A, B, C: the metrics the companion computes and how PP are awarded."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ..core.problems import N_, Problem, error
from ..core.schema import join_path
from .game_format import METRICS, MINUS_SIGNS, ZONE_METRICS, GoalCardV1, GoalsV1
from .shape import read_shape

__all__ = ["METRICS", "MINUS_SIGNS", "GoalCard", "award", "check_goals", "goal_to_json", "parse_goals"]


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
    zone: str | None = None  # a zone feature's id, for the zone metrics (New York)

    @property
    def metric_key(self) -> str:
        """The key of this card's result among a route's metrics (a zone metric names its zone)."""
        return f"{self.metric}:{self.zone}" if self.metric in ZONE_METRICS else self.metric

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
    doc = {"deck": card.deck, "name": card.name, "metric": card.metric, "sign": card.sign,
           "threshold": card.threshold, "winner_pp": card.winner_pp, "achiever_pp": card.achiever_pp}
    return doc | ({"zone": card.zone} if card.zone is not None else {})


def parse_goals(value: Any, path: str, problems: list[Problem]) -> list[GoalCard]:
    """Read up to three goal cards, one per deck."""
    shape = read_shape(GoalsV1, value, path)
    problems.extend(shape.problems)
    if shape.value is None:
        return []
    return check_goals(value, shape.items((), shape.value.root), path, problems)


def check_goals(value: Any, cards: Iterable[tuple[int, GoalCardV1]], path: str,
                problems: list[Problem]) -> list[GoalCard]:
    """Check goal cards read by their model (with their indices): at most three, one per deck."""
    if isinstance(value, list) and len(value) > 3:
        problems.append(error("too-many-goals", path,
                              N_("A game uses at most three goal cards (A, B, C), not {count}."), count=len(value)))
    found: list[GoalCard] = []
    for i, card in cards:
        if i >= 3:  # only the first three are played
            continue
        ok = True
        if any(c.deck == card.deck for c in found):
            problems.append(error("duplicate-deck", join_path(join_path(path, i), "deck"),
                                  N_("Two goal cards from deck {deck}."), deck=card.deck))
            ok = False
        if (card.metric in ZONE_METRICS) != (card.zone is not None):
            problems.append(error("zone-goal", join_path(join_path(path, i), "zone"),
                                  N_("A goal card names a zone exactly when its metric is {metrics}."),
                                  metrics=" or ".join(ZONE_METRICS)))
            ok = False
        if card.achiever_pp > card.winner_pp:
            problems.append(error("achiever-above-winner", join_path(join_path(path, i), "achiever_pp"),
                                  N_("The achiever PP cannot be more than the winner PP.")))
            ok = False
        if ok:
            found.append(GoalCard(card.deck, card.name, card.metric, card.sign, card.threshold, card.winner_pp,
                                  card.achiever_pp, card.zone))
    return found


def award(card: GoalCard, values: Sequence[int | None]) -> list[int]:
    """Return each player's PP for one card; `None` marks a player who cannot meet it."""
    met = [v for v in values if card.is_met(v)]
    if not met:
        return [0 for _ in values]
    best = min(met) if card.lower_is_better else max(met)
    return [0 if not card.is_met(v) else card.winner_pp if v == best else card.achiever_pp for v in values]
