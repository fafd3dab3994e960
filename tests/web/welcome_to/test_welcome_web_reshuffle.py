"""The first player to complete a plan is asked on their own phone whether to reshuffle the construction cards
(the question shows to that seat only); the host can answer for them; once a game."""

from __future__ import annotations

from welcome_web_helpers import join, move, ok, start_table

from companion.web.welcome_to import store


def _deck(app, table_id: str) -> dict:
    with app.app_context():
        return store.get_table(table_id)["deck"]


def _dealt_with_known_pairs(app, host, table_id: str) -> None:
    """The companion deals; rounds 1..8 then show pairs k surveyor, k + 5 pool, 14 bis (known, to meet plan 4)."""
    assert host.post(f"/welcome-to/t/{table_id}/round/deal").status_code == 302
    with app.app_context():
        table = store.get_table(table_id)
        deck = table["deck"]
        deck["offers"] = {str(k): {"kind": "standard", "items": [[k, "surveyor"], [k + 5, "pool"], [14, "bis"]]}
                          for k in range(1, 9)}
        deck["round"] = deck["state"]["round"] = 8
        assert store.save_deck(table_id, table["version"], deck)


def _meet_plan_4(client, token: str) -> None:
    """Write 1..8 on street 1 with the surveyor pairs, fence after houses 4 and 8, claim plan 4 (4-4) in round 8."""
    for k in range(1, 9):
        ok(move(client, token, kind="effect", effect="surveyor", number=k))
        ok(move(client, token, kind="number", street=1, house=k, number=k))
        if k in (4, 8):
            ok(move(client, token, kind="fence", street=1, house=k))
        if k == 8:
            ok(move(client, token, kind="plan", plan=4))
        else:
            ok(move(client, token, kind="next"))


def test_the_first_to_complete_a_plan_is_asked_on_their_phone_only(app):
    host, bo_phone = app.test_client(), app.test_client()
    table_id = start_table(host, name="Aki", plan_1="4")
    with app.app_context():
        aki = store.get_seats(table_id)[0]["token"]
    bo = join(bo_phone, table_id, "Bo")
    _dealt_with_known_pairs(app, host, table_id)
    assert 'id="reshuffle-ask"' not in host.get(f"/welcome-to/s/{aki}").get_data(as_text=True)
    _meet_plan_4(host, aki)
    assert 'id="reshuffle-ask"' in host.get(f"/welcome-to/s/{aki}").get_data(as_text=True)
    assert 'id="reshuffle-ask"' not in bo_phone.get(f"/welcome-to/s/{bo}").get_data(as_text=True)
    table = host.get(f"/welcome-to/t/{table_id}").get_data(as_text=True)
    assert "Aki completed a plan first and is asked on their phone" in table
    # Bo cannot answer for Aki
    refused = bo_phone.post(f"/welcome-to/s/{bo}/reshuffle", data={"answer": "new"}, headers={"Accept": "application/json"})
    assert refused.status_code == 409 and not _deck(app, table_id)["state"]["reshuffled"]
    # Aki answers on their phone: new stacks with the next round
    done = host.post(f"/welcome-to/s/{aki}/reshuffle", data={"answer": "new"}, follow_redirects=True)
    assert done.status_code == 200 and "New stacks: the cards are shuffled" in done.get_data(as_text=True)
    state = _deck(app, table_id)["state"]
    assert state["reshuffled"] and state["reshuffle_next"]
    assert 'id="reshuffle-ask"' not in host.get(f"/welcome-to/s/{aki}").get_data(as_text=True)
    assert host.post(f"/welcome-to/s/{aki}/reshuffle", data={"answer": "new"}).status_code == 409  # once a game
    assert host.post(f"/welcome-to/t/{table_id}/round/next").status_code == 302
    assert {"round": 9, "event": "reshuffle"} in _deck(app, table_id)["state"]["log"]


def test_the_host_can_keep_the_stacks_for_them(app):
    host, aki_phone = app.test_client(), app.test_client()
    table_id = start_table(host, plan_1="4")
    aki = join(aki_phone, table_id, "Aki")
    _dealt_with_known_pairs(app, host, table_id)
    _meet_plan_4(aki_phone, aki)
    page = host.get(f"/welcome-to/t/{table_id}").get_data(as_text=True)
    assert 'id="keep-stacks"' in page
    assert aki_phone.post(f"/welcome-to/t/{table_id}/round/keep").status_code == 403  # not the host
    assert host.post(f"/welcome-to/t/{table_id}/round/keep").status_code == 302
    deck = _deck(app, table_id)
    assert deck["reshuffle_declined"] and not deck["state"]["reshuffled"]
    assert 'id="reshuffle-ask"' not in aki_phone.get(f"/welcome-to/s/{aki}").get_data(as_text=True)
    assert aki_phone.post(f"/welcome-to/s/{aki}/reshuffle", data={"answer": "new"}).status_code == 409
