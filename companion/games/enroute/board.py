"""The city board: layout, landmarks, cafes, festival points, roads, player boards.

Boards are data (`enroute-board/1` JSON). `parse_board` checks a document and
collects every problem; `board_to_json` writes the same format back, so
export → import → export is the identity.

Why roads carry their bordering locations: on the plain grid they follow from
the geometry, but the world cities add diagonals, rounded corners, river banks
and harbour crossings whose neighbours are data, not geometry. Scoring only
ever asks a road which locations it borders, so those cities fit as data.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..core.problems import N_, DocumentError, Problem, error, has_errors
from ..core.schema import join_path, show
from . import geometry as geo
from .board_parts import CoordinateTrack, RowSpec
from .features import Feature
from .formats import BOARD_FORMAT, CAFE_BONUSES, COLOURS, KINDS, ROAD_TAGS, SPECIALISED, BoardV1
from .formats_v2 import BOARD_FORMAT_V2, BoardV2
from .geometry import Location, Point, Section
from .shape import Shape, read_shape

__all__ = ["BOARD_FORMAT", "CAFE_BONUSES", "COLOURS", "KINDS", "ROAD_TAGS", "SPECIALISED", "Board", "Cafe",
           "Landmark", "PlayerBoard", "Road", "VisitThemAll", "board_to_json", "is_printed_order", "load_board",
           "MapChecks", "off_map", "parse_board"]
# Stand-ins for a missing or broken id, name or format, so the rest of the board is still checked.
_PLACEHOLDERS = {"format": BOARD_FORMAT, "id": "board", "name": "?"}
_LATER = {"rivers", "bridges", "stations", "remote_landmarks", "meeting_points", "vehicles",
          "hotspots", "tram", "carnival"}


@dataclass(frozen=True)
class Landmark:
    """A coloured landmark covering one or more locations."""

    id: str
    name: str
    kind: str
    locations: tuple[Location, ...]
    pp: int | None = None
    rating: str | None = None  # version 2: the rating track (a group's, or its own); grey ones default to their id
    meeting: Point | None = None  # version 2: a remote landmark is on the route with this meeting point
    sides: tuple[Section, ...] = ()  # version 2: on the route only along one of these roads (a triangle)
    points: tuple[Point, ...] = ()  # version 2: on the route with one of these intersections (Times Square)
    ticket: bool = False  # version 2: a point counts only with the player's ticket for it (a dock)

    def on_route(self, sections: frozenset, locations: frozenset, points: frozenset,
                 tickets: frozenset = frozenset()) -> bool:
        """Tell whether the landmark is on a route with these sections, bordered locations and intersections.

        A landmark with `sides` is on the route only along one of them (Central Park's triangles); one with
        `points` when one is on the route, and with `ticket` only the points the player holds a ticket for.
        """
        if self.meeting is not None and self.meeting in points:
            return True
        if self.points and any(p in points and (not self.ticket or p in tickets) for p in self.points):
            return True
        if self.sides:
            return any(s in sections for s in self.sides)
        return any(loc in locations for loc in self.locations)

    @property
    def track(self) -> str | None:
        """The id of the rating track this landmark scores by (None: not iconic)."""
        return self.rating if self.rating is not None else (self.id if self.kind == "grey" else None)


@dataclass(frozen=True)
class Cafe:
    """A cafe cup on an intersection and the bonus it gives once."""

    at: Point
    bonus: str
    tourists: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True)
class VisitThemAll:
    """Visit-Them-All points (the first city's Handcraft Festival) and their PP table."""

    name: str
    at: tuple[Point, ...]
    pp: tuple[int, ...]

    def score(self, count: int) -> int:
        """Return the PP for `count` points on the route."""
        return self.pp[min(count, len(self.pp) - 1)]


@dataclass(frozen=True)
class PlayerBoard:
    """One of a city's player boards: its own printed coordinate order."""

    number: int
    columns: tuple[int, ...]
    rows: tuple[int, ...]

    def printed(self, location: Location) -> tuple[int, int]:
        """Return the printed (column, row) coordinates of a layout location."""
        c, r = location
        return (self.columns[c - 1], self.rows[r - 1])

    def locations_for(self, a: int, b: int) -> list[Location]:
        """Return the layout locations whose printed coordinates are (a, b) or (b, a)."""
        found = []
        for ci, col in enumerate(self.columns, start=1):
            for ri, row in enumerate(self.rows, start=1):
                if (col, row) in ((a, b), (b, a)):
                    found.append((ci, ri))
        return sorted(found)


@dataclass(frozen=True)
class Road:
    """A road between two adjacent intersections and the locations it borders."""

    section: Section
    borders: tuple[Location, ...]
    tags: tuple[str, ...] = ()


@dataclass(frozen=True)
class Board:
    """A whole city board, immutable; derived lookups are built once."""

    id: str
    name: str
    cols: int
    rows: int
    player_boards: tuple[PlayerBoard, ...]
    landmarks: tuple[Landmark, ...]
    ratings: tuple[tuple[str, tuple[int, ...]], ...]
    cafes: tuple[Cafe, ...]
    visit_them_all: VisitThemAll | None
    removed: tuple[Section, ...] = ()
    added: tuple[Road, ...] = ()
    version: int = 1
    features: tuple[Feature, ...] = ()
    coordinate_tracks: tuple[tuple[str, CoordinateTrack], ...] = ()
    scoring: tuple[RowSpec, ...] | None = None
    city: str | None = None
    rating_modes: tuple[str, ...] = ("standard", "advanced")
    start_cards: tuple[tuple[str, str], ...] = ()  # London: the starting subway cards, two station ids each
    _roads: dict = field(default=None, init=False, repr=False, compare=False, hash=False)
    _adjacent: dict = field(default=None, init=False, repr=False, compare=False, hash=False)
    _by_location: dict = field(default=None, init=False, repr=False, compare=False, hash=False)
    _derived: dict = field(default=None, init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        """Derive the road network and lookups from the data."""
        removed = set(self.removed)
        roads: dict[Section, Road] = {}
        for sec in geo.grid_sections(self.cols, self.rows):
            if sec not in removed:
                roads[sec] = Road(sec, geo.grid_borders(sec, self.cols, self.rows))
        for road in self.added:
            roads[road.section] = road
        adjacent: dict[Point, list[Point]] = {}
        for a, b in roads:
            adjacent.setdefault(a, []).append(b)
            adjacent.setdefault(b, []).append(a)
        by_location: dict[Location, list[Landmark]] = {}
        for lm in self.landmarks:
            for loc in lm.locations:
                by_location.setdefault(loc, []).append(lm)
        object.__setattr__(self, "_roads", roads)
        object.__setattr__(self, "_adjacent", {p: tuple(sorted(v)) for p, v in adjacent.items()})
        object.__setattr__(self, "_by_location", {k: tuple(v) for k, v in by_location.items()})
        object.__setattr__(self, "_derived", {})

    def derived(self, name: str, make):
        """A value derived from the board alone, made once per board (`make(board)`); the board never changes."""
        got = self._derived.get(name)
        if got is None:
            got = self._derived[name] = make(self)
        return got

    @property
    def roads(self) -> dict[Section, Road]:
        """Every road of the map keyed by its canonical section."""
        return self._roads

    def is_road(self, sec: Section) -> bool:
        """Tell whether a section is a road of this map."""
        return sec in self._roads

    def borders(self, sec: Section) -> tuple[Location, ...]:
        """Return the locations a road runs along."""
        return self._roads[sec].borders

    def neighbours(self, point: Point) -> tuple[Point, ...]:
        """Return the intersections one road away from `point`."""
        return self._adjacent.get(point, ())

    def on_map(self, point: Point) -> bool:
        """Tell whether an intersection is on the map."""
        return 0 <= point[0] <= self.cols and 0 <= point[1] <= self.rows

    def locations(self) -> list[Location]:
        """Return every location, row by row."""
        return [(c, r) for r in range(1, self.rows + 1) for c in range(1, self.cols + 1)]

    def landmarks_at(self, location: Location) -> tuple[Landmark, ...]:
        """Return the landmarks covering a location (usually none or one)."""
        return self._by_location.get(location, ())

    def landmark(self, landmark_id: str) -> Landmark | None:
        """Find a landmark by id."""
        return next((lm for lm in self.landmarks if lm.id == landmark_id), None)

    def rating_track(self, track_id: str) -> tuple[int, ...] | None:
        """Return a count track's PP per number of marked upgrade boxes (version 1: a grey landmark's id)."""
        return dict(self.ratings).get(track_id)

    def coordinate_track(self, track_id: str) -> CoordinateTrack | None:
        """Return a coordinate track by id."""
        return dict(self.coordinate_tracks).get(track_id)

    def iconic(self) -> list[Landmark]:
        """Return the grey landmarks rated by a count track of their own id, in board order.

        The rating pages and the referee key ratings by these ids. A version 2
        board's shared (group) and coordinate tracks are listed by `rated()`
        and `tracks_in_use()`.
        """
        return [lm for lm in self.landmarks if lm.kind == "grey" and lm.rating is None]

    def rated(self) -> list[Landmark]:
        """Return every landmark scoring by a rating track (iconic whatever its colour), in board order."""
        return [lm for lm in self.landmarks if lm.track is not None]

    def tracks_in_use(self) -> list[str]:
        """Return the ids of every rating track: count tracks, then coordinate tracks."""
        return [k for k, _ in self.ratings] + [k for k, _ in self.coordinate_tracks]

    def features_of(self, kind: str) -> list[Feature]:
        """Return the map features of one type in board order."""
        by_kind = self.derived("features_of", _features_by_kind)
        return list(by_kind.get(kind, ()))

    def landmark_sides(self, landmark_id: str) -> tuple | None:
        """The sections of a landmark shaped by a `landmark_sides` feature (Paris's garden), else None."""
        return self.derived("landmark_sides", lambda b: {f.param("landmark"): f.sections
                                                          for f in reversed(b.features_of("landmark_sides"))}
                            ).get(landmark_id)

    def feature(self, kind: str, feature_id: str | None) -> Feature | None:
        """Find a map feature by type and id."""
        return next((f for f in self.features if f.type == kind and f.id == feature_id), None)

    def remote_landmarks(self) -> list[Landmark]:
        """Return the landmarks reached by a meeting point."""
        return [lm for lm in self.landmarks if lm.meeting is not None]

    def cafe_at(self, point: Point) -> Cafe | None:
        """Return the cafe on an intersection, if any."""
        return next((c for c in self.cafes if c.at == point), None)

    def features_at(self, point: Point) -> tuple[Cafe | VisitThemAll, ...]:
        """Return what sits on an intersection (a cafe, a Visit-Them-All point).

        World cities add stations, meeting points and bridges here as data.
        """
        found: list[Cafe | VisitThemAll] = [c for c in self.cafes if c.at == point]
        if self.visit_them_all is not None and point in self.visit_them_all.at:
            found.append(self.visit_them_all)
        return tuple(found)

    def player_board(self, number: int) -> PlayerBoard | None:
        """Find a player board by its printed number."""
        return next((pb for pb in self.player_boards if pb.number == number), None)

    def kinds_present(self) -> set[str]:
        """Return the landmark kinds this city uses."""
        return {lm.kind for lm in self.landmarks}


def parse_board(doc: Any, path: str = "") -> tuple[Board | None, list[Problem]]:
    """Check an `enroute-board/1` or `/2` document; return the board (if usable) and every problem."""
    v2 = isinstance(doc, dict) and doc.get("format") == BOARD_FORMAT_V2
    shape = read_shape(BoardV2 if v2 else BoardV1, doc, path, _PLACEHOLDERS)
    problems = shape.problems if v2 else [_later(p, doc, path) for p in shape.problems]
    model = shape.value
    if model is None:
        return None, problems
    read = _BoardReader(model, shape, path, problems)
    board = read.board()
    if board is None or has_errors(problems):
        return None, problems
    for i, cafe in read.cafe_items:
        if not board.neighbours(cafe.at):
            problems.append(error("cafe-unreachable", join_path(join_path(path, "cafes"), i),
                                  N_("No road reaches the cafe at {at}."), at=list(cafe.at)))
    return (None if has_errors(problems) else board), problems


def load_board(doc: Any) -> Board:
    """Parse a board document or raise `DocumentError` with every problem."""
    board, problems = parse_board(doc)
    if board is None:
        raise DocumentError(problems)
    return board


def _later(problem: Problem, doc: Any, path: str) -> Problem:
    """Name a world-city key as a feature of later versions rather than an unknown key."""
    if problem.code == "unknown-key" and isinstance(doc, dict):
        for key in _LATER & doc.keys():
            if problem.path == join_path(path, key):
                return error("unsupported-feature", problem.path,
                             N_("{key} is a world-city feature that enroute-board/1 does not support yet."),
                             key=show(key))
    return problem


def off_map(code: str, path: str, what: str, point: tuple[int, int], low: int, cols: int, rows: int) -> Problem:
    """Build the problem of a point that lies off the map (x in low..cols, y in low..rows)."""
    return error(code, path, N_("{what} {value} is off the map: x must be {x_low}..{x_high} and y {y_low}..{y_high}."),
                 what=what, value=show(list(point)), x_low=low, x_high=cols, y_low=low, y_high=rows)


class MapChecks:
    """What the board's and a sheet's rule checks share: paths under the document's, points on the map.

    Paths are only built for problems: a clean document costs no string work.
    """

    path: str
    cols: int
    rows: int
    problems: list[Problem]

    def at(self, *keys: str | int) -> str:
        """Return the path of a value of this document."""
        path = self.path
        for key in keys:
            path = join_path(path, key)
        return path

    def point(self, point: tuple[int, int], keys: tuple[str | int, ...], what: str = N_("An intersection")) -> bool:
        """Check that an intersection (x in 0..cols, y in 0..rows) is on the map; report it when not."""
        if 0 <= point[0] <= self.cols and 0 <= point[1] <= self.rows:
            return True
        self.problems.append(off_map("intersection-off-map", self.at(*keys), what, point, 0, self.cols, self.rows))
        return False

    def location(self, loc: tuple[int, int], keys: tuple[str | int, ...], what: str = N_("A location")) -> bool:
        """Check that a layout location (c in 1..cols, r in 1..rows) is on the map; report it when not."""
        if 1 <= loc[0] <= self.cols and 1 <= loc[1] <= self.rows:
            return True
        self.problems.append(off_map("location-off-map", self.at(*keys), what, loc, 1, self.cols, self.rows))
        return False


def is_printed_order(values: Sequence[int], length: int) -> bool:
    """Tell whether values are a permutation of 1..6 for every 6-wide half."""
    if len(values) != length:
        return False
    for start in range(0, length, 6):
        chunk = values[start:start + 6]
        if sorted(chunk) != list(range(1, len(chunk) + 1)):
            return False
    return True


class _BoardReader(MapChecks):
    """The rule checks of a board whose shape is read: the map's size, ids, duplicates, tracks, roads."""

    def __init__(self, model: BoardV1, shape: Shape, path: str, problems: list[Problem]):
        """Keep the model, where its items were in the document, and the problem list to add to."""
        self.model, self.shape, self.path, self.problems = model, shape, path, problems
        self.cols, self.rows = model.size
        self.cafe_items: list[tuple[int, Cafe]] = []
        self.v2 = isinstance(model, BoardV2)
        self._roads: set[Section] = set()
        self._features: list[Feature] = []

    def board(self) -> Board | None:
        """Run every check; return the board built from what passed them."""
        model = self.model
        player_boards = self.player_boards()
        landmarks = self.landmarks()
        removed, added = self.roads()
        cafes = self.cafes()
        vta = self.visit_them_all()
        if not self.v2:
            ratings = self.ratings(landmarks)
            if has_errors(self.problems):
                return None
            return Board(model.id, model.name, self.cols, self.rows, player_boards, landmarks, ratings, cafes, vta,
                         removed, added)
        from .board_v2 import V2Checks

        v2 = V2Checks(self, landmarks)
        features = v2.features()
        ratings = v2.ratings(features)
        coordinate = v2.coordinate_tracks()
        landmarks = v2.landmark_links(coordinate)
        scoring = v2.scoring(landmarks)
        start_cards = v2.start_cards()
        if has_errors(self.problems):
            return None
        return Board(model.id, model.name, self.cols, self.rows, player_boards, landmarks, ratings, cafes, vta,
                     removed, added, 2, features, coordinate, scoring, model.rules.city,
                     tuple(model.rules.rating_modes), start_cards)

    # --- what feature checks ask while the board is read -------------------------------------------------

    def is_road(self, sec: Section) -> bool:
        """Tell whether a section is a road of the map being read."""
        return sec in self._roads

    def feature(self, kind: str, feature_id: str | None) -> Feature | None:
        """Find a feature read so far."""
        return next((f for f in self._features if f.type == kind and f.id == feature_id), None)

    def features_of(self, kind: str) -> list[Feature]:
        """Return the features of one type read so far."""
        return [f for f in self._features if f.type == kind]

    def count_tracks(self) -> set[str]:
        """Return the ids of the board's count tracks."""
        return set() if self.shape.changed(("ratings",)) else set(self.model.ratings)

    def player_boards(self) -> tuple[PlayerBoard, ...]:
        """Check the player boards: distinct numbers, each edge a printed order of this map's length."""
        if not self.model.player_boards and not self.shape.changed(("player_boards",)):
            self.problems.append(error("no-player-boards", self.at("player_boards"),
                                       N_("A board needs at least one player board.")))
        found: list[PlayerBoard] = []
        for i, item in self.shape.items(("player_boards",), self.model.player_boards):
            number: int | None = item.number
            if any(pb.number == number for pb in found):
                self.problems.append(error("duplicate-player-board", self.at("player_boards", i, "number"),
                                           N_("Player board {number} is listed twice."), number=number))
                number = None
            ok = True
            for key, what, values, length in (("columns", N_("The printed columns"), item.columns, self.cols),
                                              ("rows", N_("The printed rows"), item.rows, self.rows)):
                if self.shape.replaced(("player_boards", i, key)):  # unreadable: its shape problem says so
                    ok = False
                elif not is_printed_order(values, length):
                    ok = False
                    self.problems.append(error(
                        "bad-printed-order", self.at("player_boards", i, key),
                        N_("{what} must list each of 1..6 exactly once ({length} numbers), not {value}."),
                        what=what, length=length, value=show(list(values))))
            if number is not None and ok:
                found.append(PlayerBoard(number, tuple(item.columns), tuple(item.rows)))
        return tuple(found)

    def landmarks(self) -> tuple[Landmark, ...]:
        """Check the landmarks: unique ids, a yellow one's PP, locations on the map and not shared."""
        found: list[Landmark] = []
        taken: dict[Location, str] = {}
        shared: set[Location] = set()  # locations held only by landmarks with sides: another triangle may join
        for i, item in self.shape.items(("landmarks",), self.model.landmarks):
            lid: str | None = item.id
            if any(lm.id == lid for lm in found):
                self.problems.append(error("duplicate-landmark", self.at("landmarks", i, "id"),
                                           N_("Landmark id {id} is used twice."), id=show(lid)))
                lid = None
            if item.kind == "yellow" and item.pp is None and not self.shape.replaced(("landmarks", i, "pp")):
                self.problems.append(error("yellow-without-pp", self.at("landmarks", i, "pp"),
                                           N_("The yellow landmark {name} needs its printed PP."),
                                           name=show(item.name)))
            elif item.kind != "yellow" and item.pp is not None:
                self.problems.append(error(
                    "pp-not-yellow", self.at("landmarks", i, "pp"),
                    N_("Only yellow landmarks print their own PP; grey ones use a rating track.")))
            meeting = getattr(item, "meeting", None)
            sides = tuple(getattr(item, "sides", ()))  # version 2: triangles may share a location (split by a diagonal)
            if not item.locations and meeting is None and not getattr(item, "points", ()) \
                    and not self.shape.changed(("landmarks", i, "locations")):
                self.problems.append(error("no-locations", self.at("landmarks", i, "locations"),
                                           N_("A landmark covers at least one location.")))
            locs: list[Location] = []
            for j, loc in self.shape.items(("landmarks", i, "locations"), item.locations):
                if not self.location(loc, ("landmarks", i, "locations", j)):
                    continue
                if (loc in taken and not (sides and loc in shared)) or loc in locs:
                    self.problems.append(error("location-taken", self.at("landmarks", i, "locations", j),
                                               N_("Location {location} already holds {id}."),
                                               location=list(loc), id=show(taken.get(loc, lid))))
                    continue
                locs.append(loc)
            if meeting is not None and not self.point(meeting, ("landmarks", i, "meeting")):
                meeting = None
            if lid and (locs or meeting is not None or getattr(item, "points", ())) \
                    and (item.kind != "yellow" or item.pp is not None):
                for loc in locs:
                    taken[loc] = lid
                    if sides:
                        shared.add(loc)
                    else:
                        shared.discard(loc)
                found.append(Landmark(lid, item.name, item.kind, tuple(locs), item.pp, getattr(item, "rating", None),
                                      None if meeting is None else tuple(meeting),
                                      tuple(geo.section(tuple(a), tuple(b)) for a, b in sides),
                                      tuple(tuple(p) for p in getattr(item, "points", ())),
                                      bool(getattr(item, "ticket", False))))
        return tuple(found)

    def ratings(self, landmarks: tuple[Landmark, ...]) -> tuple[tuple[str, tuple[int, ...]], ...]:
        """Check the rating tracks: one for each grey landmark, none for others."""
        if self.shape.changed(("ratings",)):
            return ()
        grey = [lm.id for lm in landmarks if lm.kind == "grey"]
        tracks: dict[str, tuple[int, ...]] = {}
        for key, track in self.model.ratings.items():
            if key not in grey:
                self.problems.append(error(
                    "rating-not-grey", self.at("ratings", key),
                    N_("{id} is not a grey landmark of this board; only grey landmarks have rating tracks."),
                    id=show(key)))
                continue
            tracks[key] = tuple(track)
        for lid in grey:
            if lid not in tracks and not self.shape.changed(("ratings", lid)):
                self.problems.append(error("grey-without-track", self.at("ratings", lid),
                                           N_("The grey landmark {id} needs a rating track."), id=show(lid)))
        return tuple((lid, tracks[lid]) for lid in grey if lid in tracks)

    def section(self, pair: tuple[Point, Point], keys: tuple[str | int, ...]) -> Section | None:
        """Check a section: both ends on the map, and two different intersections."""
        a, b = pair
        a_on = self.point(a, (*keys, 0))
        b_on = self.point(b, (*keys, 1))  # checked even when `a` is off: every problem at once
        if not (a_on and b_on):
            return None
        if a == b:
            self.problems.append(error("bad-section", self.at(*keys),
                                       N_("A section joins two different intersections, not {value}."),
                                       value=show([list(a), list(b)])))
            return None
        return geo.section(a, b)

    def roads(self) -> tuple[tuple[Section, ...], tuple[Road, ...]]:
        """Check the road changes: removals of grid roads, additions of roads that do not exist yet."""
        roads = self.model.roads
        removed: list[Section] = []
        for i, pair in self.shape.items(("roads", "remove"), roads.remove):
            sec = self.section(pair, ("roads", "remove", i))
            if sec is None:
                continue
            if not geo.is_grid_section(sec, self.cols, self.rows) or sec in removed:
                self.problems.append(error(
                    "bad-road-removal", self.at("roads", "remove", i),
                    N_("{value} is not a grid road that can be removed (or is removed twice)."),
                    value=show([list(p) for p in pair])))
                continue
            removed.append(sec)
        added: list[Road] = []
        for i, item in self.shape.items(("roads", "add"), roads.add):
            sec = self.section(item.section, ("roads", "add", i, "section"))
            if sec is not None and ((geo.is_grid_section(sec, self.cols, self.rows) and sec not in removed)
                                    or any(r.section == sec for r in added)):
                self.problems.append(error("duplicate-road", self.at("roads", "add", i, "section"),
                                           N_("The road {value} already exists."),
                                           value=show([list(p) for p in item.section])))
                sec = None
            borders: list[Location] = []
            for j, loc in self.shape.items(("roads", "add", i, "borders"), item.borders):
                if self.location(loc, ("roads", "add", i, "borders", j)) and loc not in borders:
                    borders.append(loc)
            if sec is not None:
                added.append(Road(sec, tuple(borders), tuple(item.tags)))
        self._roads = {s for s in geo.grid_sections(self.cols, self.rows) if s not in set(removed)}
        self._roads |= {r.section for r in added}
        return tuple(removed), tuple(added)

    def cafes(self) -> tuple[Cafe, ...]:
        """Check the cafes: on the map, one per intersection, tourists exactly for a new-tourists cafe."""
        found: list[Cafe] = []
        for i, item in self.shape.items(("cafes",), self.model.cafes):
            at: Point | None = item.at
            if not self.point(item.at, ("cafes", i, "at"), N_("A cafe's intersection")):
                at = None
            elif any(c.at == at for c in found):
                self.problems.append(error("duplicate-cafe", self.at("cafes", i, "at"), N_("Two cafes on {at}."),
                                           at=list(item.at)))
                at = None
            tourists: tuple[tuple[str, int], ...] = ()
            if item.bonus == "tourists":
                if item.tourists is None and not self.shape.replaced(("cafes", i, "tourists")):
                    self.problems.append(error("cafe-without-tourists", self.at("cafes", i, "tourists"),
                                               N_("A new-tourists cafe lists the tourists it adds, like {example}."),
                                               example='{"green": 2}'))
                elif item.tourists is not None:
                    tourists = tuple(sorted(item.tourists.items(), key=lambda kv: COLOURS.index(kv[0])))
            elif item.tourists is not None:
                self.problems.append(error("tourists-not-allowed", self.at("cafes", i, "tourists"),
                                           N_("Only a new-tourists cafe shows tourists; this one gives {bonus}."),
                                           bonus=show(item.bonus)))
            if at is not None and (item.bonus != "tourists" or tourists):
                cafe = Cafe(at, item.bonus, tourists)
                found.append(cafe)
                self.cafe_items.append((i, cafe))
        return tuple(found)

    def visit_them_all(self) -> VisitThemAll | None:
        """Check the Visit-Them-All points: on the map, each once, and one more PP entry than points."""
        vta = self.model.visit_them_all
        if vta is None:
            return None
        points: list[Point] = []
        for i, p in self.shape.items(("visit_them_all", "at"), vta.at):
            if not self.point(p, ("visit_them_all", "at", i), N_("A Visit-Them-All point")):
                continue
            if p in points:
                self.problems.append(error("duplicate-point", self.at("visit_them_all", "at", i),
                                           N_("{point} is listed twice."), point=list(p)))
                continue
            points.append(p)
        if self.shape.replaced(("visit_them_all", "at")) or self.shape.replaced(("visit_them_all", "pp")):
            return None
        if len(vta.pp) != self.shape.size(("visit_them_all", "at"), vta.at) + 1:
            self.problems.append(error(
                "bad-pp-table", self.at("visit_them_all", "pp"),
                N_("{what} lists the PP for 0, 1, 2, ... points on the route: one more number than there are "
                   "points; got {value}."), what=N_("The Visit-Them-All PP table"), value=show(list(vta.pp))))
            return None
        if not points:
            return None
        return VisitThemAll(vta.name, tuple(points), tuple(vta.pp))


def board_to_json(board: Board) -> dict:
    """Write a board as an `enroute-board/1` document (`/2` for a version 2 board)."""
    doc: dict[str, Any] = {
        "format": BOARD_FORMAT if board.version == 1 else BOARD_FORMAT_V2,
        "id": board.id,
        "name": board.name,
        "size": [board.cols, board.rows],
        "player_boards": [{"number": pb.number, "columns": list(pb.columns), "rows": list(pb.rows)}
                          for pb in board.player_boards],
        "landmarks": [],
        "ratings": {lid: list(track) for lid, track in board.ratings},
        "cafes": [],
        "visit_them_all": None,
        "roads": {"remove": [[list(a), list(b)] for a, b in board.removed],
                  "add": [{"section": [list(r.section[0]), list(r.section[1])],
                           "borders": [list(loc) for loc in r.borders], "tags": list(r.tags)}
                          for r in board.added]},
    }
    for lm in board.landmarks:
        item: dict[str, Any] = {"id": lm.id, "name": lm.name, "kind": lm.kind}
        if lm.pp is not None:
            item["pp"] = lm.pp
        if lm.rating is not None:
            item["rating"] = lm.rating
        if lm.meeting is not None:
            item["meeting"] = list(lm.meeting)
        item["locations"] = [list(loc) for loc in lm.locations]
        if lm.sides:
            item["sides"] = [[list(a), list(b)] for a, b in lm.sides]
        if lm.points:
            item["points"] = [list(p) for p in lm.points]
        if lm.ticket:
            item["ticket"] = True
        doc["landmarks"].append(item)
    for cafe in board.cafes:
        item = {"at": list(cafe.at), "bonus": cafe.bonus}
        if cafe.tourists:
            item["tourists"] = dict(cafe.tourists)
        doc["cafes"].append(item)
    if board.visit_them_all is not None:
        v = board.visit_them_all
        doc["visit_them_all"] = {"name": v.name, "at": [list(p) for p in v.at], "pp": list(v.pp)}
    if board.version == 2:
        from .board_v2 import v2_to_json

        doc.update(v2_to_json(board))
    return doc


def _features_by_kind(board: Board) -> dict[str, tuple[Feature, ...]]:
    """A board's features grouped by type, each group in board order."""
    groups: dict[str, list[Feature]] = {}
    for f in board.features:
        groups.setdefault(f.type, []).append(f)
    return {kind: tuple(fs) for kind, fs in groups.items()}
