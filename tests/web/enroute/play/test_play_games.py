"""Whole games through the web layer (simulator moves), scoring without retyping, replay after a restart, CSRF."""

from __future__ import annotations

import re

import pytest
from play_helpers import follow_route_job, loaded, make_app, play_all, seat_links, setup_game, version

from companion.games.enroute import referee as ref
from companion.games.enroute.game import read_game
from companion.games.enroute.scoring import score_game, score_players
from companion.games.enroute.search import solo_chooser
from companion.web.enroute.tables import store as db


@pytest.mark.parametrize(("mode", "names", "level", "rating"), [
    ("normal", ("Aki", "Bo"), "full", "standard"),
    ("normal", ("Aki", "Bo", "Cy", "Di"), "intermediate", "advanced"),
])
def test_whole_game_is_scored_from_the_referees_sheets(client, app, mode, names, level, rating):
    token = setup_game(client, app, mode=mode, names=names, level=level, rating=rating, balance=["section"])
    game = play_all(client, app, token, seed=7)
    expected = score_game(ref.to_game_document(game.state))
    response = client.post(f"/play/{token}/score", data={"version": version(app, token)})
    assert response.status_code == 302
    table_id = re.search(r"/tables/([^/]+)/score$", response.headers["Location"]).group(1)
    with app.app_context():
        players = db.get_players(table_id)
        table = db.get_table(table_id)
    assert all(p["version"] == 1 for p in players)  # entered by the referee, nothing to type
    assert table["ratings"] == dict(sorted(game.state.ratings.items()))
    page = client.get(f"/tables/{table_id}/score").get_data(as_text=True)
    for seat, player in enumerate(expected["players"]):
        assert f'<td data-seat="{seat}">{player["total"]}</td>' in page
    again = client.post(f"/play/{token}/score", data={"version": version(app, token)})
    assert again.headers["Location"] == response.headers["Location"]  # one score table per game


def test_solo_game_ends_with_win_or_loss_for_the_cell(client, app):
    token = setup_game(client, app, mode="solo", names=("Sol",), level="full")
    game = play_all(client, app, token, seed=3)
    assert game.sequence.remaining() == 0  # ten rounds, ten sequence cards
    response = client.post(f"/play/{token}/score", data={"version": version(app, token)})
    assert response.headers["Location"].endswith(f"/play/{token}/result")
    page = client.get(f"/play/{token}/result").get_data(as_text=True)
    # the companion's route aims at the chosen cell (70 PP, 1 goal), goal PP not counted (issue 13, R1)
    aimed = score_players(read_game(ref.to_game_document(game.state)), chooser=solo_chooser(70, 1))[0]
    scored = {"rows": aimed.rows, "total": aimed.total}
    goal_pp = sum(v for k, v in scored["rows"].items() if k.startswith("goal_"))
    assert f'<strong id="solo-pp">{scored["total"] - goal_pp} PP</strong>' in page
    assert "70 PP and 1 goal card(s)" in page  # the cell chosen in setup (row 2, column 2)
    won = scored["total"] - goal_pp >= 70 and sum(1 for k, v in scored["rows"].items() if k.startswith("goal_") and v) >= 1
    assert ("You won!" in page) == won


def test_team_game_shows_team_totals(client, app):
    token = setup_game(client, app, mode="team", names=("Aki", "Bo", "Cy", "Di"), level="intermediate")
    game = play_all(client, app, token, seed=5)
    assert game.state.start_rounds == 0
    client.post(f"/play/{token}/score", data={"version": version(app, token)})
    page = client.get(f"/play/{token}/result").get_data(as_text=True)
    totals = [p["total"] for p in score_game(ref.to_game_document(game.state))["players"]]
    assert f'<td class="team-total">{totals[0] + totals[2]}</td>' in page
    assert f'<td class="team-total">{totals[1] + totals[3]}</td>' in page
    assert "Aki &amp; Cy" in page and "smaller gap" in page


def test_team_result_waits_for_a_long_search_in_the_background(client, app, monkeypatch):
    """A search longer than the page's inline budget runs as a job: progress page (202), then the result."""
    from companion.games.enroute import search
    from companion.games.enroute.search import RouteChoice
    from companion.web.enroute.routes import jobs as route_jobs

    real = search.best_route

    def slow(ctx, sheet, time_limit=None):
        """Stand in for a dense sheet: within a short limit the route found is not proven."""
        choice = real(ctx, sheet, time_limit=time_limit)
        return choice if (time_limit or 99) >= 1 else RouteChoice(choice.walk, False)

    token = setup_game(client, app, mode="team", names=("Aki", "Bo", "Cy", "Di"), level="intermediate")
    game = play_all(client, app, token, seed=5)
    client.post(f"/play/{token}/score", data={"version": version(app, token)})
    monkeypatch.setattr(search, "best_route", slow)
    app.config.update(SOLVER_INLINE_LIMIT=0.2, SOLVER_TIME_LIMIT=5, ROUTE_WORKER_POLL=0.05)
    try:
        waiting = client.get(f"/play/{token}/result")
        assert waiting.status_code == 202 and 'id="route-progress"' in waiting.get_data(as_text=True)
        page = follow_route_job(client, app, token, waiting)
    finally:
        route_jobs.stop_workers(app)
    assert page.status_code == 200
    totals = [p["total"] for p in score_game(ref.to_game_document(game.state))["players"]]
    assert f'<td class="team-total">{totals[0] + totals[2]}</td>' in page.get_data(as_text=True)


def test_tracker_only_table_prefills_the_score_table(client, app):
    token = setup_game(client, app, names=("Aki", "Bo", "Cy"), referee=False)
    game = play_all(client, app, token, seed=2)
    assert all(p.sections == () for p in game.state.players)
    response = client.post(f"/play/{token}/score", data={"version": version(app, token)})
    table_id = re.search(r"/tables/([^/]+)/score$", response.headers["Location"]).group(1)
    with app.app_context():
        players = db.get_players(table_id)
        table = db.get_table(table_id)
    assert table["ratings"] == dict(sorted(game.state.ratings.items())) and len(table["goals"]) == 3
    assert [p["sheet"]["player_board"] for p in players] == [p.player_board for p in game.state.players]
    assert all(p["sheet"]["personal_goal"] for p in players) and all(p["version"] == 0 for p in players)


def test_replayed_game_after_restart_equals_the_live_one(client, app, tmp_path):
    token = setup_game(client, app, names=("Aki", "Bo", "Cy"), rating="advanced")
    live = play_all(client, app, token, seed=11)
    restarted = make_app(tmp_path)  # same database file, fresh process state
    with restarted.app_context():
        from companion.web.enroute.referee import store as play_store
        again = play_store.load(token)
    assert again.state == live.state
    assert ref.to_game_document(again.state) == ref.to_game_document(live.state)


def test_score_before_the_end_is_refused(client, app):
    token = setup_game(client, app)
    page = client.post(f"/play/{token}/score", data={"version": version(app, token)},
                       follow_redirects=True).get_data(as_text=True)
    assert "The game is not over" in page
    assert client.get(f"/play/{token}/result").status_code == 302


def test_csrf_token_is_required_on_every_change(tmp_path):
    app = make_app(tmp_path, csrf=True)
    client = app.test_client()
    response = client.post("/play/new", data={"board": "training-city", "mode": "normal"})
    assert response.status_code == 400 and "form expired" in response.get_data(as_text=True)
    page = client.get("/play/new").get_data(as_text=True)
    csrf = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page).group(1)
    response = client.post("/play/new", data={"board": "training-city", "mode": "normal", "csrf_token": csrf})
    token = re.search(r"/play/([^/]+)/setup/level$", response.headers["Location"]).group(1)
    for path in ("setup/level", "round", "close", "undo-round", "score", "seats/0/new-link"):
        client.post(f"/play/{token}/{path}", data={"level": "simplified", "version": "1"})
    assert loaded(app, token).setup["level"] == "full"
    client.post(f"/play/{token}/setup/players", data={"name_0": "A", "name_1": "B", "version": version(app, token), "csrf_token": csrf})
    seat = seat_links(app, token)[0]
    for action in ("keep", "pick", "turn", "undo", "refresh"):
        response = client.post(f"{seat}/{action}", data={"keep": "0"}, follow_redirects=True)
        assert response.status_code in (200, 400)
    assert loaded(app, token).seats[0]["kept"] is None


@pytest.mark.parametrize("path", ["round", "close", "undo-round", "score"])
def test_garbage_posts_never_crash(client, app, path):
    token = setup_game(client, app)
    junk = {"version": "abc", "c0_coord": "x", "c0_red": "-4", "c1_coord": "7", "slot": "a,b",
            "c0_icon_tv-tower": "sideways", "location": "9,9,9", "section_1": "1,2"}
    response = client.post(f"/play/{token}/{path}", data=junk)
    assert response.status_code < 500
    seat = seat_links(app, token)[0]
    for action in ("keep", "pick", "turn", "undo", "refresh"):
        assert client.post(f"{seat}/{action}", data={**junk, "keep": "zz", "pick": ["x", "y"]}).status_code < 500
