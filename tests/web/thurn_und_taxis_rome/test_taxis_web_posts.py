"""Post offices, bonus tiles and the end tracked through the pages (a table started with "track" ticked).

Three players, both modules: Anna scores three routes with post offices (7 + 7 + 5), takes one tile of
each official and, taking the last cartwright, opens a return round in which her 4 kinds give her the
20th post office: the final round starts, every page says so and counts the turns left, the end of
Scott's turn ends the game, and the score sheet takes the bonus tiles and houses left from the table.
"""

from __future__ import annotations

import json

from taxis_web_helpers import act, draft_of, route_post, score_route, seat_everyone, start_table, state, text, version

LONG = ["Augsburg", "Ingolstadt", "Munchen", "Innsbruck", "Kempten", "Sigmaringen", "Freiburg"]


def tracked_table(client, n: int = 3, **overrides) -> str:
    """A table tracking post offices, bonus tiles and the end."""
    return start_table(client, n, posts="y", **overrides)


def test_untracked_by_default_in_old_posts_and_tracked_when_ticked(app, client):
    plain = start_table(client, 3)
    assert "posts" not in state(app, plain)
    page = text(client.get(f"/taxis/{plain}/score"))
    assert "This table did not track post offices and bonus tiles" in page
    token = tracked_table(client)
    assert state(app, token)["posts"] == {"houses": [0, 0, 0], "bonus": [[], [], []], "final_round": None}
    page = text(client.get(f"/taxis/{token}"))
    assert "Post offices and bonus tiles" in page and "The base game is over" not in page
    assert "Track post offices, bonus tiles and the end" in text(client.get("/taxis/new"))


def test_bonus_tiles_from_the_top_once_per_stack_on_the_seat_page(app, client):
    token = tracked_table(client)
    seats = seat_everyone(client, token, n=3)
    page = client.post(seats[0] + "/bonus", data={"version": version(client, token), "stack": "province:Baiern"})
    assert page.status_code == 302
    assert "Anna took the Province tile: Baiern (5 points)." in text(client.get(seats[0]))
    again = client.post(seats[0] + "/bonus", data={"version": version(client, token), "stack": "province:Baiern"})
    assert again.status_code == 422
    assert ("A player takes at most one tile of each bonus stack; Anna already holds the Province tile: Baiern "
            "tile worth 5.") in text(again)
    # Ben takes the next Baiern tile from the shared screen: the top one now is worth less
    act(client, token, "bonus", seat="1", stack="province:Baiern")
    assert state(app, token)["posts"]["bonus"][:2] == [[{"stack": "province:Baiern", "points": 5}],
                                                       [{"stack": "province:Baiern", "points": 4}]]
    # the end-game tile is not taken by hand; a forged stack is named, the form kept
    refused = act(client, token, "bonus", 422, seat="2", stack="end_game")
    assert "The end-game tile goes by itself to the player who starts the final round." in text(refused)
    blank = act(client, token, "bonus", 422, seat="2", stack="")
    assert "Choose the bonus tile taken." in text(blank)
    # Scott's seat page offers only the stacks he may take from (Baiern's top tile is now 3)
    scott = client.get(seats[2]).get_data(as_text=True)
    assert 'value="province:Baiern"' in scott and 'value="end_game"' not in scott


def _turn(client, token, route_offices: int | None = None, office: str | None = None, end: bool = True) -> None:
    """One turn of the active player: a route with post offices in its first cities, an official's tile."""
    if route_offices is not None:
        score_route(client, token, LONG, LONG[:route_offices])
    if office:
        act(client, token, "office", office=office)
    if end:
        act(client, token, "end-turn")


def test_last_post_office_starts_the_final_round_on_every_page_and_the_sheet_is_tracked(app, client):
    token = tracked_table(client)
    seats = seat_everyone(client, token, n=3)
    _turn(client, token, 7, "postmaster")          # 1 Anna: 7 post offices
    _turn(client, token, None, "cartwright")       # 2 Ben
    _turn(client, token, None, "cartwright")       # 3 Scott
    _turn(client, token, 7, "coachman")            # 4 Anna: 14
    _turn(client, token)                           # 5 Ben
    _turn(client, token)                           # 6 Scott
    _turn(client, token, 5, "administrator")       # 7 Anna: 19
    _turn(client, token)                           # 8 Ben
    _turn(client, token)                           # 9 Scott
    assert "Post offices placed: 19 of 20 (1 left)" in text(client.get(seats[0]))
    v = version(client, token)
    data = {"version": v, "stage": "route", "draft": "{}", "do": "next", **{f"city_{i}": c for i, c in enumerate(LONG)}}
    offices_step = text(route_post(client, token, data))
    assert "Anna has 1 post offices left; the ticked ones are counted" in offices_step
    _page, draft = score_route(client, token, LONG, LONG[:3], record=False)
    too_many = route_post(client, token, {"version": version(client, token), "stage": "moves",
                                          "draft": json.dumps(draft), "do": "record"}, 422)
    assert "Anna has 1 post offices left, not 3." in text(too_many)  # refused, the draft kept
    assert draft_of(too_many.get_data(as_text=True))["post_offices"] == LONG[:3]
    _turn(client, token, None, "cartwright", end=False)  # 10 Anna takes the last cartwright: a return round
    returned = client.post(seats[0] + "/return", data={
        "version": version(client, token), "kinds": ["postmaster", "coachman", "administrator", "cartwright"]})
    assert returned.status_code == 302
    after = text(client.get(seats[0]))
    assert "Anna placed 1 post office(s); 0 left." in after
    assert "Bonus tiles apply at once: if Anna’s new post office completes a province group" in after
    doc = state(app, token)
    assert doc["posts"]["houses"] == [20, 0, 0] and doc["posts"]["final_round"] == 0
    assert [b["stack"] for b in doc["posts"]["bonus"][0]] == ["end_game"]  # taken by itself
    announced = "Anna placed their last post office: the final round started."
    for url in (f"/taxis/{token}", seats[1], seats[2], f"/taxis/{token}/score"):
        page = text(client.get(url))
        assert announced in page, url
        assert "Turns still to play (3): Anna, Ben, Scott." in page, url
        assert "The game ends when Scott’s turn ends" in page, url
    log = text(client.get(f"/taxis/{token}"))
    assert "Anna placed their last post office: the final round starts; the game ends after Scott's turn." in log
    # the others return in the round, then the final round is played out
    act(client, token, "return", seat="1", kinds=["cartwright"])
    act(client, token, "return", seat="2", kinds=["cartwright"])
    act(client, token, "end-turn")
    assert "Turns still to play (2): Ben, Scott." in text(client.get(seats[2]))
    act(client, token, "end-turn")
    assert "End Scott’s turn and the game" in text(client.get(f"/taxis/{token}"))
    act(client, token, "end-turn")
    doc = state(app, token)
    assert doc["ended"] is True
    page = text(client.get(f"/taxis/{token}"))
    assert "The game is over" in page and "Turns still to play" not in page
    refused = act(client, token, "end-turn", 422)
    assert "The game is over" in text(refused)

    # the score sheet: bonus tiles and houses left from the table, only the carriage typed
    sheet = text(client.get(f"/taxis/{token}/score"))
    assert "From what the companion tracked" in sheet and "Post offices placed: 20 of 20" in sheet
    assert 'name="p0-houses"' not in client.get(f"/taxis/{token}/score").get_data(as_text=True)
    saved = client.post(f"/taxis/{token}/score", data={"version": version(client, token), "p0-carriage": "5",
                                                      "p1-carriage": "", "p2-carriage": "3",
                                                      "p0-houses": "7"})  # a forged typed value is ignored
    assert saved.status_code == 302
    found = client.get(f"/taxis/{token}/score.json").get_json()
    rows = [p["rows"] for p in found["players"]]
    end_tile = doc["posts"]["bonus"][0][0]["points"]
    assert rows[0]["houses_left"] == 0 and rows[1]["houses_left"] == -20 and rows[2]["houses_left"] == -20
    assert rows[0]["bonus_tiles"] == end_tile and rows[1]["bonus_tiles"] == 0
    assert [p["entered"] for p in found["players"]] == [True, True, True] and found["final"] is True
    assert rows[0]["carriage"] > 0 and rows[1]["carriage"] == 0


def test_without_the_audience_post_offices_and_the_seven_carriage(app, client):
    token = tracked_table(client, 2, audience=None)
    act(client, token, "build", count="3")
    assert state(app, token)["posts"]["houses"] == [3, 0]
    junk = act(client, token, "build", 422, count="lots")
    assert "Type how many post offices were placed: a whole number from 1." in text(junk)
    assert 'value="lots"' in junk.get_data(as_text=True)  # what was typed is kept
    too_many = act(client, token, "build", 422, count="18")
    assert "Anna has 17 post offices left, not 18." in text(too_many)
    unticked = act(client, token, "trigger-end", 422)
    assert "Tick the box to confirm that Anna took a 7-carriage." in text(unticked)
    act(client, token, "trigger-end", confirm="yes")
    page = text(client.get(f"/taxis/{token}"))
    assert "Anna took a 7-carriage: the final round started." in page
    assert "Turns still to play (2): Anna, Ben." in page
    assert "Anna took a 7-carriage: the final round starts; the game ends after Ben's turn." in page  # the log
    assert state(app, token)["posts"]["bonus"][0][0]["stack"] == "end_game"
