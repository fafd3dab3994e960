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

import re
from dataclasses import dataclass, field
from typing import Any

from ..core.problems import DocumentError, Problem, error, has_errors
from . import geometry as geo
from .geometry import Location, Point, Section
from .jsonread import check_keys, check_list, check_object, is_int, join, read_int, read_pair, read_string, show

BOARD_FORMAT = "enroute-board/1"
SPECIALISED = ("red", "green", "blue", "purple")
KINDS = (*SPECIALISED, "yellow", "grey")
COLOURS = SPECIALISED  # tourist colours, in scoring-row order
CAFE_BONUSES = ("tourists", "section", "coordinate")
ROAD_TAGS = ("diagonal", "corner", "harbour")
_ID = re.compile(r"^[a-z0-9][a-z0-9-]{0,63}$")
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
    _roads: dict = field(default=None, init=False, repr=False, compare=False, hash=False)
    _adjacent: dict = field(default=None, init=False, repr=False, compare=False, hash=False)
    _by_location: dict = field(default=None, init=False, repr=False, compare=False, hash=False)

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

    def rating_track(self, landmark_id: str) -> tuple[int, ...] | None:
        """Return an iconic landmark's PP per number of marked upgrade boxes."""
        return dict(self.ratings).get(landmark_id)

    def iconic(self) -> list[Landmark]:
        """Return the grey (iconic) landmarks in board order."""
        return [lm for lm in self.landmarks if lm.kind == "grey"]

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
    """Check an `enroute-board/1` document; return the board (if usable) and every problem."""
    problems: list[Problem] = []
    if not check_object(doc, path, "A board", problems):
        return None, problems
    allowed = ("format", "id", "name", "size", "player_boards", "landmarks", "ratings", "cafes",
               "visit_them_all", "roads")
    for key in doc:
        if key in _LATER:
            problems.append(error(
                "unsupported-feature", join(path, key),
                f"{show(key)} is a world-city feature that enroute-board/1 does not support yet."))
    check_keys({k: v for k, v in doc.items() if k not in _LATER}, path, allowed,
               ("format", "id", "name", "size", "player_boards", "landmarks"), "a board", problems)
    if "format" in doc and doc["format"] != BOARD_FORMAT:
        problems.append(error("wrong-format", join(path, "format"),
                              f"Expected format {show(BOARD_FORMAT)}, not {show(doc['format'])}."))
    board_id = doc.get("id")
    if "id" in doc and not (isinstance(board_id, str) and _ID.match(board_id)):
        problems.append(error("bad-id", join(path, "id"),
                              f"A board id is lowercase letters, digits and dashes, not {show(board_id)}."))
    name = read_string(doc["name"], join(path, "name"), "The city name", problems) if "name" in doc else None
    cols, rows = _read_size(doc.get("size"), join(path, "size"), problems) if "size" in doc else (None, None)
    if cols is None:
        return None, problems
    player_boards = _read_player_boards(doc.get("player_boards"), join(path, "player_boards"), cols, rows, problems)
    landmarks = _read_landmarks(doc.get("landmarks"), join(path, "landmarks"), cols, rows, problems)
    ratings = _read_ratings(doc.get("ratings", {}), join(path, "ratings"), landmarks, problems)
    removed, added = _read_roads(doc.get("roads", {"remove": [], "add": []}), join(path, "roads"), cols, rows,
                                 problems)
    cafes = _read_cafes(doc.get("cafes", []), join(path, "cafes"), cols, rows, problems)
    vta = _read_vta(doc.get("visit_them_all"), join(path, "visit_them_all"), cols, rows, problems)
    if has_errors(problems):
        return None, problems
    board = Board(board_id, name, cols, rows, player_boards, landmarks, ratings, cafes, vta, removed, added)
    for i, cafe in enumerate(board.cafes):
        if not board.neighbours(cafe.at):
            problems.append(error("cafe-unreachable", join(join(path, "cafes"), i),
                                  f"No road reaches the cafe at {list(cafe.at)}."))
    return (None if has_errors(problems) else board), problems


def load_board(doc: Any) -> Board:
    """Parse a board document or raise `DocumentError` with every problem."""
    board, problems = parse_board(doc)
    if board is None:
        raise DocumentError(problems)
    return board


def _read_size(value: Any, path: str, problems: list[Problem]) -> tuple[int | None, int | None]:
    """Read `[cols, rows]`."""
    if not (isinstance(value, list) and len(value) == 2 and all(is_int(v) and 1 <= v <= 24 for v in value)):
        problems.append(error("bad-size", path, f"size must be [columns, rows] like [6, 6], not {show(value)}."))
        return None, None
    return value[0], value[1]


def _is_printed_order(values: list, length: int) -> bool:
    """Tell whether values are a permutation of 1..6 for every 6-wide half."""
    if len(values) != length or not all(is_int(v) for v in values):
        return False
    for start in range(0, length, 6):
        chunk = values[start:start + 6]
        if sorted(chunk) != list(range(1, len(chunk) + 1)):
            return False
    return True


def _read_player_boards(value: Any, path: str, cols: int, rows: int,
                        problems: list[Problem]) -> tuple[PlayerBoard, ...]:
    """Read the player boards and their printed coordinate orders."""
    if not check_list(value, path, "player_boards", problems):
        return ()
    if not value:
        problems.append(error("no-player-boards", path, "A board needs at least one player board."))
    found: list[PlayerBoard] = []
    for i, item in enumerate(value):
        ipath = join(path, i)
        if not check_object(item, ipath, "A player board", problems):
            continue
        check_keys(item, ipath, ("number", "columns", "rows"), ("number", "columns", "rows"),
                   "a player board", problems)
        number = read_int(item.get("number"), join(ipath, "number"), "The player board number", problems,
                          low=1) if "number" in item else None
        if number is not None and any(pb.number == number for pb in found):
            problems.append(error("duplicate-player-board", join(ipath, "number"),
                                  f"Player board {number} is listed twice."))
            number = None
        ok = True
        for key, length in (("columns", cols), ("rows", rows)):
            seq = item.get(key)
            if key in item and not (isinstance(seq, list) and _is_printed_order(seq, length)):
                ok = False
                problems.append(error(
                    "bad-printed-order", join(ipath, key),
                    f"The printed {key} must list each of 1..6 exactly once ({length} numbers), "
                    f"not {show(seq)}."))
        if number is not None and ok and "columns" in item and "rows" in item:
            found.append(PlayerBoard(number, tuple(item["columns"]), tuple(item["rows"])))
    return tuple(found)


def _read_landmarks(value: Any, path: str, cols: int, rows: int, problems: list[Problem]) -> tuple[Landmark, ...]:
    """Read the landmarks."""
    if not check_list(value, path, "landmarks", problems):
        return ()
    found: list[Landmark] = []
    taken: dict[Location, str] = {}
    for i, item in enumerate(value):
        ipath = join(path, i)
        if not check_object(item, ipath, "A landmark", problems):
            continue
        check_keys(item, ipath, ("id", "name", "kind", "pp", "locations"), ("id", "name", "kind", "locations"),
                   "a landmark", problems)
        lid = item.get("id")
        if "id" in item and not (isinstance(lid, str) and _ID.match(lid)):
            problems.append(error("bad-id", join(ipath, "id"),
                                  f"A landmark id is lowercase letters, digits and dashes, not {show(lid)}."))
            lid = None
        elif lid is not None and any(lm.id == lid for lm in found):
            problems.append(error("duplicate-landmark", join(ipath, "id"), f"Landmark id {show(lid)} is used twice."))
            lid = None
        name = read_string(item["name"], join(ipath, "name"), "A landmark name", problems) if "name" in item else None
        kind = item.get("kind")
        if "kind" in item and kind not in KINDS:
            problems.append(error("bad-kind", join(ipath, "kind"),
                                  f"Landmark kind must be one of {', '.join(KINDS)}, not {show(kind)}."))
            kind = None
        pp = None
        if kind == "yellow":
            if "pp" not in item:
                problems.append(error("yellow-without-pp", join(ipath, "pp"),
                                      f"The yellow landmark {show(name or lid)} needs its printed PP."))
            else:
                pp = read_int(item["pp"], join(ipath, "pp"), "A yellow landmark's PP", problems, low=0, high=99)
        elif "pp" in item and kind is not None:
            problems.append(error("pp-not-yellow", join(ipath, "pp"),
                                  "Only yellow landmarks print their own PP; grey ones use a rating track."))
        locs: list[Location] = []
        if "locations" in item and check_list(item["locations"], join(ipath, "locations"), "locations", problems):
            if not item["locations"]:
                problems.append(error("no-locations", join(ipath, "locations"),
                                      "A landmark covers at least one location."))
            for j, raw in enumerate(item["locations"]):
                jpath = join(join(ipath, "locations"), j)
                loc = read_pair(raw, jpath, "A location", problems, x_range=(1, cols), y_range=(1, rows),
                                code="location-off-map")
                if loc is None:
                    continue
                if loc in taken or loc in locs:
                    problems.append(error("location-taken", jpath,
                                          f"Location {list(loc)} already holds {show(taken.get(loc, lid))}."))
                    continue
                locs.append(loc)
        if lid and name and kind and locs and (kind != "yellow" or pp is not None):
            for loc in locs:
                taken[loc] = lid
            found.append(Landmark(lid, name, kind, tuple(locs), pp))
    return tuple(found)


def _read_ratings(value: Any, path: str, landmarks: tuple[Landmark, ...],
                  problems: list[Problem]) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """Read the iconic rating tracks, one per grey landmark."""
    if not check_object(value, path, "ratings", problems):
        return ()
    grey = [lm.id for lm in landmarks if lm.kind == "grey"]
    tracks: dict[str, tuple[int, ...]] = {}
    for key, track in value.items():
        kpath = join(path, key)
        if key not in grey:
            problems.append(error("rating-not-grey", kpath,
                                  f"{show(key)} is not a grey landmark of this board; only grey landmarks "
                                  "have rating tracks."))
            continue
        if not (isinstance(track, list) and track and all(is_int(v) and 0 <= v <= 99 for v in track)):
            problems.append(error("bad-rating-track", kpath,
                                  f"A rating track lists the PP for 0, 1, 2, ... upgrades, like [4, 6, 8, 10, 12]; "
                                  f"got {show(track)}."))
            continue
        tracks[key] = tuple(track)
    for lid in grey:
        if lid not in tracks and lid not in value:
            problems.append(error("grey-without-track", join(path, lid),
                                  f"The grey landmark {show(lid)} needs a rating track."))
    return tuple((lid, tracks[lid]) for lid in grey if lid in tracks)


def _read_section(raw: Any, path: str, cols: int, rows: int, problems: list[Problem]) -> Section | None:
    """Read `[[x1, y1], [x2, y2]]` with both ends on the map."""
    if not (isinstance(raw, list) and len(raw) == 2):
        problems.append(error("bad-section", path,
                              f"A section is a pair of intersections like [[0, 0], [1, 0]], not {show(raw)}."))
        return None
    a = read_pair(raw[0], join(path, 0), "An intersection", problems, x_range=(0, cols), y_range=(0, rows),
                  code="intersection-off-map")
    b = read_pair(raw[1], join(path, 1), "An intersection", problems, x_range=(0, cols), y_range=(0, rows),
                  code="intersection-off-map")
    if a is None or b is None:
        return None
    if a == b:
        problems.append(error("bad-section", path, f"A section joins two different intersections, not {show(raw)}."))
        return None
    return geo.section(a, b)


def _read_roads(value: Any, path: str, cols: int, rows: int,
                problems: list[Problem]) -> tuple[tuple[Section, ...], tuple[Road, ...]]:
    """Read road changes against the plain grid."""
    if not check_object(value, path, "roads", problems):
        return (), ()
    check_keys(value, path, ("remove", "add"), (), "roads", problems)
    removed: list[Section] = []
    for i, raw in enumerate(value.get("remove", []) if isinstance(value.get("remove", []), list) else []):
        sec = _read_section(raw, join(join(path, "remove"), i), cols, rows, problems)
        if sec is None:
            continue
        if not geo.is_grid_section(sec, cols, rows) or sec in removed:
            problems.append(error("bad-road-removal", join(join(path, "remove"), i),
                                  f"{show(raw)} is not a grid road that can be removed (or is removed twice)."))
            continue
        removed.append(sec)
    if not isinstance(value.get("remove", []), list):
        problems.append(error("not-a-list", join(path, "remove"), "roads.remove must be a list of sections."))
    added: list[Road] = []
    raw_add = value.get("add", [])
    if not check_list(raw_add, join(path, "add"), "roads.add", problems):
        raw_add = []
    for i, item in enumerate(raw_add):
        ipath = join(join(path, "add"), i)
        if not check_object(item, ipath, "An added road", problems):
            continue
        check_keys(item, ipath, ("section", "borders", "tags"), ("section", "borders"), "an added road", problems)
        sec = _read_section(item.get("section"), join(ipath, "section"), cols, rows, problems) \
            if "section" in item else None
        if sec is not None and ((geo.is_grid_section(sec, cols, rows) and sec not in removed)
                                or any(r.section == sec for r in added)):
            problems.append(error("duplicate-road", join(ipath, "section"),
                                  f"The road {show(item.get('section'))} already exists."))
            sec = None
        borders: list[Location] = []
        if check_list(item.get("borders", []), join(ipath, "borders"), "borders", problems):
            for j, raw in enumerate(item.get("borders", [])):
                loc = read_pair(raw, join(join(ipath, "borders"), j), "A location", problems,
                                x_range=(1, cols), y_range=(1, rows), code="location-off-map")
                if loc is not None and loc not in borders:
                    borders.append(loc)
        tags = item.get("tags", [])
        if not (isinstance(tags, list) and all(t in ROAD_TAGS for t in tags)):
            problems.append(error("bad-road-tag", join(ipath, "tags"),
                                  f"Road tags are some of {', '.join(ROAD_TAGS)}, not {show(tags)}."))
            tags = []
        if sec is not None:
            added.append(Road(sec, tuple(borders), tuple(tags)))
    return tuple(removed), tuple(added)


def _read_cafes(value: Any, path: str, cols: int, rows: int, problems: list[Problem]) -> tuple[Cafe, ...]:
    """Read the cafes."""
    if not check_list(value, path, "cafes", problems):
        return ()
    found: list[Cafe] = []
    for i, item in enumerate(value):
        ipath = join(path, i)
        if not check_object(item, ipath, "A cafe", problems):
            continue
        check_keys(item, ipath, ("at", "bonus", "tourists"), ("at", "bonus"), "a cafe", problems)
        at = read_pair(item.get("at"), join(ipath, "at"), "A cafe's intersection", problems,
                       x_range=(0, cols), y_range=(0, rows), code="intersection-off-map") if "at" in item else None
        if at is not None and any(c.at == at for c in found):
            problems.append(error("duplicate-cafe", join(ipath, "at"), f"Two cafes on {list(at)}."))
            at = None
        bonus = item.get("bonus")
        if "bonus" in item and bonus not in CAFE_BONUSES:
            problems.append(error("bad-cafe-bonus", join(ipath, "bonus"),
                                  f"A cafe bonus is one of {', '.join(CAFE_BONUSES)}, not {show(bonus)}."))
            bonus = None
        tourists: tuple[tuple[str, int], ...] = ()
        if bonus == "tourists":
            tourists = _read_cafe_tourists(item.get("tourists"), join(ipath, "tourists"), problems)
        elif "tourists" in item and bonus is not None:
            problems.append(error("tourists-not-allowed", join(ipath, "tourists"),
                                  f"Only a new-tourists cafe shows tourists; this one gives {show(bonus)}."))
        if at is not None and bonus is not None and (bonus != "tourists" or tourists):
            found.append(Cafe(at, bonus, tourists))
    return tuple(found)


def _read_cafe_tourists(value: Any, path: str, problems: list[Problem]) -> tuple[tuple[str, int], ...]:
    """Read the tourists a new-tourists cafe adds."""
    if not isinstance(value, dict) or not value:
        problems.append(error("cafe-without-tourists", path,
                              'A new-tourists cafe lists the tourists it adds, like {"green": 2}.'))
        return ()
    found = []
    for colour, count in value.items():
        if colour not in COLOURS:
            problems.append(error("bad-colour", join(path, colour),
                                  f"Tourist colours are {', '.join(COLOURS)}, not {show(colour)}."))
            continue
        n = read_int(count, join(path, colour), "A tourist count", problems, low=1, high=9)
        if n is not None:
            found.append((colour, n))
    return tuple(sorted(found, key=lambda kv: COLOURS.index(kv[0])))


def _read_vta(value: Any, path: str, cols: int, rows: int, problems: list[Problem]) -> VisitThemAll | None:
    """Read the Visit-Them-All points (optional)."""
    if value is None:
        return None
    if not check_object(value, path, "visit_them_all", problems):
        return None
    check_keys(value, path, ("name", "at", "pp"), ("name", "at", "pp"), "visit_them_all", problems)
    name = read_string(value["name"], join(path, "name"), "Their name", problems) if "name" in value else None
    points: list[Point] = []
    if check_list(value.get("at", []), join(path, "at"), "at", problems):
        for i, raw in enumerate(value.get("at", [])):
            p = read_pair(raw, join(join(path, "at"), i), "A point", problems, x_range=(0, cols),
                          y_range=(0, rows), code="intersection-off-map")
            if p is not None and p in points:
                problems.append(error("duplicate-point", join(join(path, "at"), i), f"{list(p)} is listed twice."))
            elif p is not None:
                points.append(p)
    pp = value.get("pp")
    if "pp" in value and not (isinstance(pp, list) and len(pp) == len(value.get("at", [])) + 1
                              and all(is_int(v) and 0 <= v <= 999 for v in pp)):
        problems.append(error("bad-pp-table", join(path, "pp"),
                              "pp lists the PP for 0, 1, 2, ... points on the route: one more number than there "
                              f"are points; got {show(pp)}."))
        return None
    if name is None or not points or pp is None:
        return None
    return VisitThemAll(name, tuple(points), tuple(pp))


def board_to_json(board: Board) -> dict:
    """Write a board as an `enroute-board/1` document."""
    doc: dict[str, Any] = {
        "format": BOARD_FORMAT,
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
        item["locations"] = [list(loc) for loc in lm.locations]
        doc["landmarks"].append(item)
    for cafe in board.cafes:
        item = {"at": list(cafe.at), "bonus": cafe.bonus}
        if cafe.tourists:
            item["tourists"] = dict(cafe.tourists)
        doc["cafes"].append(item)
    if board.visit_them_all is not None:
        v = board.visit_them_all
        doc["visit_them_all"] = {"name": v.name, "at": [list(p) for p in v.at], "pp": list(v.pp)}
    return doc
