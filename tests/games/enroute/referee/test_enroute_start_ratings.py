"""Issue 13, R3: start-round ratings go up when the cards are placed, and the round opens with the same ratings."""

from __future__ import annotations

from companion.games.enroute import referee as ref
from companion.games.enroute.cards import RoundCard
from companion.games.enroute.registry import find_board

TV = "tv-tower"


def test_placed_ratings_are_the_ratings_the_round_opens_with():
    """The ratings shown while players pick equal those after the picks."""
    board = find_board("training-city")
    state = ref.new_game(board, [ref.Seat(n, i + 1) for i, n in enumerate(("Aki", "Bo", "Cy"))])
    placed = [RoundCard("t1", 1, (("red", 1),), (), False), RoundCard("t4", 4, (("blue", 2),), (TV,), False),
              RoundCard("t6", 6, (("green", 1),), (TV,), False)]
    before, found = ref.placed_ratings(state, placed)
    assert not found and before[TV] == state.ratings[TV] + 2
    opened, found = ref.begin_start_rounds(state, placed, [(0, 1), (1, 2), (0, 2)])
    assert not found and opened.ratings == before
