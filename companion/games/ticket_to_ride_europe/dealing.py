"""Dealing and keeping destination tickets, per variant: seeded, reproducible, every card always in one place.

The rules (seed 001, l.53–70, 290–300, 411–496):

- base (46 "EUROPE" cards) and 1912 (55 "1912" cards): 1 long + 3 regular dealt, keep at least 2 of the 4;
  the cards not kept go to the box. Drawing in play: 3, keep at least 1.
- mega (all 101): 2 long + 5 regular dealt; keep at most 1 long, and of the regular at least 2 with a long kept,
  else at least 3; the long not kept go to the box, the regular are shuffled to the bottom. Drawing: 3, keep ≥ 1.
- big-cities (45 "BigCities" cards, no long): 5 dealt, keep at least 2; the rest shuffled to the bottom.
  Drawing: 4, keep at least 1.

Readings the companion decided:

- The long tickets not dealt go back to the box unseen (the seed); the draw pile holds only regular tickets.
- Mega Europe's long tickets: the seed says 「最大1枚」 (at most one) and then distinguishes players who hold a
  long ticket from those who do not, so keeping none is allowed.
- The start's cards returned to the bottom (Mega, Big Cities) are shuffled together once every seat has kept
  (the seed: 「混ぜて…山札の一番下に」); play starts then: nobody draws before every seat has kept.
- Cards not kept during play go to the bottom in the order they were drawn (the seed says only "to the
  bottom"; nobody sees that order). The pile is a queue, never reshuffled: a returned card comes up again only
  after every card that lay above it, exactly like the physical deck. With fewer cards left than a draw takes,
  the player draws what is there (the seed); with none, drawing is refused.
- Every shuffle uses `random.Random` seeded with the deal's seed and the shuffle's number, so one seed and the
  same choices give the same cards on every run and every machine (Python's Mersenne Twister and `shuffle`
  are stable across versions).
- A table using its physical deck (`physical`) records each offer it dealt (`record_offer`), at the start and for
  every draw in play; the companion cannot draw for it (`draw` is refused). It checks the cards are in the pile
  (not held, offered, waiting or in the box), how many and of which kind, and keeps the same bookkeeping. It does
  not know the order of a physical pile, only its **layers** (`layers`, sizes from the top): the cards never dealt
  (any order), then the start's returns shuffled under them (Mega, Big Cities), then each draw's returns in the
  order the player slid them under. A draw takes the top: a card of a lower layer is refused while a card above
  it is still in the pile (`deal-card-below`), so a returned card is never recorded again before every card that
  lay above it was dealt, as with the companion's own deck.
- The companion's own deck is never recorded over (`record_offer` is refused, `deal-own-deck`): it knows every
  card already.

The state is a plain JSON-ready dict (`Deal.to_json` / `Deal.from_json`) so the web keeps it as a seat's
secret: each seat's offer and hand are read only through that seat's view.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..core.problems import N_, Problem, error
from .data import Ticket, board


@dataclass(frozen=True)
class Rules:
    """How one variant deals and keeps tickets."""

    long_dealt: int  # long tickets dealt to each player at the start
    regular_dealt: int  # regular tickets dealt to each player at the start
    keep_at_start: int  # at least this many kept at the start (Mega: with a long ticket kept)
    keep_without_long: int  # Mega: at least this many regular when no long ticket is kept (else = keep_at_start)
    long_kept_most: int | None  # Mega: at most this many long tickets kept (None: no separate limit)
    start_returns_to_bottom: bool  # regular tickets not kept at the start: bottom of the pile (else the box)
    draw: int  # tickets drawn during play
    keep_in_play: int = 1


RULES = {
    "base": Rules(1, 3, 2, 2, None, False, 3),
    "1912": Rules(1, 3, 2, 2, None, False, 3),
    "mega": Rules(2, 5, 2, 3, 1, True, 3),
    "big-cities": Rules(0, 5, 2, 2, None, True, 4),
}


class DealRefused(ValueError):
    """An action the rules do not allow; `problem` says why (a catalogue template with parameters)."""

    def __init__(self, problem: Problem) -> None:
        """Keep the problem; the exception's text is its English message."""
        super().__init__(problem.message)
        self.problem = problem


def card_id(ticket: Ticket) -> str:
    """A ticket's id in a deal: "city_a|city_b" as the deck writes it."""
    return f"{ticket.city_a}|{ticket.city_b}"


def _refuse(code: str, template: str, **params: Any) -> DealRefused:
    """An action refused with a problem at `deal`."""
    return DealRefused(error(code, "deal", template, **params))


@dataclass
class Deal:
    """One table's tickets: the pile (top first), the box, each seat's hand and pending offer."""

    variant: str
    seed: str
    pile: list[str]
    box: list[str]
    hands: list[list[str]]
    offers: list[list[str] | None]  # the cards a seat is choosing from, None when nothing is pending
    started: list[bool]  # the seat has kept its start tickets
    start_returns: list[str] = field(default_factory=list)  # waiting for the last seat before going to the bottom
    shuffles: int = 0
    physical: bool = False  # the table deals from its own deck and records each offer
    layers: list[int] = field(default_factory=list)  # physical: the pile's layers, top first (order unknown within)

    # ---- building -------------------------------------------------------------------------------------------

    @classmethod
    def new(cls, variant: str, seats: int, seed: str | int, *, physical: bool = False) -> Deal:
        """Shuffle the variant's deck and deal every seat's start offer (`physical`: the table deals itself)."""
        if variant not in RULES:
            raise ValueError(f"unknown variant {variant!r}")
        if not 2 <= seats <= 5:
            raise ValueError("2 to 5 seats")
        rules = RULES[variant]
        cards = sorted(board().decks[variant].values(), key=lambda t: (t.city_a, t.city_b))
        longs = [card_id(t) for t in cards if t.kind == "long"]
        regular = [card_id(t) for t in cards if t.kind == "regular"]
        deal = cls(variant, str(seed), [], [], [[] for _ in range(seats)], [None] * seats, [False] * seats)
        deal._shuffle(longs)
        deal._shuffle(regular)
        if physical:  # the table deals: each offer is recorded with record_offer; its order is unknown here
            deal.physical = True
            deal.pile = regular + longs  # the long tickets go to the box once every seat has kept
            deal.layers = [len(deal.pile)]
            return deal
        for seat in range(seats):
            deal.offers[seat] = ([longs.pop(0) for _ in range(rules.long_dealt)]
                                 + [regular.pop(0) for _ in range(rules.regular_dealt)])
        deal.box = longs  # the long tickets nobody was dealt, unseen
        deal.pile = regular
        return deal

    def _shuffle(self, cards: list[str]) -> None:
        """Shuffle in place with the deal's seed and this shuffle's number."""
        random.Random(f"{self.seed}|{self.variant}|{self.shuffles}").shuffle(cards)
        self.shuffles += 1

    # ---- reading --------------------------------------------------------------------------------------------

    @property
    def rules(self) -> Rules:
        """The variant's rules."""
        return RULES[self.variant]

    @property
    def playing(self) -> bool:
        """Every seat has kept its start tickets: tickets may be drawn."""
        return all(self.started)

    def kind(self, card: str) -> str:
        """"long" or "regular"."""
        a, b = card.split("|")
        return board().decks[self.variant][frozenset((a, b))].kind

    def where(self) -> dict[str, str]:
        """Every card's place ("pile", "box", "hand 0", "offer 1", "start returns"): each card exactly once."""
        places: dict[str, str] = {}
        for card in self.pile:
            places[card] = "pile"
        for card in self.box:
            places[card] = "box"
        for card in self.start_returns:
            places[card] = "start returns"
        for seat, hand in enumerate(self.hands):
            for card in hand:
                places[card] = f"hand {seat}"
        for seat, offer in enumerate(self.offers):
            for card in offer or ():
                places[card] = f"offer {seat}"
        return places

    # ---- acting ---------------------------------------------------------------------------------------------

    def draw(self, seat: int) -> list[str]:
        """A turn's draw: the top cards of the pile (3, Big Cities 4; what is left when fewer) offered to a seat."""
        self._check_seat(seat)
        if self.physical:
            raise _refuse("deal-physical", N_("This table deals from its own deck: record the tickets you drew."))
        if not self.playing:
            raise _refuse("deal-not-started", N_("Tickets are drawn once every player has kept their first "
                                                 "tickets."))
        if self.offers[seat] is not None:
            raise _refuse("deal-offer-pending", N_("Choose which of the tickets you drew to keep first."))
        if not self.pile:
            raise _refuse("deal-pile-empty", N_("No destination tickets are left to draw."))
        count = min(self.rules.draw, len(self.pile))
        self.offers[seat], self.pile = self.pile[:count], self.pile[count:]
        return list(self.offers[seat])

    def record_offer(self, seat: int, cards: Sequence[str]) -> None:
        """A physical deck dealt these cards to a seat (its start offer, or a draw during play): check and note."""
        self._check_seat(seat)
        rules = self.rules
        if not self.physical:
            raise _refuse("deal-own-deck", N_("The companion deals this table's tickets; there is nothing to "
                                              "record."))
        if self.offers[seat] is not None:
            raise _refuse("deal-offer-pending", N_("Choose which of the tickets you drew to keep first."))
        cards = list(cards)
        places = self.where()
        for card in cards:
            if places.get(card) != "pile" or cards.count(card) > 1:
                raise _refuse("deal-card-unavailable", N_("The ticket {ticket} cannot be dealt now: it is not in "
                                                          "the pile."), ticket=card.replace("|", "–"))
        if not self.started[seat]:
            longs = sum(self.kind(c) == "long" for c in cards)
            if (longs, len(cards) - longs) != (rules.long_dealt, rules.regular_dealt):
                raise _refuse("deal-wrong-count", N_("At the start a player is dealt {long} long and {regular} "
                                                     "regular tickets."), long=rules.long_dealt,
                              regular=rules.regular_dealt)
        else:
            if not self.playing:
                raise _refuse("deal-not-started", N_("Tickets are drawn once every player has kept their first "
                                                     "tickets."))
            if any(self.kind(c) == "long" for c in cards) or not 1 <= len(cards) <= rules.draw:
                raise _refuse("deal-wrong-count", N_("A draw takes {count} regular tickets from the pile (fewer "
                                                     "only when the pile runs out)."), count=rules.draw)
            if len(cards) < rules.draw and len(self.pile) > len(cards):
                raise _refuse("deal-wrong-count", N_("A draw takes {count} regular tickets from the pile (fewer "
                                                     "only when the pile runs out)."), count=rules.draw)
            self._check_from_top(cards)
        taken = set(cards)
        self._set_pile([c for c in self.pile if c not in taken])
        self.offers[seat] = cards

    def _check_from_top(self, cards: Sequence[str]) -> None:
        """A draw from a physical pile takes its top layers first: refuse a card lying under cards not drawn."""
        left = set(cards)
        start = 0
        for size in self.layers:
            layer = self.pile[start:start + size]
            start += size
            if not left:
                return
            if len(left) >= size:  # the whole layer is drawn, and more below it
                if not set(layer) <= left:
                    below = next(c for c in cards if c in left and c not in layer)
                    raise _refuse("deal-card-below", N_("The ticket {ticket} cannot be drawn now: it went back under "
                                                        "the pile, below tickets nobody has drawn since."),
                                  ticket=below.replace("|", "–"))
                left -= set(layer)
            else:
                below = next((c for c in cards if c in left and c not in layer), None)
                if below is not None:
                    raise _refuse("deal-card-below", N_("The ticket {ticket} cannot be drawn now: it went back under "
                                                        "the pile, below tickets nobody has drawn since."),
                                  ticket=below.replace("|", "–"))
                return

    def _set_pile(self, pile: list[str]) -> None:
        """Replace the pile by a part of it (same order), keeping a physical pile's layers in step."""
        if self.physical:
            layer_of: dict[str, int] = {}
            start = 0
            for k, size in enumerate(self.layers):
                for card in self.pile[start:start + size]:
                    layer_of[card] = k
                start += size
            sizes = [0] * len(self.layers)
            for card in pile:
                sizes[layer_of[card]] += 1
            self.layers = [n for n in sizes if n]
        self.pile = pile

    def _under(self, cards: list[str]) -> None:
        """Put cards under the pile (a physical pile: as one more layer, their order unknown)."""
        self.pile.extend(cards)
        if self.physical and cards:
            self.layers.append(len(cards))

    def keep(self, seat: int, kept: Iterable[str]) -> list[str]:
        """A seat keeps some of its offer (the start's or a draw's); the rest go where the rules send them.

        Returns the cards returned. Refused (nothing changes) when a kept card is not in the offer or the
        variant's minimum (or Mega's long maximum) is not met.
        """
        self._check_seat(seat)
        offer = self.offers[seat]
        if offer is None:
            raise _refuse("deal-no-offer", N_("There are no drawn tickets to choose from."))
        kept = list(dict.fromkeys(kept))
        for card in kept:
            if card not in offer:
                raise _refuse("deal-not-offered", N_("The ticket {ticket} is not among the tickets drawn."),
                              ticket=card.replace("|", "–"))
        returned = [c for c in offer if c not in kept]
        rules = self.rules
        if self.started[seat]:
            if len(kept) < rules.keep_in_play:
                raise _refuse("deal-keep-more", N_("Keep at least {count} of the tickets drawn."),
                              count=rules.keep_in_play)
            self._under(returned)  # to the bottom, in the order drawn
        else:
            self._keep_start(kept, returned)
        self.hands[seat].extend(kept)
        self.offers[seat] = None
        if not self.started[seat]:
            self.started[seat] = True
            if self.playing:
                self.box.extend(c for c in self.pile if self.kind(c) == "long")  # physical: the long not dealt
                self._set_pile([c for c in self.pile if self.kind(c) == "regular"])
                self._shuffle(self.start_returns)
                self._under(self.start_returns)
                self.start_returns = []
        return returned

    def _keep_start(self, kept: list[str], returned: list[str]) -> None:
        """Check the start's minimums and send the cards not kept to the box or the waiting bottom."""
        rules = self.rules
        longs = sum(self.kind(c) == "long" for c in kept)
        if rules.long_kept_most is not None:
            if longs > rules.long_kept_most:
                raise _refuse("deal-too-many-long", N_("Keep at most {count} long ticket."),
                              count=rules.long_kept_most)
            least = rules.keep_at_start if longs else rules.keep_without_long
            if len(kept) - longs < least:
                raise _refuse("deal-keep-more", N_("Keep at least {count} of the regular tickets dealt."),
                              count=least)
        elif len(kept) < rules.keep_at_start:
            raise _refuse("deal-keep-more", N_("Keep at least {count} of the tickets dealt."),
                          count=rules.keep_at_start)
        for card in returned:
            if rules.start_returns_to_bottom and self.kind(card) == "regular":
                self.start_returns.append(card)
            else:
                self.box.append(card)

    def _check_seat(self, seat: int) -> None:
        """A seat of this deal."""
        if not isinstance(seat, int) or not 0 <= seat < len(self.hands):
            raise ValueError(f"no seat {seat!r}")

    # ---- storage --------------------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The whole state as plain JSON values."""
        return {"variant": self.variant, "seed": self.seed, "pile": list(self.pile), "box": list(self.box),
                "hands": [list(h) for h in self.hands], "offers": [None if o is None else list(o) for o in self.offers],
                "started": list(self.started), "start_returns": list(self.start_returns), "shuffles": self.shuffles,
                "physical": self.physical, "layers": list(self.layers)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Deal:
        """Read a state written by `to_json`."""
        return cls(data["variant"], data["seed"], list(data["pile"]), list(data["box"]),
                   [list(h) for h in data["hands"]], [None if o is None else list(o) for o in data["offers"]],
                   list(data["started"]), list(data.get("start_returns", [])), int(data.get("shuffles", 0)),
                   bool(data.get("physical", False)), [int(n) for n in data.get("layers", [])])

    def seat_view(self, seat: int) -> dict[str, Any]:
        """What one seat may see: its hand and its pending offer, and the counts everybody sees."""
        self._check_seat(seat)
        return {"hand": list(self.hands[seat]), "offer": None if self.offers[seat] is None else list(self.offers[seat]),
                "started": self.started[seat], "playing": self.playing, "pile": len(self.pile),
                "physical": self.physical}

    def public_view(self) -> dict[str, Any]:
        """What the whole table sees: how many tickets each seat holds, who is choosing, the pile's size."""
        return {"held": [len(h) for h in self.hands], "choosing": [o is not None for o in self.offers],
                "started": list(self.started), "playing": self.playing, "pile": len(self.pile),
                "physical": self.physical}
