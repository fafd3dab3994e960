"""New York's printables: landmarks on intersections and stars on every map page (`map.py`), and the map printed
as two halves, a page each (`halves.py`, the `maps --halves` option)."""

from __future__ import annotations

from .. import Sheet, register_map, register_sheet
from .map import draw_new_york


def _halves_pdf(board, paper: str = "a4", lang: str = "en") -> bytes:
    """The two halves (imported when asked: it builds on the map pages)."""
    from .halves import halves_pdf

    return halves_pdf(board, paper=paper, lang=lang)


register_map(draw_new_york)
register_sheet(Sheet("halves", "a map of two 6-column halves (New York): each half on a page of its own, larger",
                     _halves_pdf, lambda board: f"{2 * len(board.player_boards)} blank half maps of {board.name}"))
