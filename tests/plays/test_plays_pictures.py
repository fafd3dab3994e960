"""Route pictures kept with a play (En Route registers its map drawer through `TableSpec.route_pictures`):
captured with the play, shown on the player's page as an image, exported and imported (companion-plays/2),
erased with a removed player; version 1 files stay importable."""

from __future__ import annotations

import base64
import json
import re

from plays_helpers import finished_enroute_table

from companion.web.core.plays import store


def kept_enroute(client) -> tuple[str, str]:
    """A finished En Route table kept in a new group: (group id, table token)."""
    token = finished_enroute_table(client)
    made = client.post(f"/plays/keep/enroute/{token}", data={"action": "new", "name": "Routes"})
    assert made.status_code == 302, made.get_data(as_text=True)[-1500:]
    return made.headers["Location"].rsplit("/", 1)[1], token


def test_the_best_games_route_is_kept_shown_exported_and_imported(app, client):
    gid, _token = kept_enroute(client)
    doc = client.get(f"/plays/g/{gid}/plays.json").get_json()
    assert doc["format"] == "companion-plays/2"
    pictures = [p.get("picture") for p in doc["plays"][0]["players"]]
    assert all(p and p.startswith("<svg") and "<style>" in p and len(p) < 128 * 1024 for p in pictures)
    assert 'class="sec drawn route"' in pictures[1] and "<script" not in pictures[0]
    html = client.get(f"/plays/g/{gid}/player?name=Aki").get_data(as_text=True)
    src = re.search(r'<figure class="route-picture" data-route-picture><img src="data:image/svg\+xml;base64,([^"]+)"',
                    html)
    assert src and base64.b64decode(src.group(1)).decode() == pictures[0]
    # Imported into a new group (version 2): the picture comes along; a version 1 file may not carry one.
    copy = client.post("/plays/new", data={"name": "Copy"}).headers["Location"].rsplit("/", 1)[1]
    assert client.post(f"/plays/g/{copy}/import", data={"text": json.dumps(doc)}).status_code == 302
    with app.app_context():
        assert store.play_pictures(copy, doc["plays"][0]["id"]) == pictures
    old = {**doc, "format": "companion-plays/1"}
    refused = client.post(f"/plays/g/{copy}/import", data={"text": json.dumps(old)})
    assert refused.status_code == 422 and "plays[0].players[0].picture: This key is not part of" in \
        refused.get_data(as_text=True)
    for p in old["plays"][0]["players"]:
        del p["picture"]
    again = client.post(f"/plays/g/{copy}/import", data={"text": json.dumps(old)}, follow_redirects=True)
    assert "0 play(s) imported, 1 already in the group." in again.get_data(as_text=True)
    bad = json.loads(json.dumps(doc))
    bad["plays"][0]["id"] = "other"
    bad["plays"][0]["players"][0]["picture"] = "<img src=x onerror=alert(1)>"
    refused = client.post(f"/plays/g/{copy}/import", data={"text": json.dumps(bad)})
    assert refused.status_code == 422 and "plays[0].players[0].picture: A route picture must be an SVG" in \
        refused.get_data(as_text=True)


def test_a_removed_player_takes_their_route_picture_along(app, client):
    gid, token = kept_enroute(client)
    assert "Kept in game night: Routes." in client.get(f"/tables/{token}/score").get_data(as_text=True)
    assert client.post(f"/plays/g/{gid}/remove", data={"name": "Aki"}).status_code == 302
    doc = client.get(f"/plays/g/{gid}/plays.json").get_json()
    players = doc["plays"][0]["players"]
    assert players[0]["name"] == "" and "picture" not in players[0] and players[1]["picture"].startswith("<svg")


def test_ticket_to_ride_keeps_each_players_claimed_routes(app, client):
    from plays_helpers import finished_ttr_table

    table_id = finished_ttr_table(client)
    made = client.post(f"/plays/keep/ttr-europe/{table_id}", data={"action": "new", "name": "Trains"})
    gid = made.headers["Location"].rsplit("/", 1)[1]
    players = client.get(f"/plays/g/{gid}/plays.json").get_json()["plays"][0]["players"]
    assert [p["name"] for p in players] == ["Aki", "Ben"]
    for p in players:
        assert p["picture"].startswith('<svg xmlns="http://www.w3.org/2000/svg" class="ttr-map"')
        assert "rt k-" in p["picture"] and " mine" in p["picture"] and 'class="hit"' not in p["picture"]
    assert "data-route-picture" in client.get(f"/plays/g/{gid}/player?name=Aki").get_data(as_text=True)
