"""The photo reader on synthetic photos (tests/vision/vision_synth.py) and on photos it must refuse."""

from __future__ import annotations

import random

import pytest

cv2 = pytest.importorskip("cv2")
np = pytest.importorskip("numpy")

from vision_synth import compare, make_photo  # noqa: E402

from companion.games.enroute.board import parse_board  # noqa: E402
from companion.games.enroute.registry import find_board  # noqa: E402
from companion.games.enroute.sheet import parse_sheet  # noqa: E402
from companion.vision.locate import MAX_PIXELS  # noqa: E402
from companion.vision.pagegeom import render_page  # noqa: E402
from companion.vision.reader import PhotoError, read_photo  # noqa: E402

SEEDS = (3, 11, 27, 40, 58, 71)


@pytest.fixture(scope="module")
def board():
    """The training city."""
    return find_board("training-city")


@pytest.fixture(scope="module")
def readings(board):
    """Read the seeded photos once for the module: (reading, truth) per seed."""
    out = []
    for seed in SEEDS:
        data, truth = make_photo(board, seed)
        out.append((read_photo(data, [board], player="Aki"), truth))
    return out


def test_each_photo_names_its_player_board(readings):
    """The page code gives the player board the synthetic player drew on."""
    for reading, truth in readings:
        assert reading.player_board == truth.player_board
        assert reading.draft["player_board"] == truth.player_board


def test_sections_tourists_cafes_and_goals_are_read(readings):
    """Accuracy over the seeded photos: sections ≥ 99 %, tourist counts ≥ 97 %, cafes and goal points ≥ 95 %."""
    total = [compare(reading, truth) for reading, truth in readings]
    roads, sections = sum(s.roads for s in total), sum(s.sections_right for s in total)
    locations, tourists = sum(s.locations for s in total), sum(s.tourists_right for s in total)
    marked, marked_right = sum(s.marked_locations for s in total), sum(s.marked_right for s in total)
    cafes, cafes_right = sum(s.cafes for s in total), sum(s.cafes_right for s in total)
    goals, goals_right = sum(s.goals for s in total), sum(s.goals_right for s in total)
    assert sections / roads >= 0.99, (sections, roads)
    assert tourists / locations >= 0.97, (tourists, locations)
    assert marked_right / marked >= 0.9, (marked_right, marked)
    assert cafes_right / cafes >= 0.95 and goals_right / goals >= 0.95


def test_wrong_items_are_mostly_flagged(readings):
    """A wrong decision is usually flagged as doubtful; few slip through, and not everything is flagged."""
    total = [compare(reading, truth) for reading, truth in readings]
    items = sum(s.roads + s.locations + s.cafes + s.goals for s in total)
    assert sum(s.missed_doubts for s in total) <= 3
    assert sum(s.flagged for s in total) < 0.05 * items


def test_every_decision_has_a_confidence(readings):
    """Each road, location, cafe and intersection is decided once, with a confidence in 0..1."""
    reading, _truth = readings[0]
    kinds = {}
    for d in reading.decisions:
        assert 0.0 <= d.confidence <= 1.0
        kinds[d.kind] = kinds.get(d.kind, 0) + 1
    board = reading.board
    assert kinds["section"] == len(board.roads) and kinds["tourists"] == board.cols * board.rows
    assert kinds["cafe"] == len(board.cafes)
    assert kinds["goal"] == (board.cols + 1) * (board.rows + 1) - len(board.cafes)


def test_draft_is_an_enroute_sheet_the_engine_reads(readings, board):
    """The draft is `enroute-sheet/1`: the engine reads its shape without errors and keeps every item."""
    for reading, _truth in readings:
        sheet, problems = parse_sheet(reading.draft, board, "full")
        shape = [p for p in problems if p.code in ("type", "missing", "unknown-key", "not-a-road", "off-map")]
        assert not shape, shape
        assert sheet.player == "Aki"
        assert len(sheet.sections) == len(reading.draft["sections"])
        assert reading.draft["final_route"] is None


def test_reading_is_fast(board, readings):
    """One photo reads in well under two seconds even on a loaded machine (bench/vision.py measures it)."""
    assert max(r.seconds for r, _t in readings) < 2.0


def _jpeg(image) -> bytes:
    """Encode an RGB image as JPEG bytes."""
    return cv2.imencode(".jpg", cv2.cvtColor(image, cv2.COLOR_RGB2BGR))[1].tobytes()


@pytest.mark.parametrize("data,words", [
    (b"", "empty"),
    (b"%PDF-1.4 not a photo at all", "not a photo"),
    (b"\xff\xd8\xff\xe0" + b"\x00" * 64, "not a photo"),
])
def test_files_that_are_no_photo_get_a_message(board, data, words):
    """Empty files, other files and broken JPEGs are refused with a message, not an exception."""
    with pytest.raises(PhotoError) as caught:
        read_photo(data, [board])
    assert words in str(caught.value)


def test_huge_photo_is_refused_before_decoding(board):
    """A PNG claiming more pixels than the limit is refused by its header."""
    side = int(MAX_PIXELS ** 0.5) + 10
    header = b"\x89PNG\r\n\x1a\n" + b"\x00\x00\x00\x0dIHDR" + side.to_bytes(4, "big") * 2 + b"\x08\x02\x00\x00\x00"
    with pytest.raises(PhotoError) as caught:
        read_photo(header + b"\x00" * 100, [board])
    assert "too large" in str(caught.value)


def test_photo_without_markers(board):
    """A photo of something else (noise, a plain table) says no printed map was found."""
    rng = np.random.default_rng(1)
    image = rng.integers(0, 255, (900, 700, 3), dtype=np.uint8)
    with pytest.raises(PhotoError) as caught:
        read_photo(_jpeg(image), [board])
    assert "No printed map found" in str(caught.value)


def test_photo_of_the_score_pad(board):
    """The score pad has no corner markers: a photo of it gets the no-map message."""
    import pypdfium2

    from printables.enroute import scorepad_pdf

    pdf = pypdfium2.PdfDocument(scorepad_pdf(board, players=3))
    image = np.array(pdf[0].render(scale=1.5).to_pil().convert("RGB"))
    pdf.close()
    with pytest.raises(PhotoError) as caught:
        read_photo(_jpeg(image), [board])
    assert "No printed map found" in str(caught.value)


def test_map_of_another_city(board):
    """A map page of another board is named as such, not read against the wrong map."""
    from harbour_town import HARBOUR_TOWN

    other, _problems = parse_board(HARBOUR_TOWN)
    image = render_page(other, 7, "a4", "en", 1.6)
    with pytest.raises(PhotoError) as caught:
        read_photo(_jpeg(image), [board])
    assert "another city" in str(caught.value)
    reading = read_photo(_jpeg(image), [board, other])  # the same photo, with that board known
    assert reading.board.id == "harbour-town" and reading.player_board == 7
    assert reading.draft["sections"] == [] and reading.draft["tourists"] == []


def test_blank_map_reads_empty(board):
    """A clean printed page (nothing drawn) reads as an empty sheet with nothing doubtful."""
    rng = random.Random(5)
    from vision_synth import _page, photograph

    data = photograph(_page(board, 2, "a4", "en"), rng)
    reading = read_photo(data, [board])
    assert reading.draft["sections"] == [] and reading.draft["tourists"] == [] and reading.draft["cafes"] == []
    assert reading.draft["personal_goal"] is None
    assert len(reading.doubtful) <= 2


@pytest.mark.parametrize("lost", [0, 3])
def test_three_markers_are_enough(board, monkeypatch, lost):
    """With one corner marker never found (a thumb over it), the page code and the map still read right."""
    from companion.vision import locate

    found = locate.find_markers
    monkeypatch.setattr(locate, "find_markers", lambda gray: {k: v for k, v in found(gray).items() if k != lost})
    data, truth = make_photo(board, 40, paper="letter")
    reading = read_photo(data, [board])
    score = compare(reading, truth)
    assert reading.paper == "letter" and reading.player_board == truth.player_board
    assert score.sections_right == score.roads
    assert score.tourists_right >= score.locations - 1


def test_missing_marker_is_looked_for_again(board, monkeypatch):
    """A marker the whole-photo search missed is found in a straightened close-up where the others put it."""
    from companion.vision import locate

    found = locate.find_markers
    calls = []

    def first_misses(gray):
        """Lose marker 2 in the first (whole-photo) search only."""
        calls.append(gray.shape)
        markers = found(gray)
        return {k: v for k, v in markers.items() if k != 2} if len(calls) == 1 else markers

    monkeypatch.setattr(locate, "find_markers", first_misses)
    data, _truth = make_photo(board, 41)
    assert locate.locate(locate.decode_image(data)).markers == 4
    assert len(calls) >= 2
