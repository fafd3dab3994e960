"""Round cards: tourist and repeat cards, what a pair of round cards asks for, iconic ratings, the card table.

A `RoundCard` is a coordinate 1–6 with tourists by colour and the iconic
landmark symbols it shows (city cards), or a repeat card (a coordinate and no
tourists). Two round cards make a round:

- `round_tourists(cards, colour)` → the tourists every player marks
  (repeat rules of §3); `colour_choices(cards, colours)` tells whether the
  player must pick a colour first.
- `iconic_symbols(cards)` → one rating adjustment per iconic symbol; repeat
  cards repeat tourists only, so they add none.
- `rating_options(marks, track, mode, start_round)` and `adjust_rating` apply
  §3's standard mode (up) and advanced mode (the active player chooses up or
  down; unchanged only at the top or bottom of the track; start rounds only up).
- `start_round_count(players, mode)` and `active_player(...)`: 3 players play
  one start round, 4 players two (none in team and solo games); after them the
  first active player opens the normal rounds and the role passes clockwise.
- `Table`: a city deck, hands and a discard pile for digital play (the
  simulator and solo mode); `model_deck(board)` is a model 36-card deck built
  from the board (12 city cards with iconic symbols, 18 global, 6 repeat). The
  publisher's card texts are not in the rules, so its cards are a model only.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..core.problems import Problem, error
from .board import COLOURS, Board

COORDINATES = range(1, 7)
HAND_SIZE = 3
SOLO_HAND_SIZE = 2
REPEAT_TOURISTS = 2  # a repeat card counts as two tourists of the other card's type
RATING_MOVES = ("up", "down", "stay")
RATING_MODES = ("standard", "advanced")


@dataclass(frozen=True)
class RoundCard:
    """One tourist card (global or city) or repeat card."""

    id: str
    coordinate: int
    tourists: tuple[tuple[str, int], ...] = ()
    iconic: tuple[str, ...] = ()
    repeat: bool = False
    options: tuple[tuple[str, ...], ...] = ()  # a choice card: "OR" groups of track ids, one is upgraded
    symbol: str | None = None  # Cairo: the remote space symbol its tourists go to
    route_colours: tuple[str, ...] = ()  # Paris: the two colours this round's sections may take

    def label(self) -> str:
        """Describe the card in a player's words, e.g. "4: 2 blue, 1 red (TV Tower)"."""
        if self.repeat:
            return f"{self.coordinate}: repeat"
        text = ", ".join(f"{n} {colour}" for colour, n in self.tourists)
        shown = list(self.iconic) + [" OR ".join("+".join(g) for g in self.options)] * bool(self.options)
        return f"{self.coordinate}: {text}" + (f" ({', '.join(shown)})" if shown else "") + (
            f" [{self.symbol}]" if self.symbol else "")


def card_to_json(card: RoundCard) -> dict:
    """Write a card as a small JSON object."""
    doc: dict[str, Any] = {"id": card.id, "coordinate": card.coordinate}
    if card.repeat:
        doc["repeat"] = True
    else:
        doc["tourists"] = dict(card.tourists)
    if card.iconic:
        doc["iconic"] = list(card.iconic)
    if card.options:
        doc["options"] = [list(group) for group in card.options]
    if card.symbol:
        doc["symbol"] = card.symbol
    if card.route_colours:
        doc["route_colours"] = list(card.route_colours)
    return doc


def card_from_json(doc: dict) -> RoundCard:
    """Read a card written by `card_to_json` (trusted data; raises ValueError if malformed)."""
    try:
        coordinate = int(doc["coordinate"])
        tourists = tuple(sorted(((c, int(n)) for c, n in doc.get("tourists", {}).items()),
                                key=lambda kv: COLOURS.index(kv[0])))
        card = RoundCard(str(doc["id"]), coordinate, tourists, tuple(doc.get("iconic", ())),
                         bool(doc.get("repeat", False)), tuple(tuple(g) for g in doc.get("options", ())),
                         doc.get("symbol"), tuple(doc.get("route_colours", ())))
    except (KeyError, TypeError, ValueError) as exc:
        raise ValueError(f"not a round card: {doc!r}") from exc
    if coordinate not in COORDINATES or (card.repeat and card.tourists):
        raise ValueError(f"not a round card: {doc!r}")
    return card


def wrap_coordinate(value: int) -> int:
    """Bring a changed coordinate back into 1..6 (6 + 1 = 1, 1 − 1 = 6)."""
    return (value - 1) % 6 + 1


def colour_choices(cards: Sequence[RoundCard], colours: Sequence[str]) -> tuple[str, ...]:
    """Return the colours a player must choose among for this pair of cards (empty: no choice).

    Two repeat cards: two tourists of any one type. One repeat card: two
    tourists of the other card's type, which is a single type (seed ~l.219), so no choice.
    """
    repeats = [c for c in cards if c.repeat]
    return tuple(colours) if len(repeats) == 2 else ()


def mixed_cards(cards: Sequence[RoundCard]) -> list[int]:
    """Return the indexes of cards showing tourists of more than one type: no real city or global card does."""
    return [i for i, card in enumerate(cards) if len({colour for colour, _ in card.tourists}) > 1]


def round_tourists(cards: Sequence[RoundCard], colour: str | None = None) -> dict[str, int]:
    """Return the tourists a player marks for these round cards (`colour`: the player's choice if needed).

    A choice that is missing or not allowed adds no repeat tourists; callers
    check it against `colour_choices` first.
    """
    counts: dict[str, int] = {}
    for card in cards:
        for c, n in card.tourists:
            counts[c] = counts.get(c, 0) + n
    repeats = [c for c in cards if c.repeat]
    pick = None
    if len(repeats) == 2:
        pick = colour  # two tourists of one type in all, not two per repeat card
    elif len(repeats) == 1:
        shown = [c for card in cards if not card.repeat for c, _ in card.tourists]
        pick = shown[0] if len(set(shown)) == 1 else None
    if pick is not None:
        counts[pick] = counts.get(pick, 0) + REPEAT_TOURISTS
    return {c: counts[c] for c in COLOURS if counts.get(c)}


def iconic_symbols(cards: Sequence[RoundCard]) -> list[str]:
    """Return the iconic landmark ids shown on the cards, one entry per symbol (repeat cards add none)."""
    return [lid for card in cards if not card.repeat for lid in card.iconic]


def rating_options(marks: int, track: Sequence[int], mode: str = "standard",
                   start_round: bool = False) -> tuple[str, ...]:
    """Return the moves allowed for one iconic symbol: "up", "down", "stay"."""
    top = len(track) - 1
    if mode == "standard" or start_round:
        return ("up",) if marks < top else ("stay",)
    moves = tuple(m for m, ok in (("up", marks < top), ("down", marks > 0)) if ok)
    return moves + (("stay",) if marks in (0, top) else ())


def adjust_rating(marks: int, track: Sequence[int], move: str) -> int:
    """Return the marks after a move, kept inside the track."""
    step = {"up": 1, "down": -1, "stay": 0}[move]
    return max(0, min(len(track) - 1, marks + step))


def apply_symbols(board: Board, ratings: dict[str, int], symbols: Sequence[str], moves: Sequence[str] | None,
                  mode: str = "standard", start_round: bool = False,
                  path: str = "ratings") -> tuple[dict[str, int], list[Problem]]:
    """Adjust the ratings for each symbol in order; `moves` are the active player's choices (advanced mode)."""
    problems: list[Problem] = []
    new = dict(ratings)
    if moves is not None and len(moves) != len(symbols):
        problems.append(error("rating-moves", path,
                              f"The round cards show {len(symbols)} iconic symbol(s); give one choice (up, down or "
                              f"stay) for each, not {len(moves)}."))
        return dict(ratings), problems
    for i, lid in enumerate(symbols):
        track = board.rating_track(lid)
        if track is None:
            problems.append(error("unknown-landmark", f"{path}[{i}]",
                                  f"{lid!r} is not an iconic landmark of {board.name}."))
            continue
        allowed = rating_options(new.get(lid, 0), track, mode, start_round)
        move = moves[i] if moves is not None else allowed[0]
        if move not in allowed:
            name = board.landmark(lid).name
            why = "start rounds only upgrade" if start_round and mode == "advanced" else (
                "standard mode only upgrades" if mode == "standard" else
                "unchanged is allowed only at the top or bottom of the track")
            problems.append(error("rating-move-not-allowed", f"{path}[{i}]",
                                  f"{name}: {move!r} is not allowed now ({why}); allowed: {', '.join(allowed)}."))
            continue
        new[lid] = adjust_rating(new.get(lid, 0), track, move)
    return (dict(ratings), problems) if problems else (new, problems)


def start_round_count(players: int, mode: str = "normal") -> int:
    """Return how many start rounds open the game: 1 for 3 players, 2 for 4 players, else none."""
    if mode != "normal":
        return 0
    return {3: 1, 4: 2}.get(players, 0)


def active_player(round_number: int, players: int, first: int, start_rounds: int) -> int | None:
    """Return the active player's index in a round (1-based), or None in a start round."""
    if round_number <= start_rounds:
        return None
    return (first + round_number - start_rounds - 1) % players


def model_deck(board: Board) -> list[RoundCard]:
    """Return a model 36-card city deck for a board: 12 city cards, 18 global cards, 6 repeat cards.

    Every coordinate appears six times; city cards carry one iconic symbol each
    (the board's iconic landmarks in turn); tourist counts and colours follow a
    fixed pattern so that every colour the board scores appears.
    """
    colours = [c for c in COLOURS if c != "purple" or "purple" in board.kinds_present()]
    iconic = [lm.id for lm in board.iconic()]
    cards: list[RoundCard] = []
    coords = [1 + (i % 6) for i in range(36)]
    for i in range(12):
        a = colours[i % len(colours)]
        tourists = ((a, 1 + i % 3),)
        symbols = (iconic[i % len(iconic)],) if iconic else ()
        cards.append(RoundCard(f"city-{i + 1}", coords[i], tourists, symbols))
    for i in range(18):  # global cards show tourists of one type, like every tourist card (seed ~l.219)
        tourists = ((colours[i % len(colours)], 2 + i % 3),)
        cards.append(RoundCard(f"global-{i + 1}", coords[12 + i], tourists))
    for i in range(6):
        cards.append(RoundCard(f"repeat-{i + 1}", coords[30 + i], repeat=True))
    return cards


@dataclass
class Table:
    """The physical card flow for digital play: city deck (top = index 0), hands, discard pile."""

    deck: list[RoundCard]
    hands: list[list[RoundCard]] = field(default_factory=list)
    discard: list[RoundCard] = field(default_factory=list)

    @classmethod
    def deal(cls, deck: Sequence[RoundCard], players: int, rng: random.Random,
             hand_size: int = HAND_SIZE) -> Table:
        """Shuffle a deck and deal each player a hand."""
        cards = list(deck)
        rng.shuffle(cards)
        table = cls(cards, [[] for _ in range(players)])
        for hand in table.hands:
            table.draw(hand, hand_size)
        return table

    def draw(self, hand: list[RoundCard], count: int) -> None:
        """Move up to `count` cards from the top of the deck into a hand."""
        for _ in range(count):
            if self.deck:
                hand.append(self.deck.pop(0))

    def refill(self, hand_size: int = HAND_SIZE) -> None:
        """Upkeep: every player draws back up to the hand size."""
        for hand in self.hands:
            self.draw(hand, hand_size - len(hand))

    def play(self, player: int, card: RoundCard) -> RoundCard:
        """Take a card out of a player's hand (it goes to the table)."""
        self.hands[player].remove(card)
        return card

    def to_bottom(self, card: RoundCard) -> None:
        """Put a card face down at the bottom of the city deck (the card the active player removed)."""
        self.deck.append(card)

    def discard_round(self, cards: Sequence[RoundCard]) -> None:
        """Upkeep: the round cards go face up to the discard pile, not back into the deck."""
        self.discard.extend(cards)

    def refresh(self, player: int, cards: Sequence[RoundCard], rng: random.Random) -> None:
        """Hand refresh: 1–3 cards to the bottom of the deck, draw as many from the top, shuffle the deck."""
        if not 1 <= len(cards) <= HAND_SIZE:
            raise ValueError("a hand refresh puts back 1 to 3 cards")
        hand = self.hands[player]
        for card in cards:
            hand.remove(card)
            self.deck.append(card)
        self.draw(hand, len(cards))
        rng.shuffle(self.deck)
