"""The Road-to-Rome board as data (`thurn-und-taxis-rome-track/1`): the companion's example board or a table's own.

The seed names the five start cities, Rome, the 2-player cities and one branch (Andechs to Ettal or
Trient) but not the printed board. The companion ships an **example board of its own drawing**
(`data/road-to-rome.json`, drawn by `data/road-to-rome-drawing.json`) built only from the places the
seed names: Lorrach, Tuttlingen, Freising, Hallstadt, St. Gallen, Andechs, Ettal, Trient, Mailand,
Como, Udine and Rom. It is not the printed board; a table that plays on the printed board enters its
roads once (each road from a city to a city further south), and every board is checked against what
the seed does say.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Literal

from ..core.problems import N_, Problem, error, warning
from ..core.schema import Doc, Field, NonEmptyStr, join_path, read
from .data import DATA, facts, fold

TRACK_FORMAT = "thurn-und-taxis-rome-track/1"


class TrackDoc(Doc):
    """The track document's shape."""

    format: Literal["thurn-und-taxis-rome-track/1"] = Field(title=N_("The track's format"))
    name: NonEmptyStr | None = Field(default=None, title=N_("The track's name"))
    roads: list[tuple[NonEmptyStr, NonEmptyStr]] = Field(min_length=1, title=N_("A road toward Rome"))
    two_player_starts: dict[str, NonEmptyStr] | None = Field(default=None, title=N_("The 2-player placement"))


@dataclass(frozen=True)
class Track:
    """A checked Road-to-Rome board: roads run from a city to a city one step further south."""

    name: str | None
    roads: tuple[tuple[str, str], ...]
    south: Mapping[str, tuple[str, ...]]
    two_player_starts: Mapping[str, str] | None = None

    def city(self, name: str) -> str | None:
        """Return the track's spelling of a city given in any accent or case, or None."""
        wanted = fold(name)
        return next((c for c in self.south if fold(c) == wanted), None)

    def south_of(self, city: str) -> tuple[str, ...]:
        """Return the cities one step south of a city."""
        return self.south.get(city, ())

    def reachable(self, start: str, goal: str) -> bool:
        """Tell whether a carriage at `start` can ever reach `goal`."""
        seen, todo = set(), [start]
        while todo:
            here = todo.pop()
            if here == goal:
                return True
            if here not in seen:
                seen.add(here)
                todo.extend(self.south_of(here))
        return False

    def start_of(self, carriage_id: str) -> str:
        """Return the track's spelling of a carriage's start city."""
        start = facts().carriage(carriage_id).start
        return self.city(start) or start

    def __deepcopy__(self, memo: dict) -> Track:
        """A checked track never changes, so copies of a table share it."""
        return self

    def to_json(self) -> dict:
        """Return the `thurn-und-taxis-rome-track/1` document."""
        doc: dict[str, Any] = {"format": TRACK_FORMAT}
        if self.name is not None:
            doc["name"] = self.name
        doc["roads"] = [list(r) for r in self.roads]
        if self.two_player_starts is not None:
            doc["two_player_starts"] = dict(self.two_player_starts)
        return doc


def _graph(roads: list[tuple[str, str]], problems: list[Problem]) -> dict[str, list[str]]:
    """Build the south-going graph, spelling each city as first entered; report odd roads."""
    spelled: dict[str, str] = {}
    south: dict[str, list[str]] = {}
    rome = fold(facts().rome)
    for i, (a_raw, b_raw) in enumerate(roads):
        a, b = (spelled.setdefault(fold(x), x.strip()) for x in (a_raw, b_raw))
        path = join_path("roads", i)
        south.setdefault(a, [])
        south.setdefault(b, [])
        if a == b:
            problems.append(error("road-to-itself", path, N_("A road cannot lead from {city} to itself."), city=a))
        elif fold(a) == rome:
            problems.append(error("road-from-rome", path, N_("No road leaves {rome}: the carriages end there."),
                                  rome=facts().rome))
        elif b in south[a]:
            problems.append(warning("road-twice", path, N_("The road from {a} to {b} is listed twice."), a=a, b=b))
        else:
            south[a].append(b)
    return south


def _cycle_city(south: Mapping[str, list[str]]) -> str | None:
    """Return a city on a loop of roads, or None when every road leads further south."""
    state: dict[str, int] = {}  # 1: on the current walk, 2: done

    for root in south:
        stack = [(root, iter(south[root]))]
        if state.get(root):
            continue
        state[root] = 1
        while stack:
            city, nexts = stack[-1]
            step = next(nexts, None)
            if step is None:
                state[city] = 2
                stack.pop()
            elif state.get(step) == 1:
                return step
            elif not state.get(step):
                state[step] = 1
                stack.append((step, iter(south[step])))
    return None


def _check_board(track: Track, problems: list[Problem]) -> None:
    """Check the board against Rome, the dead ends and the seed's cities and roads."""
    f = facts()
    if track.city(f.rome) is None:
        problems.append(error("no-rome", "roads", N_("No road leads to {rome}; the carriages travel there."),
                              rome=f.rome))
        return
    cycle = _cycle_city(track.south)
    if cycle is not None:
        problems.append(error("track-not-southward", "roads",
                              N_("The roads through {city} go round in a loop; every road must lead further "
                                 "south, toward {rome}."), city=cycle, rome=f.rome))
        return
    for city, nexts in track.south.items():
        if not nexts and city != track.city(f.rome):
            problems.append(error("dead-end", "roads", N_("No road leads south from {city}; every city except "
                                                          "{rome} has at least one."), city=city, rome=f.rome))
    for carriage in f.carriages:
        if track.city(carriage.start) is None:
            problems.append(error("start-missing", "roads", N_("The {carriage} carriage starts in {city}, but no "
                                                              "road touches {city}."),
                                  carriage=carriage.name, city=carriage.start))
    for a, b in f.seed_roads:
        a_on, b_on = track.city(a), track.city(b)
        if a_on is None or b_on is None or b_on not in track.south_of(a_on):
            problems.append(error("seed-road-missing", "roads", N_("The rules move a carriage from {a} on to {b}; "
                                                                  "the roads need that step."), a=a, b=b))
    for city in sorted(set(f.two_player_cities)):
        if track.city(city) is None:
            problems.append(error("two-player-city-missing", "roads",
                                  N_("With 2 players a carriage starts in {city}, but no road touches it."),
                                  city=city))
    starts = [track.city(c) for c in {*(x.start for x in f.carriages), *f.two_player_cities}]
    for city in track.south:
        if not any(s is not None and track.reachable(s, city) for s in starts):
            problems.append(warning("unreachable-city", "roads", N_("No carriage can ever reach {city}."), city=city))


def check_two_player_starts(track: Track | None, placement: Mapping[str, str], path: str) -> list[Problem]:
    """Check a 2-player placement: every carriage, the seed's cities, and (with a board) reachable from its start."""
    f = facts()
    problems: list[Problem] = []
    for key in placement:
        if f.carriage(key) is None:
            problems.append(error("unknown-carriage", join_path(path, key),
                                  N_("{key} is not a carriage; the carriages are {known}."),
                                  key=key, known=", ".join(f.carriage_ids)))
    for carriage in f.carriages:
        if carriage.id not in placement:
            problems.append(error("missing-carriage", path, N_("The 2-player placement needs the {carriage} "
                                                               "carriage's city."), carriage=carriage.name))
    if problems:
        return problems
    given = sorted(fold(placement[c]) for c in f.carriage_ids)
    if given != sorted(fold(c) for c in f.two_player_cities):
        return [error("two-player-placement", path, N_("With 2 players the carriages start in {cities} (one "
                                                       "carriage each, two in Como), not {given}."),
                      cities=", ".join(f.two_player_cities), given=", ".join(placement[c] for c in f.carriage_ids))]
    if track is not None:
        for carriage in f.carriages:
            city = track.city(placement[carriage.id])
            if city is None or not track.reachable(track.start_of(carriage.id), city):
                problems.append(error("two-player-unreachable", join_path(path, carriage.id),
                                      N_("The {carriage} carriage cannot reach {city} from its start city {start}."),
                                      carriage=carriage.name, city=placement[carriage.id], start=carriage.start))
    return problems


def two_player_placements(track: Track) -> list[dict[str, str]]:
    """Return every 2-player placement the board allows (each carriage on a city it can reach)."""
    f = facts()
    found: list[dict[str, str]] = []
    for order in sorted(set(itertools.permutations(f.two_player_cities))):
        placement = dict(zip(f.carriage_ids, order))
        if not check_two_player_starts(track, placement, ""):
            found.append({k: track.city(v) or v for k, v in placement.items()})
    return found


def read_track(value: Any, path: str = "") -> tuple[Track | None, list[Problem]]:
    """Read and check a track document; the track is None when it has errors."""
    doc, problems = read(TrackDoc, value, path)
    if doc is None:
        return None, problems
    found: list[Problem] = []
    south = _graph(list(doc.roads), found)
    track = Track(doc.name, tuple((a, b) for a, b in doc.roads),
                  MappingProxyType({k: tuple(v) for k, v in south.items()}))
    _check_board(track, found)
    if doc.two_player_starts is not None and not any(p.severity == "error" for p in found):
        found.extend(check_two_player_starts(track, doc.two_player_starts, "two_player_starts"))
        placement = {k: track.city(v) or v for k, v in doc.two_player_starts.items()}
        track = Track(doc.name, track.roads, track.south, MappingProxyType(placement))
    found = [p.within(path) for p in found]
    return (None if any(p.severity == "error" for p in found) else track), found


SHIPPED_TRACK_FILE = DATA / "road-to-rome.json"
SHIPPED_DRAWING_FILE = DATA / "road-to-rome-drawing.json"


def shipped_track_doc() -> dict:
    """Return the companion's example board as a `thurn-und-taxis-rome-track/1` document (a fresh copy)."""
    return json.loads(SHIPPED_TRACK_FILE.read_text(encoding="utf-8"))


def shipped_track() -> Track:
    """Return the companion's example board, checked like any entered board (a broken file fails loudly)."""
    track, problems = read_track(shipped_track_doc())
    if track is None or problems:
        raise ValueError(f"the shipped board is broken: {[p.to_json() for p in problems]}")
    return track


def shipped_drawing() -> dict:
    """Return where the example board's cities are drawn: {"width", "height", "cities": {city: [x, y]}}."""
    doc = json.loads(SHIPPED_DRAWING_FILE.read_text(encoding="utf-8"))
    return {"width": doc["width"], "height": doc["height"], "cities": doc["cities"]}


def is_shipped(track: Track | None) -> bool:
    """Tell whether a table's board is the companion's example board."""
    return track is not None and track.roads == shipped_track().roads
