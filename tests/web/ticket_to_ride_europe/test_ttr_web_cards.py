"""The claim log's cards, turns and end (issue 29): a ferry's locomotives and a tunnel's extra cards checked when
given (refused with the engine's message, nothing written), the page saying where the companion trusts the table,
turns without a claim counting the last round, the last turn ending the game by itself (tickets shown, the score
sheet opened), a turn after the end shown as a problem, `log.json` as `ttr-europe-log/1`, both languages."""

from __future__ import annotations

import html
import json
import re

import pytest
from ttr_web_helpers import claim, save, start_table

from companion.games.ticket_to_ride_europe import check_log
from companion.web.core.tables import registry
from companion.web.ticket_to_ride_europe import claim_store, store

ROUTES_43 = (100, 83, 99, 7, 13, 14, 21, 22, 4)  # single routes of 8+6+6+4·5+3 = 43 trains: 2 left


def _post(client, table_id, count, seat, **fields):
    """Post one line to the claim log (a route with its card fields, a station or a turn)."""
    data = {"count": str(count), "seat": str(seat)}
    if "route" in fields:
        data["kind"] = "route"
    elif "city" in fields:
        data["kind"] = "station"
    else:
        data["kind"] = "turn"
    data.update({k.replace("revealed_", "revealed-"): str(v) for k, v in fields.items()})
    return client.post(f"/ttr-europe/t/{table_id}/log", data=data)


def _alerts(response) -> str:
    return html.unescape(" ".join(re.findall(r'role="(?:alert|status)">\s*(.*?)\s*<', response.get_data(as_text=True),
                                             re.S)))


def _log(app, table_id):
    with app.app_context():
        return claim_store.get_log(table_id)


def test_cards_are_checked_when_given_and_kept_with_the_line(app):
    client = app.test_client()
    table_id = start_table(client, names=("Aki", "Ben", "Cho"))
    # a ferry (83 Palermo–Smyrna, 2 locomotives) with one locomotive: refused, nothing written
    refused = _post(client, table_id, 0, 0, route=83, played_colour="red", played_count=5, played_locos=1)
    assert refused.status_code == 422
    assert "ferry: it takes at least 2 locomotive cards, not 1" in _alerts(refused)
    assert _log(app, table_id) == []
    page = html.unescape(refused.get_data(as_text=True))
    assert 'name="played_count" id="played-count" inputmode="numeric" autocomplete="off" value="5"' in page  # kept
    # the same ferry with its two locomotives
    assert _post(client, table_id, 0, 0, route=83, played_colour="red", played_count=4,
                 played_locos=2).status_code == 302
    # a tunnel (51 Madrid–Pamplona, black 3): black + locomotive revealed ask for 2 more; 1 added is refused
    short = _post(client, table_id, 1, 1, route=51, played_colour="black", played_count=3, revealed_0="black",
                  revealed_1="locomotive", revealed_2="red", extra_count=1)
    assert short.status_code == 422 and "Tunnel 51 Madrid–Pamplona: 2 of the 3 cards revealed" in _alerts(short)
    assert _post(client, table_id, 1, 1, route=51, played_colour="black", played_count=3, revealed_0="black",
                 revealed_1="locomotive", revealed_2="red", extra_count=1, extra_locos=1).status_code == 302
    # blue cards on a red route; a colour count without its colour; junk numbers
    wrong = _post(client, table_id, 2, 2, route=1, played_colour="blue", played_count=2)
    assert wrong.status_code == 422 and "is red: blue cards cannot claim it" in _alerts(wrong)
    assert _post(client, table_id, 2, 2, route=1, played_count=2).status_code == 422
    assert _post(client, table_id, 2, 2, route=1, played_colour="red", played_count="x").status_code == 422
    assert _post(client, table_id, 2, 2, route=1, played_colour="purple", played_count=2).status_code == 422
    assert _post(client, table_id, 2, 2, route=1, played_colour="red", played_count=2,
                 revealed_0="joker").status_code == 422
    notunnel = _post(client, table_id, 2, 2, route=1, played_colour="red", played_count=2, revealed_0="red")
    assert notunnel.status_code == 422 and "is not a tunnel" in _alerts(notunnel)
    # without cards the claim is taken as the table says (a colour alone, the page's preset, is no cards)
    assert _post(client, table_id, 2, 2, route=1, played_colour="red").status_code == 302
    log = _log(app, table_id)
    assert [line["cards"] for line in log] == [
        {"played": {"red": 4, "locomotive": 2}},
        {"played": {"black": 3}, "revealed": ["black", "locomotive", "red"], "extra": {"black": 1, "locomotive": 1}},
        None]
    page = html.unescape(client.get(f"/ttr-europe/t/{table_id}/log").get_data(as_text=True))
    assert "(cards: 3 black; revealed: black, locomotive, red; added: 1 black + 1 locomotive)" in page
    assert "(cards: 4 red + 2 locomotive)" in page
    # the page says what is checked and where the companion trusts the table
    assert "It trusts the table for the rest" in page and 'data-tunnel="1" data-ferry="0"' in page
    assert 'data-ferry="2"' in page
    japanese = client.get(f"/ttr-europe/t/{table_id}/log?lang=ja").get_data(as_text=True)
    assert "It trusts the table" not in japanese and "機関車" in japanese


def test_the_log_file_is_the_documented_format_and_checks_clean(app):
    client = app.test_client()
    table_id = start_table(client, names=("Aki", "Ben"))
    _post(client, table_id, 0, 0, route=51, played_colour="black", played_count=2, played_locos=1)
    _post(client, table_id, 1, 1, city="Wien")
    _post(client, table_id, 2, 0, turn="tickets")
    response = client.get(f"/ttr-europe/t/{table_id}/log.json")
    assert response.headers["Content-Disposition"].startswith("attachment")
    doc = json.loads(response.get_data(as_text=True))
    assert doc == {"format": "ttr-europe-log/1", "players": ["Aki", "Ben"], "lines": [
        {"player": "Aki", "route": 51, "cards": {"played": {"black": 2, "locomotive": 1}}},
        {"player": "Ben", "station": "Wien"},
        {"player": "Aki", "turn": "tickets"}]}
    checked = check_log(doc)
    assert checked["problems"] == [] and checked["players"][0]["score_track"] == 4
    assert client.get("/ttr-europe/t/nope/log.json").status_code == 404


def test_the_last_turn_ends_the_game_and_every_page_follows_to_the_score_sheet(app):
    """Aki reaches 2 trains; Ben's turn without a claim, Cho's, then Aki's: the game ends by itself in the same
    write (tickets shown), the phone that logged it lands on the score sheet, every page carries the end for the
    live script; a turn logged after the end is the log's problem on every page; undo keeps the game ended."""
    client = app.test_client()
    table_id = start_table(client, names=("Aki", "Ben", "Cho"))
    tokens = [claim(client, table_id, seat) for seat in range(3)]
    assert save(client, tokens[1], 0, tickets=[("Paris", "Wien")]).status_code == 302
    for k, rid in enumerate(ROUTES_43):
        assert _post(client, table_id, k, 0, route=rid).status_code == 302
    n = len(ROUTES_43)
    t = f"/ttr-europe/t/{table_id}"
    page = client.get(f"{t}/log").get_data(as_text=True)
    assert "Still to play their last turn: Ben, Cho, Aki." in page and 'data-ended="0"' in page
    assert _post(client, table_id, n, 1, turn="cards").status_code == 302
    assert _post(client, table_id, n + 1, 2, turn="tunnel").status_code == 302
    with app.app_context():
        assert not registry.get("ttr-europe", table_id)["finished"]
    last = _post(client, table_id, n + 2, 0, turn="tickets")
    assert last.status_code == 302 and last.headers["Location"].endswith(f"{t}/score")
    with app.app_context():
        assert registry.get("ttr-europe", table_id)["finished"]
    sheet = html.unescape(client.get(f"{t}/score").get_data(as_text=True))
    assert "Paris–Wien" in sheet and "Every player has had their last turn: the game is over" in sheet
    assert client.get(f"{t}/game.json").get_json()["players"][1]["tickets"] == [{"from": "Paris", "to": "Wien"}]
    for url in (t, f"{t}/log", f"{t}/deal", *(f"/ttr-europe/s/{tok}" for tok in tokens)):
        page = client.get(url).get_data(as_text=True)
        assert 'id="end-follow"' in page and 'data-ended="1"' in page and f'data-score="{t}/score"' in page, url
        assert "end.js" in page
    assert 'data-here="1"' in client.get(f"{t}/score").get_data(as_text=True)
    log = client.get(f"{t}/log").get_data(as_text=True)
    assert "Ben drew train cards." in log and "Cho gave up a tunnel and took the cards back." in log
    assert "Aki drew destination tickets." in log
    # a turn after the end: logged (the table says what happened), and the problem of the log everywhere
    assert _post(client, table_id, n + 3, 1, turn="cards").status_code == 302
    for url in (t, f"{t}/score", f"{t}/log"):
        assert f"Line {n + 4}: Ben played after the end of the game" in client.get(url).get_data(as_text=True), url
    assert check_log(client.get(f"{t}/log.json").get_json())["problems"][0]["code"] == "turn-after-end"
    # undo takes the lines back; the tickets stay shown
    for count in (n + 4, n + 3):
        assert client.post(f"{t}/log/undo", data={"count": str(count)}).status_code == 302
    with app.app_context():
        assert registry.get("ttr-europe", table_id)["finished"]
        assert [s["version"] for s in store.get_seats(table_id)][1:] == [1, 0]  # turns never touch an entry


def test_a_turn_needs_its_player_and_what_they_did(app):
    client = app.test_client()
    table_id = start_table(client)
    assert _post(client, table_id, 0, 0, turn="nap").status_code == 422
    assert _post(client, table_id, 0, 7, turn="cards").status_code == 422
    assert client.post(f"/ttr-europe/t/{table_id}/log", data={"count": "0", "seat": "0", "kind": "dance"}
                       ).status_code == 422
    assert _log(app, table_id) == []


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_end_and_the_cards_speak_the_phones_language(app, lang):
    client = app.test_client()
    table_id = start_table(client, names=("Aki", "Ben"))
    refused = client.post(f"/ttr-europe/t/{table_id}/log?lang={lang}", data={
        "count": "0", "seat": "0", "kind": "route", "route": "83", "played_colour": "red", "played_count": "6"})
    text = _alerts(refused)
    assert ("ferry" in text) == (lang == "en") and ("フェリー" in text) == (lang == "ja")
