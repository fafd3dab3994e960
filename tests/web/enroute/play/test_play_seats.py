"""Each seat's secret page: its personal goal cards only, links hidden once opened, replaceable links."""

from __future__ import annotations

import re

from play_helpers import create, loaded, seat_links, step

from companion.web.enroute import play_store as store
from companion.web.enroute.svgmap import point_id


def on_points(html: str) -> set[str]:
    """Return the ids of the circled intersections on a page's maps."""
    return set(re.findall(r'<circle id="(p-\d+-\d+)" class="goal on', html))


def offers(app, token):
    """Return each seat's two offered personal goal cards."""
    game = loaded(app, token)
    return store.the_draw(game.board, game.setup).personal_offers


def test_a_seat_sees_only_its_own_two_cards(client, app):
    token = create(client)
    step(client, app, token, "players", name_0="Aki", name_1="Bo", name_2="Cy")
    cards = offers(app, token)
    pages = [client.get(path).get_data(as_text=True) for path in seat_links(app, token)]
    for seat, page in enumerate(pages):
        mine = {point_id(p) for card in cards[seat] for p in card.at}
        assert on_points(page) == mine
        others = {point_id(p) for s, hand in enumerate(cards) if s != seat for card in hand for p in card.at} - mine
        assert not on_points(page) & others
    tracker_setup = client.get(f"/play/{token}/setup/personal-goals").get_data(as_text=True)
    assert not on_points(tracker_setup)


def test_kept_card_stays_secret_until_scoring(client, app):
    token = create(client)
    step(client, app, token, "players", name_0="Aki", name_1="Bo")
    aki, bo = seat_links(app, token)
    assert client.post(aki + "/keep", data={"keep": "1"}).status_code == 302
    assert "kept" in client.get(aki).get_data(as_text=True)
    assert loaded(app, token).seats[0]["kept"] == 1
    assert client.post(bo + "/keep", data={"keep": "7"}).status_code == 400
    assert loaded(app, token).seats[1]["kept"] is None
    step_page = client.get(f"/play/{token}/setup/personal-goals").get_data(as_text=True)
    assert "kept a card ✓" in step_page and "not chosen yet" in step_page


def test_opened_links_are_hidden_and_can_be_replaced(client, app):
    token = create(client)
    step(client, app, token, "players", name_0="Aki", name_1="Bo")
    aki, bo = seat_links(app, token)
    page = client.get(f"/play/{token}/setup/personal-goals").get_data(as_text=True)
    assert aki in page and bo in page
    client.get(aki)
    page = client.get(f"/play/{token}/setup/personal-goals").get_data(as_text=True)
    assert aki not in page and bo in page and "link opened" in page
    client.post(f"/play/{token}/seats/0/new-link", data={"back": "personal-goals"})
    assert client.get(aki).status_code == 404
    fresh = seat_links(app, token)[0]
    assert fresh != aki and fresh in client.get(f"/play/{token}/setup/personal-goals").get_data(as_text=True)
    assert client.post(f"/play/{token}/seats/9/new-link", data={}).status_code == 404


def test_new_names_give_new_links(client, app):
    token = create(client)
    step(client, app, token, "players", name_0="Aki", name_1="Bo")
    before = seat_links(app, token)
    step(client, app, token, "players", name_0="Aki", name_1="Bo", name_2="Cy")
    after = seat_links(app, token)
    assert len(after) == 3 and not set(before) & set(after)


def test_bad_seat_links_are_404(client):
    assert client.get("/play/s/not-a-real-seat-token").status_code == 404
    assert client.get("/play/s/x").status_code == 404
    assert client.post("/play/s/not-a-real-seat-token/turn", data={}).status_code == 404
