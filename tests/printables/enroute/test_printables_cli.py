"""The command line, run as users run it: `python -m printables ...` in a subprocess."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pypdf
import pytest

from companion.games.enroute.registry import shipped_board_ids

ROOT = Path(__file__).resolve().parents[3]


def run_cli(*args: str) -> subprocess.CompletedProcess:
    """Run `python -m printables` from the repository root and capture its output."""
    return subprocess.run([sys.executable, "-m", "printables", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)


def _pages(path: Path) -> int:
    """Count the pages of a PDF file."""
    return len(pypdf.PdfReader(io.BytesIO(path.read_bytes())).pages)


def assert_clean_failure(result: subprocess.CompletedProcess, *fragments: str) -> None:
    """Exit code 2, the message on stderr, nothing on stdout, no traceback."""
    assert result.returncode == 2, result.stderr
    assert result.stdout == ""
    assert "Traceback" not in result.stderr
    for fragment in fragments:
        assert fragment in result.stderr


@pytest.mark.parametrize("board_id", shipped_board_ids())
def test_maps_for_a_shipped_board(board_id, tmp_path):
    """`maps BOARD --out FILE` writes one page per player board and says so."""
    out = tmp_path / "maps.pdf"
    result = run_cli("maps", board_id, "--out", str(out))
    assert result.returncode == 0, result.stderr
    assert str(out) in result.stdout
    assert _pages(out) == 4


def test_scorepad_with_options(tmp_path):
    """`scorepad` takes --players, --games and --paper."""
    out = tmp_path / "pad.pdf"
    result = run_cli("scorepad", "training-city", "--out", str(out), "--players", "3", "--games", "5",
                     "--paper", "letter")
    assert result.returncode == 0, result.stderr
    reader = pypdf.PdfReader(io.BytesIO(out.read_bytes()))
    assert len(reader.pages) == 3
    assert round(float(reader.pages[0].mediabox.width)) == 612
    text = reader.pages[0].extract_text()
    assert "Player 3" in text and "Player 4" not in text


def test_maps_from_a_board_file(custom_board_file, tmp_path):
    """BOARD may be the path of an enroute-board/1 file."""
    out = tmp_path / "harbour.pdf"
    result = run_cli("maps", str(custom_board_file), "--out", str(out))
    assert result.returncode == 0, result.stderr
    assert _pages(out) == 2
    assert "Harbour Town" in pypdf.PdfReader(io.BytesIO(out.read_bytes())).pages[0].extract_text()


def test_unknown_board_id(tmp_path):
    """An unknown id names the known boards."""
    out = tmp_path / "x.pdf"
    result = run_cli("maps", "atlantis", "--out", str(out))
    assert_clean_failure(result, "Unknown board 'atlantis'", "training-city")
    assert not out.exists()


def test_missing_board_file(tmp_path):
    """A board path that does not exist is reported as such."""
    result = run_cli("scorepad", str(tmp_path / "none.json"), "--out", str(tmp_path / "x.pdf"))
    assert_clean_failure(result, "does not exist")


def test_board_file_that_is_not_json(tmp_path):
    """Broken JSON is reported with its line and column."""
    path = tmp_path / "broken.json"
    path.write_text('{"format": "enroute-board/1",\n  "id": }', encoding="utf-8")
    result = run_cli("maps", str(path), "--out", str(tmp_path / "x.pdf"))
    assert_clean_failure(result, "not valid JSON", "line 2")


def test_board_file_that_is_not_text(tmp_path):
    """A binary file is refused without a traceback."""
    path = tmp_path / "image.json"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\xff\xfe\x00")
    result = run_cli("maps", str(path), "--out", str(tmp_path / "x.pdf"))
    assert_clean_failure(result, str(path))


def test_invalid_board_lists_every_problem_with_its_path(custom_board_file, tmp_path):
    """Every problem of an invalid board is printed with its path."""
    doc = json.loads(custom_board_file.read_text(encoding="utf-8"))
    doc["player_boards"][0]["columns"] = [1, 1, 2, 3, 4, 5]
    doc["landmarks"][2].pop("pp")
    doc["colour"] = "blue"
    custom_board_file.write_text(json.dumps(doc), encoding="utf-8")
    result = run_cli("maps", str(custom_board_file), "--out", str(tmp_path / "x.pdf"))
    assert_clean_failure(result, "player_boards[0].columns", "landmarks[2].pp", "colour")
    assert len([line for line in result.stderr.splitlines() if line.startswith("  ")]) >= 3


@pytest.mark.parametrize("players", ["0", "5", "two", "-1", "2.5"])
def test_bad_players(players, tmp_path):
    """--players outside 1..4 is refused with a clear message."""
    result = run_cli("scorepad", "training-city", "--out", str(tmp_path / "x.pdf"), "--players", players)
    assert_clean_failure(result, "--players", "1 to 4")


def test_bad_paper(tmp_path):
    """An unknown paper is refused by the option parser."""
    result = run_cli("maps", "training-city", "--out", str(tmp_path / "x.pdf"), "--paper", "a3")
    assert_clean_failure(result, "--paper")


def test_missing_out(tmp_path):
    """--out is required."""
    assert_clean_failure(run_cli("maps", "training-city"), "--out")


def test_unwritable_out(tmp_path):
    """A folder that does not exist cannot take the PDF."""
    result = run_cli("maps", "training-city", "--out", str(tmp_path / "no" / "such" / "x.pdf"))
    assert_clean_failure(result, "Cannot write")
