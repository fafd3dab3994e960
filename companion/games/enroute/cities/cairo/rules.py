"""Cairo's rules: city cards carry a remote space symbol; 3 special goal cards added to decks A/B/C."""

from __future__ import annotations

from ....core.problems import N_
from ...board import Board
from ...cards import RoundCard
from ...cityrules import CityRules, Note, city_deck
from ...goals import GoalCard

SPECIAL_GOALS = (
    ("cairo-nile-walk", GoalCard("A", "Nile Promenade", "route_length", "+", 15, 9, 4)),
    ("cairo-bazaars", GoalCard("B", "Bazaar Hopping", "landmarks_on_route", "+", 6, 9, 4)),
    ("cairo-quiet", GoalCard("C", "Quiet Corners", "empty_locations_on_route", "+", 4, 8, 4)),
)


def deck(board: Board) -> list[RoundCard]:
    """Model deck: the 12 city cards show the 3 remote space symbols in turn; a third of them an iconic symbol."""
    symbols = [f.param("symbol") for f in board.features_of("remote_space")]
    iconic = [k for k, _ in board.ratings]

    def card(i: int) -> dict:
        """Card i: a symbol, and every third card an iconic landmark too."""
        out: dict = {"symbol": symbols[i % len(symbols)]} if symbols else {}
        if iconic and i % 3 == 0:
            out["iconic"] = (iconic[(i // 3) % len(iconic)],)
        return out
    return city_deck(board, card)


RULES = CityRules(
    "cairo",
    goal_mode="add",
    special_goals=SPECIAL_GOALS,
    deck=deck,
    setup_notes=(
        Note("city-goals", N_("Cairo's goal cards"),
             N_("Before the goal cards are chosen, add Cairo's 3 special goal cards to their decks (A, B, C). Using "
                "all three in one game is not recommended.")),
        Note("cairo-cards", N_("Cairo cards"),
             N_("Tourists of a Cairo card go to the remote landmark space of its symbol, not to the chosen location. "
                "Two Cairo cards: all tourists go to the spaces and the chosen location is crossed out (×).")),
    ),
)
