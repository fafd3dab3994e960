"""The score sheet across the table, the game download, and scoring a finished game imported from JSON."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from welcome_web_helpers import game_doc, join, move, ok, play_round, start_table

from companion.games.welcome_to import score_document

GAMES = Path(__file__).resolve().parents[2] / "games" / "welcome_to" / "games"


def import_game(client, doc) -> str:
    """Import a finished game; return the new table's id."""
    response = client.post("/welcome-to/import", data={"text": json.dumps(doc)})
    assert response.status_code == 302, response.get_data(as_text=True)[:3000]
    return re.search(r"/welcome-to/t/([A-Za-z0-9_-]+)/score$", response.headers["Location"]).group(1)


def cells(page: str, row: str) -> list[str]:
    """The cells of one score-sheet row, by its key."""
    found = re.search(rf'<tr data-row="{row}">.*?</tr>', page, re.S).group(0)
    return re.findall(r"<td>([^<]*)</td>", found)


@pytest.mark.parametrize("name", sorted(p.stem for p in GAMES.glob("*.json") if not p.stem.endswith(".expect")))
def test_imported_known_games_show_the_engines_rows_ranks_and_temps(client, name):
    """Each known-answer game imported shows every row, total and rank the engine's hand-checked answer has."""
    doc = json.loads((GAMES / f"{name}.json").read_text())
    expect = json.loads((GAMES / f"{name}.expect.json").read_text())
    table_id = import_game(client, doc)
    page = client.get(f"/welcome-to/t/{table_id}/score").get_data(as_text=True)
    players = expect["players"]
    rows = ["plans", "parks", "pools", "temps", "estates", "bis", "refusals"] + (
        ["roundabouts"] if doc.get("intermediate") else [])
    for row in rows:
        assert cells(page, row) == [str(p["rows"][row]) for p in players], row
    totals = re.findall(r'<td data-seat="\d+">([^<]*)</td>', page)
    assert totals == [str(p["total"]) for p in players]
    ranks = re.findall(r"<td>([^<]*)</td>", re.search(r'<tr class="rank">.*?</tr>', page, re.S).group(0))
    assert ranks == [str(p["rank"]) for p in players]
    for p, doc_player in zip(players, doc["players"]):
        assert f"{doc_player['player']}: {doc_player.get('temps', 0)} temps → {p['rows']['temps']} points" in page
    # The download of the imported table scores exactly as the original document.
    assert score_document(game_doc(client, table_id)) == score_document(doc)


def test_seed_note_and_solo_rule_are_on_the_score_sheet(client):
    """The score sheet's help explains the seed's 50 vs 45; a solo table states the solo temp rule."""
    doc = json.loads((GAMES / "solo.json").read_text())
    page = client.get(f"/welcome-to/t/{import_game(client, doc)}/score").get_data(as_text=True)
    assert "says 50, but those rows add up to 45" in page.replace("&#39;", "'")
    assert "Solo: 7 points with 6 or more temps, otherwise none." in page


def test_tie_break_note_names_the_deciding_count(client):
    """Equal totals are explained by the count that decided them."""
    doc = json.loads((GAMES / "tie-break.json").read_text())
    page = client.get(f"/welcome-to/t/{import_game(client, doc)}/score").get_data(as_text=True)
    assert re.search(r"ranks ahead of .* on equal totals: ", page)


def test_live_table_score_matches_the_engine(client, app):
    """The score sheet of a table played live shows the engine's score of its own download."""
    table_id = start_table(client)
    aki = join(client, table_id, "Aki")
    ben_phone = app.test_client()
    ben = join(ben_phone, table_id, "Ben")
    play_round(client, aki, 1, 1, 3, "temp", {"kind": "temp"})
    play_round(ben_phone, ben, 2, 1, 4, "landscaper", {"kind": "park", "street": 2})
    play_round(client, aki, 1, 3, 5, "pool", {"kind": "pool", "street": 1, "house": 3})
    play_round(ben_phone, ben, 2, 2, 6, "bis", {"kind": "bis", "street": 2, "house": 3})
    expected = score_document(game_doc(client, table_id))
    page = client.get(f"/welcome-to/t/{table_id}/score").get_data(as_text=True)
    assert cells(page, "temps") == ["7", "0"] and cells(page, "parks") == ["0", "2"]
    assert cells(page, "bis") == ["0", "-1"]
    assert re.findall(r'<td data-seat="\d+">([^<]*)</td>', page) == [str(p["total"]) for p in expected["players"]]
    assert "roundabouts" not in page.split("<tfoot>")[0].split("data-row=")[-1]  # standard table: no roundabout row
    response = client.post("/api/score", json=game_doc(client, table_id))
    assert response.status_code == 200 and response.get_json() == expected


def test_empty_table_score_sheet(client):
    """A table nobody joined has a score sheet that says so."""
    table_id = start_table(client)
    response = client.get(f"/welcome-to/t/{table_id}/score")
    assert response.status_code == 200 and "Nobody has joined yet." in response.get_data(as_text=True)
    assert game_doc(client, table_id)["players"] == []


def test_import_page_and_refusals(client):
    """The import page; junk, a document of another game and a refused game keep the text and explain why."""
    assert client.get("/welcome-to/import").status_code == 200
    for text, expected in (("", "Paste a JSON document"), ("{nope", "This is not readable JSON"),
                           ('{"format": "enroute-game/1"}', "This is not a welcome-to-game/1 document")):
        response = client.post("/welcome-to/import", data={"text": text})
        assert response.status_code == 422 and expected in response.get_data(as_text=True)
    doc = json.loads((GAMES / "four-players.json").read_text())
    doc["players"][1]["streets"][0][0] = 99
    response = client.post("/welcome-to/import", data={"text": json.dumps(doc)})
    page = response.get_data(as_text=True)
    assert response.status_code == 422 and "House numbers run from 0 to 17, not 99." in page
    assert "Player 2 · street 1, house 1: " in page and "players[1]" not in page and "99" in page
    many = {**doc, "players": [doc["players"][0]] * 13}
    response = client.post("/welcome-to/import", data={"text": json.dumps(many)})
    assert response.status_code == 422 and "at most 12 players" in response.get_data(as_text=True)


def test_import_by_file_upload(client):
    """A game file chosen on the phone is imported like pasted text."""
    from io import BytesIO

    data = (GAMES / "seed-example.json").read_bytes()
    response = client.post("/welcome-to/import", data={"upload": (BytesIO(data), "game.json")},
                           content_type="multipart/form-data")
    assert response.status_code == 302 and response.headers["Location"].endswith("/score")


def test_game_download_is_a_welcome_to_game(client, app):
    """The download is the table's game: mode, rules, plans, and each seat's player with the table's sides."""
    table_id = start_table(client, mode="advanced", intermediate="y", plan_1="19", plan_2="25", plan_3="13")
    token = join(client, table_id, "Aki")
    ok(move(client, token, kind="roundabout", street=1, house=5))
    response = client.get(f"/welcome-to/t/{table_id}/game.json")
    assert response.headers["Content-Disposition"] == 'attachment; filename="welcome-to-game.json"'
    doc = json.loads(response.data)
    assert {k: doc[k] for k in ("format", "mode", "intermediate", "plans")} == {
        "format": "welcome-to-game/1", "mode": "advanced", "intermediate": True, "plans": [19, 25, 13]}
    assert doc["players"][0]["streets"][0][4] == "R"
