"""The live sheet of one seat: an imported base (or a blank sheet) plus the log of moves made at the table.

The state is never stored, only the log: `replay` rebuilds the sheet, the round
and the claims by running every entry through the engine's `check_move` and
`apply_move` again, so the state is always what the rules allow and undo is
dropping the last entry. Besides the engine's moves the log knows the round's
card effect (`effect`), the end of a round (`next`) and, in solo, the round the
solo card came up (`solo-card`).

A claim is on the first side when nobody at the table claimed that plan in an
earlier round (players meeting it in the same round all score the first side);
in solo, when it came before the solo card. This is decided across the table
each time the sheets are read (`first_sides`), so a slow phone still claims first.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from ...games.core.problems import N_, Problem, error
from ...games.welcome_to import PLANS, RULES
from ...games.welcome_to.deck import Offer, check_choice, check_offer_move
from ...games.welcome_to.document import read_sheet, sheet_to_json
from ...games.welcome_to.moves import EFFECTS, Move, Table, Turn, apply_move, check_move
from ...games.welcome_to.plans import assign
from ...games.welcome_to.sheet import Sheet

CARD_EFFECTS = ("surveyor", "real-estate", "landscaper", "pool", "temp", "bis")
ENGINE_KINDS = ("number", "refusal", "bis", "fence", "pool", "park", "estate", "temp", "roundabout", "plan")
KINDS = (*ENGINE_KINDS, "effect", "next", "solo-card")
FIELDS = ("street", "house", "number", "size", "plan", "effect")
MAX_LOG = 600  # a game writes at most 33 houses; 600 entries leave room for any effect and undo, not for abuse
MODES = ("standard", "advanced", "solo")


@dataclass(frozen=True)
class Settings:
    """What the whole table plays with."""

    mode: str = "standard"
    intermediate: bool = False
    plans: tuple[int, ...] = ()
    offers: Mapping[int, Offer] = field(default_factory=dict)  # the table's offer per round (rounds.py)
    solo_round: int | None = None  # the round the companion's solo deal turned the solo card
    seat_offers: Mapping[int, Mapping[int, Offer]] = field(default_factory=dict)  # advanced: seat -> round -> hand
    tapped_hands: bool = False  # advanced with physical cards: each seat taps in its own hand (nobody waits)
    starts: Mapping[int, int] = field(default_factory=dict)  # seat -> its first round (a seat joining late)

    def offer_for(self, seat: int | None, round_: int) -> Offer | None:
        """The offer a seat's round is checked against (advanced: its own hand)."""
        if seat is not None and seat in self.seat_offers:
            return self.seat_offers[seat].get(round_)
        return self.offers.get(round_)

    def waits(self, seat: int | None, round_: int) -> bool:
        """Advanced: the seat played its hand and waits until the hands pass."""
        return (not self.tapped_hands and seat is not None and seat in self.seat_offers
                and round_ not in self.seat_offers[seat])

    @property
    def solo(self) -> bool:
        """Tell whether this is a solo game."""
        return self.mode == "solo"

    @property
    def table(self) -> Table:
        """The engine's view of the table (intermediate rules, plans in play)."""
        return Table(intermediate=self.intermediate, plans=self.plans)


@dataclass(frozen=True)
class LiveClaim:
    """A plan this player claimed: in which round (None: in an imported sheet) and, if imported, on which side."""

    plan: int
    round: int | None
    first: bool = False


@dataclass
class Live:
    """A seat's sheet as replayed: the sheet, the round being played, the claims and the log."""

    sheet: Sheet
    turn: Turn = field(default_factory=Turn)
    round: int = 1
    claims: list[LiveClaim] = field(default_factory=list)
    solo_card: int | None = None
    log: list[dict] = field(default_factory=list)
    seat: int | None = None  # the seat's index at its table (advanced hands are per seat)
    dropped: list[Problem] = field(default_factory=list)  # entries the rules refused on replay (should be none)
    imported: bool = False  # the sheet started from an imported finished sheet, not a blank one

    @property
    def number_done(self) -> bool:
        """Tell whether this round's number is written or its permit refused."""
        return self.turn.written is not None or self.turn.refused


def settings_of(table: Mapping[str, Any]) -> Settings:
    """The settings of a stored table."""
    from .rounds import dealt_seats, is_physical_hands, offers, seat_offers, solo_round, start_rounds

    plans = tuple(p for p in table.get("plans", ()) if isinstance(p, int) and p in PLANS)
    deck = table.get("deck")
    return Settings(table.get("mode", "standard"), bool(table.get("intermediate")), plans, offers(deck),
                    solo_round(deck), {i: seat_offers(deck, i) for i in range(dealt_seats(deck))},
                    is_physical_hands(deck), start_rounds(deck))


def base_sheet(name: str, base: dict | None, settings: Settings) -> tuple[Sheet, list[LiveClaim]]:
    """The sheet a seat starts from: blank, or an imported finished sheet with its claims' houses set aside."""
    if base is None:
        return Sheet.blank(name, RULES), []
    sheet = replace(read_sheet(base, RULES).sheet, player=name)
    claims = [LiveClaim(c.plan, None, c.first) for c in sheet.claims]
    plans = [PLANS[c.plan] for c in sheet.claims if c.plan in PLANS]
    together = assign(plans, sheet)
    houses = frozenset().union(*together.houses.values()) if together.houses else frozenset()
    estates = tuple(e for found in together.estates.values() for e in found)
    return replace(sheet, plan_houses=houses, plan_estates=estates), claims


def to_move(entry: Mapping[str, Any]) -> Move:
    """The engine move of a log entry."""
    return Move(entry["kind"], entry.get("street"), entry.get("house"), number=entry.get("number"),
                size=entry.get("size"), plan=entry.get("plan"))


def check_entry(live: Live, entry: Mapping[str, Any], settings: Settings) -> list[Problem]:
    """Every reason why one entry cannot be added to this seat's log now (empty: it can)."""
    kind = entry.get("kind")
    turn = live.turn
    offer = settings.offer_for(live.seat, live.round)
    if offer is None and kind in ("number", "refusal", "effect") and settings.waits(live.seat, live.round):
        return [error("hand-not-passed", "", N_(
            "Wait for the others: the hands pass when every player has played this round."))]
    if len(live.log) >= MAX_LOG:
        return [error("log-full", "", N_("This sheet holds {most} moves; undo some first."), most=MAX_LOG)]
    if kind == "effect":
        if entry.get("effect") not in CARD_EFFECTS:
            return [error("unknown-effect", "effect", N_("Choose one of the six effects."))]
        if turn.refused:
            return [error("effect-after-refusal", "", N_("A refused permit allows no effect."))]
        if turn.effect_used:
            return [error("effect-used", "", N_("This round's effect is used already."))]
        if offer is not None:
            if turn.written is not None:
                return [error("pair-after-number", "", N_("Your pair is chosen: the number is written already."))]
            return check_choice(offer, entry.get("number"), entry.get("effect"))
        return []
    if offer is not None and kind in ENGINE_KINDS and kind not in ("plan", "roundabout"):
        if kind == "refusal":
            return check_offer_move(live.sheet, offer, Move("refusal"), turn, settings.table)
        if turn.effect is None or turn.number is None:
            if kind != "number":
                return check_move(live.sheet, to_move(entry), _effect_turn(turn, kind), settings.table)
            return [offer.error("choose-pair", "")]
        return check_offer_move(live.sheet, offer, to_move(entry), turn, settings.table)
    if kind == "next":
        if not live.number_done:
            return [error("round-not-played", "", N_(
                "Write this round's number, or cross a permit refusal, before the next round."))]
        return []
    if kind == "solo-card":
        if not settings.solo:
            return [error("not-solo", "", N_("The solo card belongs to the solo game."))]
        if live.solo_card is not None:
            return [error("solo-card-twice", "", N_("The solo card came up already."))]
        return []
    if kind not in ENGINE_KINDS:
        return [error("unknown-move", "kind", N_("A move is one of {kinds}, not {kind}."), kinds=", ".join(KINDS),
                      kind=str(kind))]
    if kind == "refusal":
        return check_move(live.sheet, Move("refusal"), replace(turn, number=entry.get("number")), settings.table)
    return check_move(live.sheet, to_move(entry), _effect_turn(turn, kind), settings.table)


def _effect_turn(turn: Turn, kind: str) -> Turn:
    """The round as an effect move sees it: using an effect with no card chosen chooses that card."""
    if kind in EFFECTS and turn.effect is None:
        return replace(turn, effect=EFFECTS[kind])
    return turn


def apply_entry(live: Live, entry: dict, settings: Settings) -> None:
    """Add an entry that `check_entry` accepted to the live sheet (in place)."""
    kind = entry["kind"]
    live.log.append(entry)
    if kind == "effect":
        live.turn = replace(live.turn, effect=entry["effect"], number=entry.get("number", live.turn.number))
    elif kind == "next":
        live.round += 1
        live.turn = Turn()
    elif kind == "solo-card":
        live.solo_card = live.round
    elif kind == "refusal":
        live.sheet, turn = apply_move(live.sheet, Move("refusal"), live.turn)
        live.turn = turn or live.turn
    else:
        if kind == "plan":
            live.claims.append(LiveClaim(entry["plan"], live.round))
        live.sheet, turn = apply_move(live.sheet, to_move(entry), _effect_turn(live.turn, kind))
        live.turn = turn or live.turn


def replay(name: str, base: dict | None, log: Any, settings: Settings, seat: int | None = None) -> Live:
    """Rebuild a seat's live sheet from its base and log; an entry the rules refuse is set aside, never a crash."""
    sheet, claims = base_sheet(name, base, settings)
    live = Live(sheet, claims=claims, seat=seat, round=settings.starts.get(seat, 1) if seat is not None else 1,
                imported=base is not None)
    for raw in log if isinstance(log, list) else []:
        entry = clean_entry(raw)
        problems = check_entry(live, entry, settings) if entry is not None else [
            error("bad-entry", "", N_("This move could not be read."))]
        if problems or entry is None:
            live.dropped.extend(problems)
            continue
        apply_entry(live, entry, settings)
    turned = settings.solo_round
    if settings.solo and turned is not None and live.solo_card is None and live.round >= turned:
        live.solo_card = settings.solo_round  # the companion's solo deal turned the solo card
    return live


def clean_entry(raw: Any) -> dict | None:
    """A log entry with only the keys its kind uses, all of the right type; None when it is not one."""
    if not isinstance(raw, Mapping) or raw.get("kind") not in KINDS:
        return None
    entry: dict[str, Any] = {"kind": raw["kind"]}
    for key in FIELDS:
        value = raw.get(key)
        if value is None:
            continue
        if key == "effect":
            if not isinstance(value, str) or len(value) > 20:
                return None
        elif type(value) is not int or not -1 <= value <= 99:
            return None
        entry[key] = value
    return entry


# ---- across the table --------------------------------------------------------------------------------

def earliest_claims(lives: list[Live]) -> dict[int, int]:
    """The earliest round in which anyone claimed each plan (an imported first claim counts as round 0)."""
    earliest: dict[int, int] = {}
    for live in lives:
        for claim in live.claims:
            when = claim.round if claim.round is not None else (0 if claim.first else None)
            if when is not None and when < earliest.get(claim.plan, when + 1):
                earliest[claim.plan] = when
    return earliest


def first_side(claim: LiveClaim, live: Live, earliest: Mapping[int, int], settings: Settings) -> bool:
    """Tell whether a claim scores the plan's first side."""
    if claim.round is None:
        return claim.first
    if settings.solo:
        return live.solo_card is None or claim.round < live.solo_card
    return claim.round == earliest.get(claim.plan)


def player_json(live: Live, earliest: Mapping[int, int], settings: Settings) -> dict:
    """A seat's sheet as a `welcome-to-game/1` player, each claim on the side the table decided."""
    doc = sheet_to_json(live.sheet)
    doc["plans"] = [{"plan": c.plan, "first": first_side(c, live, earliest, settings)} for c in live.claims]
    return doc


def game_json(settings: Settings, names: list[str], lives: list[Live]) -> dict:
    """The whole table as a `welcome-to-game/1` document."""
    earliest = earliest_claims(lives)
    players = []
    for name, live in zip(names, lives):
        doc = player_json(live, earliest, settings)
        doc["player"] = name
        players.append(doc)
    return {"format": "welcome-to-game/1", "mode": settings.mode, "intermediate": settings.intermediate,
            "plans": list(settings.plans), "players": players}


def table_rounds(settings: Settings) -> list[dict] | None:
    """The table's rounds in the round-log format (games/welcome_to/ROUNDLOG.md): from the first up to the last one
    dealt or entered without a gap (None: none, or advanced hands, which are the seats' secrets)."""
    if settings.mode == "advanced" or settings.seat_offers or not settings.offers:
        return None
    rounds = []
    while len(rounds) + 1 in settings.offers:
        offer = settings.offers[len(rounds) + 1]
        key = "pairs" if offer.mode == "standard" else "cards"
        rounds.append({key: [[c.number, c.effect] for c in offer.shown]})
        if settings.solo and settings.solo_round == len(rounds):
            rounds[-1]["solo_card"] = True
    return rounds


def log_json(live: Live) -> list[dict]:
    """A seat's live log as a round log (ROUNDLOG.md): per round the pair taken and the marks made, in order."""
    rounds: list[dict] = [{"moves": []}]
    for entry in live.log:
        kind = entry["kind"]
        if kind == "next":
            rounds.append({"moves": []})
        elif kind == "effect":
            if entry.get("number") is not None:
                rounds[-1]["take"] = [entry["number"], entry["effect"]]
        elif kind in ENGINE_KINDS:
            rounds[-1]["moves"].append({k: v for k, v in entry.items() if k != "effect"})
    if not rounds[-1]["moves"] and "take" not in rounds[-1]:
        rounds.pop()  # the round being played, nothing done in it yet
    return rounds


def with_round_log(doc: dict, settings: Settings, lives: list[Live]) -> dict:
    """A game document with the table's rounds and each seat's round log, so that importing it checks every move
    against the cards again. Only when every seat played from round 1 on the table's dealt or entered cards, with
    no imported base (advanced hands stay secret: no log)."""
    rounds = table_rounds(settings)
    if not rounds or settings.starts or any(live.imported for live in lives):
        return doc
    if any(live.solo_card is not None and live.solo_card != settings.solo_round for live in lives):
        return doc  # a solo card noted by hand that the table's rounds do not show
    return {**doc, "rounds": rounds, "players": [{**player, "log": log_json(live)}
                                                for player, live in zip(doc["players"], lives)]}


def end_reasons(live: Live, settings: Settings) -> list[str]:
    """Which end conditions this sheet meets: third refusal, every plan in play claimed, every house built."""
    reasons = []
    if live.sheet.refusals >= RULES.max_refusals:
        reasons.append("refusals")
    claimed = {c.plan for c in live.claims}
    if settings.plans and all(p in claimed for p in settings.plans):
        reasons.append("plans")
    if all(house.built for _s, _h, house in live.sheet.positions()):
        reasons.append("houses")
    return reasons
