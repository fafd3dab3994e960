"""Paris's model decks: a 24-card global deck (18 global + 6 repeat cards) and a 12-card Paris deck.

The publisher's card texts are not in the seed, so the Paris cards are a model: coordinates 1–6 twice, tourists
of one colour (1–3; red, green, blue in turn), one iconic landmark each (the board's rated ones in turn) and the
two route colours other than the tourists' (seed: never the tourist colour).
"""

from __future__ import annotations

from ...board import Board
from ...cards import RoundCard, model_deck
from .features import PARIS_COLOURS


def paris_deck(board: Board) -> list[RoundCard]:
    """Return the global deck's 24 cards, then the 12 Paris cards."""
    base = [c for c in model_deck(board) if not c.id.startswith("city-")]
    iconic = [k for k, _ in board.ratings]
    cards = []
    for i in range(12):
        colour = PARIS_COLOURS[i % 3]
        others = tuple(c for c in PARIS_COLOURS if c != colour)
        cards.append(RoundCard(f"paris-{i + 1}", 1 + i % 6, ((colour, 1 + (i // 3) % 3),),
                               (iconic[i % len(iconic)],) if iconic else (), route_colours=others))
    return base + cards


def split(cards: list[RoundCard]) -> tuple[list[RoundCard], list[RoundCard]]:
    """Split a Paris deck into the global deck and the Paris deck."""
    return [c for c in cards if not c.route_colours], [c for c in cards if c.route_colours]
