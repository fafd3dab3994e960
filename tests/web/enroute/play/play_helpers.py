"""Drive a refereed game through the web layer: setup steps, round cards, turns (moves from the engine's simulator)."""

from __future__ import annotations

import random
import re

from companion.games.enroute import referee as ref
from companion.games.enroute.cards import model_deck, rating_options
from companion.games.enroute.simulate import random_turn
from companion.web.core.app import create_app
from companion.web.enroute.referee import store
from companion.web.enroute.referee.forms import sec_value, source_value


def make_app(tmp_path, csrf: bool = False):
    """Create an app whose database and board library live in a temporary folder."""
    return create_app({"TESTING": True, "SECRET_KEY": "test", "WTF_CSRF_ENABLED": csrf,
                       "DATABASE": str(tmp_path / "play.sqlite"), "BOARD_LIBRARY": str(tmp_path / "boards"),
                       "SERVER_NAME": "table.test"})


def loaded(app, token):
    """Load and replay a game from the store."""
    with app.app_context():
        return store.load(token)


def version(app, token) -> str:
    """Return the game's current version as a form sends it."""
    return str(loaded(app, token).version)


def create(client, mode="normal", referee=True, board="training-city") -> str:
    """Post step 1 and return the new game's id."""
    data = {"board": board, "mode": mode}
    if referee:
        data["referee"] = "y"
    response = client.post("/play/new", data=data)
    assert response.status_code == 302, response.get_data(as_text=True)[:1500]
    return re.search(r"/play/([A-Za-z0-9_-]+)/setup/level$", response.headers["Location"]).group(1)


def step(client, app, token, key, **data):
    """Post one setup step with the current version; return the response."""
    return client.post(f"/play/{token}/setup/{key}", data={"version": version(app, token), **data})


def seat_links(app, token) -> list[str]:
    """Return every seat's secret path."""
    return [f"/play/s/{s['token']}" for s in loaded(app, token).seats]


def setup_game(client, app, mode="normal", level="full", rating="standard", names=("Aki", "Bo"), referee=True,
               balance=None, keep=0, board="training-city") -> str:
    """Walk through every setup step with the defaults (personal goals kept on each seat's page); start the game."""
    token = create(client, mode, referee, board)
    assert step(client, app, token, "level", level=level).status_code == 302
    assert step(client, app, token, "rating", rating_mode=rating).status_code == 302
    response = step(client, app, token, "players", **{f"name_{i}": n for i, n in enumerate(names)})
    assert response.status_code == 302, response.get_data(as_text=True)[:1500]
    game = loaded(app, token)
    from companion.web.enroute.referee.setup import step_keys
    for key in step_keys(game)[4:]:
        if key == "personal-goals":
            for path in seat_links(app, token):
                assert client.post(path + "/keep", data={"keep": str(keep)}).status_code == 302
        elif key == "challenge":
            assert step(client, app, token, key, cell="1-1").status_code == 302
        elif key == "balance" and balance:
            data = {f"seat_{i}_0": side for i, side in enumerate(balance)}
            assert step(client, app, token, key, **data).status_code == 302
        elif key == "start":
            response = step(client, app, token, "start")
            assert response.status_code == 302 and response.headers["Location"].endswith(f"/play/{token}"), \
                client.get(f"/play/{token}/setup/start").get_data(as_text=True)[:3000]
        else:
            assert client.get(f"/play/{token}/setup/{key}").status_code == 200
    return token


def card_data(prefix, card, moves=None, choice=None) -> dict:
    """Return the form fields of one round card (moves: the rating choice per symbol, in order).

    A choice card ("OR") marks each side's track "or" and `choice` (a side index) as the chosen side; a Cairo
    card gives its symbol.
    """
    data = {f"{prefix}_coord": str(card.coordinate)}
    if card.repeat:
        data[f"{prefix}_repeat"] = "y"
    for colour, n in card.tourists:
        data[f"{prefix}_{colour}"] = str(n)
    for k, lid in enumerate(card.iconic):
        data[f"{prefix}_icon_{lid}"] = moves[k] if moves else "up"
    for group in card.options:
        for track in group:
            data[f"{prefix}_icon_{track}"] = "or"
    if card.options and choice is not None:
        data[f"{prefix}_choice"] = card.options[choice][0]
    if card.symbol:
        data[f"{prefix}_symbol"] = card.symbol
    return data


def advanced_moves(state, cards, rng) -> list[list[str]]:
    """Choose allowed rating moves per card symbol (advanced mode), in order."""
    marks = dict(state.ratings)
    out = []
    for card in cards:
        mine = []
        for lid in card.iconic if not card.repeat else ():
            track = state.board.rating_track(lid)
            move = rng.choice(rating_options(marks.get(lid, 0), track, "advanced"))
            marks[lid] = max(0, min(len(track) - 1, marks.get(lid, 0) + {"up": 1, "down": -1, "stay": 0}[move]))
            mine.append(move)
        out.append(mine)
    return out


def turn_data(state, seat, turn: ref.Turn) -> dict:
    """Translate a referee Turn into the turn form's fields."""
    data = {"location": f"{turn.location[0]},{turn.location[1]}", "section_1": sec_value(turn.segment[0])}
    for k, sec in enumerate(turn.segment[1:], start=2):  # New York: three sections
        data[f"section_{k}"] = sec_value(sec)
    if turn.colour:
        data["colour"] = turn.colour
    changes = list(turn.changes)
    for k, src in enumerate(ref.bonus_sources(state, seat, "coordinate")):
        if changes and changes[0].source == src:
            ch = changes.pop(0)
            data[f"change_{k}"] = f"{ch.card},{ch.delta}"
    for k, bonus in enumerate(turn.bonus_sections):
        data[f"bonus_{k}"] = sec_value(bonus.section)
        data[f"bonus_{k}_source"] = source_value(bonus.source)
    data["decline"] = [source_value(p) for p in turn.decline_cafe_tourists]
    if turn.cafe is not None:
        data["cafe"] = f"{turn.cafe[0]},{turn.cafe[1]}"
    if turn.ferry_to is not None:
        data["ferry_to"] = f"{turn.ferry_to[0]},{turn.ferry_to[1]}"
    return data


def enter_round(client, app, token, cards, moves=(None, None), slot=None):
    """Post two round cards to the tracker; return the response."""
    data = {"version": version(app, token), **card_data("c0", cards[0], moves[0]), **card_data("c1", cards[1], moves[1])}
    if slot:
        data["slot"] = slot
    return client.post(f"/play/{token}/round", data=data)


def play_round(client, app, token, rng: random.Random, deck=None) -> None:
    """Play one round through the pages: enter the cards, every seat's turn (simulator moves), close."""
    game = loaded(app, token)
    state = game.state
    deck = deck or model_deck(state.board)
    n = len(state.players)
    if state.round == 0 and state.start_rounds:
        placed = rng.sample(deck, n)
        data = {"version": str(game.version)}
        for i, c in enumerate(placed):
            data.update(card_data(f"c{i}", c))
        assert client.post(f"/play/{token}/round", data=data).status_code == 302
        for path in seat_links(app, token):
            pick = rng.sample(range(n), 2)
            r = client.post(path + "/pick", data={"pick": [str(k) for k in pick], "version": version(app, token)})
            assert r.status_code == 302
    elif state.phase == "selection":
        cards = rng.sample(deck, 2)
        moves = advanced_moves(state, cards, rng) if state.rating_mode == "advanced" else [None, None]
        data = {"version": str(game.version), **card_data("c0", cards[0], moves[0]), **card_data("c1", cards[1], moves[1])}
        if state.mode == "solo":
            r, k = game.sequence.available()[0]
            data["slot"] = f"{r},{k}"
        response = client.post(f"/play/{token}/round", data=data)
        assert response.status_code == 302, response.get_data(as_text=True)[:3000]
    turns_and_close(client, app, token, rng)


def turns_and_close(client, app, token, rng: random.Random) -> None:
    """Every seat enters a simulated legal turn on its page (referee tables), then the round closes."""
    game = loaded(app, token)
    assert game.state.phase == "drawing", game.problems
    if game.setup.get("referee", True):
        for seat, path in enumerate(seat_links(app, token)):
            state = loaded(app, token).state
            turn = random_turn(state, seat, rng)
            response = client.post(path + "/turn", data={"version": version(app, token), **turn_data(state, seat, turn)})
            assert response.status_code == 302, response.get_data(as_text=True)[:4000]
    response = client.post(f"/play/{token}/close", data={"version": version(app, token)})
    assert response.status_code == 302, response.get_data(as_text=True)[:3000]


def play_all(client, app, token, seed=1) -> store.Played:
    """Play rounds until the game is over; return the replayed game."""
    rng = random.Random(seed)
    for _ in range(12):
        if loaded(app, token).state.phase == "over":
            break
        play_round(client, app, token, rng)
    game = loaded(app, token)
    assert game.state.phase == "over" and not game.problems
    return game


def submit(page, selector: str) -> None:
    """Click a form's submit button and wait until the page it leads to has loaded.

    A click waits only for the next page to start arriving; reading the page at that moment can
    give an empty document (CI saw ``content() == ''`` once), so wait for the new document too."""
    with page.expect_navigation(wait_until="domcontentloaded"):
        page.click(selector)


def enter_segment(page, loc, segment, ferry_to=None) -> None:
    """Choose a turn's location (and the ferry's landing, Hong Kong) and its sections on a seat's page."""
    page.select_option("#location", f"{loc[0]},{loc[1]}")
    if ferry_to is not None:
        page.select_option("#ferry_to", f"{ferry_to[0]},{ferry_to[1]}")
    for k, sec in enumerate(segment, start=1):
        page.select_option(f"#section_{k}", sec_value(sec))


def close_round(page, base: str, token: str) -> None:
    """Close the round from the tracker page."""
    page.goto(f"{base}/play/{token}")
    submit(page, "#close-round")


def follow_route_job(client, app, token, page):
    """The result page once a best-route search running in the background (a 202 progress page) is done."""
    import html
    import time

    from companion.web.enroute.routes import jobs as route_jobs

    if page.status_code != 202:
        return page
    url = html.unescape(re.search(r'data-status-url="([^"]+)"', page.get_data(as_text=True)).group(1))
    deadline = time.monotonic() + 60
    try:
        while client.get(url).get_json()["state"] != route_jobs.DONE and time.monotonic() < deadline:
            time.sleep(0.05)
        return client.get(f"/play/{token}/result")
    finally:
        route_jobs.stop_workers(app)


def host_phone(chromium, base: str, client, **options):
    """A browser context that is the phone which started the game: it carries `client`'s phone key (the core's
    host), so the referee's steps are its to take, as on the host's own phone."""
    context = chromium.new_context(**options)
    key = client.get_cookie("companion_device")
    assert key is not None, "the client started the game, so it has a phone key"
    context.add_cookies([{"name": "companion_device", "value": key.value, "url": base}])
    return context
