"""Setting a table up: seats and colours, modules, the board (if entered), the carriages' start cities, the stacks."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from ..core.problems import N_, Problem, error, has_errors, warning
from ..core.schema import Doc, Field, Int, NonEmptyStr, join_path, read
from .data import facts, fold
from .posts import new_posts
from .state import MODULES, Audience, Offices, Seat, Table, Turn
from .track import Track, check_two_player_starts, read_track, shipped_track, two_player_placements

Colour = Literal["blue", "green", "red", "yellow"]
Module = Literal["audience", "offices"]


class SeatIn(Doc):
    """One seat as a setup names it."""

    player: NonEmptyStr = Field(title=N_("A player's name"))
    colour: Colour = Field(title=N_("A player's colour"))


class SetupIn(Doc):
    """What a table chooses before the game."""

    seats: list[SeatIn] = Field(min_length=2, max_length=4, title=N_("The players"))
    modules: list[Module] = Field(default=list(MODULES), min_length=1, title=N_("The modules played"))
    track: dict[str, Any] | Literal["example"] | None = Field(default=None, title=N_("The Road-to-Rome board"))
    two_player_starts: dict[str, NonEmptyStr] | None = Field(default=None, title=N_("The 2-player placement"))
    tile_values: dict[str, Int] = Field(default_factory=dict, title=N_("A clergy tile's points"))
    rank_names: dict[str, NonEmptyStr] = Field(default_factory=dict, title=N_("A clergy tile's printed name"))
    posts: bool = Field(default=False, title=N_("Track post offices, bonus tiles and the end"))


def check_rank_keys(values: Mapping[str, Any], path: str) -> list[Problem]:
    """Check that a map's keys are clergy ranks."""
    ranks = facts().rank_ids
    return [error("unknown-rank", join_path(path, key), N_("{key} is not a clergy rank; the ranks are {ranks}."),
                  key=key, ranks=", ".join(ranks)) for key in values if key not in ranks]


def check_tile_values(values: Mapping[str, int], path: str) -> list[Problem]:
    """Check entered clergy points: known ranks, whole numbers not below 0."""
    problems = check_rank_keys(values, path)
    for rank, points in values.items():
        if points < 0:
            problems.append(error("bad-tile-value", join_path(path, rank),
                                  N_("A clergy tile is worth 0 points or more, not {points}."), points=points))
    return problems


def seat_problems(seats: list[SeatIn]) -> list[Problem]:
    """Each colour and each name once."""
    problems: list[Problem] = []
    for i, seat in enumerate(seats):
        if any(s.colour == seat.colour for s in seats[:i]):
            problems.append(error("colour-twice", join_path(join_path("seats", i), "colour"),
                                  N_("Two players cannot both play {colour}."), colour=seat.colour))
        if any(s.player.strip() == seat.player.strip() for s in seats[:i]):
            problems.append(error("player-twice", join_path(join_path("seats", i), "player"),
                                  N_("Two players are called {player}; give each a different name."),
                                  player=seat.player))
    return problems


def _seed_spelling(city: str) -> str:
    """Spell a 2-player city as the rules do (como: Como)."""
    return next((c for c in facts().two_player_cities if fold(c) == fold(city)), city)


def _two_player_starts(setup: SetupIn, track: Track | None) -> tuple[dict[str, str] | None, list[Problem]]:
    """Find where the carriages start with 2 players: as given, as the board says, or the one placement it allows."""
    given = setup.two_player_starts or (dict(track.two_player_starts) if track and track.two_player_starts else None)
    if given is not None:
        problems = check_two_player_starts(track, given, "two_player_starts")
        spelled = {k: (track.city(v) or v) if track else _seed_spelling(v) for k, v in given.items()}
        return (None if has_errors(problems) else spelled), problems
    options = two_player_placements(track) if track is not None else []
    if len(options) == 1:
        return options[0], []
    cities = ", ".join(facts().two_player_cities)
    if track is None:
        return None, [error("two-player-placement-needed", "two_player_starts",
                            N_("With 2 players the carriages start in {cities}; say which carriage stands where "
                               "(the rules do not)."), cities=cities)]
    return None, [error("two-player-placement-needed", "two_player_starts",
                        N_("With 2 players the carriages start in {cities}; the board allows {count} ways, so say "
                           "which carriage stands where."), cities=cities, count=len(options))]


def _audience(setup: SetupIn, problems: list[Problem]) -> Audience | None:
    """Build the Audience: the board if given, the carriages on their start cities, no clergy placed yet."""
    f = facts()
    track = None
    if setup.track == "example":  # the companion's own example board (track.py)
        track = shipped_track()
    elif setup.track is not None:
        track, found = read_track(setup.track, "track")
        problems.extend(found)
        if track is None:
            return None
    if len(setup.seats) == 2:
        carriages, found = _two_player_starts(setup, track)
        problems.extend(found)
        if carriages is None:
            return None
    else:
        if setup.two_player_starts is not None:
            problems.append(warning("two-player-starts-unused", "two_player_starts",
                                    N_("The 2-player placement is only used with 2 players; the carriages start "
                                       "in their countries.")))
        carriages = {c.id: (track.start_of(c.id) if track else c.start) for c in f.carriages}
    return Audience(track, carriages, [None] * len(setup.seats))


def new_table(setup: Any) -> tuple[Table | None, list[Problem]]:
    """Set a table up from a setup object; the table is None when the setup has errors."""
    doc, problems = read(SetupIn, setup)
    if doc is None:
        return None, problems
    f = facts()
    problems = seat_problems(doc.seats)
    if len(set(doc.modules)) != len(doc.modules):
        problems.append(error("module-twice", "modules", N_("Name each module once.")))
    problems += check_tile_values(doc.tile_values, "tile_values") + check_rank_keys(doc.rank_names, "rank_names")
    n = len(doc.seats)
    audience = _audience(doc, problems) if "audience" in doc.modules else None
    offices = None
    if "offices" in doc.modules:
        offices = Offices(f.office_tiles(n), [dict.fromkeys(f.office_ids, 0) for _ in range(n)], [0] * n,
                          f.vp_coins)
    if has_errors(problems):
        return None, problems
    modules = tuple(m for m in MODULES if m in doc.modules)
    table = Table([Seat(s.player.strip(), s.colour) for s in doc.seats], modules, Turn(), False,
                  dict(doc.tile_values), dict(doc.rank_names), audience, offices)
    if doc.posts:
        table.posts = new_posts(n)
    table.log.append({"n": 1, "event": "table-set-up", "seats": n, "modules": list(modules)})
    return table, problems
