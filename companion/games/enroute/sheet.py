"""A player's end-of-game markings (`enroute-sheet/1`): reading and rule checks.

`parse_sheet` never raises: it keeps every usable item, drops bad ones, and
reports each problem with its path, so a page can show the player all of them
at once while keeping what they entered.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..core.problems import Problem, error, warning
from . import geometry as geo
from .board import COLOURS, Board
from .geometry import Location, Point, Section
from .jsonread import check_keys, check_list, check_object, is_int, join, read_int, read_pair, show

SHEET_FORMAT = "enroute-sheet/1"
ROUNDS = 10
SECTIONS_PER_ROUND = 2
CAFE_STATES = ("used", "unused")
SHEET_KEYS = ("format", "player", "player_board", "sections", "final_route", "tourists", "cafes",
              "personal_goal", "goal_values")


@dataclass
class Sheet:
    """What one player marked on their map, as read (bad items dropped)."""

    player: str
    player_board: int | None = None
    sections: list[Section] = field(default_factory=list)
    final_route: list[Point] | None = None
    tourists: dict[Location, dict[str, int]] = field(default_factory=dict)
    cafes: dict[Point, str] = field(default_factory=dict)
    personal_goal: tuple[Point, ...] | None = None
    goal_values: dict[str, int] = field(default_factory=dict)

    def tourists_at(self, location: Location) -> int:
        """Return how many tourists (all colours) are in a location."""
        return sum(self.tourists.get(location, {}).values())


def sheet_to_json(sheet: Sheet) -> dict:
    """Write a sheet as an `enroute-sheet/1` document."""
    doc: dict[str, Any] = {"format": SHEET_FORMAT, "player": sheet.player, "player_board": sheet.player_board,
                           "sections": [[list(a), list(b)] for a, b in sheet.sections],
                           "final_route": None if sheet.final_route is None else [list(p) for p in sheet.final_route],
                           "tourists": [], "cafes": [], "personal_goal": None}
    for loc in sorted(sheet.tourists):
        counts = {c: n for c, n in sheet.tourists[loc].items() if n}
        if counts:
            doc["tourists"].append({"at": list(loc), **counts})
    doc["cafes"] = [{"at": list(at), "state": state} for at, state in sorted(sheet.cafes.items())]
    if sheet.personal_goal is not None:
        doc["personal_goal"] = [list(p) for p in sheet.personal_goal]
    if sheet.goal_values:
        doc["goal_values"] = dict(sorted(sheet.goal_values.items()))
    return doc


def parse_sheet(doc: Any, board: Board, level: str = "full", path: str = "",
                manual_decks: tuple[str, ...] = ()) -> tuple[Sheet | None, list[Problem]]:
    """Read and check a player sheet against a board and level; return it and every problem."""
    problems: list[Problem] = []
    if not check_object(doc, path, "A player sheet", problems):
        return None, problems
    check_keys(doc, path, SHEET_KEYS, ("format", "player", "sections"), "a player sheet", problems)
    if "format" in doc and doc["format"] != SHEET_FORMAT:
        problems.append(error("wrong-format", join(path, "format"),
                              f"Expected format {show(SHEET_FORMAT)}, not {show(doc['format'])}."))
    name = doc.get("player")
    if not (isinstance(name, str) and name.strip() and len(name) <= 40):
        if "player" in doc:
            problems.append(error("bad-player-name", join(path, "player"),
                                  f"The player name must be 1 to 40 characters, not {show(name)}."))
        name = "?"
    sheet = Sheet(player=name.strip())
    _read_player_board(doc.get("player_board"), join(path, "player_board"), board, sheet, problems)
    _read_sections(doc.get("sections", []), join(path, "sections"), board, sheet, problems)
    _read_final_route(doc.get("final_route"), join(path, "final_route"), board, sheet, problems)
    _read_tourists(doc.get("tourists", []), join(path, "tourists"), board, sheet, problems)
    _read_cafes(doc.get("cafes", []), join(path, "cafes"), board, level, sheet, problems)
    _read_personal_goal(doc.get("personal_goal"), join(path, "personal_goal"), board, level, sheet, problems)
    _read_goal_values(doc.get("goal_values", {}), join(path, "goal_values"), manual_decks, sheet, problems)
    _check_section_count(sheet, board, level, join(path, "sections"), problems)
    return sheet, problems


def _read_player_board(value: Any, path: str, board: Board, sheet: Sheet, problems: list[Problem]) -> None:
    """Read which printed player board the player used."""
    if value is None:
        return
    known = [pb.number for pb in board.player_boards]
    if not is_int(value) or value not in known:
        problems.append(error("unknown-player-board", path,
                              f"{board.name} has player boards {', '.join(map(str, known))}, not {show(value)}."))
        return
    sheet.player_board = value


def _read_point(raw: Any, path: str, board: Board, what: str, problems: list[Problem]) -> Point | None:
    """Read an intersection on this board's map."""
    return read_pair(raw, path, what, problems, x_range=(0, board.cols), y_range=(0, board.rows),
                     code="intersection-off-map")


def _read_sections(value: Any, path: str, board: Board, sheet: Sheet, problems: list[Problem]) -> None:
    """Read the drawn sections: each a road of the map, none drawn twice."""
    if not check_list(value, path, "sections", problems):
        return
    seen: dict[Section, int] = {}
    for i, raw in enumerate(value):
        ipath = join(path, i)
        if not (isinstance(raw, list) and len(raw) == 2):
            problems.append(error("bad-section", ipath,
                                  f"A section is a pair of intersections like [[0, 0], [1, 0]], not {show(raw)}."))
            continue
        a = _read_point(raw[0], join(ipath, 0), board, "An intersection", problems)
        b = _read_point(raw[1], join(ipath, 1), board, "An intersection", problems)
        if a is None or b is None:
            continue
        sec = geo.section(a, b)
        if not board.is_road(sec):
            problems.append(error("not-a-road", ipath,
                                  f"No road runs from {list(a)} to {list(b)}: a section joins two neighbouring "
                                  "intersections along a road."))
            continue
        if sec in seen:
            problems.append(error("duplicate-section", ipath,
                                  f"The section {list(a)}–{list(b)} is already listed as sections[{seen[sec]}]; "
                                  "a section can never be drawn where one already is."))
            continue
        seen[sec] = i
        sheet.sections.append(sec)


def _read_final_route(value: Any, path: str, board: Board, sheet: Sheet, problems: list[Problem]) -> None:
    """Read the kept route: a walk over drawn sections using each at most once."""
    if value is None:
        return
    if not check_list(value, path, "final_route", problems):
        return
    drawn = set(sheet.sections)
    walk: list[Point] = []
    used: dict[Section, int] = {}
    ok = True
    for i, raw in enumerate(value):
        p = _read_point(raw, join(path, i), board, "A route point", problems)
        if p is None:
            ok = False
            continue
        if walk and ok:
            sec = geo.section(walk[-1], p)
            if not board.is_road(sec):
                problems.append(error("route-not-a-road", join(path, i),
                                      f"The route jumps from {list(walk[-1])} to {list(p)}; consecutive route "
                                      "points must be joined by one road section."))
                ok = False
            elif sec not in drawn:
                problems.append(error("route-not-drawn", join(path, i),
                                      f"The route uses {list(walk[-1])}–{list(p)}, which is not among the drawn "
                                      "sections; no new sections may be drawn at game end."))
            elif sec in used:
                problems.append(error("route-reuses-section", join(path, i),
                                      f"The route walks {list(walk[-1])}–{list(p)} a second time (first at step "
                                      f"{used[sec]}); each section is used at most once."))
            else:
                used[sec] = i
        walk.append(p)
    if ok:
        sheet.final_route = walk
        if len(walk) < 2:
            problems.append(warning("empty-route", path, "The final route has no sections; it scores nothing."))


def _read_tourists(value: Any, path: str, board: Board, sheet: Sheet, problems: list[Problem]) -> None:
    """Read the tourists per location and check the one-location-per-round limit."""
    if not check_list(value, path, "tourists", problems):
        return
    purple_used = "purple" in board.kinds_present()
    for i, item in enumerate(value):
        ipath = join(path, i)
        if not check_object(item, ipath, "A tourist entry", problems):
            continue
        check_keys(item, ipath, ("at", *COLOURS), ("at",), "a tourist entry", problems)
        if "at" not in item:
            continue
        loc = read_pair(item["at"], join(ipath, "at"), "A location", problems, x_range=(1, board.cols),
                        y_range=(1, board.rows), code="location-off-map")
        if loc is None:
            continue
        if loc in sheet.tourists:
            problems.append(error("duplicate-location", join(ipath, "at"),
                                  f"Location {list(loc)} is listed twice; put all its tourists in one entry."))
            continue
        counts: dict[str, int] = {}
        for colour in COLOURS:
            if colour in item:
                n = read_int(item[colour], join(ipath, colour), f"The number of {colour} tourists", problems,
                             low=0, high=99, code="bad-tourist-count")
                if n is not None:
                    counts[colour] = n
                    if colour == "purple" and n and not purple_used:
                        problems.append(warning("purple-not-used", join(ipath, colour),
                                                f"{board.name} has no purple landmarks; purple tourists score "
                                                "nothing here."))
        if not any(counts.values()):
            problems.append(warning("no-tourists", ipath, f"The entry for {list(loc)} holds no tourists."))
            continue
        sheet.tourists[loc] = counts
    marked = len(sheet.tourists)
    if marked > ROUNDS:
        problems.append(error("too-many-locations", path,
                              f"Tourists are marked in {marked} locations, but each of the {ROUNDS} rounds marks "
                              f"exactly one location: at most {ROUNDS}."))
    elif marked < ROUNDS:
        problems.append(warning("few-locations", path,
                                f"Tourists are marked in {marked} locations; after {ROUNDS} rounds there are "
                                f"usually {ROUNDS}. Check that none is missing."))


def _read_cafes(value: Any, path: str, board: Board, level: str, sheet: Sheet, problems: list[Problem]) -> None:
    """Read circled cafes and check them against the drawn sections."""
    if not check_list(value, path, "cafes", problems):
        return
    index: dict[Point, int] = {}  # cafe -> its item in the document, for problem paths
    for i, item in enumerate(value):
        ipath = join(path, i)
        if not check_object(item, ipath, "A cafe entry", problems):
            continue
        check_keys(item, ipath, ("at", "state"), ("at", "state"), "a cafe entry", problems)
        at = _read_point(item["at"], join(ipath, "at"), board, "A cafe", problems) if "at" in item else None
        state = item.get("state")
        if "state" in item and state not in CAFE_STATES:
            problems.append(error("bad-cafe-state", join(ipath, "state"),
                                  f'A circled cafe is "used" (struck through) or "unused", not {show(state)}.'))
            continue
        if at is None or state is None:
            continue
        if board.cafe_at(at) is None:
            problems.append(error("not-a-cafe", join(ipath, "at"), f"There is no cafe at {list(at)} on {board.name}."))
            continue
        if at in sheet.cafes:
            problems.append(error("duplicate-cafe", join(ipath, "at"), f"The cafe at {list(at)} is listed twice."))
            continue
        sheet.cafes[at] = state
        index[at] = i
    if level == "simplified":
        if sheet.cafes:
            problems.append(warning("cafes-not-used", path,
                                    "The simplified game ignores cafes; these circled cafes score nothing."))
            sheet.cafes.clear()
        return
    reached = {p for sec in sheet.sections for p in sec}
    for at in sheet.cafes:
        if at not in reached:
            problems.append(error("cafe-not-reached", join(path, index[at]),
                                  f"The cafe at {list(at)} is circled but no drawn section reaches it; a cafe is "
                                  "visited only by drawing a section to it."))
    for cafe in board.cafes:
        if cafe.at in reached and cafe.at not in sheet.cafes:
            problems.append(warning("cafe-not-circled", path,
                                    f"A drawn section reaches the cafe at {list(cafe.at)} but it is not circled: "
                                    "its bonus was gained (2 PP if unused)."))


def _read_personal_goal(value: Any, path: str, board: Board, level: str, sheet: Sheet,
                        problems: list[Problem]) -> None:
    """Read the three circled personal-goal intersections."""
    if value is None:
        if level != "simplified":
            problems.append(warning("no-personal-goal", path,
                                    "No personal goal intersections given; row 8 scores 0."))
        return
    if level == "simplified":
        problems.append(warning("personal-goal-not-used", path,
                                "The simplified game has no personal goals; these intersections score nothing."))
        return
    if not (isinstance(value, list) and len(value) == 3):
        problems.append(error("bad-personal-goal", path,
                              "A personal goal is three intersections like [[1, 1], [4, 2], [6, 6]], "
                              f"not {show(value)}."))
        return
    points = [_read_point(raw, join(path, i), board, "A goal intersection", problems) for i, raw in enumerate(value)]
    if any(p is None for p in points):
        return
    if len(set(points)) != 3:
        problems.append(error("bad-personal-goal", path, "The three personal-goal intersections must be different."))
        return
    sheet.personal_goal = tuple(points)


def _read_goal_values(value: Any, path: str, manual_decks: tuple[str, ...], sheet: Sheet,
                      problems: list[Problem]) -> None:
    """Read the player's own results for goal cards counted by hand."""
    if not check_object(value, path, "goal_values", problems):
        return
    for deck, raw in value.items():
        dpath = join(path, str(deck))
        if deck not in manual_decks:
            hint = f"decks with a manual goal: {', '.join(manual_decks)}" if manual_decks else "no goal is manual"
            problems.append(error("unknown-goal", dpath,
                                  f"goal_values names deck {show(deck)}, but only manual goals take a value ({hint})."))
            continue
        n = read_int(raw, dpath, f"The result for goal {deck}", problems, low=0, high=999)
        if n is not None:
            sheet.goal_values[deck] = n
    for deck in manual_decks:
        if deck not in sheet.goal_values and deck not in value:
            problems.append(warning("missing-goal-value", path,
                                    f"Goal {deck} is counted by hand but no result is given; it counts as not met."))


def _check_section_count(sheet: Sheet, board: Board, level: str, path: str, problems: list[Problem]) -> None:
    """Warn when more sections are drawn than 10 rounds and bonuses allow."""
    bonus = sum(1 for at, state in sheet.cafes.items()
                if state == "used" and board.cafe_at(at).bonus == "section") if level != "simplified" else 0
    allowed = ROUNDS * SECTIONS_PER_ROUND + bonus + 1  # +1: a possible route-section balance card
    if len(sheet.sections) > allowed:
        problems.append(warning(
            "too-many-sections", path,
            f"{len(sheet.sections)} sections are drawn, but {ROUNDS} rounds allow at most "
            f"{ROUNDS * SECTIONS_PER_ROUND}, plus {bonus} used route-section cafe bonus(es) and 1 for a "
            f"route-section balance card: {allowed}."))
