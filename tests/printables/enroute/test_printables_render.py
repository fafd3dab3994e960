"""Rendering: one page of each document through poppler's pdftoppm, then looking at the pixels."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from PIL import Image

from companion.vision import pagecode
from printables.enroute import PAPER_SIZES

pytestmark = pytest.mark.skipif(shutil.which("pdftoppm") is None,
                                reason="pdftoppm (poppler-utils) is not installed; .ci/run installs it")
DPI = 60


def render_first_page(data: bytes, tmp_path: Path, name: str) -> Image.Image:
    """Render page 1 to PNG with pdftoppm and open it."""
    pdf = tmp_path / f"{name}.pdf"
    pdf.write_bytes(data)
    subprocess.run(["pdftoppm", "-r", str(DPI), "-f", "1", "-l", "1", "-singlefile", "-png", str(pdf),
                    str(tmp_path / name)], check=True, capture_output=True, timeout=60)
    return Image.open(tmp_path / f"{name}.png").convert("RGB")


def _expected_size(paper: str) -> tuple[int, int]:
    """Return the pixel size of a page of this paper at DPI."""
    width, height = PAPER_SIZES[paper]
    return round(width / 72 * DPI), round(height / 72 * DPI)


def without_camera_marks(image: Image.Image, paper: str) -> Image.Image:
    """Return a copy of a map page with the camera marks painted white (1 px of slack around each)."""
    width, height = PAPER_SIZES[paper]
    scale = DPI / 72
    out = image.copy()
    for x0, y0, x1, y1 in pagecode.camera_boxes(width, height):
        out.paste((255, 255, 255), (int(x0 * scale) - 1, int((height - y1) * scale) - 1,
                                    int(x1 * scale) + 2, int((height - y0) * scale) + 2))
    return out


def _share(image: Image.Image, test) -> float:
    """Return the share of pixels for which test(r, g, b) holds."""
    raw = image.tobytes()
    pixels = [raw[i:i + 3] for i in range(0, len(raw), 3)]
    return sum(1 for r, g, b in pixels if test(r, g, b)) / len(pixels)


@pytest.mark.parametrize("paper", sorted(PAPER_SIZES))
def test_map_page_renders_with_ink_and_colour(paper, maps_for, tmp_path):
    """The first map page has the paper's size, real ink, and the landmark colours."""
    image = render_first_page(maps_for("training-city", paper), tmp_path, "map")
    width, height = _expected_size(paper)
    assert abs(image.width - width) <= 1 and abs(image.height - height) <= 1
    assert _share(image, lambda r, g, b: r + g + b < 600) > 0.04  # not blank
    assert _share(image, lambda r, g, b: r > 150 and g < 110 and b < 110) > 0.0002  # red symbols
    assert _share(image, lambda r, g, b: b > 140 and r < 110) > 0.0002  # blue symbols
    # Margins stay white (home printers cannot print there), but for the camera marks: the four corner
    # markers and the page code, which sit from 6 mm in (tests/printables/enroute/test_printables_camera.py).
    image = without_camera_marks(image, paper)
    edge = round(12 / 25.4 * DPI)
    for box in ((0, 0, image.width, edge), (0, image.height - edge, image.width, image.height),
                (0, 0, edge, image.height), (image.width - edge, 0, image.width, image.height)):
        assert image.crop(box).getextrema() == ((255, 255), (255, 255), (255, 255))


def test_scorepad_page_renders(scorepad_for, tmp_path):
    """The score pad page has the A4 size and visible lines and text."""
    image = render_first_page(scorepad_for("training-city", 4, "a4", 2), tmp_path, "pad")
    width, height = _expected_size("a4")
    assert abs(image.width - width) <= 1 and abs(image.height - height) <= 1
    assert _share(image, lambda r, g, b: r + g + b < 600) > 0.03
