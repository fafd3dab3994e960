"""The construction deck: the 81 cards (`data/construction-cards.csv`), dealing per mode, and each round's offer.

Rule readings (the seed is `shared/rules/seeds/welcome-to-rules-ja.txt`; see also RULES.md beside this file):

- **Cards** are numbered 0..80 in the order of the data file (each row repeated `cards` times); the solo card is
  card 81 and has no number nor effect.
- **Standard** (and intermediate): the 81 cards are shuffled into three stacks of 27, number side up. A round
  turns the top card of each stack over onto that stack's discard pile (effect side up) and pairs that effect
  with the number of the card now on top of the same stack: three pairs, `Pair(number, effect)`.
- **Running out** (the seed does not say): a stack that cannot give a pair (fewer than 2 cards left when a round
  starts) makes the companion shuffle *all* 81 cards into three new stacks of 27, as when the first plan is
  claimed. With 27 cards a stack gives 26 rounds.
- **First plan reshuffle**: the first player to complete any plan may ask for it; it takes effect from the next
  round (all 81 cards into three new stacks), at most once a game.
- **Solo**: the 81 cards are shuffled, the top 40 make the top half and the other 41 with the solo card,
  shuffled, the bottom half (81 is odd: the bottom half takes the extra card). A round draws three; the solo
  card, when drawn, is set aside (every plan turns to its approved side from this round on) and replaced by the
  next card. The player picks one card for the number and another for the effect; all three are discarded.
  81 cards make exactly 27 rounds; the game ends when the deck is empty after a round.
- **Advanced**: one deck of 81, three cards to each seat. Each seat picks one card for the number and another
  for the effect; when every seat has played, the two are discarded, the third is passed clockwise (seat i to
  seat i + 1, the last to the first) and each seat draws two. When the deck runs out, the discards are shuffled
  into a new deck (the rulebook's rule for an empty deck; hands stay as they are).

Randomness: every shuffle uses `random.Random(f"{seed}:{n}")` with `n` counting the shuffles of the game, so a
game is reproducible from its seed, and the state (plain JSON) can be stored and replayed.
"""

from __future__ import annotations

import csv
import random
from dataclasses import dataclass
from functools import cache
from itertools import permutations
from pathlib import Path

from ..core.problems import N_, Msg, Problem, error
from .data import DATA, DataError
from .moves import EFFECT_NAMES, EFFECTS, Move, Table, Turn, check_move, choices, fits
from .sheet import Sheet

CARD_EFFECTS = {"surveyor": "surveyor", "real_estate": "real-estate", "landscaper": "landscaper", "pool": "pool",
                "temp_agency": "temp", "bis": "bis"}  # data file name -> engine effect name
COMPOSITION = {"surveyor": 18, "real-estate": 18, "landscaper": 18, "pool": 9, "temp": 9, "bis": 9}
DECK_SIZE = 81
STACKS = 3
SOLO_CARD = 81
SOLO_TOP_HALF = 40
HAND = 3
MODES = ("standard", "solo", "advanced")
END_REFUSALS = N_("a third permit refusal")
END_PLANS = N_("one player completed all three plans")
END_FULL = N_("one player built every house")
END_DECK = N_("the solo deck is used up")


@dataclass(frozen=True)
class Card:
    """One construction card: its number side and its effect side."""

    id: int
    number: int
    effect: str


@dataclass(frozen=True)
class Pair:
    """A number and an effect a player may take this round (card ids: None when entered by hand)."""

    number: int
    effect: str
    number_card: int | None = None
    effect_card: int | None = None

    def to_json(self) -> dict:
        return {"number": self.number, "effect": self.effect, "number_card": self.number_card,
                "effect_card": self.effect_card}


def load_cards(path: Path = DATA / "construction-cards.csv") -> tuple[Card, ...]:
    """Read the 81 cards and check their composition (numbers 1..15, the effect counts of the rules)."""
    cards: list[Card] = []
    with path.open(encoding="utf-8", newline="") as handle:
        for row in csv.DictReader(handle):
            number, effect, count = int(row["number"]), row["effect"], int(row["cards"])
            if effect not in CARD_EFFECTS or not 1 <= number <= 15 or count < 1:
                raise DataError(f"construction card row {row} is not a card of the game")
            cards += [Card(len(cards) + i, number, CARD_EFFECTS[effect]) for i in range(count)]
    counts = {e: sum(c.effect == e for c in cards) for e in COMPOSITION}
    if len(cards) != DECK_SIZE or counts != COMPOSITION:
        raise DataError(f"the construction deck has {len(cards)} cards {counts}, not {DECK_SIZE} {COMPOSITION}")
    return tuple(cards)


CARDS = load_cards()


def card(card_id: int) -> Card:
    """The card of an id (the solo card has number 0 and effect "solo")."""
    return Card(SOLO_CARD, 0, "solo") if card_id == SOLO_CARD else CARDS[card_id]


def _shuffled(state: dict, ids: list[int]) -> list[int]:
    """Shuffle with the game's seed and the count of shuffles so far."""
    rng = random.Random(f"{state['seed']}:{state['shuffles']}")
    state["shuffles"] += 1
    ids = list(ids)
    rng.shuffle(ids)
    return ids


def _deal_stacks(state: dict) -> None:
    """All 81 cards into three new stacks of 27; discard piles emptied."""
    ids = _shuffled(state, range(DECK_SIZE))
    size = DECK_SIZE // STACKS
    state["stacks"] = [ids[i * size:(i + 1) * size] for i in range(STACKS)]
    state["discards"] = [[] for _ in range(STACKS)]


def new_deck(mode: str, seed: int | str, seats: int = 1) -> dict:
    """A fresh deal for a mode; nothing is turned yet (call `next_round`)."""
    if mode not in MODES:
        raise ValueError(f"unknown mode {mode!r}")
    state: dict = {"mode": mode, "seed": str(seed), "shuffles": 0, "round": 0, "reshuffled": False, "log": []}
    if mode == "standard":
        _deal_stacks(state)
        state["offer"] = []
    elif mode == "solo":
        ids = _shuffled(state, range(DECK_SIZE))
        bottom = _shuffled(state, [*ids[SOLO_TOP_HALF:], SOLO_CARD])
        state.update(deck=ids[:SOLO_TOP_HALF] + bottom, discard=[], drawn=[], solo_round=None)
    else:
        if not 2 <= seats <= 5:
            raise ValueError("the advanced deck is for 2 to 5 seats")
        deck = _shuffled(state, range(DECK_SIZE))
        state.update(round=1, deck=deck[HAND * seats:], discard=[], played=[None] * seats,
                     hands=[deck[HAND * i:HAND * (i + 1)] for i in range(seats)])
    return state


def next_round(state: dict) -> dict:
    """Turn the next round's cards (standard and solo); the state is changed and returned."""
    state["round"] += 1
    if state["mode"] == "standard":
        if any(len(s) < 2 for s in state["stacks"]) or state.pop("reshuffle_next", False):
            _deal_stacks(state)
            state["log"].append({"round": state["round"], "event": "reshuffle"})
        offer = []
        for i, stack in enumerate(state["stacks"]):
            turned = stack.pop(0)
            state["discards"][i].append(turned)
            offer.append(Pair(card(stack[0]).number, card(turned).effect, stack[0], turned).to_json())
        state["offer"] = offer
    elif state["mode"] == "solo":
        state["discard"] += state["drawn"]
        drawn = []
        while len(drawn) < HAND and state["deck"]:
            top = state["deck"].pop(0)
            if top == SOLO_CARD:
                state["solo_round"] = state["round"]
                continue
            drawn.append(top)
        state["drawn"] = drawn
    else:
        raise ValueError("advanced rounds follow from every seat playing (`play_advanced`)")
    return state


def request_reshuffle(state: dict) -> dict:
    """The first player to complete a plan asks for new stacks (standard only, once): they come next round."""
    if state["mode"] != "standard" or state["reshuffled"]:
        raise ValueError("the stacks are reshuffled once, in the standard game")
    state["reshuffled"] = True
    state["reshuffle_next"] = True
    return state


def stack_sizes(state: dict) -> list[int]:
    """Cards left under each stack's visible number (standard) or in the deck (solo, advanced)."""
    if state["mode"] == "standard":
        return [len(s) for s in state["stacks"]]
    return [len(state["deck"])]


def offer_cards(state: dict, seat: int = 0) -> list[Card]:
    """The three cards a solo player or an advanced seat combines this round."""
    ids = state["drawn"] if state["mode"] == "solo" else state["hands"][seat]
    return [card(i) for i in ids]


def pairs(state: dict, seat: int = 0) -> list[Pair]:
    """Every number-and-effect a seat may take this round.

    Standard: the three pairs on the table. Solo and advanced: one card's number with another card's effect."""
    if state["mode"] == "standard":
        return [Pair(**p) for p in state["offer"]]
    return [Pair(a.number, b.effect, a.id, b.id) for a, b in permutations(offer_cards(state, seat), 2)]


def manual_offer(values: list[tuple[int, str]]) -> list[Pair]:
    """Three pairs entered by the host from the table's own cards (no card ids)."""
    if len(values) != STACKS:
        raise ValueError("a round has three pairs")
    out = []
    for number, effect in values:
        if not 1 <= int(number) <= 15 or effect not in COMPOSITION:
            raise ValueError(f"{number} {effect} is not a construction card pair")
        out.append(Pair(int(number), effect))
    return out


def play_advanced(state: dict, seat: int, number_card: int, effect_card: int) -> dict:
    """One seat's choice this round; when every seat has chosen, discard, pass clockwise and draw two each."""
    hand = state["hands"][seat]
    if state["played"][seat] is not None:
        raise ValueError("this seat has played this round")
    if number_card == effect_card or number_card not in hand or effect_card not in hand:
        raise ValueError("choose two different cards of the seat's hand")
    state["played"][seat] = [number_card, effect_card]
    if all(p is not None for p in state["played"]):
        _pass_and_draw(state)
    return state


def _draw(state: dict) -> int:
    """The top card of the advanced deck, reshuffling the discards into it when it is empty."""
    if not state["deck"]:
        state["deck"] = _shuffled(state, state["discard"])
        state["discard"] = []
        state["log"].append({"round": state["round"], "event": "reshuffle"})
    return state["deck"].pop(0)


def join_advanced(state: dict) -> int:
    """A seat joining after the deal (RULES.md 12): a hand of three from the deck, last in the passing order (it
    receives from the seat before it and passes to seat 0); it plays the current round. Returns its seat index."""
    if state["mode"] != "advanced" or len(state["hands"]) >= 5:
        raise ValueError("the advanced deck is for 2 to 5 seats")
    state["hands"].append([_draw(state) for _ in range(HAND)])
    state["played"].append(None)
    state["log"].append({"round": state["round"], "event": "join", "seat": len(state["hands"]) - 1})
    return len(state["hands"]) - 1


def _pass_and_draw(state: dict) -> None:
    """Discard the played cards, pass each third card clockwise, draw two each (reshuffling an empty deck)."""
    seats = len(state["hands"])
    kept = []
    for seat, played in enumerate(state["played"]):
        state["discard"] += played
        kept.append([c for c in state["hands"][seat] if c not in played])
    hands = [list(kept[(seat - 1) % seats]) for seat in range(seats)]  # seat i receives from seat i - 1
    for hand in hands:
        for _ in range(HAND - 1):
            hand.append(_draw(state))
    state["hands"] = hands
    state["played"] = [None] * seats
    state["round"] += 1


def seat_view(state: dict, seat: int) -> dict:
    """What one advanced seat may see: its own hand, the deck's size, who has played (never another hand)."""
    return {"mode": state["mode"], "round": state["round"], "deck": len(state["deck"]),
            "hand": [vars(card(c)) for c in state["hands"][seat]],
            "played": [p is not None for p in state["played"]], "mine": state["played"][seat]}


def public_view(state: dict) -> dict:
    """What the whole table may see: the round, the offer (standard, solo), stacks' sizes; never a hand."""
    view = {"mode": state["mode"], "round": state["round"], "stacks": stack_sizes(state)}
    if state["mode"] == "standard":
        view["pairs"] = state["offer"]
        view["reshuffled"] = state["reshuffled"]
    elif state["mode"] == "solo":
        view["cards"] = [vars(card(c)) for c in state["drawn"]]
        view["solo_round"] = state["solo_round"]
    else:
        view["played"] = [p is not None for p in state["played"]]
    return view


def deck_exhausted(state: dict) -> bool:
    """Solo: no card is left for another round."""
    return state["mode"] == "solo" and not [c for c in state["deck"] if c != SOLO_CARD]


# --- moves against the round's offer -------------------------------------------------------------------------


def _offer_params(shown: list[Pair] | list[Card]) -> dict:
    """The round's three cards or pairs as message parameters n1, e1, n2, e2, n3, e3."""
    params = {}
    for i, item in enumerate(shown[:3], 1):
        params[f"n{i}"] = item.number
        params[f"e{i}"] = EFFECT_NAMES.get(item.effect, Msg(item.effect))
    for i in range(len(shown) + 1, 4):
        params[f"n{i}"], params[f"e{i}"] = "-", "-"
    return params


TEMPLATES = {  # (offer kind, code) -> a whole sentence, so each reads well in every language
    ("standard", "not-on-offer"): N_(
        "This round's pairs are {n1} {e1}, {n2} {e2} and {n3} {e3}: {number} with {effect} is not one of them."),
    ("cards", "not-on-offer"): N_(
        "Your cards this round are {n1} {e1}, {n2} {e2} and {n3} {e3}: {number} with {effect} cannot be made "
        "from two of them."),
    ("standard", "not-the-card"): N_(
        "This round's pairs are {n1} {e1}, {n2} {e2} and {n3} {e3}: you took {number} with {effect}, so {n} "
        "cannot be written (±1 or ±2 only with the temp agency)."),
    ("cards", "not-the-card"): N_(
        "Your cards this round are {n1} {e1}, {n2} {e2} and {n3} {e3}: you took {number} with {effect}, so {n} "
        "cannot be written (±1 or ±2 only with the temp agency)."),
    ("standard", "not-the-effect"): N_(
        "This round's pairs are {n1} {e1}, {n2} {e2} and {n3} {e3}: you took {number} with {effect}, so this "
        "is not your effect this round."),
    ("cards", "not-the-effect"): N_(
        "Your cards this round are {n1} {e1}, {n2} {e2} and {n3} {e3}: you took {number} with {effect}, so "
        "this is not your effect this round."),
    ("standard", "choose-pair"): N_(
        "This round's pairs are {n1} {e1}, {n2} {e2} and {n3} {e3}: tap the pair you take before writing its "
        "number."),
    ("cards", "choose-pair"): N_(
        "Your cards this round are {n1} {e1}, {n2} {e2} and {n3} {e3}: tap the number and effect you take before "
        "writing the number."),
    ("standard", "refusal-not-needed"): N_(
        "This round's pairs are {n1} {e1}, {n2} {e2} and {n3} {e3}: one of them still fits on your sheet, so "
        "no permit is refused."),
    ("cards", "refusal-not-needed"): N_(
        "Your cards this round are {n1} {e1}, {n2} {e2} and {n3} {e3}: a number made from them still fits on "
        "your sheet, so no permit is refused."),
}


@dataclass(frozen=True)
class Offer:
    """What one seat may take this round: the pairs, and how to name the round's cards in a message."""

    mode: str  # "standard" (three pairs, also entered by hand) or "cards" (solo, advanced: three cards)
    pairs: tuple[Pair, ...]
    shown: tuple  # the three pairs or the three cards

    @classmethod
    def of(cls, state: dict, seat: int = 0) -> Offer:
        if state["mode"] == "standard":
            found = tuple(pairs(state))
            return cls("standard", found, found)
        return cls("cards", tuple(pairs(state, seat)), tuple(offer_cards(state, seat)))

    @classmethod
    def entered(cls, values: list[tuple[int, str]]) -> Offer:
        found = tuple(manual_offer(values))
        return cls("standard", found, found)

    @classmethod
    def from_cards(cls, values: list[tuple[int, str]]) -> Offer:
        """Three cards a solo player or an advanced seat holds, entered by hand (no card ids)."""
        cards = tuple(Card(i, int(n), str(e)) for i, (n, e) in enumerate(values))
        return cls("cards", tuple(Pair(a.number, b.effect, a.id, b.id) for a, b in permutations(cards, 2)), cards)

    def params(self) -> dict:
        return _offer_params(list(self.shown))

    def error(self, code: str, path: str, **more) -> Problem:
        """A refusal of this round whose message names the round's cards."""
        return error(code, path, TEMPLATES[(self.mode, code)], **self.params(), **more)


def choose(offer: Offer, number: int, effect: str) -> Pair | None:
    """The pair of the offer with this number and effect (None: not on offer)."""
    return next((p for p in offer.pairs if p.number == number and p.effect == effect), None)


def check_choice(offer: Offer, number: int | None, effect: str | None) -> list[Problem]:
    """A seat's choice of number and effect is one of the offer's pairs."""
    if choose(offer, number, effect) is not None:
        return []
    return [offer.error("not-on-offer", "", number="?" if number is None else number,
                        effect=EFFECT_NAMES.get(effect, Msg(str(effect or "?"))))]


def _fits_anywhere(sheet: Sheet, turn: Turn) -> bool:
    return any(fits(sheet, s, h, n) for n in choices(turn) for s, row in enumerate(sheet.streets)
               for h in range(len(row)))


def check_offer_move(sheet: Sheet, offer: Offer, move: Move, turn: Turn | None,
                     table: Table | None = None) -> list[Problem]:
    """Every reason why a move is not legal this round, given the offer and the chosen pair (`turn`).

    The number is the chosen pair's (±1 or ±2 only with the temp agency, 0..17); an effect is the chosen pair's;
    a permit is refused only when no pair's number (±2 with its temp agency) fits anywhere. Messages name the
    round's cards."""
    problems: list[Problem] = []
    own = {"not-the-card", "not-the-effect", "refusal-not-needed"}
    if move.kind == "number" or move.kind in EFFECTS:
        if turn is None or choose(offer, turn.number, turn.effect) is None:
            return check_choice(offer, turn.number if turn else None, turn.effect if turn else None)
    taken = {"number": turn.number, "effect": EFFECT_NAMES[turn.effect]} if turn and turn.effect else {}
    if move.kind == "number" and move.number is not None and move.number not in choices(turn):
        problems.append(offer.error("not-the-card", "number", n=move.number, **taken))
    elif move.kind == "refusal":
        if any(_fits_anywhere(sheet, Turn(p.number, p.effect)) for p in offer.pairs):
            problems.append(offer.error("refusal-not-needed", ""))
    elif move.kind in EFFECTS and EFFECTS[move.kind] != turn.effect:
        problems.append(offer.error("not-the-effect", "", **taken))
    return problems + [p for p in check_move(sheet, move, turn, table or Table()) if p.code not in own]


# --- end conditions -------------------------------------------------------------------------------------------


def end_reasons(sheets: list[Sheet], plans_in_play: tuple[int, ...], state: dict | None = None) -> list[Msg]:
    """Why the game ends after this round (empty: it goes on)."""
    reasons = []
    if any(s.refusals >= s.rules.max_refusals for s in sheets):
        reasons.append(END_REFUSALS)
    if plans_in_play and any({c.plan for c in s.claims} >= set(plans_in_play) for s in sheets):
        reasons.append(END_PLANS)
    if any(all(h.built for _, _, h in s.positions()) for s in sheets):
        reasons.append(END_FULL)
    if state is not None and deck_exhausted(state):
        reasons.append(END_DECK)
    return reasons


@cache
def composition() -> dict:
    """Counts of the deck by effect and by number (for tests and the rules page)."""
    return {"effects": {e: sum(c.effect == e for c in CARDS) for e in COMPOSITION},
            "numbers": {n: sum(c.number == n for c in CARDS) for n in range(1, 16)}}
