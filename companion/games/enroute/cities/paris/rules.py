"""Paris's rules: coloured routes, diversity, thematic tours, two decks and no goal cards.

Importing this module registers Paris's feature types (`features.py`) and scoring rows (`rows.py`), so a board
naming `rules.city: "paris"` reads them (the board reader imports the city's module first).
"""

from __future__ import annotations

from ...cityrules import CityRules, Note
from . import features, rows

features.register_all()
rows.register_all()

RULES = CityRules(
    "paris",
    goal_mode="replace",  # no goal cards at all: no special cards either, so every goal pile is empty
    special_goals=(),
    setup_notes=(
        Note("paris-decks", "Two decks, no hands",
             "Shuffle the 18 global tourist cards and the 6 repeat cards into a 24-card global deck, and the 12 "
             "Paris cards into the Paris deck; both face up. Lay two available pairs (a global card and a Paris "
             "card each), one above the other. Nobody holds cards and no goal cards are used."),
        Note("paris-tours", "Thematic tours",
             "Sort the 9 thematic tour cards by colour, shuffle each colour and reveal one of each under the round "
             "board. Take red, green and blue markers only. Advanced rating mode is always used (solo: standard)."),
        Note("paris-colours", "Coloured routes",
             "Each round, draw every section in one of the two colours shown on the Paris round card; bonus "
             "sections take any colour. A red, green or blue landmark counts only with a section of its own colour "
             "beside it."),
    ),
)
