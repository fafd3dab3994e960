"""Explore New York map pages carry the camera marks (kind 2): read back from a rendering, the clear band kept."""

from __future__ import annotations

import pytest

cv2 = pytest.importorskip("cv2")
np = pytest.importorskip("numpy")
pypdfium2 = pytest.importorskip("pypdfium2")

from companion.games.explore_new_york.tiles import load_tile, shipped_tiles, tile_to_json  # noqa: E402
from companion.vision import pagecode  # noqa: E402
from companion.vision.locate import locate  # noqa: E402
from printables.core.style import PAPER_SIZES  # noqa: E402
from printables.explore_new_york.maps import CAMERA_KIND, maps_pdf, page_id  # noqa: E402

SCALE = 120 / 72  # 120 dpi


def render(data: bytes, index: int) -> np.ndarray:
    """Render one page of a PDF to RGB pixels."""
    pdf = pypdfium2.PdfDocument(data)
    try:
        return np.array(pdf[index].render(scale=SCALE).to_pil().convert("RGB"))
    finally:
        pdf.close()


def own_tile():
    """A table's own tile (transcribed in the tile editor): another id and other cafes than the shipped ones."""
    doc = tile_to_json(shipped_tiles()["harbor"])
    doc["id"], doc["name"] = "kitchen-table", "Kitchen table"
    doc["cafes"] = doc["cafes"][:3]
    return load_tile(doc)


@pytest.mark.parametrize("paper,lang", [("a4", "en"), ("letter", "ja")])
def test_every_map_page_names_its_tile(paper, lang):
    """Each page of the shipped maps (and a table's own tile) shows four markers and a code naming its tile."""
    tiles = [*shipped_tiles().values(), own_tile()]
    data = maps_pdf(tiles, lang=lang, paper=paper)
    ids = {page_id(t) for t in tiles}
    assert len(ids) == len(tiles)  # every tile its own name on paper
    for index, tile in enumerate(tiles):
        located = locate(render(data, index))
        code = located.code
        assert located.markers == 4
        assert code.kind == CAMERA_KIND and pagecode.KINDS[code.kind] == "explore-new-york-map"
        assert code.matches(page_id(tile)) and not any(code.matches(i) for i in ids - {page_id(tile)})
        assert (code.paper, code.lang) == (paper, lang)


def test_page_id_changes_when_the_tile_does():
    """An edited tile (same id) prints another page id: an old print is not read against the new districts."""
    tile = own_tile()
    doc = tile_to_json(tile)
    doc["cafes"] = doc["cafes"][:2]
    assert page_id(load_tile(doc)) != page_id(tile)
    assert page_id(load_tile(tile_to_json(tile))) == page_id(tile)


def test_clear_band_outside_the_camera_marks():
    """Nothing but the camera marks is printed within 12 mm of the page edge (the markers need white around)."""
    data = maps_pdf(list(shipped_tiles().values())[:1], lang="ja")
    image = render(data, 0).min(axis=2)
    mm = SCALE * 72 / 25.4
    band = np.zeros_like(image, bool)
    edge = round(12 * mm)
    band[:edge], band[-edge:], band[:, :edge], band[:, -edge:] = True, True, True, True
    w_pt, h_pt = PAPER_SIZES["a4"]
    for x0, y0, x1, y1 in pagecode.camera_boxes(w_pt, h_pt):
        band[max(0, round((h_pt - y1) * SCALE) - 2):round((h_pt - y0) * SCALE) + 2,
             max(0, round(x0 * SCALE) - 2):round(x1 * SCALE) + 2] = False
    assert (image[band] < 200).sum() == 0
    # ... and 2 mm of white around each corner marker
    for left, bottom in pagecode.marker_squares(w_pt, h_pt).values():
        x0, x1 = round((left - 2 * pagecode.MM) * SCALE), round((left + pagecode.MARKER_SIZE + 2 * pagecode.MM) * SCALE)
        y0 = round((h_pt - bottom - pagecode.MARKER_SIZE - 2 * pagecode.MM) * SCALE)
        y1 = round((h_pt - bottom + 2 * pagecode.MM) * SCALE)
        ring = image[max(0, y0):y1, max(0, x0):x1].copy()
        inner = int(2 * pagecode.MM * SCALE) - 1  # the white ring, a pixel short of the marker
        ring[inner:-inner, inner:-inner] = 255
        assert (ring < 200).sum() == 0
