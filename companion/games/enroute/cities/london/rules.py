"""London's rules: normal deck, 3 special goal cards added to decks A/B/C, the starting subway cards."""

from __future__ import annotations

from ....core.problems import N_
from ...cityrules import CityRules, Note
from ...goals import GoalCard

SPECIAL_GOALS = (  # original model cards; "Riverside" is the seed's "Thames: waterfront", counted by the players
    ("london-riverside", GoalCard("A", "Riverside Walk", "manual", "+", 4, 8, 4)),
    ("london-sights", GoalCard("B", "Old Town Sights", "landmarks_on_route", "+", 6, 9, 4)),
    ("london-crowds", GoalCard("C", "Market Crowds", "tourists_on_route", "+", 14, 9, 4)),
)

RULES = CityRules(
    "london",
    goal_mode="add",
    special_goals=SPECIAL_GOALS,
    setup_notes=(
        Note("city-goals", N_("London's goal cards"),
             N_("Before the goal cards are chosen, add London's 3 special goal cards to their decks (A, B, C). Using "
                "all three in one game is not recommended.")),
        Note("start-subway", N_("Starting subway cards"),
             N_("Shuffle the 7 starting subway cards and deal one face down to each player. Each player secretly "
                "chooses one of the card's two stations and draws one route section from it in any direction. Then "
                "everyone reveals card, station and section together, and the cards leave the game. The section is "
                "like any other and need not be part of the final route.")),
    ),
)
