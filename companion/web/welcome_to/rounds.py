"""The table's round: the companion deals the construction cards, or the host taps in the three pairs turned at the
table; both give the same stored offer per round, against which every seat's moves are checked (`live.py`).

Stored in the table's `deck` column (JSON):
`{"source": "companion" | "host", "round": n, "state": <engine deck state> | null, "offers": {"1": {...}, ...}}`
with each offer `{"kind": "standard" | "cards", "items": [[number, effect], [number, effect], [number, effect]]}`:
three pairs (standard, or entered by the host) or the three cards a solo player combines. A seat's round k is
checked against the table's offer of round k; a seat ahead of the table (no offer yet) is checked as before, on
its own card. The advanced deck (secret hands) is not dealt on the web yet.
"""

from __future__ import annotations

import secrets
from typing import Any

from ...games.core.problems import N_
from ...games.welcome_to import deck as engine
from ...games.welcome_to.deck import Card, Offer, Pair

SOURCES = ("companion", "host")
DEALT_MODES = ("standard", "solo")


class RoundError(ValueError):
    """A deck action that cannot be done now; the message is a catalogue template."""


def _record(deck: dict) -> None:
    """Write the engine state's current offer as the round's stored offer."""
    state = deck["state"]
    if state["mode"] == "standard":
        items = [[p["number"], p["effect"]] for p in state["offer"]]
        deck["offers"][str(state["round"])] = {"kind": "standard", "items": items}
    else:
        cards = [engine.card(c) for c in state["drawn"]]
        deck["offers"][str(state["round"])] = {"kind": "cards", "items": [[c.number, c.effect] for c in cards]}
    deck["round"] = state["round"]


def deal(mode: str, seed: int | None = None) -> dict:
    """A new deck dealt by the companion, its first round turned."""
    if mode not in DEALT_MODES:
        raise RoundError(N_("The companion deals the standard and solo decks; enter the advanced game's cards by "
                            "hand for now."))
    state = engine.new_deck(mode, secrets.randbelow(2**31) if seed is None else seed)
    deck = {"source": "companion", "round": 0, "state": state, "offers": {}}
    engine.next_round(state)
    _record(deck)
    return deck


def next_round(deck: dict) -> dict:
    """Turn the next round's cards (companion)."""
    if deck.get("source") != "companion":
        raise RoundError(N_("Enter this round's three pairs."))
    if engine.deck_exhausted(deck["state"]):
        raise RoundError(N_("The solo deck is used up: the game is over."))
    engine.next_round(deck["state"])
    _record(deck)
    return deck


def reshuffle(deck: dict) -> dict:
    """The first player to complete a plan asked for new stacks (standard, companion deal, once)."""
    state = deck.get("state")
    if deck.get("source") != "companion" or state is None or state["mode"] != "standard" or state["reshuffled"]:
        raise RoundError(N_("The stacks are reshuffled once, by the first player to complete a plan."))
    engine.request_reshuffle(state)
    return deck


def enter(deck: dict | None, values: list[tuple[int, str]]) -> dict:
    """The host entered the three pairs turned at the table: the next round's offer."""
    engine.manual_offer(values)  # raises ValueError when a pair is not a card's
    if deck is None or deck.get("source") != "host":
        deck = {"source": "host", "round": 0, "state": None, "offers": {}}
    deck["round"] += 1
    deck["offers"][str(deck["round"])] = {"kind": "standard", "items": [[int(n), e] for n, e in values]}
    return deck


def offer_of(stored: dict) -> Offer:
    """The engine offer of a stored round."""
    items = [(int(n), str(e)) for n, e in stored["items"]]
    if stored.get("kind") == "cards":
        cards = tuple(Card(i, n, e) for i, (n, e) in enumerate(items))
        pairs = tuple(Pair(a.number, b.effect, a.id, b.id) for a in cards for b in cards if a is not b)
        return Offer("cards", pairs, cards)
    return Offer.entered(items)


def offers(deck: Any) -> dict[int, Offer]:
    """Every round's offer of a stored deck (nothing when there is none or it cannot be read)."""
    found: dict[int, Offer] = {}
    if not isinstance(deck, dict) or not isinstance(deck.get("offers"), dict):
        return found
    for key, stored in deck["offers"].items():
        try:
            found[int(key)] = offer_of(stored)
        except (KeyError, TypeError, ValueError):
            continue
    return found


def solo_round(deck: Any) -> int | None:
    """The round the solo card came up in a companion's solo deal."""
    state = deck.get("state") if isinstance(deck, dict) else None
    return state.get("solo_round") if isinstance(state, dict) and state.get("mode") == "solo" else None


def public(deck: Any) -> dict | None:
    """What every phone and the shared screen may see: the round, its offer, the stacks' sizes (never a hand)."""
    if not isinstance(deck, dict):
        return None
    state = deck.get("state")
    current = deck.get("offers", {}).get(str(deck.get("round")))
    return {"source": deck.get("source"), "round": deck.get("round"),
            "kind": current.get("kind") if current else None,
            "shown": [{"number": n, "effect": e} for n, e in current["items"]] if current else [],
            "stacks": engine.stack_sizes(state) if state else None,
            "reshuffled": bool(state and state.get("reshuffled")),
            "solo_round": solo_round(deck),
            "exhausted": bool(state and engine.deck_exhausted(state))}
