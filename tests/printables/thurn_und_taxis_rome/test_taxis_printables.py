"""The Thurn und Taxis score pad: rows, player columns, English and Japanese, the command line, one page drawn."""

from __future__ import annotations

import io
import shutil
import subprocess
import sys
from pathlib import Path

import pdfplumber
import pytest

ROOT = Path(__file__).resolve().parents[3]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from printables.thurn_und_taxis_rome import scorepad_pdf  # noqa: E402
from printables.thurn_und_taxis_rome.scorepad import PADS_PER_PAGE  # noqa: E402


def pages(data: bytes) -> list[str]:
    """Each page's text, whitespace collapsed."""
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        return [" ".join((page.extract_text() or "").split()) for page in pdf.pages]


def test_english_pad_has_every_row_twice_a_page():
    (text,) = pages(scorepad_pdf())
    for row in ("Province tiles", "All-provinces tile", "Long-route tiles", "End-of-game tile", "Carriage",
                "Houses left", "Clergy in Rome", "VP coins", "Total", "Rank"):
        assert text.count(row) >= PADS_PER_PAGE, row
    assert text.count("Thurn und Taxis: All Roads Lead to Rome") == PADS_PER_PAGE
    assert "3: 2, 4: 3, 5: 5, 6: 7, 7: 10" in text  # the carriage points from the shipped bonus tiles
    assert "Points printed on the clergy tiles:" in text


@pytest.mark.parametrize("players", [2, 3, 4])
def test_one_column_per_player(players):
    (text,) = pages(scorepad_pdf(players=players))
    for n in range(1, players + 1):
        assert text.count(f"Player {n}") == PADS_PER_PAGE
    assert f"Player {players + 1}" not in text


@pytest.mark.parametrize("games, count", [(1, 1), (2, 1), (3, 2), (5, 3)])
def test_pads_two_to_a_page(games, count):
    assert len(pages(scorepad_pdf(games=games))) == count


def test_japanese_pad():
    (text,) = pages(scorepad_pdf(lang="ja"))
    for words in ("郵便馬車", "地域タイル", "ローマの聖職者", "勝利点コイン", "合計", "順位", "枢機卿"):
        assert words in text.replace(" ", ""), words


@pytest.mark.parametrize("bad", [{"players": 1}, {"players": 5}, {"players": True}, {"games": 0}, {"lang": "fr"},
                                 {"paper": "a0"}])
def test_bad_arguments_are_value_errors(bad):
    with pytest.raises(ValueError):
        scorepad_pdf(**bad)


def test_command_line_writes_the_pdf(tmp_path):
    out = tmp_path / "pad.pdf"
    done = subprocess.run([sys.executable, "-m", "printables", "taxis-scorepad", "--out", str(out), "--players", "3",
                           "--lang", "ja"], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert out.read_bytes().startswith(b"%PDF-")
    bad = subprocess.run([sys.executable, "-m", "printables", "taxis-scorepad", "--out", str(out), "--players", "9"],
                         cwd=ROOT, capture_output=True, text=True)
    assert bad.returncode == 2 and "from 2 to 4" in bad.stderr
    unwritable = subprocess.run([sys.executable, "-m", "printables", "taxis-scorepad", "--out",
                                 str(tmp_path / "no" / "pad.pdf")], cwd=ROOT, capture_output=True, text=True)
    assert unwritable.returncode == 2 and "Cannot write" in unwritable.stderr


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="pdftoppm (poppler-utils) is not installed")
def test_a_page_renders(tmp_path):
    pdf = tmp_path / "pad.pdf"
    pdf.write_bytes(scorepad_pdf(lang="ja"))
    subprocess.run(["pdftoppm", "-r", "40", "-png", "-f", "1", "-l", "1", str(pdf), str(tmp_path / "page")],
                   check=True)
    from PIL import Image

    (png,) = tmp_path.glob("page*.png")
    image = Image.open(png).convert("L")
    dark = sum(image.histogram()[:128])
    assert image.size[0] > 300 and dark > 500  # text and rules were drawn, not a blank page
