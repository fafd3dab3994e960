"""Paris's rules: coloured routes, diversity, thematic tours, two decks and no goal cards.

Importing this module registers Paris's feature types (`features.py`) and scoring rows (`rows.py`), so a board
naming `rules.city: "paris"` reads them (the board reader imports the city's module first).
"""

from __future__ import annotations

from pathlib import Path

from ....core.problems import N_
from ...cityrules import CityRules, Note
from . import features, play, rows
from .deck import paris_deck, split
from .tours import tours_completed

features.register_all()
rows.register_all()


def _simulate(board, players, seed, level, mode):
    """Play a random Paris game (imported when used: the simulator imports the referee)."""
    from .simulate import simulate_paris

    return simulate_paris(board, players, seed, level, mode)


RULES = CityRules(
    "paris",
    goal_mode="replace",  # no goal cards at all: no special cards either, so every goal pile is empty
    special_goals=(),
    shared_start_rounds=True,
    on_open=play.on_open,
    on_turn=play.on_turn,
    deck=paris_deck,
    # Team play (seed §8) with Paris's own card flow: the active player still chooses one of the two available
    # pairs (no hands, so nobody places cards), no start rounds, teams' totals (docs/enroute.md "Paris").
    modes=("normal", "team", "solo"),
    simulate=_simulate,
    # Solo (seed ~l.1373-1400): standard ratings, a hand from the 24 global cards, a sequence of 10 of the 12 Paris
    # cards, and a challenge table counting thematic tours completed instead of goal cards (our table: see NOTES.md).
    solo_rating_modes=("standard",),
    solo_decks=split,
    solo_challenges=Path(__file__).parents[2] / "data" / "paris-solo-challenges.json",
    tours_completed=tours_completed,
    solo_setup_notes=(
        Note("deck", N_("Solo: a 24-card deck"),
             N_("Shuffle the 18 global tourist cards and the 6 repeat cards into a 24-card deck, without the Paris "
                "cards; your hand is drawn from it.")),
        Note("challenge", N_("Challenge table"),
             N_("Choose a cell of the Paris challenge table: the PP to reach and the number of thematic tours to "
                "complete fully (every stage, checked against the final route). Paris uses no goal cards. The rules "
                "give no numbers for this table: the cells offered are the companion's own.")),
        Note("sequence", N_("Card sequence of Paris cards"),
             N_("Shuffle the 12 Paris cards and lay 10 of them face down in 4 rows (1, 3, 3, 3 from the top, the "
                "lower three rows as columns of overlapping cards); turn the bottom row of 3 face up and put the "
                "other 2 Paris cards back in the box unseen.")),
        Note("hands", N_("Hand"), N_("Draw 2 cards from the 24-card deck into your hand.")),
        Note("markers", N_("Markers"), N_("Take the red, green and blue markers; put the purple marker by the round "
                                          "board.")),
        Note("first-player", "First active player", ""),  # no start rounds, nobody else to start
        Note("paris-colours", N_("Coloured routes and standard ratings"),
             N_("Each round, draw every section in one of the two colours shown on the Paris round card; bonus "
                "sections take any colour. A red, green or blue landmark counts only with a section of its own "
                "colour beside it. The solo game uses the standard rating mode: do not upgrade ratings at setup; "
                "each round's Paris card upgrades its landmark.")),
    ),
    setup_notes=(
        Note("deck", "Two decks and two available pairs",
             "Shuffle the 18 global tourist cards and the 6 repeat cards into a 24-card global deck, and the 12 "
             "Paris cards into the Paris deck; put both face up. Lay the top two global cards in a column, top to "
             "bottom, and the top two Paris cards beside them: a top pair and a bottom pair, each a global card "
             "and a Paris card."),
        Note("goals", "Goal cards", ""),  # Paris uses no goal cards
        Note("hands", "No hands", "Nobody draws cards: each round's cards are an available pair."),
        Note("markers", "Markers", "Each player takes the red, green and blue markers (purple only to write on the "
                                   "round board)."),
        Note("first-player", "First active player",
             "The player who travelled most recently (or the companion's draw) takes the reference card active side "
             "up. With 3 players round 1, with 4 players rounds 1 and 2 are start rounds: the bottom pair (round 2: "
             "the top pair) is everyone's round cards; ratings only go up in them."),
        Note("paris-tours", "Thematic tours",
             "Sort the 9 thematic tour cards by colour, shuffle each colour and lay them face up under the round "
             "board: the top card of each colour is this game's tour for that colour's bonus area."),
        Note("paris-colours", "Coloured routes",
             "Each round, draw every section in one of the two colours shown on the Paris round card; bonus "
             "sections take any colour. A red, green or blue landmark counts only with a section of its own colour "
             "beside it. Advanced rating mode is always used."),
    ),
)
