"""CSRF on every change, junk input on every route (never a 500), the paper kit downloads, the migration."""

from __future__ import annotations

import io
import re
import string

import pdfplumber
import pytest
from fuzz_scale import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import inspect
from welcome_web_helpers import JSON, join, move, ok, start_table

from companion.web.core.app import create_app


@pytest.fixture
def csrf_app(tmp_path):
    """An app with CSRF protection on, as in production."""
    return create_app({"TESTING": True, "SECRET_KEY": "t", "DATABASE": str(tmp_path / "c.sqlite"),
                       "BOARD_LIBRARY": str(tmp_path / "b")})


def _token(page: str) -> str:
    """The CSRF token of a page's first form."""
    return re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page).group(1)


def test_csrf_is_required_on_every_change(csrf_app):
    """Without the page's token a start, join, move, undo or import is refused and nothing changes."""
    client = csrf_app.test_client()
    form = {"mode": "standard", "plans_source": "draw", "name": "Aki"}
    response = client.post("/welcome-to/new", data=form)
    assert response.status_code == 422 and "The form expired" in response.get_data(as_text=True)
    token = _token(client.get("/welcome-to/new").get_data(as_text=True))
    response = client.post("/welcome-to/new", data={**form, "csrf_token": token})
    assert response.status_code == 302
    table_id = response.headers["Location"].rsplit("/", 1)[1]
    table_page = client.get(f"/welcome-to/t/{table_id}").get_data(as_text=True)
    assert client.post(f"/welcome-to/t/{table_id}/join", data={"name": "Ben"}).status_code == 422
    seat = re.search(r'href="/welcome-to/s/([^"]+)"', table_page).group(1)
    page = client.get(f"/welcome-to/s/{seat}").get_data(as_text=True)
    csrf = re.search(r'id="pad".*?name="csrf_token" value="([^"]+)"', page, re.S).group(1)
    fields = {"version": "0", "kind": "number", "street": "1", "house": "1", "number": "3"}
    response = client.post(f"/welcome-to/s/{seat}/move", data=fields, headers=JSON)
    assert response.status_code == 400 and "page expired" in response.get_json()["messages"][0]
    assert client.post(f"/welcome-to/s/{seat}/undo", data={"version": "0"}, headers=JSON).status_code == 400
    assert client.post(f"/welcome-to/s/{seat}/import", data={"version": "0", "text": "{}"}).status_code == 400
    assert client.post("/welcome-to/import", data={"text": "{}"}).status_code == 400
    response = client.post(f"/welcome-to/s/{seat}/move", data={**fields, "csrf_token": csrf}, headers=JSON)
    assert response.status_code == 200 and response.get_json()["version"] == 1


def test_paper_kit_downloads(client):
    """The blank sheet and the score pad download as PDFs in the phone's language, or the one asked for."""
    response = client.get("/welcome-to/sheet.pdf")
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    with pdfplumber.open(io.BytesIO(response.data)) as pdf:
        assert "Street 1" in pdf.pages[0].extract_text()
    response = client.get("/welcome-to/sheet.pdf?lang=ja")
    with pdfplumber.open(io.BytesIO(response.data)) as pdf:
        assert "通り1" in pdf.pages[0].extract_text()
    for query in ("", "?players=3", "?players=0", "?players=99999999999999", "?players=x", "?lang=xx"):
        response = client.get("/welcome-to/scorepad.pdf" + query)
        assert response.status_code == 200 and response.data[:5] == b"%PDF-"
    with pdfplumber.open(io.BytesIO(client.get("/welcome-to/scorepad.pdf?players=3&lang=en").data)) as pdf:
        text = pdf.pages[0].extract_text()
    assert "Player 3" in text and "Player 4" not in text


def test_migration_creates_the_tables(app):
    """The game's migration runs on start and creates its two tables."""
    from companion.web.core.db import engine

    with app.app_context():
        names = set(inspect(engine()).get_table_names())
    assert {"welcome_to_table", "welcome_to_seat"} <= names


JUNK = st.one_of(st.text(max_size=40), st.sampled_from(["-1", "0", "99999999999999999999", "1e9", "٣", " 7 ", "",
                                                        "null", "[]", "{}", "\x00", "b" * 300]))
FIELDS = ["version", "kind", "street", "house", "number", "size", "plan", "effect", "text", "name", "mode",
          "plans_source", "plan_1", "plan_2", "plan_3", "intermediate", "csrf_token", "extra"]


@pytest.fixture(scope="module")
def fuzz_app(tmp_path_factory):
    """One app, one table and one seat for the fuzz runs (hypothesis calls the test many times)."""
    folder = tmp_path_factory.mktemp("fuzz")
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "WTF_CSRF_ENABLED": False,
                      "DATABASE": str(folder / "f.sqlite"), "BOARD_LIBRARY": str(folder / "b")})
    client = app.test_client()
    table_id = start_table(client, intermediate="y", plan_1="19", plan_2="25", plan_3="13")
    token = join(client, table_id, "Fuzz")
    ok(move(client, token, kind="number", street=1, house=1, number=3))
    return app, table_id, token


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(route=st.sampled_from(["move", "undo", "import", "join", "new", "game-import"]),
       data=st.dictionaries(st.sampled_from(FIELDS), JUNK, max_size=8), as_json=st.booleans())
def test_junk_posts_never_crash(fuzz_app, route, data, as_json):
    """Random form fields on every POST are answered with a page or JSON, never a 500."""
    app, table_id, token = fuzz_app
    client = app.test_client()
    url = {"move": f"/welcome-to/s/{token}/move", "undo": f"/welcome-to/s/{token}/undo",
           "import": f"/welcome-to/s/{token}/import", "join": f"/welcome-to/t/{table_id}/join",
           "new": "/welcome-to/new", "game-import": "/welcome-to/import"}[route]
    response = client.post(url, data=data, headers=JSON if as_json else {})
    assert response.status_code in (200, 302, 400, 409, 422), (url, data, response.status_code)


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(junk=st.text(alphabet=string.ascii_letters + string.digits + "-_.~%", min_size=1, max_size=300),
       tail=st.sampled_from(["", "/score", "/qr.png", "/game.json", "/status", "/fragment", "/sheet.json"]),
       kind=st.sampled_from(["t", "s"]))
def test_junk_ids_are_404(fuzz_app, junk, tail, kind):
    """Made-up table and seat ids (any length) are a 404, never a 500."""
    app, _table, _token = fuzz_app
    response = app.test_client().get(f"/welcome-to/{kind}/{junk}{tail}")
    assert response.status_code in (404, 308), response.status_code


def test_json_bodies_are_answered(fuzz_app):
    """A JSON body instead of a form is refused cleanly."""
    app, _table, token = fuzz_app
    client = app.test_client()
    assert client.post(f"/welcome-to/s/{token}/move", json=[1, 2]).status_code == 400
    refused = client.post(f"/welcome-to/s/{token}/move", json={"kind": "number"})
    assert refused.status_code == 400 and "Send a form" in refused.get_data(as_text=True)
    assert client.post(f"/welcome-to/s/{token}/move", data="[" * 5000,
                       content_type="application/json").status_code == 400
