"""The print core's languages: the translator reads the catalogues, the fonts fit the language, Japanese wraps."""

from __future__ import annotations

import pytest
from fuzz_scale import examples
from hypothesis import given, settings
from hypothesis import strategies as st
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase.pdfmetrics import stringWidth

from companion.games.core.problems import N_
from printables.core.i18n import LANGUAGES, print_locale, translator
from printables.core.style import (
    FONT,
    JA_GOTHIC,
    JA_MINCHO,
    JAPANESE_FONTS,
    LATIN_FONTS,
    fonts_for,
    split_lines,
    wrap,
)

NO_LINE_START = "、。）」ー"


def test_english_is_the_source_text_with_its_placeholders_filled():
    """English needs no catalogue: the source text comes back, filled."""
    t = translator("en")
    assert t("Red landmarks") == "Red landmarks"
    assert t("Player {n}", n=3) == "Player 3"
    assert t("") == ""


def test_japanese_comes_from_the_catalogue():
    """Japanese texts are the catalogue's, with placeholders filled and N_ parameters translated too."""
    t = translator("ja")
    assert t("Red landmarks") == "赤のランドマーク"
    assert t("Player {n}", n=3) == "プレイヤー3"
    assert t("{city}: score pad", city="Training City") == "トレーニングシティ：得点記録用紙"  # a data name too
    assert t("{city}: score pad", city="Kyoto") == "Kyoto：得点記録用紙"  # a table's own name stays
    assert t("{what}: {reason}", what=N_("Total PP"), reason="x") == "合計PP：x"
    assert t("A text no catalogue has") == "A text no catalogue has"  # falls back to the source
    assert t("") == ""  # not the catalogue's header


@pytest.mark.parametrize("lang", ["fr", "", None, "JA", ["ja"], 1])
def test_unknown_language_is_a_value_error(lang):
    """Only the supported languages are accepted, with a message naming them."""
    with pytest.raises(ValueError, match="en, ja"):
        translator(lang)
    with pytest.raises(ValueError, match="en, ja"):
        print_locale(lang)


def test_fonts_follow_the_language():
    """English keeps the embedded Vera fonts; Japanese uses the built-in CID fonts."""
    assert print_locale("en").fonts is LATIN_FONTS and LATIN_FONTS.regular == FONT
    ja = print_locale("ja").fonts
    assert ja is JAPANESE_FONTS and {ja.regular, ja.bold, ja.italic} == {JA_GOTHIC, JA_MINCHO}
    assert fonts_for("xx") is LATIN_FONTS
    assert set(LANGUAGES) == {"en", "ja"}
    # The CID fonts measure: Japanese is full width, so the fit and wrap helpers work with them.
    assert stringWidth("合計", JA_GOTHIC, 10) == pytest.approx(20)
    assert print_locale("en").printable("a \u2192 b") == "a = b"
    assert print_locale("ja").printable("4\u201312 \u00b7 x") == "4\u301c12 \u30fb x"


def test_english_lines_break_as_before():
    """Text without Japanese is split by ReportLab's own splitter, so English PDFs do not change."""
    text = "Ties: the longest final route wins, then the most tourists on it."
    assert split_lines(text, FONT, 7, 90) == simpleSplit(text, FONT, 7, 90)


def test_japanese_breaks_between_characters_and_keeps_punctuation_off_line_starts():
    """A long Japanese sentence wraps to the width, loses nothing, and no line starts with 、 or 。."""
    fonts_for("ja")
    text = translator("ja")("Ties: the longest final route wins, then the most tourists on it, then the most "
                            "landmarks on it; otherwise the victory is shared.")
    lines = split_lines(text, JA_GOTHIC, 10, 150)
    assert len(lines) > 2
    assert "".join(lines) == text
    assert all(stringWidth(line, JA_GOTHIC, 10) <= 150 for line in lines)
    assert not any(line[0] in NO_LINE_START for line in lines)


def test_katakana_words_stay_whole_when_they_fit():
    """A hint breaks before ランドマーク rather than inside it."""
    fonts_for("ja")
    lines = split_lines("赤の観光客 × ルート上の赤のランドマーク", JA_GOTHIC, 5.6, 99)
    assert lines == ["赤の観光客 × ルート上の赤の", "ランドマーク"]


def test_wrap_shrinks_japanese_to_the_line_limit():
    """wrap() keeps a Japanese text to its lines by shrinking, as it does for English."""
    fonts_for("ja")
    text = "ルート上の丸をつけた2つの交差点の間の区間数（最長のもの）"
    lines, size = wrap(text, JA_GOTHIC, 8, 150, 1)
    assert len(lines) == 1 and size < 8 and stringWidth(lines[0], JA_GOTHIC, size) <= 150


@settings(max_examples=examples(150), deadline=None)
@given(st.text(alphabet="あいうえおカタナ漢字、。ー（）ABC 12", max_size=60),
       st.floats(min_value=12, max_value=300))
def test_japanese_splitting_loses_no_character(text, width):
    """Whatever the text and width, the lines hold the text's characters in order (spaces aside)."""
    fonts_for("ja")
    lines = split_lines(text + "字", JA_GOTHIC, 9, width)
    assert "".join("".join(lines).split()) == "".join((text + "字").split())
    assert all(line == line.strip() and line for line in lines)
