"""Round tracker and turns: rating moves, matching locations per board, rule notes, refusals, undo, versions."""

from __future__ import annotations

import random
import re

from play_helpers import enter_round, loaded, seat_links, setup_game, turns_and_close, version

from companion.games.enroute import referee as ref
from companion.games.enroute.cards import RoundCard
from companion.web.enroute.maps.svgmap import location_id
from companion.web.enroute.referee.forms import sec_value

TV = "tv-tower"


def card(coordinate, *, repeat=False, iconic=(), **tourists):
    """Build a round card."""
    return RoundCard(f"t{coordinate}", coordinate, tuple(tourists.items()), tuple(iconic), repeat)


def started(client, app, **kw):
    """A started 2-player game on boards 1 and 2."""
    token = setup_game(client, app, **kw)
    return token


def test_standard_round_upgrades_and_announces(client, app):
    token = started(client, app)
    response = enter_round(client, app, token, (card(2, iconic=(TV,), red=1), card(5, blue=2)))
    assert response.status_code == 302
    state = loaded(app, token).state
    assert state.ratings[TV] == 1 and state.phase == "drawing"
    page = client.get(f"/play/{token}").get_data(as_text=True)
    assert "2: 1 red (TV Tower)" in page and "5: 2 blue" in page and "waiting…" in page


def test_advanced_mode_active_player_moves_up_or_down(client, app):
    token = started(client, app, rating="advanced")
    assert loaded(app, token).state.ratings[TV] == 1  # the purple-corner box
    assert enter_round(client, app, token, (card(2, iconic=(TV,), red=1), card(5, blue=2)), (["down"], [])).status_code == 302
    assert loaded(app, token).state.ratings[TV] == 0
    turns_and_close(client, app, token, random.Random(1))
    assert enter_round(client, app, token, (card(3, iconic=(TV,), red=1), card(4, green=1)), (["up"], [])).status_code == 302
    turns_and_close(client, app, token, random.Random(2))
    refused = enter_round(client, app, token, (card(3, iconic=(TV,), red=1), card(4, green=1)), (["stay"], []))
    page = refused.get_data(as_text=True)
    assert refused.status_code == 422 and "TV Tower" in page and "unchanged is allowed only at the top or bottom" in page
    assert 'selected value="stay"' in page or 'value="stay" selected' in page  # the entry stays on screen
    assert loaded(app, token).state.ratings[TV] == 1


def test_each_player_sees_the_matches_of_their_own_board(client, app):
    token = started(client, app)
    enter_round(client, app, token, (card(1, red=1), card(2, blue=1)))
    game = loaded(app, token)
    ids = []
    for seat, path in enumerate(seat_links(app, token)):
        page = client.get(path).get_data(as_text=True)
        wanted = ref.matching_locations(game.state, seat)
        style = re.search(r"<style>(.*?)</style>", page, re.S).group(1)
        assert set(re.findall(r"#(l-\d+-\d+)", style)) == {location_id(x) for x in wanted}
        assert "(1, 2)" in page and "(2, 1)" in page  # printed coordinates, whatever the board
        assert "Mark: <strong>1 red, 1 blue</strong>" in page
        ids.append(set(wanted))
    assert ids[0] != ids[1]  # boards 1 and 2 print their coordinates differently


def test_repeat_card_rules_are_explained_and_ask_for_a_type(client, app):
    token = started(client, app)
    enter_round(client, app, token, (card(3, repeat=True), card(4, repeat=True)))
    page = client.get(seat_links(app, token)[0]).get_data(as_text=True)
    assert "Two repeat cards: mark two tourists of any one type" in page
    assert re.search(r'<select id="colour" name="colour">.*value="red".*value="green".*value="blue"', page, re.S)


def test_a_card_with_two_tourist_types_is_refused(client, app):
    """R6: city and global cards show one tourist type; the tracker refuses a two-type card by name."""
    token = started(client, app)
    response = enter_round(client, app, token, (card(3, repeat=True), card(4, red=1, green=2)))
    assert response.status_code != 302 and "card 2 shows red, green" in response.get_data(as_text=True)
    assert loaded(app, token).state.round == 0


def test_all_matching_locations_occupied_gives_the_fallback(client, app):
    token = started(client, app, level="simplified")
    cards = (card(1, red=1), card(1, blue=1))
    enter_round(client, app, token, cards)
    state = loaded(app, token).state
    for seat, path in enumerate(seat_links(app, token)):
        (loc,) = ref.matching_locations(state, seat)
        sec = sorted(state.board.roads)[seat]
        r = client.post(path + "/turn", data={"version": version(app, token), "location": f"{loc[0]},{loc[1]}",
                                              "section_1": sec_value(sec)})
        assert r.status_code == 302
    client.post(f"/play/{token}/close", data={"version": version(app, token)})
    enter_round(client, app, token, cards)
    page = client.get(seat_links(app, token)[0]).get_data(as_text=True)
    assert "Every matching location" in page and "one tourist of any type" in page
    state = loaded(app, token).state
    free = next(x for x in state.board.locations() if x not in state.players[0].tourists)
    two = ref.segment_options(state.board, set(state.players[0].sections), free)[0]
    refused = client.post(seat_links(app, token)[0] + "/turn", data={
        "version": version(app, token), "location": f"{free[0]},{free[1]}", "colour": "green",
        "section_1": sec_value(two[0]), "section_2": sec_value(two[1])})
    assert refused.status_code == 422 and "one section anywhere, not two" in refused.get_data(as_text=True)
    ok = client.post(seat_links(app, token)[0] + "/turn", data={
        "version": version(app, token), "location": f"{free[0]},{free[1]}", "colour": "green",
        "section_1": sec_value(two[0])})
    assert ok.status_code == 302
    assert loaded(app, token).state.players[0].tourists[free] == {"green": 1}


def test_refused_turn_explains_in_the_players_terms_and_keeps_the_entry(client, app):
    token = started(client, app)
    enter_round(client, app, token, (card(1, red=1), card(2, blue=1)))
    state = loaded(app, token).state
    wrong = next(x for x in state.board.locations() if x not in ref.matching_locations(state, 0))
    secs = sorted(state.board.roads)
    response = client.post(seat_links(app, token)[0] + "/turn", data={
        "version": version(app, token), "location": f"{wrong[0]},{wrong[1]}", "section_1": sec_value(secs[0])})
    page = response.get_data(as_text=True)
    assert response.status_code == 422
    assert "does not match the round cards 1 and 2 on your board" in page
    assert f'data-target="{location_id(wrong)}"' in page
    far = [s for s in secs if not set(s) & set(secs[0])][-1]
    loc = ref.empty_matches(state, 0)[0]
    response = client.post(seat_links(app, token)[0] + "/turn", data={
        "version": version(app, token), "location": f"{loc[0]},{loc[1]}", "section_1": sec_value(secs[0]),
        "section_2": sec_value(far)})
    page = response.get_data(as_text=True)
    assert response.status_code == 422 and "Two sections must be connected" in page
    assert f'<option selected value="{loc[0]},{loc[1]}">' in page  # what was entered stays
    assert f'<option selected value="{sec_value(far)}">' in page
    empty = client.post(seat_links(app, token)[0] + "/turn", data={"version": version(app, token)})
    assert empty.status_code == 422 and "Choose the location" in empty.get_data(as_text=True)
    assert not loaded(app, token).state.players[0].played


def test_undo_until_the_round_closes(client, app):
    token = started(client, app)
    enter_round(client, app, token, (card(1, red=1), card(2, blue=1)))
    state = loaded(app, token).state
    aki = seat_links(app, token)[0]
    loc = ref.empty_matches(state, 0)[0]
    seg = ref.segment_options(state.board, set(), loc)[0]
    data = {"location": f"{loc[0]},{loc[1]}", "section_1": sec_value(seg[0]), "section_2": sec_value(seg[1])}
    assert client.post(aki + "/turn", data={"version": version(app, token), **data}).status_code == 302
    assert "Your turn is in" in client.get(aki).get_data(as_text=True)
    assert loaded(app, token).state.players[0].played
    assert client.post(aki + "/undo", data={"version": version(app, token)}).status_code == 302
    game = loaded(app, token)
    assert not game.state.players[0].played and game.state.players[0].sections == ()
    assert "Check and play my turn" in client.get(aki).get_data(as_text=True)
    assert client.post(aki + "/turn", data={"version": version(app, token), **data}).status_code == 302
    bo = seat_links(app, token)[1]
    state = loaded(app, token).state
    loc = ref.empty_matches(state, 1)[0]
    client.post(bo + "/turn", data={"version": version(app, token), "location": f"{loc[0]},{loc[1]}",
                                    "section_1": sec_value(sorted(state.board.roads)[5])})
    client.post(f"/play/{token}/close", data={"version": version(app, token)})
    client.post(aki + "/undo", data={"version": version(app, token)})
    assert loaded(app, token).state.players[0].sections  # a closed round cannot be undone
    page = client.get(aki).get_data(as_text=True)
    assert "no turn to take back" in page


def test_versions_refuse_only_changes_that_concern_the_action(client, app):
    token = started(client, app)
    enter_round(client, app, token, (card(1, red=1), card(2, blue=1)))
    seen = version(app, token)
    aki, bo = seat_links(app, token)
    state = loaded(app, token).state
    for seat, path in ((0, aki), (1, bo)):
        loc = ref.empty_matches(state, seat)[0]
        r = client.post(path + "/turn", data={"version": seen, "location": f"{loc[0]},{loc[1]}",
                                              "section_1": sec_value(sorted(state.board.roads)[seat])})
        assert r.status_code == 302  # another player's turn does not concern mine
    assert client.post(f"/play/{token}/close", data={"version": seen}).status_code == 409
    assert loaded(app, token).state.phase == "drawing"
    assert client.post(f"/play/{token}/close", data={"version": version(app, token)}).status_code == 302
    enter_round(client, app, token, (card(3, red=1), card(4, blue=1)))
    state = loaded(app, token).state
    loc = ref.empty_matches(state, 0)[0]
    stale = client.post(aki + "/turn", data={"version": seen, "location": f"{loc[0]},{loc[1]}",
                                             "section_1": sec_value(sorted(state.board.roads)[9])})
    page = stale.get_data(as_text=True)  # a turn meant for round 1 never lands in round 2
    assert stale.status_code == 409 and "changed on another phone" in page and "close" in page
    assert not loaded(app, token).state.players[0].played


def test_round_cards_can_be_taken_back_before_anyone_plays(client, app):
    token = started(client, app)
    enter_round(client, app, token, (card(1, iconic=(TV,), red=1), card(2, blue=1)))
    assert "Take back the round cards" in client.get(f"/play/{token}").get_data(as_text=True)
    client.post(f"/play/{token}/undo-round", data={"version": version(app, token)})
    state = loaded(app, token).state
    assert state.phase == "selection" and state.round == 0 and state.ratings[TV] == 0
    enter_round(client, app, token, (card(1, red=1), card(2, blue=1)))
    state = loaded(app, token).state
    loc = ref.empty_matches(state, 0)[0]
    client.post(seat_links(app, token)[0] + "/turn", data={"version": version(app, token), "location": f"{loc[0]},{loc[1]}",
                                                         "section_1": sec_value(sorted(state.board.roads)[0])})
    client.post(f"/play/{token}/undo-round", data={"version": version(app, token)})
    assert loaded(app, token).state.phase == "drawing"


def test_bad_round_cards_are_named_and_kept(client, app):
    token = started(client, app)
    response = client.post(f"/play/{token}/round", data={"version": version(app, token), "c0_coord": "9", "c0_red": "2",
                                                         "c1_coord": "3", "c1_repeat": "y", "c1_blue": "1"})
    page = response.get_data(as_text=True)
    assert response.status_code == 422
    assert "First round card: choose its coordinate" in page and "Second round card: a repeat card shows no" in page
    assert re.search(r'<select id="c0_red" name="c0_red">.*?<option selected value="2">', page, re.S)
    assert loaded(app, token).state.phase == "selection"


def test_start_round_picks_are_secret_and_per_player(client, app):
    token = started(client, app, names=("Aki", "Bo", "Cy"))
    placed = [card(1, red=1), card(4, iconic=(TV,), blue=2), card(6, green=1)]
    data = {"version": version(app, token)}
    for i, c in enumerate(placed):
        data.update({f"c{i}_coord": str(c.coordinate), **{f"c{i}_{k}": str(n) for k, n in c.tourists}})
        data.update({f"c{i}_icon_{lid}": "up" for lid in c.iconic})
    assert client.post(f"/play/{token}/round", data=data).status_code == 302
    tracker = client.get(f"/play/{token}").get_data(as_text=True)
    assert "Waiting for: <strong>Aki, Bo, Cy</strong>" in tracker
    links = seat_links(app, token)
    assert "pick your two round cards" in client.get(links[0]).get_data(as_text=True)
    picks = [(0, 1), (1, 2), (0, 2)]
    for path, pick in zip(links, picks):
        assert client.post(path + "/pick", data={"pick": [str(k) for k in pick], "version": version(app, token)}).status_code == 302
        if pick != picks[-1]:
            assert loaded(app, token).state.phase == "selection"
    state = loaded(app, token).state
    assert state.phase == "drawing" and state.round == 1 and state.ratings[TV] == 1
    assert [tuple(c.coordinate for c in state.cards[i]) for i in range(3)] == [(1, 4), (4, 6), (1, 6)]
    tracker = client.get(f"/play/{token}").get_data(as_text=True)
    assert "Round cards:" not in tracker and "secret" in tracker
    bad = client.post(links[0] + "/pick", data={"pick": ["0"], "version": version(app, token)})
    assert bad.status_code == 302


def test_hand_refresh_is_recorded_once(client, app):
    token = started(client, app)
    aki = seat_links(app, token)[0]
    assert client.post(aki + "/refresh", data={"version": version(app, token)}).status_code == 302
    assert loaded(app, token).state.players[0].hand_refreshed
    client.post(aki + "/refresh", data={"version": version(app, token)})
    page = client.get(aki).get_data(as_text=True)
    assert "already refreshed their hand" in page and "Hand refresh used" in page
    enter_round(client, app, token, (card(1, red=1), card(2, blue=1)))
    assert "hand refreshed" in client.get(f"/play/{token}").get_data(as_text=True)
