"""Every page of the Explore New York tables through the Flask test client."""

from __future__ import annotations

import json
import re

import pytest
from eny_web_helpers import form_data, make_app, save, seed_draft, start_table

from companion.games.explore_new_york import score_document


@pytest.fixture
def app(tmp_path):
    """A fresh app."""
    return make_app(tmp_path)


@pytest.fixture
def client(app):
    """Its test client."""
    return app.test_client()


def test_home_card_and_new_page(client):
    """The home page shows the game's card; the start page lists four seats and the tiles."""
    home = client.get("/").get_data(as_text=True)
    assert "Explore New York" in home and "/explore-new-york/tables/new" in home
    page = client.get("/explore-new-york/tables/new")
    assert page.status_code == 200
    text = page.get_data(as_text=True)
    assert text.count('name="players-') == 8 and "Riverside" in text and "Deal at random" in text


def test_start_a_table_and_join_by_code(app, client):
    """A table is made with a join code; the code leads to the table page with the setup steps."""
    path = start_table(client, ("Max", "riverside"), ("Lena", "random"))
    page = client.get(path)
    text = page.get_data(as_text=True)
    assert page.status_code == 200
    code = text.split('id="table-code">')[1].split("<")[0]
    assert re.fullmatch(r"[A-Z2-9]{4}-[A-Z2-9]{4}", code)
    joined = client.get(f"/join?code={code.lower()}")
    assert joined.status_code == 302 and joined.headers["Location"] == path
    assert "24 cards stay in play" in text and "8 rounds" in text  # two players: three cards back in the box
    assert "Riverside" in text and "Not entered yet" in text
    assert "players/0" in text and "players/1" in text
    assert client.get(path + "/qr.png").mimetype == "image/png"


def test_random_tiles_are_different(client):
    """Players who let the companion deal get tiles nobody chose."""
    path = start_table(client, ("A", "random"), ("B", "riverside"), ("C", "random"), ("D", "random"))
    game = json.loads(client.get(path + "/game.json").data)
    tiles = [p["tile"] for p in game["players"]]
    assert tiles[1] == "riverside" and len(set(tiles)) == 4


@pytest.mark.parametrize("seats,message", [((("Solo", "riverside"),), "no solo game"),
                                           ((("Ann", "riverside"), ("ann", "midtown")), "Two players are called")])
def test_refused_tables_keep_the_entry(client, seats, message):
    """Too few players, or two with one name: the form comes back with the names typed and the message."""
    response = client.post("/explore-new-york/tables/new", data=form_data(*seats))
    assert response.status_code == 422
    text = response.get_data(as_text=True)
    assert message in text
    assert all(f'value="{name}"' in text for name, _tile in seats)


def test_csrf_is_checked(tmp_path):
    """With CSRF on, a post without its token is refused and nothing is made."""
    client = make_app(tmp_path, WTF_CSRF_ENABLED=True).test_client()
    response = client.post("/explore-new-york/tables/new", data=form_data(("A", "riverside"), ("B", "harbor")))
    assert response.status_code == 422 and "expired" in response.get_data(as_text=True)


def test_sheet_page_draws_the_tile(client):
    """The sheet page carries the tappable map: 80 roads, 36 districts, the cafes, the 45 intersections."""
    path = start_table(client)
    text = client.get(path + "/players/0").get_data(as_text=True)
    assert text.count('class="hit-road"') == 80 and text.count('class="hit-district"') == 36
    assert text.count('class="hit-point"') == 45 and text.count('class="hit-cafe"') == 6
    assert 'id="s-0-1-1-0"' in text  # the rounded corner road
    assert "<script>" not in text and "onclick" not in text  # CSP: no inline scripts


def test_save_check_and_conflict(client):
    """A save bumps the version; a save on an old version is refused (409) with the entry kept."""
    path = start_table(client)
    draft = seed_draft()
    response = save(client, path, 0, draft, 0, "own")
    assert response.status_code == 302 and response.headers["Location"].endswith("/players/0#problems")
    page = client.get(path + "/players/0").get_data(as_text=True)
    assert "No problems found." in page and 'value="1"' in page
    stale = dict(draft, tourists=[{"at": [1, 1], "red": 4}])
    refused = save(client, path, 0, stale, 0, "own")
    assert refused.status_code == 409
    text = refused.get_data(as_text=True)
    assert "Someone else saved" in text and "&#34;red&#34;: 4" in text
    assert "Entered" in client.get(path).get_data(as_text=True)


def test_problems_are_listed_and_ringed(client):
    """A draft with problems is saved as it is; each problem is listed and its map element ringed."""
    path = start_table(client)
    draft = {"sections": [[[0, 0], [1, 0]], [[2, 2], [3, 3]], [[1, 1], [2, 1]]], "tourists": [{"at": [9, 9], "red": 1}],
             "cafes": [[2, 1], [4, 2]], "final_route": None}
    assert save(client, path, 0, draft, 0).status_code == 302
    text = client.get(path + "/players/0").get_data(as_text=True)
    assert "rounded tile corner" in text and "No road runs" in text and "cafe-not" not in text
    assert 'data-target="c-4-2"' in text  # circled but not reached
    assert "problem(s) to fix" in client.get(path).get_data(as_text=True)


def test_unreadable_sheet_keeps_the_text(client):
    """Text that is no JSON object is refused (422) and shown back as typed."""
    path = start_table(client)
    response = client.post(path + "/players/0", data={"sheet": "{nope", "version": "0"})
    assert response.status_code == 422 and "{nope" in response.get_data(as_text=True)
    response = client.post(path + "/players/0", data={"sheet": "[1, 2]", "version": "0"})
    assert response.status_code == 422


def test_route_mode_from_the_form(client):
    """"Let the companion find my best route" clears a traced route; "own" keeps a list."""
    path = start_table(client)
    save(client, path, 0, seed_draft(), 0, "best")
    game = json.loads(client.get(path + "/game.json").data)
    assert game["players"][0]["final_route"] is None
    save(client, path, 1, {"sections": [], "tourists": [], "cafes": [], "final_route": None}, 0, "own")
    assert json.loads(client.get(path + "/game.json").data)["players"][1]["final_route"] == []


def test_live_check(client):
    """The map's live check answers the problems (with map targets) and the route's PP; nothing is saved."""
    path = start_table(client)
    good = client.post(path + "/players/0/check", json=seed_draft()).get_json()
    assert good == {"problems": [], "total": 82, "best": 82}
    bad = client.post(path + "/players/0/check", json={"sections": [[[1, 1], [3, 1]]]}).get_json()
    assert bad["total"] is None and bad["problems"][0]["target"] == ""
    assert "No road runs" in bad["problems"][0]["text"]
    ringed = client.post(path + "/players/0/check", json={"sections": [[[1, 1], [2, 1]], [[2, 1], [1, 1]]]})
    assert ringed.get_json()["problems"][0]["target"] == "s-1-1-2-1"
    assert client.post(path + "/players/0/check", data="[1]", content_type="application/json").status_code == 400
    assert json.loads(client.get(path + "/game.json").data)["players"][0]["sections"] == []


def test_score_sheet(client):
    """The score sheet shows each row's numbers, totals, ranks, "your route / best possible" and the maps."""
    path = start_table(client)
    save(client, path, 0, seed_draft(), 0, "own")
    other = {"sections": [[[1, 3], [2, 3]]], "tourists": [], "cafes": [], "final_route": None}  # Parkside: a smiley
    save(client, path, 1, other, 0)
    text = client.get(path + "/score").get_data(as_text=True)
    assert "4 × 4 =" in text and "<strong>16</strong>" in text and "82" in text
    assert "Your route 82 PP, best possible 82 PP" in text
    assert text.count('class="eny-map"') == 2
    game = json.loads(client.get(path + "/game.json").data)
    assert [p["total"] for p in score_document(game)["players"]] == [82, 6]


def test_score_sheet_with_a_broken_tile(client):
    """A tile with errors is not scored; the page says so and lists its problems."""
    path = start_table(client)
    save(client, path, 0, {"sections": [[[1, 1], [3, 3]]]}, 0)
    text = client.get(path + "/score").get_data(as_text=True)
    assert "not scored: fix the tile" in text and "No road runs" in text


def test_printables(client):
    """The table's maps and score pad, and the kit's, are PDFs."""
    path = start_table(client)
    for url in (path + "/maps.pdf", path + "/scorepad.pdf", "/explore-new-york/maps.pdf",
                "/explore-new-york/scorepad.pdf", path + "/maps.pdf?lang=ja"):
        response = client.get(url)
        assert response.status_code == 200 and response.mimetype == "application/pdf", url
        assert response.data.startswith(b"%PDF")


def test_japanese_pages(client):
    """The phone's language: Japanese texts on the table, sheet and score pages."""
    path = start_table(client)
    assert "山札" in client.get(path + "?lang=ja").get_data(as_text=True)
    sheet = client.get(path + "/players/0?lang=ja").get_data(as_text=True)
    assert "道路" in sheet or "ルート" in sheet
    save(client, path, 0, {"sections": [[[1, 1], [3, 3]]]}, 0)
    assert "道路はありません" in client.get(path + "/players/0?lang=ja").get_data(as_text=True)
    assert "得点表" in client.get(path + "/score?lang=ja").get_data(as_text=True)


@pytest.mark.parametrize("url", ["/explore-new-york/tables/nope", "/explore-new-york/tables/" + "x" * 300,
                                 "/explore-new-york/tables/nope/players/0", "/explore-new-york/tables/nope/score",
                                 "/explore-new-york/tables/nope/qr.png", "/explore-new-york/tables/nope/game.json",
                                 "/explore-new-york/tables/nope/maps.pdf"])
def test_unknown_tables_are_404(client, url):
    """Junk table ids answer 404, never 500."""
    assert client.get(url).status_code == 404


def test_junk_seats_and_numbers(client):
    """Huge or missing seats, junk versions and random form fields never cause a 500."""
    path = start_table(client)
    assert client.get(path + "/players/7").status_code == 404
    assert client.get(path + "/players/99999999999999999999").status_code == 404
    assert client.post(path + "/players/99999999999999999999/check", json={}).status_code == 404
    for version in ("", "abc", "-1", "99999999999999999999", "1e9"):
        response = client.post(path + "/players/0", data={"sheet": "{}", "version": version})
        assert response.status_code in (302, 409), version
    response = client.post("/explore-new-york/tables/new", data={"players-0-tile": "nowhere", "junk": "x" * 1000,
                                                                   "players-9-name": "Z"})
    assert response.status_code == 422
