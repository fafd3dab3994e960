"""City plans: whether a sheet meets each plan, and whether it meets all the plans a player claims together.

Houses and estates used for one plan cannot serve another (pools can). Three
plan kinds take houses: estate plans take whole completed estates, "full street"
takes every house of its street and "end houses" takes the six end houses; the
other kinds count marks (bis, temps, parks, pools, a roundabout) and take none.

`assign` searches every subset of the claims, largest first and, among equal
sizes, the one that keeps the earliest claims: for a subset, the house-taking
plans with fixed houses must not overlap, and every estate plan then picks
estates, of exactly its sizes, that are disjoint from each other and from those
fixed houses. Estates of one size are interchangeable once the fixed houses are
set aside, so counting them per size decides each subset exactly; the estates
picked are returned so a page can show which estate went to which plan.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import combinations

from ..core.problems import N_, Msg, Problem, error
from .data import Plan
from .sheet import BIS, ROUNDABOUT, Estate, Sheet


def fixed_houses(plan: Plan, sheet: Sheet) -> frozenset[tuple[int, int]]:
    """The houses a plan takes whatever else is on the sheet (full street, end houses); empty for the others."""
    if plan.kind == "full-street" and plan.street is not None:
        return frozenset((plan.street, h) for h in range(len(sheet.streets[plan.street])))
    if plan.kind == "end-houses":
        return frozenset((s, h) for s, row in enumerate(sheet.streets) for h in (0, len(row) - 1))
    return frozenset()


def _sizes(estates: Iterable[Estate]) -> str:
    """List estate sizes for a message, e.g. '1, 1, 4' or 'none'."""
    found = sorted(e.size for e in estates)
    return ", ".join(str(n) for n in found) or Msg(N_("none"))


def shortfall(plan: Plan, sheet: Sheet) -> Problem | None:
    """Why the sheet does not meet a plan on its own (a problem with an empty path), or None when it does."""
    streets = range(len(sheet.streets))
    if plan.kind == "estate":
        have = Counter(e.size for e in sheet.estates())
        if any(have[size] < n for size, n in Counter(plan.sizes).items()):
            return error("plan-not-met", "", N_(
                "Plan {plan} needs completed estates of sizes {sizes}; the completed estates on this sheet have "
                "sizes {found}."), plan=plan.id, sizes=", ".join(map(str, plan.sizes)), found=_sizes(sheet.estates()))
        return None
    if plan.kind == "full-street":
        empty = [h + 1 for h, house in enumerate(sheet.streets[plan.street]) if not house.built]
        if empty:
            return error("plan-not-met", "", N_(
                "Plan {plan} needs every house of street {street} built; houses {empty} are empty."),
                plan=plan.id, street=plan.street + 1, empty=", ".join(map(str, empty)))
        return None
    if plan.kind == "end-houses":
        if not all(sheet.house(s, h).built for s, h in fixed_houses(plan, sheet)):
            return error("plan-not-met", "", N_("Plan {plan} needs the first and last house of every street built."),
                         plan=plan.id)
        return None
    if plan.kind == "five-bis":
        best = max(sheet.count(BIS, s) for s in streets)
        if best < plan.count:
            return error("plan-not-met", "", N_(
                "Plan {plan} needs {count} bis houses on one street; the most on a street here is {best}."),
                plan=plan.id, count=plan.count, best=best)
        return None
    if plan.kind == "seven-temps":
        if sheet.temps < plan.count:
            return error("plan-not-met", "", N_("Plan {plan} needs {count} temps hired, not {temps}."),
                         plan=plan.id, count=plan.count, temps=sheet.temps)
        return None
    if plan.kind in ("two-streets-parks", "two-streets-pools"):
        full = sheet.parks_full if plan.kind == "two-streets-parks" else sheet.pools_full
        done = sum(1 for s in streets if full(s))
        if done < plan.count:
            what = N_("parks") if plan.kind == "two-streets-parks" else N_("pools")
            return error("plan-not-met", "", N_(
                "Plan {plan} needs all {what} built on {count} streets; they are all built on {done}."),
                plan=plan.id, what=what, count=plan.count, done=done)
        return None
    if plan.kind == "complete-street":
        if not any(sheet.parks_full(s) and sheet.pools_full(s) and sheet.count(ROUNDABOUT, s) for s in streets):
            return error("plan-not-met", "", N_(
                "Plan {plan} needs all parks, all pools and a roundabout on one street; no street has all three."),
                plan=plan.id)
        return None
    if plan.kind == "street-parks-pools":
        if not (sheet.parks_full(plan.street) and sheet.pools_full(plan.street)):
            return error("plan-not-met", "", N_("Plan {plan} needs all parks and all pools of street {street} built."),
                         plan=plan.id, street=plan.street + 1)
        return None
    return error("plan-not-met", "", N_("Plan {plan} cannot be checked: unknown kind."), plan=plan.id)


@dataclass(frozen=True)
class Assignment:
    """Which claims are met together, and the houses each of them takes."""

    met: tuple[int, ...]  # indexes into the claims given to `assign`
    houses: dict[int, frozenset[tuple[int, int]]]  # claim index -> houses it takes (none for mark-counting plans)
    estates: dict[int, tuple[Estate, ...]]  # claim index -> estates it takes (estate plans)


def take(plan: Plan, sheet: Sheet, estates: list[Estate],
         taken: frozenset[tuple[int, int]]) -> tuple[frozenset[tuple[int, int]], tuple[Estate, ...]] | None:
    """The houses and estates a plan takes without touching `taken`, or None when it cannot.

    Estates of the sizes needed are taken left to right, street by street: any free estate of a size serves as
    well as another, so the choice never blocks a plan that another choice would allow.
    """
    fixed = fixed_houses(plan, sheet)
    if fixed & taken:
        return None
    if plan.kind != "estate":
        return fixed, ()
    free = [e for e in estates if not (e.houses & taken)]
    mine = []
    for size in plan.sizes:
        estate = next((e for e in free if e.size == size), None)
        if estate is None:
            return None
        free.remove(estate)
        mine.append(estate)
    return frozenset().union(*(e.houses for e in mine)), tuple(mine)


def _fit(chosen: tuple[int, ...], plans: list[Plan], sheet: Sheet, estates: list[Estate]) -> Assignment | None:
    """Give every chosen plan its own houses, or None when they cannot all be met together."""
    taken: frozenset[tuple[int, int]] = frozenset()
    houses: dict[int, frozenset[tuple[int, int]]] = {}
    picked: dict[int, tuple[Estate, ...]] = {}
    for i in sorted(chosen, key=lambda i: plans[i].kind == "estate"):  # fixed houses first, then estates
        got = take(plans[i], sheet, estates, taken)
        if got is None:
            return None
        houses[i], picked[i] = got
        taken |= got[0]
    return Assignment(chosen, houses, {i: e for i, e in picked.items() if e})


def assign(plans: list[Plan], sheet: Sheet) -> Assignment:
    """The largest set of plans the sheet meets together (earliest claims kept on ties), with their houses."""
    estates = sheet.estates()
    alone = [i for i, plan in enumerate(plans) if shortfall(plan, sheet) is None]
    for size in range(len(alone), 0, -1):
        for chosen in combinations(alone, size):
            found = _fit(chosen, plans, sheet, estates)
            if found is not None:
                return found
    return Assignment((), {}, {})


def check_claims(sheet: Sheet, plans: list[Plan], where: list[int]) -> list[Problem]:
    """Problems of the claims that are in play and not repeated: not met alone, or not met together.

    `where[k]` is the index of `plans[k]` in the player's `plans` list; paths are `[where[k]]`.
    """
    problems = []
    alone = [shortfall(plan, sheet) for plan in plans]
    for k, missing in enumerate(alone):
        if missing is not None:
            problems.append(missing.within(f"[{where[k]}]"))
    together = assign(plans, sheet)
    for k, plan in enumerate(plans):
        if k in together.met or alone[k] is not None:
            continue
        others = ", ".join(str(plans[i].id) for i in together.met) or "-"
        problems.append(error("plan-houses-shared", f"[{where[k]}]", N_(
            "Plan {plan} is met on its own, but not together with plan {others}: houses and estates used for one "
            "plan cannot be used for another (pools can)."), plan=plan.id, others=others))
    return problems
