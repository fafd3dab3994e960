"""New York through the web pages (issue 16): a table on the example board, its sheet map with the half views,
New York's features drawn, a known-answer sheet saved and scored (the statue, stars, cafe PP, tickets)."""

from __future__ import annotations

import json
import re

import pytest
from test_web_cities import city_table, game, save, text
from web_helpers import table_form_data

from companion.web.core.app import create_app
from companion.web.enroute.tables import store as db
from companion.web.enroute.tables.forms import load_catalogue

BOARD = "new-york-example"


@pytest.fixture
def client(tmp_path):
    """A test client of a fresh app."""
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "WTF_CSRF_ENABLED": False,
                      "DATABASE": str(tmp_path / "t.sqlite"), "BOARD_LIBRARY": str(tmp_path / "boards")})
    return app.test_client()


def test_the_sheet_map_has_half_views_and_new_york_features(client):
    """The sheet's SVG carries both halves' views and draws stars, docks and Times Square; the legend names them."""
    token = city_table(client, BOARD, level="intermediate")
    page = text(client.get(f"/tables/{token}/players/0"))
    svg = page.split('id="map-wrap"')[1].split("</svg>")[0]
    assert "data-halves=" in svg and svg.count(";") >= 2 and "Right half" in svg
    assert svg.count('class="ft-star"') == 3 and svg.count('class="ft-dock"') == 2
    assert svg.count("ny-point-lm k-purple") == 1 and svg.count("ny-point-lm k-grey") == 2
    assert "ny-halves.js" in page
    assert "Hotspot: a double road" in page and "Star: a bridge view" in page
    assert "Park Meadow is on your route only when the route runs along one of its own sides." in page
    assert "Times Square stands on an intersection" in page and "two tickets never double it" in page


def test_a_new_york_sheet_saves_and_scores(client):
    """Ferry's known-answer sheet (ticket, dock on the route, a star) scores its rows on the table's score page."""
    doc, expected = game("new-york-statue-cafes-zones")
    token = city_table(client, BOARD, names=("Ferry",), level="intermediate", rating_3="2", rating_4="1")
    sheet = dict(doc["players"][0])
    response = save(client, token, 0, sheet)
    assert response.status_code in (200, 302), text(response)[:2000]
    score = re.sub(r"\s+", " ", re.sub("<[^>]+>", " ", text(client.get(f"/tables/{token}/score"))))
    want = next(p for p in expected["players"] if p["player"] == "Ferry")
    assert f"6 Grey landmarks {want['rows']['grey']} " in score and f"8 Bridge stars {want['rows']['stars']} " in score
    assert "10 Cafe card PP 0 " in score and f"Total {want['total']} " in score
    assert json.dumps(sheet["tickets"]) == '["whitehall"]'


def test_tickets_and_cafe_card_bonuses_are_entered_beside_the_map(client):
    """The sheet page asks the dock tickets and each circled card cafe's bonus; the saved sheet keeps them, a
    junk value is ignored, and a post of the JSON alone keeps what its JSON says."""
    from companion.web.enroute.tables.store import get_player

    doc, _expected = game("new-york-statue-cafes-zones")
    token = city_table(client, BOARD, names=("Ferry",), level="intermediate")
    sheet = {k: v for k, v in doc["players"][0].items() if k != "tickets"}
    sheet["cafes"] = [{k: v for k, v in c.items() if k != "bonus"} for c in sheet.get("cafes", [])]
    page = text(client.get(f"/tables/{token}/players/0"))
    assert 'name="ticket" value="whitehall"' in page and 'name="cafe_bonus_0_3"' in page
    circled = sheet["cafes"][0]["at"] if sheet["cafes"] else None
    assert circled is not None
    field = f"cafe_bonus_{circled[0]}_{circled[1]}"
    response = client.post(f"/tables/{token}/players/0", data={
        "sheet": json.dumps(sheet), "version": "0", "route_mode": "own", "player_board": str(sheet["player_board"]),
        "save": "1", "marks": "1", "ticket": ["whitehall", "no-such-dock"], field: "pp", "cafe_bonus_0_0": "gold"})
    assert response.status_code == 302, text(response)[:2000]
    with client.application.app_context():
        saved = get_player(token, 0)["sheet"]
    assert saved["tickets"] == ["whitehall"]
    assert next(c for c in saved["cafes"] if c["at"] == circled)["bonus"] == "pp"
    page = text(client.get(f"/tables/{token}/players/0"))
    assert 'value="whitehall" checked' in page and '<option value="pp" selected>' in page
    again = dict(saved, tickets=["corlears-hook"])
    response = save(client, token, 0, again, version=1)  # the JSON alone, without the page's fields
    with client.application.app_context():
        assert get_player(token, 0)["sheet"]["tickets"] == ["corlears-hook"]


def test_the_start_form_offers_new_yorks_own_goal_cards_and_a_zone(client):
    page = text(client.get(f"/tables/new?board={BOARD}"))
    assert "Theatre Season" in page and "Central Station" in page  # New York's decks replace the catalogue's
    assert not any(card["name"] in page for card in load_catalogue())
    assert 'name="goals-1-zone"' in page and "Grand Central" in page
    training = text(client.get("/tables/new?board=training-city"))
    assert 'name="goals-1-zone"' not in training and "zone_end" not in training  # no zones to name there


def test_a_described_zone_card_is_stored_with_its_zone(client):
    described = {"goals-1-choice": "describe", "goals-1-name": "Shows", "goals-1-metric": "zone_sections",
                 "goals-1-sign": "+", "goals-1-threshold": "3", "goals-1-winner_pp": "8", "goals-1-achiever_pp": "4"}
    missing = client.post("/tables/new", data=city_form(described))
    assert missing.status_code == 422
    page = text(missing)
    assert "Choose the zone this card counts." in page and 'value="Shows"' in page  # asked for; the card stays
    token = city_table(client, BOARD, names=("Ferry", "Grace"), **described, **{"goals-1-zone": "theatre-district",
                                                                                 "goals-2-choice": "cat-ny-c-station"})
    with client.application.app_context():
        goals = db.get_table(token)["goals"]
    assert goals[0] == {"deck": "B", "name": "Shows", "metric": "zone_sections", "sign": "+", "threshold": 3,
                        "winner_pp": 8, "achiever_pp": 4, "zone": "theatre-district"}
    assert goals[1]["name"] == "Central Station" and goals[1]["zone"] == "grand-central"


def city_form(extra: dict) -> dict:
    """The start form for a two-player New York table with these changes."""
    data = table_form_data(board=BOARD, **{"rating_0": None, "rating_1": None, "rating_2": None, **extra})
    for i, name in enumerate(("Ferry", "Grace")):
        data.update({f"players-{i}-name": name, f"players-{i}-player_board": str(i + 1)})
    return data
