"""Starting a table, the table page, QR code, language, persistence, printables and error pages."""

from __future__ import annotations

import io
import json
import re
import sys
import types

from PIL import Image
from web_helpers import table_form_data

from companion.web.core.app import create_app
from companion.web.enroute.boards import store as board_store
from companion.web.enroute.tables import store as db
from companion.web.enroute.tables.forms import load_catalogue


def test_start_page_lists_cities_levels_and_goal_catalogue(client):
    page = client.get("/tables/new").get_data(as_text=True)
    assert "Training City" in page
    assert "Full game" in page and "Simplified" in page
    assert "TV Tower" in page  # one rating field per grey landmark
    assert "Grand Tour" in page or "describe" in page.lower()


def test_home_links_to_start_a_table(client):
    assert 'href="/tables/new"' in client.get("/").get_data(as_text=True)


def test_create_table_stores_players_ratings_and_opens_table_page(client, app, make_table):
    token = make_table()
    assert len(token) >= 20  # unguessable
    with app.app_context():
        table = db.get_table(token)
        players = db.get_players(token)
    assert table["ratings"] == {"illusion-pottery-school": 0, "skywatcher-observatory": 0, "tv-tower": 3}
    assert [(p["name"], p["colour"], p["sheet"]["player_board"]) for p in players] == [("Aki", "red", 1), ("Bo", "blue", 2)]
    page = client.get(f"/tables/{token}").get_data(as_text=True)
    assert "Aki" in page and "Bo" in page and "not entered yet" in page
    assert f"/tables/{token}/qr.png" in page and f"/tables/{token}/players/1" in page


def test_random_player_boards_are_dealt_without_repeats(client, app, make_table):
    token = make_table(**{"players-0-player_board": "random", "players-1-player_board": "random",
                          "players-2-name": "Cy", "players-3-name": "Di"})
    with app.app_context():
        numbers = sorted(p["sheet"]["player_board"] for p in db.get_players(token))
    assert numbers == [1, 2, 3, 4]


def test_catalogue_and_described_goal_cards_are_stored(client, app, make_table):
    catalogue = load_catalogue()
    first_a = next(c for c in catalogue if c["deck"] == "A")
    token = make_table(**{"goals-0-choice": f"cat-{first_a['id']}", "goals-1-choice": "describe",
                          "goals-1-name": "Long way", "goals-1-metric": "route_length", "goals-1-sign": "+",
                          "goals-1-threshold": "12", "goals-1-winner_pp": "8", "goals-1-achiever_pp": "4"})
    with app.app_context():
        goals = db.get_table(token)["goals"]
    assert goals[0] == {k: v for k, v in first_a.items() if k != "id"}
    assert goals[1] == {"deck": "B", "name": "Long way", "metric": "route_length", "sign": "+", "threshold": 12,
                        "winner_pp": 8, "achiever_pp": 4}


def test_missing_catalogue_means_describe_only(tmp_path):
    assert load_catalogue(tmp_path / "missing.json") == []
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    assert load_catalogue(broken) == []


def _post_errors(client, **overrides) -> str:
    """Post the start form with changes, check it is refused, return the page."""
    response = client.post("/tables/new", data=table_form_data(**overrides))
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert "Please fix the marked fields." in page
    return page


def test_start_form_messages(client):
    assert "Enter at least one player" in _post_errors(client, **{"players-0-name": "", "players-1-name": "  "})
    assert "is already a player" in _post_errors(client, **{"players-1-name": "aki"})
    assert "Another player has this colour" in _post_errors(client, **{"players-1-colour": "red"})
    assert "Player board 1 is taken twice" in _post_errors(client, **{"players-1-player_board": "1"})
    assert "At most 40 characters" in _post_errors(client, **{"players-1-name": "x" * 41})
    assert "Enter a whole number" in _post_errors(client, **{"goals-2-choice": "describe",
                                                             "goals-2-threshold": "many"})
    page = _post_errors(client, **{"goals-2-choice": "describe", "goals-2-threshold": "3", "goals-2-winner_pp": "2",
                                   "goals-2-achiever_pp": "5"})
    assert "achiever PP cannot be more than the winner PP" in page
    assert "That value is not one of the choices." in _post_errors(client, level="expert")
    # a value typed in is kept on the refused page
    assert 'value="Long name"' in _post_errors(client, **{"players-0-name": "Long name", "players-1-name": "long NAME"})


def test_bad_choice_is_refused_not_crashed(client):
    response = client.post("/tables/new", data=table_form_data(level="expert", rating_2="99"))
    assert response.status_code == 422


def test_goals_ignored_below_full_level(client, app, make_table):
    token = make_table(level="intermediate", **{"goals-0-choice": "describe", "goals-0-threshold": "x"})
    with app.app_context():
        assert db.get_table(token)["goals"] == []


def test_library_board_with_two_player_boards_cannot_deal_three(client, app):
    doc = json.loads(json.dumps(client.get("/api/enroute/boards/training-city").get_json()))
    doc["id"], doc["name"] = "tiny-town", "Tiny Town"
    doc["player_boards"] = doc["player_boards"][:2]
    with app.app_context():
        assert board_store.import_board(doc).board.id == "tiny-town"
    assert "Tiny Town" in client.get("/tables/new").get_data(as_text=True)
    data = table_form_data(board="tiny-town", **{"players-0-player_board": "random", "players-1-player_board": "random",
                                                 "players-2-name": "Cy"})
    response = client.post("/tables/new", data=data)
    assert response.status_code == 422
    assert "Not enough player boards left to deal" in response.get_data(as_text=True)


def test_change_city_redraws_without_saving(client, app):
    response = client.post("/tables/new", data=table_form_data(change_board="1"))
    assert response.status_code == 200
    with app.app_context():
        from sqlalchemy import func, select

        from companion.web.core.db import read

        with read() as conn:
            assert conn.execute(select(func.count()).select_from(db.game_table)).scalar_one() == 0


def test_csrf_is_enforced(tmp_path):
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "DATABASE": str(tmp_path / "c.sqlite"),
                      "BOARD_LIBRARY": str(tmp_path / "b")})
    client = app.test_client()
    response = client.post("/tables/new", data=table_form_data())
    assert response.status_code == 422
    assert "The form expired" in response.get_data(as_text=True)
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"',
                      client.get("/tables/new").get_data(as_text=True)).group(1)
    response = client.post("/tables/new", data=table_form_data(csrf_token=token))
    assert response.status_code == 302
    table = response.headers["Location"].rsplit("/", 1)[1]
    sheet = client.get(f"/tables/{table}/players/0")
    assert sheet.status_code == 200
    draft = json.dumps({"format": "enroute-sheet/1", "player": "Aki", "sections": [[[0, 0], [1, 0]]]})
    refused = client.post(f"/tables/{table}/players/0", data={"sheet": draft, "version": "0", "save": "1"})
    assert refused.status_code == 400
    page = refused.get_data(as_text=True)
    assert "The form expired" in page
    assert "[[0, 0], [1, 0]]" in page.replace("&#34;", '"') or "s-0-0-1-0" in page  # the draft stays on screen
    assert client.post(f"/tables/{table}/lang", data={"lang": "ja"}).status_code == 302
    assert "lang=\"en\"" in client.get(f"/tables/{table}").get_data(as_text=True)


def test_unknown_table_and_seat_answer_404_pages(client, make_table):
    for path in ("/tables/nope", "/tables/nope/players/0", "/tables/nope/score", "/tables/nope/qr.png",
                 "/tables/" + "x" * 300):
        response = client.get(path)
        assert response.status_code == 404
        assert "This table does not exist" in response.get_data(as_text=True)
    token = make_table()
    assert client.get(f"/tables/{token}/players/7").status_code == 404
    assert client.get(f"/tables/{token}/players/-1").status_code == 404
    assert client.get(f"/tables/{token}/players/7/sheet.json").status_code == 404


def test_qr_code_is_a_png_of_the_table_link(client, make_table):
    token = make_table()
    response = client.get(f"/tables/{token}/qr.png")
    assert response.status_code == 200 and response.mimetype == "image/png"
    image = Image.open(io.BytesIO(response.data))
    assert image.size[0] == image.size[1] >= 200


def test_language_switch_to_japanese(client, make_table):
    token = make_table()
    assert client.post(f"/tables/{token}/lang", data={"lang": "ja"}).status_code == 302
    page = client.get(f"/tables/{token}").get_data(as_text=True)
    assert 'lang="ja"' in page and "得点表" in page and "未入力" in page
    assert client.post(f"/tables/{token}/lang", data={"lang": "xx"}).status_code == 302  # refused, no crash
    assert 'lang="ja"' in client.get(f"/tables/{token}").get_data(as_text=True)


def test_start_page_in_japanese(client):
    page = client.get("/tables/new?lang=ja").get_data(as_text=True)
    assert "テーブルを始める" in page and "フルゲーム" in page


def test_tables_survive_a_restart(tmp_path):
    config = {"TESTING": True, "SECRET_KEY": "t", "WTF_CSRF_ENABLED": False,
              "DATABASE": str(tmp_path / "keep.sqlite"), "BOARD_LIBRARY": str(tmp_path / "b")}
    first = create_app(config).test_client()
    location = first.post("/tables/new", data=table_form_data()).headers["Location"]
    second = create_app(config).test_client()
    assert "Aki" in second.get(location).get_data(as_text=True)


def test_init_db_command_clears_tables(runner, app, make_table):
    token = make_table()
    result = runner.invoke(args=["init-db"])
    assert "Initialized" in result.output
    with app.app_context():
        assert db.get_table(token) is None


def test_printables_are_served_or_explained(client, make_table, monkeypatch):
    token = make_table()
    calls = []
    fake = types.ModuleType("printables")
    fake.maps_pdf = lambda board, paper="a4", lang="en", **table: calls.append(
        ("maps", board.id, paper, table["player_boards"], table["level"])) or b"%PDF-maps"
    fake.scorepad_pdf = lambda board, paper="a4", lang="en", **table: calls.append(
        ("pad", table["names"], table["boards"], paper)) or b"%PDF-pad"
    monkeypatch.setitem(sys.modules, "printables.enroute", fake)
    maps = client.get(f"/tables/{token}/maps.pdf")
    pad = client.get(f"/tables/{token}/scorepad.pdf")
    assert (maps.mimetype, maps.data, pad.data) == ("application/pdf", b"%PDF-maps", b"%PDF-pad")
    # what the table knows goes on the paper (issue 13, U9)
    assert calls == [("maps", "training-city", "a4", [1, 2], "full"), ("pad", ["Aki", "Bo"], [1, 2], "a4")]

    def broken(board, paper="a4", lang="en", **table):
        """Fail like a print-module bug."""
        raise RuntimeError("boom")

    fake.maps_pdf = broken
    response = client.get(f"/tables/{token}/maps.pdf", follow_redirects=True)
    assert "could not be made" in response.get_data(as_text=True)
    monkeypatch.setitem(sys.modules, "printables.enroute", None)  # import fails
    response = client.get(f"/tables/{token}/scorepad.pdf", follow_redirects=True)
    assert response.status_code == 200
    assert "not available on this server yet" in response.get_data(as_text=True)


def test_game_download_is_an_enroute_game(client, make_table):
    token = make_table()
    doc = json.loads(client.get(f"/tables/{token}/game.json").data)
    assert doc["format"] == "enroute-game/1" and doc["board"]["id"] == "training-city"
    assert [p["player"] for p in doc["players"]] == ["Aki", "Bo"]
    assert client.post("/api/enroute/score", json=doc).status_code == 200


def test_a_zone_sent_to_a_board_without_zones_is_not_read(client, app, make_table):
    token = make_table(**{"goals-0-zone": "nowhere", "goals-1-choice": "describe", "goals-1-zone": "theatre",
                          "goals-1-metric": "route_length", "goals-1-sign": "+", "goals-1-threshold": "9",
                          "goals-1-winner_pp": "6", "goals-1-achiever_pp": "3"})
    with app.app_context():
        assert "zone" not in db.get_table(token)["goals"][0]
