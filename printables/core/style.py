"""Shared look of every printable: paper sizes, margins, fonts, colours and text helpers."""

from __future__ import annotations

import logging
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field

import reportlab
from reportlab import rl_config
from reportlab.lib.colors import HexColor, white
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.cidfonts import UnicodeCIDFont
from reportlab.pdfbase.ttfonts import TTFont

from companion.games.core.problems import N_

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

# Japanese: the IPAex fonts (IPA Font License: embedding and redistribution allowed), from Debian's
# fonts-ipaexfont-gothic and fonts-ipaexfont-mincho (`.ci/run` installs them; docs/production.md says so),
# are embedded as subsets, so every viewer shows the same Japanese page (poppler-based viewers included) and a
# printed Japanese map is the map the photo reader expects. A machine without them falls back to ReportLab's
# built-in CID fonts, which are referenced, not embedded (the viewer draws them with its own Japanese font),
# and says so once in the log. One weight each: bold text is the gothic too; the Mincho takes italic's part
# for notes and footers, as Japanese typesetting has no italic.
JA_FONT_DIRS = [os.environ.get("COMPANION_JA_FONT_DIR", ""), "/usr/share/fonts/opentype/ipaexfont-gothic",
                "/usr/share/fonts/opentype/ipaexfont-mincho", "/usr/share/fonts/truetype/ipaexfont-gothic",
                "/usr/share/fonts/truetype/ipaexfont-mincho"]
_JA_FILES = {"IPAexGothic": "ipaexg.ttf", "IPAexMincho": "ipaexm.ttf"}


def _japanese_font_files() -> dict[str, str] | None:
    """The paths of the two IPAex fonts, or None when either is missing."""
    found = {}
    for name, filename in _JA_FILES.items():
        for folder in filter(None, JA_FONT_DIRS):
            path = os.path.join(folder, filename)
            if os.path.isfile(path):
                found[name] = path
                break
    return found if len(found) == len(_JA_FILES) else None


JA_FONT_FILES = _japanese_font_files()
JA_EMBEDDED = JA_FONT_FILES is not None
JA_GOTHIC = "IPAexGothic" if JA_EMBEDDED else "HeiseiKakuGo-W5"
JA_MINCHO = "IPAexMincho" if JA_EMBEDDED else "HeiseiMin-W3"
# Typographic forms for Japanese pages (Adobe-Japan1, the fallback, draws the originals full-width or not at all):
# the Japanese forms read better: katakana middle dot, wave dash for ranges, a circle for "ok".
_JA_SUBSTITUTES = {"\u00b7": "\u30fb", "\u2013": "\u301c", "\u2713": "\u25cb"}

INK = HexColor("#222222")
MUTED = HexColor("#6b6b6b")
RULE = HexColor("#b9b9b9")
PAPER = white


@dataclass(frozen=True)
class Fonts:
    """The three faces a printable writes text in, and the characters they cannot draw."""

    regular: str
    bold: str
    italic: str
    substitutes: Mapping[str, str] = field(default_factory=dict)

    def printable(self, text: str) -> str:
        """Replace the few characters these fonts cannot draw."""
        for char, substitute in self.substitutes.items():
            text = text.replace(char, substitute)
        return text


LATIN_FONTS = Fonts(FONT, FONT_BOLD, FONT_ITALIC, _SUBSTITUTES)
JAPANESE_FONTS = Fonts(JA_GOTHIC, JA_GOTHIC, JA_MINCHO, _JA_SUBSTITUTES)
_FONTS_BY_LANG = {"en": LATIN_FONTS, "ja": JAPANESE_FONTS}


def register_japanese_fonts() -> None:
    """Register the Japanese fonts once per process: the embedded IPAex subsets, or the CID fallback."""
    known = set(pdfmetrics.getRegisteredFontNames())
    for name in (JA_GOTHIC, JA_MINCHO):
        if name in known:
            continue
        if JA_FONT_FILES is not None:
            pdfmetrics.registerFont(TTFont(name, JA_FONT_FILES[name]))
        else:
            logging.getLogger(__name__).warning(
                "Japanese PDFs reference the CID font %s without embedding it: install Debian's "
                "fonts-ipaexfont-gothic and fonts-ipaexfont-mincho to embed the IPAex fonts.", name)
            pdfmetrics.registerFont(UnicodeCIDFont(name))


def fonts_for(lang: str) -> Fonts:
    """Return the fonts for a language code (English's for any language without its own)."""
    fonts = _FONTS_BY_LANG.get(lang, LATIN_FONTS)
    if fonts is JAPANESE_FONTS:
        register_japanese_fonts()
    return fonts


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
    """Replace the few characters the embedded Latin font cannot draw."""
    return LATIN_FONTS.printable(text)


def fit_size(text: str, font: str, size: float, width: float, smallest: float = 4.5) -> float:
    """Return the largest font size up to `size` at which `text` fits in `width`."""
    needed = pdfmetrics.stringWidth(text, font, size)
    if needed <= width:
        return size
    return max(smallest, size * width / needed)


# Han, kana and full-width forms: a line may break between any two of them (Japanese has no spaces).
_CJK = "\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef"
_HAS_CJK = re.compile(f"[{_CJK}]")
# Katakana words (with their long-vowel marks) stay whole when they fit, as do Latin words and numbers.
_KATAKANA = "\u30a0-\u30ff\u31f0-\u31ff\uff66-\uff9f"
_TOKENS = re.compile(f"[{_KATAKANA}]+|[{_CJK}]|[^\\s{_CJK}]+|\\s+")
# Characters a Japanese line must not start with (kinsoku): closing brackets, punctuation, small kana.
_NO_LINE_START = set("、。，．・：；？！）」』】〕〉》ー～〜ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ%)]}.,:;!?")


def split_cjk(text: str, font: str, size: float, width: float) -> list[str]:
    """Split text with Japanese in it into lines that fit `width`, breaking between characters."""
    lines: list[list[str]] = [[]]
    used = 0.0
    tokens: list[str] = []
    for token in _TOKENS.findall(text):
        # A word wider than the whole line breaks between its characters after all.
        wide = len(token) > 1 and pdfmetrics.stringWidth(token, font, size) > width and _HAS_CJK.search(token)
        tokens.extend(token if wide else [token])
    for token in tokens:
        needed = pdfmetrics.stringWidth(token, font, size)
        if lines[-1] and used + needed > width and not token.isspace():
            carried: list[str] = []
            # Kinsoku: rather than start a line with closing punctuation, take the character before along.
            if token in _NO_LINE_START:
                while lines[-1] and lines[-1][-1].isspace():
                    lines[-1].pop()
                if len(lines[-1]) > 1:
                    carried.append(lines[-1].pop())
            lines.append(carried)
            used = sum(pdfmetrics.stringWidth(t, font, size) for t in carried)
        if not lines[-1] and token.isspace():
            continue  # no line starts with a space
        lines[-1].append(token)
        used += needed
    return [line for line in ("".join(parts).strip() for parts in lines) if line]


def split_lines(text: str, font: str, size: float, width: float) -> list[str]:
    """Split text into lines that fit `width`: at spaces, or between characters in Japanese text."""
    if _HAS_CJK.search(text):
        return split_cjk(text, font, size, width)
    return simpleSplit(text, font, size, width)


def wrap(text: str, font: str, size: float, width: float, max_lines: int) -> tuple[list[str], float]:
    """Split text into at most `max_lines` lines that fit `width`, shrinking the size if needed."""
    while True:
        lines = split_lines(text, font, size, width)
        widest = max((pdfmetrics.stringWidth(line, font, size) for line in lines), default=0)
        if (len(lines) <= max_lines and widest <= width) or size <= 4.5:
            return lines, size
        size -= 0.25


def draw_fitted(c, text: str, x: float, y: float, width: float, font: str, size: float,
                align: str = "left", fonts: Fonts = LATIN_FONTS) -> None:
    """Draw one line of text, shrunk to fit `width`, aligned left, centre or right of x."""
    text = fonts.printable(text)
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


SUBJECT = N_("Print-and-play sheet drawn by the companion from the board data")


def new_canvas(buffer, paper: str, title: str, subject: str = SUBJECT, lang: str = "en"):
    """Open a reproducible canvas with the document's metadata (title, subject, language) set."""
    from reportlab.pdfgen.canvas import Canvas

    register_fonts()
    # invariant=1 drops the timestamp and random id, so the same board gives the same bytes.
    # The first font is an embedded one, not ReportLab's default Helvetica, which is referenced and never embedded:
    # every font a PDF names is in the file (`pdffonts` shows "emb yes" for each).
    c = Canvas(buffer, pagesize=paper_size(paper), invariant=1, pageCompression=1, initialFontName=FONT,
               lang=None if lang == "en" else lang)
    c.setTitle(title)
    c.setAuthor("En Route Companion")
    c.setCreator("En Route Companion printables")
    c.setSubject(subject)
    return c


# Layout code measures text before any canvas exists, so the fonts are registered on import.
register_fonts()
