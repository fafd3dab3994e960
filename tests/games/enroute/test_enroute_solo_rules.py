"""Solo rules (issue 13, R1): the companion's route aims at the chosen challenge cell, goal cards give no PP."""

from __future__ import annotations

from enroute_helpers import game, sheet

from companion.games.enroute.evaluation import Context
from companion.games.enroute.game import read_game
from companion.games.enroute.search import best_route, solo_result_of, solo_route
from companion.games.enroute.setup import SetupOptions, setup_steps, solo_cells, solo_challenges

SHORT_GOAL = {"deck": "A", "name": "Short walk", "metric": "route_length", "sign": "-", "threshold": 1,
              "winner_pp": 12, "achiever_pp": 10}


def _setup():
    """A three-section line with tourists all along it and a "−" route-length card (≤ 1) worth 10 PP."""
    doc = game(sheet(sections=[[[0, 0], [1, 0]], [[1, 0], [2, 0]], [[2, 0], [3, 0]]], final_route=None,
                     tourists=[{"at": [1, 1], "green": 3}, {"at": [2, 1], "green": 3}, {"at": [3, 1], "green": 3}],
                     personal_goal=None),
               goals=[SHORT_GOAL])
    read = read_game(doc)
    assert not [p for p in read.problems if p.severity == "error"], read.problems
    return Context.of(read), read.players[0]


def test_normal_search_is_pulled_by_the_goal_pp():
    """The premise: counting goal PP, the companion takes a one-section route for the card."""
    ctx, player = _setup()
    walk = best_route(ctx, player).walk
    assert len(walk) == 2


def test_solo_without_goals_takes_the_most_pp():
    """A cell asking no goal: the route with the most PP, not the one the goal card's PP would favour."""
    ctx, player = _setup()
    short = solo_result_of(ctx, player, best_route(ctx, player).walk)
    choice = solo_route(ctx, player, pp=0, goals=0)
    pp, met = solo_result_of(ctx, player, choice.walk)
    assert len(choice.walk) == 4 and pp > short[0] and met == 0


def test_solo_meets_the_cells_goal_count_when_it_can_win():
    """A cell asking one goal at a PP the short route reaches: the short route, with its goal met."""
    ctx, player = _setup()
    short_pp, _ = solo_result_of(ctx, player, [(0, 0), (1, 0)])
    choice = solo_route(ctx, player, pp=short_pp, goals=1)
    assert solo_result_of(ctx, player, choice.walk) == (short_pp, 1)


def test_solo_takes_the_most_pp_when_the_cell_cannot_be_won():
    """A cell no route can win: the most PP."""
    ctx, player = _setup()
    best = solo_route(ctx, player, pp=0, goals=0)
    choice = solo_route(ctx, player, pp=999, goals=1)
    assert solo_result_of(ctx, player, choice.walk) == solo_result_of(ctx, player, best.walk)


def test_solo_offers_only_winnable_cells_below_the_full_level():
    """R2: without goal cards (simplified, intermediate) a solo game offers only the cells asking for none."""
    full = solo_cells("full")
    assert len(full) == sum(len(row) for row in solo_challenges()) and any(cell.goals for _r, _c, cell in full)
    for level in ("simplified", "intermediate"):
        offered = solo_cells(level)
        assert offered and all(cell.goals == 0 for _r, _c, cell in offered)
        assert len(offered) == sum(1 for row in solo_challenges() for cell in row if cell.goals == 0)
        steps = {s.key: s.text for s in setup_steps(SetupOptions(players=1, level=level, mode="solo"))}
        assert "goals" not in steps and "no goal card" in steps["challenge"]
