"""Tourist cards: a coordinate value (1–6 or `*`), one or two tourist symbols, and sometimes a `+`.

The printed deck is not public, so `data/deck.json` is the companion's own
example deck of 27 cards (each number 1–6 four times, three `*` cards, every
colour 13 times, six `+`); the simulator and the digital draw use it. At a
real table the referee takes whatever cards the table turns up.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Literal

from pydantic import ConfigDict, field_validator

from ..core.problems import N_, Problem
from ..core.schema import Bool, Doc, Field, custom, read
from .tile import COLOURS

DECK_SIZE = 27
REMOVED_FOR_EVEN = 3  # with 2 or 4 players three random cards go back to the box
CARDS_PER_ROUND = 3  # the active player draws three and discards one
WILD = "*"
DATA = Path(__file__).resolve().parent / "data"


@dataclass(frozen=True)
class Card:
    """One tourist card; `value` None is the `*` (any number 1–6)."""

    value: int | None
    tourists: tuple[str, ...]
    plus: bool = False

    def to_json(self) -> dict:
        """Write the card as in `data/deck.json` and the referee's actions."""
        return {"value": WILD if self.value is None else self.value, "tourists": list(self.tourists),
                "plus": self.plus}

    def label(self) -> str:
        """A short text for logs and pages: `4 ○△ +`."""
        marks = {"red": "○", "green": "□", "blue": "△"}
        text = f"{WILD if self.value is None else self.value} {''.join(marks[t] for t in self.tourists)}"
        return text + (" +" if self.plus else "")


class CardDoc(Doc):
    """A card as JSON: `{"value": 4, "tourists": ["red", "blue"], "plus": false}`."""

    model_config = ConfigDict(extra="forbid", frozen=True, title=N_("a card"))

    value: Any = Field(title=N_("The card's number"))
    tourists: list[Literal["red", "green", "blue"]] = Field(min_length=1, max_length=2,
                                                             title=N_("The card's tourist symbols"))
    plus: Bool = Field(default=False, title=N_("The card's +"))

    @field_validator("value", mode="after")
    @classmethod
    def _value(cls, value: Any) -> Any:
        """A card shows a number 1–6 (not true, not "3") or a `*`."""
        if (value == WILD and isinstance(value, str)) or (type(value) is int and 1 <= value <= 6):
            return value
        raise custom("bad-card-value", N_("A card shows a number from 1 to 6 or a *, not {value}."))

    def card(self) -> Card:
        """Return the card."""
        return Card(None if self.value == WILD else self.value, tuple(self.tourists), self.plus)


def read_card(value: Any, path: str) -> tuple[Card | None, list[Problem]]:
    """Read one card: the card (None when it is refused) and every problem."""
    model, problems = read(CardDoc, value, path)
    return (model.card() if model is not None else None), problems


@cache
def example_deck() -> tuple[Card, ...]:
    """The companion's example deck of 27 cards, checked at load."""
    doc = json.loads((DATA / "deck.json").read_text(encoding="utf-8"))
    cards = []
    for i, raw in enumerate(doc["cards"]):
        card, problems = read_card(raw, f"cards[{i}]")
        if card is None:
            raise RuntimeError(f"deck.json: {problems[0].path}: {problems[0].message}")
        cards.append(card)
    if len(cards) != DECK_SIZE:
        raise RuntimeError(f"deck.json: the deck has {DECK_SIZE} cards, not {len(cards)}")
    if any(t not in COLOURS for c in cards for t in c.tourists):
        raise RuntimeError("deck.json: unknown tourist colour")
    return tuple(cards)


def deck_size(players: int) -> int:
    """Cards in play: 27, less three with 2 or 4 players."""
    return DECK_SIZE - (REMOVED_FOR_EVEN if players in (2, 4) else 0)


def rounds_for(players: int) -> int:
    """Rounds the game lasts: the deck runs out after this many draws of three (8 with 2 or 4, 9 with 3)."""
    return deck_size(players) // CARDS_PER_ROUND


def extra_sections(cards: tuple[Card, ...]) -> int:
    """Extra sections the round's coordinate cards demand (one per `+`)."""
    return sum(1 for c in cards if c.plus)


def round_tourists(cards: tuple[Card, ...]) -> dict[str, int]:
    """Every tourist symbol on the coordinate cards, by colour."""
    counts: dict[str, int] = {}
    for card in cards:
        for t in card.tourists:
            counts[t] = counts.get(t, 0) + 1
    return {c: counts[c] for c in COLOURS if c in counts}


__all__ = ["CARDS_PER_ROUND", "DECK_SIZE", "REMOVED_FOR_EVEN", "WILD", "Card", "CardDoc", "deck_size",
           "example_deck", "extra_sections", "read_card", "round_tourists", "rounds_for"]
