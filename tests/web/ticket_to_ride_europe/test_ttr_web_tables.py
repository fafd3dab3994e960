"""Starting a table, the table page (code, QR, link, statuses), claiming seats, CSRF, 404s and the home card."""

from __future__ import annotations

import html
import io
import json
import re

import pytest
from PIL import Image
from ttr_web_helpers import claim, save, start_table, table_data

from companion.web.core.app import create_app
from companion.web.core.tables import seats as core_seats
from companion.web.ticket_to_ride_europe import store


def test_home_page_shows_the_game_card_and_its_links(client):
    page = client.get("/").get_data(as_text=True)
    assert "Ticket to Ride: Europe" in page and 'href="/ttr-europe/new"' in page
    assert 'href="/ttr-europe/scorepad.pdf"' in page and 'href="/ttr-europe/tally.pdf"' in page
    assert page.index("En Route") < page.index("Ticket to Ride: Europe")  # order 10 before 20


def test_start_page_lists_variants_and_five_seats(client):
    page = client.get("/ttr-europe/new").get_data(as_text=True)
    for text in ("Europe (base game tickets)", "Europa 1912", "Mega Europe", "Big Cities"):
        assert text in page
    assert all(f'name="players-{k}-name"' in page for k in range(5))
    assert 'name="players-5-name"' not in page
    # different colours by default
    chosen = re.findall(r'<option selected value="(\w+)">', page)
    assert chosen[:1] == ["base"] and chosen[1:] == ["red", "blue", "green", "yellow", "black"]


def test_create_table_stores_variant_players_and_gives_a_code(client, app):
    table_id = start_table(client, ("Aki", "Ben", "Cho"), "mega")
    assert len(table_id) >= 20  # unguessable
    with app.app_context():
        assert store.get_table(table_id)["variant"] == "mega"
        seats = store.get_seats(table_id)
    assert [(s["name"], s["colour"], s["version"]) for s in seats] == [
        ("Aki", "red", 0), ("Ben", "blue", 0), ("Cho", "green", 0)]
    assert len({s["token"] for s in seats}) == 3
    page = client.get(f"/ttr-europe/t/{table_id}").get_data(as_text=True)
    code = re.search(r'class="table-code">[^<]*<strong>([A-Z0-9]{4}-[A-Z0-9]{4})</strong>', page).group(1)
    assert client.get(f"/join?code={code.lower()}").headers["Location"] == f"/ttr-europe/t/{table_id}"
    assert f"/ttr-europe/t/{table_id}/qr.png" in page and f"http://localhost/ttr-europe/t/{table_id}" in page
    assert page.count("not entered yet") == 3 and page.count("This is me") == 3
    assert "Mega Europe" in page
    for s in seats:  # the shared page never shows a seat's secret
        assert s["token"] not in page


def test_table_page_remembers_the_table_on_this_phone(client):
    table_id = start_table(client)
    response = client.get(f"/ttr-europe/t/{table_id}")
    cookie = response.headers.get("Set-Cookie", "")
    assert "recent_tables" in cookie
    assert "Ticket to Ride: Europe · Aki, Ben" in client.get("/").get_data(as_text=True)


def test_qr_code_is_a_png_of_the_table_link(client):
    table_id = start_table(client)
    response = client.get(f"/ttr-europe/t/{table_id}/qr.png")
    assert response.status_code == 200 and response.mimetype == "image/png"
    image = Image.open(io.BytesIO(response.data))
    assert image.width == image.height >= 200


@pytest.mark.parametrize("names, colours, message", [
    (("Aki",), None, "needs 2 to 5 players"),
    ((), None, "needs 2 to 5 players"),
    (("Aki", "aki"), None, "Player 1 is already called Aki; give each player a different name."),
    (("Ben", "Aki", " A KI "), None, "Player 2 is already called Aki; give each player a different name."),
    (("Aki", "Ben"), ("red", "red", "green", "yellow", "black"), "Another player already plays red"),
    (("Aki", "B" * 41), None, "at most 40 characters"),
])
def test_bad_tables_are_refused_keeping_what_was_typed(client, names, colours, message):
    data = table_data(names, colours=colours or ("red", "blue", "green", "yellow", "black"))
    response = client.post("/ttr-europe/new", data=data)
    page = response.get_data(as_text=True)
    assert response.status_code == 422
    assert "Please fix the marked fields." in page and message in page
    for name in names:
        assert f'value="{name}"' in page or f'value="{name.strip()}"' in page


@pytest.mark.parametrize("field, value", [("variant", "chess"), ("players-0-colour", "purple")])
def test_unknown_choices_are_refused(client, field, value):
    response = client.post("/ttr-europe/new", data=table_data(**{field: value}))
    assert response.status_code == 422


def test_this_is_me_gives_the_phone_its_seat_and_only_once(app):
    phone_a, phone_b = app.test_client(), app.test_client()
    table_id = start_table(phone_a)
    token = claim(phone_a, table_id, 0)
    with app.app_context():
        assert store.get_seats(table_id)[0]["token"] == token
    page = phone_a.get(f"/ttr-europe/t/{table_id}").get_data(as_text=True)
    assert "Open my entry" in page and f"/ttr-europe/s/{token}" in page
    # Another phone sees the seat as taken and cannot take it from the table link, in any way.
    other = phone_b.get(f"/ttr-europe/t/{table_id}").get_data(as_text=True)
    assert token not in other and "open on another phone" in other and "Move to this phone" not in other
    for data in ({}, {"take_over": "1"}):
        refused = phone_b.post(f"/ttr-europe/t/{table_id}/seats/0/claim", data=data)
        assert refused.status_code == 302 and refused.headers["Location"].endswith(f"/ttr-europe/t/{table_id}")
    page = html.unescape(phone_b.get(f"/ttr-europe/t/{table_id}").get_data(as_text=True))
    assert "Aki's seat is held by another phone" in page and token not in page
    for action in ("free", "new-link"):  # the host's buttons are the host's only
        refused = phone_b.post(f"/ttr-europe/t/{table_id}/seats/0/{action}")
        assert refused.status_code == 403 and "Only the host can do this" in html.unescape(refused.get_data(as_text=True))
    with app.app_context():
        assert store.get_seats(table_id)[0]["token"] == token


def test_a_held_seat_moves_by_its_own_link_and_the_table_sees_it(app):
    phone_a, phone_b, phone_c = app.test_client(), app.test_client(), app.test_client()
    table_id = start_table(phone_a)
    token = claim(phone_c, table_id, 1)
    assert phone_b.get(f"/ttr-europe/s/{token}").status_code == 200  # whoever has the link has the seat
    shared = html.unescape(phone_a.get(f"/ttr-europe/t/{table_id}").get_data(as_text=True))
    assert "Ben took their seat on a phone." in shared
    assert "Ben's seat moved to another phone with its own link." in shared
    assert f"/ttr-europe/s/{token}" in phone_b.get(f"/ttr-europe/t/{table_id}").get_data(as_text=True)
    assert f"/ttr-europe/s/{token}" not in phone_c.get(f"/ttr-europe/t/{table_id}").get_data(as_text=True)


def test_the_host_frees_a_seat_or_gives_it_a_new_link_before_the_whole_table(app):
    host, phone_b, phone_c = app.test_client(), app.test_client(), app.test_client()
    table_id = start_table(host)
    old = claim(phone_b, table_id, 1)
    assert save(phone_b, old, 0, routes=[3]).status_code == 302
    page = host.get(f"/ttr-europe/t/{table_id}").get_data(as_text=True)
    assert "Free for another phone" in page and "New link" in page
    host.post(f"/ttr-europe/t/{table_id}/seats/1/free")
    assert "The host freed Ben's seat" in html.unescape(phone_c.get(f"/ttr-europe/t/{table_id}").get_data(as_text=True))
    assert claim(phone_c, table_id, 1) == old  # freed: the next phone taps "This is me"
    host.post(f"/ttr-europe/t/{table_id}/seats/1/new-link")
    shared = html.unescape(phone_b.get(f"/ttr-europe/t/{table_id}").get_data(as_text=True))
    assert "The host made a new link for Ben; the old link no longer opens the seat." in shared
    assert phone_b.get(f"/ttr-europe/s/{old}").status_code == 404
    assert save(phone_b, old, 1, routes=[3, 62]).status_code == 404
    new = claim(phone_b, table_id, 1)
    assert new != old
    assert 'id="route-3" checked' in phone_b.get(f"/ttr-europe/s/{new}").get_data(as_text=True)  # the entry stays


def test_statuses_count_problems(app):
    client = app.test_client()
    table_id = start_table(client)
    aki, ben = claim(client, table_id, 0), claim(client, table_id, 1)
    save(client, aki, 0, routes=[3, 28])
    save(client, ben, 0, routes=[28])  # the same route: an error on both entries
    page = client.get(f"/ttr-europe/t/{table_id}").get_data(as_text=True)
    assert page.count("entered: 1 errors, 0 warnings") == 2
    save(client, ben, 1, routes=[17], score_track=5)  # Bruxelles–Dieppe (2 points): the track is off, a warning
    page = client.get(f"/ttr-europe/t/{table_id}").get_data(as_text=True)
    assert "entered: 2 routes, no problems" in page and "entered: 0 errors, 1 warnings" in page


@pytest.mark.parametrize("url", [
    "/ttr-europe/t/nope", "/ttr-europe/t/" + "x" * 300, "/ttr-europe/t/nope/qr.png", "/ttr-europe/t/nope/score",
    "/ttr-europe/t/nope/game.json", "/ttr-europe/t/nope/score.json", "/ttr-europe/t/nope/scorepad.pdf",
    "/ttr-europe/t/nope/tally.pdf", "/ttr-europe/s/nope", "/ttr-europe/s/" + "y" * 300, "/ttr-europe/t/x/other.pdf"])
def test_unknown_tables_and_seats_are_404(client, url):
    assert client.get(url).status_code == 404


def test_claiming_a_seat_that_does_not_exist_is_404(client):
    table_id = start_table(client)
    assert client.post(f"/ttr-europe/t/{table_id}/seats/2/claim").status_code == 404
    assert client.post(f"/ttr-europe/t/{table_id}/seats/99999999999999999999/claim").status_code == 404
    assert client.post("/ttr-europe/t/nope/seats/0/claim").status_code == 404
    assert client.post("/ttr-europe/s/nope/check", data={}).status_code == 404


def test_csrf_is_required_on_every_form(tmp_path):
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "DATABASE": str(tmp_path / "c.sqlite"),
                      "BOARD_LIBRARY": str(tmp_path / "b")})
    client = app.test_client()
    refused = client.post("/ttr-europe/new", data=table_data())
    assert refused.status_code == 422 and "The form expired" in refused.get_data(as_text=True)
    page = client.get("/ttr-europe/new").get_data(as_text=True)
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page).group(1)
    made = client.post("/ttr-europe/new", data={**table_data(), "csrf_token": token})
    assert made.status_code == 302
    table_id = made.headers["Location"].rsplit("/", 1)[1]
    assert client.post(f"/ttr-europe/t/{table_id}/seats/0/claim").status_code == 302
    with app.app_context():
        assert core_seats.holder("ttr-europe", table_id, 0) is None  # nothing happened without the token
        seat_token = store.get_seats(table_id)[0]["token"]
    kept = client.post(f"/ttr-europe/s/{seat_token}", data={"version": "0", "route": ["17"]})
    assert kept.status_code == 400 and 'id="route-17" checked' in kept.get_data(as_text=True)
    with app.app_context():
        assert store.get_seats(table_id)[0]["version"] == 0


def test_seats_of_this_phone_are_known_by_its_httponly_key_only(app):
    client = app.test_client()
    table_id = start_table(client)
    token = claim(client, table_id, 0)
    session = client.get_cookie("session")
    assert session is None or token not in session.value
    key = client.get_cookie("companion_device")
    assert key is not None and key.http_only and token not in key.value
    stranger = app.test_client()
    stranger.set_cookie("companion_device", "junk")
    assert token not in stranger.get(f"/ttr-europe/t/{table_id}").get_data(as_text=True)


def test_game_json_download(client):
    table_id = start_table(client, ("Aki", "Ben"), "1912")
    response = client.get(f"/ttr-europe/t/{table_id}/game.json")
    assert response.status_code == 200 and "attachment" in response.headers["Content-Disposition"]
    assert json.loads(response.data) == {
        "format": "ttr-europe-game/1", "variant": "1912",
        "players": [{"player": "Aki", "colour": "red", "routes": [], "stations": [], "tickets": []},
                    {"player": "Ben", "colour": "blue", "routes": [], "stations": [], "tickets": []}]}
