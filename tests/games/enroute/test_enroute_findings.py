"""Known answers for two rule findings of an audit against the seed (issue 33).

* London's starting section (seed l.876-884: one section drawn from a subway station at setup, "no different
  from the others") counts in the section limit: 10 rounds × 2 + 1 = 21 sections is legal, 22 is one too many.
* Paris diversity of a closed loop (seed l.1194: the colour order and the segment's shape do not matter) is
  counted from the loop's best start: the same loop with the same colours scores the same written from any point.
"""

from __future__ import annotations

import copy

import pytest
from enroute_helpers import GAMES, load

from companion.games.enroute import find_board
from companion.games.enroute.cities.paris.diversity import runs
from companion.games.enroute.geometry import section
from companion.games.enroute.scoring import score_game
from companion.games.enroute.sheet import parse_sheet

# ---- London: the starting section --------------------------------------------------------------------------

# 21 sections in one walk on the London example: the first, (0,1)-(1,1), is the starting section drawn from the
# North Cross station (1,1); the other 20 are the 10 rounds' sections. No cafe is reached (no bonus section).
LONDON_WALK = [(0, 1), (1, 1), (2, 1), (3, 1), (4, 1), (5, 1), (5, 2), (4, 2), (3, 2), (2, 2), (1, 2), (0, 2), (0, 3),
               (1, 3), (2, 3), (3, 3), (4, 3), (5, 3), (5, 4), (6, 4), (6, 5), (5, 5)]
ONE_MORE = (5, 5), (4, 5)


def _london_sheet(walk: list, extra: tuple = ()) -> dict:
    """A London sheet whose sections are the walk's steps (plus `extra`), the walk its final route."""
    sections = [[list(a), list(b)] for a, b in zip(walk, walk[1:], strict=False)]
    if extra:
        sections.append([list(p) for p in extra])
    return {"format": "enroute-sheet/1", "player": "Start", "player_board": 1, "sections": sections,
            "final_route": [list(p) for p in walk], "tourists": [], "cafes": [], "personal_goal": None}


def _too_many(problems: list) -> list:
    """The too-many-sections findings."""
    return [p for p in problems if p.code == "too-many-sections"]


def test_london_walk_is_21_sections_from_a_station():
    """The known answer's premise: 21 drawn roads, the first one ending at a starting-card station."""
    board = find_board("london-example")
    assert len(LONDON_WALK) - 1 == 21
    assert all(board.is_road(section(a, b)) for a, b in zip(LONDON_WALK, LONDON_WALK[1:], strict=False))
    stations = {f.points[0] for f in board.features_of("station")}
    assert (1, 1) in stations and board.start_cards


@pytest.mark.parametrize("balance", [None, 0])
def test_london_21_sections_are_legal(balance):
    """10 rounds × 2 + the starting section = 21: no too-many-sections, with or without balance cards recorded."""
    _sheet, problems = parse_sheet(_london_sheet(LONDON_WALK), find_board("london-example"),
                                   balance_sections=balance)
    assert _too_many(problems) == []


def test_london_22_sections_name_the_starting_section():
    """One more section is one too many; the message counts the starting section in the 21."""
    _sheet, problems = parse_sheet(_london_sheet(LONDON_WALK, ONE_MORE), find_board("london-example"),
                                   balance_sections=0)
    [found] = _too_many(problems)
    assert "at most 21" in found.message and "starting section" in found.message
    _sheet, problems = parse_sheet(_london_sheet(LONDON_WALK, ONE_MORE), find_board("london-example"))
    [found] = _too_many(problems)
    assert ": 21. The other 1 need" in found.message and "1 starting section" in found.message


def test_a_board_without_starting_cards_still_allows_20():
    """The training city has no starting cards: 21 sections there are still one too many without balance cards."""
    board = find_board("training-city")
    walk = [(x, 0) for x in range(7)] + [(x, 1) for x in range(6, -1, -1)] + [(x, 2) for x in range(7)] + [(6, 3)]
    assert len(walk) - 1 == 21
    assert all(board.is_road(section(a, b)) for a, b in zip(walk, walk[1:], strict=False))
    doc = _london_sheet(walk) | {"cafes": [{"at": list(c.at), "state": "unused"} for c in board.cafes
                                           if any(c.at == p for p in walk)]}
    _sheet, problems = parse_sheet(doc, board, balance_sections=0)
    [found] = _too_many(problems)
    assert "at most 20" in found.message


# ---- Paris: diversity of a closed loop ---------------------------------------------------------------------

# A 6-section loop on the Paris example with colours red, red, green, blue, green, blue along it from (1,1).
# Read from (1,1): R R G B G B holds one run of three colours (R G B) → 3 PP; read from (2,1): R G B | G B R holds
# two → 7 PP (the board's table: 0, 3, 7, ...). Counted at the best start, every start gives 2 runs, 7 PP.
LOOP = [(1, 1), (2, 1), (3, 1), (3, 2), (2, 2), (1, 2), (1, 1)]
LOOP_COLOURS = ["red", "red", "green", "blue", "green", "blue"]


def _loop_game(start: int, reverse: bool = False) -> dict:
    """The Paris known-answer game with one player who drew only the loop, walked from LOOP[start]."""
    doc = load(GAMES / "paris-colours-tours.json")
    walk = LOOP[start:] + LOOP[1:start + 1]
    if reverse:
        walk = walk[::-1]
    player = copy.deepcopy(doc["players"][0]) | {
        "player": "Loop", "sections": [[list(a), list(b)] for a, b in zip(LOOP, LOOP[1:], strict=False)],
        "colours": LOOP_COLOURS, "final_route": [list(p) for p in walk], "tourists": [], "cafes": []}
    doc["players"] = [player]
    return doc


def test_paris_loop_runs_are_the_best_start():
    """The loop's runs: 2 from every start and in both directions; an open walk is still read as written."""
    board = find_board("paris-example")
    colours = {section(a, b): c for (a, b), c in zip(zip(LOOP, LOOP[1:], strict=False), LOOP_COLOURS, strict=True)}
    for k in range(6):
        walk = LOOP[k:] + LOOP[1:k + 1]
        assert runs(board, colours, walk) == 2
        assert runs(board, colours, walk[::-1]) == 2
    assert runs(board, colours, LOOP[:-1]) == 1  # open: R R G B G — one run
    assert runs(board, colours, LOOP[1:]) == 1  # open: R G B G B — one run and two sections left over


@pytest.mark.parametrize("start", range(6))
def test_paris_loop_scores_7_from_every_start(start):
    """The diversity row of the same loop is 7 PP whichever point the player writes it from."""
    for reverse in (False, True):
        player = score_game(_loop_game(start, reverse))["players"][0]
        assert player["route_chosen_by"] == "player"
        assert player["rows"]["diversity"] == 7
