"""Explore New York: phone photos of the printed map read into a sheet draft (companion/vision/explore_new_york).

The photos come from tests/vision/eny_photo.py (hand-drawn pens, arcs round the corners, a home print
and the 3-D phone camera of photo_camera.py); small (2 MP) and few here, bench/vision_eny.py measures
the whole set.
"""

from __future__ import annotations

import random
import time
from functools import cache

import pytest

cv2 = pytest.importorskip("cv2")
np = pytest.importorskip("numpy")

from eny_photo import blank_photo, eny_photo  # noqa: E402

from companion.games.explore_new_york.sheet import read_player  # noqa: E402
from companion.games.explore_new_york.tile import CORNER_ROADS, ROADS  # noqa: E402
from companion.games.explore_new_york.tiles import shipped_tiles, tile_to_json  # noqa: E402
from companion.vision.explore_new_york.reader import PhotoError, read_photo  # noqa: E402

TILES = shipped_tiles()


@cache
def photo(tile_id: str, seed: int, level: str = "easy", walks: tuple | None = None, paper: str = "a4",
          lang: str = "en"):
    """A phone photo and its truth (made once)."""
    return eny_photo(TILES[tile_id], seed, level, paper, lang, megapixels=2,
                     walks=[list(w) for w in walks] if walks else None)


def wrong(reading, truth) -> list:
    """The decisions that disagree with the truth, with whether each is flagged."""
    out = []
    for d in reading.decisions:
        if d.kind == "section":
            want = d.key in truth.sections
        elif d.kind == "tourists":
            want = truth.tourists.get(d.key, {})
        else:
            want = d.key in truth.cafes
        if d.value != want:
            out.append((d.kind, d.key, d.value, want, d.doubtful))
    return out


@pytest.mark.parametrize("tile_id,seed,paper,lang", [("riverside", 3, "a4", "en"), ("harbor", 5, "a4", "en"),
                                                     ("parkside", 7, "letter", "ja")])
def test_photo_reads_the_sheet_or_flags_what_it_got_wrong(tile_id, seed, paper, lang):
    """Every section, tourist and circled cafe read right, or flagged for the player; the draft is the sheet's."""
    data, truth = photo(tile_id, seed, paper=paper, lang=lang)
    started = time.process_time()
    reading = read_photo(data, [TILES[tile_id]])
    assert time.process_time() - started < 5  # CPU seconds (the wall clock depends on the machine's load)
    assert reading.tile is TILES[tile_id] and (reading.paper, reading.lang) == (paper, lang)
    assert [w for w in wrong(reading, truth) if not w[-1]] == []
    drawn = {(tuple(a), tuple(b)) for a, b in reading.draft["sections"]}
    assert drawn == truth.sections  # the roads (the reader's strongest part) read exactly
    assert reading.draft["final_route"] is None
    sheet, _name, problems = read_player({"player": "Aki", "tile": tile_to_json(TILES[tile_id]), **reading.draft})
    assert sheet is not None and not [p for p in problems if p.code in ("not-a-road", "not-a-cafe", "district-off-map")]


def test_curved_corner_roads_are_read_along_their_curve():
    """A route round all four rounded tile corners: each curved section read as drawn, no diagonal invented."""
    walks = (((1, 0), (0, 1), (0, 2)), ((5, 0), (6, 1), (6, 2)), ((0, 5), (1, 6), (2, 6)), ((5, 6), (6, 5), (6, 4)))
    data, truth = photo("parkside", 11, "easy", walks)
    reading = read_photo(data, [TILES["parkside"]])
    got = {d.key: d for d in reading.decisions if d.kind == "section"}
    for sec in CORNER_ROADS:
        assert got[sec].value and not got[sec].doubtful
    assert {k for k, d in got.items() if d.value} == truth.sections


def test_blank_map_reads_empty():
    """A photo of the blank printed map: no section, tourist or cafe is read (none flagged as drawn)."""
    reading = read_photo(blank_photo(TILES["midtown"], 1), [TILES["midtown"]])
    assert reading.draft["sections"] == [] and reading.draft["tourists"] == [] and reading.draft["cafes"] == []
    assert len([d for d in reading.decisions if d.kind == "section"]) == len(ROADS)


def test_another_tile_and_an_en_route_page_are_refused_by_name():
    """A page of another tile, or an En Route map page, is refused with its own message, never read."""
    data, _truth = photo("riverside", 3)
    with pytest.raises(PhotoError, match="another tile"):
        read_photo(data, [TILES["harbor"], TILES["midtown"]])
    from vision_synth import make_photo

    from companion.games.enroute.registry import find_board

    enroute, _t = make_photo(find_board("training-city"), 3)
    with pytest.raises(PhotoError, match="En Route map page"):
        read_photo(enroute, list(TILES.values()))


def test_an_edited_tile_no_longer_matches_its_old_print():
    """A table's own tile edited after printing: the old page names another tile (its districts changed)."""
    from companion.games.explore_new_york.tiles import load_tile

    doc = tile_to_json(TILES["riverside"])
    doc["districts"][0][0] = "white" if doc["districts"][0][0] != "white" else "red"
    edited = load_tile(doc)
    data, _truth = photo("riverside", 3)
    with pytest.raises(PhotoError, match="another tile"):
        read_photo(data, [edited])


def _jpeg(image: np.ndarray) -> bytes:
    """Encode an RGB image."""
    return cv2.imencode(".jpg", cv2.cvtColor(image, cv2.COLOR_RGB2BGR), [cv2.IMWRITE_JPEG_QUALITY, 90])[1].tobytes()


def test_blurred_and_shadowed_photos_are_refused_with_how_to_retake():
    """Quality is checked before reading: a blurred photo and a hard shadow each get their reason and advice."""
    data, _truth = photo("riverside", 3)
    image = cv2.cvtColor(cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR), cv2.COLOR_BGR2RGB)
    blurred = cv2.GaussianBlur(image, (0, 0), 2.6)  # about 0.65 mm of page
    with pytest.raises(PhotoError, match=r"blurred.*hold the phone still"):
        read_photo(_jpeg(blurred), [TILES["riverside"]])
    shadow = image.astype(np.float32)
    w = shadow.shape[1]
    shadow[:, w // 2:] *= 0.4
    with pytest.raises(PhotoError, match="shadow"):
        read_photo(_jpeg(np.clip(shadow, 0, 255).astype(np.uint8)), [TILES["riverside"]])


def test_small_page_is_refused():
    """A page far away in the frame: refused (too small, or its marks cannot be seen), never read."""
    data, _truth = photo("riverside", 3)
    image = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
    small = cv2.resize(image, None, fx=0.3, fy=0.3, interpolation=cv2.INTER_AREA)
    frame = np.full((1800, 1400, 3), 90, np.uint8)
    frame[200:200 + small.shape[0], 300:300 + small.shape[1]] = small
    with pytest.raises(PhotoError):
        read_photo(cv2.imencode(".jpg", frame)[1].tobytes(), [TILES["riverside"]])


def test_not_an_image_is_refused():
    """Bytes that are no image: a clear message, not a crash."""
    for data in (b"", b"%PDF-1.4 nothing", random.Random(1).randbytes(5000)):
        with pytest.raises(PhotoError):
            read_photo(data, [TILES["riverside"]])
