"""The table as the core runs it: names, seats held by phones, the table's log, live marks, the registry."""

from __future__ import annotations

import html
import json
import re

from welcome_web_helpers import join, move, ok, start_table

from companion.web.core.tables import registry

PLANS = {"mode": "standard", "plans_source": "choose", "plan_1": "1", "plan_2": "7", "plan_3": "13"}


def test_the_start_form_refuses_a_name_twice_and_keeps_the_entries(client):
    """"Ana" and " ANA " are one player: 422, the message names the earlier one, every name typed is kept."""
    response = client.post("/welcome-to/new", data={**PLANS, "name": "Ana", "others-0": "Ben", "others-1": " ANA "})
    page = response.get_data(as_text=True)
    assert response.status_code == 422
    assert "Ana is already at this table" in page
    assert re.search(r'id="others-1"[^>]*value=" ANA "[^>]*aria-invalid="true"', page)
    assert 'value="Ben"' in page and 'value="Ana"' in page


def test_other_players_wait_for_their_phones(client, app):
    """Names typed for the others make seats that the next phone takes with "This is me"."""
    table_id = start_table(client, name="Ana", **{"others-0": "Ben"})
    page = client.get(f"/welcome-to/t/{table_id}").get_data(as_text=True)
    assert page.count("Open my sheet") == 1 and page.count("This is me") == 1
    ben = app.test_client()
    response = ben.post(f"/welcome-to/t/{table_id}/seats/1/claim")
    assert response.status_code == 302 and "/welcome-to/s/" in response.headers["Location"]
    page = ben.get(f"/welcome-to/t/{table_id}").get_data(as_text=True)
    assert "Ben took their seat on a phone." in page and page.count("Open my sheet") == 1


def test_joining_with_a_name_at_the_table_is_refused(client, app):
    """A phone that joins as " aki " where Aki sits gets no seat (and not Aki's)."""
    table_id = start_table(client, name="Aki")
    response = app.test_client().post(f"/welcome-to/t/{table_id}/join", data={"name": " aki "})
    body = response.get_data(as_text=True)
    assert response.status_code == 422 and "Aki is already at this table" in body and 'value=" aki "' in body
    assert "/welcome-to/s/" not in body


def test_importing_a_game_with_a_name_twice_is_refused(client):
    """The score document only warned about two "Ana"s; the import refuses them, the text kept."""
    blank = [[None] * n for n in (10, 11, 12)]
    doc = {"format": "welcome-to-game/1", "mode": "standard", "plans": [1, 7, 13],
           "players": [{"player": "Ana", "streets": blank}, {"player": "ana", "streets": blank}]}
    response = client.post("/welcome-to/import", data={"text": json.dumps(doc)})
    body = response.get_data(as_text=True)
    assert response.status_code == 422
    assert "Ana is already at this table" in body and "Player 2: " in body and "players[1]" not in body and "&#34;ana&#34;" in body


def test_a_held_seat_moves_only_by_its_link_or_the_host(client, app):
    """"This is me" on a held seat is refused; its own link moves it (logged); the host frees it (logged)."""
    table_id = start_table(client, name="Ana")
    token = re.search(r'href="/welcome-to/s/([^"]+)"', client.get(f"/welcome-to/t/{table_id}").get_data(
        as_text=True)).group(1)
    other = app.test_client()
    response = other.post(f"/welcome-to/t/{table_id}/seats/0/claim")
    assert response.status_code == 409 and token not in response.get_data(as_text=True)
    assert "held by another phone" in response.get_data(as_text=True)
    refused = other.post(f"/welcome-to/t/{table_id}/seats/0/free")
    assert refused.status_code == 403 and "Only the host can do this" in refused.get_data(as_text=True)  # the core's
    assert other.get(f"/welcome-to/s/{token}").status_code == 200  # the link: whoever has it has the seat
    page = html.unescape(client.get(f"/welcome-to/t/{table_id}").get_data(as_text=True))
    assert "Ana's seat moved to another phone with its own link." in page and "Open my sheet" not in page
    assert client.post(f"/welcome-to/t/{table_id}/seats/0/free").status_code == 302  # the host
    page = html.unescape(other.get(f"/welcome-to/t/{table_id}").get_data(as_text=True))
    assert "The host freed Ana's seat" in page and "This is me" in page


def test_hosting_moves_by_the_core_hand_over_and_the_round_follows_it(client, app):
    """The table page shows the core's host box; the host offers hosting, another phone takes it (logged), and
    from then on that phone deals and frees seats while the phone that started the table is refused (403)."""
    table_id = start_table(client, name="Ana")
    other = app.test_client()
    join(other, table_id, "Ben")
    t = f"/welcome-to/t/{table_id}"
    page = client.get(t).get_data(as_text=True)
    assert 'id="host-offer"' in page and 'id="deal"' in page
    page = other.get(t).get_data(as_text=True)
    assert 'id="host-offer"' not in page and 'id="host-take"' not in page and 'id="deal"' not in page
    assert other.post(f"/host/welcome-to/{table_id}/offer").status_code == 403  # only the host offers
    assert client.post(f"/host/welcome-to/{table_id}/offer").status_code == 302
    assert 'id="host-take"' in other.get(t).get_data(as_text=True)
    taken = other.post(f"/host/welcome-to/{table_id}/take")
    assert taken.status_code == 302 and taken.headers["Location"].endswith(t)
    page = html.unescape(client.get(t).get_data(as_text=True))
    assert "Ben's phone took over as host" in page and 'id="deal"' not in page
    assert client.post(f"{t}/round/deal").status_code == 403
    assert client.post(f"{t}/seats/1/free").status_code == 403
    assert other.post(f"{t}/round/deal").status_code == 302
    assert other.post(f"{t}/seats/0/free").status_code == 302


def test_a_table_without_a_host_lets_a_seat_run_the_round_but_not_free_seats(client, app):
    """A table made before tables had a host: a phone holding a seat deals (else no one could), a phone without
    a seat is refused, and freeing a seat stays the host's (the core's 403 to everyone)."""
    from sqlalchemy import update

    from companion.web.core import db
    from companion.web.core.tables.registry import core_table

    table_id = start_table(client, name="Ana")
    with app.app_context(), db.write() as conn:
        conn.execute(update(core_table).where(core_table.c.table_id == table_id).values(host=None))
    t = f"/welcome-to/t/{table_id}"
    stranger = app.test_client()
    assert 'id="deal"' not in stranger.get(t).get_data(as_text=True)
    assert stranger.post(f"{t}/round/deal").status_code == 403
    assert 'id="deal"' in client.get(t).get_data(as_text=True)
    refused = client.post(f"{t}/seats/0/free")
    assert refused.status_code == 403 and "Only the host can do this" in refused.get_data(as_text=True)
    assert client.post(f"{t}/round/deal").status_code == 302


def test_the_pages_follow_the_table_by_its_mark(client, app):
    """The table page, the score sheet and each seat page carry a live box; a save moves the table's mark and
    the other seats' marks, not the saving seat's own (its script shows its own moves)."""
    table_id = start_table(client)
    aki, ben = join(client, table_id, "Aki"), join(app.test_client(), table_id, "Ben")
    for url in (f"/welcome-to/t/{table_id}", f"/welcome-to/t/{table_id}/score", f"/welcome-to/s/{aki}"):
        assert 'id="live"' in client.get(url).get_data(as_text=True), url
    marks = {u: client.get(u).get_json()["mark"] for u in (f"/welcome-to/t/{table_id}/live",
                                                            f"/welcome-to/s/{aki}/live", f"/welcome-to/s/{ben}/live")}
    ok(move(client, aki, kind="number", street=1, house=1, number=3))
    after = {u: client.get(u).get_json()["mark"] for u in marks}
    assert after[f"/welcome-to/t/{table_id}/live"] != marks[f"/welcome-to/t/{table_id}/live"]
    assert after[f"/welcome-to/s/{ben}/live"] != marks[f"/welcome-to/s/{ben}/live"]
    assert after[f"/welcome-to/s/{aki}/live"] == marks[f"/welcome-to/s/{aki}/live"]
    assert table_id not in json.dumps(list(after.values())) and client.get("/welcome-to/t/nope-nope-nope/live").status_code == 404
    assert "1/33 houses" in client.get(f"/welcome-to/s/{ben}").get_data(as_text=True)  # Ben sees Aki's move


def test_saves_touch_the_registry(client, app):
    """A table is registered with its host when made; a move touches it."""
    table_id = start_table(client)
    token = join(client, table_id, "Aki")
    with app.app_context():
        first = registry.get("welcome-to", table_id)
        assert first and first["host"] and not first["finished"]
    ok(move(client, token, kind="number", street=1, house=1, number=3))
    with app.app_context():
        assert registry.get("welcome-to", table_id)["touched"] >= first["touched"]


def test_an_imported_game_is_finished(client, app):
    """A finished game brought in is final: retention archives it, never purges it."""
    blank = [[None] * n for n in (10, 11, 12)]
    doc = {"format": "welcome-to-game/1", "mode": "standard", "plans": [1, 7, 13],
           "players": [{"player": "Ana", "streets": blank}]}
    response = client.post("/welcome-to/import", data={"text": json.dumps(doc)})
    table_id = response.headers["Location"].split("/t/")[1].split("/")[0]
    with app.app_context():
        assert registry.get("welcome-to", table_id)["finished"]
