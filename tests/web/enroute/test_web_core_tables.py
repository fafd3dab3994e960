"""The score table (`/tables`) on the core's table parts: live pages, duplicate names, the provisional sheet in
HTML and JSON, the registry, the host."""

from __future__ import annotations

import html

from test_web_sheets import save, sheet
from web_helpers import table_form_data

from companion.web.core.tables import registry


def _mark(client, path: str) -> str:
    response = client.get(path)
    assert response.status_code == 200 and response.headers["Cache-Control"] == "no-store"
    return response.get_json()["mark"]


def test_the_table_page_follows_a_save_on_another_phone(client, app, make_table):
    """Phone A's table page says "not entered yet"; Ben's phone saves; A's mark moves and its page shows it."""
    token = make_table()
    page = client.get(f"/tables/{token}").get_data(as_text=True)
    before = _mark(client, f"/tables/{token}/live")
    assert f'data-live-url="/tables/{token}/live"' in page and f'data-live-mark="{before}"' in page
    assert token not in before
    sheet_page = client.get(f"/tables/{token}/players/1").get_data(as_text=True)
    seat_mark = _mark(client, f"/tables/{token}/players/1/live")
    assert f'data-live-url="/tables/{token}/players/1/live"' in sheet_page and f'data-live-mark="{seat_mark}"' in sheet_page
    other_seat = _mark(client, f"/tables/{token}/players/0/live")
    score = client.get(f"/tables/{token}/score").get_data(as_text=True)
    assert f'data-live-mark="{before}"' in score
    phone_b = app.test_client()
    assert save(phone_b, token, 1, sheet(player="Bo", player_board=2), 0).status_code == 302
    after = _mark(client, f"/tables/{token}/live")
    assert after != before
    assert _mark(client, f"/tables/{token}/players/1/live") != seat_mark
    assert _mark(client, f"/tables/{token}/players/0/live") == other_seat  # Aki's sheet page need not reload
    assert f'data-live-mark="{after}"' in client.get(f"/tables/{token}").get_data(as_text=True)


def test_marks_of_unknown_tables_are_404(client):
    assert client.get("/tables/nope-nope-nope/live").status_code == 404
    assert client.get("/tables/nope-nope-nope/players/0/live").status_code == 404


def test_the_start_form_refuses_a_name_twice_whatever_its_case_and_spacing(client):
    """"Aki" and " A KI " are one player: refused on the repeated field, naming the first; entries kept."""
    response = client.post("/tables/new", data=table_form_data(**{"players-1-name": " A KI "}))
    assert response.status_code == 422
    page = html.unescape(response.get_data(as_text=True))
    assert "Aki is already a player." in page and 'value=" A KI "' in page


def test_the_provisional_sheet_waits_in_html_and_json(client, make_table, app):
    """Only entered sheets are ranked; the page and score.json say whom the sheet waits for; then it is final."""
    token = make_table()
    doc = client.get(f"/tables/{token}/score.json").get_json()
    assert doc["provisional"] and doc["waiting"] == ["Aki", "Bo"] and doc["players"] == []
    assert save(client, token, 0, sheet(), 0).status_code == 302
    page = html.unescape(client.get(f"/tables/{token}/score").get_data(as_text=True))
    assert "Provisional score sheet: still waiting for Bo." in page
    doc = client.get(f"/tables/{token}/score.json").get_json()
    assert doc["waiting"] == ["Bo"] and [p["name"] for p in doc["players"]] == ["Aki"]
    assert doc["players"][0]["rank"] == 1
    with app.app_context():
        assert registry.get("enroute", token)["finished"] is None
    assert save(client, token, 1, sheet(player="Bo", player_board=2), 0).status_code == 302
    doc = client.get(f"/tables/{token}/score.json").get_json()
    assert not doc["provisional"] and doc["waiting"] == [] and len(doc["players"]) == 2
    assert "Provisional" not in client.get(f"/tables/{token}/score").get_data(as_text=True)
    with app.app_context():
        assert registry.get("enroute", token)["finished"]  # every sheet in: the sheet is final


def test_the_creator_hosts_the_table_and_it_is_registered(client, make_table, app):
    token = make_table()
    with app.app_context():
        row = registry.get("enroute", token)
    assert row is not None and row["host"] and row["finished"] is None
