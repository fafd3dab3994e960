"""The camera marks on the printed maps: ArUco corner markers and the page code, read back from a rendering."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

cv2 = pytest.importorskip("cv2")
np = pytest.importorskip("numpy")

from companion.games.enroute.registry import find_board  # noqa: E402
from companion.vision import pagecode  # noqa: E402
from printables.enroute import PAPER_SIZES, maps_pdf  # noqa: E402

DPI = 120


def render(data: bytes, tmp_path: Path, page: int) -> np.ndarray:
    """Render one page to RGB pixels with pdftoppm."""
    pdf = tmp_path / "maps.pdf"
    pdf.write_bytes(data)
    subprocess.run(["pdftoppm", "-r", str(DPI), "-f", str(page), "-l", str(page), "-singlefile", "-png", str(pdf),
                    str(tmp_path / "page")], check=True, capture_output=True, timeout=60)
    return cv2.cvtColor(cv2.imread(str(tmp_path / "page.png")), cv2.COLOR_BGR2RGB)


def test_marker_bits_are_opencvs_dictionary():
    """The printed bit patterns are ids 0-3 of OpenCV's DICT_4X4_50."""
    dictionary = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50)
    for marker, rows in pagecode.MARKER_BITS.items():
        image = cv2.aruco.generateImageMarker(dictionary, marker, 6)
        assert ["".join("1" if v else "0" for v in row) for row in image[1:5, 1:5]] == list(rows)


@pytest.mark.parametrize("number", [1, 2, 3, 15])
@pytest.mark.parametrize("paper", sorted(pagecode.PAPERS))
@pytest.mark.parametrize("lang", sorted(pagecode.LANGS))
def test_page_code_round_trips(number, paper, lang):
    """Every player board, paper and language encodes and decodes to itself; one flipped bit is refused."""
    bits = pagecode.encode("training-city", number, paper, lang)
    code = pagecode.decode(bits)
    assert code is not None and code.matches("training-city") and not code.matches("harbour-town")
    assert (code.player_board, code.paper, code.lang) == (number, paper, lang)
    for i in range(len(bits)):
        flipped = list(bits)
        flipped[i] ^= 1
        assert pagecode.decode(flipped) != code


@pytest.mark.parametrize("kind", sorted(pagecode.KINDS))
def test_page_code_names_the_kind_of_page(kind):
    """The code's first four bits name the game's page; a page of one kind never decodes as another."""
    code = pagecode.decode(pagecode.encode("training-city", 2, "a4", "en", kind=kind))
    assert code is not None and code.kind == kind
    others = [k for k in pagecode.KINDS if k != kind]
    assert all(pagecode.decode(pagecode.encode("training-city", 2, "a4", "en", kind=k)) != code for k in others)


def test_encode_refuses_what_it_cannot_carry():
    """A player board over 15, an unknown paper, language or kind is a ValueError, not a wrong code."""
    for args in ((16, "a4", "en"), (1, "a3", "en"), (1, "a4", "fr"), (1, "a4", "en", 9)):
        with pytest.raises(ValueError):
            pagecode.encode("training-city", *args)


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="pdftoppm (poppler-utils) is not installed")
@pytest.mark.parametrize("paper,lang,page", [("a4", "en", 1), ("letter", "en", 2), ("a4", "ja", 4)])
def test_rendered_page_shows_its_markers_and_code(paper, lang, page, tmp_path):
    """Rendered by poppler, each map page shows four markers in its corners and the code naming it."""
    from companion.vision.locate import locate

    board = find_board("training-city")
    image = render(maps_pdf(board, paper=paper, lang=lang), tmp_path, page)
    gray = cv2.cvtColor(image, cv2.COLOR_RGB2GRAY)
    dictionary = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50)
    corners, ids, _ = cv2.aruco.ArucoDetector(dictionary, cv2.aruco.DetectorParameters()).detectMarkers(gray)
    assert ids is not None and sorted(ids.ravel().tolist()) == [0, 1, 2, 3]
    width, height = PAPER_SIZES[paper]
    expected = pagecode.marker_corners(width, height)
    scale = DPI / 72
    for quad, marker in zip(corners, ids.ravel()):
        want = np.array([(x * scale, (height - y) * scale) for x, y in expected[int(marker)]])
        assert np.abs(quad.reshape(4, 2) - want).max() < 2.5  # pixels: the markers are where the reader expects
    located = locate(image)
    assert located.markers == 4
    assert located.code.matches("training-city")
    assert (located.code.player_board, located.code.paper, located.code.lang) == \
        (board.player_boards[page - 1].number, paper, lang)


def test_scorepad_has_no_markers(tmp_path):
    """Another printed page (the score pad) has no markers, so a photo of it is told apart."""
    from printables.enroute import scorepad_pdf

    if shutil.which("pdftoppm") is None:
        pytest.skip("pdftoppm (poppler-utils) is not installed")
    image = render(scorepad_pdf(find_board("training-city"), players=3), tmp_path, 1)
    gray = cv2.cvtColor(image, cv2.COLOR_RGB2GRAY)
    dictionary = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50)
    _corners, ids, _ = cv2.aruco.ArucoDetector(dictionary, cv2.aruco.DetectorParameters()).detectMarkers(gray)
    assert ids is None
