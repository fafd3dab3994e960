"""Only the host runs the round referee; the host hands it over with the table seeing every step."""

from __future__ import annotations

import pytest
from eny_web_helpers import make_app, start_table
from test_eny_web_rounds import begin_data

from companion.games.explore_new_york.cards import example_deck


@pytest.fixture
def app(tmp_path):
    """A fresh app."""
    return make_app(tmp_path)


def _referee_posts(path: str) -> list[tuple[str, dict]]:
    """Every referee action a page offers, as a phone would post it."""
    cards = [example_deck()[0], example_deck()[5], example_deck()[9]]
    return [(path + "/rounds/begin", begin_data(cards, 1, 0)), (path + "/rounds/deal", {"discard": "1", "version": "0"}),
            (path + "/rounds/close", {"version": "0"}), (path + "/rounds/to-tiles", {"version": "0"}),
            (path + "/rounds/0/undo", {"version": "0"})]


def test_a_phone_with_the_table_link_runs_no_referee_action(app):
    """Another phone gets 403 with the way to become host, and the round does not move."""
    host = app.test_client()
    path = start_table(host)
    other = app.test_client()
    page = other.get(path + "/rounds").get_data(as_text=True)
    assert 'id="host-referees"' in page and 'id="begin-form"' not in page
    for url, data in _referee_posts(path):
        response = other.post(url, data=data)
        assert response.status_code == 403, url
        assert "host" in response.get_data(as_text=True)
    assert 'id="begin-form"' in host.get(path + "/rounds").get_data(as_text=True)
    assert host.post(path + "/rounds/begin", data=_referee_posts(path)[0][1]).status_code == 302
    assert "Round 1 of" in other.get(path + "/rounds").get_data(as_text=True)


def test_the_host_hands_the_referee_over_and_the_table_sees_it(app):
    """Offer (logged), another phone takes it (logged with its seat's name), the old host is refused then."""
    host = app.test_client()
    path = start_table(host)
    other = app.test_client()
    assert other.post(path + "/seats/1/claim").status_code == 302  # Lena's phone
    refused = other.post(path + "/host/take")
    assert refused.status_code == 409 and "has not offered" in refused.get_data(as_text=True)
    assert other.post(path + "/host/offer").status_code == 403
    assert host.post(path + "/host/offer").status_code == 302
    shared = app.test_client().get(path).get_data(as_text=True)
    assert "The host offered to hand over hosting" in shared and 'id="host-take"' in shared
    assert host.post(path + "/host/keep").status_code == 302
    assert "withdrew the offer" in app.test_client().get(path).get_data(as_text=True)
    assert other.post(path + "/host/take").status_code == 409
    host.post(path + "/host/offer")
    assert other.post(path + "/host/take").status_code == 302
    assert "Lena&#39;s phone took over as host" in app.test_client().get(path).get_data(as_text=True)
    assert host.post(path + "/host/take").status_code == 409  # nothing offered any more
    data = _referee_posts(path)[0][1]
    assert host.post(path + "/rounds/begin", data=data).status_code == 403
    assert other.post(path + "/rounds/begin", data=data).status_code == 302
    assert host.get(path + "/players/1").status_code == 403  # the old host no longer enters every tile


def test_host_steps_refuse_junk(app):
    """An unknown step is 404, a step on no table 404, never a 500."""
    client = app.test_client()
    path = start_table(client)
    assert client.post(path + "/host/steal").status_code == 404
    assert client.post("/explore-new-york/tables/nope/host/take").status_code == 404
    assert client.post(path + "/host/take", json={"x": 1}).status_code == 400
