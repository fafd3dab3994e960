"""The world cities refereed through the pages (issue 15): setup walk-through, London's secret starting sections,
choice cards and Rio's statue, Cairo cards, Hong Kong's harbour and ferries; every refusal explained, never a 500."""

from __future__ import annotations

import html
import random
import re

import pytest
from play_helpers import card_data, loaded, seat_links, setup_game, step, turn_data, turns_and_close, version

from companion.games.enroute import referee as ref
from companion.games.enroute.cards import RoundCard
from companion.games.enroute.cityplay import allowed_choices, harbour_sections
from companion.games.enroute.cityrules import rules_for
from companion.games.enroute.registry import find_board
from companion.games.enroute.setup import SetupOptions, draw_setup, goal_catalogue
from companion.games.enroute.simulate import random_turn
from companion.web.enroute.referee import view

CITIES = ["london-example", "rio-example", "cairo-example", "hong-kong-example"]


def text_of(response) -> str:
    """Return a page's text with entities decoded."""
    return html.unescape(response.get_data(as_text=True))


def cards_for(state, seat: int, loc) -> tuple[RoundCard, RoundCard]:
    """Two plain round cards whose coordinates match a location on a seat's own player board."""
    a, b = ref.player_board_of(state, seat).printed(loc)
    return RoundCard("x", a, (("red", 2),)), RoundCard("y", b, (("blue", 1),))


def post_round(client, app, token, cards, choices=(None, None)):
    """Enter two round cards on the tracker (choices: the OR side index of each card)."""
    data = {"version": version(app, token), **card_data("c0", cards[0], None, choices[0]),
            **card_data("c1", cards[1], None, choices[1])}
    return client.post(f"/play/{token}/round", data=data)


def post_turn(client, app, token, seat, turn):
    """Enter a seat's turn on its own page."""
    state = loaded(app, token).state
    path = seat_links(app, token)[seat]
    return client.post(path + "/turn", data={"version": version(app, token), **turn_data(state, seat, turn)})


def others_play_and_close(client, app, token, rng, skip=(0,)):
    """Every seat not in `skip` enters a simulated turn; the round closes."""
    for seat, path in enumerate(seat_links(app, token)):
        if seat in skip:
            continue
        state = loaded(app, token).state
        turn = random_turn(state, seat, rng)
        response = client.post(path + "/turn", data={"version": version(app, token), **turn_data(state, seat, turn)})
        assert response.status_code == 302, text_of(response)[:3000]
    response = client.post(f"/play/{token}/close", data={"version": version(app, token)})
    assert response.status_code == 302, text_of(response)[:3000]


def reveal_london(client, app, token):
    """Every seat chooses its first starting option; the tracker reveals them."""
    for seat, path in enumerate(seat_links(app, token)):
        with app.test_request_context():
            first = view.start_options(loaded(app, token).state, seat)[0][0]
        assert client.post(path + "/start", data={"version": version(app, token), "start": first}).status_code == 302
    assert client.post(f"/play/{token}/reveal", data={"version": version(app, token)}).status_code == 302


# ---- setup ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("board", CITIES)
def test_setup_walks_through_the_city_changes_and_plays_a_round(client, app, board):
    token = setup_game(client, app, names=("Aki", "Bo", "Cy"), board=board)
    game = loaded(app, token)
    rules = rules_for(game.board)
    from companion.web.enroute.referee.setup import step_keys
    keys = step_keys(game)
    for note in rules.setup_notes:  # every city change is a numbered step with its own page
        assert note.key in keys
        page = text_of(client.get(f"/play/{token}/setup/{note.key}"))
        assert note.text in page and note.title in page and '<ol class="step-list">' in page
    if board == "london-example":
        reveal_london(client, app, token)
    rng = random.Random(3)
    state = loaded(app, token).state
    deck = rules.deck(game.board)
    placed = rng.sample(deck, 3)  # 3 players: one start round, every owner chooses for their own OR card
    order = [(state.first_player + k) % 3 for k in range(3)]
    ordered, earlier = [placed[i] for i in order], []
    for k in range(3):
        allowed = allowed_choices(state.board, state.ratings, state.marks, ordered, earlier) \
            if ordered[k].options else [None]
        earlier.append(allowed[0])
    choices = [earlier[order.index(i)] for i in range(3)]
    data = {"version": version(app, token)}
    for i, c in enumerate(placed):
        data.update(card_data(f"c{i}", c, None, choices[i]))
    response = client.post(f"/play/{token}/round", data=data)
    assert response.status_code == 302, text_of(response)[:3000]
    for path in seat_links(app, token):
        assert client.post(path + "/pick", data={"pick": ["0", "1"], "version": version(app, token)}).status_code == 302
    turns_and_close(client, app, token, rng)
    game = loaded(app, token)
    assert game.state.round == 1 and game.state.phase == "selection" and not game.problems
    expected, marks, _found = ref.placed_marks(state, placed, choices)
    assert game.state.ratings == expected and game.state.marks == marks
    assert client.get(f"/play/{token}").status_code == 200


def test_goal_step_lists_the_city_special_cards(client, app):
    hk = setup_game(client, app, board="hong-kong-example")
    page = text_of(client.get(f"/play/{hk}/setup/goals"))
    special = [c.name for _cid, c in rules_for(find_board("hong-kong-example")).special_goals]
    assert all(name in page for name in special)
    assert not any(card.name in page for _cid, card in goal_catalogue())  # Hong Kong replaces the normal cards
    drawn = loaded(app, hk).setup["goals"]
    assert {g["name"] for g in drawn} <= set(special) and len(drawn) == 3
    london = setup_game(client, app, board="london-example")
    page = text_of(client.get(f"/play/{london}/setup/goals"))
    assert "Riverside Walk" in page and "Grand Tour" in page  # added to the normal decks


def test_rio_offers_only_the_standard_rating_mode(client, app):
    from play_helpers import create
    token = create(client, board="rio-example")
    page = text_of(client.get(f"/play/{token}/setup/rating"))
    assert 'value="standard"' in page and 'value="advanced"' not in page and "allows only" in page
    response = step(client, app, token, "rating", rating_mode="advanced")
    assert response.status_code == 422 and "allows only" in text_of(response)
    assert loaded(app, token).setup["rating_mode"] == "standard"


def test_rio_cover_happens_with_the_shipped_catalogue(client, app):
    """Rio's special card goes on the drawn deck-B card "Iconic route": the shipped catalogue has that card."""
    board = find_board("rio-example")
    assert "b-iconic-route" in dict(goal_catalogue())
    covered = [s for s in range(60) if any(g.name == "Iconic Rio" for g in
                                           draw_setup(board, ["A", "B"], s, SetupOptions(2)).goals)]
    assert covered, "no seed draws Rio's special goal"
    from play_helpers import create
    token = create(client, board="rio-example")
    assert step(client, app, token, "players", name_0="Aki", name_1="Bo").status_code == 302
    page = text_of(client.get(f"/play/{token}/setup/goals"))
    assert "Iconic Rio" in page and "Iconic Route" in page
    response = step(client, app, token, "goals", source="table", deck_A="", deck_B="b-iconic-route", deck_C="")
    assert response.status_code == 302
    assert [g["name"] for g in loaded(app, token).setup["goals"]] == ["Iconic Rio"]


# ---- London's starting subway cards -------------------------------------------------------------

def test_london_start_stations_stay_secret_until_the_reveal(client, app):
    token = setup_game(client, app, board="london-example")
    links = seat_links(app, token)
    state = loaded(app, token).state
    mine, theirs = state.players[0].start_card, state.players[1].start_card
    page = text_of(client.get(links[0]))
    assert all(view.station_name(state.board, s) in page for s in mine)
    with app.test_request_context():
        options = view.start_options(state, 0)
    secret = next(o for o in options if o[0].split("|")[0] not in theirs)
    # before anyone chose: no round, no reveal
    response = post_round(client, app, token, (RoundCard("x", 1, (("red", 1),)), RoundCard("y", 2, (("red", 1),))))
    assert response.status_code == 422 and "starting subway card" in text_of(response)
    response = client.post(links[0] + "/start", data={"version": version(app, token), "start": secret[0]})
    assert response.status_code == 302
    assert secret[1] in text_of(client.get(links[0]))
    for path in (f"/play/{token}", links[1]):
        assert secret[1] not in text_of(client.get(path))
    tracker = text_of(client.get(f"/play/{token}"))
    assert "chosen ✓" in tracker and "choosing…" in tracker
    response = client.post(f"/play/{token}/reveal", data={"version": version(app, token)})
    assert response.status_code == 422 and "waiting for Bo" in text_of(response)
    response = client.post(links[1] + "/start", data={"version": version(app, token), "start": "nowhere|0,0,0,1"})
    assert response.status_code == 422 and "is not on Bo's starting subway card" in text_of(response)
    with app.test_request_context():
        other = view.start_options(loaded(app, token).state, 1)[0][0]
    assert client.post(links[1] + "/start", data={"version": version(app, token), "start": other}).status_code == 302
    assert client.post(f"/play/{token}/reveal", data={"version": version(app, token)}).status_code == 302
    state = loaded(app, token).state
    assert all(p.start_card is None and len(p.sections) == 1 for p in state.players)
    station, section = secret[1].split(": ", 1)
    assert f"Aki: {station}, {section}" in text_of(client.get(f"/play/{token}"))  # public after the reveal


# ---- round rules ----------------------------------------------------------------------------------

def test_rio_statue_space_cannot_be_marked_twice(client, app):
    token = setup_game(client, app, board="rio-example")
    statue = RoundCard("s1", 3, (("red", 1),), options=(("statue",), ("stadium",)))
    plain = RoundCard("p1", 4, (("blue", 2),))
    response = post_round(client, app, token, (statue, plain), (0, None))
    assert response.status_code == 302, text_of(response)[:3000]
    assert loaded(app, token).state.marks == {"statue": (3,)}
    turns_and_close(client, app, token, random.Random(2))
    again = RoundCard("s2", 3, (("green", 1),), options=(("statue",), ("samba-hill",)))
    response = post_round(client, app, token, (again, plain), (0, None))
    page = text_of(response)
    assert response.status_code == 422 and "already marked" in page and "Choose" in page
    assert re.search(r'<option selected value="3">3</option>', page)  # the entry is kept
    response = post_round(client, app, token, (again, plain), (1, None))  # the other side is fine
    assert response.status_code == 302 and loaded(app, token).state.ratings["samba-hill"] == 1


def test_choice_card_needs_a_choice_and_a_lone_open_side_is_forced(client, app):
    token = setup_game(client, app, board="rio-example")
    statue = RoundCard("s1", 2, (("red", 1),), options=(("statue",), ("stadium",)))
    plain = RoundCard("p1", 5, (("blue", 2),))
    response = post_round(client, app, token, (statue, plain))
    assert response.status_code == 422 and "shows a choice" in text_of(response)
    response = post_round(client, app, token, (statue, plain), (0, None))
    assert response.status_code == 302
    turns_and_close(client, app, token, random.Random(4))
    game = loaded(app, token)  # the stadium at the top: a card offering statue-space 2 (marked) OR it cannot choose
    response = post_round(client, app, token, (statue, plain))  # space 2 is marked: the stadium is the only side
    assert response.status_code == 302, text_of(response)[:2000]
    assert loaded(app, token).state.ratings["stadium"] == game.state.ratings["stadium"] + 1


def test_cairo_cards_send_tourists_to_the_spaces_and_two_cross_out(client, app):
    token = setup_game(client, app, board="cairo-example")
    state = loaded(app, token).state
    loc = ref.empty_matches(state, 0)[0] if state.cards[0] else state.board.locations()[7]
    a, b = ref.player_board_of(state, 0).printed(loc)
    cards = (RoundCard("x", a, (("red", 2),), symbol="palm"), RoundCard("y", b, (("blue", 1),), symbol="column"))
    response = post_round(client, app, token, cards)
    assert response.status_code == 302, text_of(response)[:2000]
    state = loaded(app, token).state
    assert "Two Cairo cards" in text_of(client.get(seat_links(app, token)[0]))
    free = ref.empty_matches(state, 0)
    seg = ref.segment_options(state.board, set(), free[0])[0]
    response = post_turn(client, app, token, 0, ref.Turn(free[0], seg))
    assert response.status_code == 302, text_of(response)[:3000]
    me = loaded(app, token).state.players[0]
    assert me.crossed == (free[0],) and free[0] not in me.tourists
    assert me.remote == {"oasis": {"red": 2}, "temple": {"blue": 1}}
    page = text_of(client.get(seat_links(app, token)[0]))  # the player's own map shows the × and the spaces
    loc = free[0]
    assert re.search(rf'id="x-{loc[0]}-{loc[1]}" class="xloc on"', page)


def test_hong_kong_harbour_crossing_inside_a_segment_is_refused(client, app):
    token = setup_game(client, app, board="hong-kong-example")
    state = loaded(app, token).state
    board = state.board
    harbour = sorted(harbour_sections(board))[0]
    loc = next(x for x in board.locations() if harbour in [s for s in board.roads if x in board.borders(s)]) \
        if any(board.borders(harbour)) else (1, 3)
    response = post_round(client, app, token, cards_for(state, 0, loc))
    assert response.status_code == 302, text_of(response)[:2000]
    other = next(geo for geo in (tuple(sorted((harbour[0], n))) for n in board.neighbours(harbour[0]))
                 if geo != harbour and geo not in harbour_sections(board))
    response = post_turn(client, app, token, 0, ref.Turn(loc, (harbour, other)))
    page = text_of(response)
    assert response.status_code == 422 and "never part of a two-section segment" in page
    assert loaded(app, token).state.players[0].played is False
    response = post_turn(client, app, token, 0, ref.Turn(loc, (harbour,)))  # alone it is the turn's only section
    assert response.status_code == 302, text_of(response)[:3000]


def test_hong_kong_ferry_carries_tourists_once(client, app):
    token = setup_game(client, app, board="hong-kong-example")
    state = loaded(app, token).state
    ferry = state.board.features_of("ferry")[0]
    at = ferry.locations[0]
    cards = cards_for(state, 0, at)
    assert post_round(client, app, token, cards).status_code == 302
    response = post_turn(client, app, token, 0, ref.Turn(at, (((at[0] - 1, at[1] - 1), (at[0], at[1] - 1)),)))
    assert response.status_code == 422 and "is a ferry" in text_of(response)  # no destination chosen
    page = text_of(client.get(seat_links(app, token)[0]))
    assert "Ferry: the waterfront location" in page and "is a ferry" in page
    to = sorted(ferry.param("waterfront"))[0]
    seg = ref.segment_options(state.board, set(), tuple(to))[0]
    response = post_turn(client, app, token, 0, ref.Turn(at, seg, ferry_to=tuple(to)))
    assert response.status_code == 302, text_of(response)[:3000]
    me = loaded(app, token).state.players[0]
    assert me.ferries == (ferry.id,) and tuple(to) in me.tourists and at not in me.tourists
    others_play_and_close(client, app, token, random.Random(1))
    assert post_round(client, app, token, cards).status_code == 302
    to2 = sorted(ferry.param("waterfront"))[-1]
    seg2 = ref.segment_options(loaded(app, token).state.board, set(me.sections), tuple(to2))[0]
    response = post_turn(client, app, token, 0, ref.Turn(at, seg2, ferry_to=tuple(to2)))
    assert response.status_code == 422 and "already crossed out" in text_of(response)


def test_city_pages_and_refusals_in_japanese(client, app):
    """A Japanese phone: London's secret start, the city setup notes and Rio's statue refusal show no English."""
    from enroute_ja_helpers import english_fragments, leftovers
    fragments = english_fragments("templates/enroute/play/*.html", "companion/web/enroute/play*.py",
                                  "companion/games/enroute/cities/*/rules.py")
    client.get("/?lang=ja")
    london = setup_game(client, app, board="london-example")
    seat = text_of(client.get(seat_links(app, london)[0]))
    assert "あなたのスタート地下鉄カード（秘密）" in seat and leftovers(seat, fragments) == []
    note = text_of(client.get(f"/play/{london}/setup/start-subway"))
    assert "7枚のスタート地下鉄カード" in note and leftovers(note, fragments) == []
    rio = setup_game(client, app, board="rio-example")
    statue = RoundCard("s1", 3, (("red", 1),), options=(("statue",), ("stadium",)))
    plain = RoundCard("p1", 4, (("blue", 2),))
    assert post_round(client, app, rio, (statue, plain), (0, None)).status_code == 302
    turns_and_close(client, app, rio, random.Random(2))
    refused = post_round(client, app, rio, (statue, plain), (0, None))
    page = text_of(refused)
    assert refused.status_code == 422 and "スペース 3 はすでにマークされています" in page
    assert "already marked" not in page and leftovers(page, fragments) == []


def test_hong_kong_group_choice_in_advanced_mode_takes_its_own_move(client, app):
    """Advanced mode: the chosen group's move comes after the card's fixed symbols (here: a downgrade)."""
    token = setup_game(client, app, board="hong-kong-example", rating="advanced")
    before = loaded(app, token).state.ratings
    group = RoundCard("g", 2, (("red", 1),), iconic=("historic",), options=(("historic",), ("modern",)))
    plain = RoundCard("p", 5, (("blue", 1),))
    data = {"version": version(app, token), **card_data("c0", group, ["up"]), **card_data("c1", plain)}
    data.update({"c0_icon_historic": "up", "c0_icon_modern": "or", "c0_choice": "modern"})
    response = client.post(f"/play/{token}/round", data=data)  # one "or" side only: refused, entry kept
    assert response.status_code == 422 and "at least two symbols" in text_of(response)
    data = {"version": version(app, token), "c0_coord": "2", "c0_red": "1", "c0_icon_historic": "or",
            "c0_icon_modern": "or", "c0_choice": "modern", "c0_choice_move": "down", **card_data("c1", plain)}
    response = client.post(f"/play/{token}/round", data=data)
    assert response.status_code == 302, text_of(response)[:3000]
    after = loaded(app, token).state.ratings
    assert after == {"historic": before["historic"], "modern": before["modern"] - 1}
    modern = view.track_name(loaded(app, token).board, "modern")
    assert f"chosen: {modern}" in text_of(client.get(f"/play/{token}"))


def test_ferry_refusal_names_places_in_japanese(client, app):
    """The referee's place names ("location (c, r)") reach a Japanese page as printed coordinates only."""
    client.get("/?lang=ja")
    token = setup_game(client, app, board="hong-kong-example")
    state = loaded(app, token).state
    at = state.board.features_of("ferry")[0].locations[0]
    assert post_round(client, app, token, cards_for(state, 0, at)).status_code == 302
    response = post_turn(client, app, token, 0, ref.Turn(at, (((at[0] - 1, at[1] - 1), (at[0], at[1] - 1)),)))
    page = text_of(response)
    col, row = ref.player_board_of(state, 0).printed(at)
    assert response.status_code == 422 and f"({col}, {row}) はフェリーです" in page and "location (" not in page


def test_cairo_card_with_a_repeat_card_puts_two_tourists_in_the_location(client, app):
    token = setup_game(client, app, board="cairo-example")
    state = loaded(app, token).state
    loc = state.board.locations()[9]
    a, b = ref.player_board_of(state, 0).printed(loc)
    cards = (RoundCard("x", a, (("green", 1),), symbol="triangle"), RoundCard("r", b, repeat=True))
    assert post_round(client, app, token, cards).status_code == 302
    assert "With the repeat card" in text_of(client.get(seat_links(app, token)[0]))
    free = ref.empty_matches(loaded(app, token).state, 0)[0]
    cafes = {c.at for c in state.board.cafes if c.bonus == "tourists"}  # their tourists would join the location
    seg = next(seg for seg in ref.segment_options(state.board, set(), free) if not cafes & {p for s in seg for p in s})
    assert post_turn(client, app, token, 0, ref.Turn(free, seg)).status_code == 302
    me = loaded(app, token).state.players[0]
    assert me.tourists[free] == {"green": 2} and me.remote == {"pyramids": {"green": 1}} and not me.crossed


def test_hong_kong_route_section_cafe_pays_only_when_reached(client, app):
    token = setup_game(client, app, board="hong-kong-example", balance=("section", ""))
    state = loaded(app, token).state
    board = state.board
    cafe = next(c.at for c in board.cafes if c.bonus == "section")
    loc = next(x for x in board.locations() if any(cafe in s for seg in ref.segment_options(board, set(), x)
                                                   for s in seg))
    assert post_round(client, app, token, cards_for(state, 0, loc)).status_code == 302
    seg = next(seg for seg in ref.segment_options(board, set(), loc) if any(cafe in s for s in seg))
    assert post_turn(client, app, token, 0, ref.Turn(loc, seg)).status_code == 302
    me = loaded(app, token).state.players[0]
    assert me.cafes.get(cafe) == "unused"
    others_play_and_close(client, app, token, random.Random(5))
    state = loaded(app, token).state
    later = next(x for x in board.locations() if x != loc and ref.segment_options(board, set(me.sections), x))
    assert post_round(client, app, token, cards_for(state, 0, later)).status_code == 302
    page = text_of(client.get(seat_links(app, token)[0]))
    sources = re.search(r'<select id="bonus_0_source".*?</select>', page, re.S).group(0)
    assert 'value="balance"' in sources and f'value="{cafe[0]},{cafe[1]}"' not in sources  # the kept cafe cannot pay
    seg2 = ref.segment_options(board, set(me.sections), later)[0]
    extra = next(s for s in sorted(board.roads) if s not in me.sections and s not in seg2
                 and s not in harbour_sections(board))
    response = post_turn(client, app, token, 0, ref.Turn(later, seg2, bonus_sections=(ref.BonusSection(extra, cafe),)))
    assert response.status_code == 422 and "pays only in the turn it is reached" in text_of(response)
