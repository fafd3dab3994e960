"""New York's printables: the double map on one page, and printed as two halves (each 6×6 half larger on a page
of its own, with that half's printed coordinates), read back with pdfplumber."""

from __future__ import annotations

import io
import subprocess
import sys

import pdfplumber
import pytest

from companion.games.enroute.registry import find_board
from printables.enroute.cities.new_york.halves import half_board, halves_pdf
from printables.enroute.maps import map_layout, maps_pdf

BOARD = find_board("new-york-example")


def _pages(data: bytes) -> list[str]:
    """The text of every page."""
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        return [page.extract_text() or "" for page in pdf.pages]


def test_the_one_page_map_shows_new_york_features():
    """Times Square and the statue's docks are named boxes, stars print their PP, card cafes are in the legend."""
    data = maps_pdf(BOARD, player_boards=[1])
    text = _pages(data)[0]
    assert "Cafe: the round's cafe card sets its bonus" in text
    assert "Bridge stars" in text and "Cafe card PP" in text
    layout = map_layout(BOARD)
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        page = pdf.pages[0]
        words = {w["text"] for w in page.extract_words()}
        assert {"Times", "Square", "Statue", "Liberty:", "ticket"} <= words
        for star in BOARD.features_of("star"):  # each star's PP inside it
            x, y = layout.point(star.points[0])
            half = 0.12 * layout.cell
            inside = page.crop((x - half, page.height - y - half, x + half, page.height - y + half)).extract_text()
            assert inside.strip() == str(star.param("pp")), (star.id, inside)


def test_halves_print_each_half_larger_with_its_own_coordinates():
    """Two pages per player board; each half's cells are larger; the left half has the park, the right Times
    Square; each page prints its half's six printed columns."""
    data = halves_pdf(BOARD)
    texts = _pages(data)
    assert len(texts) == 2 * len(BOARD.player_boards)
    assert "left half" in texts[0] and "Park Meadow" in texts[0] and "Times Square" not in texts[0]
    assert "right half" in texts[1] and "Times Square" in texts[1] and "Park Meadow" not in texts[1]
    left, right = half_board(BOARD, 0), half_board(BOARD, 1)
    assert map_layout(left).cell > 1.5 * map_layout(BOARD).cell
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        for page, (pb, part) in zip(pdf.pages[:2], [(BOARD.player_boards[0], left), (BOARD.player_boards[0], right)],
                                    strict=True):
            layout = map_layout(part)
            top = [w for w in page.extract_words() if abs(page.height - (w["top"] + w["bottom"]) / 2
                                                         - (layout.grid_top + 10)) < 12 and w["text"].isdigit()]
            printed = [w["text"] for w in sorted(top, key=lambda w: w["x0"])]
            assert printed == [str(n) for n in part.player_board(pb.number).columns]
    assert left.player_board(1).columns == BOARD.player_board(1).columns[:6]
    assert right.player_board(1).columns == BOARD.player_board(1).columns[6:]


def test_halves_refuse_a_board_that_is_not_two_halves():
    """The training city is one 6×6 map: no halves."""
    with pytest.raises(ValueError):
        halves_pdf(find_board("training-city"))


def test_cli_prints_the_halves(tmp_path):
    """`python -m printables maps new-york-example --halves` writes 8 pages."""
    out = tmp_path / "ny.pdf"
    done = subprocess.run([sys.executable, "-m", "printables", "maps", "new-york-example", "--halves", "--out",
                           str(out)], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert len(_pages(out.read_bytes())) == 8
