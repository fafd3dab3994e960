"""No 500 on any input, anywhere: every route of the app gets valid and junk ids, random forms and bodies.

It lives here because this folder's helpers can build a started refereed game (valid game and seat tokens).
"""

from __future__ import annotations

import json
import re

import pytest
from fuzz_scale import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from play_helpers import create, make_app, seat_links, setup_game, version

FIELDS = ["board", "mode", "referee", "level", "rating_mode", "name_0", "name_1", "version", "keep", "cell",
          "location", "sec_0", "sec_1", "colour", "fallback", "card_a", "card_b", "players-0-name", "lang",
          "sheet_json", "route_mode", "doc", "text", "id", "name", "kind", "pp", "track", "at", "bonus", "op",
          "seat", "picks", "cards-0-coordinate", "cards-0-tourists-red", "deck_A", "paper", "players",
          "start", "ferry_to", "c0_choice", "c0_symbol", "c0_icon_statue", "c0_coord", "c0_red", "c0_choice_move",
          "card", "half", "section_3", "cafe", "source", "hot_A", "hot_B", "hot_C", "c0_icon_broadway",
          "section_colour", "c1_routes", "route_erase", "route_draw", "route_colour", "tour_section",
          "tour_section_colour", "bonus_0_colour", "tour_blue"]  # the last two lines: Paris
junk = st.one_of(st.text(max_size=12), st.integers(-5, 99).map(str), st.sampled_from(["", "0", "1", "-1", "x" * 300,
                                                                                       "[]", "{}", "null", "3,4,4,4"]))
forms = st.dictionaries(st.sampled_from(FIELDS), junk, max_size=8)
bodies = st.one_of(st.none(), st.text(max_size=40), st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12).map(json.dumps))


@pytest.fixture(scope="module")
def world(tmp_path_factory):
    """An app with a table, a started refereed game (with its seat links) and a board draft."""
    app = make_app(tmp_path_factory.mktemp("fuzz"))
    client = app.test_client()
    game = setup_game(client, app)
    seats = [path.rsplit("/", 1)[1] for path in seat_links(app, game)]
    london = setup_game(client, app, board="london-example")  # a world city: secret start, OR cards, reveal
    seats += [path.rsplit("/", 1)[1] for path in seat_links(app, london)]
    new_york = setup_game(client, app, board="new-york-example")  # hotspots, cafe cards, the goal's half
    seats += [path.rsplit("/", 1)[1] for path in seat_links(app, new_york)]
    ny_setup = create(client, board="new-york-example")  # still in setup: the hotspot backs' step
    paris = setup_game(client, app, board="paris-example", rating="advanced")  # pairs, colours, round bonuses
    seats += [path.rsplit("/", 1)[1] for path in seat_links(app, paris)]
    pair = {"version": version(app, paris), "c0_coord": "2", "c0_red": "1", "c1_coord": "3", "c1_blue": "1",
            "c1_routes": "red,green", "c1_icon_opera-celeste": "up"}
    assert client.post(f"/play/{paris}/round", data=pair).status_code == 302  # seats now see the Paris turn form
    form = {"lang": "en", "board": "training-city", "level": "full", "rating_0": "0", "rating_1": "0", "rating_2": "0"}
    for i, (name, colour) in enumerate([("Aki", "red"), ("Bo", "blue"), ("", "green"), ("", "yellow")]):
        form.update({f"players-{i}-name": name, f"players-{i}-colour": colour, f"players-{i}-player_board": "random"})
    for d in range(3):
        form.update({f"goals-{d}-choice": "none", f"goals-{d}-name": "", f"goals-{d}-metric": "route_length",
                     f"goals-{d}-sign": "+", f"goals-{d}-threshold": "", f"goals-{d}-winner_pp": "",
                     f"goals-{d}-achiever_pp": ""})
    response = client.post("/tables/new", data=form)
    table = re.search(r"/tables/([A-Za-z0-9_-]+)$", response.headers["Location"]).group(1)
    draft = re.search(r"/boards/drafts/([a-f0-9]+)", client.post("/boards/new", data={"name": "Fuzz",
                                                                                      "source": ""}).headers["Location"])
    values = {"token": [table, game, london, new_york, ny_setup, paris, "nope", "x" * 80],
              "seat_token": [*seats, "nope"], "seat": [0, 1, 3, 999],
              "board_id": ["training-city", "nope", "..", "a" * 90],
              "key": ["level", "players", "start", "city-goals", "paris-tours", "nope"],
              "draft_id": [draft.group(1) if draft else "0", "nope", "zz"]}
    return app, values


RULES = [r for r in make_app.__globals__["create_app"]({"TESTING": True}).url_map.iter_rules()
         if r.endpoint != "static"]


@pytest.mark.parametrize("rule", RULES, ids=[r.rule for r in RULES])
@settings(max_examples=examples(25), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data(), form=forms, body=bodies)
def test_no_route_answers_500(world, rule, data, form, body):
    """Whatever arrives at a route, the answer is never a server error."""
    app, values = world
    args = {name: data.draw(st.sampled_from(values.get(name, ["x"]))) for name in rule.arguments}
    with app.test_request_context():
        from flask import url_for

        url = url_for(rule.endpoint, **args)
    client = app.test_client()
    for method in sorted(rule.methods - {"HEAD", "OPTIONS"}):
        if method == "GET":
            response = client.get(url, query_string=form)
        elif data.draw(st.booleans()):
            response = client.post(url, data=form)
        else:
            response = client.post(url, data=body or "", content_type="application/json")
        assert response.status_code < 500, (method, url, form, body, response.get_data(as_text=True)[:500])


@pytest.mark.parametrize("body", ["false", "[1, 2]", "3", '"text"', "null"])
@pytest.mark.parametrize("path", ["/boards/training-city/delete", "/tables/new", "/play/new", "/boards/import"])
def test_json_that_is_not_an_object_is_a_clear_400(world, path, body):
    """Flask-WTF would read these JSON bodies as form data and crash; a form route refuses any JSON clearly."""
    app, _ = world
    response = app.test_client().post(path, data=body, content_type="application/json")
    assert response.status_code == 400 and "Send a form" in response.get_data(as_text=True)
