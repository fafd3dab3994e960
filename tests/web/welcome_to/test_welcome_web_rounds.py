"""The table's round on the web: the companion deals or the host enters pairs, every seat's move is checked against
its round's offer (messages name the cards), the shared screen follows the game, and no page shows a hand."""

from __future__ import annotations

from welcome_web_helpers import join, move, ok, start_table

from companion.web.welcome_to import store


def _deck(table_id: str) -> dict:
    return store.get_table(table_id)["deck"]


def test_companion_deals_and_moves_are_checked_against_the_pairs(app, client):
    table_id = start_table(client, name="Aki")
    seat = client.get(f"/welcome-to/t/{table_id}").get_data(as_text=True)
    assert "The companion deals the cards" in seat
    assert client.post(f"/welcome-to/t/{table_id}/round/deal").status_code == 302
    with app.app_context():
        deck = _deck(table_id)
    assert deck["source"] == "companion" and deck["round"] == 1
    pairs = deck["offers"]["1"]["items"]
    with app.app_context():
        token = store.get_seats(table_id)[0]["token"]
    page = client.get(f"/welcome-to/s/{token}").get_data(as_text=True)
    assert f'data-pair-number="{pairs[0][0]}"' in page
    # a number before a pair is chosen: refused, naming the round's pairs
    refused = move(client, token, kind="number", street=1, house=1, number=pairs[0][0])
    assert refused.status_code == 422
    text = " ".join(refused.get_json()["messages"])
    assert f"This round's pairs are {pairs[0][0]} " in text
    # a pair not on offer
    missing = next(n for n in range(1, 16) if all(n != p[0] for p in pairs))
    refused = move(client, token, kind="effect", effect=pairs[0][1], number=missing)
    assert refused.status_code == 422 and "is not one of them" in " ".join(refused.get_json()["messages"])
    # the first pair, its number ±3 refused, its own number accepted
    ok(move(client, token, kind="effect", effect=pairs[0][1], number=pairs[0][0]))
    far = pairs[0][0] + 3 if pairs[0][0] + 3 <= 17 else pairs[0][0] - 3
    refused = move(client, token, kind="number", street=3, house=6, number=far)
    assert refused.status_code == 422 and "cannot be written" in " ".join(refused.get_json()["messages"])
    ok(move(client, token, kind="number", street=3, house=6, number=pairs[0][0]))
    ok(move(client, token, kind="next"))
    # the next round's cards
    assert client.post(f"/welcome-to/t/{table_id}/round/next").status_code == 302
    with app.app_context():
        assert _deck(table_id)["round"] == 2


def test_host_enters_pairs_and_a_refusal_needs_no_fit(app, client):
    table_id = start_table(client, name="Aki")
    bad = client.post(f"/welcome-to/t/{table_id}/round/pairs",
                      data={"n1": "16", "e1": "pool", "n2": "3", "e2": "bis", "n3": "4", "e3": "temp"})
    assert bad.status_code == 422
    for junk in ({"n1": "5", "e1": "pool", "n2": "", "e2": "bis", "n3": "4", "e3": "temp"},
                 {"n1": "5", "e1": "pool", "n2": "x9", "e2": "bis", "n3": "4", "e3": "nothing"}):
        answer = client.post(f"/welcome-to/t/{table_id}/round/pairs", data=junk)
        page = answer.get_data(as_text=True)
        assert answer.status_code == 422 and "Pair 2: a number from 1 to 15" in page  # the pair is named
        assert 'name="n1" inputmode="numeric" size="2" required value="5"' in page  # what was typed stays
        assert '<option value="bis" selected>' in page
    good = client.post(f"/welcome-to/t/{table_id}/round/pairs",
                       data={"n1": "5", "e1": "pool", "n2": "3", "e2": "bis", "n3": "4", "e3": "temp"})
    assert good.status_code == 302
    with app.app_context():
        token = store.get_seats(table_id)[0]["token"]
        assert _deck(table_id)["offers"]["1"] == {"kind": "standard", "items": [[5, "pool"], [3, "bis"],
                                                                                [4, "temp"]]}
    refused = move(client, token, kind="refusal")
    messages = " ".join(refused.get_json()["messages"])
    assert refused.status_code == 422
    assert "This round's pairs are 5 pool manufacturer, 3 bis and 4 temp agency" in messages
    ok(move(client, token, kind="effect", effect="temp", number=4))
    ok(move(client, token, kind="number", street=1, house=1, number=2))  # 4 - 2 with the temp agency
    ok(move(client, token, kind="temp"))
    refused = move(client, token, kind="pool", street=1, house=1)
    assert refused.status_code == 422


def test_only_the_host_deals(app, client):
    """Another phone is refused by the core (its one 403 and message, before the view), for every round action."""
    table_id = start_table(client, name="Aki")
    other = app.test_client()
    for step in ("deal", "next", "reshuffle", "keep", "pairs"):
        refused = other.post(f"/welcome-to/t/{table_id}/round/{step}", data={"n1": "3", "e1": "pool"})
        assert refused.status_code == 403, step
        assert "Only the host can do this" in refused.get_data(as_text=True), step
    with app.app_context():
        assert store.get_table(table_id).get("deck") is None  # nothing dealt
    assert client.post(f"/welcome-to/t/{table_id}/round/deal").status_code == 302


def test_shared_screen_follows_the_round(app, client):
    table_id = start_table(client, name="Aki")
    join(app.test_client(), table_id, "Bo")
    client.post(f"/welcome-to/t/{table_id}/round/deal")
    screen = client.get(f"/welcome-to/t/{table_id}/screen")
    page = screen.get_data(as_text=True)
    assert screen.status_code == 200
    assert 'id="live"' in page and "Round 1" in page and "Cards left under each stack: 26, 26, 26" in page
    assert "Aki" in page and "Bo" in page and "playing" in page
    view = client.get(f"/welcome-to/t/{table_id}/game.json").get_json(force=True)
    assert view["players"]


def test_solo_deal_turns_the_solo_card(app, client):
    table_id = start_table(client, mode="solo", name="Aki")
    assert client.post(f"/welcome-to/t/{table_id}/round/deal").status_code == 302
    with app.app_context():
        deck = _deck(table_id)
        token = store.get_seats(table_id)[0]["token"]
    assert deck["offers"]["1"]["kind"] == "cards"
    solo_at = deck["state"]["deck"].index(81) // 3 + 2  # rounds turned so far: 1
    for _ in range(solo_at):
        client.post(f"/welcome-to/t/{table_id}/round/next")
    with app.app_context():
        assert _deck(table_id)["state"]["solo_round"] is not None
    page = client.get(f"/welcome-to/t/{table_id}/screen").get_data(as_text=True)
    assert "The solo card came up in round" in page
    assert client.get(f"/welcome-to/s/{token}").status_code == 200


def test_public_view_has_the_round_and_no_hand(app, client):
    from companion.web.welcome_to.tables import public_view

    table_id = start_table(client, name="Aki")
    client.post(f"/welcome-to/t/{table_id}/round/deal")
    with app.app_context():
        view = public_view(table_id)
    assert view["round"]["round"] == 1 and len(view["round"]["shown"]) == 3
    assert "state" not in view["round"] and "hands" not in str(view)


def test_advanced_hands_are_each_seats_secret_and_pass_clockwise(app, client):
    from companion.games.welcome_to import deck as engine
    from companion.web.welcome_to.tables import public_view, seat_view

    table_id = start_table(client, mode="advanced", intermediate="y", name="Aki")
    phones = [client, app.test_client(), app.test_client()]
    join(phones[1], table_id, "Bo")
    join(phones[2], table_id, "Chie")
    assert client.post(f"/welcome-to/t/{table_id}/round/deal").status_code == 302
    with app.app_context():
        deck = _deck(table_id)
        tokens = [s["token"] for s in store.get_seats(table_id)]
        hands = deck["state"]["hands"]
        views = [seat_view(table_id, i) for i in range(3)]
        public = public_view(table_id)
    assert [[c["id"] for c in v["hand"]] for v in views] == hands
    assert "hand" not in public and "hands" not in str(public["round"])
    table_page = client.get(f"/welcome-to/t/{table_id}").get_data(as_text=True)
    assert "each phone shows only its own three cards" in table_page
    thirds = []
    for i, (phone, token) in enumerate(zip(phones, tokens)):
        cards = [engine.card(c) for c in hands[i]]
        page = phone.get(f"/welcome-to/s/{token}").get_data(as_text=True)
        assert all(f"<strong>{c.number}</strong> " in page for c in cards)
        ok(move(phone, token, kind="effect", effect=cards[1].effect, number=cards[0].number))
        ok(move(phone, token, kind="number", street=2, house=6, number=cards[0].number))
        ok(move(phone, token, kind="next"))
        thirds.append(cards[2].id)
        if i == 0:  # seat 1 waits for the others: its next number is refused
            refused = move(phone, token, kind="effect", effect="bis", number=3)
            assert refused.status_code == 422 and "Wait for the others" in " ".join(refused.get_json()["messages"])
    with app.app_context():
        deck = _deck(table_id)
    assert deck["round"] == 2
    assert [deck["state"]["hands"][i][0] for i in range(3)] == [thirds[2], thirds[0], thirds[1]]
    assert len(deck["state"]["deck"]) == 81 - 9 - 6
