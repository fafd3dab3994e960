"""The world cities' printed maps read from phone photos (tests/vision/photo_camera.py `phone_photo`).

A corner road drawn round its printed arc, and each city's own marks: Cairo's crosses and remote tourist
spaces, Hong Kong's crossed-out ferries, Paris's section colours, New York's Statue of Liberty tickets, Rio's
carnival street and London's bridges (tests/vision/test_vision_phone.py). Small photos (2-3 MP);
bench/vision_phone.py --boards all measures the whole set.
"""

from __future__ import annotations

import pytest

cv2 = pytest.importorskip("cv2")
np = pytest.importorskip("numpy")

from photo_camera import phone_photo  # noqa: E402

from companion.games.enroute.registry import find_board  # noqa: E402
from companion.vision import cities  # noqa: E402
from companion.vision.pagegeom import page_geometry  # noqa: E402
from companion.vision.reader import read_photo  # noqa: E402

JUDGE = {
    "section": lambda d, t: d.value == (d.key in t.sections),
    "tourists": lambda d, t: d.value == t.tourists.get(d.key, {}),
    "cafe": lambda d, t: d.value == t.cafes.get(d.key),
    "goal": lambda d, t: d.value == (d.key in t.goal),
    "remote": lambda d, t: d.value == t.remote.get(d.key, {}),
    "crossed": lambda d, t: d.value == (d.key in t.crossed),
    "ferry": lambda d, t: d.value == (d.key in t.crossed),
    "colour": lambda d, t: d.key not in t.sections or d.value == t.colours.get(d.key),
    "ticket": lambda d, t: d.value == (d.key in t.tickets),
}


def _silent(reading, truth) -> list:
    """The decisions that are wrong and not flagged."""
    return [d for d in reading.decisions if not JUDGE[d.kind](d, truth) and not d.doubtful]


def test_a_corner_road_is_sampled_on_its_printed_arc():
    """The reader looks for a corner road's ink on its quarter arc: its middle is well off the chord."""
    board = find_board("rio-example")
    geo = page_geometry(board, "a4", "en")
    corner = ((5, 6), (6, 5))
    (mid,), (_n,) = geo.road_points([corner], np.array([0.5], np.float32))
    chord = (np.array(geo.points[corner[0]]) + np.array(geo.points[corner[1]])) / 2
    assert np.hypot(*(mid[0] - chord)) > 0.15 * geo.cell
    straight = ((0, 0), (1, 0))
    (smid,), _ = geo.road_points([straight], np.array([0.5], np.float32))
    assert np.allclose(smid[0], (np.array(geo.points[(0, 0)]) + np.array(geo.points[(1, 0)])) / 2)


def test_rio_corner_roads_and_carnival_street_are_read():
    """Both of Rio's rounded corner roads, drawn round their arcs, and its dashed carnival street are read as drawn."""
    board = find_board("rio-example")
    walks = [[(1, 1), (1, 0), (0, 1), (0, 2), (1, 2), (2, 2), (3, 2)], [(4, 6), (5, 6), (6, 5), (6, 4)]]
    data, truth = phone_photo(board, 2, "easy", megapixels=3, pen="felt", walks=walks)
    reading = read_photo(data, [board])
    sections = {d.key: d for d in reading.decisions if d.kind == "section"}
    for corner in (((0, 1), (1, 0)), ((5, 6), (6, 5))):
        assert sections[corner].value and not sections[corner].doubtful, sections[corner]
    for sec in (((0, 2), (1, 2)), ((1, 2), (2, 2)), ((2, 2), (3, 2))):
        assert sections[sec].value, sections[sec]
    assert not _silent(reading, truth)


def test_cairo_crosses_and_remote_spaces_are_read():
    """A crossed-out location holds no tourists; tourists written in a remote space's box go to that space."""
    board = find_board("cairo-example")
    marks = {"crossed": {(3, 4)}, "remote": {"oasis": {"red": 1, "blue": 1}, "pyramids": {"green": 1}}}
    data, truth = phone_photo(board, 4, "easy", megapixels=3, pen="felt", marks=marks)
    reading = read_photo(data, [board])
    assert reading.draft["crossed"] == [[3, 4]]
    assert reading.draft["remote"] == {"oasis": {"red": 1, "blue": 1}, "pyramids": {"green": 1}}
    crossed = {d.key: d for d in reading.decisions if d.kind == "crossed"}
    assert crossed[(3, 4)].value and not crossed[(3, 4)].doubtful
    assert not _silent(reading, truth)


def test_hong_kong_crossed_out_ferry_is_read():
    """A ferry location crossed out is read on the ferry locations only."""
    board = find_board("hong-kong-example")
    data, truth = phone_photo(board, 1, "easy", megapixels=3, pen="marker", marks={"crossed": {(6, 1)}})
    reading = read_photo(data, [board])
    ferries = {d.key: d.value for d in reading.decisions if d.kind == "ferry"}
    assert ferries == {(1, 2): False, (6, 1): True}
    assert reading.draft["crossed"] == [[6, 1]]
    assert not _silent(reading, truth)


def test_paris_section_colours_are_read():
    """Each Paris section's pen colour (red, green, blue) is read; the draft lists them in section order."""
    board = find_board("paris-example")
    walk = [(0, 3), (1, 3), (2, 3), (3, 3), (3, 4), (4, 4), (5, 4)]
    sections = [(a, b) if a <= b else (b, a) for a, b in zip(walk, walk[1:])]
    colours = dict(zip(sections, ("red", "red", "green", "blue", "blue", "green")))
    data, truth = phone_photo(board, 2, "easy", megapixels=3, pen="felt", walks=[walk], marks={"colours": colours})
    reading = read_photo(data, [board])
    read = {d.key: d.value for d in reading.decisions if d.kind == "colour"}
    assert read == colours
    draft = reading.draft
    assert [colours[(tuple(a), tuple(b))] for a, b in draft["sections"]] == draft["colours"]
    assert not _silent(reading, truth)


def test_new_york_ticket_box_is_read():
    """A tick in one dock's "with a ticket" box is that dock's Statue of Liberty ticket; the other box is empty."""
    board = find_board("new-york-example")
    data, truth = phone_photo(board, 3, "easy", megapixels=5, pen="felt", marks={"tickets": {"whitehall"}})
    reading = read_photo(data, [board])
    tickets = {d.key: d for d in reading.decisions if d.kind == "ticket"}
    assert tickets["whitehall"].value and not tickets["whitehall"].doubtful
    assert not tickets["corlears-hook"].value
    assert reading.draft["tickets"] == ["whitehall"]
    assert not [d for d in _silent(reading, truth) if d.kind == "ticket"]


def test_only_the_board_s_feature_types_bring_readers():
    """The training city has no city readers; each world city gets those of its own feature types."""
    kinds = {board_id: [r.kind for r in cities.readers_for(find_board(board_id))]
             for board_id in ("training-city", "london-example", "rio-example", "cairo-example",
                              "hong-kong-example", "paris-example", "new-york-example")}
    assert kinds == {"training-city": [], "london-example": [], "rio-example": [], "cairo-example": ["crossed", "remote"],
                     "hong-kong-example": ["ferry"], "paris-example": ["colour"], "new-york-example": ["ticket"]}
