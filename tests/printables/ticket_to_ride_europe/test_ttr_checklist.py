"""The Ticket to Ride: Europe ticket checklist read back: one page per player, every ticket of the variant's deck
once with its points, the player's name, the secrecy note, Big Cities' write-in lines, Japanese, the command line."""

from __future__ import annotations

import io
import re
import subprocess
import sys
from pathlib import Path

import pdfplumber
import pytest

from companion.games.ticket_to_ride_europe import board
from printables.core.i18n import translator
from printables.core.style import MARGIN
from printables.ticket_to_ride_europe import checklist, checklist_pdf

ROOT = Path(__file__).resolve().parents[3]
LINE = re.compile(r"^(.+?) [–〜] (.+?)(?: \((long|長距離)\))? (\d+)$")


def pages(data: bytes) -> list[str]:
    """Each page's text lines."""
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        return [page.extract_text().splitlines() for page in pdf.pages]


def ticket_lines(lines: list[str]) -> list[tuple[str, str, bool, int]]:
    """The ticket rows read back from a page: (city, city, long, points). Both columns share a text line."""
    found = []
    for line in lines:
        # The two columns come out on one line: split where a points number is followed by a city.
        for part in re.split(r"(?<=\d) (?=\D)", line):
            match = LINE.match(part.strip())
            if match:
                found.append((match.group(1), match.group(2), match.group(3) is not None, int(match.group(4))))
    return found


@pytest.mark.parametrize("variant", ["base", "1912", "mega"])
def test_every_ticket_of_the_deck_is_listed_once_with_its_points(variant):
    data = checklist_pdf(players=2, names=["Aki", "Ben"], variant=variant)
    read = pages(data)
    assert len(read) == 2
    deck = board().decks[variant]
    for lines in read:
        rows = ticket_lines(lines)
        assert len(rows) == len(deck)
        assert {frozenset((a, b)) for a, b, _long, _p in rows} == set(deck)
        for a, b, long, points in rows:
            card = deck[frozenset((a, b))]
            assert points == card.points and long == (card.kind == "long"), (a, b)


def test_one_page_per_player_with_the_name_and_the_secret_note():
    read = pages(checklist_pdf(players=3, names=["Aki", "Ben", "Cho"], variant="base"))
    assert len(read) == 3
    for name, lines in zip(("Aki", "Ben", "Cho"), read):
        text = " ".join(lines)
        assert name in text.split() and "Player" in text.split()
        assert "Secret: your tickets are nobody else's business" in text
        assert "kept" in text and "done" in text
        assert "Completed tickets: +" in text and "Tickets row =" in text
        assert all(other not in text for other in {"Aki", "Ben", "Cho"} - {name})  # each sheet is its own


def test_boxes_and_text_stay_inside_the_margins_even_for_the_mega_deck():
    data = checklist_pdf(players=2, variant="mega", paper="letter")
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        page = pdf.pages[0]
        boxes = page.rects
        assert len(boxes) == 2 * len(board().decks["mega"])  # kept and done per ticket
        for item in boxes + page.chars:
            assert MARGIN - 1 <= item["x0"] and item["x1"] <= page.width - MARGIN + 1
            assert MARGIN - 1 <= item["top"] and item["bottom"] <= page.height - MARGIN + 1


def test_big_cities_lists_its_45_tickets():
    """Issue 29: Big Cities has its deck now; the checklist prints its 45 cards and no long ticket."""
    read = pages(checklist_pdf(players=2, variant="big-cities"))
    lines = ticket_lines(read[0])
    assert len(lines) == 45 and not any(long for _, _, long, _ in lines)
    assert ("Brest", "Petrograd") not in {(a, b) for a, b, _, _ in lines}


def test_japanese_checklist_speaks_japanese_and_keeps_city_names():
    t = translator("ja")
    assert t(checklist.TITLE) != checklist.TITLE
    read = pages(checklist_pdf(players=2, variant="1912", lang="ja"))
    text = "".join("".join(lines) for lines in read[:1]).replace(" ", "")
    for msg in (checklist.TITLE, checklist.KEPT, checklist.DONE):
        assert t(msg).replace(" ", "") in text
    assert "Ticket checklist" not in text and "kept" not in text
    assert len(ticket_lines(read[0])) == len(board().decks["1912"])


def test_bad_arguments_are_refused():
    with pytest.raises(ValueError, match="variant"):
        checklist_pdf(variant="usa")
    with pytest.raises(ValueError):
        checklist_pdf(players=6)
    with pytest.raises(ValueError):
        checklist_pdf(players=2, names=["only one"])


def test_command_line_writes_the_checklist_and_refuses_a_bad_variant(tmp_path):
    out = tmp_path / "tickets.pdf"
    done = subprocess.run([sys.executable, "-m", "printables", "ttr-europe-tickets", "--out", str(out),
                           "--names", "Aki,Ben,Cho", "--variant", "1912"], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "ticket checklist for 3 players" in done.stdout
    assert len(pages(out.read_bytes())) == 3
    bad = subprocess.run([sys.executable, "-m", "printables", "ttr-europe-tickets", "--out", str(out),
                          "--variant", "usa"], cwd=ROOT, capture_output=True, text=True)
    assert bad.returncode == 2 and "variant" in bad.stderr
