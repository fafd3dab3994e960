"""Starting a table, the shared screen (code, QR, link), claiming seats, seat links and their renewal."""

from __future__ import annotations

import re

import pytest
from taxis_web_helpers import claim, new_table_data, start_table, state, text, version


def test_new_table_page_lists_players_modules_board_and_two_player_fields(client):
    page = client.get("/taxis/new")
    assert page.status_code == 200
    body = page.get_data(as_text=True)
    for field in ("name_0", "colour_3", "audience", "offices", "board", "start_baiern"):
        assert f'name="{field}"' in body
    assert "No board: name each city as a carriage moves" in body


@pytest.mark.parametrize("n", [2, 3, 4])
def test_a_table_for_two_to_four_players(app, client, n):
    token = start_table(client, n, **({"start_baden": "Mailand", "start_wurttemberg_hohenzollern": "Como",
                                        "start_schweiz_tyrol": "Como", "start_baiern": "Trient",
                                        "start_bohmen_salzburg": "Udine"} if n == 2 else {}))
    doc = state(app, token)
    assert [s["player"] for s in doc["seats"]] == ["Anna", "Ben", "Scott", "Dave"][:n]
    stacks = {2: [4, 4, 3, 2], 3: [6, 6, 5, 3], 4: [8, 8, 6, 4]}[n]
    assert list(doc["offices"]["stacks"].values()) == stacks
    starts = doc["audience"]["carriages"]
    if n == 2:
        assert starts == {"baden": "Mailand", "wurttemberg-hohenzollern": "Como", "schweiz-tyrol": "Como",
                          "baiern": "Trient", "bohmen-salzburg": "Udine"}
    else:
        assert starts["baden"] == "Lorrach" and starts["baiern"] == "Freising"


def test_names_may_skip_rows_and_modules_may_be_one(app, client):
    token = start_table(client, 4, name_1="", audience=None)
    doc = state(app, token)
    assert [s["player"] for s in doc["seats"]] == ["Anna", "Scott", "Dave"]
    assert doc["modules"] == ["offices"] and doc["audience"] is None


@pytest.mark.parametrize("overrides, message", [
    ({"name_1": "", "name_2": "", "name_3": ""}, "two to four players"),
    ({"colour_1": "blue"}, "Two players cannot both play blue"),
    ({"name_1": "Anna"}, "“Anna” is the same name as player 1’s"),
    ({"name_2": " aNNa "}, "“aNNa” is the same name as player 1’s, “Anna”"),
    ({"audience": None, "offices": None}, "Play at least one of the two modules"),
    ({"board": "no-such-board"}, "Choose one of the listed boards"),
    ({"colour_2": "purple"}, "Choose one of the four colours"),
])
def test_setup_refusals_name_the_field(client, overrides, message):
    response = client.post("/taxis/new", data=new_table_data(4, **overrides))
    assert response.status_code == 422
    assert message in text(response)
    assert 'value="Anna"' in response.get_data(as_text=True)  # what was typed stays


def test_two_players_need_the_placement_without_a_board(client):
    response = client.post("/taxis/new", data=new_table_data(2))
    assert response.status_code == 422
    assert "say which carriage stands where" in text(response)


def test_two_player_placement_is_checked_field_by_field(client):
    response = client.post("/taxis/new", data=new_table_data(2, start_baden="Mailand", start_baiern="Trient"))
    assert response.status_code == 422
    page = text(response)
    assert "needs the Württemberg-Hohenzollern carriage's city" in page
    wrong = new_table_data(2, start_baden="Mailand", start_wurttemberg_hohenzollern="Mailand",
                           start_schweiz_tyrol="Como", start_baiern="Trient", start_bohmen_salzburg="Udine")
    response = client.post("/taxis/new", data=wrong)
    assert response.status_code == 422
    assert "two in Como" in text(response)


def test_the_placement_is_ignored_with_three_players(app, client):
    token = start_table(client, 3, start_baden="Mailand")
    assert state(app, token)["audience"]["carriages"]["baden"] == "Lorrach"


def test_table_page_shows_code_qr_and_link_but_no_seat_link(app, client):
    token = start_table(client)
    page = client.get(f"/taxis/{token}")
    assert page.status_code == 200
    body = page.get_data(as_text=True)
    assert re.search(r'class="table-code">[^<]*<strong>[A-Z0-9]{4}-[A-Z0-9]{4}</strong>', body)
    assert f'src="/taxis/{token}/qr.png"' in body
    assert f"/taxis/{token}</a>" in body
    assert "/taxis/s/" not in body
    assert body.count("This is me:") == 4
    qr = client.get(f"/taxis/{token}/qr.png")
    assert qr.status_code == 200 and qr.data.startswith(b"\x89PNG")


def test_the_code_leads_to_the_table_and_it_is_remembered_as_recent(client):
    token = start_table(client)
    body = client.get(f"/taxis/{token}").get_data(as_text=True)
    code = re.search(r"<strong>([A-Z0-9]{4}-[A-Z0-9]{4})</strong>", body).group(1)
    joined = client.get(f"/join?code={code.lower()}")
    assert joined.status_code == 302 and joined.headers["Location"] == f"/taxis/{token}"
    assert code in client.get("/").get_data(as_text=True)


def test_version_endpoint_counts_changes(client):  # claims move the live mark, not the game's version
    token = start_table(client)
    assert version(client, token) == "0"
    seat = claim(client, token, 0)
    assert version(client, token) == "0"  # claiming a seat changes no game state
    data = {"carriage_baden": "cardinal", "carriage_wurttemberg-hohenzollern": "bishop", "carriage_baiern": "priest",
            "carriage_bohmen-salzburg": "pastor", "carriage_schweiz-tyrol": "fifth", "version": "0"}
    assert client.post(seat + "/clergy", data=data).status_code == 302
    assert version(client, token) == "1"


def test_claim_once_then_the_seat_is_taken(client):
    token = start_table(client)
    seat = claim(client, token, 1)
    assert client.get(seat).status_code == 200
    other = client.application.test_client()
    again = other.post(f"/taxis/{token}/seats/1/claim")
    assert again.status_code == 302 and again.headers["Location"] == f"/taxis/{token}"
    page = other.get(f"/taxis/{token}")
    assert "Ben's seat is taken already" in text(page)
    assert "/taxis/s/" not in page.get_data(as_text=True)


def test_opening_the_table_link_claims_nothing(client):
    token = start_table(client)
    client.get(f"/taxis/{token}")
    assert client.get(f"/taxis/{token}").get_data(as_text=True).count("This is me:") == 4


def test_only_the_host_gives_a_new_link_and_the_old_one_stops(app, client):
    token = start_table(client)
    seat = claim(client, token, 2)
    guest = app.test_client()
    assert guest.post(f"/taxis/{token}/seats/2/new-link").status_code == 403
    answer = client.post(f"/taxis/{token}/seats/2/new-link")
    assert answer.status_code == 302
    page = text(client.get(f"/taxis/{token}"))
    assert "Scott has a new link" in page
    assert "The host made a new link for Scott; the old link no longer opens the seat." in page  # the table's log
    assert client.get(seat).status_code == 404
    fresh = claim(guest, token, 2)  # Scott claims the seat again on his new phone
    assert fresh != seat and guest.get(fresh).status_code == 200


def test_a_player_renews_their_own_link(client):
    token = start_table(client)
    seat = claim(client, token, 0)
    answer = client.post(seat + "/new-link")
    assert answer.status_code == 302
    fresh = answer.headers["Location"]
    assert fresh != seat
    assert "new link; the old one no longer works" in text(client.get(fresh))
    assert client.get(seat).status_code == 404


@pytest.mark.parametrize("path", [
    "/taxis/nosuchtablexxxxxxxxxxx", "/taxis/short", "/taxis/" + "x" * 300, "/taxis/nosuchtablexxxxxxxxxxx/qr.png",
    "/taxis/nosuchtablexxxxxxxxxxx/version", "/taxis/nosuchtablexxxxxxxxxxx/score",
    "/taxis/nosuchtablexxxxxxxxxxx/route", "/taxis/s/nosuchseatxxxxxxxxxxxx", "/taxis/api/tables/nosuchtablexxxxx",
    "/taxis/api/seats/nosuchseatxxxxxxxxx", "/taxis/boards/nosuchboard", "/taxis/boards/nosuchboard.json",
])
def test_unknown_ids_are_404(client, path):
    response = client.get(path)
    assert response.status_code == 404


@pytest.mark.parametrize("seat", ["4", "9", "99999999999999999999"])
def test_claiming_a_seat_that_is_not_there_is_404(client, seat):
    token = start_table(client)
    assert client.post(f"/taxis/{token}/seats/{seat}/claim").status_code == 404
    assert client.post(f"/taxis/{token}/seats/{seat}/new-link").status_code == 404


def test_home_page_has_the_game_card(client):
    body = client.get("/").get_data(as_text=True)
    assert "Thurn und Taxis: All Roads Lead to Rome" in body
    assert "/taxis/new" in body and "/taxis/boards" in body


@pytest.mark.parametrize("modules", [{"offices": None}, {"audience": None}, {}])
def test_every_page_renders_for_each_module_choice(client, modules):
    token = start_table(client, 3, **modules)
    seat = claim(client, token, 1)
    for path in (f"/taxis/{token}", f"/taxis/{token}/score", seat, f"/taxis/api/tables/{token}",
                 seat.replace("/taxis/s/", "/taxis/api/seats/"), "/taxis/boards", "/taxis/new", "/about"):
        response = client.get(path)
        assert response.status_code == 200, path
    page = text(client.get(f"/taxis/{token}"))
    assert ("Offices of honor" in page) == ("offices" not in modules)
    assert ("Rome's audience" in page) == ("audience" not in modules)
