"""A player's entry page: the map, saving with versions (a stale save is a 409 that keeps the entry), junk
input refused field by field, the engine's problems listed and marked, and the live check endpoint."""

from __future__ import annotations

import html
import json
import re

import pytest
from ttr_web_helpers import claim, entry_data, save, start_table

from companion.web.ticket_to_ride_europe import store


@pytest.fixture
def table(app):
    """A two-player base table with both seats claimed by this test's phone: (client, table id, tokens)."""
    client = app.test_client()
    table_id = start_table(client)
    return client, table_id, [claim(client, table_id, 0), claim(client, table_id, 1)]


def _data(page: str) -> dict:
    """The JSON the entry page hands to its script."""
    return json.loads(re.search(r'<script type="application/json" id="ttr-data">(.*?)</script>', page, re.S).group(1))


def test_entry_page_has_the_map_the_lists_and_the_script_data(table):
    client, _table_id, (aki, _ben) = table
    response = client.get(f"/ttr-europe/s/{aki}")
    page = html.unescape(response.get_data(as_text=True))
    assert response.status_code == 200
    assert page.count('class="hit" data-route=') == 101 and page.count('class="hit" data-city=') == 47
    assert page.count('name="route"') == 101 and page.count('name="ticket"') == 46  # base deck
    assert "Aki's entry" in page and "<script>" not in page  # no inline script (CSP)
    data = _data(page)
    assert data["check"] == f"/ttr-europe/s/{aki}/check" and data["version"] == 0 and data["me"] == "red"
    assert data["routesAt"]["Wien"][0][0] == "" and len(data["routesAt"]["Wien"]) == 1 + 6
    # Double routes are drawn side by side: both halves of Paris–Frankfurt exist as separate targets.
    assert 'id="b-28"' in page and 'id="b-58"' in page


@pytest.mark.parametrize("variant, count", [("1912", 55), ("mega", 101)])
def test_ticket_list_is_the_variants_deck(app, variant, count):
    client = app.test_client()
    table_id = start_table(client, variant=variant)
    page = client.get(f"/ttr-europe/s/{claim(client, table_id, 0)}").get_data(as_text=True)
    assert page.count('name="ticket"') == count


def test_save_stores_the_entry_and_bumps_the_version(table, app):
    client, table_id, (aki, _ben) = table
    response = save(client, aki, 0, routes=[28, 19], stations=[("Frankfurt", "")], tickets=[("Paris", "Wien")],
                    score_track=8)
    assert response.status_code == 302 and response.headers["Location"].endswith("#problems")
    with app.app_context():
        seat = store.get_seats(table_id)[0]
    assert seat["version"] == 1
    assert seat["entry"] == {"routes": [28, 19], "stations": [{"city": "Frankfurt"}],
                             "tickets": [{"from": "Paris", "to": "Wien"}], "score_track": 8}
    page = client.get(f"/ttr-europe/s/{aki}").get_data(as_text=True)
    assert "Saved." in page and 'id="route-28" checked' in page and 'value="Paris|Wien" checked' in page
    assert '<option value="Frankfurt" selected>' in page
    assert 'value="8"' in page and "No problems found." in page
    # Counts run from the engine: Frankfurt–Paris (3 → 4 points) + Berlin–Wien (3 → 4 points).
    assert re.search(r'id="sum-trains">39<', page) and re.search(r'id="sum-points">8<', page)
    assert "not done −8" in page  # no other player's route to borrow yet


def test_stale_save_is_refused_and_keeps_the_entry(app):
    phone_a, phone_b = app.test_client(), app.test_client()
    table_id = start_table(phone_a)
    token = claim(phone_a, table_id, 0)
    assert save(phone_a, token, 0, routes=[1]).status_code == 302
    stale = save(phone_b, token, 0, routes=[17, 25], tickets=[("Brest", "Marseille")])
    page = stale.get_data(as_text=True)
    assert stale.status_code == 409
    assert "Someone else saved this entry meanwhile (version 1)" in page
    assert "Their save has 1 routes, 0 stations and 0 tickets." in page
    assert 'id="route-17" checked' in page and 'id="route-25" checked' in page and 'id="route-1" checked' not in page
    assert 'value="Brest|Marseille" checked' in page
    assert 'name="version" type="hidden" value="1"' in page  # saving again replaces theirs, deliberately
    with app.app_context():
        assert store.get_seats(table_id)[0]["entry"]["routes"] == [1]
    assert save(phone_b, token, 1, routes=[17, 25]).status_code == 302
    with app.app_context():
        assert store.get_seats(table_id)[0]["entry"]["routes"] == [17, 25]


@pytest.mark.parametrize("version", ["", "abc", "-1", "99999999999999999999", "7"])
def test_a_save_with_a_bad_or_wrong_version_is_a_conflict(table, version):
    client, _table_id, (aki, _ben) = table
    response = client.post(f"/ttr-europe/s/{aki}", data={**entry_data(0, routes=[3]), "version": version})
    assert response.status_code == 409


@pytest.mark.parametrize("field, value, message", [
    ("route", ["12", "abc"], "A route is chosen by its number on the map; 'abc' is not one."),
    ("route", ["1" * 30], "is not one"),
    ("score_track", "12x", "The score track is a whole number from 0 up; '12x' is not one."),
    ("score_track", "-3", "'-3' is not one"),
    ("ticket", ["Paris-Wien"], "Choose tickets from the list; 'Paris-Wien' is not one."),
    ("station-0-borrows", "x1", "A borrowed route is a route number; 'x1' is not one."),
    ("route", [str(i) for i in range(300)], "Too many routes were sent (300)"),
])
def test_junk_is_refused_naming_the_field_and_the_rest_is_kept(table, app, field, value, message):
    client, table_id, (aki, _ben) = table
    data = entry_data(0, routes=[12], stations=[("Wien", "")], tickets=[("Paris", "Wien")], score_track=4)
    data[field] = value
    response = client.post(f"/ttr-europe/s/{aki}", data=data)
    page = html.unescape(response.get_data(as_text=True))
    assert response.status_code == 422
    assert "Please fix the marked fields." in page and message in page
    assert '<option value="Wien" selected>' in page
    if field != "route":
        assert 'id="route-12" checked' in page
    if field == "score_track":
        assert f'value="{value}"' in page  # what was typed stays in the field
    with app.app_context():
        assert store.get_seats(table_id)[0]["version"] == 0


def test_rule_problems_are_saved_listed_and_marked(table):
    client, _table_id, (aki, ben) = table
    save(client, ben, 0, routes=[28], stations=["Wien"])
    response = save(client, aki, 0, routes=[28, 999], stations=["Wien"], tickets=[("Paris", "Wien")])
    assert response.status_code == 302  # an entry with rule problems is saved: the table sees them
    page = client.get(f"/ttr-europe/s/{aki}").get_data(as_text=True)
    assert "Route 28 (Frankfurt–Paris) is also claimed by Ben; each route has one owner." in page
    assert "Route 999 does not exist; route ids are 1 to 101." in page
    assert "Ben also has a station in Wien; a city holds one station." in page
    assert 'data-target="r-28"' in page and 'data-target="station-0"' in page
    assert re.search(r'<g class="rt k-orange mine flagged" id="r-28"', page)
    assert re.search(r'class="city station mine flagged" id="c-\d+" data-city="Wien"', page)
    assert 'class="ttr-station flagged" id="station-0"' in page
    # Ben's saved route is shown as taken in Ben's colour; the script knows whose it is.
    data = _data(page)
    assert data["taken"]["28"] == {"name": "Ben", "colour": "blue"} and data["stationsTaken"]["Wien"]["name"] == "Ben"


def test_problems_show_in_the_phones_language(table):
    client, _table_id, (aki, _ben) = table
    save(client, aki, 0, routes=[999])
    page = client.get(f"/ttr-europe/s/{aki}?lang=ja").get_data(as_text=True)
    assert "路線999はありません。路線番号は1から101までです。" in page


def test_check_endpoint_reads_the_form_and_answers_the_engines_view(table):
    client, _table_id, (aki, ben) = table
    save(client, ben, 0, routes=[2])  # Berlin–Frankfurt
    answer = client.post(f"/ttr-europe/s/{aki}/check",
                         data=entry_data(0, routes=[28, 19], stations=[("Frankfurt", "")],
                                         tickets=[("Paris", "Wien"), ("Brest", "Marseille")])).get_json()
    assert answer["problems"] == [] and answer["version"] == 0
    assert answer["summary"] == {"trains": 6, "trains_left": 39, "route_points": 8, "stations": 1,
                                 "longest_path": 3, "scored": True}
    # The station in Frankfurt borrows Ben's Berlin–Frankfurt: Paris–Wien is done; Brest–Marseille is not.
    states = sorted(answer["tickets"].values(), key=lambda s: s["text"])
    assert states == [{"text": "done +8", "completed": True}, {"text": "not done −7", "completed": False}]
    assert answer["taken"] == {"2": {"name": "Ben", "colour": "blue"}}


def test_check_endpoint_marks_problems_with_their_targets(table):
    client, _table_id, (aki, ben) = table
    save(client, ben, 0, routes=[17])
    answer = client.post(f"/ttr-europe/s/{aki}/check", data=entry_data(0, routes=[3, 62, 17])).get_json()
    found = {(p["code"], tuple(p["targets"])) for p in answer["problems"]}
    assert ("route-claimed-twice", ("r-17",)) in found
    assert ("double-route-both", ("r-62",)) in found
    assert answer["summary"]["scored"] is False and answer["summary"]["longest_path"] is None


def test_check_endpoint_takes_json_and_refuses_junk(table):
    client, _table_id, (aki, _ben) = table
    url = f"/ttr-europe/s/{aki}/check"
    ok = client.post(url, json={"entry": {"routes": [100], "stations": [{"city": "Zürich"}], "score_track": 3}})
    body = ok.get_json()
    assert ok.status_code == 200
    assert [(p["code"], p["severity"], p["targets"]) for p in body["problems"]] == [
        ("score-track-mismatch", "warning", ["score_track"])]
    assert body["summary"]["trains"] == 8 and body["summary"]["route_points"] == 21
    misspelt = client.post(url, json={"entry": {"stations": [{"city": "Zurich"}]}}).get_json()
    assert [p["text"] for p in misspelt["problems"]] == ["There is no city 'Zurich' on the map; did you mean Zürich?"]
    shaped = client.post(url, json={"entry": {"routes": "all", "colour": 5, "junk": True}}).get_json()
    assert {(p["code"], p["path"]) for p in shaped["problems"]} >= {("not-a-list", "players[0].routes"),
                                                                     ("unknown-key", "players[0].junk")}
    for body in ({"entry": [1, 2]}, {"nothing": 1}, {"entry": "x"}):
        assert client.post(url, json=body).status_code == 400
    assert client.post(url, data="[1, 2]", content_type="application/json").status_code == 400
    assert client.post(url, data="{not json", content_type="application/json").status_code == 400
    assert client.post(url, data="[" * 5000, content_type="application/json").status_code == 400


def test_big_cities_tickets_are_chosen_from_its_deck(app):
    """Issue 29: Big Cities has its 45-card deck; a ticket is chosen from it and scored with the card's points."""
    client = app.test_client()
    table_id = start_table(client, variant="big-cities")
    token = claim(client, table_id, 0)
    page = client.get(f"/ttr-europe/s/{token}").get_data(as_text=True)
    assert page.count('name="ticket"') == 45 and 'name="tfrom-0"' not in page
    assert 'value="Brest|Petrograd"' not in page  # no long tickets in Big Cities
    data = entry_data(0, routes=[28], tickets=[("Paris", "Wien"), ("Roma", "Berlin")])
    assert client.post(f"/ttr-europe/s/{token}", data=data).status_code == 302
    with app.app_context():
        assert store.get_seats(table_id)[0]["entry"]["tickets"] == [
            {"from": "Paris", "to": "Wien"}, {"from": "Roma", "to": "Berlin"}]
    check = client.post(f"/ttr-europe/s/{token}/check", json={"entry": {"routes": [28], "tickets": [
        {"from": "Roma", "to": "Berlin"}, {"from": "Brest", "to": "Petrograd", "points": 20}]}}).get_json()
    assert "Brest–Petrograd is a long ticket" in json.dumps(check, ensure_ascii=False)


def test_opening_a_seat_link_holds_the_seat_on_this_phone(app):
    phone_a, phone_b = app.test_client(), app.test_client()
    table_id = start_table(phone_a)
    token = claim(phone_a, table_id, 0)
    phone_b.get(f"/ttr-europe/s/{token}")  # the link passed to another phone by hand
    assert f"/ttr-europe/s/{token}" in phone_b.get(f"/ttr-europe/t/{table_id}").get_data(as_text=True)
