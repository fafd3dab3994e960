"""Photos the reader cannot trust are refused before reading; faint lines are flagged, never silently missed.

The photos come from tests/vision/photo_camera.py, made differently from vision_synth.py (the set the
reader was built on); bench/vision_camera.py measures the whole set.
"""

from __future__ import annotations

import random

import pytest

cv2 = pytest.importorskip("cv2")
np = pytest.importorskip("numpy")

from photo_camera import camera_photo  # noqa: E402
from vision_synth import _page, photograph  # noqa: E402

from companion.games.enroute.registry import find_board  # noqa: E402
from companion.vision import quality  # noqa: E402
from companion.vision.pagegeom import PX_PER_PT, page_geometry  # noqa: E402
from companion.vision.reader import PhotoError, read_photo  # noqa: E402


@pytest.fixture(scope="module")
def board():
    """The training city."""
    return find_board("training-city")


def test_a_good_photo_of_the_other_set_is_read(board):
    """A sharp, evenly lit photo (thin pen, other camera) passes every check and reads its sections right."""
    data, truth = camera_photo(board, 500, "none")
    reading = read_photo(data, [board])
    q = reading.quality
    assert q.px_per_mm >= quality.MIN_PX_PER_MM and q.blur_mm <= quality.MAX_BLUR_MM
    assert q.glare <= quality.MAX_GLARE and q.shadow_step <= quality.MAX_SHADOW_STEP
    drawn = {d.key for d in reading.decisions if d.kind == "section" and d.value}
    assert drawn == truth.sections


@pytest.mark.parametrize("defect,seed,words", [
    ("blur", 500, "blurred"),
    ("glare", 500, "reflects"),
    ("shadow", 500, "hard shadow"),
    ("small", 503, "too small"),
])
def test_a_poor_photo_is_refused_with_the_reason(board, defect, seed, words):
    """Blur, glare across the map, a hard shadow or a tiny page: refused, naming the problem and the retake."""
    data, _truth = camera_photo(board, seed, defect)
    with pytest.raises(PhotoError) as caught:
        read_photo(data, [board])
    assert words in str(caught.value) and "take it again" in str(caught.value)
    reading = read_photo(data, [board], strict=False)  # the bench can still see what it would have read
    assert reading.quality is not None


def test_faint_thin_lines_and_circles_are_flagged_not_confidently_missed(board):
    """Thin grey lines along roads and thin goal circles (a dry ballpoint): read or flagged, never "no" at 1.0."""
    geo = page_geometry(board, "a4", "en")
    page = _page(board, 2, "a4", "en").copy()
    k = 2.0 / PX_PER_PT  # vision_synth's page scale over the reader's
    roads = list(board.roads)[::9]
    for a, b in roads:
        pa, pb = (np.round(np.array(geo.points[p]) * k * 16).astype(int) for p in (a, b))
        cv2.line(page, tuple(pa), tuple(pb), (120, 120, 140), 1, cv2.LINE_AA, shift=4)
    cafes = {cafe.at for cafe in board.cafes}
    goals = [p for p in sorted(geo.points) if p not in cafes][5::11][:3]
    for point in goals:  # 2 pixels here: about 0.35 mm
        centre = tuple(np.round(np.array(geo.points[point]) * k * 16).astype(int))
        cv2.circle(page, centre, round(geo.cell * 0.18 * k * 16), (120, 120, 140), 2, cv2.LINE_AA, shift=4)
    reading = read_photo(photograph(page, random.Random(2)), [board])
    decisions = [d for d in reading.decisions if d.kind == "section" and d.key in roads]
    assert len(decisions) == len(roads)
    assert all(d.value or d.doubtful for d in decisions), [(d.key, d.measure, d.measure2) for d in decisions]
    circles = [d for d in reading.decisions if d.kind == "goal" and d.key in goals]
    assert len(circles) == 3 and all(d.value or d.doubtful for d in circles)
