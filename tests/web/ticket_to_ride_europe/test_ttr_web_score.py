"""The score sheet: every known-answer game entered through the phones' forms scores as computed by hand;
the page explains station borrowing, ticket paths, the longest path and the deciding tie-break; downloads."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest
from ttr_web_helpers import claim, end_game, entry_data, save, start_table

from companion.games.ticket_to_ride_europe import board

GAMES = Path(__file__).resolve().parents[2] / "games" / "ticket_to_ride_europe" / "games"


def _enterable(path) -> bool:
    """A game a phone can enter: every ticket is a card of its deck (the form chooses cards, never points)."""
    doc = json.loads(path.read_text(encoding="utf-8"))
    deck = board().decks[doc.get("variant", "base")]
    return all(frozenset((t["from"], t["to"])) in deck and t.get("points", deck[frozenset((t["from"], t["to"]))].points)
               == deck[frozenset((t["from"], t["to"]))].points for p in doc["players"] for t in p.get("tickets", []))


KNOWN = sorted(p for p in GAMES.glob("*.json") if not p.name.endswith(".expect.json") and _enterable(p))


def enter_game(client, doc: dict) -> str:
    """Start a table for a `ttr-europe-game/1` document and enter every player through the entry form."""
    names = [p["player"] for p in doc["players"]]
    table_id = start_table(client, names, doc.get("variant", "base"))
    for seat, player in enumerate(doc["players"]):
        token = claim(client, table_id, seat)
        stations = [(s["city"], "" if s.get("borrows") is None else s["borrows"]) for s in player.get("stations", [])]
        extra: dict = {}
        deck = board().decks[doc.get("variant", "base")]  # the form lists deck cards as the deck writes them
        tickets = [(deck[frozenset(t)].city_a, deck[frozenset(t)].city_b)
                   for t in ((t["from"], t["to"]) for t in player.get("tickets", []))]
        response = save(client, token, 0, routes=player.get("routes", []), stations=stations, tickets=tickets,
                        score_track=player.get("score_track"), **extra)
        assert response.status_code == 302, html.unescape(response.get_data(as_text=True))[-3000:]
    end_game(client, table_id)  # tickets count on the sheet once the game has ended
    return table_id


def _tickets(detail) -> list:
    """Tickets detail without direction or order."""
    return sorted((sorted((t["from"], t["to"])), t["points"], t["completed"]) for t in detail or [])


@pytest.mark.parametrize("path", KNOWN, ids=lambda p: p.stem)
def test_known_games_entered_on_the_phones_score_as_by_hand(client, path):
    doc = json.loads(path.read_text(encoding="utf-8"))
    expect = json.loads(path.with_name(path.stem + ".expect.json").read_text(encoding="utf-8"))
    table_id = enter_game(client, doc)
    got = client.get(f"/ttr-europe/t/{table_id}/score.json").get_json()
    assert got["format"] == "ttr-europe-score/1"
    for mine, theirs in zip(got["players"], expect["players"]):
        for key in ("player", "rows", "trains", "longest_path", "tickets_completed", "tickets_failed",
                    "stations_built", "borrowed", "total", "rank"):
            assert mine[key] == theirs[key], (path.stem, key)
        assert _tickets(mine["tickets_detail"]) == _tickets(theirs["tickets_detail"])
        assert {(p["severity"], p["code"], p["path"]) for p in mine["problems"]} == \
            {(p["severity"], p["code"], p["path"]) for p in theirs["problems"]}
    page = client.get(f"/ttr-europe/t/{table_id}/score").get_data(as_text=True)
    totals = re.search(r'<tr class="total">(.*?)</tr>', page, re.S).group(1)
    assert re.findall(r"<td>([^<]*)</td>", totals) == ["–" if p["total"] is None else str(p["total"])
                                                        for p in expect["players"]]
    ranks = re.search(r'<tr class="rank">(.*?)</tr>', page, re.S).group(1)
    assert re.findall(r"<td>([^<]*)</td>", ranks) == ["–" if p["rank"] is None else str(p["rank"])
                                                       for p in expect["players"]]


def test_score_sheet_explains_stations_tickets_and_the_longest_path(client):
    doc = json.loads((GAMES / "station-borrowing.json").read_text(encoding="utf-8"))
    table_id = enter_game(client, doc)
    page = html.unescape(client.get(f"/ttr-europe/t/{table_id}/score").get_data(as_text=True))
    # By hand: Aki's station in Frankfurt borrows Ben's Berlin–Frankfurt (route 2), joining Frankfurt–Paris
    # and Berlin–Wien: Paris–Wien (8) is done, +8 instead of −8.
    assert ("Station in Frankfurt: borrows route 2 Berlin–Frankfurt from Ben: completes Paris–Wien, +8 "
            "(the tickets row is 16 points higher than without it).") in page
    assert "Paris–Wien +8" in page and "via Paris – Frankfurt – Berlin – Wien" in page
    assert 'data-routes="28 2 19"' in page
    assert "Station in Paris: borrows nothing" in page
    assert "Frankfurt–Kobenhavn −5" in page
    # Ben's longest path: München–Frankfurt–Berlin–Wien–München is a loop of 2 + 3 + 3 + ... trains.
    assert re.search(r"8 trains: \w+ – \w+ – \w+ – \w+", page)
    assert "3 trains: " in page
    assert page.count('class="ttr-map"') == 2  # one map per player with routes, not interactive


@pytest.mark.parametrize("name, text", [
    ("tie-tickets", "Aki ranks ahead of Ben on the same total: more completed tickets (2 to 1)."),
    ("tie-stations", "Aki ranks ahead of Ben on the same total and tickets: fewer stations built (0 to 1)."),
    ("tie-express", "Aki ranks ahead of Ben on the same total, tickets and stations: Aki holds the European Express."),
    ("tie-shared", "Aki and Ben share the rank: same total, tickets, stations and European Express."),
])
def test_the_deciding_tie_break_is_named(client, name, text):
    doc = json.loads((GAMES / f"{name}.json").read_text(encoding="utf-8"))
    table_id = enter_game(client, doc)
    page = html.unescape(client.get(f"/ttr-europe/t/{table_id}/score").get_data(as_text=True))
    assert text in page


def test_tie_breaks_in_japanese(client):
    doc = json.loads((GAMES / "tie-tickets.json").read_text(encoding="utf-8"))
    table_id = enter_game(client, doc)
    page = html.unescape(client.get(f"/ttr-europe/t/{table_id}/score?lang=ja").get_data(as_text=True))
    assert "得点表" in page and "達成したチケット" in page


def test_a_player_with_errors_is_not_scored_and_others_are(client):
    table_id = start_table(client, ("Aki", "Ben", "Cho"))
    tokens = [claim(client, table_id, s) for s in range(3)]
    save(client, tokens[0], 0, routes=[3])
    save(client, tokens[1], 0, routes=[999])
    page = html.unescape(client.get(f"/ttr-europe/t/{table_id}/score").get_data(as_text=True))
    assert "Not scored: fix the entry first." in page and "Route 999 does not exist" in page
    assert "(not entered yet)" in page  # Cho
    totals = re.findall(r"<td>([^<]*)</td>", re.search(r'<tr class="total">(.*?)</tr>', page, re.S).group(1))
    assert totals == ["23", "–", "–"]  # Aki: 1 + 12 stations + 10 Express; Cho has not entered: no total
    assert "Provisional score sheet: still waiting for Cho." in page


def test_downloads_round_trip_through_the_api(client):
    doc = json.loads((GAMES / "four-players.json").read_text(encoding="utf-8"))
    table_id = enter_game(client, doc)
    game = client.get(f"/ttr-europe/t/{table_id}/game.json")
    assert game.headers["Content-Disposition"] == 'attachment; filename="ttr-europe-game.json"'
    scored = client.post("/api/score", json=game.get_json())
    assert scored.status_code == 200
    sheet = client.get(f"/ttr-europe/t/{table_id}/score.json").get_json()
    assert sheet.pop("waiting") == [] and sheet.pop("tickets_hidden") is False
    assert scored.get_json() == sheet


@pytest.mark.parametrize("url", ["scorepad.pdf", "tally.pdf"])
def test_table_printables_carry_the_players_names(client, url):
    table_id = start_table(client, ("Aki", "Ben", "Cho"))
    response = client.get(f"/ttr-europe/t/{table_id}/{url}")
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    assert response.data.startswith(b"%PDF-")
    import io

    import pdfplumber

    with pdfplumber.open(io.BytesIO(response.data)) as pdf:
        text = pdf.pages[0].extract_text()
    assert "Aki" in text and "Cho" in text and "Player 4" not in text


@pytest.mark.parametrize("query, columns", [("", 5), ("?players=3", 3), ("?players=9", 5), ("?players=abc", 5),
                                            ("?players=99999999999999999999", 5)])
def test_blank_printables_take_a_number_of_players(client, query, columns):
    import io

    import pdfplumber

    for kind in ("scorepad", "tally"):
        response = client.get(f"/ttr-europe/{kind}.pdf{query}")
        assert response.status_code == 200
        with pdfplumber.open(io.BytesIO(response.data)) as pdf:
            text = pdf.pages[0].extract_text()
        assert f"Player {columns}" in text and f"Player {columns + 1}" not in text


def test_printables_follow_the_phones_language(client):
    import io

    import pdfplumber

    response = client.get("/ttr-europe/scorepad.pdf?lang=ja")
    with pdfplumber.open(io.BytesIO(response.data)) as pdf:
        text = pdf.pages[0].extract_text()
    assert "得点表" in text or "スコア" in text


def test_entry_json_round_trip_keeps_the_chosen_borrowing(client):
    table_id = start_table(client)
    aki, ben = claim(client, table_id, 0), claim(client, table_id, 1)
    save(client, ben, 0, routes=[2])
    client.post(f"/ttr-europe/s/{aki}", data=entry_data(0, routes=[28, 19], stations=[("Frankfurt", "2")],
                                                        tickets=[("Paris", "Wien")]))
    end_game(client, table_id)
    game = client.get(f"/ttr-europe/t/{table_id}/game.json").get_json()
    assert game["players"][0]["stations"] == [{"city": "Frankfurt", "borrows": 2}]
    assert client.get(f"/ttr-europe/t/{table_id}/score.json").get_json()["players"][0]["rows"]["tickets"] == 8
