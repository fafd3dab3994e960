"""The Welcome To sheet reader on phone photos made by another method (tests/vision/welcome_photo.py): house
numbers, fences, pools and track boxes read or flagged, bad photos refused with the reason, another game's page
named as such, and the digit classifier on digits it was not trained on."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

cv2 = pytest.importorskip("cv2")
np = pytest.importorskip("numpy")
sys.path.insert(0, str(Path(__file__).resolve().parent))

from welcome_photo import Writer, welcome_photo  # noqa: E402

from companion.vision.welcome_to import digits  # noqa: E402
from companion.vision.welcome_to.reader import CAMERA_ID, KIND, PhotoError, read_photo  # noqa: E402
from printables.welcome_to import sheet as printed  # noqa: E402


def wrong_items(reading, player: dict, counts: dict) -> list[tuple]:
    """Every item the reading got wrong, with whether it is flagged."""
    out = []
    for item in reading.items:
        if item.kind == "house":
            want = player["streets"][item.key[0]][item.key[1]]
        elif item.kind == "fence":
            want = item.key[1] in player["fences"][item.key[0]]
        elif item.kind == "pool":
            want = list(item.key) in player["pools"]
        else:
            want = item.key[1] < counts[item.key[0]]
        if (item.value != want) if item.kind == "house" else (bool(item.value) != want):
            out.append((item.kind, item.key, item.value, want, item.doubtful))
    return out


def test_the_printed_sheet_and_the_reader_agree_on_the_page_code():
    """The reader looks for the kind and the name the printable draws."""
    assert (printed.CAMERA_ID, printed.CAMERA_KIND) == (CAMERA_ID, KIND)


def test_classifier_reads_digits_of_another_construction():
    """Digits drawn as Bezier paths by the photo set's pen (never trained on) are read at least 9 times in 10."""
    rng = random.Random(5)
    squares, labels = [], []
    for k in range(200):
        digit = k % 10
        hand = Writer(rng, "medium")
        layer = np.zeros((90, 70), np.float32)
        hand.digit(layer, digit, 15, 15, rng.uniform(24, 34))
        squares.append(digits.normalise(cv2.resize(layer, (35, 45), interpolation=cv2.INTER_AREA)))
        labels.append(digit)
    accuracy = float((digits.probabilities(squares).argmax(axis=1) == np.array(labels)).mean())
    assert accuracy >= 0.9, accuracy


@pytest.mark.parametrize("seed,level,lang", [(2, "easy", "en"), (3, "medium", "en"), (6, "easy", "ja")])
def test_photo_is_read_and_every_mistake_is_flagged(seed, level, lang):
    """A phone photo of a filled sheet: most houses right, and every wrong item among the flagged ones."""
    data, player, counts = welcome_photo(seed, level, lang=lang)
    reading = read_photo(data, "Aki")
    assert reading.lang == lang  # the Japanese sheet's labels move the park tracks: its own geometry
    houses = [i for i in reading.items if i.kind == "house"]
    right = sum(i.value == player["streets"][i.key[0]][i.key[1]] for i in houses)
    assert right >= 0.9 * len(houses)
    assert [w for w in wrong_items(reading, player, counts) if not w[-1]] == []
    assert reading.draft["player"] == "Aki" and [len(s) for s in reading.draft["streets"]] == [10, 11, 12]


def test_a_blurred_photo_is_refused_with_how_to_retake_it():
    """Out of focus: refused before reading, the message says so and how to take it again."""
    data, _player, _counts = welcome_photo(4, "easy")
    image = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
    scale = 2000 / max(image.shape[:2])  # the reader's own scale, where the page has ~4.8 px/mm
    image = cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    blurred = cv2.GaussianBlur(image, (0, 0), 2.4)  # ~0.5 mm of page: the markers still show
    with pytest.raises(PhotoError) as caught:
        read_photo(cv2.imencode(".jpg", blurred)[1].tobytes())
    assert "blurred" in str(caught.value) and "take it again" in str(caught.value)


def test_a_small_sheet_is_refused():
    """The sheet far away in the frame: too small to read the numbers."""
    data, _player, _counts = welcome_photo(4, "easy")
    image = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
    small = cv2.resize(image, None, fx=0.25, fy=0.25, interpolation=cv2.INTER_AREA)
    framed = np.full((1400, 1400, 3), 90, np.uint8)
    framed[200:200 + small.shape[0], 200:200 + small.shape[1]] = small
    with pytest.raises(PhotoError) as caught:
        read_photo(cv2.imencode(".jpg", framed)[1].tobytes())
    assert "too small" in str(caught.value)


def test_not_a_sheet_and_another_games_page_are_named():
    """A photo without markers, and an En Route map page, each get their own message."""
    from vision_synth import make_photo

    from companion.games.enroute.registry import find_board

    noise = np.random.default_rng(1).integers(0, 255, (600, 800, 3), dtype=np.uint8)
    with pytest.raises(PhotoError) as caught:
        read_photo(cv2.imencode(".png", noise)[1].tobytes())
    assert "No printed sheet found" in str(caught.value)
    data, _truth = make_photo(find_board("training-city"), 3)
    with pytest.raises(PhotoError) as caught:
        read_photo(data)
    assert "another game" in str(caught.value)
    with pytest.raises(PhotoError):
        read_photo(b"GIF89a not really")


@pytest.mark.parametrize("reader", ["enroute", "explore_new_york"])
def test_a_sheet_shown_to_a_map_reader_is_named_another_games_page(reader):
    """The map readers expect an upright page; a landscape Welcome To sheet is found the other way round and
    named as another game's page (not an unreadable code)."""
    import importlib

    from companion.games.enroute.registry import find_board

    data, _player, _counts = welcome_photo(3, "easy")
    module = importlib.import_module("companion.vision.reader" if reader == "enroute"
                                     else "companion.vision.explore_new_york.reader")
    with pytest.raises(Exception) as caught:
        if reader == "enroute":
            module.read_photo(data, [find_board("training-city")])
        else:
            module.read_photo(data, [])
    assert "another game" in str(caught.value)
