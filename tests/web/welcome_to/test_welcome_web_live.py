"""The live sheet's logic without the web: replaying a log, rounds, effects, first and later sides, end news."""

from __future__ import annotations

from dataclasses import replace

from fuzz_scale import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.games.core.problems import has_errors
from companion.games.welcome_to import score_document
from companion.games.welcome_to.moves import choices, fits
from companion.web.welcome_to.live import (
    MAX_LOG,
    Live,
    Settings,
    apply_entry,
    check_entry,
    clean_entry,
    earliest_claims,
    end_reasons,
    first_side,
    game_json,
    replay,
)

STANDARD = Settings("standard", False, (1, 7, 13))


def codes(live, entry, settings=STANDARD):
    """The codes of an entry's problems."""
    return [p.code for p in check_entry(live, entry, settings)]


def play(log, name="Aki", settings=STANDARD, base=None) -> Live:
    """Replay a log and insist nothing was set aside."""
    live = replay(name, base, log, settings)
    assert live.dropped == []
    return live


def test_a_round_writes_one_number_then_one_effect():
    """The round's card effect is chosen, the number written, the effect used once, then the next round."""
    live = play([{"kind": "effect", "effect": "pool"}, {"kind": "number", "street": 0, "house": 2, "number": 5}])
    assert live.turn.written == (0, 2) and live.round == 1
    assert codes(live, {"kind": "number", "street": 0, "house": 4, "number": 8}) == ["number-already-written"]
    assert codes(live, {"kind": "park", "street": 0}) == ["not-the-effect"]
    assert codes(live, {"kind": "pool", "street": 0, "house": 2}) == []
    apply_entry(live, {"kind": "pool", "street": 0, "house": 2}, STANDARD)
    assert codes(live, {"kind": "pool", "street": 0, "house": 2}) == ["effect-used", "pool-twice"]
    assert codes(live, {"kind": "effect", "effect": "bis"}) == ["effect-used"]
    apply_entry(live, {"kind": "next"}, STANDARD)
    assert live.round == 2 and live.turn.written is None and live.sheet.pools == ((0, 2),)


def test_next_round_needs_the_number_or_a_refusal():
    """A round ends only after its number (or a refused permit)."""
    live = play([])
    assert codes(live, {"kind": "next"}) == ["round-not-played"]
    apply_entry(live, {"kind": "refusal"}, STANDARD)
    assert codes(live, {"kind": "next"}) == [] and codes(live, {"kind": "effect", "effect": "bis"}) == [
        "effect-after-refusal"]


def test_refusal_with_the_card_number_is_checked_against_the_sheet():
    """A refusal naming the card's number is refused while that number still fits somewhere."""
    live = play([])
    assert codes(live, {"kind": "refusal", "number": 7}) == ["refusal-not-needed"]


def test_an_effect_used_without_choosing_the_card_chooses_it():
    """Using an effect with no card chosen takes that card (the engine then checks it as usual)."""
    live = play([{"kind": "number", "street": 1, "house": 0, "number": 3}, {"kind": "temp"}])
    assert live.sheet.temps == 1 and live.turn.effect == "temp" and live.turn.effect_used


def test_replay_sets_aside_what_the_rules_refuse_and_never_crashes():
    """A log edited by hand (or junk) is replayed as far as the rules allow."""
    log = [{"kind": "number", "street": 0, "house": 0, "number": 9}, {"kind": "next"},
           {"kind": "number", "street": 0, "house": 1, "number": 2}, "junk", {"kind": "nope"}, {"kind": "next"}]
    live = replay("Aki", None, log, STANDARD)
    assert [p.code for p in live.dropped] == ["not-increasing", "bad-entry", "bad-entry", "round-not-played"]
    assert live.round == 2 and live.sheet.house(0, 0).number == 9
    assert replay("Aki", None, {"not": "a list"}, STANDARD).log == []


def test_clean_entry_keeps_only_known_fields_of_the_right_type():
    """Extra keys go, wrong types make the entry unreadable."""
    assert clean_entry({"kind": "fence", "street": 1, "house": 2, "evil": "x"}) == {"kind": "fence", "street": 1,
                                                                                       "house": 2}
    assert clean_entry({"kind": "fence", "street": "1"}) is None
    assert clean_entry({"kind": "fence", "street": True}) is None
    assert clean_entry({"kind": "number", "number": 10 ** 9}) is None
    assert clean_entry(["kind"]) is None


def test_the_log_has_a_limit():
    """A sheet cannot grow without end."""
    live = play([])
    live.log = [{"kind": "next"}] * MAX_LOG
    assert codes(live, {"kind": "effect", "effect": "bis"}) == ["log-full"]


def test_first_side_is_decided_by_the_earliest_round_across_the_table():
    """Claims in the earliest round all score first; later rounds score the later side."""
    rounds = []
    for h in range(6):  # six 1-house estates, one per round; plan 1 is met in round 6
        rounds += [{"kind": "number", "street": 0, "house": h, "number": h}, {"kind": "fence", "street": 0, "house": h}]
        rounds += [{"kind": "next"}] if h < 5 else []
    aki = play([*rounds, {"kind": "plan", "plan": 1}])
    ben = play([*rounds, {"kind": "plan", "plan": 1}])
    cho = play([*rounds, {"kind": "next"}, {"kind": "refusal"}, {"kind": "plan", "plan": 1}])
    lives = [aki, ben, cho]
    earliest = earliest_claims(lives)
    assert earliest == {1: 6}
    assert [first_side(live.claims[0], live, earliest, STANDARD) for live in lives] == [True, True, False]
    doc = game_json(STANDARD, ["Aki", "Ben", "Cho"], lives)
    assert [p["plans"] for p in doc["players"]] == [[{"plan": 1, "first": True}]] * 2 + [[{"plan": 1, "first": False}]]
    scored = score_document(doc)
    assert [p["rows"]["plans"] for p in scored["players"]] == [8, 8, 4]


def test_solo_claims_are_first_until_the_solo_card():
    """In solo the solo card flips every plan: claims from its round on score the later side."""
    solo = Settings("solo", False, (1, 7, 13))
    live = play([], settings=solo)
    assert codes(live, {"kind": "solo-card"}, solo) == []
    assert codes(live, {"kind": "solo-card"}) == ["not-solo"]
    apply_entry(live, {"kind": "solo-card"}, solo)
    assert codes(live, {"kind": "solo-card"}, solo) == ["solo-card-twice"]
    assert live.solo_card == 1


def test_end_reasons():
    """A third refusal and a full sheet are announced."""
    live = play([])
    assert end_reasons(live, STANDARD) == []
    for _ in range(3):
        apply_entry(live, {"kind": "refusal"}, STANDARD)
        apply_entry(live, {"kind": "next"}, STANDARD)
    assert end_reasons(live, STANDARD) == ["refusals"]


def test_an_imported_sheet_keeps_its_claims_and_their_houses():
    """A finished sheet brought in keeps its sides, and fences may not split the estates its plans used."""
    base = {"player": "x", "streets": [[0, 1, 2, 3, 4, 5, None, None, None, None], [None] * 11, [None] * 12],
            "fences": [[0, 1, 2, 3, 4, 5], [], []], "plans": [{"plan": 1, "first": True}]}
    live = play([], base=base)
    assert live.sheet.player == "Aki" and live.claims[0].round is None
    assert first_side(live.claims[0], live, earliest_claims([live]), STANDARD)
    assert len(live.sheet.plan_estates) == 6


@settings(max_examples=examples(25), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.integers(0, 2), st.integers(0, 11), st.integers(0, 17),
                          st.sampled_from(["surveyor", "real-estate", "landscaper", "pool", "temp", "bis"]),
                          st.integers(0, 11)), min_size=1, max_size=30))
def test_random_play_replays_to_the_same_sheet_and_scores_without_errors(rounds):
    """Any play the checker accepts replays to the same sheet, and the engine scores it with no error."""
    settings_ = Settings("standard", True, (1, 19, 25))
    live = replay("Aki", None, [], settings_)
    for s, h, n, effect, other in rounds:
        for entry in ({"kind": "effect", "effect": effect},
                      {"kind": "number", "street": s, "house": h % len(live.sheet.streets[s]), "number": n},
                      {"kind": "refusal", "number": n},
                      {"kind": {"surveyor": "fence", "real-estate": "estate", "landscaper": "park", "pool": "pool",
                                "temp": "temp", "bis": "bis"}[effect], "street": s, "house": other,
                       "size": other % 6 + 1},
                      {"kind": "roundabout", "street": (s + 1) % 3, "house": other},
                      {"kind": "plan", "plan": 25}, {"kind": "next"}):
            if not check_entry(live, entry, settings_):
                apply_entry(live, entry, settings_)
    again = replay("Aki", None, live.log, settings_)
    assert again.dropped == [] and again.sheet == live.sheet and again.round == live.round
    result = score_document(game_json(settings_, ["Aki"], [live]))
    assert not has_errors(_problems(result))
    if live.turn.written is None and not live.turn.refused and live.sheet.refusals < live.sheet.rules.max_refusals:
        # A refusal is accepted exactly when no number the card allows fits anywhere.
        allowed = not check_entry(live, {"kind": "refusal", "number": 0}, settings_)
        fitting = any(fits(live.sheet, s, h, n) for n in choices(replace(live.turn, number=0))
                      for s, row in enumerate(live.sheet.streets) for h in range(len(row)))
        assert allowed == (not fitting)


def _problems(result):
    """Every problem of a score document, as engine-like objects for has_errors."""
    from companion.games.core.problems import Problem

    return [Problem(p["severity"], p["code"], p["path"], p["message"]) for pl in result["players"]
            for p in pl["problems"]]
