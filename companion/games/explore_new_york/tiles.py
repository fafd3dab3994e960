"""Tiles as documents (`explore-new-york-tile/1`): reading with every problem, writing back, the shipped tiles.

The four shipped tiles (`data/tiles/*.json`) are the companion's own example
tiles (the printed ones are not public); they are read with the same checks as
a table's own tile and a broken one fails at import. A table's own tiles live
in a library folder as `<library>/explore-new-york/<id>.json`, or inline in a
game document.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any, Literal

from pydantic import ConfigDict, field_validator

from ..core.problems import N_, DocumentError, Problem, error, has_errors
from ..core.schema import Doc, Field, Int, NonEmptyStr, custom, join_path, show
from .reading import read_lenient
from .tile import COLOURS, KINDS, MAX_STARS, SIZE, TILE_CORNERS, Cafe, Tile, is_point

TILE_FORMAT = "explore-new-york-tile/1"
DATA = Path(__file__).resolve().parent / "data"
LIBRARY_FOLDER = "explore-new-york"
_ID = re.compile(r"^[a-z0-9][a-z0-9-]{0,63}$")


class DataError(RuntimeError):
    """A shipped data file is broken."""


class UnknownTileError(LookupError):
    """No shipped or library tile has this id."""


class TouristsDoc(Doc):
    """Tourist symbols by colour (a cafe's, or a district's on a sheet)."""

    red: Int = Field(default=0, ge=0, le=99, title=N_("The number of red tourists"))
    green: Int = Field(default=0, ge=0, le=99, title=N_("The number of green tourists"))
    blue: Int = Field(default=0, ge=0, le=99, title=N_("The number of blue tourists"))

    def counts(self) -> dict[str, int]:
        """Return the non-zero counts by colour, in row order."""
        return {c: getattr(self, c) for c in COLOURS if getattr(self, c)}


class CafeDoc(Doc):
    """A cafe: its intersection and its tourist symbols."""

    model_config = ConfigDict(extra="forbid", frozen=True, title=N_("a cafe"))

    at: tuple[Int, Int] = Field(title=N_("A cafe's intersection"))
    tourists: TouristsDoc = Field(title=N_("A cafe's tourists"))


class TileDoc(Doc):
    """The shape of a tile document."""

    model_config = ConfigDict(extra="forbid", frozen=True, title=N_("a tile"))

    format: Literal["explore-new-york-tile/1"] = Field(title=N_("The format"))
    id: str = Field(title=N_("The tile id"))
    name: NonEmptyStr = Field(title=N_("The tile name"))
    columns: list[Int] = Field(default=[1, 2, 3, 4, 5, 6], title=N_("The printed X coordinates"))
    rows: list[Int] = Field(default=[1, 2, 3, 4, 5, 6], title=N_("The printed Y coordinates"))
    districts: list[list[Literal["red", "green", "blue", "yellow", "grey", "white"]]] = Field(
        title=N_("A district's kind"))
    cafes: list[CafeDoc] = Field(default_factory=list, title=N_("The cafes"))

    @field_validator("id", mode="after")
    @classmethod
    def _id(cls, value: str) -> str:
        """A tile id is a short lowercase name usable in a file name."""
        if not _ID.match(value):
            raise custom("bad-id", N_("A tile id is lowercase letters, digits and dashes, not {value}."))
        return value


def _check_coordinates(values: list[int], path: str, problems: list[Problem]) -> None:
    """Printed coordinates along one side are 1 to 6, each once."""
    if sorted(values) != list(range(1, SIZE + 1)):
        problems.append(error("bad-coordinates", path, N_(
            "The printed coordinates along a side are 1 to {size}, each once, not {value}."),
                              size=SIZE, value=show(values)))


def _check_districts(rows: list[list[str]], path: str, problems: list[Problem]) -> None:
    """The district grid is 6 rows of 6 kinds with at most four grey stars."""
    if len(rows) != SIZE:
        problems.append(error("bad-grid", path, N_("A tile has {size} rows of districts, not {found}."),
                              size=SIZE, found=len(rows)))
    for r, row in enumerate(rows):
        if len(row) != SIZE:
            problems.append(error("bad-grid", join_path(path, r), N_(
                "Row {row} has {found} districts; every row has {size}."), row=r + 1, found=len(row), size=SIZE))
    stars = sum(row.count("grey") for row in rows)
    if stars > MAX_STARS:
        problems.append(error("too-many-stars", path, N_(
            "A tile has at most {most} grey star districts (the score table stops at {most}), not {found}."),
                              most=MAX_STARS, found=stars))


def _check_cafes(cafes: list[CafeDoc], path: str, problems: list[Problem]) -> tuple[Cafe, ...]:
    """Cafes stand on intersections a road reaches, one per intersection, with at least one tourist."""
    found: dict[tuple[int, int], int] = {}
    for i, cafe in enumerate(cafes):
        ipath = join_path(path, i)
        at = tuple(cafe.at)
        if at in TILE_CORNERS:
            problems.append(error("cafe-off-map", join_path(ipath, "at"), N_(
                "{at} is a rounded tile corner, not an intersection; no road reaches a cafe there."),
                                  at=show(list(at))))
            continue
        if not is_point(at):
            problems.append(error("cafe-off-map", join_path(ipath, "at"), N_(
                "A cafe stands on an intersection [x, y] with x and y from 0 to {size}, not {at}."),
                                  size=SIZE, at=show(list(at))))
            continue
        if at in found:
            problems.append(error("duplicate-cafe", join_path(ipath, "at"), N_(
                "The cafe at {at} is already listed as cafes[{first}]."), at=show(list(at)), first=found[at]))
            continue
        if not cafe.tourists.counts():
            problems.append(error("cafe-without-tourists", join_path(ipath, "tourists"), N_(
                "A cafe shows at least one tourist symbol.")))
            continue
        found[at] = i
    return tuple(Cafe(tuple(c.at), tuple(c.tourists.counts().items())) for c in cafes)


_TILE_STAND_INS = {"format": TILE_FORMAT, "id": "tile", "name": "?", "columns": [1, 2, 3, 4, 5, 6],
                   "rows": [1, 2, 3, 4, 5, 6], "districts": [], "cafes": []}


def parse_tile(doc: Any, path: str = "") -> tuple[Tile | None, list[Problem]]:
    """Check an `explore-new-york-tile/1` document; return the tile (None if it has errors) and every problem."""
    if not isinstance(doc, dict):
        return None, [error("not-an-object", path, N_("A tile is a JSON object ({format}), not {value}."),
                            format=TILE_FORMAT, value=show(doc))]
    model, broken, problems = read_lenient(TileDoc, doc, path, _TILE_STAND_INS)
    if model is None:
        return None, problems
    if "columns" not in broken:
        _check_coordinates(model.columns, join_path(path, "columns"), problems)
    if "rows" not in broken:
        _check_coordinates(model.rows, join_path(path, "rows"), problems)
    if "districts" not in broken:
        _check_districts(model.districts, join_path(path, "districts"), problems)
    cafes = _check_cafes(model.cafes, join_path(path, "cafes"), problems)
    if has_errors(problems):
        return None, problems
    tile = Tile(model.id, model.name, tuple(model.columns), tuple(model.rows),
                tuple(tuple(row) for row in model.districts), cafes)
    return tile, problems


def load_tile(doc: Any) -> Tile:
    """Parse a tile document or raise `DocumentError` with every problem."""
    tile, problems = parse_tile(doc)
    if tile is None:
        raise DocumentError(problems)
    return tile


def tile_to_json(tile: Tile) -> dict:
    """Write a tile as `explore-new-york-tile/1` (reading it back gives the same tile)."""
    return {"format": TILE_FORMAT, "id": tile.id, "name": tile.name, "columns": list(tile.columns),
            "rows": list(tile.rows), "districts": [list(row) for row in tile.districts],
            "cafes": [{"at": list(c.at), "tourists": c.counts()} for c in tile.cafes]}


@cache
def shipped_tiles() -> dict[str, Tile]:
    """The companion's example tiles by id, read and checked once (a broken file raises `DataError`)."""
    tiles: dict[str, Tile] = {}
    for path in sorted((DATA / "tiles").glob("*.json")):
        try:
            tile = load_tile(json.loads(path.read_text(encoding="utf-8")))
        except (DocumentError, ValueError) as exc:
            raise DataError(f"{path.name}: {exc}") from exc
        if tile.id != path.stem or tile.id in tiles:
            raise DataError(f"{path.name}: the tile id {tile.id!r} must match the file name and be unique")
        tiles[tile.id] = tile
    if len(tiles) < 4:
        raise DataError("four tiles are needed so that four players can play")
    return tiles


def shipped_tile_ids() -> list[str]:
    """The shipped tile ids in order."""
    return list(shipped_tiles())


def find_tile(tile_id: str, library: Path | str | None = None) -> Tile:
    """Return a shipped tile, or a library tile `<library>/explore-new-york/<id>.json`.

    Raises `UnknownTileError` when there is none and `DocumentError` when a library file is broken.
    """
    tiles = shipped_tiles()
    if tile_id in tiles:
        return tiles[tile_id]
    if library is not None and _ID.match(tile_id):
        path = Path(library) / LIBRARY_FOLDER / f"{tile_id}.json"
        if path.is_file():
            try:
                doc = json.loads(path.read_text(encoding="utf-8"))
            except (OSError, ValueError, UnicodeDecodeError) as exc:
                raise DocumentError([error("unreadable-tile", "", N_("The tile file {file} cannot be read."),
                                           file=path.name)]) from exc
            return load_tile(doc)
    raise UnknownTileError(tile_id)


__all__ = ["TILE_FORMAT", "CafeDoc", "DataError", "KINDS", "TileDoc", "TouristsDoc", "UnknownTileError",
           "find_tile", "load_tile", "parse_tile", "shipped_tile_ids", "shipped_tiles", "tile_to_json"]
