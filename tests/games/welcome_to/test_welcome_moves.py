"""The live move checker: one function says whether a single move is legal on a partly filled sheet."""

from __future__ import annotations

import pytest
from welcome_helpers import sheet_of, streets

from companion.games.welcome_to.moves import Move, Table, Turn, apply_move, check_move


def codes(sheet, move, turn=None, table=None):
    """The codes of a move's problems."""
    return [p.code for p in check_move(sheet, move, turn, table or Table())]


SHEET = dict(streets=streets((1, None, 5, None, None, 9)), fences=[[], [], []])


@pytest.mark.parametrize("house,number,expected", [
    (1, 3, []), (1, 1, ["not-increasing"]), (1, 5, ["not-increasing"]), (3, 6, []), (3, 9, ["not-increasing"]),
    (6, 12, []), (6, 8, ["not-increasing"]), (0, 0, ["house-taken"]), (10, 3, ["no-such-house"])])
def test_number_must_fit(house, number, expected):
    """A number goes in an empty house, above the numbers left of it and below those right of it."""
    assert codes(sheet_of(**SHEET), Move("number", 0, house, number=number)) == expected


def test_roundabout_splits_the_order():
    """Right of a roundabout the order starts again."""
    sheet = sheet_of(streets=streets((5, 6, "R")), fences=[[1, 2], [], []])
    assert codes(sheet, Move("number", 0, 3, number=1)) == []
    assert codes(sheet, Move("number", 0, 3, number=1), table=Table(intermediate=True)) == []


def test_card_number_and_temp_agency():
    """The number is the card's, or up to 2 away with the temp agency (never below 0 or above 17)."""
    sheet = sheet_of()
    assert codes(sheet, Move("number", 0, 0, number=8), Turn(number=8, effect="pool")) == []
    assert codes(sheet, Move("number", 0, 0, number=9), Turn(number=8, effect="pool")) == ["not-the-card"]
    assert codes(sheet, Move("number", 0, 0, number=10), Turn(number=8, effect="temp")) == []
    assert codes(sheet, Move("number", 0, 0, number=11), Turn(number=8, effect="temp")) == ["not-the-card"]
    assert codes(sheet, Move("number", 0, 0, number=17), Turn(number=15, effect="temp")) == []
    assert codes(sheet, Move("number", 0, 0, number=18), Turn(number=15, effect="temp")) == ["number-out-of-range"]


def test_one_number_and_one_effect_per_round():
    """A second number, an effect before the number, a second effect or the wrong effect are refused."""
    sheet = sheet_of(**SHEET)
    turn = Turn(number=3, effect="temp")
    assert codes(sheet, Move("temp"), turn) == ["effect-before-number"]
    sheet, turn = apply_move(sheet, Move("number", 0, 1, number=3), turn)
    assert codes(sheet, Move("number", 0, 3, number=6), turn) == ["number-already-written"]
    assert codes(sheet, Move("park", 0), turn) == ["not-the-effect"]
    wrong = check_move(sheet, Move("park", 0), turn)[0]
    assert wrong.message == "This round's card gives the temp agency effect."  # named as players call it
    sheet, turn = apply_move(sheet, Move("temp"), turn)
    assert sheet.temps == 1
    assert codes(sheet, Move("temp"), turn) == ["effect-used"]


def test_refusal_only_when_nothing_fits():
    """A permit is refused only when the card's number fits nowhere; then no effect follows."""
    full = sheet_of(streets=[list(range(10)), list(range(11)), [*range(11), None]])
    assert codes(full, Move("refusal"), Turn(number=5, effect="pool")) == []
    assert codes(full, Move("refusal"), Turn(number=15, effect="pool")) == ["refusal-not-needed"]
    sheet, turn = apply_move(full, Move("refusal"), Turn(number=5, effect="pool"))
    assert sheet.refusals == 1 and codes(sheet, Move("pool", 2, 10), turn)[0] == "effect-after-refusal"
    assert codes(sheet_of(refusals=3), Move("refusal")) == ["beyond-track"]


def test_bis_copies_a_neighbour_without_fence():
    """A bis goes next to a built house, with no fence between; which number, when both neighbours are built."""
    sheet = sheet_of(streets=streets((3, None, 5, None, None)), fences=[[2], [], []])
    assert codes(sheet, Move("bis", 0, 1, number=3)) == []
    assert codes(sheet, Move("bis", 0, 1)) == ["bis-alone"]  # 3 or 5: say which
    assert codes(sheet, Move("bis", 0, 3)) == ["bis-alone"]  # the fence right of house 3 (index 2) is in the way
    assert codes(sheet, Move("bis", 0, 4)) == ["bis-alone"]
    after, _ = apply_move(sheet, Move("bis", 0, 1, number=5))
    assert after.house(0, 1).to_json() == "5b"


def test_pool_and_park_follow_this_rounds_number():
    """A pool on the house just written (if printed), a park on its street, within the tracks."""
    sheet = sheet_of(streets=streets((1, 2)))
    turn = Turn(number=4, effect="pool")
    sheet, turn = apply_move(sheet, Move("number", 0, 2, number=4), turn)
    assert codes(sheet, Move("pool", 0, 2), turn) == []
    assert codes(sheet, Move("pool", 0, 1), turn) == ["pool-not-printed"]
    assert codes(sheet_of(streets=streets((1, 2, 3)), pools=[[0, 2]]), Move("pool", 0, 2)) == ["pool-twice"]
    turn = Turn(number=9, effect="landscaper")
    sheet, turn = apply_move(sheet, Move("number", 1, 4, number=9), turn)
    assert codes(sheet, Move("park", 0), turn) == ["park-not-this-street"]
    assert codes(sheet, Move("park", 1), turn) == []
    assert codes(sheet_of(streets=streets(list(range(5))), parks=[3, 0, 0]), Move("park", 0)) == ["beyond-track"]


def test_fences_never_split_an_estate_used_for_a_plan():
    """After plan 5 (5-5) is claimed with street 1's two estates, no fence may split them."""
    sheet = sheet_of(streets=streets(list(range(10))), fences=[[4], [], []])
    table = Table(plans=(5, 7, 13))
    assert codes(sheet, Move("fence", 0, 2)) == []
    assert codes(sheet, Move("plan", plan=5, first=True), table=table) == []
    sheet, _ = apply_move(sheet, Move("plan", plan=5, first=True))
    assert codes(sheet, Move("fence", 0, 2)) == ["fence-splits-plan-estate"]
    assert codes(sheet, Move("fence", 0, 4)) == ["fence-twice"]
    assert codes(sheet, Move("plan", plan=5), table=table) == ["plan-claimed-twice"]
    assert codes(sheet, Move("plan", plan=4), table=table) == ["plan-not-in-play"]


def test_claimed_estates_are_not_used_twice():
    """Plan 12 (1-1-1-4) after plan 7 (1-1-1-6) took the three 1-house estates: refused."""
    sheet = sheet_of(streets=streets(list(range(10)), list(range(11))), fences=[[0, 1, 2, 6], [5], []])
    table = Table(plans=(12, 7, 13))
    sheet, _ = apply_move(sheet, Move("plan", plan=7, first=True))
    assert codes(sheet, Move("plan", plan=12), table=table) == ["plan-houses-shared"]
    assert codes(sheet, Move("plan", plan=13), table=table) == ["plan-not-met"]


def test_roundabouts_need_the_intermediate_rules():
    """A roundabout: intermediate only, in an empty house, at most two; it brings its fences."""
    sheet = sheet_of()
    assert codes(sheet, Move("roundabout", 0, 3)) == ["roundabout-not-allowed"]
    on = Table(intermediate=True)
    sheet, _ = apply_move(sheet, Move("roundabout", 0, 3))
    assert sheet.has_fence(0, 2) and sheet.has_fence(0, 3)
    sheet, _ = apply_move(sheet, Move("roundabout", 1, 0))
    assert codes(sheet, Move("roundabout", 2, 5), table=on) == ["too-many-roundabouts"]
    assert codes(sheet_of(streets=streets((1,))), Move("roundabout", 0, 0), table=on) == ["house-taken"]


def test_tracks_are_finite():
    """Full tracks refuse one more box: estate values, temps, bis."""
    assert codes(sheet_of(estate_values={"1": 1}), Move("estate", size=1)) == ["beyond-track"]
    assert codes(sheet_of(estate_values={"1": 1}), Move("estate", size=2)) == []
    assert codes(sheet_of(estate_values={"1": 1}), Move("estate", size=7)) == ["unknown-estate-size"]
    assert codes(sheet_of(streets=[list(range(10)), list(range(11)), list(range(12))], temps=11),
                 Move("temp")) == ["beyond-track"]
    assert codes(sheet_of(), Move("jump")) == ["unknown-move"]
