"""Phone photos made like the hidden acceptance set (tests/vision/photo_camera.py `phone_photo`).

A 3-D camera (tilt, roll, curl, lens distortion, sharpening, JPEG), its own pens and print: the
reader must read what players really draw, or flag it, and never be confidently wrong. Few and small
photos here (2 MP); bench/vision_phone.py measures the whole set.
"""

from __future__ import annotations

import pytest

cv2 = pytest.importorskip("cv2")
np = pytest.importorskip("numpy")

from photo_camera import phone_photo  # noqa: E402

from companion.games.enroute.registry import find_board  # noqa: E402
from companion.vision.reader import read_photo  # noqa: E402


def _wrong(reading, truth) -> list:
    """Return the decisions that disagree with the truth."""
    out = []
    for d in reading.decisions:
        if d.kind == "section":
            want = d.key in truth.sections
        elif d.kind == "tourists":
            want = truth.tourists.get(d.key, {})
        elif d.kind == "cafe":
            want = truth.cafes.get(d.key)
        else:
            want = d.key in truth.goal
        if d.value != want:
            out.append(d)
    return out


def test_bridges_in_thin_ballpoint_are_read_or_flagged():
    """London's four bridges drawn in a thin ballpoint are read as drawn, or flagged: never missed silently."""
    board = find_board("london-example")
    walks = [[(0, 3), (1, 3), (1, 4), (2, 4), (2, 3), (3, 3), (3, 4), (4, 4), (5, 4), (5, 3)]]
    data, truth = phone_photo(board, 3, "easy", megapixels=3, pen="ballpoint", walks=walks)
    reading = read_photo(data, [board])
    bridges = {feature.sections[0] for feature in board.features_of("bridge")}
    for d in reading.decisions:
        if d.kind == "section" and d.key in bridges:
            assert d.value or d.doubtful, d
    assert not [d for d in _wrong(reading, truth) if not d.doubtful]


def test_tourists_in_one_pen_are_read_by_shape():
    """Every tourist drawn in the route's own pen (circles, squares, triangles) is counted by its shape."""
    board = find_board("training-city")
    data, truth = phone_photo(board, 5, "easy", megapixels=3, pen="felt", one_pen=True)
    reading = read_photo(data, [board])
    tourists = [d for d in reading.decisions if d.kind == "tourists"]
    marked = [d for d in tourists if truth.tourists.get(d.key)]
    right = [d for d in marked if d.value == truth.tourists[d.key]]
    assert len(right) >= 0.8 * len(marked), [(d.key, d.value, truth.tourists[d.key]) for d in marked]
    assert not [d for d in _wrong(reading, truth) if not d.doubtful]


def test_a_curled_page_through_a_real_lens_has_no_confident_error():
    """A medium photo (tilt up to 20°, curl, lens distortion, a marker in one pen): every wrong item is flagged."""
    board = find_board("training-city")
    data, truth = phone_photo(board, 6, "medium", megapixels=2)
    reading = read_photo(data, [board])
    assert not [d for d in _wrong(reading, truth) if not d.doubtful]
    drawn = {d.key for d in reading.decisions if d.kind == "section" and d.value}
    assert len(drawn ^ truth.sections) <= 1


def test_a_broad_marker_through_a_circled_cafe_is_no_strike():
    """A broad marker's route running into a circled cafe (its thick ring at the badge) is not a strike-through."""
    board = find_board("training-city")
    data, truth = phone_photo(board, 3, "medium", megapixels=2)
    reading = read_photo(data, [board])
    cafes = {d.key: d for d in reading.decisions if d.kind == "cafe"}
    assert cafes[(4, 0)].value == truth.cafes[(4, 0)] == "unused", cafes[(4, 0)]
    assert not [d for d in _wrong(reading, truth) if not d.doubtful]
