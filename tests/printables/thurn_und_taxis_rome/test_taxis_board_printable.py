"""The example Road-to-Rome board as a blank printable sheet: one page, every city, both languages, the CLI."""

from __future__ import annotations

import io

import pdfplumber
import pytest

from printables.core.cli import main
from printables.thurn_und_taxis_rome import board_pdf

CITIES = ["Hallstadt", "Lorrach", "Tuttlingen", "Freising", "St. Gallen", "Andechs", "Ettal", "Como", "Trient",
          "Mailand", "Udine", "Rom"]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_board_sheet_has_one_page_with_every_city(lang):
    """One page; every city of the example board is named on it."""
    with pdfplumber.open(io.BytesIO(board_pdf(lang=lang))) as pdf:
        assert len(pdf.pages) == 1
        text = pdf.pages[0].extract_text()
    for city in CITIES:
        assert city in text, city


def test_the_cli_writes_the_board(tmp_path):
    """`python -m printables taxis-board --out FILE` writes a PDF."""
    out = tmp_path / "board.pdf"
    assert main(["taxis-board", "--out", str(out), "--lang", "ja", "--paper", "letter"]) == 0
    assert out.read_bytes().startswith(b"%PDF")
