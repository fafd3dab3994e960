"""Welcome To's paper kit read back: the blank sheet (streets, pools, parks, fences, columns, scoring boxes) and
the score pad, in English and Japanese, through the command line, and one page rendered with pdftoppm."""

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
from PIL import Image
from reportlab.lib.units import mm

from companion.games.welcome_to import RULES
from companion.vision import pagecode
from printables.core.i18n import translator
from printables.welcome_to import scorepad_pdf, sheet_pdf
from printables.welcome_to import texts as T
from printables.welcome_to.sheet import HOUSE_H, HOUSE_W

ROOT = Path(__file__).resolve().parents[3]
EDGE = 12 * mm  # home printers cannot print closer to the edge
LATIN_IN_JA = {"Welcome", "To", "Bis", "b", "R", "n"}  # the game's name, its bis, the marks written on the sheet


@cache
def built(kind: str, lang: str, players: int = 6) -> bytes:
    """Build (once) a printable."""
    return sheet_pdf(lang=lang) if kind == "sheet" else scorepad_pdf(players=players, lang=lang)


def page_of(data: bytes):
    """The first page's text, chars, rects, curves, lines and size."""
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        page = pdf.pages[0]
        return {"text": page.extract_text(), "chars": page.chars, "rects": page.rects, "curves": page.curves,
                "lines": page.lines, "width": page.width, "height": page.height, "pages": len(pdf.pages)}


def squeeze(text: str) -> str:
    """Drop whitespace (Japanese wraps anywhere)."""
    return "".join(text.split())


def test_sheet_has_every_street_house_pool_and_fence_line():
    """33 house boxes on three streets of 10, 11, 12; 9 pool circles; 30 dotted fence lines; landscape A4."""
    page = page_of(built("sheet", "en"))
    assert page["width"] > page["height"]
    houses = [r for r in page["rects"] if abs(r["width"] - HOUSE_W) < 0.5 and abs(r["height"] - HOUSE_H) < 0.5]
    assert len(houses) == sum(RULES.street_sizes) == 33
    rows = sorted({round(r["top"]) for r in houses})
    assert [sum(1 for r in houses if round(r["top"]) == top) for top in rows] == list(RULES.street_sizes)
    pools = [c for c in page["curves"] if abs((c["x1"] - c["x0"]) - 3.4 * mm) < 1]
    assert len(pools) == len(RULES.pool_positions) == 9
    fences = [ln for ln in page["lines"] if abs(ln["height"] - HOUSE_H) < 0.5 and ln["width"] < 0.1]
    assert len(fences) == sum(n - 1 for n in RULES.street_sizes) == 30
    for s, row_top in enumerate(rows):  # each pool sits on a printed pool house of its street
        xs = sorted(r["x0"] for r in houses if round(r["top"]) == row_top)
        on_street = [c for c in pools if row_top - 1 <= c["top"] <= row_top + HOUSE_H / 2]
        found = sorted(min(range(len(xs)), key=lambda h: abs(xs[h] + HOUSE_W - 2.6 * mm - (c["x0"] + c["x1"]) / 2))
                       for c in on_street)
        assert found == list(RULES.pools_of(s))


def test_sheet_tracks_and_scoring_boxes_read_back():
    """Park tracks, pool, temp, bis, refusal, roundabout tracks, estate columns and the scoring rows are printed."""
    text = page_of(built("sheet", "en"))["text"]
    for s in range(3):
        assert f"Street {s + 1}" in text
        assert " ".join(map(str, RULES.park_tracks[s][1:])) in text
    assert " ".join(map(str, RULES.pool_track[1:])) in text
    assert " ".join(map(str, range(1, RULES.temp_boxes + 1))) in text
    assert "−1 −3 −6" in text and "Permit refusals" in text and "Roundabouts (intermediate)" in text
    assert "Estate values (by estate size)" in text
    for label in ("City plans", "Parks", "Pools", "Temp agency", "Estates", "Bis (−)", "Total", "n°1", "n°3"):
        assert label in text, label


@pytest.mark.parametrize("kind", ["sheet", "pad"])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_everything_inside_the_printable_area(kind, lang):
    """No character closer than 12 mm to an edge."""
    page = page_of(built(kind, lang))
    for ch in page["chars"]:
        assert EDGE <= ch["x0"] and ch["x1"] <= page["width"] - EDGE, ch["text"]
        assert EDGE <= ch["top"] and ch["bottom"] <= page["height"] - EDGE, ch["text"]


@pytest.mark.parametrize("kind", ["sheet", "pad"])
def test_japanese_texts_come_from_the_catalogue_with_no_english_left(kind):
    """The Japanese sheet and pad print the catalogue's Japanese and no English word."""
    ja = translator("ja")
    text = page_of(built(kind, "ja"))["text"]
    wanted = [T.SHEET_TITLE, T.NAME, T.PARKS, T.POOLS, T.TEMPS, T.ESTATE_VALUES, T.REFUSALS, T.PLANS, T.SCORE,
              T.TOTAL, T.HELP] if kind == "sheet" else [T.PAD_TITLE, T.DATE, T.TOTAL, T.ESTATES_COUNT, T.TIES]
    for msgid in wanted:
        assert ja(msgid) != msgid, msgid
        assert squeeze(ja(msgid))[:12] in squeeze(text), msgid
    assert set(re.findall(r"[A-Za-z]+", text)) <= LATIN_IN_JA


def test_score_pad_has_a_column_per_player_and_every_row():
    """Player columns 1..n, a row per plan and sheet line, the total, the tie count; two pads a page."""
    for players in (1, 4, 6):
        text = page_of(built("pad", "en", players))["text"]
        assert f"Player {players}" in text and f"Player {players + 1}" not in text
    text = page_of(built("pad", "en"))["text"]
    for label in ("City plan n°1", "City plan n°2", "City plan n°3", "Parks", "Pools", "Temp agency", "Estates",
                  "Bis (−)", "Permit refusals (−)", "Roundabouts (−)", "Total", "Completed estates (for ties)"):
        assert text.count(label) == 2, label
    assert page_of(scorepad_pdf(players=2, games=3))["pages"] == 2
    assert page_of(sheet_pdf(sheets=3))["pages"] == 3


@pytest.mark.parametrize("call", [lambda: scorepad_pdf(players=0), lambda: scorepad_pdf(players=7),
                                  lambda: scorepad_pdf(games=0), lambda: sheet_pdf(sheets=0),
                                  lambda: sheet_pdf(lang="fr"), lambda: sheet_pdf(paper="a0")])
def test_bad_options_are_value_errors(call):
    """Impossible options are refused with a ValueError naming them."""
    with pytest.raises(ValueError):
        call()


def run_cli(*args: str) -> subprocess.CompletedProcess:
    """Run `python -m printables` from the project root."""
    return subprocess.run([sys.executable, "-m", "printables", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=120)


def test_command_line(tmp_path):
    """`welcome-to-sheet` and `welcome-to-scorepad` write PDFs; bad options and unwritable files exit 2."""
    out = tmp_path / "sheet.pdf"
    done = run_cli("welcome-to-sheet", "--out", str(out), "--lang", "ja", "--sheets", "2")
    assert done.returncode == 0 and "Wrote 2 blank" in done.stdout
    assert page_of(out.read_bytes())["pages"] == 2
    pad = tmp_path / "pad.pdf"
    done = run_cli("welcome-to-scorepad", "--out", str(pad), "--players", "3", "--paper", "letter")
    assert done.returncode == 0 and "Player 3" in page_of(pad.read_bytes())["text"]
    done = run_cli("welcome-to-scorepad", "--out", str(pad), "--players", "7")
    assert done.returncode == 2 and "from 1 to 6" in done.stderr
    done = run_cli("welcome-to-sheet", "--out", str(tmp_path / "no" / "such" / "dir.pdf"))
    assert done.returncode == 2 and "Cannot write" in done.stderr and "Traceback" not in done.stderr


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="pdftoppm (poppler-utils) is not installed")
def test_sheet_renders_with_ink_pools_and_white_margins(tmp_path):
    """Page 1 rendered: landscape, real ink, blue pools, nothing in the 12 mm margins but the camera marks."""
    pdf = tmp_path / "sheet.pdf"
    pdf.write_bytes(built("sheet", "ja"))
    dpi = 60
    subprocess.run(["pdftoppm", "-r", str(dpi), "-f", "1", "-l", "1", "-singlefile", "-png", str(pdf),
                    str(tmp_path / "sheet")], check=True, capture_output=True, timeout=60)
    image = Image.open(tmp_path / "sheet.png").convert("RGB")
    assert image.width > image.height
    raw = image.tobytes()
    pixels = [tuple(raw[i:i + 3]) for i in range(0, len(raw), 3)]
    assert sum(1 for r, g, b in pixels if r + g + b < 450) / len(pixels) > 0.01
    assert sum(1 for r, g, b in pixels if b > 150 and r < 120) > 20  # the pool circles and the pool track
    # Margins stay white but for the camera marks (corner markers and page code, from 6 mm in; they are
    # read back in test_printables_welcome_camera.py): painted white here, 1 px of slack around each.
    width, height = image.width * 72 / dpi, image.height * 72 / dpi
    for x0, y0, x1, y1 in pagecode.camera_boxes(width, height):
        image.paste((255, 255, 255), (int(x0 * dpi / 72) - 1, int((height - y1) * dpi / 72) - 1,
                                      int(x1 * dpi / 72) + 2, int((height - y0) * dpi / 72) + 2))
    edge = round(12 / 25.4 * dpi)
    for box in ((0, 0, image.width, edge), (0, image.height - edge, image.width, image.height),
                (0, 0, edge, image.height), (image.width - edge, 0, image.width, image.height)):
        assert image.crop(box).getextrema() == ((255, 255), (255, 255), (255, 255))
