"""Score pads: pages, rows, player columns, tie-break note, argument checks."""

from __future__ import annotations

import io

import pypdf
import pytest

from companion.games.enroute.registry import find_board, load_board_file, shipped_board_ids
from companion.games.enroute.rows import TIEBREAK_NOTE, scoring_rows
from printables.enroute import PAPER_SIZES, scorepad_pdf
from printables.enroute.scorepad import PADS_PER_PAGE


def _pages(data: bytes) -> int:
    """Count the pages of a PDF."""
    return len(pypdf.PdfReader(io.BytesIO(data)).pages)


def test_smoke_builds_a_pdf_in_memory():
    """The API returns PDF bytes built in memory, one page by default."""
    data = scorepad_pdf(find_board("training-city"))
    assert data.startswith(b"%PDF-")
    assert _pages(data) == 1


@pytest.mark.parametrize("games, pages", [(1, 1), (2, 1), (3, 2), (4, 2), (7, 4)])
def test_pages_hold_several_games(games, pages):
    """Pads are laid out several to a page."""
    assert PADS_PER_PAGE >= 2
    data = scorepad_pdf(find_board("training-city"), games=games)
    assert _pages(data) == -(-games // PADS_PER_PAGE) == pages


@pytest.mark.parametrize("board_id", shipped_board_ids())
@pytest.mark.parametrize("paper", sorted(PAPER_SIZES))
def test_rows_header_and_note(board_id, paper, scorepad_for, texts):
    """Every pad lists the city's rows 1-9, the total, the date line and the tie-break note."""
    board = find_board(board_id)
    (text,) = texts(scorepad_for(board_id, 4, paper, 2))
    assert text.count(board.name) >= PADS_PER_PAGE
    assert text.count("Date") == PADS_PER_PAGE
    assert text.count("Total PP") == PADS_PER_PAGE
    for row in scoring_rows(board, "full"):
        assert text.count(row.label) >= PADS_PER_PAGE, row.label
    assert text.count(" ".join(TIEBREAK_NOTE.split())) == PADS_PER_PAGE


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_one_column_per_player(players, scorepad_for, texts):
    """Each pad has one named column per player and no more."""
    (text,) = texts(scorepad_for("training-city", players, "a4", 2))
    for n in range(1, players + 1):
        assert text.count(f"Player {n}") == PADS_PER_PAGE
    assert f"Player {players + 1}" not in text


def test_custom_board_rows(custom_board_file, texts):
    """An imported city with a purple landmark gets its purple row and no festival row."""
    text = texts(scorepad_pdf(load_board_file(custom_board_file), players=3))[0]
    assert "Purple landmarks" in text and "Harbour Town" in text
    assert "Visit-Them-All points" in text and "Handcraft Festival" not in text


@pytest.mark.parametrize("players", [0, 5, -1, "4", 2.0, True])
def test_bad_players_is_a_value_error(players):
    """Players must be a whole number from 1 to 4."""
    with pytest.raises(ValueError, match="1 to 4"):
        scorepad_pdf(find_board("training-city"), players=players)


@pytest.mark.parametrize("games", [0, -2, "2", None])
def test_bad_games_is_a_value_error(games):
    """The number of games must be a whole number of at least 1."""
    with pytest.raises(ValueError, match="games"):
        scorepad_pdf(find_board("training-city"), games=games)
