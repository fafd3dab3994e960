"""One player's tile at game end, before erasing: reading it with every problem (paths relative to the player).

Shape is checked by pydantic models; a field with the wrong shape is reported
once and left out of the cross-checks (cafes reached, route drawn) so one slip
does not bury the sheet in follow-on problems.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ConfigDict

from ..core.problems import N_, DocumentError, Problem, error, warning
from ..core.schema import Doc, Field, Int, NonEmptyStr, join_path, show
from .cards import CARDS_PER_ROUND, DECK_SIZE
from .reading import read_lenient
from .tile import COLOURS, SIZE, TILE_CORNERS, Location, Point, Section, Tile, is_point, is_road, section
from .tiles import UnknownTileError, find_tile, parse_tile, shipped_tile_ids

MAX_ROUNDS = DECK_SIZE // CARDS_PER_ROUND  # 9: the most districts a sheet can mark
MAX_SECTIONS = MAX_ROUNDS * 4  # two sections and two `+` extras a round at most


class DistrictDoc(Doc):
    """The tourists marked in one district."""

    model_config = ConfigDict(extra="forbid", frozen=True, title=N_("a district's tourists"))

    at: tuple[Int, Int] = Field(title=N_("A district"))
    red: Int = Field(default=0, ge=0, le=99, title=N_("The number of red tourists"))
    green: Int = Field(default=0, ge=0, le=99, title=N_("The number of green tourists"))
    blue: Int = Field(default=0, ge=0, le=99, title=N_("The number of blue tourists"))


PointDoc = tuple[Int, Int]


class PlayerDoc(Doc):
    """One player's sheet: name, tile, drawn sections, tourists, circled cafes, the kept route."""

    model_config = ConfigDict(extra="forbid", frozen=True, title=N_("a player's sheet"))

    player: NonEmptyStr = Field(title=N_("The player's name"))
    tile: Any = Field(title=N_("The tile"))
    sections: list[tuple[PointDoc, PointDoc]] = Field(default_factory=list, title=N_("A drawn section"))
    tourists: list[DistrictDoc] = Field(default_factory=list, title=N_("The tourists"))
    cafes: list[PointDoc] | None = Field(default=None, title=N_("A circled cafe"))
    final_route: list[PointDoc] | None = Field(default=None, title=N_("The final route"))


_STAND_INS = {"player": "?", "tile": None, "sections": [], "tourists": [], "cafes": None, "final_route": None}


@dataclass
class Sheet:
    """A sheet as read: what the scoring needs."""

    player: str
    tile: Tile
    sections: list[Section] = field(default_factory=list)
    tourists: dict[Location, dict[str, int]] = field(default_factory=dict)
    cafes: set[Point] | None = None  # circled cafes; None when the sheet does not say
    final_route: list[Point] | None = None

    def tourists_at(self, location: Location) -> dict[str, int]:
        """Return a district's tourists by colour (empty when none)."""
        return self.tourists.get(location, {})


def _name(p: Point) -> str:
    """Show an intersection as in JSON."""
    return show(list(p))


def _read_tile(value: Any, path: str, library: Path | str | None, problems: list[Problem]) -> Tile | None:
    """A shipped or library tile id, or an inline tile document."""
    if isinstance(value, str):
        try:
            return find_tile(value, library)
        except UnknownTileError:
            problems.append(error("unknown-tile", path, N_("There is no tile {tile}; the shipped tiles are {known}."),
                                  tile=show(value), known=", ".join(shipped_tile_ids())))
        except DocumentError as exc:
            problems.extend(p.within(path) for p in exc.problems)
        return None
    if isinstance(value, dict):
        tile, found = parse_tile(value, path)
        problems.extend(found)
        return tile
    problems.append(error("unknown-tile", path, N_(
        "The tile is a tile id like \"riverside\" or a whole explore-new-york-tile/1 object, not {value}."),
                          value=show(value)))
    return None


def _point(raw: tuple[int, int], path: str, problems: list[Problem]) -> Point | None:
    """An intersection of the tile, or a problem naming why not."""
    p = (raw[0], raw[1])
    if p in TILE_CORNERS:
        problems.append(error("intersection-off-map", path, N_(
            "{point} is a rounded tile corner, not an intersection: the corner road runs past it as one curved "
            "section."), point=_name(p)))
        return None
    if not is_point(p):
        problems.append(error("intersection-off-map", path, N_(
            "An intersection is [x, y] with x and y from 0 to {size}, not {point}."), size=SIZE, point=_name(p)))
        return None
    return p


def _read_sections(raw: list, sheet: Sheet, problems: list[Problem]) -> None:
    """Every drawn section is a road of the tile, none drawn twice."""
    seen: dict[Section, int] = {}
    for i, (ra, rb) in enumerate(raw):
        ipath = join_path("sections", i)
        a = _point(ra, join_path(ipath, 0), problems)
        b = _point(rb, join_path(ipath, 1), problems)
        if a is None or b is None:
            continue
        sec = section(a, b)
        if not is_road(sec):
            problems.append(error("not-a-road", ipath, N_(
                "No road runs from {a} to {b}: a section joins two neighbouring intersections along a district "
                "border (or curves round a tile corner)."), a=_name(a), b=_name(b)))
            continue
        if sec in seen:
            problems.append(error("duplicate-section", ipath, N_(
                "The section {a}–{b} is already listed as sections[{first}]; a road is drawn at most once."),
                                  a=_name(a), b=_name(b), first=seen[sec]))
            continue
        seen[sec] = i
        sheet.sections.append(sec)
    if len(sheet.sections) > MAX_SECTIONS:
        problems.append(warning("too-many-sections", "sections", N_(
            "{found} sections are drawn, but {rounds} rounds of two sections and two + extras allow at most "
            "{most}."), found=len(sheet.sections), rounds=MAX_ROUNDS, most=MAX_SECTIONS))


def _read_tourists(raw: list[DistrictDoc], sheet: Sheet, problems: list[Problem]) -> None:
    """Tourists per district: each district once, on the map; at most one district per round."""
    seen: dict[Location, int] = {}
    for i, item in enumerate(raw):
        ipath = join_path("tourists", i)
        loc = (item.at[0], item.at[1])
        if not (1 <= loc[0] <= SIZE and 1 <= loc[1] <= SIZE):
            problems.append(error("district-off-map", join_path(ipath, "at"), N_(
                "A district is [column, row] with both from 1 to {size}, not {at}."), size=SIZE, at=_name(loc)))
            continue
        if loc in seen:
            problems.append(error("duplicate-district", join_path(ipath, "at"), N_(
                "District {at} is already listed as tourists[{first}]; put all its tourists in one entry."),
                                  at=_name(loc), first=seen[loc]))
            continue
        seen[loc] = i
        counts = {c: getattr(item, c) for c in COLOURS if getattr(item, c)}
        if not counts:
            problems.append(warning("no-tourists", ipath, N_("The entry for district {at} holds no tourists."),
                                    at=_name(loc)))
            continue
        sheet.tourists[loc] = counts
    if len(sheet.tourists) > MAX_ROUNDS:
        problems.append(error("too-many-districts", "tourists", N_(
            "Tourists are marked in {found} districts, but each round marks one district and a game has at most "
            "{rounds} rounds."), found=len(sheet.tourists), rounds=MAX_ROUNDS))


def _read_cafes(raw: list, sheet: Sheet, sections_known: bool, problems: list[Problem]) -> None:
    """Circled cafes are cafes of the tile, each once, reached by a drawn section."""
    circled: dict[Point, int] = {}
    for i, at in enumerate(raw):
        ipath = join_path("cafes", i)
        p = (at[0], at[1])
        if sheet.tile.cafe_at(p) is None:
            problems.append(error("not-a-cafe", ipath, N_("There is no cafe at {at} on {tile}."), at=_name(p),
                                  tile=sheet.tile.name))
            continue
        if p in circled:
            problems.append(error("duplicate-cafe", ipath, N_("The cafe at {at} is already listed as cafes[{first}]."),
                                  at=_name(p), first=circled[p]))
            continue
        circled[p] = i
    sheet.cafes = set(circled)
    if not sections_known:
        return
    reached = {p for sec in sheet.sections for p in sec}
    for p, i in circled.items():
        if p not in reached:
            problems.append(error("cafe-not-reached", join_path("cafes", i), N_(
                "The cafe at {at} is circled but no drawn section reaches it; a cafe is circled when a section is "
                "drawn to it."), at=_name(p)))
    for cafe in sheet.tile.cafes:
        if cafe.at in reached and cafe.at not in circled:
            problems.append(warning("cafe-not-circled", "cafes", N_(
                "A drawn section reaches the cafe at {at} but it is not circled: were its tourists added?"),
                                    at=_name(cafe.at)))


def _read_route(raw: list, sheet: Sheet, problems: list[Problem]) -> None:
    """The kept route is a walk over drawn sections, each at most once."""
    drawn = set(sheet.sections)
    walk: list[Point] = []
    used: dict[Section, int] = {}
    ok = True
    for i, rp in enumerate(raw):
        ipath = join_path("final_route", i)
        p = _point(rp, ipath, problems)
        if p is None:
            ok = False
            continue
        if walk and ok:
            sec = section(walk[-1], p)
            if not is_road(sec):
                problems.append(error("route-not-a-road", ipath, N_(
                    "The route jumps from {a} to {b}; consecutive route points are joined by one road section."),
                                      a=_name(walk[-1]), b=_name(p)))
                ok = False
            elif sec not in drawn:
                problems.append(error("route-not-drawn", ipath, N_(
                    "The route uses {a}–{b}, which is not among the drawn sections; the final route is made of drawn "
                    "sections only."), a=_name(walk[-1]), b=_name(p)))
            elif sec in used:
                problems.append(error("route-reuses-section", ipath, N_(
                    "The route runs along {a}–{b} a second time (first at final_route[{first}]); each section counts "
                    "once."), a=_name(walk[-1]), b=_name(p), first=used[sec]))
            else:
                used[sec] = i
        walk.append(p)
    if ok:
        sheet.final_route = walk
        if len(walk) < 2:
            problems.append(warning("empty-route", "final_route", N_(
                "The final route has no sections; it scores nothing.")))


def read_player(raw: Any, library: Path | str | None = None) -> tuple[Sheet | None, str | None, list[Problem]]:
    """Read one player's sheet: the sheet (None without a usable tile), the name as written, every problem."""
    if not isinstance(raw, dict):
        return None, None, [error("not-an-object", "", N_(
            "A player's sheet is a JSON object with \"player\", \"tile\" and \"sections\", not {value}."),
                                  value=show(raw))]
    model, broken, problems = read_lenient(PlayerDoc, raw, "", _STAND_INS)
    name = raw.get("player") if isinstance(raw.get("player"), str) else None
    if model is None:
        return None, name, problems
    tile = _read_tile(model.tile, "tile", library, problems) if "tile" not in broken else None
    if tile is None:
        return None, name, problems
    sheet = Sheet(model.player, tile)
    _read_sections(model.sections, sheet, problems)
    _read_tourists(model.tourists, sheet, problems)
    sections_known = "sections" not in broken
    if model.cafes is not None:
        _read_cafes(model.cafes, sheet, sections_known, problems)
    if model.final_route is not None and sections_known:
        _read_route(model.final_route, sheet, problems)
    return sheet, name, problems


__all__ = ["MAX_ROUNDS", "MAX_SECTIONS", "DistrictDoc", "PlayerDoc", "Sheet", "read_player"]
