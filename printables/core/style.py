"""Shared look of every printable: paper sizes, margins, fonts, colours and text helpers."""

from __future__ import annotations

import os

import reportlab
from reportlab import rl_config
from reportlab.lib.colors import HexColor, white
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

PAPER_SIZES: dict[str, tuple[float, float]] = {"a4": A4, "letter": LETTER}

# Home printers cannot print to the edge; 12 mm is the usual safe minimum, 14 mm leaves slack.
MARGIN = 14 * mm

# Vera ships inside the reportlab wheel, so the PDFs never depend on a system font, and
# unlike the built-in Helvetica it is embedded (searchable text that looks the same everywhere).
FONT = "Vera"
FONT_BOLD = "Vera-Bold"
FONT_ITALIC = "Vera-Italic"
_FONT_FILES = {FONT: "Vera.ttf", FONT_BOLD: "VeraBd.ttf", FONT_ITALIC: "VeraIt.ttf"}

# Characters the engine's labels may use that Vera has no glyph for.
_SUBSTITUTES = {"\u2192": "=", "\u2190": "=", "\u2713": "ok"}

INK = HexColor("#222222")
MUTED = HexColor("#6b6b6b")
RULE = HexColor("#b9b9b9")
PAPER = white


def register_fonts() -> None:
    """Register the Vera fonts from the reportlab package once per process."""
    known = set(pdfmetrics.getRegisteredFontNames())
    folder = os.path.join(os.path.dirname(reportlab.__file__), "fonts")
    for name, filename in _FONT_FILES.items():
        if name not in known:
            pdfmetrics.registerFont(TTFont(name, os.path.join(folder, filename)))


def paper_size(paper: str) -> tuple[float, float]:
    """Return the page size for a paper name, or raise ValueError naming the known ones."""
    try:
        return PAPER_SIZES[paper]
    except (KeyError, TypeError):
        raise ValueError(f"Unknown paper {paper!r}; use one of {', '.join(PAPER_SIZES)}.") from None


def printable(text: str) -> str:
    """Replace the few characters the embedded font cannot draw."""
    for char, substitute in _SUBSTITUTES.items():
        text = text.replace(char, substitute)
    return text


def fit_size(text: str, font: str, size: float, width: float, smallest: float = 4.5) -> float:
    """Return the largest font size up to `size` at which `text` fits in `width`."""
    needed = pdfmetrics.stringWidth(text, font, size)
    if needed <= width:
        return size
    return max(smallest, size * width / needed)


def wrap(text: str, font: str, size: float, width: float, max_lines: int) -> tuple[list[str], float]:
    """Split text into at most `max_lines` lines that fit `width`, shrinking the size if needed."""
    while True:
        lines = simpleSplit(text, font, size, width)
        widest = max((pdfmetrics.stringWidth(line, font, size) for line in lines), default=0)
        if (len(lines) <= max_lines and widest <= width) or size <= 4.5:
            return lines, size
        size -= 0.25


def draw_fitted(c, text: str, x: float, y: float, width: float, font: str, size: float,
                align: str = "left") -> None:
    """Draw one line of text, shrunk to fit `width`, aligned left, centre or right of x."""
    text = printable(text)
    size = fit_size(text, font, size, width)
    c.setFont(font, size)
    if align == "centre":
        c.drawCentredString(x, y, text)
    elif align == "right":
        c.drawRightString(x, y, text)
    else:
        c.drawString(x, y, text)


def finish(c, buffer) -> bytes:
    """Save the canvas and return the PDF bytes."""
    # ASCII85 only makes streams 7-bit safe, which no download needs; it costs a quarter more bytes
    # and (in pure Python) a sixth of the build time. The switch is process-wide, so restore it;
    # a concurrent build that sees either value still writes a valid PDF.
    previous = rl_config.useA85
    rl_config.useA85 = 0
    try:
        c.save()
    finally:
        rl_config.useA85 = previous
    return buffer.getvalue()


def new_canvas(buffer, paper: str, title: str):
    """Open a reproducible canvas with the document's metadata set."""
    from reportlab.pdfgen.canvas import Canvas

    register_fonts()
    # invariant=1 drops the timestamp and random id, so the same board gives the same bytes.
    c = Canvas(buffer, pagesize=paper_size(paper), invariant=1, pageCompression=1)
    c.setTitle(title)
    c.setAuthor("En Route Companion")
    c.setCreator("En Route Companion printables")
    c.setSubject("Print-and-play sheet drawn by the companion from the board data")
    return c


# Layout code measures text before any canvas exists, so the fonts are registered on import.
register_fonts()
