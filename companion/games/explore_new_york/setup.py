"""Setup: the walk-through as data, the checks of a table's choices, and a digital draw for tables without cards.

The seed's four setup steps: each player takes a map tile; shuffle the 27
tourist cards into a deck and, with 2 or 4 players, put 3 random cards back in
the box; each player picks a marker (or everyone shares all markers); choose
the first player at random. The seed is written for 2 to 4 players and has no
solo game, so a table of one is refused (`solo-not-in-rules`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from ..core.problems import N_, Msg, Problem, error, warning
from ..core.schema import join_path, show
from .cards import REMOVED_FOR_EVEN, Card, deck_size, example_deck, rounds_for
from .tiles import shipped_tile_ids, shipped_tiles

MIN_PLAYERS, MAX_PLAYERS = 2, 4


@dataclass(frozen=True)
class SetupStep:
    """One step of the walk-through: a stable id, a catalogue template and its parameters."""

    id: str
    text: Msg
    params: dict


def setup_steps(players: int, share_markers: bool = False) -> list[SetupStep]:
    """The ordered setup steps for a table of `players` (2–4)."""
    deck = deck_size(players)
    removed = N_("With {players} players, take {removed} random cards from the deck and put them back in the box "
                 "unseen: {deck} cards stay in play.") if players in (2, 4) else \
        N_("With {players} players all {deck} cards stay in play.")
    markers = N_("Everyone shares all the markers: a route may change colour, only your own tile counts.") \
        if share_markers else N_("Each player picks a marker.")
    return [
        SetupStep("tiles", N_("Each player takes one map tile."), {}),
        SetupStep("deck", N_("Shuffle the 27 tourist cards into a face-down deck."), {}),
        SetupStep("remove", removed, {"players": players, "removed": REMOVED_FOR_EVEN, "deck": deck}),
        SetupStep("markers", markers, {}),
        SetupStep("first", N_("Choose the first active player at random; play goes clockwise."), {}),
        SetupStep("rounds", N_("The game lasts {rounds} rounds: it ends when the active player draws the last "
                               "three cards and that round is played."), {"rounds": rounds_for(players)}),
    ]


def check_setup(names: Sequence[str], tiles: Sequence[str] | None = None) -> list[Problem]:
    """Check a table's players (clockwise) and tiles: 2–4 players, distinct names, known tiles."""
    problems: list[Problem] = []
    if len(names) < MIN_PLAYERS:
        code = "solo-not-in-rules" if len(names) == 1 else "bad-player-count"
        problems.append(error(code, "players", N_(
            "The rules are written for {low} to {high} players and have no solo game; {found} cannot play."),
                              low=MIN_PLAYERS, high=MAX_PLAYERS, found=len(names)))
    elif len(names) > MAX_PLAYERS:
        problems.append(error("bad-player-count", "players", N_(
            "The box has {high} map tiles: {low} to {high} players, not {found}."),
                              low=MIN_PLAYERS, high=MAX_PLAYERS, found=len(names)))
    seen: dict[str, int] = {}
    for i, name in enumerate(names):
        key = name.strip().casefold()
        if not key:
            problems.append(error("bad-text", join_path("players", i), N_("Each player needs a name.")))
        elif key in seen:
            problems.append(error("player-twice", join_path("players", i), N_(
                "Two players are called {player}; give each a different name."), player=show(name)))
        else:
            seen[key] = i
    if tiles is not None:
        known = shipped_tiles()
        if len(tiles) != len(names):
            problems.append(error("tile-count", "tiles", N_(
                "Each of the {players} players takes one tile, not {found}."), players=len(names), found=len(tiles)))
        taken: dict[str, int] = {}
        for i, tile in enumerate(tiles):
            if tile not in known:
                problems.append(error("unknown-tile", join_path("tiles", i), N_(
                    "There is no tile {tile}; the shipped tiles are {known}."), tile=show(tile),
                                      known=", ".join(shipped_tile_ids())))
            elif tile in taken:
                problems.append(warning("tile-twice", join_path("tiles", i), N_(
                    "Tile {tile} is already taken by player {first}; the box has one of each (fine with printed "
                    "maps)."), tile=show(tile), first=taken[tile] + 1))
            else:
                taken[tile] = i
    return problems


@dataclass(frozen=True)
class SetupDraw:
    """A digital setup: each seat's tile, the deck in play (top first), the cards put back, the first player."""

    tiles: tuple[str, ...]
    deck: tuple[Card, ...]
    removed: tuple[Card, ...]
    first: int


def draw_setup(players: int, seed: int, tiles: Sequence[str] | None = None) -> SetupDraw:
    """Deal tiles (unless given), shuffle the example deck, put 3 back with 2 or 4 players, pick the first player.

    Deterministic for a seed, so a table's draw can be stored as its seed.
    """
    rnd = random.Random(seed)
    if tiles is None:
        ids = shipped_tile_ids()
        rnd.shuffle(ids)
        tiles = [ids[i % len(ids)] for i in range(players)]
    cards = list(example_deck())
    rnd.shuffle(cards)
    cut = len(cards) - deck_size(players)
    first = rnd.randrange(players)
    return SetupDraw(tuple(tiles), tuple(cards[cut:]), tuple(cards[:cut]), first)


__all__ = ["MAX_PLAYERS", "MIN_PLAYERS", "SetupDraw", "SetupStep", "check_setup", "draw_setup", "setup_steps"]
