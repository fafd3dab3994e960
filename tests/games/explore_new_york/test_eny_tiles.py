"""The shipped example tiles, the tile geometry (rounded corners) and the tile reader's checks."""

from __future__ import annotations

import copy
import json

import pytest

from companion.games.core.problems import DocumentError
from companion.games.explore_new_york.tile import (
    KINDS,
    LOCATIONS,
    POINTS,
    ROADS,
    TILE_CORNERS,
    borders,
    is_road,
    neighbours,
    sides,
    star_pp,
)
from companion.games.explore_new_york.tiles import (
    LIBRARY_FOLDER,
    UnknownTileError,
    find_tile,
    parse_tile,
    shipped_tiles,
    tile_to_json,
)


def shape(doc) -> list[tuple[str, str]]:
    """The (code, path) of a tile document's problems."""
    return [(p.code, p.path) for p in parse_tile(doc)[1]]


def test_four_tiles_with_every_kind_and_cafes():
    """Four different tiles for four players, each with every district kind, 4 stars and tourist cafes."""
    tiles = shipped_tiles()
    assert len(tiles) == 4
    layouts = {t.districts for t in tiles.values()}
    assert len(layouts) == 4
    for tile in tiles.values():
        kinds = {k for row in tile.districts for k in row}
        assert kinds == set(KINDS)
        assert len(tile.locations_of("grey")) == 4
        assert len(tile.cafes) >= 4
        assert all(sum(c.counts().values()) >= 1 for c in tile.cafes)


@pytest.mark.parametrize("tile_id", sorted(shipped_tiles()))
def test_round_trip(tile_id):
    """Export, import, export gives the same document and the same tile."""
    tile = shipped_tiles()[tile_id]
    doc = tile_to_json(tile)
    again, problems = parse_tile(json.loads(json.dumps(doc)))
    assert problems == [] and again == tile and tile_to_json(again) == doc


def test_geometry():
    """80 roads: the grid less the eight straight edges at the tile corners, plus four curves."""
    assert len(ROADS) == 84 - 8 + 4
    assert len(POINTS) == 49 - 4 and not TILE_CORNERS & set(POINTS)
    assert borders(((0, 1), (1, 0))) == ((1, 1),)
    assert borders(((5, 6), (6, 5))) == ((6, 6),)
    assert borders(((1, 1), (2, 1))) == ((2, 1), (2, 2))
    assert not is_road(((0, 0), (1, 0)))
    assert neighbours((1, 0)) == ((0, 1), (1, 1), (2, 0))
    for loc in LOCATIONS:
        corner = loc in ((1, 1), (6, 1), (1, 6), (6, 6))
        assert len(sides(loc)) == (3 if corner else 4)
        assert all(loc in borders(sec) for sec in sides(loc))


def test_star_table():
    """Grey stars on the route: 0/1/2/3/4 → 0/4/12/24/36."""
    assert [star_pp(n) for n in range(5)] == [0, 4, 12, 24, 36]


def test_matching_districts_and_printed_coordinates():
    """Equal numbers name one district, different numbers two, a * a whole row or column, two * every one."""
    tile = shipped_tiles()["riverside"]
    assert tile.matching(3, 3) == [(3, 3)]
    assert tile.matching(2, 5) == [(5, 2), (2, 5)]
    assert len(tile.matching(None, 4)) == 11 and len(tile.matching(None, None)) == 36
    turned = tile_to_json(tile)
    turned["columns"] = [6, 5, 4, 3, 2, 1]
    mine, _ = parse_tile(turned)
    assert mine.matching(1, 1) == [(6, 1)] and mine.printed((6, 1)) == (1, 1) and mine.at_printed(1, 1) == (6, 1)


def test_tile_checks():
    """Grid size, kinds, coordinates, stars and cafes are all checked, every problem at once."""
    doc = tile_to_json(shipped_tiles()["harbor"])
    bad = copy.deepcopy(doc)
    bad["id"] = "Bad Id"
    bad["columns"] = [1, 1, 2, 3, 4, 5]
    bad["districts"][2] = bad["districts"][2][:5]
    bad["districts"][0][0] = "grey"
    bad["districts"][0][1] = "grey"
    bad["cafes"] += [{"at": [0, 0], "tourists": {"red": 1}}, {"at": [4, 1], "tourists": {"blue": 1}},
                     {"at": [3, 7], "tourists": {"red": 1}}, {"at": [3, 3], "tourists": {}}]
    assert shape(bad) == [("bad-id", "id"), ("bad-coordinates", "columns"), ("bad-grid", "districts[2]"),
                          ("too-many-stars", "districts"), ("cafe-off-map", "cafes[6].at"),
                          ("duplicate-cafe", "cafes[7].at"), ("cafe-off-map", "cafes[8].at"),
                          ("cafe-without-tourists", "cafes[9].tourists")]
    kinds = copy.deepcopy(doc)
    kinds["districts"][1][1] = "purple"
    kinds["extra"] = 1
    del kinds["name"]
    assert shape(kinds) == [("missing-key", "name"), ("bad-value", "districts[1][1]"), ("unknown-key", "extra")]
    assert shape([]) == [("not-an-object", "")]


def test_library_tiles(tmp_path):
    """A table's own tile is found in the library's explore-new-york folder; a broken one is reported."""
    doc = tile_to_json(shipped_tiles()["midtown"])
    doc.update(id="our-tile", name="Our tile")
    folder = tmp_path / LIBRARY_FOLDER
    folder.mkdir()
    (folder / "our-tile.json").write_text(json.dumps(doc))
    assert find_tile("our-tile", tmp_path).name == "Our tile"
    with pytest.raises(UnknownTileError):
        find_tile("our-tile")
    (folder / "broken.json").write_text("{")
    with pytest.raises(DocumentError):
        find_tile("broken", tmp_path)
    with pytest.raises(UnknownTileError):
        find_tile("../midtown", tmp_path)
