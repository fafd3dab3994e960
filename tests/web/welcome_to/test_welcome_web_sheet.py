"""A player's live sheet through its endpoints: moves checked by the engine, refusals explained in the phone's
language, undo, stale saves refused with 409, claims decided across the table, importing a finished sheet."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from welcome_web_helpers import JSON, game_doc, join, move, ok, play_round, start_table, version_of

GAMES = Path(__file__).resolve().parents[2] / "games" / "welcome_to" / "games"


@pytest.fixture
def seat(client):
    """A standard table (plans 1, 7, 13) with Aki seated on this phone; (table id, Aki's token)."""
    table_id = start_table(client)
    return table_id, join(client, table_id, "Aki")


def test_sheet_page_shows_streets_pad_and_plans(client, seat):
    """The sheet has 33 houses, 30 fence slots, 9 printed pools, the number pad and the three plans."""
    _table, token = seat
    page = client.get(f"/welcome-to/s/{token}").get_data(as_text=True)
    assert page.count('class="house ') == 33
    assert page.count('class="fence') == 30
    assert page.count("pool-printed") == 9
    assert 'id="pad"' in page and 'data-key="7"' in page
    assert "Claim plan 1" in page and "Claim plan 7" in page and "Claim plan 13" in page
    assert "Round 1" in page


def test_a_number_is_written_and_saved(client, seat):
    """A legal number is accepted, saved with a new version, and drawn on the sheet."""
    _table, token = seat
    body = ok(move(client, token, 0, kind="number", street=1, house=3, number=7))
    assert body["version"] == 1 and body["messages"] == []
    assert 'data-s="1" data-h="3" data-kind="number" data-number="7"' in body["html"]
    page = client.get(f"/welcome-to/s/{token}").get_data(as_text=True)
    assert 'data-number="7"' in page and "Last move: write 7 at street 1, house 3" in page


def test_refused_move_is_explained_and_nothing_changes(client, seat):
    """A number breaking the order is a 422 naming the reason; the sheet and version stay as they were."""
    _table, token = seat
    play_round(client, token, 1, 2, 9)
    response = move(client, token, kind="number", street=1, house=5, number=3)
    body = response.get_json()
    assert response.status_code == 422 and not body["ok"]
    assert body["messages"] == ["3 does not fit at street 1, house 5: numbers must increase from left to right."]
    assert body["move"] == "write 3 at street 1, house 5"
    assert body["version"] == version_of(client, token) == 2


def test_refused_move_in_japanese(client, seat):
    """The explanation follows the phone's language."""
    _table, token = seat
    play_round(client, token, 1, 2, 9)
    client.get("/?lang=ja")  # this phone now reads Japanese
    body = move(client, token, kind="number", street=1, house=5, number=3).get_json()
    assert body["messages"] == ["3は通り1の区画5に書けません。番地は左から右へ大きくならなければなりません。"]


def test_one_number_per_round_and_next_round(client, seat):
    """A second number in a round is refused until the next round; the next round needs a number first."""
    _table, token = seat
    body = move(client, token, kind="next").get_json()
    assert "before the next round" in body["messages"][0]
    ok(move(client, token, kind="number", street=2, house=1, number=4))
    assert move(client, token, kind="number", street=2, house=2, number=5).get_json()["messages"] == [
        "This round's number is already written."]
    ok(move(client, token, kind="next"))
    ok(move(client, token, kind="number", street=2, house=2, number=5))
    assert "Round 2" in client.get(f"/welcome-to/s/{token}").get_data(as_text=True)


@pytest.mark.parametrize("effect,use,check", [
    ("surveyor", {"kind": "fence", "street": 1, "house": 3}, lambda d: d["fences"] == [[2], [], []]),
    ("real-estate", {"kind": "estate", "size": 3}, lambda d: d["estate_values"] == {"3": 1}),
    ("landscaper", {"kind": "park", "street": 1}, lambda d: d["parks"] == [1, 0, 0]),
    ("pool", {"kind": "pool", "street": 1, "house": 3}, lambda d: d["pools"] == [[0, 2]]),
    ("temp", {"kind": "temp"}, lambda d: d["temps"] == 1),
    ("bis", {"kind": "bis", "street": 1, "house": 4}, lambda d: d["streets"][0][3] == "5b"),
])
def test_each_effect_reaches_the_game_document(client, seat, effect, use, check):
    """Each card effect, used after the number, is in the downloaded welcome-to-game/1."""
    table_id, token = seat
    play_round(client, token, 1, 3, 5, effect, use)
    assert check(game_doc(client, table_id)["players"][0])


def test_wrong_effect_and_effect_before_number(client, seat):
    """The card's effect only, and only after the number."""
    _table, token = seat
    ok(move(client, token, kind="effect", effect="pool"))
    assert move(client, token, kind="pool", street=1, house=3).get_json()["messages"][0] == (
        "Write this round's number before using its effect.")
    ok(move(client, token, kind="number", street=1, house=1, number=2))
    assert move(client, token, kind="temp").get_json()["messages"] == ["This round's card gives the pool manufacturer effect."]
    assert move(client, token, kind="pool", street=1, house=3).get_json()["messages"] == [
        "A pool is built on the house where this round's number was written."]


def test_bis_needs_a_neighbour_and_fences_need_the_surveyor(client, seat):
    """A bis next to nothing is refused, with the engine's reason."""
    _table, token = seat
    ok(move(client, token, kind="effect", effect="bis"))
    ok(move(client, token, kind="number", street=3, house=5, number=8))
    messages = move(client, token, kind="bis", street=3, house=1).get_json()["messages"]
    assert messages == ["A bis copies the number of a house next to it with no fence between; street 3, house 1 has "
                        "no such neighbour."]


def test_refusal_checks_the_card_number(client, seat):
    """A permit is refused only when the card's number fits nowhere; the refusal is then counted."""
    table_id, token = seat
    assert "still fits" in move(client, token, kind="refusal", number=6).get_json()["messages"][0]
    ok(move(client, token, kind="refusal"))
    assert game_doc(client, table_id)["players"][0]["refusals"] == 1


def test_roundabouts_only_with_the_intermediate_rules(client):
    """A roundabout is refused at a standard table and built (with its fences) at an intermediate one."""
    standard = start_table(client)
    token = join(client, standard, "Aki")
    assert move(client, token, kind="roundabout", street=2, house=4).get_json()["messages"] == [
        "Roundabouts belong to the intermediate rules."]
    inter = start_table(client, intermediate="y", plan_1="19", plan_2="25", plan_3="13")
    token = join(client, inter, "Aki")
    ok(move(client, token, kind="roundabout", street=2, house=4))
    doc = game_doc(client, inter)["players"][0]
    assert doc["streets"][1][3] == "R" and doc["fences"][1] == [2, 3]
    assert "Build a roundabout" in client.get(f"/welcome-to/s/{token}").get_data(as_text=True)


def test_undo_takes_back_the_last_move(client, seat):
    """Undo drops the last entry and says which; with nothing left it says so."""
    table_id, token = seat
    ok(move(client, token, kind="number", street=1, house=1, number=3))
    body = ok(client.post(f"/welcome-to/s/{token}/undo", data={"version": "1"}, headers=JSON))
    assert body["messages"] == ["Undone: write 3 at street 1, house 1"] and body["version"] == 2
    assert game_doc(client, table_id)["players"][0]["streets"][0][0] is None
    response = client.post(f"/welcome-to/s/{token}/undo", data={"version": "2"}, headers=JSON)
    assert response.status_code == 422 and response.get_json()["messages"] == ["There is nothing to undo."]


def test_stale_move_is_409_and_overwrites_nothing(client, app, seat):
    """A move from a screen that missed a save is refused with 409; the saved sheet stays and is sent back."""
    table_id, token = seat
    other = app.test_client()  # the same seat open on a second screen
    ok(move(other, token, 0, kind="number", street=1, house=1, number=3))
    response = move(client, token, 0, kind="number", street=2, house=1, number=8)
    body = response.get_json()
    assert response.status_code == 409 and body["conflict"] and body["version"] == 1
    assert "changed on another screen" in body["messages"][0] and body["move"] == "write 8 at street 2, house 1"
    assert 'data-number="3"' in body["html"]
    doc = game_doc(client, table_id)["players"][0]
    assert doc["streets"][0][0] == 3 and doc["streets"][1][0] is None
    response = client.post(f"/welcome-to/s/{token}/undo", data={"version": "0"}, headers=JSON)
    assert response.status_code == 409


def test_stale_move_without_script_keeps_the_move_in_the_form(client, seat):
    """Without the page's script a stale move re-renders the page (409) with the move's fields kept."""
    _table, token = seat
    ok(move(client, token, 0, kind="number", street=1, house=1, number=3))
    response = client.post(f"/welcome-to/s/{token}/move", data={"version": "0", "kind": "number", "street": "1",
                                                                   "house": "2", "number": "11"})
    page = response.get_data(as_text=True)
    assert response.status_code == 409
    assert "Not done: write 11 at street 1, house 2" in page
    assert re.search(r'<input id="number"[^>]*value="11"', page)
    assert 'id="move-version" name="version" type="hidden" value="1"' in page


def test_form_path_redirects_and_refuses_with_the_page(client, seat):
    """Without the script: a legal move redirects to the sheet, a refused one is a 422 page with the reason."""
    _table, token = seat
    response = client.post(f"/welcome-to/s/{token}/move", data={"version": "0", "kind": "number", "street": "1",
                                                                   "house": "1", "number": "4"})
    assert response.status_code == 302 and response.headers["Location"].endswith(f"/welcome-to/s/{token}#round")
    response = client.post(f"/welcome-to/s/{token}/move", data={"version": "1", "kind": "park", "street": "2"})
    page = response.get_data(as_text=True)
    assert response.status_code == 422 and "A park is crossed on the street where this round" in page.replace("&#39;", "'")


@pytest.mark.parametrize("data,text", [
    ({"kind": "dance"}, "Choose what to do"),
    ({"kind": "number", "street": "one"}, "The street must be a whole number, not one."),
    ({"kind": "number", "number": "-3"}, "The number must be a whole number, not -3."),
    ({"kind": "number", "house": "99999999999999"}, "The house must be a whole number"),
    ({"kind": "number", "street": "7", "house": "1", "number": "3"}, "Streets are 0 to 2, not 6."),
    ({"kind": "plan", "plan": "4"}, "Plan 4 is not in play."),
    ({"kind": "effect", "effect": "x" * 500}, "Choose one of the six effects."),
])
def test_junk_moves_are_explained(client, seat, data, text):
    """Junk fields are 422 with a message naming what is wrong, never a 500."""
    _table, token = seat
    response = client.post(f"/welcome-to/s/{token}/move", data={"version": "0", **data}, headers=JSON)
    assert response.status_code == 422
    assert any(text in m for m in response.get_json()["messages"])


def _six_singles(client, token):
    """Fill street 1's first six houses as six fenced 1-house estates (plan 1), the last round left open."""
    for h in range(1, 7):
        ok(move(client, token, kind="effect", effect="surveyor"))
        ok(move(client, token, kind="number", street=1, house=h, number=h))
        ok(move(client, token, kind="fence", street=1, house=h))
        if h < 6:
            ok(move(client, token, kind="next"))


def test_claims_in_the_same_round_score_first_later_ones_later(client, app):
    """Plan 1 met by two players in round 6 is first for both; a third meeting it in round 7 scores it later."""
    table_id = start_table(client)
    phones = [app.test_client() for _ in range(3)]
    tokens = [join(p, table_id, n) for p, n in zip(phones, ("Aki", "Ben", "Cho"))]
    for phone, token in zip(phones, tokens):
        _six_singles(phone, token)
    ok(move(phones[0], tokens[0], kind="plan", plan=1))
    ok(move(phones[2], tokens[2], kind="next"))  # Cho is a round late
    ok(move(phones[2], tokens[2], kind="refusal"))
    ok(move(phones[2], tokens[2], kind="plan", plan=1))
    ok(move(phones[1], tokens[1], kind="plan", plan=1))  # Ben claims after Cho, but in round 6
    players = game_doc(client, table_id)["players"]
    assert [p["plans"] for p in players] == [[{"plan": 1, "first": True}], [{"plan": 1, "first": True}],
                                             [{"plan": 1, "first": False}]]
    page = phones[2].get(f"/welcome-to/s/{tokens[2]}").get_data(as_text=True)
    assert "Claimed in round 7: 4 points (later side)." in page and "Aki claimed it (first side)." in page
    fence = move(phones[0], tokens[0], kind="fence", street=1, house=3).get_json()["messages"]
    assert fence  # the round's effect is used; any fence inside the plan's estates is refused too


def test_fence_may_not_split_an_estate_used_for_a_plan(client):
    """Once a plan takes an estate, a surveyor's fence cannot split it."""
    table_id = start_table(client, plan_1="4")  # plan 4: two 4-house estates
    token = join(client, table_id, "Aki")
    for h, n in enumerate((1, 2, 3, 4, 5, 6, 7, 8), start=1):
        ok(move(client, token, kind="effect", effect="surveyor"))
        ok(move(client, token, kind="number", street=3, house=h, number=n))
        if h in (4, 8):
            ok(move(client, token, kind="fence", street=3, house=h))
        ok(move(client, token, kind="next"))
    ok(move(client, token, kind="plan", plan=4))
    ok(move(client, token, kind="effect", effect="surveyor"))
    ok(move(client, token, kind="number", street=1, house=1, number=0))
    assert move(client, token, kind="fence", street=3, house=2).get_json()["messages"] == [
        "This fence would split an estate used for a city plan."]


def test_solo_card_flips_the_plans(client):
    """In solo the solo card turns every later claim to the later side."""
    table_id = start_table(client, mode="solo", name="Sol")
    token = re.search(r'href="/welcome-to/s/([^"]+)"', client.get(f"/welcome-to/t/{table_id}").get_data(
        as_text=True)).group(1)
    ok(move(client, token, kind="solo-card"))
    _six_singles(client, token)
    ok(move(client, token, kind="plan", plan=1))
    assert game_doc(client, table_id)["players"][0]["plans"] == [{"plan": 1, "first": False}]
    assert "The solo card came up in round 1" in client.get(f"/welcome-to/s/{token}").get_data(as_text=True)


def test_the_end_is_announced(client, app):
    """A third refusal is announced on the table page and every sheet."""
    table_id = start_table(client)
    aki, ben = join(client, table_id, "Aki"), join(app.test_client(), table_id, "Ben")
    for _ in range(3):
        ok(move(client, aki, kind="refusal"))
        ok(move(client, aki, kind="next"))
    line = "Aki crossed a third permit refusal."
    assert line in client.get(f"/welcome-to/t/{table_id}").get_data(as_text=True)
    assert line in app.test_client().get(f"/welcome-to/s/{ben}").get_data(as_text=True)
    assert move(client, aki, kind="refusal").get_json()["messages"] == ["Every permit refusal box is crossed already."]


def test_fragment_and_sheet_download(client, seat):
    """The fragment answers the sheet and its version; the download is the seat's welcome-to-game/1 player."""
    _table, token = seat
    ok(move(client, token, kind="number", street=1, house=1, number=3))
    body = client.get(f"/welcome-to/s/{token}/fragment").get_json()
    assert body["version"] == 1 and 'id="round"' in body["html"]
    response = client.get(f"/welcome-to/s/{token}/sheet.json")
    assert response.status_code == 200 and "attachment" in response.headers["Content-Disposition"]
    player = json.loads(response.data)
    assert player["player"] == "Aki" and player["streets"][0][0] == 3


def test_import_a_finished_sheet(client):
    """A finished sheet pasted as JSON replaces the seat's sheet; the score follows it."""
    seed = json.loads((GAMES / "seed-example.json").read_text())
    table_id = start_table(client, plan_1="3", plan_2="8", plan_3="14")
    token = join(client, table_id, "Aki")
    player = seed["players"][0]
    data = {"version": "0", "text": json.dumps({**seed, "players": [player]})}
    response = client.post(f"/welcome-to/s/{token}/import", data=data)
    assert response.status_code == 302, response.get_data(as_text=True)[:2000]
    doc = game_doc(client, table_id)
    assert doc["players"][0]["streets"] == player["streets"] and doc["players"][0]["player"] == "Aki"
    assert client.get(f"/welcome-to/s/{token}/fragment").get_json()["version"] == 1


def test_refused_import_keeps_the_text_and_names_every_problem(client, seat):
    """A sheet the rules refuse is not imported; every problem is listed with its path, the text stays."""
    _table, token = seat
    bad = {"streets": [[5, 3] + [None] * 8, [None] * 11, [None] * 12], "temps": 40}
    response = client.post(f"/welcome-to/s/{token}/import", data={"version": "0", "text": json.dumps(bad)})
    page = response.get_data(as_text=True).replace("&#39;", "'").replace("&#34;", '"')
    assert response.status_code == 422
    assert "holds 3, but house 1 to its left holds 5" in page and "Player 1 · street 1, house 2: " in page
    assert "players[0]" not in page.split("<textarea")[0] and '"temps": 40' in page
    for junk, text in (("{", "This is not readable JSON"), ("[1]", "A sheet is a JSON object"),
                       ("", "Paste a JSON document")):
        response = client.post(f"/welcome-to/s/{token}/import", data={"version": "0", "text": junk})
        assert response.status_code == 422 and text in response.get_data(as_text=True)


def test_stale_import_is_409(client, seat):
    """An import based on an old version is refused and keeps the text."""
    _table, token = seat
    ok(move(client, token, kind="number", street=1, house=1, number=3))
    text = json.dumps({"streets": [[None] * 10, [None] * 11, [None] * 12]})
    response = client.post(f"/welcome-to/s/{token}/import", data={"version": "0", "text": text})
    assert response.status_code == 409 and "nothing was imported" in response.get_data(as_text=True)
