"""Paris solo through the pages (issue 16): standard ratings only, a global card from the hand and a city card
from the sequence each round, coloured turns, and a result against a cell of PP and thematic tours completed."""

from __future__ import annotations

import html
import random
from dataclasses import replace

from play_helpers import card_data, create, loaded, setup_game, step, turn_data, version

from companion.games.enroute import referee as ref
from companion.games.enroute.cards import RoundCard
from companion.games.enroute.cities.paris.simulate import paris_turn
from companion.games.enroute.game import read_game
from companion.games.enroute.scoring import score_players
from companion.games.enroute.search import solo_chooser
from companion.games.enroute.setup import solo_challenges, solo_result, solo_score, tours_completed

BOARD = "paris-example"


def text_of(response) -> str:
    """Return a page's text with entities decoded."""
    return html.unescape(response.get_data(as_text=True))


def solo_cards(state, rng: random.Random) -> tuple[RoundCard, RoundCard]:
    """A global card from the hand and a Paris card from the sequence (the table holds the real ones)."""
    colour = rng.choice(("red", "green", "blue"))
    routes = tuple(c for c in ("red", "green", "blue") if c != colour)
    iconic = rng.choice([k for k, _ in state.board.ratings])
    return (RoundCard("g", rng.randint(1, 6), ((rng.choice(("red", "green", "blue")), rng.randint(1, 2)),)),
            RoundCard("p", rng.randint(1, 6), ((colour, 1),), (iconic,), route_colours=routes))


def test_paris_offers_solo_with_standard_ratings_only(client, app):
    token = create(client, "normal", True, BOARD)
    assert loaded(app, token).setup["rating_mode"] == "advanced"  # a normal Paris game
    mode_page = text_of(client.get(f"/play/{token}/setup/mode"))
    assert 'value="solo"' in mode_page and 'value="team"' in mode_page
    assert step(client, app, token, "mode", mode="solo", referee="y").status_code == 302
    assert loaded(app, token).setup["rating_mode"] == "standard"  # solo: the mode's own rating mode
    page = text_of(client.get(f"/play/{token}/setup/rating"))
    assert 'value="standard"' in page and 'value="advanced"' not in page
    refused = step(client, app, token, "rating", rating_mode="advanced")
    assert refused.status_code == 422 and "allows only" in text_of(refused)
    assert loaded(app, token).setup["rating_mode"] == "standard"
    solo = create(client, "solo", True, BOARD)
    assert loaded(app, solo).setup["rating_mode"] == "standard"


def test_a_paris_solo_game_is_played_to_its_result(client, app):
    token = setup_game(client, app, mode="solo", names=("Sol",), board=BOARD)  # challenge cell row 2, column 2
    game = loaded(app, token)
    assert game.state.mode == "solo" and game.state.rating_mode == "standard" and len(game.state.tours) == 3
    for key, words in (("challenge", "thematic tour(s) completed"), ("challenge", "the companion's own"),
                       ("sequence", "12 Paris cards"),
                       ("hands", "Draw 2 cards from the 24-card deck"), ("start", "thematic tour(s) completed")):
        assert words in text_of(client.get(f"/play/{token}/setup/{key}")), key
    rng = random.Random(11)
    tracker = text_of(client.get(f"/play/{token}"))
    assert "Play a global card from your hand and take a face-up city card of the sequence" in tracker
    assert "Global card played from your hand" in tracker and "Route colours on the card" in tracker
    for number in range(1, 11):
        game = loaded(app, token)
        r, k = game.sequence.available()[0]
        cards = solo_cards(game.state, rng)
        before = dict(game.state.ratings)
        data = {"version": version(app, token), **card_data("c0", cards[0]), **card_data("c1", cards[1]),
                "c1_routes": ",".join(cards[1].route_colours), "slot": f"{r},{k}"}
        response = client.post(f"/play/{token}/round", data=data)
        assert response.status_code == 302, text_of(response)[:3000]
        state = loaded(app, token).state
        lid = cards[1].iconic[0]
        track = len(state.board.rating_track(lid))
        assert state.round == number and state.ratings[lid] == min(before[lid] + 1, track - 1)  # standard: up
        turn = replace(paris_turn(state, 0, rng), route_change=None, tour_section=None)
        seat = f"/play/s/{loaded(app, token).seats[0]['token']}"
        fields = {"version": version(app, token), **turn_data(state, 0, turn),
                  "section_colour": turn.section_colour or ""}
        for b, bonus in enumerate(turn.bonus_sections):
            fields[f"bonus_{b}_colour"] = bonus.colour or ""
        response = client.post(seat + "/turn", data=fields)
        assert response.status_code == 302, text_of(response)[:3000]
        assert client.post(f"/play/{token}/close", data={"version": version(app, token)}).status_code == 302
    game = loaded(app, token)
    assert game.state.phase == "over" and game.sequence.remaining() == 0
    response = client.post(f"/play/{token}/score", data={"version": version(app, token)})
    assert response.headers["Location"].endswith(f"/play/{token}/result")
    page = text_of(client.get(f"/play/{token}/result"))
    cell = solo_challenges(game.board)[1][1]
    assert cell.tours == 2 and f"asks for {cell.pp} PP and 2 thematic tour(s) completed" in page
    aimed = score_players(read_game(ref.to_game_document(game.state)), chooser=solo_chooser(cell.pp, 0))[0]
    pp, met = solo_score({"rows": aimed.rows, "total": aimed.total})
    done = tours_completed(game.board, game.state.tours, aimed.final_route)
    assert f'<strong id="solo-pp">{pp} PP</strong>' in page
    assert f"and {done} thematic tour(s) completed" in page and "goal card(s) met" not in page
    assert "the companion's own" in page  # the decided table is shown as a decision
    assert ("You won!" in page) == solo_result(pp, met, cell, done)
