"""Paris's blank map, read back with pdfplumber: rows, remote-landmark checkboxes, shaped landmarks' sides."""

from __future__ import annotations

import io

import pdfplumber

from companion.games.enroute import find_board
from printables.core.i18n import print_locale
from printables.enroute.maps import MapLayout, map_layout, maps_pdf
from printables.enroute.texts import localized_rows

BOARD = find_board("paris-example")


def _pdf(lang: str = "en"):
    """The Paris maps as a pdfplumber document."""
    return pdfplumber.open(io.BytesIO(maps_pdf(BOARD, lang=lang)))


def test_one_page_per_player_board_with_the_paris_rows():
    """Four pages; each prints the diversity row with its table and the doubled personal goal, no goal rows."""
    pdf = _pdf()
    assert len(pdf.pages) == len(BOARD.player_boards) == 4
    text = pdf.pages[0].extract_text()
    assert "Diversity" in text and ("1 = 3" in text or "1 → 3" in text) and ("6 = 33" in text or "6 → 33" in text)
    assert "doubled" in text
    assert "Goal A" not in text


def test_remote_landmarks_have_checkboxes_in_their_colour():
    """Each remote landmark's name is printed beside a small square box."""
    page = _pdf().pages[0]
    text = page.extract_text()
    names = [f.name for f in BOARD.features_of("tour_landmark")]
    assert len(names) == 3 and all(name in text for name in names)
    small = [r for r in page.rects if 5 < r["width"] < 10 and abs(r["width"] - r["height"]) < 0.5]
    words = {w["text"]: w for w in page.extract_words()}
    for name in names:
        first = words[name.split()[0]]
        assert any(abs((r["top"] + r["bottom"]) / 2 - (first["top"] + first["bottom"]) / 2) < 4 and r["x1"] < first["x0"]
                   for r in small), name


def test_shaped_landmarks_stroke_their_own_sides():
    """The triangle's diagonal and the garden's middle road are thick strokes between their intersections."""
    page = _pdf().pages[0]
    layout: MapLayout = map_layout(BOARD, "a4", "en", localized_rows(BOARD, print_locale("en")))
    height = page.height
    thick = [ln for ln in page.lines if ln["linewidth"] > layout.cell * 0.05]

    def has(a, b) -> bool:
        """A thick line joins the page positions of two intersections."""
        (ax, ay), (bx, by) = layout.point(a), layout.point(b)
        ends = {(round(ax), round(height - ay)), (round(bx), round(height - by))}
        return any({(round(ln["x0"]), round(ln["top"])), (round(ln["x1"]), round(ln["bottom"]))} == ends
                   or {(round(ln["x0"]), round(ln["bottom"])), (round(ln["x1"]), round(ln["top"]))} == ends
                   for ln in thick)
    assert has((2, 1), (3, 2))  # the triangle's diagonal
    assert has((2, 4), (2, 5))  # the road through the garden
    assert not has((3, 1), (3, 2))  # the triangle's location's other side


def test_paris_prints_in_japanese():
    """The Japanese PDF builds and names the city and its places in Japanese (shipped names are texts)."""
    text = _pdf("ja").pages[0].extract_text()
    assert "パリ（例）" in text and "鏡の宮殿" in text and "Palais des Glaces" not in text
