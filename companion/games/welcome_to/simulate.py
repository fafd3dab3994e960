"""Whole simulated games dealt by the deck (`deck.py`), every move checked against the round's offer.

`simulate_game(seed, mode, players)` plays a game of mode "standard", "intermediate" (standard deal with the
intermediate rules), "advanced" (advanced deal, intermediate rules) or "solo", 2..5 players (solo: 1), until an
end condition holds at the end of a round (or the solo deck runs out). A move the engine refuses raises
`SimulationError` (a bug: the simulator only plays moves it believes legal). It returns a `welcome-to-game/1`
document, the end reasons and, with `mutate=True`, the mutated moves tried (each must be refused with a
message naming the round's cards).

Plans: claimed as soon as met; "first" when nobody claimed that plan in an earlier round (simultaneous first
claims score first for all), in solo until the solo card came up.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from .data import ESTATE_SIZES, PLANS
from .deck import Offer, check_offer_move, end_reasons, new_deck, next_round, play_advanced, request_reshuffle
from .document import sheet_to_json
from .moves import Move, Table, Turn, apply_move, check_move, choices, fits
from .sheet import Sheet

SIM_MODES = ("standard", "intermediate", "advanced", "solo")
MAX_ROUNDS = 200


class SimulationError(AssertionError):
    """A move the simulator believed legal was refused."""


@dataclass
class Result:
    document: dict
    reasons: list
    rounds: int
    mutations: list = field(default_factory=list)  # (problems, offer) of each mutated move


def draw_plans(rng: random.Random, intermediate: bool) -> tuple[int, ...]:
    """One plan of each stack n°1..3 (advanced plans shuffled in with the intermediate rules)."""
    return tuple(rng.choice([p.id for p in PLANS.values() if p.stack == n and (intermediate or not p.advanced)])
                 for n in (1, 2, 3))


def _check(sheet, offer, move, turn, table):
    problems = check_offer_move(sheet, offer, move, turn, table)
    if problems:
        raise SimulationError(f"{move} refused: {[p.message for p in problems]}")
    return apply_move(sheet, move, turn)


def _spots(sheet: Sheet, turn: Turn) -> list[tuple[int, int, int]]:
    return [(s, h, n) for n in choices(turn) for s, row in enumerate(sheet.streets) for h in range(len(row))
            if fits(sheet, s, h, n)]


def _closing_fences(sheet: Sheet) -> list[tuple[int, int]]:
    found = []
    for s, row in enumerate(sheet.streets):
        for i in range(len(row) - 1):
            if sheet.has_fence(s, i) or any(e.street == s and e.start <= i < e.end for e in sheet.plan_estates):
                continue
            left = i
            while left > 0 and not sheet.has_fence(s, left - 1):
                left -= 1
            if i - left < 6 and all(row[h].numbered for h in range(left, i + 1)):
                found.append((s, i))
    return found


def _mutations(sheet: Sheet, offer: Offer, turn: Turn, move: Move, rng: random.Random) -> list[tuple[Move, Turn]]:
    """Moves that must be refused: a number not on offer, ±3, an effect not chosen."""
    out = []
    n = turn.number + rng.choice((3, -3)) if turn.effect == "temp" else turn.number + rng.choice((1, 2, 3, -1, -2))
    if 0 <= n <= 17 and n not in choices(turn):
        out.append((Move("number", move.street, move.house, number=n), turn))
    off = [e for e in ("surveyor", "real-estate", "landscaper", "pool", "temp", "bis")
           if all(p.effect != e or p.number != turn.number for p in offer.pairs)]
    if off:
        out.append((move, Turn(turn.number, rng.choice(off))))
    absent = [k for k in range(1, 16) if all(p.number != k for p in offer.pairs)]
    out.append((Move("number", move.street, move.house, number=rng.choice(absent)), Turn(rng.choice(absent),
                                                                                         turn.effect)))
    effect_kind = {"surveyor": "fence", "real-estate": "estate", "landscaper": "park", "pool": "pool",
                   "temp": "temp", "bis": "bis"}
    other = rng.choice([k for e, k in effect_kind.items() if e != turn.effect])
    out.append((Move(other, move.street, move.house, size=1), turn))
    return out


def _as_json(move: Move) -> dict:
    """A move as a round log's move (ROUNDLOG.md)."""
    keys = ("street", "house", "number", "size", "plan")
    return {"kind": move.kind, **{k: getattr(move, k) for k in keys if getattr(move, k) is not None}}


def _play_seat(sheet: Sheet, offer: Offer, table: Table, rng: random.Random, mutate: bool, log: list,
               entry: dict) -> tuple[Sheet, tuple[int, int] | None]:
    """One seat's round: pick a pair, write or refuse, maybe use the effect. Returns the sheet and card ids; the
    round's moves go to `entry` (the round log)."""
    moves = entry.setdefault("moves", [])
    if table.intermediate and rng.random() < 0.05:  # a roundabout first: it may open room for a pair
        move = Move("roundabout", rng.randrange(3), rng.randrange(10))
        if not check_move(sheet, move, Turn(), table):
            sheet, _ = apply_move(sheet, move, Turn())
            moves.append(_as_json(move))
    options = list(offer.pairs)
    rng.shuffle(options)
    usable = [p for p in options if _spots(sheet, Turn(p.number, p.effect))]
    pair = usable[0] if usable else options[0]
    turn = Turn(pair.number, pair.effect)
    spots = _spots(sheet, turn)
    if spots:
        if rng.random() < 0.85:
            s, h, n = min(spots, key=lambda x: (abs(x[1] - x[2] * (len(sheet.streets[x[0]]) - 1) / 17), rng.random()))
        else:
            s, h, n = rng.choice(spots)
        move = Move("number", s, h, number=n)
    else:
        move = Move("refusal")
    if mutate and move.kind == "number":
        for bad, bad_turn in _mutations(sheet, offer, turn, move, rng):
            log.append((check_offer_move(sheet, offer, bad, bad_turn, table), offer, bad))
    if move.kind == "number":
        entry["take"] = [pair.number, pair.effect]
    sheet, turn = _check(sheet, offer, move, turn, table)
    moves.append(_as_json(move))
    if turn.refused or rng.random() < 0.1:
        return sheet, (pair.number_card, pair.effect_card)
    s, h = turn.written
    good = _closing_fences(sheet)
    wanted = {"surveyor": Move("fence", *good[0]) if good else None,
              "real-estate": Move("estate", size=rng.choice(ESTATE_SIZES)),
              "landscaper": Move("park", s), "pool": Move("pool", s, h), "temp": Move("temp"),
              "bis": next((Move("bis", s, hh) for hh in (h - 1, h + 1) if 0 <= hh < len(sheet.streets[s])
                           and not sheet.streets[s][hh].built and not sheet.has_fence(s, min(h, hh))), None)}
    effect_move = wanted[turn.effect]
    if effect_move is not None:
        if not check_move(sheet, effect_move, turn, table):
            sheet, turn = _check(sheet, offer, effect_move, turn, table)
            moves.append(_as_json(effect_move))
    return sheet, (pair.number_card, pair.effect_card)


def simulate_game(seed: int, mode: str = "standard", players: int = 3, mutate: bool = False) -> Result:
    """Play one whole game; see the module docstring."""
    if mode not in SIM_MODES:
        raise ValueError(mode)
    rng = random.Random(f"sim:{seed}")
    players = 1 if mode == "solo" else players
    intermediate = mode in ("intermediate", "advanced")
    plans = draw_plans(rng, intermediate)
    table = Table(intermediate=intermediate, plans=plans)
    state = new_deck({"intermediate": "standard"}.get(mode, mode), seed, players)
    sheets = [Sheet.blank(f"P{i + 1}") for i in range(players)]
    claimed_before: set[int] = set()
    mutations: list = []
    reasons: list = []
    rounds: list[dict] = []
    logs: list[list[dict]] = [[] for _ in range(players)]
    for _ in range(MAX_ROUNDS):
        if state["mode"] != "advanced":
            next_round(state)
            shown = [[c.number, c.effect] for c in Offer.of(state).shown]
            rounds.append({"pairs": shown} if state["mode"] == "standard" else {"cards": shown})
            if state["mode"] == "solo" and state["solo_round"] == state["round"]:
                rounds[-1]["solo_card"] = True
        this_round: set[int] = set()
        for i in range(players):
            offer = Offer.of(state, i)
            entry: dict = {"cards": [[c.number, c.effect] for c in offer.shown]} if state["mode"] == "advanced" else {}
            logs[i].append(entry)
            sheets[i], chosen = _play_seat(sheets[i], offer, table, rng, mutate and i == 0, mutations, entry)
            if state["mode"] == "advanced":
                play_advanced(state, i, *chosen)
            for plan in plans:
                solo_flipped = mode == "solo" and state["solo_round"] is not None
                first = plan not in claimed_before and not solo_flipped
                claim = Move("plan", plan=plan, first=first)
                if not check_move(sheets[i], claim, None, table):
                    if not claimed_before and not this_round and mode != "solo" and rng.random() < 0.5 \
                            and not state["reshuffled"] and state["mode"] == "standard":
                        request_reshuffle(state)
                    sheets[i], _ = apply_move(sheets[i], claim)
                    entry["moves"].append(_as_json(claim))
                    this_round.add(plan)
        claimed_before |= this_round
        reasons = end_reasons(sheets, plans, state)
        if reasons:
            break
    else:
        raise SimulationError(f"seed {seed} {mode}: no end after {MAX_ROUNDS} rounds")
    doc = {"format": "welcome-to-game/1", "mode": "solo" if mode == "solo" else
           ("advanced" if mode == "advanced" else "standard"), "intermediate": intermediate, "plans": list(plans),
           "players": [{**sheet_to_json(s), "log": log} for s, log in zip(sheets, logs)]}
    if rounds:
        doc["rounds"] = rounds
    return Result(doc, reasons, state["round"], mutations)
