"""Form routes take forms: any other body is a 400 saying so; the live checks marked `accepts_json` take JSON."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import pytest

from companion.web.core.app import create_app
from companion.web.core.bodies import MARK

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    """An app with CSRF on, as served."""
    folder = tmp_path_factory.mktemp("bodies")
    return create_app({"TESTING": True, "SECRET_KEY": "t", "DATABASE": str(folder / "t.sqlite"),
                       "BOARD_LIBRARY": str(folder / "boards")})


def _url(app, rule) -> str:
    """The rule's address with stand-in values (the check runs before any view looks the table up)."""
    values = {name: 0 if type(conv).__name__ in ("IntegerConverter", "FloatConverter") else "x"
              for name, conv in rule._converters.items()}
    return rule.build(values, append_unknown=False)[1]


def _form_rules(app, marked: bool):
    """Every non-API rule that takes POST, marked `accepts_json` or not."""
    for rule in app.url_map.iter_rules():
        if "POST" in rule.methods and not rule.rule.startswith("/api/"):
            if bool(getattr(app.view_functions[rule.endpoint], MARK, False)) == marked:
                yield rule


def test_json_to_every_form_route_is_a_400(app):
    """A JSON object with a number where text belongs, a JSON array, text: each a 400 that says to send a form."""
    client = app.test_client()
    rules = list(_form_rules(app, marked=False))
    assert len(rules) > 40
    failures = []
    for rule in rules:
        url = _url(app, rule)
        for body, kind in ((json.dumps({"csrf_token": "x", "players-0-name": 5}), "application/json"),
                           ("[1, 2]", "application/json"), ("name=5", "text/plain"), ("<a/>", "")):
            response = client.post(url, data=body, content_type=kind or None)
            text = response.get_data(as_text=True)
            if response.status_code != 400 or "Send a form" not in text:
                failures.append((url, kind, response.status_code))
    assert not failures, failures


def test_the_message_names_what_was_sent(app):
    """The page says what to send instead, in the client's format."""
    response = app.test_client().post("/tables/new", json={"players-0-name": 5},
                                      headers={"Accept": "application/json"})
    message = response.get_json()["problems"][0]["message"]
    assert response.status_code == 400
    assert message == "Send a form: this address takes form fields, not application/json."


def _start_tables(client):
    """An En Route table and a refereed game; return their tokens."""
    page = client.get("/tables/new").get_data(as_text=True)
    csrf = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', page).group(1)
    data = {"csrf_token": csrf, "lang": "en", "board": "training-city", "level": "full",
            "players-0-name": "Aki", "players-0-colour": "red", "players-0-player_board": "1",
            "players-1-name": "Ben", "players-1-colour": "blue", "players-1-player_board": "2",
            "rating_0": "0", "rating_1": "0", "rating_2": "0"}
    for i in range(3):
        data.update({f"goals-{i}-choice": "none", f"goals-{i}-metric": "route_length", f"goals-{i}-sign": "+"})
    for i in (2, 3):
        data.update({f"players-{i}-name": "", f"players-{i}-colour": "green", f"players-{i}-player_board": "random"})
    made = client.post("/tables/new", data=data)
    assert made.status_code == 302, made.get_data(as_text=True)[:800]
    table = made.headers["Location"].rsplit("/", 1)[1]
    game = client.post("/play/new", data={"csrf_token": csrf, "board": "training-city", "mode": "normal",
                                          "referee": "y"})
    assert game.status_code == 302, game.get_data(as_text=True)[:800]
    return table, re.search(r"/play/([A-Za-z0-9_-]+)/", game.headers["Location"]).group(1)


def test_the_routes_of_issue_27_answer_400_not_500(app):
    """The form routes that answered 500 to `{"csrf_token": …, "players-0-name": 5}` now answer 400."""
    client = app.test_client()
    table, game = _start_tables(client)
    csrf = re.search(r'name="csrf_token"[^>]*value="([^"]+)"',
                     client.get("/tables/new").get_data(as_text=True)).group(1)
    urls = ["/tables/new", "/ttr-europe/new", "/welcome-to/new", "/welcome-to/import", "/boards/import",
            f"/tables/{table}/players/0", f"/play/{game}/cafe", f"/play/{game}/close", f"/play/{game}/reveal",
            f"/play/{game}/setup/level"]
    for url in urls:
        response = client.post(url, json={"csrf_token": csrf, "players-0-name": 5, "version": 0, "level": 5})
        assert response.status_code == 400 and "Send a form" in response.get_data(as_text=True), url


def test_the_marked_views_still_take_json(app):
    """The pages' own JSON checks go through; an unreadable or non-object JSON body is a 400 that says why."""
    client = app.test_client()
    table, _game = _start_tables(client)
    marked = {rule.endpoint for rule in _form_rules(app, marked=True)}
    assert {"enroute.tables.sheet_check", "enroute.boards.check", "enroute.boards.edit_draft",
            "explore_new_york.tables.check", "explore_new_york.tables.check_turn_live",
            "ttr_europe.seats.check"} <= marked
    app.config["WTF_CSRF_ENABLED"] = False
    try:
        answer = client.post(f"/tables/{table}/players/0/check", json={"sheet": {"format": "enroute-sheet/1"}})
        assert answer.status_code in (200, 422) and answer.is_json
        deep = client.post(f"/tables/{table}/players/0/check", data="[" * 100000, content_type="application/json")
        assert deep.status_code == 400 and "nested too deeply" in deep.get_data(as_text=True)
        listed = client.post("/boards/check", json=[1, 2])
        assert listed.status_code == 400 and "JSON object" in listed.get_data(as_text=True)
    finally:
        app.config["WTF_CSRF_ENABLED"] = True


def test_empty_bodies_and_forms_pass(app):
    """A button that posts nothing, a form and a multipart upload reach their views."""
    client = app.test_client()
    assert "Send a form" not in client.post("/tables/new").text
    assert "Send a form" not in client.post("/tables/new", data={"lang": "en"}).text
    assert "Send a form" not in client.post("/boards/import", data={"text": "{}"},
                                            content_type="multipart/form-data").text


def test_welcome_to_empty_street_is_a_422_naming_it(app):
    """`players[0].streets[1] = []` is a street-length problem at that path, not an IndexError (issue 27)."""
    doc = json.loads((ROOT / "tests/games/welcome_to/games/end-houses.json").read_text())
    for street in range(3):
        broken = copy.deepcopy(doc)
        broken["players"][0]["streets"][street] = []
        response = app.test_client().post("/api/score", json=broken)
        assert response.status_code == 422
        problems = response.get_json()["players"][0]["problems"]
        assert ("street-length", f"players[0].streets[{street}]") in {(p["code"], p["path"]) for p in problems}


def test_a_file_in_a_text_field_is_a_400(app):
    """Flask-WTF hands a file to any field of its name: a file is taken only under a form's file field name."""
    import io

    client = app.test_client()
    for url, name in (("/tables/new", "players-0-name"), ("/boards/import", "text"), ("/welcome-to/new", "name"),
                      ("/welcome-to/import", "text"), ("/taxis/new", "name_0")):
        response = client.post(url, data={name: (io.BytesIO(b"{}"), "a.json")}, content_type="multipart/form-data")
        assert response.status_code == 400 and "takes text, not a file" in response.get_data(as_text=True), url
    taken = client.post("/boards/import", data={"file": (io.BytesIO(b"{}"), "a.json")},
                        content_type="multipart/form-data")
    assert "not a file" not in taken.get_data(as_text=True)


def test_a_nul_character_never_reaches_a_view(tmp_path):
    """PostgreSQL cannot store a NUL in text: every form field arrives without one, the rest kept."""
    from companion.web.core.app import create_app

    app = create_app({"TESTING": True, "SECRET_KEY": "t", "WTF_CSRF_ENABLED": False, "RATELIMIT_ENABLED": False,
                      "DATABASE": str(tmp_path / "t.sqlite"), "BOARD_LIBRARY": str(tmp_path / "b")})
    seen = {}

    @app.post("/echo-form")
    def echo():
        from flask import request

        seen.update(request.form.to_dict())
        return "ok"

    assert app.test_client().post("/echo-form", data={"na\x00me": "A\x00na", "x": "plain"}).status_code == 200
    assert seen == {"name": "Ana", "x": "plain"}
    response = app.test_client().post("/welcome-to/new", data={"name": "Ana", "others-0": "B\x00o",
                                                                 "mode": "standard"})
    assert response.status_code == 302
