"""Hong Kong's rules: group cards (historic OR modern), 9 special goal cards replace decks A/B/C, immediate cafes."""

from __future__ import annotations

from ....core.problems import N_
from ...board import Board
from ...cards import RoundCard
from ...cityrules import CityRules, Note, city_deck
from ...goals import GoalCard

SPECIAL_GOALS = (  # original model cards; deck B's are about the tram and counted by the players
    ("hk-a-long-walk", GoalCard("A", "Long Harbour Walk", "route_length", "+", 15, 9, 4)),
    ("hk-a-zigzag", GoalCard("A", "Hillside Zigzag", "turns", "+", 8, 8, 4)),
    ("hk-a-straight", GoalCard("A", "Straight Avenue", "longest_straight", "+", 4, 8, 4)),
    ("hk-b-tram-along", GoalCard("B", "Along the Tram", "manual", "+", 3, 9, 4)),
    ("hk-b-tram-cross", GoalCard("B", "Across the Tram", "manual", "+", 2, 8, 4)),
    ("hk-b-tram-ride", GoalCard("B", "Tram Sightseeing", "manual", "+", 4, 10, 5)),
    ("hk-c-crowds", GoalCard("C", "Harbour Crowds", "tourists_on_route", "+", 14, 9, 4)),
    ("hk-c-quiet", GoalCard("C", "Quiet Lanes", "empty_locations_on_route", "+", 4, 8, 4)),
    ("hk-c-sights", GoalCard("C", "Sights Galore", "landmarks_on_route", "+", 6, 9, 4)),
)


def deck(board: Board) -> list[RoundCard]:
    """Model deck: city cards upgrade one group; every fourth shows both groups (the active player chooses)."""
    groups = sorted({lm.track for lm in board.rated() if lm.track})

    def symbols(i: int) -> dict:
        """Card i: a group in turn, or both as an "OR" choice."""
        if not groups:
            return {}
        if i % 4 == 3 and len(groups) > 1:
            return {"options": tuple((g,) for g in groups)}
        return {"iconic": (groups[i % len(groups)],)}
    return city_deck(board, symbols)


RULES = CityRules(
    "hong-kong",
    goal_mode="replace",
    special_goals=SPECIAL_GOALS,
    immediate_section_cafe=True,
    deck=deck,
    setup_notes=(
        Note("city-goals", N_("Hong Kong's goal cards"),
             N_("Draw the three goal cards from Hong Kong's special goal decks A, B and C; the normal goal cards are "
                "not used in Hong Kong.")),
        Note("hk-harbour", N_("Harbour, ferries and cafes"),
             N_("A harbour crossing is drawn as the turn's single section or with a route-section cafe reached this "
                "turn. Route-section cafes pay only at once. Each ferry carries your tourists once to an empty "
                "waterfront location.")),
    ),
)
