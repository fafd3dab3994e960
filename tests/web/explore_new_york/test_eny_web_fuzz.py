"""No input makes a page answer 500: random form fields, junk drafts and junk numbers on every route."""

from __future__ import annotations

import json

import pytest
from eny_web_helpers import make_app, start_table
from fuzz_scale import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

json_values = st.recursive(st.none() | st.booleans() | st.integers(-3, 9) | st.text(max_size=5),
                           lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=12), inner,
                                                                                        max_size=4),
                           max_leaves=15)
drafts = st.fixed_dictionaries({}, optional={"sections": json_values, "tourists": json_values, "cafes": json_values,
                                             "final_route": json_values, "player": json_values, "extra": json_values})
fields = st.dictionaries(st.sampled_from(["players-0-name", "players-1-name", "players-0-tile", "players-2-tile",
                                          "share_markers", "sheet", "version", "route_mode", "junk"]),
                         st.text(max_size=30), max_size=6)


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    """One app and one table for the whole module (hypothesis calls the test many times)."""
    app = make_app(tmp_path_factory.mktemp("fuzz"))
    client = app.test_client()
    return client, start_table(client)


@settings(max_examples=examples(80), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(drafts)
def test_junk_drafts(table, draft):
    """Any JSON object as a draft: the live check and a save answer, then every page still renders."""
    client, path = table
    assert client.post(path + "/players/0/check", json=draft).status_code == 200
    page = client.get(path + "/players/0")
    assert page.status_code == 200
    current = page.get_data(as_text=True).split('id="sheet-version" name="version" type="hidden" value="')[1]
    response = client.post(path + "/players/0", data={"sheet": json.dumps(draft), "version": current.split('"')[0]})
    assert response.status_code in (302, 409)
    for url in (path, path + "/players/0", path + "/score", path + "/game.json"):
        assert client.get(url).status_code == 200, url


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(fields, st.sampled_from(["/explore-new-york/tables/new", "/players/0", "/players/1", "/players/0/check",
                                 "/rounds/begin", "/rounds/close", "/rounds/0", "/rounds/1/undo", "/rounds/to-tiles",
                                 "/rounds/0/check"]))
def test_random_form_fields(table, data, where):
    """Random form posts to every form: refused or accepted, never a crash."""
    client, path = table
    url = where if where.startswith("/explore") else path + where
    assert client.post(url, data=data).status_code in (200, 302, 400, 409, 422)
    assert client.get(path + "/rounds").status_code == 200
