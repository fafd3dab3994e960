"""City plans: every kind met and not met, plans met together or not, and the search checked by brute force."""

from __future__ import annotations

from itertools import combinations

import pytest
from fuzz_scale import examples
from hypothesis import given, settings
from hypothesis import strategies as st
from welcome_helpers import errors, full, game, player, sheet_of, streets

from companion.games.welcome_to import PLANS, score_document
from companion.games.welcome_to.plans import assign, fixed_houses, shortfall

R = "R"


def met(plan_id: int, **fields) -> bool:
    """Tell whether a sheet meets one plan on its own."""
    return shortfall(PLANS[plan_id], sheet_of(**fields)) is None


FULL = [full(10), full(11), full(12)]

KINDS = [
    # (plan, fields that meet it, fields that do not)
    (1, {"streets": streets(full(6)), "fences": [[0, 1, 2, 3, 4, 5], [], []]},
     {"streets": streets(full(6)), "fences": [[0, 1, 2, 3, 4], [], []]}),
    (14, {"streets": streets(full(10)), "fences": [[0, 4], [], []]},
     {"streets": streets(full(10)), "fences": [[0, 3], [], []]}),
    (19, {"streets": streets((), (), (0, 1, R, 2, 3, 4, 5, 6, 7, 8, 9, 10)), "fences": [[], [], [1, 2]]},
     {"streets": streets((), (), full(11))}),
    (20, {"streets": streets(full(10))}, {"streets": streets(full(9))}),
    (23, {"streets": [[0, *[None] * 8, 9], [0, *[None] * 9, 10], [R, *[None] * 10, 11]], "fences": [[], [], [0]]},
     {"streets": [[0, *[None] * 8, 9], [0, *[None] * 10], [0, *[None] * 10, 11]]}),
    (21, {"streets": streets((), (), (1, "1b", 2, "2b", 3, "3b", 4, "4b", 5, "5b", 6))},
     {"streets": streets((1, "1b", 2, "2b", 3), (), (1, "1b", 2, "2b", 3, "3b", 4, "4b", 5))}),
    (22, {"streets": FULL, "temps": 7}, {"streets": FULL, "temps": 6}),
    (24, {"streets": FULL, "parks": [3, 0, 5]}, {"streets": FULL, "parks": [3, 3, 4]}),
    (25, {"streets": [full(10), [0, 1, 2, 3, R, 4, 5, 6, 7, 8, 9], full(12)], "fences": [[], [3, 4], []],
          "parks": [0, 4, 0], "pools": [[1, 0], [1, 3], [1, 7]]},
     {"streets": FULL, "parks": [0, 4, 0], "pools": [[1, 0], [1, 3], [1, 7]]}),
    (26, {"streets": FULL, "pools": [[0, 2], [0, 6], [0, 7], [1, 0], [1, 3], [1, 7]]},
     {"streets": FULL, "pools": [[0, 2], [0, 6], [0, 7], [1, 0], [1, 3], [2, 1]]}),
    (27, {"streets": FULL, "parks": [0, 0, 5], "pools": [[2, 1], [2, 6], [2, 10]]},
     {"streets": FULL, "parks": [0, 0, 5], "pools": [[2, 1], [2, 6]]}),
    (28, {"streets": FULL, "parks": [0, 4, 0], "pools": [[1, 0], [1, 3], [1, 7]]},
     {"streets": FULL, "parks": [0, 3, 0], "pools": [[1, 0], [1, 3], [1, 7]]}),
]


@pytest.mark.parametrize("plan,yes,no", KINDS, ids=[f"plan-{k[0]}-{PLANS[k[0]].kind}" for k in KINDS])
def test_plan_kind(plan, yes, no):
    """Each plan kind is met by a sheet that has it and not by one that misses it by one mark."""
    assert met(plan, **yes)
    assert not met(plan, **no)


def test_every_kind_is_covered():
    """The table above has a plan of every kind in plans.csv."""
    assert {PLANS[k[0]].kind for k in KINDS} == {p.kind for p in PLANS.values()}


def test_estates_need_exact_sizes():
    """A 5-house estate is no 4-house estate: estate plans need exactly the listed sizes."""
    assert not met(4, streets=streets(full(10)), fences=[[4], [], []])  # 5 + 5, plan 4 is 4-4
    assert met(5, streets=streets(full(10)), fences=[[4], [], []])  # 5-5


def claims_result(plans_in_play, claims, intermediate=False, **fields):
    """The (code, path) errors of one player's claims."""
    doc = game(player(plans=[{"plan": p, "first": True} for p in claims], **fields), plans=plans_in_play,
               intermediate=intermediate)
    return errors(score_document(doc))


def test_estate_plans_compete_for_estates():
    """1-1-1-4 and 1-1-1-6 with three 1-house estates: each is met alone, not both (the second claim is refused)."""
    fields = {"streets": streets(full(10), full(11)), "fences": [[0, 1, 2, 6], [5], []]}  # 1 1 1 4 3 | 6 5
    assert claims_result([12, 7, 13], [12, 7], **fields) == [("plan-houses-shared", "players[0].plans[1]")]
    assert claims_result([12, 7, 13], [7, 12], **fields) == [("plan-houses-shared", "players[0].plans[1]")]
    more = {"streets": streets(full(10), full(11)), "fences": [[0, 1, 2, 3, 4, 5], [5], []]}  # 1x6, 4 | 6 5
    assert claims_result([12, 7, 13], [12, 7], **more) == []


def test_full_street_takes_its_estates():
    """Plan 19 takes every house of street 3, so an estate plan cannot use an estate there."""
    fields = {"streets": streets((), (), full(12)), "fences": [[], [], [2, 6]]}  # street 3: 3 4 5
    assert claims_result([19, 25, 15], [19, 15], intermediate=True, **fields) == \
        [("plan-houses-shared", "players[0].plans[1]")]
    fields["streets"][0] = full(10)
    fields["fences"][0] = [2, 6]  # street 1 too: 3 4 3
    assert claims_result([19, 25, 15], [19, 15], intermediate=True, **fields) == []


def test_end_houses_take_the_ends():
    """Plan 23 takes the six end houses; a 1-house estate at a street's end then serves no other plan."""
    ends = [[0, *[None] * 8, 9], [0, *[None] * 9, 10], [0, *[None] * 10, 11]]
    fields = {"streets": ends, "fences": [[0], [], []]}  # the only 1-house estate is street 1's first house
    assert claims_result([23, 26, 13], [23], intermediate=True, **fields) == []
    ends[0][1:3] = [1, 2]
    fields["fences"] = [[0, 2], [], []]  # ... and a 2-house estate; 1-2-6 still lacks a free 1 and a 6
    ends[1] = full(11)
    fields["fences"][1] = [5]
    assert claims_result([23, 26, 13], [23, 13], intermediate=True, **fields) == \
        [("plan-houses-shared", "players[0].plans[1]")]
    fields["fences"][1] = [0, 6]  # street 2: 1 | 6 | 4 -> its 1-house estate is an end house too
    assert claims_result([23, 26, 13], [23, 13], intermediate=True, **fields) == \
        [("plan-houses-shared", "players[0].plans[1]")]
    ends[0][3] = 3
    fields["fences"][0] = [0, 1, 3]  # street 1: 1 | 1 | 2 ...: a free 1-house estate
    assert claims_result([23, 26, 13], [23, 13], intermediate=True, **fields) == []


def test_pools_serve_several_plans():
    """Pools are the exception: plan 26 and plan 27 may both count the pools of street 3."""
    fields = {"streets": FULL, "parks": [0, 0, 5], "pools": [[0, 2], [0, 6], [0, 7], [2, 1], [2, 6], [2, 10]]}
    assert claims_result([22, 26, 27], [26, 27], intermediate=True, **fields) == []


def test_full_street_and_end_houses_share_two_houses():
    """Plans 20 (street 1) and 23 (end houses) both need street 1's ends: not both."""
    fields = {"streets": FULL}
    assert claims_result([20, 23, 12], [20, 23], intermediate=True, **fields) == \
        [("plan-houses-shared", "players[0].plans[1]")]


# ---- the search against brute force ----------------------------------------------------------

HOUSE_PLANS = [p.id for p in PLANS.values() if p.kind in ("estate", "full-street", "end-houses")]


def brute_feasible(plans, sheet) -> bool:
    """Try every way to give each plan its own estates (no symmetry shortcut) and fixed houses."""
    taken: set = set()
    for plan in plans:
        fixed = fixed_houses(plan, sheet)
        if taken & fixed or shortfall(plan, sheet) is not None:
            return False
        taken |= fixed
    slots = [size for plan in plans if plan.kind == "estate" for size in plan.sizes]
    estates = [e for e in sheet.estates() if not (e.houses & taken)]

    def fill(k: int, used: frozenset) -> bool:
        """Fill slot k onwards with unused estates."""
        if k == len(slots):
            return True
        return any(fill(k + 1, used | {i}) for i, e in enumerate(estates) if i not in used and e.size == slots[k])

    return fill(0, frozenset())


@st.composite
def plan_sheets(draw):
    """A sheet of numbered runs and random fences, and 1 to 3 house-taking plans."""
    rows = []
    for size in (10, 11, 12):
        built = draw(st.lists(st.booleans(), min_size=size, max_size=size))
        rows.append([h if b else None for h, b in enumerate(built)])
    fences = [sorted(draw(st.sets(st.integers(0, size - 2), max_size=8))) for size in (10, 11, 12)]
    claims = draw(st.lists(st.sampled_from(HOUSE_PLANS), min_size=1, max_size=3, unique=True))
    return sheet_of(streets=rows, fences=fences), [PLANS[i] for i in claims]


@settings(max_examples=examples(300), deadline=None)
@given(plan_sheets())
def test_assign_matches_brute_force(case):
    """The search keeps the largest set of claims met together, the earliest on ties, exactly as brute force."""
    sheet, plans = case
    found = assign(plans, sheet)
    best = next(chosen for size in range(len(plans), -1, -1) for chosen in combinations(range(len(plans)), size)
                if brute_feasible([plans[i] for i in chosen], sheet))
    assert found.met == best
    taken = [h for i in found.met for h in found.houses[i]]
    assert len(taken) == len(set(taken))  # no house serves two plans
    for i in found.met:
        if plans[i].kind == "estate":
            assert sorted(e.size for e in found.estates[i]) == list(plans[i].sizes)
