"""En Route's print colours and names, on top of the shared page, fonts and text helpers."""

from __future__ import annotations

from reportlab.lib.colors import Color, HexColor

from companion.games.core.problems import N_

from ..core.i18n import PrintLocale, print_locale
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
    SUBJECT,
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
    "red": N_("Lively (red)"),
    "green": N_("Park (green)"),
    "blue": N_("Culture (blue)"),
    "purple": N_("Business (purple)"),
    "yellow": N_("Popular (yellow)"),
    "grey": N_("Iconic (grey)"),
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
    "PrintLocale",
    "ROAD",
    "RULE",
    "STREET",
    "SUBJECT",
    "TOURIST_COLOURS",
    "draw_fitted",
    "finish",
    "fit_size",
    "new_canvas",
    "paper_size",
    "print_locale",
    "printable",
    "register_fonts",
    "wrap",
]
