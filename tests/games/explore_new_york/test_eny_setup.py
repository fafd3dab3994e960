"""The setup walk-through, the table checks and the digital draw."""

from __future__ import annotations

from collections import Counter

import pytest

from companion.games.explore_new_york.cards import deck_size, example_deck, rounds_for
from companion.games.explore_new_york.setup import check_setup, draw_setup, setup_steps


def test_deck_and_rounds_per_player_count():
    """27 cards; 3 go back to the box with 2 or 4 players; the deck running out ends the game (8/9/8 rounds)."""
    assert len(example_deck()) == 27
    assert [deck_size(n) for n in (2, 3, 4)] == [24, 27, 24]
    assert [rounds_for(n) for n in (2, 3, 4)] == [8, 9, 8]


def test_example_deck_is_balanced():
    """Each number four times, three `*`, each colour 13 times, six `+`."""
    deck = example_deck()
    assert Counter(c.value for c in deck) == {**{n: 4 for n in range(1, 7)}, None: 3}
    assert Counter(t for c in deck for t in c.tourists) == {"red": 13, "green": 13, "blue": 13}
    assert sum(c.plus for c in deck) == 6


@pytest.mark.parametrize("players,removed,rounds", [(2, True, 8), (3, False, 9), (4, True, 8)])
def test_steps(players, removed, rounds):
    """The walk-through names the removal only with 2 or 4 players and the number of rounds."""
    steps = setup_steps(players)
    assert [s.id for s in steps] == ["tiles", "deck", "remove", "markers", "first", "rounds"]
    remove = steps[2]
    assert ("put them back" in remove.text) is removed
    assert remove.params["deck"] == (24 if removed else 27)
    assert steps[-1].params == {"rounds": rounds}
    assert "shares" in setup_steps(players, share_markers=True)[3].text


def test_check_setup():
    """2–4 players (no solo in the seed), distinct names, known tiles (a repeated tile is only a warning)."""
    assert check_setup(["A", "B"]) == []
    assert [p.code for p in check_setup(["A"])] == ["solo-not-in-rules"]
    assert [p.code for p in check_setup(list("ABCDE"))] == ["bad-player-count"]
    found = check_setup(["Ann", " ann", ""], ["riverside", "nowhere", "riverside"])
    assert [(p.severity, p.code, p.path) for p in found] == [
        ("error", "player-twice", "players[1]"), ("error", "bad-text", "players[2]"),
        ("error", "unknown-tile", "tiles[1]"), ("warning", "tile-twice", "tiles[2]")]
    assert [p.code for p in check_setup(["A", "B"], ["riverside"])] == ["tile-count"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_draw(players):
    """A seeded draw: one tile each (all different), the deck in play, the cards put back, a first player."""
    draw = draw_setup(players, seed=7)
    assert draw == draw_setup(players, seed=7)
    assert len(set(draw.tiles)) == players
    assert len(draw.deck) == deck_size(players) and len(draw.removed) == 27 - deck_size(players)
    assert Counter(draw.deck + draw.removed) == Counter(example_deck())
    assert 0 <= draw.first < players
    assert {draw_setup(players, s).first for s in range(40)} == set(range(players))
