"""Imports with a round log: a finished game or one seat's sheet is replayed against the cards (refused with the
round's cards named, the text kept); without a log the page says the cards were not checked."""

from __future__ import annotations

import json
from pathlib import Path

from welcome_web_helpers import join, start_table

KNOWN = Path(__file__).parents[2] / "games" / "welcome_to" / "roundlog"


def game() -> dict:
    return json.loads((KNOWN / "standard.json").read_text(encoding="utf-8"))["game"]


def test_a_game_with_its_log_is_imported_and_says_it_was_checked(client):
    response = client.post("/welcome-to/import", data={"text": json.dumps(game())}, follow_redirects=True)
    page = response.get_data(as_text=True)
    assert response.status_code == 200 and "every number and effect matches the cards" in page


def test_a_game_whose_log_breaks_the_cards_is_refused_naming_them_and_kept(client):
    doc = game()
    doc["players"][0]["log"][4]["take"] = [5, "pool"]
    text = json.dumps(doc)
    response = client.post("/welcome-to/import", data={"text": text})
    page = response.get_data(as_text=True)
    assert response.status_code == 422
    assert "This round&#39;s pairs are 5 surveyor, 10 pool manufacturer and 14 bis" in page
    assert "Player 1 · Round 5: " in page and "players[0]" not in page and "10 pool manufacturer" in page
    assert "&#34;rounds&#34;" in page.split("<textarea")[1]  # the text is kept


def test_the_refusal_reads_in_japanese_with_japanese_effect_names(client):
    doc = game()
    doc["players"][0]["log"][4]["take"] = [5, "pool"]
    page = client.post("/welcome-to/import?lang=ja", data={"text": json.dumps(doc)}).get_data(as_text=True)
    assert "測量士" in page and "プール製造会社" in page and "pool manufacturer" not in page.split("<textarea")[0]


def test_a_game_without_a_log_says_the_cards_were_not_checked(client):
    doc = game()
    del doc["rounds"]
    for player in doc["players"]:
        del player["log"]
    page = client.post("/welcome-to/import", data={"text": json.dumps(doc)}, follow_redirects=True).get_data(
        as_text=True)
    assert "Imported without a round log" in page


def test_a_seat_sheet_with_a_log_uses_the_game_rounds_and_is_checked(client):
    table_id = start_table(client, plan_1="4")
    token = join(client, table_id, "Aki")
    doc = game()
    doc["players"] = doc["players"][:1]
    version = client.get(f"/welcome-to/s/{token}/fragment").get_json()["version"]
    bad = json.loads(json.dumps(doc))
    bad["players"][0]["log"][0]["moves"][0]["number"] = 0
    bad["players"][0]["streets"][0][0] = 0
    refused = client.post(f"/welcome-to/s/{token}/import", data={"version": str(version), "text": json.dumps(bad)})
    assert refused.status_code == 422 and "you took 1 with surveyor, so 0" in refused.get_data(as_text=True)
    done = client.post(f"/welcome-to/s/{token}/import", data={"version": str(version), "text": json.dumps(doc)},
                       follow_redirects=True)
    assert done.status_code == 200 and "every number and effect matches the cards" in done.get_data(as_text=True)


def test_a_dealt_game_downloads_with_its_round_log_and_imports_checked(app, client):
    """Two seats play three dealt rounds; game.json carries the rounds and each log; importing it replays them, and
    the same download with one number moved 3 away is refused naming that round's pairs."""
    from welcome_web_helpers import game_doc, move, ok

    from companion.web.welcome_to import store

    table_id = start_table(client, name="Aki")
    bo_phone = app.test_client()
    bo = join(bo_phone, table_id, "Bo")
    assert client.post(f"/welcome-to/t/{table_id}/round/deal").status_code == 302
    with app.app_context():
        aki = store.get_seats(table_id)[0]["token"]
    for k in range(1, 4):
        with app.app_context():
            number, effect = store.get_table(table_id)["deck"]["offers"][str(k)]["items"][0]
        for phone, token in ((client, aki), (bo_phone, bo)):  # round k on street k: any number fits
            ok(move(phone, token, kind="effect", effect=effect, number=number))
            ok(move(phone, token, kind="number", street=k, house=1, number=number))
            if effect == "temp":
                ok(move(phone, token, kind="temp"))
            ok(move(phone, token, kind="next"))
        assert client.post(f"/welcome-to/t/{table_id}/round/next").status_code == 302
    doc = game_doc(client, table_id)
    assert len(doc["rounds"]) == 4 and [len(p["log"]) for p in doc["players"]] == [3, 3]
    assert doc["players"][0]["log"][0]["take"] == doc["rounds"][0]["pairs"][0]
    done = client.post("/welcome-to/import", data={"text": json.dumps(doc)}, follow_redirects=True)
    assert done.status_code == 200 and "every number and effect matches the cards" in done.get_data(as_text=True)
    moved = doc["players"][1]["log"][1]["moves"][0]
    far = moved["number"] + 3 if moved["number"] <= 14 else moved["number"] - 3
    moved["number"] = far
    doc["players"][1]["streets"][moved["street"]][moved["house"]] = far
    refused = client.post("/welcome-to/import", data={"text": json.dumps(doc)})
    page = refused.get_data(as_text=True)
    assert refused.status_code == 422 and "Player 2 · Round 2: " in page and "players[1]" not in page
    pairs = doc["rounds"][1]["pairs"]
    assert f"This round&#39;s pairs are {pairs[0][0]} " in page
