"""Each wired game's final sheet becomes a play with the game's own numbers (its score JSON as the answer)."""

from __future__ import annotations

import re

from plays_helpers import (
    finished_enroute_table,
    finished_eny_table,
    finished_taxis_table,
    finished_ttr_table,
    finished_welcome_table,
    new_group_from,
)

from companion.web.core.plays import store


def test_ticket_to_ride_table_becomes_a_play_with_its_rows_tickets_and_longest_path(app, client):
    """Not kept before the host ends the game; then the play has the score JSON's rows, totals and ranks."""
    table_id = finished_ttr_table(client, end=False)
    with app.test_request_context():
        assert store._final_sheets()["ttr-europe"](table_id) is None
    assert client.post(f"/ttr-europe/t/{table_id}/end").status_code == 302
    score = client.get(f"/ttr-europe/t/{table_id}/score.json").get_json()
    response = client.post(f"/plays/keep/ttr-europe/{table_id}", data={"action": "new", "name": "Trains"})
    gid = response.headers["Location"].rsplit("/", 1)[1]
    play = client.get(f"/plays/g/{gid}/plays.json").get_json()["plays"][0]
    assert play["game"] == "ttr-europe" and play["variant"] == "Europe (base game tickets)"
    for kept, expect in zip(play["players"], score["players"]):
        assert (kept["name"], kept["total"], kept["rank"], kept["rows"]) == (
            expect["player"], expect["total"], expect["rank"], expect["rows"])
        assert kept["facts"] == {"tickets_completed": expect["tickets_completed"],
                                 "longest_path": expect["longest_path"]}
    assert [r["key"] for r in play["rows"]] == ["routes", "tickets", "stations", "european_express"]
    html = client.get(f"/plays/g/{gid}/player?name=Aki").get_data(as_text=True)
    assert "European Express" in html and html.count('<svg class="chart"') == 2
    aki = play["players"][0]["facts"]
    assert re.search(rf'data-fact="tickets_completed"><th scope="row">Tickets completed</th><td>'
                     rf'{aki["tickets_completed"]}.0 on average, best {aki["tickets_completed"]}<', html)


def test_two_games_in_one_group(client):
    """A Welcome To... and a Ticket to Ride table in one group: both games listed with one play each."""
    gid = new_group_from(client, finished_welcome_table(client))
    ttr = finished_ttr_table(client)
    client.post(f"/plays/keep/ttr-europe/{ttr}", data={"action": "group", "group": gid})
    html = client.get(f"/plays/g/{gid}").get_data(as_text=True)
    assert "Welcome To...</a>: 1 play" in html and "Ticket to Ride: Europe</a>: 1 play" in html


def test_en_route_table_becomes_a_play_with_rows_and_city(client):
    """The hand-checked Training City table: 21 and 19 PP, ranks 1 and 2, its rows summing to the totals."""
    token = finished_enroute_table(client)
    response = client.post(f"/plays/keep/enroute/{token}", data={"action": "new", "name": "Routes"})
    assert response.status_code == 302, response.get_data(as_text=True)[-1500:]
    gid = response.headers["Location"].rsplit("/", 1)[1]
    play = client.get(f"/plays/g/{gid}/plays.json").get_json()["plays"][0]
    assert play["game"] == "enroute" and play["variant"] == "Training City"
    assert [(p["name"], p["total"], p["rank"]) for p in play["players"]] == [("Aki", 21, 1), ("Bo", 19, 2)]
    for p in play["players"]:
        assert sum(p["rows"].values()) == p["total"]
    assert {r["key"] for r in play["rows"]} >= set(play["players"][0]["rows"])
    html = client.get(f"/plays/g/{gid}/game/enroute").get_data(as_text=True)
    assert re.search(r"data-variants><li>Training City: 1 play</li>", html)


def test_explore_new_york_table_becomes_a_play(client):
    """The seed example's 82 PP on Riverside, with every row of the score JSON."""
    token = finished_eny_table(client)
    response = client.post(f"/plays/keep/explore-new-york/{token}", data={"action": "new", "name": "NYC"})
    assert response.status_code == 302, response.get_data(as_text=True)[-1500:]
    gid = response.headers["Location"].rsplit("/", 1)[1]
    play = client.get(f"/plays/g/{gid}/plays.json").get_json()["plays"][0]
    score = client.get(f"/explore-new-york/tables/{token}/score.json").get_json()
    max_ = play["players"][0]
    assert (max_["name"], max_["total"], max_["rank"]) == ("Max", 82, 1)
    for kept, expect in zip(play["players"], score["players"], strict=True):
        assert (kept["total"], kept["rank"], kept["rows"]) == (expect["total"], expect["rank"], expect["rows"])
    assert [r["key"] for r in play["rows"]] == list(play["players"][0]["rows"])


def test_thurn_und_taxis_final_sheet_becomes_a_play(app, client):
    """Not kept before every line is entered; then the play has the score JSON's rows, totals and ranks."""
    token = finished_taxis_table(client)
    score = client.get(f"/taxis/{token}/score.json").get_json()
    assert score["final"]
    response = client.post(f"/plays/keep/thurn-und-taxis-rome/{token}", data={"action": "new", "name": "Rome"})
    gid = response.headers["Location"].rsplit("/", 1)[1]
    play = client.get(f"/plays/g/{gid}/plays.json").get_json()["plays"][0]
    for kept, expect in zip(play["players"], score["players"], strict=True):
        assert (kept["name"], kept["total"], kept["rank"]) == (expect["player"], expect["total"], expect["rank"])
        assert kept["rows"] == {k: v for k, v in expect["rows"].items() if isinstance(v, int)}
    assert sorted(p["total"] for p in play["players"]) == [3, 6, 11, 15]  # 3+5−2, 4+1+10, 6+2−5, 5+7−1


def test_an_unfinished_taxis_table_is_not_kept(app, client):
    """A table whose game has not ended gives no play: the group says it will keep it once final."""
    response = client.post("/taxis/new", data={"audience": "y", "offices": "", "board": "", **{
        f"{f}_{i}": v for i, (n, c) in enumerate([("Anna", "blue"), ("Ben", "green"), ("Scott", "red"),
                                                  ("Dave", "yellow")]) for f, v in (("name", n), ("colour", c))}})
    token = response.headers["Location"].rsplit("/", 1)[1]
    done = client.post(f"/plays/keep/thurn-und-taxis-rome/{token}", data={"action": "new", "name": "Rome"},
                       follow_redirects=True)
    assert "when its score sheet is final" in done.get_data(as_text=True)
    assert "No play yet" in done.get_data(as_text=True)
