"""The Audience through the pages: secret placement, the route steps, arrivals, Rome's audience, tile values."""

from __future__ import annotations

import html
import json
import re

import pytest
from taxis_web_helpers import (
    SEED_PLACEMENT,
    TEST_ROADS,
    act,
    claim,
    draft_of,
    place,
    route_post,
    score_route,
    seat_everyone,
    start_table,
    state,
    text,
    version,
)


def rome_section(client, token: str) -> str:
    """The text of the shared screen's Rome box."""
    page = client.get(f"/taxis/{token}").get_data(as_text=True)
    start = page.index('id="rome"')
    part = re.sub(r"<[^>]+>", " ", page[start:page.index("</section>", start)])
    return " ".join(html.unescape(part).split())


def test_placement_is_checked_and_kept_when_refused(client):
    token = start_table(client)
    seat = claim(client, token, 0)
    twice = dict(SEED_PLACEMENT[0], baiern="cardinal")
    response = place(client, seat, token, twice, expect=422)
    page = text(response)
    assert "Each player has one Cardinal tile; it is already on the Baden carriage." in page
    assert "Baiern:" in page  # the problem names the carriage field it concerns
    body = response.get_data(as_text=True)
    assert '<option value="cardinal" selected>' in body  # the entry stays on the page
    blank = dict(SEED_PLACEMENT[0], baden="")
    assert "Baden still have none" in text(place(client, seat, token, blank, expect=422))


def test_junk_ranks_are_refused_with_the_ranks_named(client):
    token = start_table(client)
    seat = claim(client, token, 0)
    page = text(place(client, seat, token, dict(SEED_PLACEMENT[0], baden="pope"), expect=422))
    assert "Pope is not a clergy rank; the ranks are Cardinal, Bishop, Priest, Pastor, Fifth clergy tile." in page


def test_placement_changes_until_everyone_placed_then_locks(app, client):
    token = start_table(client, 2, start_baden="Mailand", start_wurttemberg_hohenzollern="Como",
                        start_schweiz_tyrol="Como", start_baiern="Trient", start_bohmen_salzburg="Udine")
    anna, ben = claim(client, token, 0), claim(client, token, 1)
    place(client, anna, token, SEED_PLACEMENT[0])
    place(client, anna, token, SEED_PLACEMENT[1])
    assert state(app, token)["audience"]["seats"][0]["assignment"] == SEED_PLACEMENT[1]
    assert "Still placing: Ben" in text(client.get(f"/taxis/{token}"))
    place(client, ben, token, SEED_PLACEMENT[2])
    locked = text(place(client, anna, token, SEED_PLACEMENT[0], expect=422))
    assert "Every player has placed their clergy" in locked
    assert "place-clergy" not in client.get(anna).get_data(as_text=True)  # the form is gone: a list of tiles


def test_route_waits_until_everyone_placed(client):
    token = start_table(client)
    claim(client, token, 0)
    response = client.get(f"/taxis/{token}/route")
    assert response.status_code == 302
    assert "still must" in text(client.get(f"/taxis/{token}"))


def test_the_seeds_arrival_example_through_the_pages(app, client):
    """Seed: blue and green cardinals, a red bishop and a yellow pastor came from Baden; Bavaria brings green and
    red pastors, a blue priest and a yellow cardinal: the two cardinals and the pastor leave Rome."""
    token = start_table(client)
    seat_everyone(client, token)
    # Anna scores Mannheim–Carlsruhe–Freiburg: three Baden cards; one step takes Baden to Rome (no board entered).
    score_route(client, token, ["Mannheim", "Carlsruhe", "Freiburg"], steps=[("baden", "Rom")])
    first = rome_section(client, token)
    for tile in ("Cardinal · Anna", "Cardinal · Ben", "Bishop · Scott", "Pastor · Dave"):
        assert tile in first
    act(client, token, "end-turn")
    # Ben scores Augsburg–München–Ingolstadt: Baiern's cards; one step takes Baiern to Rome.
    score_route(client, token, ["Augsburg", "Munchen", "Ingolstadt"], steps=[("baiern", "Rom")])
    rome = state(app, token)["audience"]["rome"]
    assert sorted((t["seat"], t["rank"]) for t in rome) == sorted(
        [(3, "cardinal"), (0, "priest"), (2, "bishop"), (1, "pastor"), (2, "pastor")])
    gone = state(app, token)["audience"]["dismissed"]
    assert sorted((t["seat"], t["rank"], t["by"]) for t in gone) == [(0, "cardinal", "baiern"),
                                                                      (1, "cardinal", "baiern"),
                                                                      (3, "pastor", "baiern")]
    shown = rome_section(client, token)
    for tile in ("Cardinal · Dave", "Bishop · Scott", "Priest · Anna", "Pastor · Ben", "Pastor · Scott"):
        assert tile in shown
    assert "Cardinal · Anna" not in shown.split("Sent away from Rome")[0]
    assert "Sent away from Rome (3)" in shown
    log = text(client.get(f"/taxis/{token}"))
    assert "The Baiern carriage reached Rome with Anna's Priest, Ben's Pastor, Scott's Pastor, Dave's Cardinal." in log
    assert "They replace Anna's Cardinal, Ben's Cardinal, Dave's Pastor, who leave Rome." in log


def test_steps_follow_the_route_cards_and_jokers(app, client):
    token = start_table(client)
    seat_everyone(client, token)
    # Ulm–Augsburg–München–Salzburg with a post office everywhere but München: one Baiern step.
    page, draft = score_route(client, token, ["Ulm", "Augsburg", "Munchen", "Salzburg"],
                              post_offices=["Ulm", "Augsburg", "Salzburg"], steps=[("baiern", "Andechs")],
                              record=False)
    assert "No steps left." in page
    refused = route_post(client, token, {"version": version(client, token), "stage": "moves",
                                         "draft": json.dumps(draft), "do": "add", "step": "baden>", "to": "X"}, 422)
    assert "No card of this route is left to move the Baden carriage." in text(refused)
    route_post(client, token, {"version": version(client, token), "stage": "moves", "draft": json.dumps(draft),
                               "do": "record"}, 302)
    assert state(app, token)["audience"]["carriages"]["baiern"] == "Andechs"


def test_lodz_is_a_joker(app, client):
    token = start_table(client)
    seat_everyone(client, token)
    page, _draft = score_route(client, token, ["Lodz", "Pilsen", "Nurnberg"], steps=[("schweiz-tyrol", "Test")],
                               record=False)
    assert "(joker)" in page
    assert "Jokers (any carriage not in Rome): 1" not in page  # the joker is spent
    assert "Böhmen-Salzburg: 1 step(s)" in page and "Baiern: 1 step(s)" in page


def test_city_problems_stand_next_to_the_field(client):
    token = start_table(client)
    seat_everyone(client, token)
    data = {"version": version(client, token), "stage": "route", "draft": "{}", "do": "next",
            "city_0": "Ulm", "city_1": "Passau", "city_2": "Atlantis"}
    response = route_post(client, token, data, 422)
    body = response.get_data(as_text=True)
    assert "No road joins Ulm and Passau" in text(response)
    assert "Atlantis is not a city of the map" in text(response)
    assert body.count('class="field has-error"') == 2


def test_junk_drafts_and_stages_are_refused_not_crashed(client):
    token = start_table(client)
    seat_everyone(client, token)
    v = version(client, token)
    for draft in ("[", "[1]", '{"cities": 5}', '{"moves": [1]}', '{"cities": ["a"], "moves": [{"carriage": 1}]}'):
        response = client.post(f"/taxis/{token}/route", data={"version": v, "stage": "moves", "draft": draft,
                                                              "do": "record"})
        assert response.status_code == 400
    assert client.post(f"/taxis/{token}/route", data={"version": v, "stage": "x", "draft": "{}"}).status_code == 400
    assert client.post(f"/taxis/{token}/route", data={"version": v, "stage": "moves", "draft": "{}",
                                                      "do": "x"}).status_code == 400


def test_a_second_route_in_one_turn_is_refused(client):
    token = start_table(client)
    seat_everyone(client, token)
    score_route(client, token, ["Mannheim", "Carlsruhe", "Freiburg"])
    response = client.get(f"/taxis/{token}/route")
    assert response.status_code == 302
    assert "has already scored a route this turn" in text(client.get(f"/taxis/{token}"))


def test_a_stale_route_is_409_and_the_draft_is_kept(client):
    token = start_table(client)
    seat_everyone(client, token)
    _page, draft = score_route(client, token, ["Mannheim", "Carlsruhe", "Freiburg"], steps=[("baden", "Rom")],
                              record=False)
    old = version(client, token)
    act(client, token, "office", office="postmaster")  # meanwhile the table takes an official's tile
    response = route_post(client, token, {"version": old, "stage": "moves", "draft": json.dumps(draft),
                                          "do": "record"}, 409)
    assert "The table changed on another phone meanwhile (an official's tile was taken)" in text(response)
    assert draft_of(response.get_data(as_text=True)) == draft
    again = draft_of(response.get_data(as_text=True))
    fresh = response.get_data(as_text=True).split('name="version" ')[1][:40]
    assert version(client, token) in fresh  # the page now carries the new version: sending again works
    route_post(client, token, {"version": version(client, token), "stage": "moves", "draft": json.dumps(again),
                               "do": "record"}, 302)


@pytest.fixture
def board_id(client):
    """A remembered invented board (the seed's facts only)."""
    response = client.post("/taxis/boards/new", data={"name": "Test board", "roads": TEST_ROADS})
    assert response.status_code == 302, text(response)
    return response.headers["Location"].rsplit("/", 1)[1]


def test_branch_choice_on_an_entered_board(app, client, board_id):
    """The seed's movement example: the Bavarian carriage at Andechs goes on to Ettal or Trient."""
    token = start_table(client, board=board_id)
    seat_everyone(client, token)
    page, draft = score_route(client, token, ["Augsburg", "Munchen", "Ingolstadt"],
                              steps=[("baiern", "Andechs", "board")], record=False)
    assert 'value="baiern>Ettal"' in page and 'value="baiern>Trient"' in page
    v = version(client, token)
    wrong = route_post(client, token, {"version": v, "stage": "moves", "draft": json.dumps(draft), "do": "add",
                                       "step": "baiern>Rom"}, 422)
    assert "From Andechs the Baiern carriage can only move on to Ettal, Trient, not Rom." in text(wrong)
    route_post(client, token, {"version": v, "stage": "moves", "draft": json.dumps(draft), "do": "add",
                               "step": "baiern>Trient"})
    assert "next: Test Po" not in text(client.get(f"/taxis/{token}"))  # nothing recorded until "Record"


def test_take_back_a_step_and_go_back(client):
    token = start_table(client)
    seat_everyone(client, token)
    _page, draft = score_route(client, token, ["Mannheim", "Carlsruhe", "Freiburg"],
                              steps=[("baden", "A"), ("baden", "B")], record=False)
    assert len(draft["moves"]) == 2
    v = version(client, token)
    popped = draft_of(route_post(client, token, {"version": v, "stage": "moves", "draft": json.dumps(draft),
                                                 "do": "pop"}).get_data(as_text=True))
    assert popped["moves"] == [{"carriage": "baden", "to": "A"}]
    back = route_post(client, token, {"version": v, "stage": "moves", "draft": json.dumps(popped), "do": "back"})
    assert 'name="post_office"' in back.get_data(as_text=True)
    again = route_post(client, token, {"version": v, "stage": "offices", "draft": json.dumps(popped), "do": "back"})
    assert 'name="city_0"' in again.get_data(as_text=True)
    assert '<option value="Mannheim" selected>' in again.get_data(as_text=True)


def test_tile_values_are_asked_at_first_need_and_remembered(app, client):
    token = start_table(client)
    seat_everyone(client, token)
    assert 'id="tile-values"' not in client.get(f"/taxis/{token}").get_data(as_text=True)
    score_route(client, token, ["Mannheim", "Carlsruhe", "Freiburg"], steps=[("baden", "Rom")])
    body = client.get(f"/taxis/{token}").get_data(as_text=True)
    assert 'id="tile-values"' in body
    for rank in ("cardinal", "bishop", "pastor"):
        assert f'name="rank" value="{rank}"' in body
    assert 'name="rank" value="priest"' not in body
    bad = act(client, token, "tile-value", 422, rank="cardinal", points="seven")
    assert "a whole number such as 3" in text(bad)
    assert 'value="seven"' in bad.get_data(as_text=True)
    act(client, token, "tile-value", rank="cardinal", points="7")
    assert state(app, token)["tile_values"] == {"cardinal": 7}
    page = client.get(f"/taxis/{token}").get_data(as_text=True)
    assert 'name="rank" value="cardinal"' not in page
    assert "7 points" in rome_section(client, token)
    junk = act(client, token, "tile-value", 422, rank="pope", points="3")
    assert "Pope is not a clergy rank" in text(junk)


def test_the_fifth_tile_gets_its_printed_name(app, client):
    token = start_table(client)
    seat_everyone(client, token)
    act(client, token, "tile-value", rank="fifth", points="1", name="Deacon")
    assert state(app, token)["rank_names"] == {"fifth": "Deacon"}


def test_no_audience_no_route_page(client):
    token = start_table(client, audience=None)
    assert client.get(f"/taxis/{token}/route").status_code == 404
    assert "Record a scored route" not in text(client.get(f"/taxis/{token}"))
