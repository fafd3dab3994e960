"""Paris at the table: the tap map draws shaped landmarks' sides and gives the colour tool; coloured sheets are
kept and scored (colour rows, diversity, doubled personal goal) like the engine's known-answer game."""

from __future__ import annotations

import json
import re
from pathlib import Path

from test_web_cities import city_table, save, text

from companion.games.enroute.registry import find_board
from companion.web.enroute.maps import svgfeatures
from companion.web.enroute.tables import store as db

GAMES = Path(__file__).resolve().parents[2] / "games" / "enroute" / "games"
RATINGS = {"rating_0": "1", "rating_1": "1", "rating_2": "1"}  # opera-celeste, dome-dor, tour-horizon at 1 box


def _game() -> tuple[dict, dict]:
    """The Paris known-answer game and its expected score."""
    return (json.loads((GAMES / "paris-colours-tours.json").read_text()),
            json.loads((GAMES / "paris-colours-tours.expect.json").read_text()))


def test_paris_sheet_has_the_colour_tool_its_pen_script_and_the_shaped_sides(client):
    token = city_table(client, "paris-example", **RATINGS)
    page = text(client.get(f"/tables/{token}/players/0"))
    assert 'data-tool="colour"' in page and "paris-colours.js" in page
    assert svgfeatures.tools(find_board("paris-example")) == ["ride", "colour"]
    svg = page.split('id="map-wrap"')[1].split("</svg>")[0]
    assert svg.count('class="ft-sides k-green"') == 1 and svg.count('class="ft-sides k-blue"') == 1
    assert svg.count('class="side"') == 8  # the garden's 5 sides, the triangle's 3
    assert "pc-red" in svg  # the section colours' style travels with the map
    assert "counts only with a section of its own colour" in page  # the rule note of the colour tool


def test_coloured_sheets_are_kept_and_scored(client, app):
    doc, expect = _game()
    tours = {f"tour_{colour}": tour for colour, tour in doc["tours"].items()}
    token = city_table(client, "paris-example", names=[p["player"] for p in doc["players"]][:4], **RATINGS,
                       **tours)
    for seat, sheet in enumerate(doc["players"][:4]):
        response = save(client, token, seat, sheet)
        assert response.status_code == 302, text(response)[:2000]
    stored = json.loads(client.get(f"/tables/{token}/players/2/sheet.json").get_data(as_text=True))
    assert stored["colours"] == doc["players"][2]["colours"]
    sheet_page = text(client.get(f"/tables/{token}/players/2"))
    assert re.search(r'<line id="s-2-3-2-4" class="[^"]*drawn[^"]*pc-blue', sheet_page)  # drawn in its colour
    page = text(client.get(f"/tables/{token}/score"))
    assert re.search(r'<line id="s-2-3-3-3" class="[^"]*pc-red', page)  # the score map keeps the colours
    row = re.search(r'<span class="rownum">8</span> Personal goal</th>(.*?)</tr>', page, re.S)
    assert re.findall(r"<td>(\d+)</td>", row.group(1))[0] == "20"
    row = re.search(r'<span class="rownum">7</span> Diversity</th>(.*?)</tr>', page, re.S)
    assert re.findall(r"<td>(\d+)</td>", row.group(1)) == ["0", "0", "7", "0"]
    # The table's bridges tour is complete on the Bridges player's route: its remote landmark is a third blue one.
    row = re.search(r'<span class="rownum">3</span> Blue landmarks</th>(.*?)</tr>', page, re.S)
    assert re.findall(r"<td>(\d+)</td>", row.group(1)) == ["0", "0", "9", "0"]
    totals = re.findall(r'<td data-seat="(\d+)">(\d+|–)</td>', page)
    assert [int(t) for _s, t in totals] == [p["total"] for p in expect["players"][:4]]
    with app.app_context():
        assert db.get_table(token)["ratings"] == {"opera-celeste": 1, "dome-dor": 1, "tour-horizon": 1,
                                                  "tour:red": "grand-avenue", "tour:green": "gardens",
                                                  "tour:blue": "bridges"}


def test_table_setup_offers_one_tour_per_bonus_area_and_names_a_bad_one(client):
    page = text(client.get("/tables/new?board=paris-example"))
    assert "Thematic tours" in page and 'name="tour_blue"' in page and "Bridges of Paris" in page
    from web_helpers import table_form_data

    data = table_form_data(board="paris-example", **RATINGS, tour_red="bridges")
    data.update({"players-0-name": "Aki", "players-0-player_board": "1", "players-0-colour": "red"})
    response = client.post("/tables/new", data=data)
    assert response.status_code == 422
    assert "That value is not one of the choices" in text(response)


def test_a_bad_colour_is_refused_naming_the_section(client):
    doc, _ = _game()
    token = city_table(client, "paris-example", **RATINGS)
    sheet = dict(doc["players"][1], colours=["red", "violet", "red"])
    response = save(client, token, 0, sheet)
    page = text(client.get(response.headers["Location"])) if response.status_code == 302 else text(response)
    assert "violet" in page and "red, green or blue" in page  # the problem, named, with the entry kept
    assert '"violet"' in page or "violet" in page.split('id="sheet-json"')[1][:4000]


def test_api_scores_a_paris_game_and_refuses_a_broken_colour_list(client):
    doc, expect = _game()
    response = client.post("/api/score", json=doc)
    assert response.status_code == 200
    assert [p["total"] for p in response.get_json()["players"]] == [p["total"] for p in expect["players"]]
    doc["players"][0]["colours"] = ["red"]
    response = client.post("/api/score", json=doc)
    assert response.status_code == 422
    problems = response.get_json()["players"][0]["problems"]
    assert any(p["code"] == "colours-mismatch" and p["path"] == "players[0].colours" for p in problems)


def test_paris_sheet_and_setup_pages_in_japanese_have_no_english_leftovers(client):
    from enroute_ja_helpers import english_fragments, leftovers

    fragments = english_fragments("companion/web/enroute/tables/city_sheet.py", "companion/web/enroute/maps/svgfeatures.py",
                                  "companion/web/enroute/cities/paris/svg.py", "templates/enroute/tables/_city_*.html",
                                  "templates/enroute/tables/new.html", "companion/games/enroute/features.py",
                                  "companion/games/enroute/cities/paris/features.py")
    token = city_table(client, "paris-example", **RATINGS)
    assert client.post(f"/tables/{token}/lang", data={"lang": "ja"}).status_code == 302
    sheet = client.get(f"/tables/{token}/players/0").get_data(as_text=True)
    assert "地図の凡例" in sheet and "多様性" in sheet and not leftovers(sheet, fragments)
    setup = client.get("/tables/new?board=paris-example").get_data(as_text=True)  # the session's language
    assert "テーマ別ツアー" in setup and not leftovers(setup, fragments)


def test_paris_tables_play_without_goal_cards(client, app):
    page = text(client.get("/tables/new?board=paris-example"))
    assert "This city plays without goal cards." in page and 'name="goals-0-choice"' not in page
    from web_helpers import table_form_data

    data = {k: v for k, v in table_form_data(board="paris-example", **RATINGS).items() if not k.startswith("goals-")}
    data.update({"players-0-name": "Aki", "players-0-player_board": "1", "players-1-player_board": "2"})
    response = client.post("/tables/new", data=data)  # what the page posts: no goal fields at all
    assert response.status_code == 302, text(response)[:2000]
    token = re.search(r"/tables/([A-Za-z0-9_-]+)$", response.headers["Location"]).group(1)
    with app.app_context():
        assert db.get_table(token)["goals"] == []


def test_goal_fields_a_paris_page_does_not_show_are_not_read(client, app):
    from web_helpers import table_form_data

    data = table_form_data(board="paris-example", **RATINGS, **{"goals-0-choice": "cat-99", "goals-1-metric": "x",
                                                                 "goals-2-sign": "?", "goals-0-zone": "nowhere"})
    data.update({"players-0-name": "Aki", "players-0-player_board": "1", "players-1-player_board": "2"})
    response = client.post("/tables/new", data=data)
    assert response.status_code == 302, text(response)[:2000]
    token = re.search(r"/tables/([A-Za-z0-9_-]+)$", response.headers["Location"]).group(1)
    with app.app_context():
        assert db.get_table(token)["goals"] == []
