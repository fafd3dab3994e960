"""Junk never becomes a 500: random form fields, junk ids and versions, huge numbers; CSRF on every POST."""

from __future__ import annotations

import re

import pytest
from fuzz_scale import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from taxis_web_helpers import claim, new_table_data, seat_everyone, start_table, text

from companion.web.core.app import create_app

JUNK = st.one_of(st.text(max_size=30), st.sampled_from(["", "-1", "0", "3", "99999999999999999999", "1e9", "１",
                                                        "cardinal", "baden", "Rom", "postmaster", "{}", "[", "null"]))
FIELDS = st.sampled_from(["version", "office", "seat", "kinds", "rank", "points", "name", "stage", "draft", "do",
                          "step", "to", "city_0", "city_1", "city_2", "post_office", "confirm", "seq",
                          "carriage_baden", "carriage_baiern", "p0-houses", "p1-carriage", "p0-long-7", "roads",
                          "json_doc", "name_0", "name_1", "colour_0", "board", "audience", "start_baden", "stack", "count", "posts", "junk"])
FORMS = st.dictionaries(FIELDS, st.one_of(JUNK, st.lists(JUNK, max_size=3)), max_size=8)
SHARED = ["office", "end-turn", "end-game", "return", "tile-value", "undo", "route", "score", "seats/0/claim",
          "seats/1/new-link", "bonus", "build", "trigger-end"]
SEAT = ["clergy", "return", "new-link", "bonus"]


@pytest.fixture
def table(client):
    """A table whose clergy are placed (post offices, bonus tiles and the end tracked), and Ben's seat page."""
    token = start_table(client, posts="y")
    seats = seat_everyone(client, token)
    return token, seats[1]


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(path=st.sampled_from(SHARED + SEAT + ["new", "boards"]), form=FORMS)
def test_random_forms_never_crash(client, table, path, form):
    token, seat = table
    url = {"new": "/taxis/new", "boards": "/taxis/boards/new"}.get(path)
    if url is None:
        url = f"{seat}/{path}" if path in SEAT else f"/taxis/{token}/{path}"
    response = client.post(url, data=form)
    assert response.status_code < 500, (url, form, response.get_data(as_text=True)[:500])


@pytest.mark.parametrize("version", ["", "-1", "abc", "99999999999999999999", "2147483648", "1.0", " 3"])
def test_junk_versions_are_a_409_not_a_crash(client, version):
    token = start_table(client)
    response = client.post(f"/taxis/{token}/office", data={"version": version, "office": "postmaster"})
    assert response.status_code == 409
    assert "The table changed on another phone meanwhile" in text(response)


@pytest.mark.parametrize("path", ["/taxis/%s/seats/99999999999999999999/claim", "/taxis/%s/seats/-1/claim",
                                  "/taxis/%s/seats/x/new-link"])
def test_huge_or_odd_seat_numbers_are_404(client, path):
    token = start_table(client)
    assert client.post(path % token).status_code == 404


@pytest.mark.parametrize("path", ["/taxis/nosuchtablexxxxxxxxxxx/" + p for p in SHARED]
                         + ["/taxis/s/nosuchseatxxxxxxxxxxxx/" + p for p in SEAT])
def test_posts_to_unknown_tables_and_seats_are_404(client, path):
    assert client.post(path, data={"version": "0"}).status_code == 404


def test_json_bodies_that_are_not_objects_are_400(client):
    token = start_table(client)
    assert client.post(f"/taxis/{token}/office", json=[1, 2]).status_code == 400


def test_csrf_is_required_on_every_form(tmp_path):
    app = create_app({"TESTING": True, "SECRET_KEY": "csrf", "DATABASE": str(tmp_path / "c.sqlite"),
                      "BOARD_LIBRARY": str(tmp_path / "b")})
    client = app.test_client()
    page = client.get("/taxis/new").get_data(as_text=True)
    csrf = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page).group(1)
    refused = client.post("/taxis/new", data=new_table_data(4))
    assert refused.status_code == 400 and "The form expired or came from elsewhere" in text(refused)
    made = client.post("/taxis/new", data={**new_table_data(4), "csrf_token": csrf})
    assert made.status_code == 302
    token = made.headers["Location"].rsplit("/", 1)[1]
    for path in SHARED:
        response = client.post(f"/taxis/{token}/{path}", data={"version": "0", "office": "postmaster"})
        assert response.status_code in (302, 400), path
        if path.startswith("seats/"):  # claim and new-link redirect with the refusal flashed
            assert "The form expired" in text(client.get(response.headers["Location"]))
    assert client.get(f"/taxis/{token}/version").get_json()["version"] == 0  # nothing was changed
    assert "/taxis/s/" not in client.get(f"/taxis/{token}").get_data(as_text=True)
    assert client.post(f"/taxis/{token}/seats/0/claim", data={"csrf_token": csrf}).status_code == 302
    assert client.post("/taxis/boards/new", data={"roads": "A > B"}).status_code == 400


def test_claim_without_csrf_gives_no_seat(tmp_path):
    app = create_app({"TESTING": True, "SECRET_KEY": "csrf", "DATABASE": str(tmp_path / "c.sqlite"),
                      "BOARD_LIBRARY": str(tmp_path / "b")})
    client = app.test_client()
    page = client.get("/taxis/new").get_data(as_text=True)
    csrf = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page).group(1)
    token = client.post("/taxis/new", data={**new_table_data(2, start_baden="Mailand",
                                                             start_wurttemberg_hohenzollern="Como",
                                                             start_schweiz_tyrol="Como", start_baiern="Trient",
                                                             start_bohmen_salzburg="Udine"),
                                            "csrf_token": csrf}).headers["Location"].rsplit("/", 1)[1]
    response = client.post(f"/taxis/{token}/seats/0/claim")
    assert response.headers["Location"] == f"/taxis/{token}"
    assert "This is me: Anna" in client.get(f"/taxis/{token}").get_data(as_text=True)


def test_claim_helper_is_used(client):
    token = start_table(client)
    assert claim(client, token, 3).startswith("/taxis/s/")
