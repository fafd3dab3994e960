"""The live sheet: is one move legal on a partly filled sheet (`check_move`), and the sheet after it (`apply_move`).

A round is: write the chosen card's number (or cross a permit refusal when it
fits nowhere), then use its effect at most once; a roundabout (intermediate)
may be built at any time. `Turn` carries what the round allows and what was
already done in it; without a `Turn`, only what the sheet itself shows is
checked (a page that does not track rounds still gets every sheet rule).
Paths are those of the move (`move.house`, `move.street`, ...).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..core.problems import N_, Problem, error
from .data import ESTATE_SIZES, MAX_NUMBER, PLANS, Plan
from .plans import shortfall, take
from .sheet import BIS, EMPTY, NUMBER, ROUNDABOUT, Claim, House, Sheet

KINDS = ("number", "refusal", "bis", "fence", "pool", "park", "estate", "temp", "roundabout", "plan")
EFFECTS = {"bis": "bis", "fence": "surveyor", "pool": "pool", "park": "landscaper", "estate": "real-estate",
           "temp": "temp"}  # effect moves and the card effect each one needs
EFFECT_NAMES = {"surveyor": N_("surveyor"), "real-estate": N_("real estate agent"), "landscaper": N_("landscaper"),
                "pool": N_("pool manufacturer"), "temp": N_("temp agency"), "bis": N_("bis")}  # as players call them
TEMP_RANGE = 2  # the temp agency changes a number by up to 2 either way


@dataclass(frozen=True)
class Move:
    """One mark on the sheet; which fields matter depends on `kind`."""

    kind: str
    street: int | None = None
    house: int | None = None  # number, bis, pool, roundabout: the house; fence: the fence right of this house
    number: int | None = None  # number: the number written; bis: the number copied (None: the only neighbour)
    size: int | None = None  # estate: the estate-size column 1..6
    plan: int | None = None  # plan: the plan id
    first: bool = False  # plan: claimed on the first side


@dataclass(frozen=True)
class Turn:
    """One round: the chosen card (number and effect, None when not known) and what is done already."""

    number: int | None = None
    effect: str | None = None  # "surveyor", "real-estate", "landscaper", "pool", "temp" or "bis"
    written: tuple[int, int] | None = None  # where this round's number went
    refused: bool = False
    effect_used: bool = False


@dataclass(frozen=True)
class Table:
    """What the whole table plays with."""

    intermediate: bool = False
    plans: tuple[int, ...] | None = None  # plan ids in play; None: not checked


def _house(sheet: Sheet, move: Move) -> Problem | None:
    """Check that a move names a house of the sheet."""
    s, h = move.street, move.house
    if s is None or not 0 <= s < len(sheet.streets):
        return error("no-such-street", "street", N_("Streets are 0 to {last}, not {street}."),
                     last=len(sheet.streets) - 1, street=s)
    if h is None or not 0 <= h < len(sheet.streets[s]):
        return error("no-such-house", "house", N_("Houses of street {street} are 0 to {last}, not {house}."),
                     street=s + 1, last=len(sheet.streets[s]) - 1, house=h)
    return None


def fits(sheet: Sheet, street: int, house: int, number: int) -> bool:
    """Tell whether a number may be written in an empty house: above everything left of it and below everything
    right of it, up to the nearest roundabouts."""
    row = sheet.streets[street]
    if row[house].kind != EMPTY:
        return False
    left = right = True
    for h in range(house - 1, -1, -1):
        if row[h].kind == ROUNDABOUT:
            break
        left = left and not (row[h].numbered and row[h].number >= number)
    for h in range(house + 1, len(row)):
        if row[h].kind == ROUNDABOUT:
            break
        right = right and not (row[h].numbered and row[h].number <= number)
    return left and right


def choices(turn: Turn | None) -> range:
    """The numbers this round's card allows (all of them when the card is not known)."""
    if turn is None or turn.number is None:
        return range(MAX_NUMBER + 1)
    spread = TEMP_RANGE if turn.effect == "temp" else 0
    return range(max(0, turn.number - spread), min(MAX_NUMBER, turn.number + spread) + 1)


def _number(sheet: Sheet, move: Move, turn: Turn | None) -> list[Problem]:
    """Write this round's number in an empty house, in increasing order."""
    found = _house(sheet, move)
    if found:
        return [found]
    problems: list[Problem] = []
    if turn is not None and (turn.written is not None or turn.refused):
        return [error("number-already-written", "", N_("This round's number is already written."))]
    n = move.number
    if n is None or not 0 <= n <= MAX_NUMBER:
        return [*problems, error("number-out-of-range", "number", N_("House numbers run from 0 to {high}, not {n}."),
                                 high=MAX_NUMBER, n=n)]
    allowed = choices(turn)
    if n not in allowed:
        problems.append(error("not-the-card", "number", N_(
            "This round's card allows {low} to {high}, not {n} (the temp agency changes a number by up to 2)."),
            low=allowed.start, high=allowed.stop - 1, n=n))
    if sheet.house(move.street, move.house).kind != EMPTY:
        problems.append(error("house-taken", "house", N_("Street {street}, house {house} is already built."),
                              street=move.street + 1, house=move.house + 1))
    elif not fits(sheet, move.street, move.house, n):
        problems.append(error("not-increasing", "house", N_(
            "{n} does not fit at street {street}, house {house}: numbers must increase from left to right."),
            n=n, street=move.street + 1, house=move.house + 1))
    return problems


def _refusal(sheet: Sheet, turn: Turn | None) -> list[Problem]:
    """Cross a permit refusal: only when this round's number fits nowhere."""
    problems = []
    if sheet.refusals >= sheet.rules.max_refusals:
        problems.append(error("beyond-track", "", N_("Every permit refusal box is crossed already.")))
    if turn is not None and (turn.written is not None or turn.refused):
        problems.append(error("number-already-written", "", N_("This round's number is already written.")))
    elif turn is not None and turn.number is not None:
        if any(fits(sheet, s, h, n) for n in choices(turn) for s, row in enumerate(sheet.streets)
               for h in range(len(row))):
            problems.append(error("refusal-not-needed", "", N_(
                "This round's number still fits on the sheet; a permit is refused only when it fits nowhere.")))
    return problems


def _bis_source(sheet: Sheet, move: Move) -> tuple[int | None, list[Problem]]:
    """The number a bis copies: from a built neighbour with no fence between."""
    s, h = move.street, move.house
    row = sheet.streets[s]
    near = {row[i].number for i, fence in ((h - 1, h - 1), (h + 1, h)) if 0 <= i < len(row) and row[i].numbered
            and not sheet.has_fence(s, fence)}
    if move.number is not None and move.number in near:
        return move.number, []
    if move.number is None and len(near) == 1:
        return near.pop(), []
    return None, [error("bis-alone", "house", N_(
        "A bis copies the number of a house next to it with no fence between; street {street}, house {house} has "
        "{found}."), street=s + 1, house=h + 1,
        found=", ".join(map(str, sorted(near))) or N_("no such neighbour"))]


def _fence(sheet: Sheet, move: Move) -> list[Problem]:
    """Draw a fence between two houses, not twice, and never inside an estate used for a plan."""
    s, i = move.street, move.house
    if s is None or not 0 <= s < len(sheet.streets) or i is None or not 0 <= i < len(sheet.streets[s]) - 1:
        return [error("fence-out-of-range", "house", N_("A fence stands between two houses of a street."))]
    if sheet.has_fence(s, i):
        return [error("fence-twice", "house", N_("This fence is drawn already."))]
    if any(e.street == s and e.start <= i < e.end for e in sheet.plan_estates):
        return [error("fence-splits-plan-estate", "house", N_(
            "This fence would split an estate used for a city plan."))]
    return []


def _pool(sheet: Sheet, move: Move, turn: Turn | None) -> list[Problem]:
    """Build the printed pool of the house where this round's number was written."""
    found = _house(sheet, move)
    if found:
        return [found]
    where = (move.street, move.house)
    if where not in sheet.rules.pool_positions:
        return [error("pool-not-printed", "house", N_("No pool is printed on this house."))]
    if where in sheet.pools:
        return [error("pool-twice", "house", N_("This pool is built already."))]
    if turn is not None and turn.written != where:
        return [error("pool-not-this-round", "house", N_(
            "A pool is built on the house where this round's number was written."))]
    if sheet.house(*where).kind != NUMBER:
        return [error("pool-on-unbuilt-house", "house", N_("A pool is built on a house written with a number."))]
    return []


def _effect(sheet: Sheet, move: Move, turn: Turn | None) -> list[Problem]:
    """Round rules shared by every effect: the card's effect, once, after the number."""
    if turn is None:
        return []
    if turn.refused:
        return [error("effect-after-refusal", "", N_("A refused permit allows no effect."))]
    if turn.written is None:
        return [error("effect-before-number", "", N_("Write this round's number before using its effect."))]
    if turn.effect_used:
        return [error("effect-used", "", N_("This round's effect is used already."))]
    if turn.effect is not None and turn.effect != EFFECTS[move.kind]:
        return [error("not-the-effect", "", N_("This round's card gives the {effect} effect."),
                      effect=EFFECT_NAMES.get(turn.effect, turn.effect))]
    return []


def _plan(sheet: Sheet, move: Move, table: Table) -> list[Problem]:
    """Claim a plan in play, once, met by the sheet together with the plans claimed before."""
    plan: Plan | None = PLANS.get(move.plan) if move.plan is not None else None
    if plan is None or (table.plans is not None and plan.id not in table.plans):
        return [error("plan-not-in-play", "plan", N_("Plan {plan} is not in play."), plan=move.plan)]
    if any(c.plan == plan.id for c in sheet.claims):
        return [error("plan-claimed-twice", "plan", N_("Plan {plan} is claimed already."), plan=plan.id)]
    missing = shortfall(plan, sheet)
    if missing is not None:
        return [missing.within("plan")]
    if take(plan, sheet, sheet.estates(), sheet.plan_houses) is None:
        return [error("plan-houses-shared", "plan", N_(
            "Plan {plan} would need houses or estates already used for another plan."), plan=plan.id)]
    return []


def check_move(sheet: Sheet, move: Move, turn: Turn | None = None, table: Table = Table()) -> list[Problem]:
    """Every reason why one move is not legal on this sheet now (empty: legal)."""
    rules = sheet.rules
    if move.kind == "number":
        return _number(sheet, move, turn)
    if move.kind == "refusal":
        return _refusal(sheet, turn)
    if move.kind == "roundabout":
        found = _house(sheet, move)
        problems = [found] if found else []
        if not table.intermediate:
            problems.append(error("roundabout-not-allowed", "", N_("Roundabouts belong to the intermediate rules.")))
        if sheet.roundabout_count >= rules.max_roundabouts:
            problems.append(error("too-many-roundabouts", "", N_("A player builds at most {high} roundabouts."),
                                  high=rules.max_roundabouts))
        if not found and sheet.house(move.street, move.house).kind != EMPTY:
            problems.append(error("house-taken", "house", N_("A roundabout is built in an empty house.")))
        return problems
    if move.kind == "plan":
        return _plan(sheet, move, table)
    if move.kind not in EFFECTS:
        return [error("unknown-move", "kind", N_("A move is one of {kinds}, not {kind}."), kinds=", ".join(KINDS),
                      kind=move.kind)]
    problems = _effect(sheet, move, turn)
    if move.kind == "bis":
        found = _house(sheet, move)
        if found:
            return [*problems, found]
        if sheet.house(move.street, move.house).kind != EMPTY:
            problems.append(error("house-taken", "house", N_("A bis is written in an empty house.")))
        else:
            problems += _bis_source(sheet, move)[1]
        if sheet.bis_count >= rules.max_bis:
            problems.append(error("too-many-bis", "", N_("The bis track is full.")))
    elif move.kind == "fence":
        problems += _fence(sheet, move)
    elif move.kind == "pool":
        problems += _pool(sheet, move, turn)
    elif move.kind == "park":
        s = move.street if turn is None or turn.written is None else turn.written[0]
        if move.street is None or not 0 <= move.street < len(sheet.streets) or move.street != s:
            problems.append(error("park-not-this-street", "street", N_(
                "A park is crossed on the street where this round's number was written.")))
        elif sheet.parks[s] >= rules.park_boxes(s):
            problems.append(error("beyond-track", "street", N_("Every park of this street is crossed already.")))
    elif move.kind == "estate":
        if move.size not in ESTATE_SIZES:
            problems.append(error("unknown-estate-size", "size", N_("Estate sizes are 1 to 6.")))
        elif sheet.estate_values[move.size - 1] >= rules.estate_boxes(move.size):
            problems.append(error("beyond-track", "size", N_("This estate value column is full.")))
    elif move.kind == "temp" and sheet.temps >= rules.temp_boxes:
        problems.append(error("beyond-track", "", N_("The temp agency column is full.")))
    return problems


def apply_move(sheet: Sheet, move: Move, turn: Turn | None = None) -> tuple[Sheet, Turn | None]:
    """The sheet and the round after a move that `check_move` accepted."""
    s, h = move.street, move.house
    if move.kind == "number":
        return (sheet.with_house(s, h, House(NUMBER, move.number)),
                replace(turn, written=(s, h)) if turn else None)
    if move.kind == "refusal":
        return replace(sheet, refusals=sheet.refusals + 1), replace(turn, refused=True) if turn else None
    if move.kind == "roundabout":
        return sheet.with_house(s, h, House(ROUNDABOUT)).with_fence(s, h - 1).with_fence(s, h), turn
    if move.kind == "plan":
        houses, estates = take(PLANS[move.plan], sheet, sheet.estates(), sheet.plan_houses) or (frozenset(), ())
        return replace(sheet, claims=(*sheet.claims, Claim(move.plan, move.first)),
                       plan_houses=sheet.plan_houses | houses, plan_estates=(*sheet.plan_estates, *estates)), turn
    used = replace(turn, effect_used=True) if turn else None
    if move.kind == "bis":
        number, _ = _bis_source(sheet, move)
        return sheet.with_house(s, h, House(BIS, number)), used
    if move.kind == "fence":
        return sheet.with_fence(s, h), used
    if move.kind == "pool":
        return replace(sheet, pools=(*sheet.pools, (s, h))), used
    if move.kind == "park":
        return replace(sheet, parks=tuple(n + (i == s) for i, n in enumerate(sheet.parks))), used
    if move.kind == "estate":
        values = tuple(n + (i == move.size - 1) for i, n in enumerate(sheet.estate_values))
        return replace(sheet, estate_values=values), used
    return replace(sheet, temps=sheet.temps + 1), used
