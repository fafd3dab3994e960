"""Japanese PDFs embed their fonts (IPAex subsets), every Japanese text has its glyphs, Latin words stay whole."""

from __future__ import annotations

import io
import os

import pdfplumber
import pytest
from babel.messages.pofile import read_po
from pypdf import PdfReader
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfbase.ttfonts import TTFont

from printables.core.style import JA_EMBEDDED, JA_FONT_FILES, JA_GOTHIC, JA_MINCHO, fonts_for
from printables.ticket_to_ride_europe import checklist_pdf

PO = os.path.join(os.path.dirname(__file__), "../../../companion/translations/ja/LC_MESSAGES/messages.po")


@pytest.fixture(scope="module")
def embedded():
    """The IPAex fonts' files; skip (fail under CI) where Debian's fonts-ipaexfont packages are missing."""
    if not JA_EMBEDDED:
        reason = "Debian's fonts-ipaexfont-gothic and fonts-ipaexfont-mincho are not installed"
        if os.environ.get("CI"):
            pytest.fail(f"CI must embed the Japanese fonts, but {reason}.")
        pytest.skip(reason)
    return JA_FONT_FILES


def _font_files(data: bytes) -> dict[str, bool]:
    """Each font of a PDF by its base name, and whether the PDF carries its font file."""
    found = {}
    for page in PdfReader(io.BytesIO(data)).pages:
        for font in (page["/Resources"].get("/Font") or {}).values():
            font = font.get_object()
            descriptors = [font.get("/FontDescriptor")]
            descriptors += [d.get_object().get("/FontDescriptor") for d in font.get("/DescendantFonts", [])]
            carried = any(d is not None and any(k in d.get_object() for k in ("/FontFile", "/FontFile2",
                                                                                "/FontFile3"))
                          for d in descriptors)
            found[str(font["/BaseFont"])] = carried
    return found


def test_a_japanese_pdf_carries_every_font_it_uses(embedded):
    """No Japanese font is only referenced: a viewer without Japanese fonts shows the same page."""
    data = checklist_pdf(players=2, variant="base", lang="ja")
    fonts = _font_files(data)
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        used = {ch["fontname"] for page in pdf.pages for ch in page.chars}
    assert any("IPAexGothic" in name for name in used) and any("IPAexMincho" in name for name in used)
    assert all(fonts.get("/" + name) for name in used), (used, fonts)


def test_every_japanese_text_has_its_glyphs(embedded):
    """Each character of every Japanese translation is in both fonts (a missing glyph prints as a blank box)."""
    with open(PO, encoding="utf-8") as handle:
        catalog = read_po(handle)
    text = set()
    for message in catalog:
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for string in strings:
            text.update(fonts_for("ja").printable(string or ""))
    assert len(text) > 500
    for name, path in embedded.items():
        cmap = TTFont(name + "-check", path).face.charToGlyph
        missing = sorted(c for c in text if not c.isspace() and ord(c) not in cmap)
        assert missing == [], f"{name} has no glyph for {missing}"


def test_latin_names_keep_their_letters_together_in_japanese():
    """'Zürich' reads as one word in the Japanese checklist, not 'Z ü rich' (proportional Latin glyphs)."""
    with pdfplumber.open(io.BytesIO(checklist_pdf(players=2, variant="base", lang="ja"))) as pdf:
        text = "\n".join(page.extract_text() for page in pdf.pages)
    assert "Zürich" in text and "Z ü" not in text
    assert "München" in text and "M ü" not in text
    if JA_EMBEDDED:
        assert stringWidth("ü", JA_GOTHIC, 10) < 7 and stringWidth("ü", JA_MINCHO, 10) < 7


def _every_pdf(lang: str) -> dict[str, bytes]:
    """One PDF of each printable the project makes, in `lang`."""
    from companion.games.enroute.registry import find_board, shipped_board_ids
    from companion.games.explore_new_york.tiles import shipped_tiles
    from printables import enroute, explore_new_york
    from printables.enroute.cities.new_york.halves import halves_pdf
    from printables.explore_new_york.scorepad import scorepad_pdf as eny_pad
    from printables.thurn_und_taxis_rome.board import board_pdf
    from printables.thurn_und_taxis_rome.scorepad import scorepad_pdf as taxis_pad
    from printables.ticket_to_ride_europe.pads import scorepad_pdf as ttr_pad
    from printables.ticket_to_ride_europe.pads import tally_pdf
    from printables.welcome_to.scorepad import scorepad_pdf as welcome_pad
    from printables.welcome_to.sheet import sheet_pdf

    pdfs = {}
    for board_id in shipped_board_ids():
        board = find_board(board_id)
        pdfs[f"enroute maps {board_id}"] = enroute.maps_pdf(board, lang=lang)
        pdfs[f"enroute pad {board_id}"] = enroute.scorepad_pdf(board, lang=lang)
        if board.cols == 12:
            pdfs[f"enroute halves {board_id}"] = halves_pdf(board, lang=lang)
    pdfs["eny maps"] = explore_new_york.maps.maps_pdf(list(shipped_tiles().values())[:2], lang=lang)
    pdfs["eny pad"] = eny_pad(["Ana", "Ben"], lang=lang)
    pdfs["taxis board"] = board_pdf(lang=lang)
    pdfs["taxis pad"] = taxis_pad(lang=lang)
    pdfs["ttr checklist"] = checklist_pdf(players=2, lang=lang)
    pdfs["ttr pad"] = ttr_pad(players=2, lang=lang)
    pdfs["ttr tally"] = tally_pdf(players=2, lang=lang)
    pdfs["welcome sheet"] = sheet_pdf(lang=lang)
    pdfs["welcome pad"] = welcome_pad(lang=lang)
    assert all(data.startswith(b"%PDF") for data in pdfs.values())
    return pdfs


def _poppler(tool: str) -> str:
    """The path of a poppler-utils tool; skip (fail under CI) without it."""
    import shutil

    path = shutil.which(tool)
    if path is None:
        reason = f"poppler-utils' {tool} is not installed (apt-get install poppler-utils)"
        if os.environ.get("CI"):
            pytest.fail(f"CI must check the PDFs with {tool}, but {reason}.")
        pytest.skip(reason)
    return path


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_pdffonts_says_every_font_of_every_pdf_is_embedded(lang, tmp_path, embedded):
    """`pdffonts` lists no font with "emb no" in any printable, in either language."""
    import subprocess

    pdffonts = _poppler("pdffonts")
    for name, data in _every_pdf(lang).items():
        path = tmp_path / "x.pdf"
        path.write_bytes(data)
        rows = subprocess.run([pdffonts, str(path)], capture_output=True, text=True, check=True,
                              timeout=60).stdout.splitlines()[2:]
        assert rows, f"{name}: no font at all"
        for row in rows:
            emb = row.split()[-5]  # name type [encoding…] emb sub uni object ID
            assert emb == "yes", f"{name} ({lang}): {row}"


def test_pdftoppm_draws_the_japanese_text(tmp_path, embedded):
    """Rendered by poppler (which has no Japanese font of its own to borrow), the Japanese title is ink."""
    import subprocess

    from PIL import Image

    pdftoppm = _poppler("pdftoppm")
    data = checklist_pdf(players=2, variant="base", lang="ja")
    (tmp_path / "ja.pdf").write_bytes(data)
    subprocess.run([pdftoppm, "-r", "72", "-gray", "-png", "-f", "1", "-l", "1", str(tmp_path / "ja.pdf"),
                    str(tmp_path / "page")], check=True, timeout=60)
    image = Image.open(next(tmp_path.glob("page*.png"))).convert("L")
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        page = pdf.pages[0]
        kana = [ch for ch in page.chars if "\u30a1" <= ch["text"] <= "\u30fa"][:8]  # katakana letters
        scale = image.width / float(page.width)
    assert len(kana) == 8
    for ch in kana:
        box = tuple(int(v * scale) for v in (ch["x0"], ch["top"], ch["x1"], ch["bottom"]))
        ink = sum(image.crop(box).histogram()[:128])
        assert ink > 3, f"{ch['text']!r} renders blank"
    blank = image.crop((0, image.height - 8, 40, image.height))  # the page's bottom-left corner margin
    assert sum(blank.histogram()[:128]) == 0
