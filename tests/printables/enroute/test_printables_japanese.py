"""Japanese printables: every text from the catalogue, none left in English, and everything inside its box."""

from __future__ import annotations

import io
import re
import shutil
import subprocess
import sys
from functools import cache
from pathlib import Path

import pdfplumber
import pytest
from babel.messages.extract import extract_from_dir
from PIL import Image

from companion.games.enroute.board import Board
from companion.games.enroute.registry import find_board, load_board_file, shipped_board_ids
from companion.games.enroute.rows import TIEBREAK_NOTE, scoring_rows
from printables.core.i18n import print_locale, translator
from printables.core.pads import PAD_GAP
from printables.core.style import JA_EMBEDDED
from printables.enroute import PAPER_SIZES, maps_pdf, scorepad_pdf
from printables.enroute.scorepad import HEADER, LABEL_COLUMN, MAX_PLAYER_COLUMN, PADDING, PADS_PER_PAGE
from printables.enroute.style import MARGIN
from printables.enroute.texts import ENGINE_TEXTS, localized_rows

ROOT = Path(__file__).resolve().parents[3]
JA = translator("ja")
# Latin words a Japanese page may show besides the board's own names: the game's name, the PP unit and
# the goal decks' letters (目標A).
LATIN_ALLOWED = {"En", "Route", "Companion", "PP", "A", "B", "C"}


@cache
def ja_maps(board_id: str, paper: str = "a4") -> bytes:
    """Build (once) the Japanese maps of a shipped board."""
    return maps_pdf(find_board(board_id), paper=paper, lang="ja")


@cache
def ja_pad(board_id: str, players: int = 4, paper: str = "a4") -> bytes:
    """Build (once) a Japanese score pad page of a shipped board."""
    return scorepad_pdf(find_board(board_id), players=players, paper=paper, lang="ja")


def pages(data: bytes) -> list[tuple[str, list[dict], float, float]]:
    """Return (text, chars, width, height) per page, read back with pdfplumber."""
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        return [(page.extract_text(), page.chars, page.width, page.height) for page in pdf.pages]


def column_texts(data: bytes) -> list[str]:
    """Return each page's left and right halves' text, so the two scoring columns read apart."""
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        return [page.crop(box).extract_text() for page in pdf.pages
                for box in ((0, 0, page.width / 2, page.height), (page.width / 2, 0, page.width, page.height))]


def squeeze(text: str) -> str:
    """Drop all whitespace, since Japanese lines wrap anywhere and have no spaces."""
    return "".join(text.split())


@cache
def printables_msgids() -> tuple[str, ...]:
    """Every source text En Route's printables and the print core mark for the catalogues (pybabel's extraction)."""
    found = extract_from_dir(str(ROOT / "printables"), method_map=[("**.py", "python")],
                             keywords={"_": None, "N_": None, "lazy": None})
    return tuple(sorted({message for file, _line, message, _comments, _context in found
                         if message and file.replace("\\", "/").split("/")[0] in ("enroute", "core")}))


def english_fragments() -> set[str]:
    """The English words between the placeholders of the printables' texts (those with a real word)."""
    fragments = set()
    for msgid in printables_msgids():
        for part in re.split(r"\{\w+\}", msgid):
            part = part.strip(" :\u00b7")
            if re.search(r"[a-z]{3,}", part):
                fragments.add(squeeze(part))
    return fragments


def board_words(board: Board) -> set[str]:
    """The Latin words of the board's own names (city, landmarks, festival, id): board data, not UI text."""
    names = [board.name, board.id, *(landmark.name for landmark in board.landmarks),
             *(f.name for f in board.features if f.name)]
    if board.visit_them_all is not None:
        names.append(board.visit_them_all.name)
    return {word for name in names for word in re.findall(r"[A-Za-z]+", name)}


def assert_no_english(text: str, board: Board) -> None:
    """No English text of the printables, and no Latin word beyond the board's names, PP and the game's name."""
    squeezed = squeeze(text)
    for name in sorted(board_words(board), key=len, reverse=True):
        squeezed = squeezed.replace(name, "")
    left = sorted(fragment for fragment in english_fragments() if fragment in squeezed)
    assert left == [], f"English left on a Japanese page: {left}"
    stray = set(re.findall(r"[A-Za-z]+", text)) - LATIN_ALLOWED - board_words(board)
    assert stray == set(), f"Latin words on a Japanese page: {sorted(stray)}"


def assert_inside_and_apart(chars: list[dict], width: float, height: float) -> None:
    """Every character stays inside the printable margins, and no two characters overlap."""
    slack = 1.0
    for ch in chars:
        assert MARGIN - slack <= ch["x0"] and ch["x1"] <= width - MARGIN + slack, ch["text"]
        assert MARGIN - 3 <= ch["top"] and ch["bottom"] <= height - MARGIN + 3, ch["text"]
    boxes = sorted((ch["x0"], ch["x1"], ch["top"], ch["bottom"], ch["text"]) for ch in chars if ch["text"].strip())
    for i, (x0, x1, top, bottom, text) in enumerate(boxes):
        for other in boxes[i + 1:]:
            if other[0] >= x1 - 0.3:
                break  # sorted by x0: no later box starts before this one ends
            overlap_x = min(x1, other[1]) - other[0]
            overlap_y = min(bottom, other[3]) - max(top, other[2])
            # Glyph boxes of neighbouring lines may touch; real overlap is a good part of a glyph.
            assert overlap_x < 0.3 * (x1 - x0) or overlap_y < 0.3 * (bottom - top), (text, other[4])


# ---------------------------------------------------------------- maps


def test_japanese_maps_show_the_catalogue_texts():
    """Every map page has its header, legend, scoring panel and footer in Japanese."""
    board = find_board("training-city")
    loc = print_locale("ja")
    read = pages(ja_maps("training-city"))
    columns = column_texts(ja_maps("training-city"))
    assert len(read) == len(board.player_boards)
    for index, (text, _chars, _w, _h) in enumerate(read):
        squeezed = squeeze(text)
        number = board.player_boards[index].number
        wanted = [f"プレイヤーボード{number}", "En Route・プレイヤー用白地図", "得点計算", "合計PP",
                  "賑やか（赤）", "公園（緑）", "文化（青）", "人気（黄）", "象徴的（灰色）",
                  "カフェ：新しい観光客", "カフェ：追加の区間", "カフェ：座標の変更", "4〜12PP",
                  f"{board.id}・{index + 1}/{len(board.player_boards)}ページ",
                  squeeze(JA("Map drawn by En Route Companion from the board data: the companion's own design, not "
                             "the publisher's artwork. Play with your copy of En Route."))]
        missing = [w for w in map(squeeze, wanted) if w not in squeezed]
        assert missing == []
        # A row's hint may wrap beside the "× =" of its write-in boxes: read each column without them.
        panel = "".join(squeeze(columns[2 * index + side]).replace("×", "").replace("=", "") for side in (0, 1))
        for row in localized_rows(board, loc):
            for wanted_text in (row.label, row.hint):
                assert squeeze(wanted_text).replace("×", "") in panel, wanted_text
        assert "赤のランドマーク" in squeezed and "目標A" in squeezed


@pytest.mark.parametrize("paper", sorted(PAPER_SIZES))
def test_japanese_maps_leave_no_english_and_nothing_overflows(paper):
    """No English text on any page; every character inside the margins, none on top of another."""
    board = find_board("training-city")
    for text, chars, width, height in pages(ja_maps("training-city", paper)):
        assert_no_english(text, board)
        assert_inside_and_apart(chars, width, height)


def test_custom_city_in_japanese(custom_board_file):
    """An imported city: purple row and legend, the none-hint of the festival row, all in Japanese."""
    board = load_board_file(custom_board_file)
    for data in (maps_pdf(board, lang="ja"), scorepad_pdf(board, players=3, lang="ja")):
        for text, chars, width, height in pages(data):
            squeezed = squeeze(text)
            assert "紫のランドマーク" in squeezed and "必見ポイント" in squeezed and "この都市にはありません" in squeezed
            assert_no_english(text, board)
            assert_inside_and_apart(chars, width, height)
    (text, *_rest), *_ = pages(maps_pdf(board, lang="ja"))
    assert "ビジネス（紫）" in squeeze(text) and "2〜9PP" in squeeze(text)


# ---------------------------------------------------------------- score pads


@pytest.mark.parametrize("board_id", shipped_board_ids())
@pytest.mark.parametrize("paper", sorted(PAPER_SIZES))
def test_japanese_scorepad_rows_headings_and_note(board_id, paper):
    """Each pad on the page: Japanese rows, headings, player columns and tie-break note; no English."""
    board = find_board(board_id)
    ((text, chars, width, height),) = pages(ja_pad(board_id, 4, paper))
    squeezed = squeeze(text)
    counted = ["赤のランドマーク", "合計PP", "日付", "レベル", "簡易", "中級", "フル", "名前とプレイヤーボード番号",
               "En Route・得点記録用紙", squeeze(JA(TIEBREAK_NOTE))]
    counted += [f"プレイヤー{n}" for n in range(1, 5)]
    for row in localized_rows(board, print_locale("ja")):
        counted += [squeeze(row.label), squeeze(row.hint)]
    few = {w: squeezed.count(w) for w in map(squeeze, counted) if squeezed.count(w) < PADS_PER_PAGE}
    assert few == {}
    assert "プレイヤー5" not in squeezed
    assert_no_english(text, board)
    assert_inside_and_apart(chars, width, height)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_japanese_labels_stay_in_the_label_column(players):
    """Row labels, hints and headings of the table end before the first player's column."""
    ((_text, chars, width, height),) = pages(ja_pad("training-city", players))
    inner_w = width - 2 * MARGIN - 2 * PADDING
    column_w = min(MAX_PLAYER_COLUMN, (inner_w - LABEL_COLUMN) / players)
    label_right = MARGIN + PADDING + inner_w - players * column_w
    # Each pad's header (date, level) spans the player columns; the tables start below the headers.
    pad_h = (height - 2 * MARGIN - (PADS_PER_PAGE - 1) * PAD_GAP) / PADS_PER_PAGE
    headers = [(MARGIN + slot * (pad_h + PAD_GAP), MARGIN + slot * (pad_h + PAD_GAP) + PADDING + HEADER)
               for slot in range(PADS_PER_PAGE)]
    in_table = [ch for ch in chars if ch["x0"] < label_right and "Min" not in ch["fontname"]  # not the note
                and not any(top <= ch["top"] <= bottom for top, bottom in headers)]
    assert len(in_table) > 200
    beyond = [ch["text"] for ch in in_table if ch["x1"] > label_right + 0.5]
    assert beyond == []


# ---------------------------------------------------------------- shared behaviour


def test_engine_row_texts_are_all_marked_for_the_catalogue(custom_board_file):
    """Every label and hint the engine writes (board names aside) is a print-side catalogue text."""
    boards = [find_board(b) for b in shipped_board_ids()] + [load_board_file(custom_board_file)]
    for board in boards:
        for row in scoring_rows(board, "full"):
            if row.key == "visit_them_all" and board.visit_them_all is not None:
                continue  # the city's own name, and a hint built from its PP table
            if row.type == "diversity":
                assert row.label in ENGINE_TEXTS and JA(row.label) != row.label
                continue  # Paris: a hint built from the board's PP table (printables: DIVERSITY_HINT)
            if row.board_label:  # a world city's landmark or street name: board data; its hint is ours
                assert row.hint in ENGINE_TEXTS and JA(row.hint) != row.hint, row.key
                continue
            assert row.label in ENGINE_TEXTS and row.hint in ENGINE_TEXTS, row.key
            assert JA(row.label) != row.label and JA(row.hint) != row.hint
    assert TIEBREAK_NOTE in ENGINE_TEXTS and JA(TIEBREAK_NOTE) != TIEBREAK_NOTE


def test_english_rows_are_the_engines_own(custom_board_file):
    """In English the printables show exactly the engine's texts, the festival hint included."""
    for board in [find_board(b) for b in shipped_board_ids()] + [load_board_file(custom_board_file)]:
        assert localized_rows(board, print_locale("en")) == scoring_rows(board, "full")


def test_every_printables_text_has_its_japanese():
    """Each text the printables mark is translated in the compiled catalogue (placeholders kept)."""
    assert len(printables_msgids()) > 40
    untranslated = [m for m in printables_msgids() if JA(m) == m and m != "{pp} PP"]
    assert untranslated == []


def test_japanese_pdfs_use_the_japanese_fonts_and_english_ones_do_not():
    """Japanese text is set in the Japanese gothic and mincho; English PDFs keep only the embedded Vera fonts."""
    english = pages(scorepad_pdf(find_board("training-city")))[0][1]
    japanese = pages(ja_pad("training-city"))[0][1]
    assert not any("IPAex" in ch["fontname"] or "Heisei" in ch["fontname"] for ch in english)
    fonts = {ch["fontname"] for ch in japanese}
    # pdfminer spells the Heisei gothic "HeiseKakuGo" when it reads it back (the fallback without IPAex).
    gothic, mincho = ("IPAexGothic", "IPAexMincho") if JA_EMBEDDED else ("KakuGo", "HeiseiMin")
    assert any(gothic in f for f in fonts) and any(mincho in f for f in fonts)


@pytest.mark.parametrize("lang", ["fr", None, "JA"])
def test_unknown_language_is_a_value_error(lang):
    """An unsupported language is refused like an unknown paper."""
    with pytest.raises(ValueError, match="language"):
        maps_pdf(find_board("training-city"), lang=lang)
    with pytest.raises(ValueError, match="language"):
        scorepad_pdf(find_board("training-city"), lang=lang)


def test_command_line_prints_japanese(tmp_path):
    """`--lang ja` writes a Japanese score pad; an unknown language is a usage error (exit 2)."""
    out = tmp_path / "pad.pdf"
    run = subprocess.run([sys.executable, "-m", "printables", "scorepad", "training-city", "--lang", "ja",
                          "--out", str(out)], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert "合計PP" in squeeze(pages(out.read_bytes())[0][0])
    bad = subprocess.run([sys.executable, "-m", "printables", "maps", "training-city", "--lang", "fr",
                          "--out", str(tmp_path / "x.pdf")], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert bad.returncode == 2 and "--lang" in bad.stderr and not (tmp_path / "x.pdf").exists()


def test_board_pages_print_in_the_phones_language(tmp_path):
    """The board page's PDF links follow the page's language (?lang=)."""
    from companion.web.core.app import create_app

    app = create_app({"TESTING": True, "SECRET_KEY": "t", "WTF_CSRF_ENABLED": False,
                      "DATABASE": str(tmp_path / "t.sqlite"), "BOARD_LIBRARY": str(tmp_path / "boards")})
    client = app.test_client()
    ja = client.get("/boards/training-city/scorepad.pdf?lang=ja&players=2")
    assert ja.status_code == 200 and ja.mimetype == "application/pdf"
    assert "赤のランドマーク" in squeeze(pages(ja.data)[0][0])
    en = client.get("/boards/training-city/maps.pdf?lang=en")
    assert en.status_code == 200 and "Red landmarks" in pages(en.data)[0][0]


# ---------------------------------------------------------------- rendering


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="pdftoppm (poppler-utils) is not installed")
@pytest.mark.parametrize("which", ["maps", "scorepad"])
def test_japanese_page_renders_with_ink(which, tmp_path):
    """A Japanese page rendered by poppler has the A4 size and is not blank."""
    data = ja_maps("training-city") if which == "maps" else ja_pad("training-city")
    pdf = tmp_path / f"{which}.pdf"
    pdf.write_bytes(data)
    subprocess.run(["pdftoppm", "-r", "60", "-f", "1", "-l", "1", "-singlefile", "-png", str(pdf),
                    str(tmp_path / which)], check=True, capture_output=True, timeout=60)
    image = Image.open(tmp_path / f"{which}.png").convert("RGB")
    width, height = PAPER_SIZES["a4"]
    assert abs(image.width - round(width / 72 * 60)) <= 1 and abs(image.height - round(height / 72 * 60)) <= 1
    raw = image.tobytes()
    dark = sum(1 for i in range(0, len(raw), 3) if raw[i] + raw[i + 1] + raw[i + 2] < 600)
    assert dark / (image.width * image.height) > 0.03
