"""En Route's print colours and names, on top of the shared page, fonts and text helpers."""

from __future__ import annotations

from reportlab.lib.colors import Color, HexColor

from ..core.style import (
    FONT,
    FONT_BOLD,
    FONT_ITALIC,
    INK,
    MARGIN,
    MUTED,
    PAPER,
    PAPER_SIZES,
    RULE,
    draw_fitted,
    finish,
    fit_size,
    new_canvas,
    paper_size,
    printable,
    register_fonts,
    wrap,
)

STREET = HexColor("#f1eee6")
BLOCK_EDGE = HexColor("#a8a39a")
ROAD = HexColor("#8d877c")
CUP = HexColor("#6f4a2f")

# Strong colour for symbols and a pale tint for the location, so markers stay readable on it.
KIND_COLOURS: dict[str, tuple[Color, Color]] = {
    "red": (HexColor("#d2403a"), HexColor("#fbe3e0")),
    "green": (HexColor("#3a9148"), HexColor("#e1f1dc")),
    "blue": (HexColor("#2f68b0"), HexColor("#dfe9f6")),
    "purple": (HexColor("#7a4a9f"), HexColor("#ece2f4")),
    "yellow": (HexColor("#e3ad00"), HexColor("#fff3c4")),
    "grey": (HexColor("#707070"), HexColor("#e6e6e6")),
}
KIND_NAMES = {
    "red": "Lively (red)",
    "green": "Park (green)",
    "blue": "Culture (blue)",
    "purple": "Business (purple)",
    "yellow": "Popular (yellow)",
    "grey": "Iconic (grey)",
}
TOURIST_COLOURS = {kind: KIND_COLOURS[kind][0] for kind in ("red", "green", "blue", "purple")}

__all__ = [
    "BLOCK_EDGE",
    "CUP",
    "FONT",
    "FONT_BOLD",
    "FONT_ITALIC",
    "INK",
    "KIND_COLOURS",
    "KIND_NAMES",
    "MARGIN",
    "MUTED",
    "PAPER",
    "PAPER_SIZES",
    "ROAD",
    "RULE",
    "STREET",
    "TOURIST_COLOURS",
    "draw_fitted",
    "finish",
    "fit_size",
    "new_canvas",
    "paper_size",
    "printable",
    "register_fonts",
    "wrap",
]
