"""Fixtures for the printables tests: built PDFs (cached per session), text readers, a custom board."""

from __future__ import annotations

import io
import json
import sys
from functools import cache
from pathlib import Path

import pdfplumber
import pypdf
import pytest

ROOT = Path(__file__).resolve().parents[3]
if str(ROOT) not in sys.path:  # so `pytest tests/printables` works without `python -m`
    sys.path.insert(0, str(ROOT))

from harbour_town import HARBOUR_TOWN as CUSTOM_BOARD  # noqa: E402  (also the photo reader's second city)

from companion.games.enroute.registry import find_board  # noqa: E402
from printables.enroute import maps_pdf, scorepad_pdf  # noqa: E402


@cache
def built_maps(board_id: str, paper: str = "a4") -> bytes:
    """Build (once) the maps of a shipped board."""
    return maps_pdf(find_board(board_id), paper=paper)


@cache
def built_scorepad(board_id: str, players: int = 4, paper: str = "a4", games: int = 2) -> bytes:
    """Build (once) a score pad of a shipped board."""
    return scorepad_pdf(find_board(board_id), players=players, paper=paper, games=games)


def page_texts(data: bytes) -> list[str]:
    """Return each page's text with whitespace collapsed, so wrapped names read as one."""
    reader = pypdf.PdfReader(io.BytesIO(data))
    return [" ".join(page.extract_text().split()) for page in reader.pages]


def page_words(data: bytes) -> list[tuple[float, list[dict]]]:
    """Return (page height, words with positions) per page, read with pdfplumber."""
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        return [(page.height, page.extract_words()) for page in pdf.pages]


@pytest.fixture
def custom_board_file(tmp_path: Path) -> Path:
    """Write the custom board to a temporary `enroute-board/1` file."""
    path = tmp_path / "harbour-town.json"
    path.write_text(json.dumps(CUSTOM_BOARD), encoding="utf-8")
    return path


@pytest.fixture(scope="session")
def maps_for():
    """Give tests the cached maps builder."""
    return built_maps


@pytest.fixture(scope="session")
def scorepad_for():
    """Give tests the cached score pad builder."""
    return built_scorepad


@pytest.fixture(scope="session")
def texts():
    """Give tests the page text reader."""
    return page_texts


@pytest.fixture(scope="session")
def words():
    """Give tests the positioned word reader."""
    return page_words
