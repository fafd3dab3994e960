"""The Welcome To sheet's camera marks: four ArUco markers and a page code of kind 3, read back from a rendering,
and the layout the reader samples agrees with what is printed."""

from __future__ import annotations

import pytest

cv2 = pytest.importorskip("cv2")
np = pytest.importorskip("numpy")
pypdfium2 = pytest.importorskip("pypdfium2")

from reportlab.lib.units import mm  # noqa: E402

from companion.games.welcome_to import RULES  # noqa: E402
from companion.vision import pagecode  # noqa: E402
from companion.vision.locate import find_markers, read_code  # noqa: E402
from printables.welcome_to.sheet import CAMERA_ID, sheet_layout, sheet_pdf  # noqa: E402

SCALE = 150 / 72  # 150 dpi


def render(data: bytes) -> np.ndarray:
    """Render the first page to grey pixels."""
    pdf = pypdfium2.PdfDocument(data)
    try:
        return np.array(pdf[0].render(scale=SCALE).to_pil().convert("L"))
    finally:
        pdf.close()


@pytest.mark.parametrize("paper,lang", [("a4", "en"), ("letter", "ja")])
def test_sheet_shows_its_markers_and_a_welcome_to_code(paper, lang):
    """Rendered, the sheet shows the four markers where pagecode puts them and a code naming a Welcome To sheet."""
    gray = render(sheet_pdf(paper=paper, lang=lang))
    markers = find_markers(gray)
    assert sorted(markers) == [0, 1, 2, 3]
    layout = sheet_layout(paper, lang)
    height_px = gray.shape[0]
    for marker, (left, bottom) in pagecode.marker_squares(layout.width, layout.height).items():
        x, y = markers[marker][0]  # the marker's top-left corner
        assert abs(x - left * SCALE) < 2 and abs(y - (height_px - (bottom + pagecode.MARKER_SIZE) * SCALE)) < 2
    to_photo = np.array([[SCALE, 0, 0], [0, -SCALE, height_px], [0, 0, 1]], np.float64)
    code, _spread = read_code(gray, to_photo, layout.width)
    assert code is not None and code.kind == 3 and pagecode.KINDS[code.kind] == "welcome-to-sheet"
    assert code.matches(CAMERA_ID) and (code.paper, code.lang) == (paper, lang)


def test_camera_marks_keep_clear_of_the_sheet():
    """The markers and the code strip stay inside the margin, off every house, box and track of the layout."""
    layout = sheet_layout()
    marks = pagecode.camera_boxes(layout.width, layout.height)
    things = list(layout.houses.values()) + [b for boxes in layout.tracks.values() for b in boxes]
    for x0, y0, x1, y1 in marks:
        for a0, b0, a1, b1 in things:
            assert x1 <= a0 or a1 <= x0 or y1 <= b0 or b1 <= y0


def test_layout_matches_the_rules_and_the_print():
    """Every house, fence, printed pool and track box the reader samples is there, and a house is dark-edged."""
    layout = sheet_layout()
    assert len(layout.houses) == sum(RULES.street_sizes) == len(layout.bis_boxes) == len(layout.roundabout_boxes)
    assert len(layout.fences) == sum(n - 1 for n in RULES.street_sizes)
    assert sorted(layout.pools) == sorted(tuple(p) for p in RULES.pool_positions)
    assert [len(layout.tracks[f"park{s}"]) for s in range(3)] == [len(t) - 1 for t in RULES.park_tracks]
    assert len(layout.tracks["temps"]) == RULES.temp_boxes and len(layout.tracks["refusals"]) == 3
    gray = render(sheet_pdf()).astype(float) / 255
    height_px = gray.shape[0]
    for x0, y0, _x1, y1 in layout.houses.values():
        # the house's outline is printed: dark at its left edge's middle, paper 3 mm inside the edge below the middle
        ex, ey = round(x0 * SCALE), round(height_px - (y0 + y1) / 2 * SCALE)
        assert gray[ey, ex - 1:ex + 2].min() < 0.5
        assert gray[ey, round((x0 + 3 * mm) * SCALE)] > 0.8
