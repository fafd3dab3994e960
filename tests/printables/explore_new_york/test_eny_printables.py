"""Explore New York printables: blank maps with their score tables and score pads, in English and Japanese."""

from __future__ import annotations

import io
import shutil
import subprocess
import sys
from pathlib import Path

import pdfplumber
import pytest
from PIL import Image

from companion.games.explore_new_york.tiles import shipped_tiles, tile_to_json
from printables.explore_new_york import maps_pdf, scorepad_pdf

ROOT = Path(__file__).resolve().parents[3]
TILES = list(shipped_tiles().values())


def pages_text(data: bytes) -> list[str]:
    """The text of every page."""
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        return [page.extract_text() or "" for page in pdf.pages]


def test_one_map_page_per_tile_with_its_score_table():
    """Four tiles, four pages: each titled with its tile, its coordinates and the score rows."""
    pages = pages_text(maps_pdf(TILES))
    assert len(pages) == 4
    for tile, text in zip(TILES, pages, strict=True):
        assert f"Explore New York · {tile.name}: blank map" in text
        for row in ("Red", "Green", "Blue", "Cafes × 3", "Smileys × 6", "Total"):
            assert row in text
        assert "Stars: 1 / 2 / 3 / 4 give 4 / 12 / 24 / 36" in text
        assert "publisher's artwork" in text


def test_map_vectors():
    """The map is vector art: 36 districts, dotted roads, the cafes' discs; the PDF is reproducible."""
    data = maps_pdf(TILES[:1])
    assert data == maps_pdf(TILES[:1])
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        page = pdf.pages[0]
        assert len(page.rects) >= 32 + 3 * 3  # 32 square districts plus the colour rows' boxes
        assert len(page.curves) >= len(TILES[0].cafes) + 4  # cafe discs and the four rounded corners


def test_japanese_maps_and_pad():
    """Japanese PDFs: the texts from the catalogues in a Japanese font."""
    text = pages_text(maps_pdf(TILES[:1], lang="ja"))[0]
    assert "白地図" in text or "地図" in text
    assert "合計" in text
    pad = pages_text(scorepad_pdf(["マックス", "リーナ"], lang="ja"))[0]
    assert "マックス" in pad and "リーナ" in pad and "合計" in pad


def test_scorepad():
    """Two pads to a page, one column per player; names printed; 1 to 4 columns only."""
    pages = pages_text(scorepad_pdf(["Max", "Lena", "Aki"], games=3))
    assert len(pages) == 2
    assert pages[0].count("Explore New York · score pad") == 2 and pages[1].count("score pad") == 1
    assert "Max" in pages[0] and "Aki" in pages[0]
    with pytest.raises(ValueError):
        scorepad_pdf(["a"] * 5)


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="pdftoppm (poppler-utils) is not installed")
def test_map_page_renders(tmp_path):
    """Rendered with poppler: A4, real ink, the tourist colours, white printer margins."""
    pdf = tmp_path / "map.pdf"
    pdf.write_bytes(maps_pdf(TILES[:1]))
    subprocess.run(["pdftoppm", "-r", "50", "-singlefile", "-png", str(pdf), str(tmp_path / "map")], check=True,
                   timeout=60)
    image = Image.open(tmp_path / "map.png").convert("RGB")
    assert abs(image.width - 413) <= 1 and abs(image.height - 585) <= 1
    raw = image.tobytes()
    pixels = [tuple(raw[i:i + 3]) for i in range(0, len(raw), 3)]
    assert sum(1 for r, g, b in pixels if r + g + b < 450) / len(pixels) > 0.01
    assert any(r > 150 and g < 80 and b < 80 for r, g, b in pixels)  # red tourists
    assert any(b > 150 and r < 60 for r, g, b in pixels)  # blue tourists
    # Printer margins: the outer 5 mm stay white (the camera marks start 6 mm in; the 12 mm band around the
    # page holds nothing else: test_printables_eny_camera.py).
    edge = round(5 / 25.4 * 50)
    for box in ((0, 0, image.width, edge), (0, image.height - edge, image.width, image.height),
                (0, 0, edge, image.height), (image.width - edge, 0, image.width, image.height)):
        assert image.crop(box).getextrema() == ((255, 255), (255, 255), (255, 255))


def run(*args: str) -> subprocess.CompletedProcess:
    """Run `python -m printables`."""
    return subprocess.run([sys.executable, "-m", "printables", *args], capture_output=True, text=True, cwd=ROOT,
                          timeout=120)


def test_cli(tmp_path):
    """The commands write PDFs; bad tiles and bad numbers exit 2 with a message, no traceback."""
    out = tmp_path / "maps.pdf"
    done = run("explore-ny-maps", "riverside", "--out", str(out), "--lang", "ja")
    assert done.returncode == 0 and out.read_bytes().startswith(b"%PDF")
    own = tile_to_json(TILES[0])
    own.update(id="ours", name="Our tile")
    (tmp_path / "ours.json").write_text(__import__("json").dumps(own))
    assert run("explore-ny-maps", str(tmp_path / "ours.json"), "--out", str(out)).returncode == 0
    assert "Our tile" in pages_text(out.read_bytes())[0]
    bad = run("explore-ny-maps", "nowhere", "--out", str(out))
    assert bad.returncode == 2 and "neither a shipped tile" in bad.stderr and "Traceback" not in bad.stderr
    (tmp_path / "broken.json").write_text('{"format": "explore-new-york-tile/1"}')
    broken = run("explore-ny-maps", str(tmp_path / "broken.json"), "--out", str(out))
    assert broken.returncode == 2 and "id" in broken.stderr
    pad = run("explore-ny-scorepad", "--players", "2", "--games", "4", "--out", str(tmp_path / "pad.pdf"))
    assert pad.returncode == 0 and len(pages_text((tmp_path / "pad.pdf").read_bytes())) == 2
    assert run("explore-ny-scorepad", "--players", "9", "--out", str(tmp_path / "p.pdf")).returncode == 2
