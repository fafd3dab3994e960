"""Rio de Janeiro's rules: choice cards (the statue OR another iconic landmark), the special goal on "Iconic route"."""

from __future__ import annotations

from ....core.problems import N_
from ...board import Board
from ...cards import RoundCard
from ...cityrules import CityRules, Note, city_deck
from ...goals import GoalCard

STATUE = "statue"
SPECIAL_GOALS = (("rio-iconic-tour", GoalCard("B", "Iconic Rio", "landmarks_on_route", "+", 5, 10, 5)),)


def deck(board: Board) -> list[RoundCard]:
    """Model deck: every city card offers the statue OR one other iconic track (the carnival among them)."""
    others = [k for k, _ in board.ratings]
    statue = [k for k, _ in board.coordinate_tracks]

    def symbols(i: int) -> dict:
        """Card i: the statue OR the i-th other track."""
        groups = [tuple(statue), (others[i % len(others)],)] if others else [tuple(statue)]
        return {"options": tuple(g for g in groups if g)}
    return city_deck(board, symbols)


RULES = CityRules(
    "rio",
    goal_mode="cover",
    covers="b-iconic-route",
    special_goals=SPECIAL_GOALS,
    deck=deck,
    setup_notes=(
        Note("city-goals", N_("Rio's goal card"),
             N_("Shuffle the three goal decks as usual; if deck B shows the Iconic route card, put Rio's special goal "
                "card on top of it.")),
        Note("rio-ratings", N_("Ratings only go up"),
             N_("Rio plays the standard rating mode only. Each Rio card upgrades the statue OR another iconic "
                "landmark: the active player chooses; the statue marks the space of the used card's coordinate, "
                "never twice.")),
    ),
)
