"""Issue 13, U9: a table's printables carry what the table knows: names, player boards and level on the score pad,
only the rows its level plays, and one blank map per seat."""

from __future__ import annotations

import io

import pdfplumber
import pytest

from companion.games.enroute.registry import find_board
from printables.enroute import maps_pdf, scorepad_pdf

BOARD = find_board("training-city")


def _pages(pdf: bytes) -> list[str]:
    """The text of every page."""
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        return [page.extract_text() or "" for page in doc.pages]


def test_the_pad_prints_names_boards_and_only_the_rows_of_the_level():
    pdf = scorepad_pdf(BOARD, games=1, names=["Aki", "Bo", "Cy"], boards=[2, 4, 1], level="intermediate",
                       goal_decks=[])
    (text,) = _pages(pdf)
    for name in ("Aki", "Bo", "Cy"):
        assert name in text
    assert "Player 4" not in text and "Player 3" in text  # one column per seat
    assert "Goal A" not in text and "Goal B" not in text and "Goal C" not in text
    assert "Personal goal" in text and "Unused cafe bonuses" in text  # the intermediate level plays these
    simplified = _pages(scorepad_pdf(BOARD, games=1, names=["Aki", "Bo"], level="simplified"))[0]
    assert "Personal goal" not in simplified and "Unused cafe bonuses" not in simplified and "Goal A" not in simplified


def test_a_full_table_prints_the_goal_rows_of_its_decks_only():
    text = _pages(scorepad_pdf(BOARD, games=1, names=["Aki", "Bo"], level="full", goal_decks=["A", "C"]))[0]
    assert "Goal A" in text and "Goal C" in text and "Goal B" not in text
    blank = _pages(scorepad_pdf(BOARD, games=1))[0]  # a pad for no table keeps every row and blank names
    assert "Goal A" in blank and "Goal B" in blank and "Goal C" in blank and "Aki" not in blank


def test_the_level_box_is_ticked():
    def lines(pdf: bytes) -> int:
        """Count the drawn lines of the first page."""
        with pdfplumber.open(io.BytesIO(pdf)) as doc:
            return len(doc.pages[0].lines)

    plain = lines(scorepad_pdf(BOARD, games=1, names=["Aki", "Bo"]))
    ticked = lines(scorepad_pdf(BOARD, games=1, names=["Aki", "Bo"], level="full"))
    assert ticked == plain + 2  # the two strokes of one tick


def test_bad_level_and_boards_are_value_errors():
    with pytest.raises(ValueError):
        scorepad_pdf(BOARD, level="expert")
    with pytest.raises(ValueError):
        maps_pdf(BOARD, player_boards=[9])
    with pytest.raises(ValueError):
        maps_pdf(BOARD, player_boards=[])


def test_one_map_page_per_seat_in_seat_order():
    pages = _pages(maps_pdf(BOARD, player_boards=[3, 1, 4], level="intermediate"))
    assert len(pages) == 3
    for n, (page, board) in enumerate(zip(pages, (3, 1, 4))):
        assert f"Player board {board}" in page, page[:300]
        assert f"page {n + 1} of 3" in page
        assert "Goal A" not in page
    assert len(_pages(maps_pdf(BOARD))) == len(BOARD.player_boards)  # no table: every board
