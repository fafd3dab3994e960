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

from companion.games.enroute.registry import find_board  # noqa: E402
from printables.enroute import maps_pdf, scorepad_pdf  # noqa: E402

# A city unlike the training city: purple landmark, a landmark over two locations, a diagonal
# road, a removed road, a three-tourist cafe, no Visit-Them-All points, two player boards.
CUSTOM_BOARD = {
    "format": "enroute-board/1",
    "id": "harbour-town",
    "name": "Harbour Town",
    "size": [6, 6],
    "player_boards": [
        {"number": 1, "columns": [3, 1, 6, 2, 5, 4], "rows": [6, 5, 4, 3, 2, 1]},
        {"number": 7, "columns": [2, 4, 6, 1, 3, 5], "rows": [1, 3, 5, 2, 4, 6]},
    ],
    "landmarks": [
        {"id": "trade-tower", "name": "Trade Tower", "kind": "purple", "locations": [[2, 3]]},
        {"id": "long-park", "name": "Long Park", "kind": "green", "locations": [[4, 4], [5, 4]]},
        {"id": "lighthouse", "name": "Lighthouse", "kind": "yellow", "pp": 7, "locations": [[6, 6]]},
        {"id": "harbour-crane", "name": "Harbour Crane", "kind": "grey", "locations": [[1, 1]]},
        {"id": "fish-market", "name": "Fish Market", "kind": "red", "locations": [[3, 2]]},
        {"id": "maritime-museum", "name": "Maritime Museum", "kind": "blue", "locations": [[5, 2]]},
    ],
    "ratings": {"harbour-crane": [2, 5, 9]},
    "cafes": [
        {"at": [0, 3], "bonus": "tourists", "tourists": {"purple": 1, "blue": 2}},
        {"at": [6, 1], "bonus": "section"},
    ],
    "roads": {
        "remove": [[[0, 6], [1, 6]]],
        "add": [{"section": [[2, 4], [3, 5]], "borders": [[3, 5]], "tags": ["diagonal"]}],
    },
}


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
