"""What a phone camera needs on a printed sheet: corner markers and the page code (see companion.vision.pagecode).

Shared by every game whose printed sheet can be read from a photo; each game's page passes its own
kind (a key of `pagecode.KINDS`) and the id its reader matches the page against.
"""

from __future__ import annotations

from reportlab.lib.colors import black

from companion.vision import pagecode

from .style import PAPER_SIZES


def paper_of(width: float, height: float) -> str:
    """Return the paper name of a page size (the page code carries it)."""
    for name, (w, h) in PAPER_SIZES.items():
        if abs(w - width) < 1 and abs(h - height) < 1:
            return name
    raise ValueError(f"No paper is {width:.0f} x {height:.0f} points.")


def draw_marker(c, marker: int, left: float, bottom: float) -> None:
    """Draw one ArUco marker: a black square with its 4x4 white bits."""
    size = pagecode.MARKER_SIZE
    cell = size / 6
    c.saveState()
    c.setFillColor(black)
    c.rect(left, bottom, size, size, stroke=0, fill=1)
    c.setFillColorRGB(1, 1, 1)
    for row, bits in enumerate(pagecode.MARKER_BITS[marker]):
        for col, bit in enumerate(bits):
            if bit == "1":
                c.rect(left + (col + 1) * cell, bottom + size - (row + 2) * cell, cell, cell, stroke=0, fill=1)
    c.restoreState()


def draw_page_code(c, board_id: str, number: int, width: float, height: float, lang: str,
                   kind: int = pagecode.CODE_VERSION) -> None:
    """Draw the page code strip that names the board (or tile), its number and the layout."""
    bits = pagecode.encode(board_id, number, paper_of(width, height), lang, kind=kind)
    colours = pagecode.cell_colours(bits)
    c.saveState()
    c.setFillColor(black)
    for left, index in pagecode.code_cells(width):
        if colours[index]:
            c.rect(left, pagecode.CODE_BOTTOM, pagecode.CODE_CELL, pagecode.CODE_HEIGHT, stroke=0, fill=1)
    c.restoreState()


def draw_camera_marks(c, board_id: str, number: int, width: float, height: float, lang: str,
                      kind: int = pagecode.CODE_VERSION) -> None:
    """Draw the four corner markers and the page code."""
    for marker, (left, bottom) in pagecode.marker_squares(width, height).items():
        draw_marker(c, marker, left, bottom)
    draw_page_code(c, board_id, number, width, height, lang, kind)
