"""World-city features on the blank maps, read back with pdfplumber: meeting-point boxes, bridges, stations."""

from __future__ import annotations

import io

import pdfplumber
import pytest

from companion.games.enroute import find_board
from printables.core.i18n import translator
from printables.enroute.maps import maps_pdf

CITIES = ("london-example", "rio-example", "cairo-example", "hong-kong-example")


def _first_page(board_id: str, lang: str = "en"):
    """The first map page's words and drawn objects."""
    pdf = pdfplumber.open(io.BytesIO(maps_pdf(find_board(board_id), lang=lang)))
    return pdf.pages[0]


def test_london_prints_its_scoring_bridges_and_stations():
    """Each 7-PP bridge prints its PP; each station is a square marked S on its intersection."""
    board = find_board("london-example")
    page = _first_page("london-example")
    words = [w["text"] for w in page.extract_words()]
    scoring = [f for f in board.features_of("bridge") if f.param("pp")]
    assert page.extract_text().count("7 PP") >= len(scoring) == 2
    assert words.count("S") >= len(board.features_of("station")) == 6


@pytest.mark.parametrize("board_id", ["rio-example", "cairo-example"])
def test_meeting_points_are_named_boxes_to_write_in(board_id):
    """Every remote landmark and remote space prints its name in a box at its meeting point."""
    board = find_board(board_id)
    page = _first_page(board_id)
    text = page.extract_text()
    names = [lm.name for lm in board.remote_landmarks()] + [f.name for f in board.features_of("remote_space")]
    assert names and all(name in text for name in names)
    boxes = [r for r in page.rects if r["width"] > 20 and r["height"] > 10 and r["width"] > r["height"]]
    assert len(boxes) >= len(names)


def test_rio_statue_prints_its_range():
    """The statue's coordinate track prints 6–24 PP."""
    assert "6–24 PP" in _first_page("rio-example").extract_text()


@pytest.mark.parametrize("board_id", CITIES)
def test_city_maps_print_in_japanese_too(board_id):
    """The Japanese PDF of every city builds and names the city in Japanese (a shipped board's name is a text)."""
    board = find_board(board_id)
    text = _first_page(board_id, "ja").extract_text()
    assert translator("ja").name(board.name) in text and board.name not in text


@pytest.mark.parametrize("board_id", CITIES)
def test_the_legend_explains_every_drawn_feature(board_id):
    """Each drawn feature type of the city has its legend text under the map (the training city has none)."""
    from companion.games.enroute.features import FEATURE_TYPES
    from printables.enroute.city_features import LEGEND_FEATURES

    board = find_board(board_id)
    text = _first_page(board_id).extract_text().replace("\n", " ")
    drawn = [kind for kind in LEGEND_FEATURES if board.features_of(kind)]
    assert drawn
    for kind in drawn:
        assert FEATURE_TYPES[kind].legend.split(":")[0] + ":" in text, kind
    training = _first_page("training-city").extract_text()
    assert not any(FEATURE_TYPES[kind].legend in training for kind in LEGEND_FEATURES)
