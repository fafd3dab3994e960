"""New York's own setup draws (`CityRules.setup_draws`): the hotspot backs and the cafe deck.

The referee's setup (`setup.draw_setup`) asks the city's rules for these after every other random step, so the
other cities' seeds give the same games as before.
"""

from __future__ import annotations

import random

from ...board import Board


def setup_draws(board: Board, rng: random.Random) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The hotspot back on top of each goal deck (A, B, C) and the shuffled cafe deck (none without the cards)."""
    backs = board.features_of("hotspot_card")
    if not backs:
        return (), ()
    hot = []
    for deck in ("A", "B", "C"):
        pile = [f.id for f in backs if f.param("deck") == deck]
        if pile:
            hot.append(rng.choice(pile))
    cafes = [f.id for f in board.features_of("cafe_card")]
    rng.shuffle(cafes)
    return tuple(hot), tuple(cafes)
