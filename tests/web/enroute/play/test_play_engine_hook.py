"""The referee's one addition for tracker-only tables: a round can close without turns."""

from __future__ import annotations

from companion.games.enroute.cards import RoundCard
from companion.games.enroute.referee import Seat, begin_round, close_round, new_game
from companion.games.enroute.registry import find_board


def test_close_round_without_turns_only_when_asked():
    board = find_board("training-city")
    state = new_game(board, [Seat("A", 1), Seat("B", 2)], "full")
    state, problems = begin_round(state, (RoundCard("a", 2, (("red", 1),)), RoundCard("b", 5, (("blue", 2),))))
    assert problems == []
    same, problems = close_round(state)
    assert same is state and [p.code for p in problems] == ["turns-missing"]
    after, problems = close_round(state, turns_required=False)
    assert problems == [] and after.phase == "selection" and after.round == 1
    assert all(not p.played for p in after.players)
