"""No 500 on any input: junk ids, huge numbers and random form fields on every Ticket to Ride: Europe route."""

from __future__ import annotations

import pytest
from fuzz_scale import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from ttr_web_helpers import claim, start_table

from companion.web.core.app import create_app

TEXT = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=30)
NUMBERISH = st.one_of(TEXT, st.integers(-10, 10 ** 25).map(str), st.sampled_from(["", "0", "-1", "1e9", "١٢"]))
FIELDS = st.sampled_from(["route", "ticket", "station-0-city", "station-0-borrows", "station-2-city", "score_track",
                          "version", "tfrom-0", "tto-0", "tpoints-0", "tpoints-39", "csrf_token", "take_over",
                          "variant", "players-0-name", "players-1-colour", "players-4-name", "junk"])
FORMS = st.lists(st.tuples(FIELDS, NUMBERISH), max_size=12)


@pytest.fixture(scope="module")
def world(tmp_path_factory):
    """One app with a table per variant and their seat tokens, shared by the fuzz runs."""
    folder = tmp_path_factory.mktemp("fuzz")
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "WTF_CSRF_ENABLED": False,
                      "DATABASE": str(folder / "f.sqlite"), "BOARD_LIBRARY": str(folder / "b")})
    client = app.test_client()
    tables = {}
    for variant in ("base", "big-cities"):
        table_id = start_table(client, ("Aki", "Ben", "Cho"), variant)
        tables[variant] = (table_id, [claim(client, table_id, s) for s in range(3)])
    return app, tables


def _posted(pairs) -> dict:
    """Form data with repeated keys kept as lists."""
    data: dict = {}
    for key, value in pairs:
        data.setdefault(key, []).append(value)
    return data


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                   HealthCheck.too_slow])
@given(pairs=FORMS, variant=st.sampled_from(["base", "big-cities"]), seat=st.integers(0, 2))
def test_random_entry_forms_never_crash(world, pairs, variant, seat):
    app, tables = world
    client = app.test_client()
    _table_id, tokens = tables[variant]
    data = _posted(pairs)
    saved = client.post(f"/ttr-europe/s/{tokens[seat]}", data=data)
    assert saved.status_code in (302, 400, 409, 422), saved.status_code
    checked = client.post(f"/ttr-europe/s/{tokens[seat]}/check", data=data)
    assert checked.status_code == 200 and "problems" in checked.get_json()


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                   HealthCheck.too_slow])
@given(pairs=FORMS)
def test_random_start_forms_never_crash(world, pairs):
    app, _tables = world
    response = app.test_client().post("/ttr-europe/new", data=_posted(pairs))
    assert response.status_code in (302, 422)


JSON = st.recursive(st.none() | st.booleans() | st.integers(-3, 10 ** 20) | st.floats(allow_nan=False) | TEXT,
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(TEXT, inner, max_size=4),
                    max_leaves=15)


@settings(max_examples=examples(80), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                   HealthCheck.too_slow])
@given(entry=st.one_of(JSON, st.fixed_dictionaries({}, optional={
    "routes": JSON | st.lists(st.integers(-5, 10 ** 12), max_size=6), "stations": JSON, "tickets": JSON,
    "score_track": JSON, "player": JSON, "colour": JSON})))
def test_random_json_checks_never_crash(world, entry):
    app, tables = world
    token = tables["base"][1][0]
    response = app.test_client().post(f"/ttr-europe/s/{token}/check", json={"entry": entry})
    assert response.status_code in (200, 400)


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                   HealthCheck.too_slow])
@given(junk=st.one_of(TEXT, st.integers(-10, 10 ** 30).map(str)).filter(lambda s: s.strip() and "/" not in s and
                                                                         "?" not in s and "#" not in s and "%" not in s
                                                                         and s not in (".", "..")),
       page=st.sampled_from(["", "/qr.png", "/score", "/game.json", "/score.json", "/scorepad.pdf", "/tally.pdf",
                             "/seats/0/claim", "/seats/99999999999999999999/claim"]))
def test_junk_ids_are_404_never_500(world, junk, page):
    app, tables = world
    client = app.test_client()
    table_id = tables["base"][0]
    for url in (f"/ttr-europe/t/{junk}{page}", f"/ttr-europe/s/{junk}", f"/ttr-europe/s/{junk}/check"):
        method = client.post if url.endswith(("claim", "check")) else client.get
        assert method(url).status_code in (400, 404, 405)
    assert client.post(f"/ttr-europe/t/{table_id}/seats/{junk}/claim").status_code in (302, 404)
