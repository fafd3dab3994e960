"""Issue 13, U2: every message a player reads names places by the player board's printed coordinates and the
landmarks' names, never the layout's ("[6, 2]")."""

from __future__ import annotations

import re

from companion.games.enroute.registry import find_board
from companion.web.enroute.tables.drafts import new_sheet

LAYOUT = re.compile(r"\[\d+, \d+\]")


def _problems_of(page: str) -> str:
    """The text of the problem box of a sheet page."""
    return page.split('id="problems"')[1].split("</section>")[0]


def test_sheet_problems_use_printed_coordinates_and_landmark_names(client, make_table):
    token = make_table()  # Aki holds player board 1, Bo player board 2 (columns 4 6 2 1 5 3, rows 2 5 1 6 3 4)
    pb = find_board("training-city").player_board(2)
    doc = new_sheet("Bo", 2) | {
        "sections": [[[0, 0], [1, 0]], [[0, 0], [1, 0]]],
        "tourists": [{"at": [2, 2], "red": 1}, {"at": [2, 2], "blue": 1}],
        "cafes": [{"at": [6, 2], "state": "unused"}]}
    answer = client.post(f"/tables/{token}/players/1/check", json={"sheet": doc}).get_json()["problems"]
    texts = " | ".join(p["text"] for p in answer)
    assert not LAYOUT.search(texts), texts
    col, row = pb.printed((2, 2))
    assert f"Illusion and Pottery School ({col}, {row})" in texts  # the landmark's name and Bo's own numbers
    col, row = pb.printed((6, 3))
    assert f"The cafe at the top-right corner of ({col}, {row}) is circled" in texts
    col, row = pb.printed((1, 1))
    assert f"Section on the top side of Linden Park ({col}, {row}): The same section is drawn twice." in texts
    # the saved sheet shows the same words
    client.post(f"/tables/{token}/players/1", data={"sheet": __import__("json").dumps(doc), "route_mode": "best",
                                                    "player_board": "2", "version": "0", "save": "1"})
    page = _problems_of(client.get(f"/tables/{token}/players/1").get_data(as_text=True))
    assert "top-right corner of" in page and not LAYOUT.search(page)


def test_the_score_sheet_names_printed_places(client, make_table):
    token = make_table()
    doc = new_sheet("Aki", 1) | {"cafes": [{"at": [6, 2], "state": "unused"}]}
    client.post(f"/tables/{token}/players/0", data={"sheet": __import__("json").dumps(doc), "route_mode": "best",
                                                    "player_board": "1", "version": "0", "save": "1"})
    page = client.get(f"/tables/{token}/score").get_data(as_text=True)
    assert "The cafe at the top-right corner of (6, 3)" in page
    assert "[6, 2]" not in page
