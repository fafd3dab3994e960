"""Ticket to Ride: Europe printables read back: the score pad's columns, rows and totals, the route tally's
lengths and points, English and Japanese, the command line, and one page rendered with pdftoppm."""

from __future__ import annotations

import io
import shutil
import subprocess
import sys
from functools import cache
from pathlib import Path

import pdfplumber
import pytest
from PIL import Image

from companion.games.ticket_to_ride_europe import board
from printables.core.i18n import translator
from printables.ticket_to_ride_europe import pads, scorepad_pdf, tally_pdf

ROOT = Path(__file__).resolve().parents[3]


@cache
def words(data: bytes) -> tuple[float, float, list[dict]]:
    """Page width, height and words of page 1 (pdfplumber), the PDF having exactly one page."""
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        assert len(pdf.pages) == 1
        page = pdf.pages[0]
        return page.width, page.height, page.extract_words(keep_blank_chars=True)


def text(data: bytes) -> str:
    """Page 1's text with whitespace collapsed."""
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        return " ".join(pdf.pages[0].extract_text().split())


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_score_pad_has_one_column_per_player_and_the_four_rows(players):
    data = scorepad_pdf(players=players)
    assert data.startswith(b"%PDF-")
    found = text(data)
    for n in range(1, players + 1):
        assert found.count(f"Player {n}") == 2  # two pads to a page
    assert f"Player {players + 1}" not in found
    for row in ("Routes", "Tickets", "Stations", "European Express", "Total", "Tickets completed", "Stations built",
                "Rank"):
        assert found.count(row) >= 2, row
    assert found.count("4 per station not built (of 3)") == 2 and "10 for the longest continuous path" in found
    assert "Ties: most completed tickets, then fewest stations built" in found


def test_names_are_printed_at_the_top_of_their_columns_in_order():
    width, _height, found = words(scorepad_pdf(players=3, names=["Aki", "Ben", "Cho"]))
    places = {w["text"]: w for w in found if w["text"] in ("Aki", "Ben", "Cho")}
    assert set(places) == {"Aki", "Ben", "Cho"}
    xs = [places[n]["x0"] for n in ("Aki", "Ben", "Cho")]
    assert xs == sorted(xs) and xs[0] > width * 0.3  # right of the label column, left to right
    assert "Player 1" not in text(scorepad_pdf(players=3, names=["Aki", "Ben", "Cho"]))


def test_everything_stays_inside_the_margins():
    for data in (scorepad_pdf(players=5, names=["A" * 40, "B", "C", "D", "E"]), tally_pdf(players=5)):
        width, height, found = words(data)
        margin = 12 / 25.4 * 72
        for w in found:
            assert margin <= w["x0"] and w["x1"] <= width - margin, w["text"]
            assert margin <= w["top"] and w["bottom"] <= height - margin, w["text"]


def test_tally_lists_the_maps_route_lengths_with_their_points():
    found = text(tally_pdf(players=4))
    b = board()
    lengths = sorted({r.length for r in b.routes.values()})
    assert lengths == [1, 2, 3, 4, 6, 8]
    for n in lengths:
        assert f"Routes of {n}" in found and f"{b.route_points[n]} points each" in found
        assert found.count(f"× {b.route_points[n]} =") == 4  # one multiplication guide per player
    assert "Routes of 5" not in found  # no route of 5 on this map
    assert "Trains used" in found and "at most 45" in found and "Route points" in found
    assert "Player 4" in found and "Player 5" not in found


@pytest.mark.parametrize("make", [scorepad_pdf, tally_pdf])
def test_japanese_sheets_come_from_the_catalogue(make):
    t = translator("ja")
    found = text(make(players=3, lang="ja"))
    assert t("Ticket to Ride: Europe") in found and t("Player {n}", n=1) in found
    assert t(pads.TOTAL) in found
    assert "Player" not in found and "Total" not in found  # no English left behind
    assert t(pads.GAME) != "Ticket to Ride: Europe"


@pytest.mark.parametrize("kwargs, message", [
    ({"players": 1}, "2 to 5"), ({"players": 6}, "2 to 5"), ({"players": "3"}, "2 to 5"), ({"players": True}, "2 to 5"),
    ({"players": 2, "names": ["Aki"]}, "names"), ({"players": 2, "names": "Aki,Ben"}, "names"),
    ({"paper": "a3"}, "paper"), ({"lang": "fr"}, "language")])
def test_bad_arguments_are_value_errors(kwargs, message):
    for make in (scorepad_pdf, tally_pdf):
        with pytest.raises(ValueError, match=message):
            make(**kwargs)


def test_letter_paper():
    width, height, _found = words(scorepad_pdf(paper="letter"))
    assert (round(width), round(height)) == (612, 792)


def run_cli(*args: str) -> subprocess.CompletedProcess:
    """Run `python -m printables` from the project root."""
    return subprocess.run([sys.executable, "-m", "printables", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=120)


def test_command_line_writes_both_sheets(tmp_path):
    pad = tmp_path / "pad.pdf"
    done = run_cli("ttr-europe-scorepad", "--names", "Aki,Ben,Cho", "--lang", "ja", "--out", str(pad))
    assert done.returncode == 0, done.stderr
    assert "score pad for 3 players" in done.stdout
    assert "Aki" in text(pad.read_bytes()) and translator("ja")("Total") in text(pad.read_bytes())
    tally = tmp_path / "tally.pdf"
    assert run_cli("ttr-europe-scorepad", "--sheet", "tally", "--players", "2", "--out", str(tally)).returncode == 0
    assert "Routes of 8" in text(tally.read_bytes())
    other = tmp_path / "other.pdf"
    assert run_cli("ttr-europe-tally", "--out", str(other)).returncode == 0
    assert "Player 5" in text(other.read_bytes())


@pytest.mark.parametrize("args, message", [
    (["--players", "6"], "2 to 5"), (["--players", "x"], "2 to 5"), (["--names", "Aki"], "names"),
    (["--names", "Aki,Ben", "--players", "3"], "--players 3 but 2 names"), (["--lang", "fr"], "invalid choice"),
    (["--sheet", "map"], "invalid choice")])
def test_command_line_refuses_bad_options_with_exit_2(tmp_path, args, message):
    done = run_cli("ttr-europe-scorepad", "--out", str(tmp_path / "x.pdf"), *args)
    assert done.returncode == 2 and message in done.stderr and "Traceback" not in done.stderr
    assert not (tmp_path / "x.pdf").exists()


def test_unwritable_output_is_a_clear_error(tmp_path):
    done = run_cli("ttr-europe-tally", "--out", str(tmp_path / "missing" / "x.pdf"))
    assert done.returncode == 2 and "Cannot write" in done.stderr and "Traceback" not in done.stderr


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="pdftoppm (poppler-utils) is not installed")
@pytest.mark.parametrize("make", [scorepad_pdf, tally_pdf])
def test_a_page_renders_with_ink_and_white_margins(make, tmp_path):
    pdf = tmp_path / "sheet.pdf"
    pdf.write_bytes(make(players=5, lang="ja"))
    subprocess.run(["pdftoppm", "-r", "50", "-f", "1", "-l", "1", "-singlefile", "-png", str(pdf),
                    str(tmp_path / "sheet")], check=True, capture_output=True, timeout=60)
    image = Image.open(tmp_path / "sheet.png").convert("L")
    assert abs(image.width - 595.28 / 72 * 50) <= 1 and abs(image.height - 841.89 / 72 * 50) <= 1
    dark = sum(image.histogram()[:200]) / (image.width * image.height)
    assert 0.01 < dark < 0.3  # lines and text, not blank, not a black page
    edge = round(12 / 25.4 * 50)
    assert image.crop((0, 0, image.width, edge)).getextrema() == (255, 255)
    assert image.crop((0, image.height - edge, image.width, image.height)).getextrema() == (255, 255)
