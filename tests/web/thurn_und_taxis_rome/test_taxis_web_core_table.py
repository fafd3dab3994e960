"""The core's table for Thurn und Taxis: one claim policy and its log, the host, live pages, offline keys, retention."""

from __future__ import annotations

import re

from taxis_web_helpers import SEED_PLACEMENT, claim, place, start_table, text

GAME = "thurn-und-taxis-rome"


def test_the_host_becoming_a_seat_is_shown_to_the_whole_table(app, client):
    """The issue's hole: "New link for Anna", then "This is me: Anna" on the host phone, silently."""
    token = start_table(client)
    anna = app.test_client()
    seat = claim(anna, token, 0)
    place(anna, seat, token, SEED_PLACEMENT[0])
    assert client.post(f"/taxis/{token}/seats/0/new-link").status_code == 302
    taken = claim(client, token, 0)  # the host now holds Anna's seat...
    assert anna.get(seat).status_code == 404  # ...Anna's old link is dead
    watcher = app.test_client()
    shared = text(watcher.get(f"/taxis/{token}"))
    assert "The host made a new link for Anna; the old link no longer opens the seat." in shared
    assert shared.count("Anna took their seat on a phone.") == 2  # Anna's phone, then the host's: all see it
    page = client.get(taken).get_data(as_text=True)
    mine = page.split('id="clergy"')[1].split("</section>")[0]
    assert "In your hand: 0" in mine and " selected>" not in mine  # and it shows no tile anyway


def test_a_held_seat_is_refused_from_the_table_link_and_moves_only_by_its_own_link(app, client):
    token = start_table(client)
    seat = claim(client, token, 1)
    other = app.test_client()
    refused = other.post(f"/taxis/{token}/seats/1/claim")
    assert refused.status_code == 302 and refused.headers["Location"] == f"/taxis/{token}"
    assert other.post(f"/taxis/{token}/seats/1/claim", data={"take_over": "1"}).headers["Location"] == \
        f"/taxis/{token}"
    assert other.get(seat).status_code == 200  # whoever has the seat's own link has the seat...
    assert "Ben's seat moved to another phone with its own link." in text(app.test_client().get(f"/taxis/{token}"))
    assert client.post(f"/taxis/{token}/seats/1/claim").headers["Location"] == f"/taxis/{token}"  # ...and keeps it


def test_a_new_table_has_a_host_and_a_registry_row(app, client):
    from companion.web.core.tables import registry

    token = start_table(client)
    with app.app_context():
        row = registry.get(GAME, token)
    assert row is not None and row["host"] and row["finished"] is None
    refused = app.test_client().post(f"/taxis/{token}/seats/0/new-link")
    assert refused.status_code == 403 and "Only the host can do this" in text(refused)  # the core's answer


def test_hosting_moves_by_the_core_hand_over(app, client):
    """The shared screen shows the core's host box; the host offers hosting, another phone takes it (the table's
    log says so), and from then on only that phone gives seats new links."""
    token = start_table(client)
    ben = app.test_client()
    claim(ben, token, 1)
    t = f"/taxis/{token}"
    assert 'id="host-offer"' in client.get(t).get_data(as_text=True)
    assert 'id="host-offer"' not in ben.get(t).get_data(as_text=True)
    assert ben.post(f"/host/{GAME}/{token}/offer").status_code == 403
    assert client.post(f"/host/{GAME}/{token}/offer").status_code == 302
    assert 'id="host-take"' in ben.get(t).get_data(as_text=True)
    taken = ben.post(f"/host/{GAME}/{token}/take")
    assert taken.status_code == 302 and taken.headers["Location"].endswith(t)
    assert "Ben's phone took over as host" in text(app.test_client().get(t))
    assert client.post(f"{t}/seats/1/new-link").status_code == 403
    assert "New link for Ben" in ben.get(t).get_data(as_text=True)
    assert ben.post(f"{t}/seats/0/new-link").status_code == 302


def test_a_table_from_before_the_core_is_adopted_by_the_phone_that_started_it(app, client):
    """Its session named the host; the core has none for the table: that phone becomes its host."""
    from sqlalchemy import update

    from companion.web.core import db
    from companion.web.core.tables.registry import core_table

    token = start_table(client)
    with app.app_context(), db.write() as conn:
        conn.execute(update(core_table).where(core_table.c.table_id == token).values(host=None))
    with client.session_transaction() as session:
        session["taxis_host"] = [token]
    stranger = app.test_client()
    assert stranger.post(f"/taxis/{token}/seats/0/new-link").status_code == 403
    assert client.post(f"/taxis/{token}/seats/0/new-link").status_code == 302


def test_every_table_page_follows_the_game_by_the_mark(app, client):
    token = start_table(client)
    seat = claim(client, token, 0)
    mark = client.get(f"/taxis/{token}/live")
    assert mark.status_code == 200 and mark.headers["Cache-Control"] == "no-store"
    before = mark.get_json()["mark"]
    for path in (f"/taxis/{token}", seat, f"/taxis/{token}/score"):
        body = client.get(path).get_data(as_text=True)
        assert f'data-live-url="/taxis/{token}/live"' in body and f'data-live-mark="{before}"' in body, path
    place(client, seat, token, SEED_PLACEMENT[0])
    after = client.get(f"/taxis/{token}/live").get_json()["mark"]
    assert after != before
    claim(client, token, 1)  # a claim changes no game state, but every page shows who holds a seat
    assert client.get(f"/taxis/{token}/live").get_json()["mark"] != after
    assert token not in after and client.get("/taxis/nosuchtablexxxxxxxxxxx/live").status_code == 404


def test_every_entry_form_keeps_its_entry_offline(app, client):
    token = start_table(client)
    seat = claim(client, token, 0)
    pages = [client.get(f"/taxis/{token}"), client.get(seat), client.get(f"/taxis/{token}/score")]
    for page in pages:
        body = page.get_data(as_text=True)
        for form in re.findall(r"<form [^>]*>", body):
            if "/claim" in form or "/new-link" in form or 'class="host-form"' in form:
                continue  # seats, links and handing over hosting (the core's box): not an entry
            assert "data-offline-key=" in form, form
            assert "/taxis/s/" not in form.split("data-offline-key=")[1], form  # keys never carry a seat link
    keys = re.findall(r'data-offline-key="([^"]+)"', "".join(p.get_data(as_text=True) for p in pages))
    assert len(keys) == len(set(keys))


def test_the_retention_purge_deletes_an_abandoned_table(app, client):
    from datetime import UTC, datetime, timedelta

    from companion.web.core.tables import registry

    token = start_table(client)
    claim(client, token, 0)
    with app.app_context():
        done = registry.purge(30, at=datetime.now(UTC) + timedelta(days=31))
        assert (GAME, token) in done["purged"]
        assert registry.get(GAME, token) is None
    assert client.get(f"/taxis/{token}").status_code == 404


def test_a_player_renewing_their_own_link_is_shown_to_the_table(app, client):
    """A seat's own "new link": the seat stays on that phone, the old link dies, and the shared screen says so."""
    token = start_table(client)
    anna = app.test_client()
    seat = claim(anna, token, 0)
    renewed = anna.post(seat + "/new-link")
    assert renewed.status_code == 302 and renewed.headers["Location"] != seat
    assert anna.get(seat).status_code == 404 and anna.get(renewed.headers["Location"]).status_code == 200
    shared = text(app.test_client().get(f"/taxis/{token}"))
    assert "Anna gave their own page a new link; the old link no longer opens the seat." in shared
