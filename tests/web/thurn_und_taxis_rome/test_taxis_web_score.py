"""The final score sheet: base-game entries per player, Rome's clergy at the entered points, VP coins, ranks."""

from __future__ import annotations

from taxis_web_helpers import act, score_route, seat_everyone, start_table, state, text, version


def finished_table(client) -> str:
    """The seed's placement; Baden reaches Rome (Anna and Ben cardinals, Scott bishop, Dave pastor); the game ends.

    Anna took a postmaster tile and declines the final return.
    """
    token = start_table(client)
    seat_everyone(client, token)
    score_route(client, token, ["Mannheim", "Carlsruhe", "Freiburg"], steps=[("baden", "Rom")])
    act(client, token, "office", office="postmaster")
    act(client, token, "end-turn")
    for rank, points in (("cardinal", "7"), ("bishop", "5"), ("pastor", "2")):
        act(client, token, "tile-value", rank=rank, points=points)
    act(client, token, "end-game", confirm="yes")
    act(client, token, "return", seat="0")
    return token


# Anna: Baden 3 + carriage 5 (5) − 2 houses + cardinal 7 = 13
# Ben: long route 7 (4) + end of game 1 + carriage 7 (10) + cardinal 7 = 22
# Scott: all provinces 6 + carriage 3 (2) − 5 houses + bishop 5 = 8
# Dave: Baiern 5 + carriage 6 (7) − 1 house + pastor 2 = 13
ENTRIES = {"p0-province-baden": "3", "p0-carriage": "5", "p0-houses": "2",
           "p1-long-7": "4", "p1-end_game": "1", "p1-carriage": "7", "p1-houses": "0",
           "p2-all_provinces": "6", "p2-carriage": "3", "p2-houses": "5",
           "p3-province-baiern": "5", "p3-carriage": "6", "p3-houses": "1"}


def totals(page: str) -> list[str]:
    """The totals row of the score table."""
    import re

    return re.findall(r'<td data-seat="\d">([^<]*)</td>', page)


def test_score_sheet_totals_and_shared_ranks(app, client):
    token = finished_table(client)
    first = client.get(f"/taxis/{token}/score")
    assert first.status_code == 200
    assert "Provisional score sheet: still waiting for Anna, Ben, Scott, Dave." in text(first)
    saved = client.post(f"/taxis/{token}/score", data={"version": version(client, token), **ENTRIES})
    assert saved.status_code == 302
    page = client.get(f"/taxis/{token}/score").get_data(as_text=True)
    assert totals(page) == ["13", "22", "8", "13"]
    ranks = page.split('<tr class="rank">')[1].split("</tr>")[0]
    assert [c.split("<")[0] for c in ranks.split("<td>")[1:]] == ["2", "1", "4", "2"]
    assert 'value="3" selected' in page  # entries come back into the form
    assert "Provisional score sheet" not in page
    assert state(app, token)["ended"]
    sheet = client.get(f"/taxis/{token}/score.json").get_json()
    assert sheet["final"] and not sheet["provisional"] and sheet["waiting"] == []
    assert [p["rank"] for p in sheet["players"]] == [2, 1, 4, 2]


def test_missing_tile_value_is_asked_on_the_score_sheet(client):
    token = start_table(client)
    seat_everyone(client, token)
    score_route(client, token, ["Mannheim", "Carlsruhe", "Freiburg"], steps=[("baden", "Rom")])
    client.post(f"/taxis/{token}/score", data={"version": version(client, token), **ENTRIES})
    page = text(client.get(f"/taxis/{token}/score"))
    assert "Enter the points printed on the Cardinal tile: Anna's Cardinal is in Rome." in page
    assert "The game is not over yet; this is the score so far." in page


def test_junk_entries_are_marked_and_kept(client):
    token = finished_table(client)
    junk = dict(ENTRIES, **{"p0-province-baden": "9", "p1-carriage": "2", "p2-houses": "lots"})
    response = client.post(f"/taxis/{token}/score", data={"version": version(client, token), **junk})
    assert response.status_code == 422
    page = text(response)
    assert "Choose one of the listed tiles." in page
    assert "Choose the route length on the player's carriage." in page
    assert "Type how many houses the player has left" in page
    assert 'value="lots"' in response.get_data(as_text=True)


def test_a_stale_score_sheet_is_409_with_the_entries_kept(client):
    token = finished_table(client)
    old = version(client, token)
    client.post(f"/taxis/{token}/score", data={"version": old, **ENTRIES})
    again = client.post(f"/taxis/{token}/score", data={"version": old, **dict(ENTRIES, **{"p0-houses": "4"})})
    assert again.status_code == 409
    assert "the score sheet was saved" in text(again)
    assert 'value="4"' in again.get_data(as_text=True)


def test_game_moves_do_not_block_the_score_sheet(client):
    """A tile value entered meanwhile does not concern the score entries (stored apart)."""
    token = start_table(client)
    seat_everyone(client, token)
    old = version(client, token)
    act(client, token, "tile-value", rank="cardinal", points="7")
    assert client.post(f"/taxis/{token}/score", data={"version": old, **ENTRIES}).status_code == 302


def test_score_pad_pdf_in_the_pages_language(client):
    english = client.get("/taxis/scorepad.pdf?players=3")
    assert english.status_code == 200 and english.mimetype == "application/pdf"
    japanese = client.get("/taxis/scorepad.pdf?players=9&lang=ja")
    assert japanese.status_code == 200 and japanese.data != english.data


def test_a_provisional_sheet_ranks_only_the_entered_lines(app, client):
    """Ben and Scott entered their lines: they are ranked among themselves; the sheet waits for Anna and Dave."""
    token = finished_table(client)
    partial = {k: v for k, v in ENTRIES.items() if k[:2] in ("p1", "p2")}
    assert client.post(f"/taxis/{token}/score", data={"version": version(client, token), **partial}).status_code == 302
    page = client.get(f"/taxis/{token}/score")
    assert "Provisional score sheet: still waiting for Anna, Dave." in text(page)
    ranks = page.get_data(as_text=True).split('<tr class="rank">')[1].split("</tr>")[0]
    assert [c.split("<")[0] for c in ranks.split("<td>")[1:]] == ["–", "1", "2", "–"]
    sheet = client.get(f"/taxis/{token}/score.json").get_json()
    assert sheet["provisional"] and not sheet["final"] and sheet["waiting"] == ["Anna", "Dave"]
    assert [(p["entered"], p["total"], p["rank"]) for p in sheet["players"]] == [
        (False, None, None), (True, 22, 1), (True, 8, 2), (False, None, None)]
    from companion.web.core.tables import registry

    with app.app_context():
        assert registry.get("thurn-und-taxis-rome", token)["finished"] is None
    rest = {k: v for k, v in ENTRIES.items() if k[:2] in ("p0", "p3")}
    client.post(f"/taxis/{token}/score", data={"version": version(client, token), **partial, **rest})
    with app.app_context():
        assert registry.get("thurn-und-taxis-rome", token)["finished"]  # the sheet is final: retention archives it
