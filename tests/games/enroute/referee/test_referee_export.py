"""End of game: the referee's state becomes enroute-sheet/1 sheets and an enroute-game/1 document that scores."""

from __future__ import annotations

import pytest
from referee_helpers import card, closed, game, opened

from companion.games.core.problems import has_errors
from companion.games.enroute.game import read_game
from companion.games.enroute.referee import BonusSection, Turn, play_turn, to_game_document, to_sheet
from companion.games.enroute.scoring import score_game
from companion.games.enroute.sheet import parse_sheet
from companion.games.enroute.simulate import simulate_state


def test_sheet_round_trips_through_the_sheet_reader(city):
    """What the referee recorded is what `parse_sheet` reads back."""
    state = opened(game(city), card(4, red=1), card(1, blue=2))
    turn = Turn((4, 1), (((3, 0), (4, 0)), ((4, 0), (5, 0))), bonus_sections=())
    state, _ = play_turn(state, 0, turn)
    state = opened(closed(state), card(1, green=1), card(1, green=1))
    state, _ = play_turn(state, 0, Turn((1, 1), (((0, 0), (0, 1)), ((0, 1), (0, 2))),
                                        bonus_sections=(BonusSection(((5, 6), (6, 6)), (4, 0)),)))
    sheet, problems = parse_sheet(to_sheet(state, 0), city, "full")
    assert not has_errors(problems)
    me = state.players[0]
    assert set(sheet.sections) == set(me.sections) and len(sheet.sections) == 5
    assert sheet.tourists == {(4, 1): {"red": 1, "blue": 2}, (1, 1): {"red": 2, "green": 2}}
    assert sheet.cafes == {(4, 0): "used", (0, 2): "used"}


@pytest.mark.parametrize("players, seed, level", [(1, 3, "full"), (2, 8, "intermediate"), (3, 1, "full"),
                                                  (4, 5, "simplified")])
def test_end_state_scores_without_errors(city, players, seed, level):
    """The final document scores; the unused-cafe row is 2 PP per circled, unstruck cup of the state."""
    state = simulate_state(city, players, seed, level)
    doc = to_game_document(state)
    for sheet in doc["players"]:  # give each a one-section route so scoring needs no search
        sheet["final_route"] = sheet["sections"][0]
    assert not has_errors(read_game(doc).problems)
    result = score_game(doc)
    for i, scored in enumerate(result["players"]):
        assert not [p for p in scored["problems"] if p["severity"] == "error"]
        unused = sum(1 for st in state.players[i].cafes.values() if st == "unused")
        assert scored["rows"]["cafes"] == (2 * unused if level != "simplified" else 0)
        assert isinstance(scored["total"], int) and scored["route_chosen_by"] == "player"


def test_game_document_carries_ratings_and_goals(city):
    """Ratings are the marked boxes; goal cards only at the full level."""
    state = simulate_state(city, 2, 4, "full")
    doc = to_game_document(state)
    assert doc["board"] == "training-city" and doc["ratings"] == dict(sorted(state.ratings.items()))
    assert [g["deck"] for g in doc["goals"]] == ["A", "B", "C"]
    assert to_game_document(simulate_state(city, 2, 4, "intermediate"))["goals"] == []
