"""New York refereed through the pages (issue 16): hotspot backs at setup, the round's cafe card, three-section
segments and hotspots with their refusals, the personal goal placed on a half before scoring; never a 500."""

from __future__ import annotations

import html
import random
import re

import pytest
from play_helpers import card_data, create, loaded, seat_links, step, turn_data, version

from companion.games.enroute import geometry as geo
from companion.games.enroute import referee as ref
from companion.games.enroute.cards import RoundCard
from companion.games.enroute.cityrules import rules_for
from companion.web.enroute.referee import store
from companion.web.enroute.referee.setup import step_keys

BOARD = "new-york-example"
HOT = ((8, 2), (9, 2))  # hotspot card hs-b1's road, the bottom side of location (9, 2)
TABLE_BACKS = {"hot_A": "hs-a1", "hot_B": "hs-b1", "hot_C": "hs-c1"}


def text_of(response) -> str:
    """Return a page's text with entities decoded."""
    return html.unescape(response.get_data(as_text=True))


def ny_game(client, app, names=("Aki", "Bo"), balance=("section", ""), backs=TABLE_BACKS) -> str:
    """Walk through New York's setup (the table's hotspot backs, balance cards) and start the game."""
    token = create(client, board=BOARD)
    assert step(client, app, token, "level", level="full").status_code == 302
    assert step(client, app, token, "rating", rating_mode="standard").status_code == 302
    assert step(client, app, token, "players", **{f"name_{i}": n for i, n in enumerate(names)}).status_code == 302
    for key in step_keys(loaded(app, token))[4:]:
        if key == "personal-goals":
            for path in seat_links(app, token):
                assert client.post(path + "/keep", data={"keep": "0"}).status_code == 302
        elif key == "balance":
            data = {f"seat_{i}_0": side for i, side in enumerate(balance)}
            assert step(client, app, token, key, **data).status_code == 302
        elif key == "city-goals" and backs:
            response = step(client, app, token, key, source="table", **backs)
            assert response.status_code == 302, text_of(response)[:2000]
        elif key == "start":
            response = step(client, app, token, "start")
            assert response.status_code == 302, text_of(client.get(f"/play/{token}/setup/start"))[:3000]
        else:
            assert client.get(f"/play/{token}/setup/{key}").status_code == 200
    return token


def cards_for(state, seat: int, loc) -> tuple[RoundCard, RoundCard]:
    """Two plain round cards whose coordinates match a location on a seat's own player board."""
    a, b = ref.player_board_of(state, seat).printed(loc)
    return RoundCard("x", a, (("red", 1),)), RoundCard("y", b, (("blue", 1),))


def open_round(client, app, token, cards, cafe: str | None = None):
    """Reveal a cafe card (by id, or "" for the companion's next) and enter the two round cards."""
    if cafe is not None:
        response = client.post(f"/play/{token}/cafe", data={"version": version(app, token), "card": cafe})
        assert response.status_code == 302, text_of(response)[:3000]
    data = {"version": version(app, token), **card_data("c0", cards[0]), **card_data("c1", cards[1])}
    response = client.post(f"/play/{token}/round", data=data)
    assert response.status_code == 302, text_of(response)[:3000]


def post_turn(client, app, token, seat, turn):
    """Enter a seat's turn on its own page."""
    state = loaded(app, token).state
    return client.post(seat_links(app, token)[seat] + "/turn",
                       data={"version": version(app, token), **turn_data(state, seat, turn)})


def ny_turns_and_close(client, app, token, rng: random.Random) -> None:
    """Every seat enters a legal New York turn (the city's simulator moves) on its page; the round closes."""
    for seat, path in enumerate(seat_links(app, token)):
        state = loaded(app, token).state
        turn = rules_for(state.board).play.random_turn(state, seat, rng)
        response = client.post(path + "/turn", data={"version": version(app, token), **turn_data(state, seat, turn)})
        assert response.status_code == 302, text_of(response)[:4000]
    response = client.post(f"/play/{token}/close", data={"version": version(app, token)})
    assert response.status_code == 302, text_of(response)[:3000]


# ---- setup ---------------------------------------------------------------------------------------------------

def test_setup_shows_hotspot_backs_cafe_deck_and_one_personal_goal(client, app):
    token = create(client, board=BOARD)
    step(client, app, token, "level", level="full")
    step(client, app, token, "rating", rating_mode="standard")
    step(client, app, token, "players", name_0="Aki", name_1="Bo")
    game = loaded(app, token)
    keys = step_keys(game)
    for note in rules_for(game.board).setup_notes:  # hotspots, cafe deck, double map, one personal goal
        assert note.key in keys
        assert note.title in text_of(client.get(f"/play/{token}/setup/{note.key}"))
    page = text_of(client.get(f"/play/{token}/setup/city-goals"))
    assert 'id="hotspot-backs"' in page and page.count("deck A:") >= 1  # the companion's drawn backs are listed
    refused = step(client, app, token, "city-goals", source="table", hot_A="hs-a1", hot_B="hs-a2", hot_C="hs-c1")
    assert refused.status_code == 422 and "Deck B: choose the hotspot back on top." in text_of(refused)
    assert re.search(r'<input checked[^>]*value="table"', text_of(refused))  # the entry is kept
    ok = step(client, app, token, "city-goals", source="table", **TABLE_BACKS)
    assert ok.status_code == 302
    assert loaded(app, token).setup["hotspot_cards"] == ["hs-a1", "hs-b1", "hs-c1"]
    seat = text_of(client.get(seat_links(app, token)[0]))
    assert seat.count('name="keep"') == 1  # one personal goal card per player, on the seat's own page only
    assert 'name="keep"' not in text_of(client.get(f"/play/{token}/setup/personal-goals"))


def test_table_backs_become_the_games_hotspots(client, app):
    token = ny_game(client, app)
    state = loaded(app, token).state
    assert state.hotspot_cards == ("hs-a1", "hs-b1", "hs-c1")
    assert geo.section(*HOT) in state.hotspots and len(state.hotspots) == 4
    page = text_of(client.get(seat_links(app, token)[0]))
    assert 'id="hotspots"' in page and "#s-8-2-9-2" in page  # listed and striped on the player's own map
    assert "ny-halves.js" in page and "data-halves=" in page  # the double map's half switcher


def test_companion_draws_the_backs_when_the_table_does_not_enter_them(client, app):
    token = ny_game(client, app, backs=None)
    game = loaded(app, token)
    with app.app_context():
        assert game.state.hotspot_cards == store.the_draw(game.board, game.setup).hotspot_cards
    assert len(game.state.hotspots) == 4


# ---- hotspots and segments -------------------------------------------------------------------------------------

def test_lone_section_through_a_hotspot_is_refused_and_the_seed_example_accepted(client, app):
    token = ny_game(client, app)
    state = loaded(app, token).state
    open_round(client, app, token, cards_for(state, 0, (9, 2)), "cc-pp-1")
    lone = post_turn(client, app, token, 0, ref.Turn((9, 2), (HOT,)))
    page = text_of(lone)
    assert lone.status_code == 422
    assert "is a hotspot: it takes two section allowances at once, so a lone section cannot cross it" in page
    assert 'selected value="8,2,9,2"' in page  # the entry is kept
    a, b = ref.player_board_of(state, 0).printed((9, 2))
    assert f"({a}, {b}) right half (matches)" in page  # a double map names the half of each printed coordinate
    assert not loaded(app, token).state.players[0].sections
    segment = (((7, 2), (8, 2)), HOT, ((9, 2), (10, 2)))  # the seed: a segment plus a section bonus, one a hotspot
    turn = ref.Turn((9, 2), segment, bonus_sections=(ref.BonusSection(HOT, ref.BALANCE),))
    response = post_turn(client, app, token, 0, turn)
    assert response.status_code == 302, text_of(response)[:3000]
    me = loaded(app, token).state.players[0]
    assert set(me.sections) == {geo.section(*s) for s in segment} and me.balance == (("section", True),)


@pytest.mark.parametrize("segment, message", [
    ((((8, 1), (9, 1)), ((9, 1), (9, 2)), ((9, 1), (10, 1))),
     "The segment's sections must form one connected line without branching."),
    ((((8, 1), (9, 1)), ((9, 1), (9, 2))), "A segment next to your location takes exactly 3 section allowances"),
    ((((7, 2), (8, 2)), HOT, ((9, 2), (10, 2))), "these sections take 4."),
])
def test_segment_refusals_show_the_engine_message_and_keep_the_entry(client, app, segment, message):
    token = ny_game(client, app, balance=("", ""))
    state = loaded(app, token).state
    open_round(client, app, token, cards_for(state, 0, (9, 2)), "cc-pp-1")
    response = post_turn(client, app, token, 0, ref.Turn((9, 2), segment))
    assert response.status_code == 422 and message in text_of(response)
    last = segment[-1]
    assert f'selected value="{last[0][0]},{last[0][1]},{last[1][0]},{last[1][1]}"' in text_of(response)


def test_three_section_segment_in_japanese(client, app):
    token = ny_game(client, app, balance=("", ""))
    state = loaded(app, token).state
    open_round(client, app, token, cards_for(state, 0, (9, 2)), "cc-pp-1")
    path = seat_links(app, token)[0]
    turn = ref.Turn((9, 2), (HOT,))
    response = client.post(path + "/turn", data={"version": version(app, token), **turn_data(state, 0, turn)},
                           headers={"Accept-Language": "ja"})
    page = text_of(response)
    assert response.status_code == 422 and "ホットスポット" in page and "a lone section cannot cross it" not in page


# ---- cafe cards ------------------------------------------------------------------------------------------------

def _cafe_turn(state, seat: int):
    """A location and a legal three-section segment from it that reaches a card cafe (and that cafe)."""
    board = state.board
    for cafe in board.cafes:
        if cafe.bonus != "card":
            continue
        x, y = cafe.at
        for loc in ((x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)):
            if loc not in board.locations():
                continue
            for option in rules_for(board).segment_options(board, set(), loc, state.hotspots):
                if any(cafe.at in sec for sec in option) and \
                        sum(1 for c in board.cafes for sec in option if c.at in sec and c.bonus == "card") == 1:
                    return loc, option, cafe.at
    raise AssertionError("no card cafe reachable")


def test_cafe_card_revealed_on_tracker_and_seat_and_its_tourists_given(client, app):
    token = ny_game(client, app, balance=("", ""))
    state = loaded(app, token).state
    loc, option, at = _cafe_turn(state, 0)
    tracker = text_of(client.get(f"/play/{token}"))
    assert 'id="cafe-form"' in tracker and "the companion&#39;s next card" not in tracker
    open_round(client, app, token, cards_for(state, 0, loc), "cc-purple")
    assert "Cafe card this round: new tourists: 2 purple" in text_of(client.get(f"/play/{token}"))
    assert "Cafe card this round: new tourists: 2 purple" in text_of(client.get(seat_links(app, token)[0]))
    response = post_turn(client, app, token, 0, ref.Turn(loc, option))
    assert response.status_code == 302, text_of(response)[:3000]
    me = loaded(app, token).state.players[0]
    assert me.tourists[loc].get("purple") == 2 and me.cafes[at] == "used" and me.cafe_bonus[at] == "tourists"


def test_companion_draws_the_cafe_deck_in_order(client, app):
    token = ny_game(client, app)
    game = loaded(app, token)
    with app.app_context():
        deck = store.the_draw(game.board, game.setup).cafe_deck
    rng = random.Random(5)
    for k in range(2):
        state = loaded(app, token).state
        open_round(client, app, token, cards_for(state, 0, (9, 2)), "")
        assert loaded(app, token).state.cafe_card == deck[k]
        ny_turns_and_close(client, app, token, rng)


def test_cafe_refusals_are_explained(client, app):
    token = ny_game(client, app)
    bad = client.post(f"/play/{token}/cafe", data={"version": version(app, token), "card": "cc-nope"})
    assert bad.status_code == 422 and "is not a cafe card of New York" in text_of(bad)
    state = loaded(app, token).state
    loc, option, at = _cafe_turn(state, 0)
    open_round(client, app, token, cards_for(state, 0, loc), "cc-pp-1")
    fixed = client.post(f"/play/{token}/cafe", data={"version": version(app, token), "card": "cc-pp-2"})
    assert fixed.status_code == 302 and loaded(app, token).state.cafe_card == "cc-pp-2"  # a correction before turns
    other = next(c.at for c in state.board.cafes if c.bonus == "card" and c.at != at)
    wrong = post_turn(client, app, token, 0, ref.Turn(loc, option, cafe=other))
    assert wrong.status_code == 422 and "The cafe you name is not reached by this turn" in text_of(wrong)
    chosen = post_turn(client, app, token, 0, ref.Turn(loc, option, cafe=at))
    assert chosen.status_code == 302
    assert loaded(app, token).state.players[0].cafe_bonus[at] == "pp"
    late = client.post(f"/play/{token}/cafe", data={"version": version(app, token), "card": "cc-purple"})
    assert late.status_code == 422 and "Reveal the cafe card before the round's turns" in text_of(late)
    assert loaded(app, token).state.cafe_card == "cc-pp-2"


def test_round_without_a_revealed_cafe_card_asks_for_it(client, app):
    token = ny_game(client, app, balance=("", ""))
    state = loaded(app, token).state
    open_round(client, app, token, cards_for(state, 0, (9, 2)))
    assert "No cafe card is revealed for this round yet: reveal it" in text_of(client.get(f"/play/{token}"))
    assert 'id="cafe-pending"' in text_of(client.get(seat_links(app, token)[0]))
    assert client.post(f"/play/{token}/cafe", data={"version": version(app, token), "card": ""}).status_code == 302
    assert 'id="cafe-card"' in text_of(client.get(seat_links(app, token)[0]))
    ny_turns_and_close(client, app, token, random.Random(1))
    assert loaded(app, token).state.cafe_card is None  # a cafe card counts for its own round only
    tracker = text_of(client.get(f"/play/{token}"))  # the next round: last round's card no longer counts as shown
    assert 'id="cafe-card"' not in tracker and "No cafe card is revealed for this round yet" in tracker


# ---- the personal goal's half and the end -----------------------------------------------------------------------

def test_goal_half_is_chosen_secretly_before_scoring(client, app):
    token = ny_game(client, app, balance=("", ""))
    rng = random.Random(2)
    for _ in range(10):
        state = loaded(app, token).state
        open_round(client, app, token, rng.sample(rules_for(state.board).deck(state.board), 2), "")
        ny_turns_and_close(client, app, token, rng)
    game = loaded(app, token)
    assert game.state.phase == "over" and not game.problems
    before = game.state.players[1].personal_goal
    tracker = text_of(client.get(f"/play/{token}"))
    assert 'id="goal-halves"' in tracker and "to place the personal goal on a half of the map" in tracker
    refused = client.post(f"/play/{token}/score", data={"version": version(app, token)})
    assert refused.status_code == 302 and loaded(app, token).table_id is None
    seats = seat_links(app, token)
    page = text_of(client.get(seats[1]))
    assert 'id="goal-half"' in page and 'id="goal-half"' not in tracker
    assert client.post(seats[1] + "/goal-half", data={"version": version(app, token), "half": "7"}).status_code == 400
    assert client.post(seats[1] + "/goal-half", data={"version": version(app, token), "half": "1"}).status_code == 302
    assert loaded(app, token).state.players[1].personal_goal == tuple((x + 6, y) for x, y in before)
    again = client.post(seats[1] + "/goal-half", data={"version": version(app, token), "half": "0"})
    assert again.status_code == 422 and "already placed" in text_of(again)
    placed = "Your personal goal is on the right half of the map."
    assert placed in text_of(client.get(seats[1]))
    assert placed not in text_of(client.get(f"/play/{token}")) + text_of(client.get(seats[0]))
    assert client.post(seats[0] + "/goal-half", data={"version": version(app, token), "half": "0"}).status_code == 302
    scored = client.post(f"/play/{token}/score", data={"version": version(app, token)})
    assert scored.status_code == 302 and loaded(app, token).table_id is not None


def test_a_simulated_new_york_game_plays_through_the_pages(client, app):
    """Four players: a cafe card before the first and the second start round and every round after; to the end."""
    token = ny_game(client, app, names=("Aki", "Bo", "Cy", "Di"), balance=("section", "coordinate", "", ""),
                    backs=None)
    rng = random.Random(11)
    state = loaded(app, token).state
    assert state.start_rounds == 2
    deck = rules_for(state.board).deck(state.board)
    assert client.post(f"/play/{token}/cafe", data={"version": version(app, token), "card": ""}).status_code == 302
    data = {"version": version(app, token)}
    for i, c in enumerate(rng.sample(deck, 4)):
        data.update(card_data(f"c{i}", c))
    assert client.post(f"/play/{token}/round", data=data).status_code == 302
    for path in seat_links(app, token):
        assert client.post(path + "/pick", data={"pick": ["0", "1"], "version": version(app, token)}).status_code == 302
    for _ in range(12):
        game = loaded(app, token)
        if game.state.phase == "over":
            break
        if game.state.phase == "selection":
            open_round(client, app, token, rng.sample(deck, 2), "")
        elif store.round_cafe(game) is None:  # the second start round: its cafe card, asked for on the tracker
            assert 'id="cafe-form"' in text_of(client.get(f"/play/{token}"))
            response = client.post(f"/play/{token}/cafe", data={"version": version(app, token), "card": ""})
            assert response.status_code == 302
        assert store.round_cafe(loaded(app, token)) is not None
        ny_turns_and_close(client, app, token, rng)
    game = loaded(app, token)
    assert game.state.phase == "over" and not game.problems
    assert len(game.cafe_cards) == len(set(game.cafe_cards)) == 10  # one card per round (start rounds too), no repeat
    for path in seat_links(app, token):
        assert client.post(path + "/goal-half", data={"version": version(app, token), "half": "0"}).status_code == 302
    assert client.post(f"/play/{token}/score", data={"version": version(app, token)}).status_code == 302
    assert loaded(app, token).table_id is not None


@pytest.mark.parametrize("data", [{"card": "x" * 300}, {"card": "[]"}, {"half": "-1"}, {"half": "x" * 99},
                                  {"section_3": "1,1,1,1", "cafe": "99,99"}, {"section_3": "x", "cafe": "a,b"},
                                  {"source": "table", "hot_A": "hs-b1"}, {}])
def test_new_york_junk_is_never_a_500(client, app, data):
    token = ny_game(client, app)
    state = loaded(app, token).state
    seat = seat_links(app, token)[0]
    setup_page = client.post(f"/play/{token}/setup/city-goals", data={"version": version(app, token), **data})
    assert setup_page.status_code < 500
    for url in (f"/play/{token}/cafe", seat + "/goal-half", seat + "/turn"):
        assert client.post(url, data={"version": version(app, token), **data}).status_code < 500
    open_round(client, app, token, cards_for(state, 0, (9, 2)))
    for url in (f"/play/{token}/cafe", seat + "/goal-half"):
        assert client.post(url, data={"version": version(app, token), **data}).status_code < 500
    turn = {"location": "9,2", "section_1": "7,2,8,2", "section_2": "8,2,9,2", **data}
    assert client.post(seat + "/turn", data={"version": version(app, token), **turn}).status_code in (302, 400, 422)


def test_companion_skips_cafe_cards_the_table_entered(client, app):
    token = ny_game(client, app)
    game = loaded(app, token)
    with app.app_context():
        deck = store.the_draw(game.board, game.setup).cafe_deck
    state = game.state
    open_round(client, app, token, cards_for(state, 0, (9, 2)), deck[1])  # the table turned up the second card
    ny_turns_and_close(client, app, token, random.Random(4))
    open_round(client, app, token, cards_for(state, 0, (9, 2)), "")
    assert loaded(app, token).state.cafe_card == deck[0]
    ny_turns_and_close(client, app, token, random.Random(4))
    open_round(client, app, token, cards_for(state, 0, (9, 2)), "")
    assert loaded(app, token).state.cafe_card == deck[2]


def test_a_card_cafe_with_tourists_can_be_left_unused(client, app):
    token = ny_game(client, app, balance=("", ""))
    state = loaded(app, token).state
    loc, option, at = _cafe_turn(state, 0)
    open_round(client, app, token, cards_for(state, 0, loc), "cc-purple")
    page = text_of(client.get(seat_links(app, token)[0]))
    assert f'name="decline" value="{at[0]},{at[1]}"' in page  # the card's tourists are offered to leave unused
    response = post_turn(client, app, token, 0, ref.Turn(loc, option, decline_cafe_tourists=(at,)))
    assert response.status_code == 302, text_of(response)[:3000]
    me = loaded(app, token).state.players[0]
    assert not me.tourists[loc].get("purple") and me.cafes[at] == "unused"
