"""Setup (§2), solo (§7) and team (§8): deterministic draws, walk-through steps, results."""

from __future__ import annotations

import pytest
from referee_helpers import card

from companion.games.enroute.setup import (
    SetupOptions,
    SoloCell,
    SoloSequence,
    draw_setup,
    goal_catalogue,
    personal_goal_cards,
    seats,
    setup_steps,
    solo_challenges,
    solo_result,
    solo_score,
    team_ranking,
    team_totals,
)

NAMES = ["Aki", "Ben", "Cleo", "Dev"]


def _summary(draw):
    """The parts of a draw that must repeat for a seed."""
    return (draw.player_boards, [g.name for g in draw.goals], [[c.id for c in o] for o in draw.personal_offers],
            draw.first_player, [[c.id for c in h] for h in draw.table.hands], [c.id for c in draw.table.deck])


def test_draws_are_deterministic_per_seed(city):
    """Same seed, same draw; the seeds 0..19 do not all give the same draw."""
    assert _summary(draw_setup(city, NAMES, 3)) == _summary(draw_setup(city, NAMES, 3))
    assert len({repr(_summary(draw_setup(city, NAMES, s))) for s in range(20)}) > 1


@pytest.mark.parametrize("seed", range(10))
def test_full_setup_deals_everything_once(city, seed):
    """Boards 1..4 once each; one goal per deck; two different personal goals each, none dealt twice; 3 cards each."""
    draw = draw_setup(city, NAMES, seed)
    assert sorted(draw.player_boards) == [1, 2, 3, 4]
    assert [g.deck for g in draw.goals] == ["A", "B", "C"]
    dealt = [c.id for offer in draw.personal_offers for c in offer]
    assert len(dealt) == 8 and len(set(dealt)) == 8
    assert all(len(h) == 3 for h in draw.table.hands) and len(draw.table.deck) == 36 - 12
    assert 0 <= draw.first_player < 4


def test_levels_decide_goals_and_personal_goals(city):
    """Intermediate: no goal cards; simplified: no personal goals either."""
    inter = draw_setup(city, NAMES, 1, SetupOptions(4, "intermediate"))
    assert inter.goals == [] and all(len(o) == 2 for o in inter.personal_offers)
    simple = draw_setup(city, NAMES, 1, SetupOptions(4, "simplified"))
    assert simple.goals == [] and all(o == [] for o in simple.personal_offers)
    assert all(s.personal_goal is None for s in seats(simple))


def test_seats_keep_the_chosen_personal_goal(city):
    """kept[i] picks one of the two offered cards."""
    draw = draw_setup(city, NAMES[:2], 4, SetupOptions(2))
    chosen = seats(draw, kept=[1, 0], balance=[("section",), ()])
    assert chosen[0].personal_goal == draw.personal_offers[0][1].at
    assert chosen[1].personal_goal == draw.personal_offers[1][0].at
    assert chosen[0].balance == ("section",) and chosen[0].player_board == draw.player_boards[0]


@pytest.mark.parametrize("seed", range(8))
def test_team_partners_sit_opposite_with_boards_1_3_and_2_4(city, seed):
    """Seats 0&2 and 1&3 are partners; their boards are {1, 3} and {2, 4}."""
    boards = draw_setup(city, NAMES, seed, SetupOptions(4, mode="team")).player_boards
    assert {frozenset((boards[0], boards[2])), frozenset((boards[1], boards[3]))} == {frozenset((1, 3)),
                                                                                    frozenset((2, 4))}


def test_impossible_options_are_refused(city):
    """Team needs 4 players, solo 1, and there are only 4 boards."""
    with pytest.raises(ValueError, match="team"):
        draw_setup(city, NAMES[:3], 0, SetupOptions(3, mode="team"))
    with pytest.raises(ValueError, match="solo"):
        draw_setup(city, NAMES[:2], 0, SetupOptions(2, mode="solo"))
    with pytest.raises(ValueError, match="player boards"):
        draw_setup(city, [*NAMES, "Eve"], 0, SetupOptions(5))


def test_catalogue_and_personal_goal_data(city):
    """Three goal cards per deck on known metrics; eight personal goals of three road intersections."""
    decks = [card.deck for _, card in goal_catalogue()]
    assert decks.count("A") == decks.count("B") == decks.count("C") == 3
    cards = personal_goal_cards(city)
    assert len(cards) == 8
    assert all(len(set(c.at)) == 3 and all(city.neighbours(p) for p in c.at) for c in cards)


def test_solo_setup_and_sequence(city):
    """Solo: 10 cards in the sequence (3 face up), a hand of 2, and every card can be taken in 10 rounds."""
    draw = draw_setup(city, ["Aki"], 2, SetupOptions(1, mode="solo"))
    seq = draw.sequence
    assert seq.remaining() == 10 and len(draw.table.hands[0]) == 2
    assert seq.available() == [(3, 0), (3, 1), (3, 2)]
    taken = []
    while seq.remaining():
        slot = seq.available()[0]
        got, seq = seq.take(slot)
        taken.append(got.id)
    assert len(set(taken)) == 10


def test_solo_uncovering():
    """Taking a bottom card uncovers the card above it in its column; the top card waits for the middle column."""
    seq = SoloSequence.lay([card(i % 6 + 1, red=1) for i in range(10)])
    _, seq = seq.take((3, 1))
    assert seq.available() == [(2, 1), (3, 0), (3, 2)]
    _, seq = seq.take((2, 1))
    assert (1, 1) in seq.available() and (0, 0) not in seq.available()
    _, seq = seq.take((1, 1))
    assert (0, 0) in seq.available()
    with pytest.raises(ValueError):
        seq.take((1, 0))  # still covered


def test_solo_result_and_challenges():
    """Won only with the cell's PP and its number of goals."""
    cell = SoloCell(80, 2)
    assert solo_result(80, 2, cell) and not solo_result(79, 3, cell) and not solo_result(95, 1, cell)
    table = solo_challenges()
    assert table and all(isinstance(c, SoloCell) for row in table for c in row)


def test_team_scores_and_tie_rule():
    """Team score = partners' sum; a tie goes to the smaller gap between partners, else shared."""
    assert team_totals([50, 40, 30, 45]) == [80, 85]
    assert team_ranking([50, 40, 30, 45]) == [2, 1]
    assert team_ranking([60, 40, 30, 50]) == [2, 1]  # 90 v 90: gaps 30 and 10
    assert team_ranking([45, 40, 45, 50]) == [1, 2]  # 90 v 90: gaps 0 and 10
    assert team_ranking([50, 40, 40, 50]) == [1, 1]  # 90 v 90, both gaps 10: shared


def test_setup_steps_follow_the_options(city):
    """The walk-through lists what the options need and nothing else."""
    full = [s.key for s in setup_steps(SetupOptions(4, "full"), city)]
    assert "goals" in full and "personal-goals" in full and "challenge" not in full
    simple = [s.key for s in setup_steps(SetupOptions(2, "simplified"), city)]
    assert "goals" not in simple and "personal-goals" not in simple and "no-cafes" in simple
    solo = [s.key for s in setup_steps(SetupOptions(1, mode="solo"), city)]
    assert "challenge" in solo and "sequence" in solo and "first-player" not in solo
    advanced = setup_steps(SetupOptions(4, rating_mode="advanced"), city)
    assert "purple corner" in next(s.text for s in advanced if s.key == "round-board")
    assert "2 start rounds" in next(s.text for s in setup_steps(SetupOptions(4), city) if s.key == "first-player")


def test_solo_score_takes_goal_pp_off_and_counts_met_goals(city):
    """A simulated solo game scored by the engine: goal rows become met-goal marks, not PP."""
    from companion.games.enroute.referee import to_game_document
    from companion.games.enroute.scoring import score_game
    from companion.games.enroute.simulate import simulate_state

    doc = to_game_document(simulate_state(city, 1, 6, "full"))
    doc["players"][0]["final_route"] = doc["players"][0]["sections"][0]
    doc["goals"] = [dict(g, threshold=0 if g["sign"] == "+" else 99) for g in doc["goals"]]  # all three met
    scored = score_game(doc)["players"][0]
    pp, met = solo_score(scored)
    assert met == 3
    assert pp == scored["total"] - sum(g["winner_pp"] for g in doc["goals"])
    assert solo_score({"rows": {"red": 4, "goal_A": 0}, "total": 4}) == (4, 0)
