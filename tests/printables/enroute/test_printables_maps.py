"""Blank maps: pages, text read back, printed coordinates in the right places, fonts, paper."""

from __future__ import annotations

import io

import pdfplumber
import pypdf
import pytest
from reportlab.lib.units import mm

from companion.games.enroute.registry import find_board, load_board_file, shipped_board_ids
from companion.games.enroute.rows import scoring_rows
from companion.vision import pagecode
from printables.enroute import PAPER_SIZES, maps_pdf
from printables.enroute.maps import landmark_value, map_layout

BOARD_IDS = shipped_board_ids()


def test_smoke_builds_a_pdf_in_memory():
    """The API returns PDF bytes built in memory."""
    data = maps_pdf(find_board("training-city"))
    assert data.startswith(b"%PDF-") and data.rstrip().endswith(b"%%EOF")


@pytest.mark.parametrize("board_id", BOARD_IDS)
def test_one_page_per_player_board(board_id, maps_for):
    """Each player board gets exactly one page."""
    reader = pypdf.PdfReader(io.BytesIO(maps_for(board_id)))
    assert len(reader.pages) == len(find_board(board_id).player_boards)


@pytest.mark.parametrize("board_id", BOARD_IDS)
def test_every_page_names_city_board_and_landmarks(board_id, maps_for, texts):
    """Header, landmark names and values, legend, scoring rows and the design note are real text."""
    board = find_board(board_id)
    rows = scoring_rows(board, "full")
    for player_board, text in zip(board.player_boards, texts(maps_for(board_id)), strict=True):
        assert board.name in text
        assert f"Player board {player_board.number}" in text
        for landmark in board.landmarks:
            assert landmark.name in text
            value = landmark_value(board, landmark)
            if landmark.kind in ("yellow", "grey"):
                assert value and value in text
        for row in rows:
            assert row.label in text
        assert "Total PP" in text
        assert "the companion's own design" in text
        if board.visit_them_all is not None:
            assert board.visit_them_all.name in text


def test_training_city_values():
    """Yellow landmarks print their PP; grey ones the range of their rating track."""
    board = find_board("training-city")
    assert landmark_value(board, board.landmark("town-hall")) == "6 PP"
    assert landmark_value(board, board.landmark("tv-tower")) == "4\u201312 PP"
    assert landmark_value(board, board.landmark("market-hall")) is None


def _edge_labels(words: list[dict], page_height: float, layout) -> dict[str, list[str]]:
    """Collect the single-digit words in each label band around the grid, in reading order."""
    grid_top = page_height - layout.grid_top  # pdfplumber measures from the top of the page
    grid_bottom = page_height - layout.grid_bottom
    digits = [w for w in words if w["text"].isdigit() and len(w["text"]) == 1]
    bands = {
        "top": [w for w in digits if w["bottom"] <= grid_top and w["bottom"] > grid_top - 12 * mm],
        "bottom": [w for w in digits if w["top"] >= grid_bottom and w["top"] < grid_bottom + 12 * mm],
        "left": [w for w in digits if w["x1"] <= layout.grid_left and grid_top < w["top"] < grid_bottom],
        "right": [w for w in digits if w["x0"] >= layout.grid_right and grid_top < w["top"] < grid_bottom],
    }
    for edge in ("top", "bottom"):
        bands[edge].sort(key=lambda w: w["x0"])
    for edge in ("left", "right"):
        bands[edge].sort(key=lambda w: w["top"])
    return bands


@pytest.mark.parametrize("board_id", BOARD_IDS)
@pytest.mark.parametrize("paper", sorted(PAPER_SIZES))
def test_printed_coordinates_sit_on_their_columns_and_rows(board_id, paper, maps_for, words):
    """Each page prints its own board's coordinates, each centred on its layout column or row."""
    board = find_board(board_id)
    layout = map_layout(board, paper)
    pages = words(maps_for(board_id, paper))
    for player_board, (height, page_words) in zip(board.player_boards, pages, strict=True):
        bands = _edge_labels(page_words, height, layout)
        for edge in ("top", "bottom"):
            assert [w["text"] for w in bands[edge]] == [str(n) for n in player_board.columns], edge
            for column, word in enumerate(bands[edge], start=1):
                centre = (word["x0"] + word["x1"]) / 2
                assert abs(centre - layout.column_centre(column)) < layout.cell * 0.2
        for edge in ("left", "right"):
            assert [w["text"] for w in bands[edge]] == [str(n) for n in player_board.rows], edge
            for row, word in enumerate(bands[edge], start=1):
                centre = height - (word["top"] + word["bottom"]) / 2
                assert abs(centre - layout.row_centre(row)) < layout.cell * 0.2


def test_player_boards_differ_in_print():
    """The four training-city pages really print different coordinate orders."""
    board = find_board("training-city")
    orders = {(pb.columns, pb.rows) for pb in board.player_boards}
    assert len(orders) == len(board.player_boards) == 4


@pytest.mark.parametrize("paper", sorted(PAPER_SIZES))
def test_paper_size_and_safe_margins(paper, maps_for):
    """Pages have the chosen size and nothing is drawn within 12 mm of an edge."""
    width, height = PAPER_SIZES[paper]
    with pdfplumber.open(io.BytesIO(maps_for("training-city", paper))) as pdf:
        for page in pdf.pages:
            assert (round(page.width), round(page.height)) == (round(width), round(height))
            objects = page.chars + page.rects + page.lines + page.curves
            assert objects
            for obj in objects:
                if _camera_mark(obj, width, height):  # the camera's marks sit from 6 mm in, by design
                    assert obj["x0"] >= 6 * mm - 0.1 and obj["x1"] <= width - 6 * mm + 0.1
                    assert obj["top"] >= 6 * mm - 0.1 and obj["bottom"] <= height - 6 * mm + 0.1
                    continue
                assert obj["x0"] >= 12 * mm and obj["x1"] <= width - 12 * mm
                assert obj["top"] >= 12 * mm and obj["bottom"] <= height - 12 * mm


def _camera_mark(obj: dict, width: float, height: float) -> bool:
    """Tell whether a drawn object lies inside one of the camera marks (corner markers, page code)."""
    return any(x0 - 0.1 <= obj["x0"] and obj["x1"] <= x1 + 0.1 and height - y1 - 0.1 <= obj["top"]
               and obj["bottom"] <= height - y0 + 0.1 for x0, y0, x1, y1 in pagecode.camera_boxes(width, height))


def test_fonts_are_embedded_vera_only(maps_for):
    """Text uses the Vera fonts shipped with reportlab (embedded), never a base-14 or system font."""
    with pdfplumber.open(io.BytesIO(maps_for("training-city"))) as pdf:
        fonts = {char["fontname"].split("+")[-1] for page in pdf.pages for char in page.chars}
    assert fonts and all(name.startswith("BitstreamVeraSans") for name in fonts), fonts


def test_same_board_same_bytes():
    """Builds are reproducible (no timestamps), which keeps downloads cacheable."""
    board = find_board("training-city")
    assert maps_pdf(board) == maps_pdf(board)


def test_metadata_title(maps_for):
    """The document title names the city."""
    reader = pypdf.PdfReader(io.BytesIO(maps_for("training-city")))
    assert reader.metadata.title == "Training City: blank player maps"


def test_unknown_paper_is_a_value_error():
    """An unknown paper name is refused with the known ones listed."""
    with pytest.raises(ValueError, match="a4, letter"):
        maps_pdf(find_board("training-city"), paper="a3")


def test_custom_board_from_a_file(custom_board_file, texts, words):
    """An imported board prints: its landmarks, its own player boards, a purple row, no festival."""
    board = load_board_file(custom_board_file)
    data = maps_pdf(board)
    pages = texts(data)
    assert len(pages) == 2
    for text in pages:
        for name in ("Trade Tower", "Long Park", "Lighthouse", "Harbour Crane", "Fish Market",
                     "Maritime Museum", "7 PP", "2\u20139 PP", "Purple landmarks", "Business (purple)"):
            assert name in text
        assert "Handcraft Festival" not in text
    assert "Player board 7" in pages[1]
    layout = map_layout(board)
    height, page_words = words(data)[1]
    bands = _edge_labels(page_words, height, layout)
    assert [w["text"] for w in bands["top"]] == ["2", "4", "6", "1", "3", "5"]
    assert [w["text"] for w in bands["left"]] == ["1", "3", "5", "2", "4", "6"]


def test_wide_board_fits_the_page(words):
    """A 12-wide board (like New York's two halves) shrinks to fit between the margins."""
    doc = {
        "format": "enroute-board/1", "id": "twin-city", "name": "Twin City", "size": [12, 6],
        "player_boards": [{"number": 1, "columns": [1, 2, 3, 4, 5, 6, 6, 5, 4, 3, 2, 1],
                           "rows": [1, 2, 3, 4, 5, 6]}],
        "landmarks": [{"id": "east-park", "name": "East Park", "kind": "green", "locations": [[12, 6]]}],
    }
    from companion.games.enroute.board import load_board

    board = load_board(doc)
    layout = map_layout(board)
    assert layout.grid_left >= 12 * mm + 7 * mm
    assert layout.grid_right <= layout.width - 12 * mm - 7 * mm
    height, page_words = words(maps_pdf(board))[0]
    top = _edge_labels(page_words, height, layout)["top"]
    assert [w["text"] for w in top] == [str(n) for n in board.player_boards[0].columns]
