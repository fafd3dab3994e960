"""Tickets are secret until the game ends; the table pages follow the game live; the sheet is provisional.

The holes of issue 27 for Ticket to Ride: Europe, each shut and checked through the pages.
"""

from __future__ import annotations

import html
import json

from ttr_web_helpers import claim, end_game, save, start_table

from companion.web.core.tables import registry

SECRET = ("Paris", "Wien")  # a base-deck ticket (8 points)


def _table(client):
    table_id = start_table(client, ("Aki", "Ben", "Cho"))
    aki, ben = claim(client, table_id, 0), claim(client, table_id, 1)
    assert save(client, aki, 0, routes=[28, 19], stations=[("Frankfurt", "2")], tickets=[SECRET]).status_code == 302
    assert save(client, ben, 0, routes=[2]).status_code == 302
    return table_id, aki, ben


def _text(response) -> str:
    return html.unescape(response.get_data(as_text=True))


def test_tickets_reach_no_shared_page_and_no_other_seat_before_the_end(app):
    client = app.test_client()
    table_id, aki, ben = _table(client)
    t = f"/ttr-europe/t/{table_id}"
    for url in (t, f"{t}/score", f"{t}/log"):
        page = _text(client.get(url))
        assert "Paris–Wien" not in page and "Paris – Wien" not in page and "Paris|Wien" not in page, url
    ben_page = _text(client.get(f"/ttr-europe/s/{ben}"))  # Ben's list of the deck names no holder
    assert "· Aki" not in ben_page.split('id="ticket-list"')[1].split("</ul>")[0]
    game = client.get(f"{t}/game.json").get_json()
    assert game["players"][0]["tickets"] == [] and game["players"][0]["stations"] == [{"city": "Frankfurt"}]
    sheet = client.get(f"{t}/score.json").get_json()
    assert sheet["tickets_hidden"] is True and sheet["players"][0]["rows"]["tickets"] == 0
    assert "Wien" not in json.dumps(sheet)
    own = _text(client.get(f"/ttr-europe/s/{aki}"))  # the seat's own page keeps them
    assert 'value="Paris|Wien" checked' in own and "Your tickets are secret until the game ends" in own
    assert "Tickets are secret until the game ends" in _text(client.get(f"{t}/score"))


def test_the_end_shows_every_ticket_and_only_the_host_declares_it(app):
    host, other = app.test_client(), app.test_client()
    table_id, _aki, ben = _table(host)
    t = f"/ttr-europe/t/{table_id}"
    assert "End the game and show every ticket" not in other.get(t).get_data(as_text=True)
    refused = other.post(f"{t}/end")
    assert refused.status_code == 403 and "Only the host can do this" in _text(refused)
    assert client_game(other, t)["players"][0]["tickets"] == []
    assert "End the game and show every ticket" in host.get(t).get_data(as_text=True)
    end_game(host, table_id)
    with app.app_context():
        assert registry.get("ttr-europe", table_id)["finished"]
    assert client_game(other, t)["players"][0]["tickets"] == [{"from": "Paris", "to": "Wien"}]
    assert other.get(f"{t}/score.json").get_json()["tickets_hidden"] is False
    assert "Paris–Wien +8" in _text(other.get(f"{t}/score"))
    ben_page = _text(host.get(f"/ttr-europe/s/{ben}"))  # Ben's list now names the holder of Aki's ticket
    assert "· Aki" in ben_page.split('id="ticket-list"')[1].split("</ul>")[0]


def client_game(client, t: str) -> dict:
    return client.get(f"{t}/game.json").get_json()


def test_a_table_without_a_host_is_ended_by_a_phone_holding_a_seat(app):
    client = app.test_client()
    table_id, _aki, _ben = _table(client)
    from companion.web.core import db
    from companion.web.core.tables.registry import core_table

    with app.app_context(), db.write() as conn:  # a table made before tables had a host
        conn.execute(core_table.update().where(core_table.c.table_id == table_id).values(host=None))
    stranger = app.test_client()
    assert stranger.post(f"/ttr-europe/t/{table_id}/end").status_code == 403  # holds no seat
    assert stranger.get(f"/ttr-europe/t/{table_id}/score.json").get_json()["tickets_hidden"] is True
    end_game(client, table_id)
    assert stranger.get(f"/ttr-europe/t/{table_id}/score.json").get_json()["tickets_hidden"] is False


def test_the_score_sheet_ranks_only_seats_that_entered(app):
    client = app.test_client()
    table_id, _aki, _ben = _table(client)
    t = f"/ttr-europe/t/{table_id}"
    sheet = client.get(f"{t}/score.json").get_json()
    assert sheet["waiting"] == ["Cho"]
    assert sorted(p["rank"] for p in sheet["players"][:2]) == [1, 2] and sheet["players"][2]["rank"] is None
    page = _text(client.get(f"{t}/score"))
    assert "Provisional score sheet: still waiting for Cho." in page
    assert "Provisional score sheet: still waiting for Cho." in _text(client.get(t))


def test_every_page_carries_the_live_mark_and_it_moves_with_a_save(app):
    client = app.test_client()
    table_id, aki, ben = _table(client)
    t = f"/ttr-europe/t/{table_id}"
    before = client.get(f"{t}/live")
    assert before.headers["Cache-Control"] == "no-store"
    mark = before.get_json()["mark"]
    for url in (t, f"{t}/score", f"{t}/log", f"/ttr-europe/s/{aki}"):
        page = client.get(url).get_data(as_text=True)
        assert f'data-live-url="{t}/live"' in page and f'data-live-mark="{mark}"' in page, url
    assert table_id not in mark
    save(client, ben, 1, routes=[2, 3])
    assert client.get(f"{t}/live").get_json()["mark"] != mark
    assert client.get("/ttr-europe/t/nope/live").status_code == 404
    # Phone A's own page names Ben's new status once it shows the new state.
    assert "entered: 2 routes, no problems" in _text(client.get(f"/ttr-europe/s/{aki}"))


def test_entry_forms_keep_what_is_typed_offline(app):
    client = app.test_client()
    table_id, aki, _ben = _table(client)
    page = client.get(f"/ttr-europe/s/{aki}").get_data(as_text=True)
    assert f'data-offline-key="ttr-europe:{table_id}:0"' in page and 'name="version"' in page
    log = client.get(f"/ttr-europe/t/{table_id}/log").get_data(as_text=True)
    assert log.count("data-offline-key=") == 3 and log.count('name="version"') == 3  # route, station, turn


def test_logging_a_claim_keeps_the_players_secret_tickets(app):
    client = app.test_client()
    table_id, aki, _ben = _table(client)
    response = client.post(f"/ttr-europe/t/{table_id}/log", data={"count": "0", "kind": "route", "seat": "0",
                                                                   "route": "40"})
    assert response.status_code == 302, _text(response)[-2000:]
    own = _text(client.get(f"/ttr-europe/s/{aki}"))
    assert 'value="Paris|Wien" checked' in own and 'id="route-40" checked' in own
