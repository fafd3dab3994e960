"""Each seat's secret page: its personal goal cards only, links hidden once opened, replaceable links."""

from __future__ import annotations

import re

from play_helpers import create, loaded, seat_links, step, version

from companion.web.enroute.maps.svgmap import point_id
from companion.web.enroute.referee import store


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


def held(app, token) -> list[bool]:
    """Whether a phone holds each seat (the core's claims)."""
    with app.app_context():
        return [s["claimed"] for s in store.public_seats(store.load(token))]


def test_links_never_show_on_shared_pages_and_claiming_is_a_post(client, app):
    """S2 under the core's one claim policy: the shared setup page shows no seat link; "This is me" (a POST)
    hands the link to the first phone; from the table link a held seat is refused, on every phone."""
    token = create(client)
    step(client, app, token, "players", name_0="Aki", name_1="Bo")
    aki, bo = seat_links(app, token)
    page = client.get(f"/play/{token}/setup/personal-goals").get_data(as_text=True)
    assert aki not in page and bo not in page and "This is me: Aki" in page
    assert held(app, token) == [False, False]
    claimed = client.post(f"/play/{token}/seats/0/claim", data={"back": "personal-goals"})
    assert claimed.status_code == 302 and claimed.headers["Location"].endswith(aki)
    assert held(app, token) == [True, False]
    again = client.post(f"/play/{token}/seats/0/claim", data={"back": "personal-goals"})
    assert again.headers["Location"].endswith(aki)  # the phone that holds the seat taps again: its own page
    other = app.test_client()
    refused = other.post(f"/play/{token}/seats/0/claim", data={"back": "personal-goals"}, follow_redirects=True)
    assert "taken already" in refused.get_data(as_text=True) and aki not in refused.get_data(as_text=True)
    refused = other.post(f"/play/{token}/seats/0/claim", data={"take_over": "1"})
    assert aki not in (refused.headers.get("Location") or "")
    tracker_like = client.get(f"/play/{token}/setup/personal-goals").get_data(as_text=True)
    assert aki not in tracker_like and bo not in tracker_like
    assert client.post(f"/play/{token}/seats/9/claim", data={}).status_code == 404
    assert client.post(f"/play/{token}/seats/99999999999999999999/claim", data={}).status_code == 404


def test_a_seat_moves_by_its_own_link_and_the_table_sees_it(client, app):
    """Opening a seat's own link on another phone moves the seat there; the shared screen's log says so."""
    token = create(client)
    step(client, app, token, "players", name_0="Aki", name_1="Bo")
    aki = client.post(f"/play/{token}/seats/0/claim", data={}).headers["Location"]
    other = app.test_client()
    assert other.get(aki).status_code == 200
    log = client.get(f"/play/{token}/setup/personal-goals").get_data(as_text=True)
    assert "Aki took their seat on a phone." in log
    assert "Aki&#39;s seat moved to another phone with its own link." in log
    assert "taken already" in client.post(f"/play/{token}/seats/0/claim", data={},
                                          follow_redirects=True).get_data(as_text=True)


def test_only_the_host_reissues_a_seat_link(client, app):
    """S2: another phone with the game link cannot reissue a seat (403); the host can, and the seat is free again."""
    token = create(client)  # this client started the game: it is the host
    step(client, app, token, "players", name_0="Aki", name_1="Bo")
    aki = seat_links(app, token)[0]
    client.post(f"/play/{token}/seats/0/claim", data={})
    stranger = app.test_client()
    assert stranger.post(f"/play/{token}/seats/0/new-link", data={}).status_code == 403
    assert client.get(aki).status_code == 200  # still valid
    client.post(f"/play/{token}/seats/0/new-link", data={"back": "personal-goals"})
    assert client.get(aki).status_code == 404
    fresh = seat_links(app, token)[0]
    page = client.get(f"/play/{token}/setup/personal-goals").get_data(as_text=True)
    assert fresh not in page and "This is me: Aki" in page  # unclaimed again, link still hidden
    assert "The host made a new link for Aki; the old link no longer opens the seat." in page  # the log shows it
    tracker = client.get(f"/play/{token}/setup/start").get_data(as_text=True)
    assert fresh not in tracker
    assert client.post(f"/play/{token}/seats/9/new-link", data={}).status_code == 404


def test_a_player_renews_their_own_link(client, app):
    """S2: the holder of a seat's page can replace its link (the old one dies, the seat stays theirs)."""
    token = create(client)
    step(client, app, token, "players", name_0="Aki", name_1="Bo")
    phone = app.test_client()
    aki = phone.post(f"/play/{token}/seats/0/claim", data={}).headers["Location"]
    renewed = phone.post(aki + "/new-link", data={})
    assert renewed.status_code == 302 and renewed.headers["Location"] != aki
    shared = client.get(f"/play/{token}/setup/personal-goals").get_data(as_text=True)
    assert "Aki gave their own page a new link" in shared  # the table's log shows it
    assert phone.get(aki).status_code == 404 and phone.get(renewed.headers["Location"]).status_code == 200
    assert held(app, token) == [True, False]
    assert "taken already" in app.test_client().post(f"/play/{token}/seats/0/claim", data={},
                                                     follow_redirects=True).get_data(as_text=True)


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


def test_setup_time_actions_and_junk_numbers_never_crash(client, app):
    """S5/S3: a refresh before the start, an empty player-boards step, and huge versions or seats are answered,
    never a 500."""
    app.config["PROPAGATE_EXCEPTIONS"] = False
    token = create(client)
    step(client, app, token, "players", name_0="Aki", name_1="Bo")
    link = seat_links(app, token)[0]
    refused = client.post(link + "/refresh", data={"version": version(app, token)}, follow_redirects=True)
    assert refused.status_code == 200 and "has not started yet" in refused.get_data(as_text=True)
    empty = client.post(f"/play/{token}/setup/player-boards", data={"version": version(app, token)})
    assert empty.status_code in (302, 400, 409, 422)
    huge = "99999999999999999999999"
    assert client.post(link + "/refresh", data={"version": huge}).status_code < 500
    assert client.post(f"/play/{token}/seats/9223372036854775808/new-link", data={}).status_code in (403, 404)
    assert client.post(f"/play/{token}/setup/level", data={"version": huge}).status_code < 500


def test_the_referee_is_the_hosts_and_hosting_is_handed_over_before_the_table(client, app):
    """Another phone with the table link is refused every referee step (403 saying how to become host) and sees
    no referee form; the host offers hosting, that phone takes it (logged), and then the steps are its alone."""
    token = create(client)
    step(client, app, token, "players", name_0="Aki", name_1="Bo")
    other = app.test_client()
    assert other.post(f"/play/{token}/seats/1/claim").status_code == 302  # "This is me" stays any phone's
    refused = other.post(f"/play/{token}/setup/players", data={"version": version(app, token), "name_0": "X"})
    assert refused.status_code == 403 and "Only the host can do this" in refused.get_data(as_text=True)
    assert loaded(app, token).setup["names"] == ["Aki", "Bo"]
    page = other.get(f"/play/{token}/setup/personal-goals").get_data(as_text=True)
    assert 'id="host-note"' in page and 'id="host-offer"' not in page
    assert other.post(f"/host/enroute/{token}/offer").status_code == 403
    assert client.post(f"/host/enroute/{token}/offer").status_code == 302
    page = other.get(f"/play/{token}/setup/personal-goals").get_data(as_text=True)
    assert 'id="host-take"' in page and "The host offered to hand over hosting" in page
    assert other.post(f"/host/enroute/{token}/take").status_code == 302
    assert "Bo&#39;s phone took over as host" in client.get(f"/play/{token}/setup/personal-goals").get_data(as_text=True)
    assert client.post(f"/play/{token}/setup/level", data={"version": version(app, token)}).status_code == 403
    moved = other.post(f"/play/{token}/setup/players", data={"version": version(app, token), "name_0": "Aki",
                                                             "name_1": "Bea"})
    assert moved.status_code == 302 and loaded(app, token).setup["names"] == ["Aki", "Bea"]
