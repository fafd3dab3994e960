"""The table's round: the companion deals the construction cards, or the host taps in the three pairs turned at the
table; both give the same stored offer per round, against which every seat's moves are checked (`live.py`).

Stored in the table's `deck` column (JSON):
`{"source": "companion" | "host", "round": n, "state": <engine deck state> | null, "offers": {"1": {...}, ...}}`
with each offer `{"kind": "standard" | "cards", "items": [[number, effect], [number, effect], [number, effect]]}`:
three pairs (standard, or entered by the host) or the three cards a solo player combines. A seat's round k is
checked against the table's offer of round k; a seat ahead of the table (no offer yet) is checked as before, on
its own card.

Physical cards: the host taps in each round (standard: three pairs; solo: the three cards drawn and, once, the
round the solo card came up: `"solo_round": n`); advanced: each seat taps in its own hand on its own phone, kept as
`"seat_hands": {"<seat>": {"<round>": [[number, effect] × 3]}}` (a seat's secret, like the dealt hands).

Advanced: the deck also keeps `"hands": {"1": [[ids of seat 0], [ids of seat 1], ...], ...}`, each seat's hand per
round: a seat's secret, read only through `seat_offers` for that seat's own page and the core's seat view
(`hand`), never by `public`. The seats at the table when it is dealt (2 to 5) get hands; a seat ends its round
("Next round") and its pair's two cards are discarded (after a refusal, its first two cards); when every seat has
played, the third cards pass clockwise and each draws two. A seat that has played waits for the others: its next
round has no hand yet, and its number is refused until the hands pass.
"""

from __future__ import annotations

import secrets
from typing import Any

from ...games.core.problems import N_
from ...games.welcome_to import deck as engine
from ...games.welcome_to.deck import Card, Offer, Pair

SOURCES = ("companion", "host")
DEALT_MODES = ("standard", "solo", "advanced")


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


def deal(mode: str, seed: int | None = None, seats: int = 1, current: Any = None) -> dict:
    """A new deck dealt by the companion, its first round turned (advanced: the seats' first hands)."""
    if mode not in DEALT_MODES:
        raise RoundError(N_("The companion cannot deal this mode."))
    seed = secrets.randbelow(2**31) if seed is None else seed
    if is_physical_hands(current):
        raise RoundError(N_("The players have tapped in their own cards: this table plays with its own cards."))
    if mode == "advanced":
        if not 2 <= seats <= 5:
            raise RoundError(N_("The advanced deck is dealt to 2 to 5 players: let everyone join first."))
        state = engine.new_deck(mode, seed, seats)
        return {"source": "companion", "round": 1, "state": state, "offers": {},
                "hands": {"1": [list(h) for h in state["hands"]]}}
    state = engine.new_deck(mode, seed)
    deck = {"source": "companion", "round": 0, "state": state, "offers": {}}
    engine.next_round(state)
    _record(deck)
    return deck


def is_advanced(deck: Any) -> bool:
    """Tell whether a stored deck deals advanced hands."""
    return isinstance(deck, dict) and isinstance(deck.get("hands"), dict)


def seat_offers(deck: Any, seat: int) -> dict[int, Offer]:
    """One seat's hand per round as offers (advanced): that seat's secret."""
    found: dict[int, Offer] = {}
    if is_physical_hands(deck):
        for key, items in (deck["seat_hands"].get(str(seat)) or {}).items():
            try:
                found[int(key)] = offer_of({"kind": "cards", "items": items})
            except (KeyError, TypeError, ValueError):
                continue
        return found
    if not is_advanced(deck):
        return found
    for key, hands in deck["hands"].items():
        if isinstance(hands, list) and 0 <= seat < len(hands):
            cards = [engine.card(c) for c in hands[seat]]
            found[int(key)] = offer_of({"kind": "cards", "items": [[c.number, c.effect] for c in cards]})
    return found


def hand(deck: Any, seat: int) -> list[dict] | None:
    """A seat's current hand (advanced) for that seat's own view; None when it has none."""
    if is_physical_hands(deck):
        mine = deck["seat_hands"].get(str(seat)) or {}
        last = max(mine, key=int, default=None)
        return None if last is None else [{"number": n, "effect": e} for n, e in mine[last]]
    if not is_advanced(deck):
        return None
    hands = deck["state"]["hands"]
    return [vars(engine.card(c)) for c in hands[seat]] if 0 <= seat < len(hands) else None


def dealt_seats(deck: Any) -> int:
    """How many seats got advanced hands (physical cards: the seats that tapped one in, by index)."""
    if is_physical_hands(deck):
        return 1 + max((int(k) for k in deck["seat_hands"] if str(k).isdigit()), default=-1)
    return len(deck["state"]["hands"]) if is_advanced(deck) else 0


def advanced_play(deck: dict, seat: int, number: int | None, effect: str | None) -> bool:
    """A seat ended its round: discard the two cards of its pair (after a refusal, its first two), and pass and
    draw when every seat has played. Returns False when this seat had played this round already."""
    state = deck["state"]
    if not 0 <= seat < len(state["hands"]) or state["played"][seat] is not None:
        return False
    held = [engine.card(c) for c in state["hands"][seat]]
    pick = next(((a.id, b.id) for a in held for b in held
                 if a.id != b.id and a.number == number and b.effect == effect), (held[0].id, held[1].id))
    engine.play_advanced(state, seat, *pick)
    if state["round"] != deck["round"]:
        deck["round"] = state["round"]
        deck["hands"][str(state["round"])] = [list(h) for h in state["hands"]]
    return True


def next_round(deck: dict) -> dict:
    """Turn the next round's cards (companion)."""
    if is_advanced(deck):
        raise RoundError(N_("Advanced hands pass by themselves when every player has played."))
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


def start_rounds(deck: Any) -> dict[int, int]:
    """The first round of each seat that joined after the cards were dealt or entered (others start at 1)."""
    found = deck.get("starts") if isinstance(deck, dict) else None
    if not isinstance(found, dict):
        return {}
    return {int(k): v for k, v in found.items() if str(k).isdigit() and type(v) is int and v >= 1}


def seat_joined(deck: Any, seat: int) -> dict | None:
    """A seat joined the table (RULES.md 12): after the deal it starts at the table's current round, and in the
    advanced deal it gets a hand of three from the deck (last in the passing order). Returns the changed deck, or
    None when nothing changes (no cards yet, physical hands, or a seat the deal already counted)."""
    if not isinstance(deck, dict) or is_physical_hands(deck) or not deck.get("round"):
        return None
    if is_advanced(deck):
        state = deck["state"]
        if seat != len(state["hands"]):
            return None
        engine.join_advanced(state)
        deck["hands"].setdefault(str(deck["round"]), []).append(list(state["hands"][seat]))
    deck.setdefault("starts", {})[str(seat)] = deck["round"]
    return deck


def advanced_full(deck: Any, seats: int) -> bool:
    """Tell whether an advanced deal has no hand for one more seat (5 at most)."""
    return is_advanced(deck) and seats >= 5


def reshuffle_open(deck: Any) -> bool:
    """Tell whether the reshuffle question is still open: the companion deals the standard game and the first
    player to complete a plan has not answered yet (new stacks, or keep them)."""
    state = deck.get("state") if isinstance(deck, dict) else None
    return (isinstance(state, dict) and deck.get("source") == "companion" and state.get("mode") == "standard"
            and not state.get("reshuffled") and not deck.get("reshuffle_declined"))


def keep_stacks(deck: dict) -> dict:
    """The first player to complete a plan keeps the stacks: the question is closed for the game."""
    if not reshuffle_open(deck):
        raise RoundError(N_("The stacks are reshuffled once, by the first player to complete a plan."))
    deck["reshuffle_declined"] = True
    return deck


def enter(deck: dict | None, values: list[tuple[int, str]], kind: str = "standard", solo_card: bool = False,
          last_cards: bool = False) -> dict:
    """The host entered the round turned at the table: the next round's offer (standard: three pairs; solo: the
    three cards drawn, whether the solo card came up at the start of this round, and whether these were the
    deck's last cards: the solo game then ends after this round, as when the companion deals)."""
    engine.manual_offer(values)  # raises ValueError when a pair is not a card's
    if deck is not None and deck.get("source") == "companion":
        raise RoundError(N_("The companion deals this game's cards."))
    if deck is not None and deck.get("source") == "host" and deck.get("deck_out"):
        raise RoundError(N_("The solo deck is used up: the game is over."))
    if deck is None or deck.get("source") != "host" or "seat_hands" in deck:
        deck = {"source": "host", "round": 0, "state": None, "offers": {}}
    deck["round"] += 1
    deck["offers"][str(deck["round"])] = {"kind": kind, "items": [[int(n), e] for n, e in values]}
    if solo_card and kind == "cards" and deck.get("solo_round") is None:
        deck["solo_round"] = deck["round"]
    if last_cards and kind == "cards":
        deck["deck_out"] = True
    return deck


def enter_hand(deck: dict | None, seat: int, round_: int, values: list[tuple[int, str]]) -> dict:
    """Advanced with physical cards: a seat taps in its own hand of three for its round (that seat's secret, kept
    under "seat_hands", never in `public`). A hand can be entered again until that round's number is written."""
    engine.manual_offer(values)  # raises ValueError when a card is not one
    if is_advanced(deck):
        raise RoundError(N_("The companion deals your hand."))
    if deck is None or "seat_hands" not in deck:
        deck = {"source": "host", "round": None, "state": None, "offers": {}, "seat_hands": {}}
    deck["seat_hands"].setdefault(str(seat), {})[str(round_)] = [[int(n), e] for n, e in values]
    return deck


def is_physical_hands(deck: Any) -> bool:
    """Tell whether the seats tap in their own advanced hands (physical cards)."""
    return isinstance(deck, dict) and isinstance(deck.get("seat_hands"), dict)


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
    """The round the solo card came up: in a companion's solo deal, or as the host tapped it in."""
    if isinstance(deck, dict) and deck.get("source") == "host" and isinstance(deck.get("solo_round"), int):
        return deck["solo_round"]
    state = deck.get("state") if isinstance(deck, dict) else None
    return state.get("solo_round") if isinstance(state, dict) and state.get("mode") == "solo" else None


def public(deck: Any) -> dict | None:
    """What every phone and the shared screen may see: the round, its offer, the stacks' sizes (never a hand)."""
    if not isinstance(deck, dict):
        return None
    state = deck.get("state")
    current = deck.get("offers", {}).get(str(deck.get("round")))
    if is_physical_hands(deck):
        return {"source": "host", "round": None, "kind": "advanced", "shown": [], "stacks": None,
                "reshuffled": False, "reshuffle_open": False, "solo_round": None, "exhausted": False}
    if is_advanced(deck):
        return {"source": "companion", "round": deck.get("round"), "kind": "advanced", "shown": [],
                "stacks": engine.stack_sizes(state), "reshuffled": False, "reshuffle_open": False, "solo_round": None,
                "exhausted": False,
                "advanced_played": [p is not None for p in state["played"]]}
    return {"source": deck.get("source"), "round": deck.get("round"),
            "kind": current.get("kind") if current else None,
            "shown": [{"number": n, "effect": e} for n, e in current["items"]] if current else [],
            "stacks": engine.stack_sizes(state) if state else None,
            "reshuffled": bool(state and state.get("reshuffled")), "reshuffle_open": reshuffle_open(deck),
            "solo_round": solo_round(deck),
            "exhausted": bool(state and engine.deck_exhausted(state)) or bool(deck.get("deck_out"))}
