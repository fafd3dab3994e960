"""New York's rules (seed ~l.1403–1566): two 6×6 halves, hotspots, cafe cards, three-section segments, one goal half.

Importing this module registers New York's feature and row types (`types.py`); the board reader imports it
before reading a board whose `rules.city` is "new-york". The turn checks live in `play.py`.
"""

from __future__ import annotations

from ...board import Board
from ...cards import RoundCard
from ...cityrules import CityRules, Note, city_deck
from ...goals import GoalCard
from . import types as _types  # noqa: F401  (registers the feature and row types)
from .play import check_segment, segment_options
from .setup import setup_draws
from .simulate import PLAY

STATUE, BROADWAY = "statue", "broadway"
SPECIAL_GOALS = (  # original model cards; "Theatre Season" and "Central Station" are the two the seed names
    ("ny-a-long-walk", GoalCard("A", "Long City Walk", "route_length", "+", 18, 10, 5)),
    ("ny-a-zigzag", GoalCard("A", "Zigzag Blocks", "turns", "+", 10, 9, 4)),
    ("ny-a-avenue", GoalCard("A", "Straight Avenue", "longest_straight", "+", 5, 9, 4)),
    ("ny-b-theatre", GoalCard("B", "Theatre Season", "zone_sections", "+", 4, 10, 5, "theatre-district")),
    ("ny-b-sights", GoalCard("B", "Skyline Sights", "landmarks_on_route", "+", 8, 10, 5)),
    ("ny-b-crowds", GoalCard("B", "Rush Hour", "tourists_on_route", "+", 16, 9, 4)),
    ("ny-c-station", GoalCard("C", "Central Station", "zone_end", "+", 1, 17, 17, "grand-central")),
    ("ny-c-quiet", GoalCard("C", "Quiet Streets", "empty_locations_on_route", "+", 5, 8, 4)),
    ("ny-c-short", GoalCard("C", "Express Visit", "route_length", "−", 12, 8, 4)),
)


def deck(board: Board) -> list[RoundCard]:
    """Model deck: every New York card shows a grey landmark and the Statue of Liberty or Broadway (both adjust)."""
    greys = [lm.id for lm in board.iconic() if lm.id != STATUE]
    tracks = dict(board.ratings)
    others = [t for t in (STATUE, BROADWAY) if t in tracks]

    def symbols(i: int) -> dict:
        """Card i: the i-th grey landmark and, in turn, the statue or Broadway."""
        shown = ([greys[i % len(greys)]] if greys else []) + ([others[i % len(others)]] if others else [])
        return {"iconic": tuple(shown)}
    return city_deck(board, symbols)


RULES = CityRules(
    "new-york",
    goal_mode="replace",
    special_goals=SPECIAL_GOALS,
    deck=deck,
    segment_length=3,
    personal_goal_offer=1,
    personal_goal_half=6,
    check_segment=check_segment,
    segment_options=segment_options,
    play=PLAY,
    setup_draws=setup_draws,
    setup_notes=(
        Note("city-goals", "New York's goal cards and hotspots",
             "Use only New York's special goal decks A, B and C. Shuffle each and lay it hotspot side up. Every "
             "player marks the 4 hotspots the three backs show on their map with red stripes across the roads; "
             "then turn the three decks goal side up."),
        Note("ny-cafes", "Cafe cards",
             "Shuffle the 11 cafe cards into a face-down cafe deck. Before each round (and before the second "
             "start round) the active player reveals the top card: it sets every cafe's bonus this round. Each "
             "player visits at most one cafe per round."),
        Note("ny-map", "The double map",
             "Both halves of the map use coordinates 1 to 6, so each pair of round cards matches twice as many "
             "locations. Segments are three connected sections without branching; a hotspot takes two of them."),
        Note("ny-personal-goal", "One personal goal",
             "Each player draws one personal goal card only. Before choosing the final route, place its three "
             "intersections on the left or the right half of the map."),
    ),
)
