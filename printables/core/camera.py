"""What a phone camera needs on any printed page: the four corner markers and the page code strip.

Every game's printables draw them through these helpers (companion.vision.pagecode says where and how),
so each reader finds its page the same way; a game passes its own page kind and board id.
"""

from __future__ import annotations

from reportlab.lib.colors import black

from companion.vision import pagecode

from .style import PAPER_SIZES


def paper_of(width: float, height: float) -> str:
    """Return the paper name of a page size, upright or landscape (the page code carries it)."""
    for name, (w, h) in PAPER_SIZES.items():
        if (abs(w - width) < 1 and abs(h - height) < 1) or (abs(h - width) < 1 and abs(w - height) < 1):
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


def draw_code(c, bits: list[int], width: float) -> None:
    """Draw a page code strip (32 bits from pagecode.encode) at the foot of a page `width` points wide."""
    colours = pagecode.cell_colours(bits)
    c.saveState()
    c.setFillColor(black)
    for left, index in pagecode.code_cells(width):
        if colours[index]:
            c.rect(left, pagecode.CODE_BOTTOM, pagecode.CODE_CELL, pagecode.CODE_HEIGHT, stroke=0, fill=1)
    c.restoreState()


def draw_camera_marks(c, bits: list[int], width: float, height: float) -> None:
    """Draw the four corner markers and the page code of a page."""
    for marker, (left, bottom) in pagecode.marker_squares(width, height).items():
        draw_marker(c, marker, left, bottom)
    draw_code(c, bits, width)
