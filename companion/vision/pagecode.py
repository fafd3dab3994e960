"""What a printed map page carries for a camera: four corner markers and a small page code.

Pure Python (no OpenCV), so the printables draw exactly what the reader looks for.

- Markers: ArUco 4x4 markers (ids 0-3 of OpenCV's DICT_4X4_50) in the page corners,
  top-left, top-right, bottom-right, bottom-left, inside the margin.
- Page code: 32 bits in a strip at the foot of the page, each bit written as a
  black-white or white-black pair of cells (so the reader needs no threshold):
  4 bits code version (which kind of printed page: see KINDS), 4 bits player board number, 2 bits paper,
  2 bits language, 16 bits of the board id's CRC-32, 4 bits check. It names the board, the player
  board and the page layout (paper and language size the map), so a photo finds
  its own geometry without any typing.
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass

MM = 72 / 25.4  # points per millimetre
CODE_VERSION = 1
# The code's first 4 bits name the kind of printed page, so a reader knows a page of another game at once.
# Each game's printables own one value; a new printed sheet takes a new one (never reuse one).
KINDS = {1: "enroute-map", 2: "explore-new-york-map", 3: "welcome-to-sheet"}
PAPERS = ("a4", "letter")
LANGS = ("en", "ja")
MARKER_IDS = (0, 1, 2, 3)  # top-left, top-right, bottom-right, bottom-left
MARKER_INSET = 6 * MM  # from the page edges to the marker's outer corner
MARKER_SIZE = 8 * MM
# The 4x4 inner bits of DICT_4X4_50 ids 0-3, row by row from the top, 1 = white (a test checks them
# against OpenCV's own dictionary); a one-cell black border surrounds them.
MARKER_BITS = {
    0: ("1011", "0101", "0011", "0010"),
    1: ("0000", "1111", "1001", "1010"),
    2: ("0011", "0011", "0010", "1101"),
    3: ("1001", "1001", "0100", "0110"),
}
CODE_BITS = 32
CODE_CELL = 2 * MM  # width of one of the 2 x 32 cells
CODE_HEIGHT = 3.5 * MM
CODE_BOTTOM = 7 * MM


@dataclass(frozen=True)
class PageCode:
    """What a map page says about itself."""

    board_hash: int
    player_board: int
    paper: str
    lang: str
    kind: int = CODE_VERSION

    def matches(self, board_id: str) -> bool:
        """Tell whether this code names the board with this id."""
        return board_hash(board_id) == self.board_hash


def board_hash(board_id: str) -> int:
    """Return the 16-bit short name of a board id that the page code carries."""
    return zlib.crc32(board_id.encode("utf-8")) & 0xFFFF


def _check(value: int) -> int:
    """Return the 4 check bits of the first 28 bits."""
    return zlib.crc32(value.to_bytes(4, "big")) & 0xF


def encode(board_id: str, player_board: int, paper: str, lang: str, kind: int = CODE_VERSION) -> list[int]:
    """Return the 32 bits (most significant first) of a page's code (kind: a key of KINDS)."""
    if not 0 <= player_board < 16 or paper not in PAPERS or lang not in LANGS or kind not in KINDS:
        raise ValueError(f"Cannot encode player board {player_board!r}, paper {paper!r}, language {lang!r}, "
                         f"kind {kind!r}.")
    value = (kind << 24) | (player_board << 20) | (PAPERS.index(paper) << 18) | (LANGS.index(lang) << 16)
    value |= board_hash(board_id)
    value = (value << 4) | _check(value)
    return [(value >> (CODE_BITS - 1 - i)) & 1 for i in range(CODE_BITS)]


def decode(bits: list[int]) -> PageCode | None:
    """Return the page code of 32 bits, or None when they are no valid code."""
    if len(bits) != CODE_BITS:
        return None
    value = 0
    for bit in bits:
        value = (value << 1) | (bit & 1)
    body, check = value >> 4, value & 0xF
    if _check(body) != check or body >> 24 not in KINDS:
        return None
    paper, lang = (body >> 18) & 3, (body >> 16) & 3
    if paper >= len(PAPERS) or lang >= len(LANGS):
        return None
    return PageCode(body & 0xFFFF, (body >> 20) & 0xF, PAPERS[paper], LANGS[lang], body >> 24)


def marker_squares(width: float, height: float) -> dict[int, tuple[float, float]]:
    """Return each marker's (left, bottom) on a page of this size, in points (y up)."""
    low, high_x, high_y = MARKER_INSET, width - MARKER_INSET - MARKER_SIZE, height - MARKER_INSET - MARKER_SIZE
    return {0: (low, high_y), 1: (high_x, high_y), 2: (high_x, low), 3: (low, low)}


def marker_corners(width: float, height: float) -> dict[int, list[tuple[float, float]]]:
    """Return each marker's four outer corners as OpenCV lists them (its top-left first, clockwise), y up."""
    corners = {}
    for marker, (left, bottom) in marker_squares(width, height).items():
        top, right = bottom + MARKER_SIZE, left + MARKER_SIZE
        corners[marker] = [(left, top), (right, top), (right, bottom), (left, bottom)]
    return corners


def code_cells(width: float) -> list[tuple[float, int]]:
    """Return (left x, index) of the 64 code cells; cell 2i and 2i+1 carry bit i."""
    left = (width - 2 * CODE_BITS * CODE_CELL) / 2
    return [(left + k * CODE_CELL, k) for k in range(2 * CODE_BITS)]


def cell_colours(bits: list[int]) -> list[int]:
    """Return the 64 cells' colours (1 = black): bit 1 is black-white, bit 0 white-black."""
    out = []
    for bit in bits:
        out.extend((1, 0) if bit else (0, 1))
    return out


def camera_boxes(width: float, height: float) -> list[tuple[float, float, float, float]]:
    """Return the page areas (x0, y0, x1, y1 in points, y up) the camera marks cover, inside the margin."""
    boxes = [(x, y, x + MARKER_SIZE, y + MARKER_SIZE) for x, y in marker_squares(width, height).values()]
    cells = code_cells(width)
    boxes.append((cells[0][0], CODE_BOTTOM, cells[-1][0] + CODE_CELL, CODE_BOTTOM + CODE_HEIGHT))
    return boxes
