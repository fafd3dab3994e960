"""Issue 13, U9 through the table's links: a 3-player intermediate table's printables (real PDFs)."""

from __future__ import annotations

import io

import pdfplumber
from web_helpers import table_form_data


def _pages(data: bytes) -> list[str]:
    """The text of every page of a PDF."""
    with pdfplumber.open(io.BytesIO(data)) as doc:
        return [page.extract_text() or "" for page in doc.pages]


def test_a_three_player_intermediate_table_prints_what_it_knows(client):
    data = table_form_data(level="intermediate", **{"players-2-name": "Cy", "players-2-player_board": "4"})
    response = client.post("/tables/new", data=data)
    token = response.headers["Location"].rsplit("/", 1)[1]
    maps = client.get(f"/tables/{token}/maps.pdf")
    assert maps.status_code == 200 and maps.mimetype == "application/pdf"
    pages = _pages(maps.data)
    assert len(pages) == 3  # one page per seat, not one per player board of the city
    assert ["Player board 1" in pages[0], "Player board 2" in pages[1], "Player board 4" in pages[2]] == [True] * 3
    pad = _pages(client.get(f"/tables/{token}/scorepad.pdf").data)
    assert all(name in pad[0] for name in ("Aki", "Bo", "Cy")) and "Player 4" not in pad[0]
    assert "Goal A" not in pad[0] and "Goal A" not in pages[0]  # intermediate: no goal cards
