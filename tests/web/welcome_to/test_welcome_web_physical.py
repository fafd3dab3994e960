"""Physical cards in solo (the host taps in the three cards drawn and the solo card) and advanced (each seat taps in
its own hand, a secret of that seat); a seat joining after the deal (standard and advanced)."""

from __future__ import annotations

import json

from welcome_web_helpers import join, move, ok, start_table

from companion.games.welcome_to import deck as engine
from companion.web.welcome_to import store

JSON = {"Accept": "application/json"}


def _deck(app, table_id: str) -> dict:
    with app.app_context():
        return store.get_table(table_id)["deck"]


def _token(app, table_id: str, seat: int = 0) -> str:
    with app.app_context():
        return store.get_seats(table_id)[seat]["token"]


def _cards(cards) -> dict:
    return {f"{k}{i}": str(v) for i, (n, e) in enumerate(cards, 1) for k, v in (("n", n), ("e", e))}


def test_solo_with_physical_cards_the_host_taps_the_three_cards_and_the_solo_card(app, client):
    table_id = start_table(client, mode="solo", name="Aki", plan_1="4")
    token = _token(app, table_id)
    page = client.get(f"/welcome-to/t/{table_id}").get_data(as_text=True)
    assert "Or tap in the three cards you drew" in page and 'id="solo-card-drawn"' in page
    assert client.post(f"/welcome-to/t/{table_id}/round/pairs",
                       data=_cards([(4, "pool"), (9, "bis"), (13, "temp")])).status_code == 302
    deck = _deck(app, table_id)
    assert deck["source"] == "host" and deck["offers"]["1"]["kind"] == "cards"
    # one card's number with another card's effect; one card's own pair is refused, naming the three cards
    refused = move(client, token, kind="effect", effect="pool", number=4)
    assert refused.status_code == 422
    assert "Your cards this round are 4 pool manufacturer, 9 bis and 13 temp agency" in refused.get_json()["messages"][0]
    ok(move(client, token, kind="effect", effect="temp", number=9))
    ok(move(client, token, kind="number", street=1, house=5, number=11))  # 9 + 2 with the temp agency
    ok(move(client, token, kind="next"))
    # round 2: the solo card came up before these cards: every plan turns to its later side from now on
    assert client.post(f"/welcome-to/t/{table_id}/round/pairs",
                       data={**_cards([(2, "surveyor"), (12, "landscaper"), (5, "real-estate")]),
                             "solo_card": "1"}).status_code == 302
    assert _deck(app, table_id)["solo_round"] == 2
    sheet = client.get(f"/welcome-to/s/{token}").get_data(as_text=True)
    assert "The solo card came up in round 2" in sheet


def test_solo_with_physical_cards_the_last_cards_end_the_game(app, client):
    """The host ticks "the last cards of the deck": the end is announced, and no further round can start."""
    table_id = start_table(client, mode="solo", name="Aki", plan_1="4")
    assert 'id="last-cards"' in client.get(f"/welcome-to/t/{table_id}").get_data(as_text=True)
    assert client.post(f"/welcome-to/t/{table_id}/round/pairs",
                       data={**_cards([(4, "pool"), (9, "bis"), (13, "temp")]), "last_cards": "1"}).status_code == 302
    assert _deck(app, table_id)["deck_out"] is True
    page = client.get(f"/welcome-to/t/{table_id}").get_data(as_text=True)
    assert "The solo deck is used up: the game ends after this round." in page
    again = client.post(f"/welcome-to/t/{table_id}/round/pairs", data=_cards([(2, "surveyor"), (12, "landscaper"),
                                                                            (5, "real-estate")]),
                        follow_redirects=True)
    assert "The solo deck is used up: the game is over." in again.get_data(as_text=True)
    assert _deck(app, table_id)["round"] == 1


def test_advanced_with_physical_cards_each_hand_is_its_seats_secret(app, client):
    from companion.web.welcome_to.tables import public_view, seat_view

    table_id = start_table(client, mode="advanced", intermediate="y", name="Aki")
    bo_phone = app.test_client()
    bo = join(bo_phone, table_id, "Bo")
    aki = _token(app, table_id)
    page = client.get(f"/welcome-to/s/{aki}").get_data(as_text=True)
    assert 'id="hand-entry"' in page and "Tap in your three cards for round 1" in page
    bad = client.post(f"/welcome-to/s/{aki}/hand", data=_cards([(4, "pool"), (16, "bis"), (13, "temp")]))
    assert bad.status_code == 422 and "Card 2: a number from 1 to 15" in bad.get_data(as_text=True)
    assert 'value="16"' in bad.get_data(as_text=True)  # what was typed stays
    assert client.post(f"/welcome-to/s/{aki}/hand", data=_cards([(4, "pool"), (9, "bis"), (13, "temp")])
                       ).status_code == 302
    assert bo_phone.post(f"/welcome-to/s/{bo}/hand", data=_cards([(1, "landscaper"), (7, "surveyor"),
                                                                  (15, "real-estate")])).status_code == 302
    # checked against its own hand
    refused = move(client, aki, kind="effect", effect="landscaper", number=1)
    assert refused.status_code == 422 and "Your cards this round are 4 pool manufacturer" in \
        refused.get_json()["messages"][0]
    ok(move(client, aki, kind="effect", effect="temp", number=4))
    ok(move(client, aki, kind="number", street=1, house=1, number=2))
    assert client.post(f"/welcome-to/s/{aki}/hand", data=_cards([(1, "pool"), (2, "bis"), (3, "temp")])
                       ).status_code == 422  # the number is written: the hand stays
    # Aki's cards never reach Bo's page, the table page, the screen, the JSON views
    secret = "4 pool manufacturer, 9 bis and 13 temp agency"
    with app.app_context():
        public, bo_view, aki_view = public_view(table_id), seat_view(table_id, 1), seat_view(table_id, 0)
    assert [c["number"] for c in aki_view["hand"]] == [4, 9, 13]
    assert "hand" not in public and "seat_hands" not in json.dumps(public)
    assert [c["number"] for c in bo_view["hand"]] == [1, 7, 15]
    for url in (f"/welcome-to/s/{bo}", f"/welcome-to/s/{bo}/fragment", f"/welcome-to/s/{bo}/sheet.json",
                f"/welcome-to/t/{table_id}", f"/welcome-to/t/{table_id}/screen", f"/welcome-to/t/{table_id}/status",
                f"/welcome-to/t/{table_id}/game.json"):
        text = bo_phone.get(url).get_data(as_text=True)
        assert "13 temp" not in text and "<strong>13</strong>" not in text and secret not in text, url
    table_page = client.get(f"/welcome-to/t/{table_id}").get_data(as_text=True)
    assert "each player taps in their own three cards" in table_page and 'id="deal"' not in table_page
    refused = client.post(f"/welcome-to/t/{table_id}/round/deal")  # the hands typed in are kept
    assert refused.status_code == 409 and "plays with its own cards" in refused.get_data(as_text=True)
    assert "seat_hands" in _deck(app, table_id)


def test_a_late_joiner_in_the_advanced_deal_gets_a_hand_and_plays_this_round(app, client):
    from companion.web.welcome_to.tables import seat_view

    table_id = start_table(client, mode="advanced", intermediate="y", name="Aki")
    join(app.test_client(), table_id, "Bo")
    assert client.post(f"/welcome-to/t/{table_id}/round/deal").status_code == 302
    before = _deck(app, table_id)
    left = len(before["state"]["deck"])
    chie_phone = app.test_client()
    chie = join(chie_phone, table_id, "Chie")
    deck = _deck(app, table_id)
    assert len(deck["state"]["hands"]) == 3 and len(deck["state"]["deck"]) == left - 3
    assert deck["hands"]["1"][2] == deck["state"]["hands"][2] and deck["starts"] == {"2": 1}
    with app.app_context():
        view = seat_view(table_id, 2)
    assert [c["id"] for c in view["hand"]] == deck["state"]["hands"][2]
    page = chie_phone.get(f"/welcome-to/s/{chie}").get_data(as_text=True)
    assert all(f"<strong>{engine.card(c).number}</strong> " in page for c in deck["state"]["hands"][2])
    # the round passes only when the late joiner has played too; Chie passes to Aki (seat 0)
    tokens = [_token(app, table_id, i) for i in range(3)]
    phones = [client, None, chie_phone]
    thirds = []
    for i, token in enumerate(tokens):
        phone = phones[i] or app.test_client()
        cards = [engine.card(c) for c in deck["state"]["hands"][i]]
        ok(move(phone, token, kind="effect", effect=cards[1].effect, number=cards[0].number))
        ok(move(phone, token, kind="number", street=2, house=6, number=cards[0].number))
        ok(move(phone, token, kind="next"))
        thirds.append(cards[2].id)
        assert _deck(app, table_id)["round"] == (1 if i < 2 else 2)
    hands = _deck(app, table_id)["state"]["hands"]
    assert [hands[i][0] for i in range(3)] == [thirds[2], thirds[0], thirds[1]]


def test_the_advanced_deal_holds_five_players(app, client):
    table_id = start_table(client, mode="advanced", intermediate="y", name="Aki")
    for name in ("Bo", "Chie", "Dai", "Emi"):
        join(app.test_client(), table_id, name)
    assert client.post(f"/welcome-to/t/{table_id}/round/deal").status_code == 302
    sixth = app.test_client().post(f"/welcome-to/t/{table_id}/join", data={"name": "Fumi"})
    assert sixth.status_code == 422 and "at most 5 players" in sixth.get_data(as_text=True)


def test_a_late_joiner_in_the_standard_deal_starts_at_the_tables_round(app, client):
    table_id = start_table(client, name="Aki")
    assert client.post(f"/welcome-to/t/{table_id}/round/deal").status_code == 302
    assert client.post(f"/welcome-to/t/{table_id}/round/next").status_code == 302
    pairs = _deck(app, table_id)["offers"]["2"]["items"]
    bo_phone = app.test_client()
    bo = join(bo_phone, table_id, "Bo")
    page = bo_phone.get(f"/welcome-to/s/{bo}").get_data(as_text=True)
    assert "Round 2" in page and f'data-pair-number="{pairs[0][0]}"' in page
    assert "You joined in round 2" in page
    ok(move(bo_phone, bo, kind="effect", effect=pairs[0][1], number=pairs[0][0]))


def test_refusals_on_a_japanese_phone_name_every_effect_in_japanese(app, client):
    """The round's cards in a refusal read in the phone's language: each of the six effects by its Japanese name."""
    table_id = start_table(client, name="Aki")
    token = _token(app, table_id)
    names = {"surveyor": "測量士", "real-estate": "不動産業者", "landscaper": "造園業者", "pool": "プール製造会社",
             "temp": "労働者派遣会社"}
    rounds = [[(3, "surveyor"), (8, "real-estate"), (12, "landscaper")], [(3, "pool"), (8, "temp"), (12, "bis")]]
    for k, cards in enumerate(rounds):
        assert client.post(f"/welcome-to/t/{table_id}/round/pairs", data=_cards(cards)).status_code == 302
        refused = client.post(f"/welcome-to/s/{token}/move?lang=ja", headers=JSON, data={
            "version": str(client.get(f"/welcome-to/s/{token}/fragment").get_json()["version"]), "kind": "effect",
            "effect": "surveyor", "number": "15"})
        text = refused.get_json()["messages"][0]
        assert refused.status_code == 422
        for _number, effect in cards:
            assert names.get(effect, "") in text
        for english in ("surveyor", "real estate", "landscaper", "pool manufacturer", "temp agency"):
            assert english not in text, text
        if k == 0:
            ok(move(client, token, kind="effect", effect="surveyor", number=3))
            ok(move(client, token, kind="number", street=1, house=1, number=3))
            ok(move(client, token, kind="next"))
