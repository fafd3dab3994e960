"""City rules: what a world city changes in setup and in play, registered by the city's folder.

A board names its rules id in `rules.city` (`enroute-board/2`). The module
`cities/<id with - as _>/rules.py` defines `RULES = CityRules(...)`; a board
without a city, or whose city has no module, plays by `DEFAULT` (the training
city's rules). Shared code asks the rules object, never the city's name.

What a city sets (all data, no code paths per city):
- `goal_mode` and `special_goals`: "normal" (the catalogue), "add" (the city's
  special cards join decks A/B/C: London, Cairo), "replace" (only the city's
  cards: Hong Kong), "cover" (the city's card is put on the drawn card whose
  id is `covers`: Rio on "Iconic route");
- `immediate_section_cafe`: a route-section cafe pays only in the turn it is
  reached (Hong Kong); kept unused it is worth 2 PP as usual;
- `setup_notes`: the city's setup changes as walk-through steps;
- `deck`: the model city deck (city tourist cards with their symbols, choice
  cards with "OR" groups, Cairo's symbols; global and repeat cards as usual);
- `levels` and `modes`: what the seed allows (every level and mode for the
  four cities; rating modes come from the board's `rules.rating_modes`);
- solo: `solo_rating_modes` (the rating modes of a solo game when they differ
  from the board's: Paris is advanced only, its solo game standard only; see
  `rating_modes`), `solo_decks` (the hand's pile and the sequence's pile when
  they are different decks: Paris), `solo_challenges` (the city's own
  challenge-table file) and `solo_setup_notes` (setup notes replacing
  `setup_notes` of the same key in a solo game), `tours_completed` (what a
  challenge cell's `tours` counts);
- `setup_draws`: the city's own random setup steps (New York's hotspot backs
  and cafe deck), drawn after the common ones.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from .board import COLOURS, Board
from .cards import RoundCard, model_deck
from .goals import GoalCard
from .rows import LEVELS

GOAL_MODES = ("normal", "add", "replace", "cover")
ALL_MODES = ("normal", "team", "solo")


@dataclass(frozen=True)
class Note:
    """A city's setup change as a walk-through step: stable key, title, what to do."""

    key: str
    title: str
    text: str


@dataclass(frozen=True)
class CityRules:
    """A city's changes to setup and play (see the module docstring)."""

    id: str
    goal_mode: str = "normal"
    special_goals: tuple[tuple[str, GoalCard], ...] = ()
    covers: str | None = None
    immediate_section_cafe: bool = False
    setup_notes: tuple[Note, ...] = ()
    deck: Callable[[Board], list[RoundCard]] = model_deck
    levels: tuple[str, ...] = LEVELS
    modes: tuple[str, ...] = ALL_MODES
    segment_length: int = 2  # sections of a turn's segment next to the location (New York: 3, no branching)
    personal_goal_offer: int = 2  # personal goal cards drawn at setup (New York: 1)
    personal_goal_half: int | None = None  # New York: the goal is placed on one half of the map this wide
    check_segment: Callable | None = None  # the city's own turn drawing check (New York's hotspots), see referee
    segment_options: Callable | None = None  # every legal segment next to a location (pages, the simulator)
    play: Any = None  # a city's own round flow object (New York's cafe cards and hotspots), see the city module
    # Paris: start rounds share one pair of round cards (no cards placed and picked); hooks the referee calls
    # when a round opens (`on_open(state, cards) -> dict` of GameState fields) and after a turn's sections
    # (`on_turn(state, player, turn, sections, location, tourists) -> (changes, problems)`); a city simulator
    # (`simulate(board, players, seed, level, mode) -> GameState`).
    shared_start_rounds: bool = False
    on_open: Callable | None = None
    on_turn: Callable | None = None
    simulate: Callable | None = None
    solo_rating_modes: tuple[str, ...] | None = None
    solo_decks: Callable[[list[RoundCard]], tuple[list[RoundCard], list[RoundCard]]] | None = None
    solo_challenges: Path | None = None
    solo_setup_notes: tuple[Note, ...] = ()
    tours_completed: Callable | None = None  # Paris: (board, tour ids, final route sections) -> tours completed
    # a city's own random setup steps, drawn after every other one: (board, rng) -> (hotspot card backs, cafe deck)
    setup_draws: Callable | None = None

    def __post_init__(self) -> None:
        """Refuse an unknown goal mode (a programming error in a city module)."""
        if self.goal_mode not in GOAL_MODES:
            raise ValueError(f"unknown goal mode {self.goal_mode!r}")

    def goal_pile(self, deck: str, catalogue: tuple[tuple[str, GoalCard], ...]) -> list[tuple[str, GoalCard]]:
        """Return the (id, card) pile of one goal deck for this city before shuffling."""
        normal = [(i, c) for i, c in catalogue if c.deck == deck]
        special = [(i, c) for i, c in self.special_goals if c.deck == deck]
        if self.goal_mode == "add":
            return normal + special
        if self.goal_mode == "replace":
            return special
        return normal

    def goal_cards(self, catalogue: tuple[tuple[str, GoalCard], ...]) -> list[tuple[str, GoalCard]]:
        """Return the (id, card) piles of decks A, B and C for this city, in deck order."""
        return [pair for deck in "ABC" for pair in self.goal_pile(deck, catalogue)]

    def covered(self, card_id: str) -> GoalCard | None:
        """Return the city's card put on top of a drawn card (Rio's special goal on "Iconic route"), if any."""
        if self.goal_mode != "cover" or card_id != self.covers:
            return None
        return self.special_goals[0][1] if self.special_goals else None


DEFAULT = CityRules("default")


@cache
def _module_rules(city: str) -> CityRules | None:
    """Import cities/<city>/rules.py and return its RULES (None when the city has no module)."""
    name = city.replace("-", "_")
    if not name.replace("_", "").isalnum():
        return None
    try:
        module = importlib.import_module(f"{__package__}.cities.{name}.rules")
    except ModuleNotFoundError:
        return None
    rules = getattr(module, "RULES", None)
    return rules if isinstance(rules, CityRules) else None


def rules_for(board: Board) -> CityRules:
    """Return the rules of a board's city (`DEFAULT` without a city or a module)."""
    if not board.city:
        return DEFAULT
    return _module_rules(board.city) or DEFAULT


def colours_of(board: Board) -> list[str]:
    """Return the tourist colours a city's cards show (purple only where purple landmarks exist)."""
    return [c for c in COLOURS if c != "purple" or "purple" in board.kinds_present()]


def city_deck(board: Board, symbols: Callable[[int], dict]) -> list[RoundCard]:
    """Build a model 36-card deck whose 12 city cards take their symbols from `symbols(i)`.

    `symbols(i)` returns RoundCard keyword arguments (`iconic`, `options`,
    `symbol`) for city card i; tourists, coordinates, global and repeat cards
    follow `cards.model_deck`.
    """
    base = model_deck(board)
    cards = []
    for i, card in enumerate(base):
        if card.id.startswith("city-"):
            extra = {"iconic": (), **symbols(i)}
            card = RoundCard(card.id, card.coordinate, card.tourists, extra["iconic"], False,
                             tuple(extra.get("options", ())), extra.get("symbol"))
        cards.append(card)
    return cards


def rating_modes(board: Board, mode: str = "normal") -> tuple[str, ...]:
    """Return the rating modes a game of this mode allows on a board: the city's solo modes, else the board's."""
    solo = rules_for(board).solo_rating_modes if mode == "solo" else None
    return tuple(solo) if solo is not None else tuple(board.rating_modes)
