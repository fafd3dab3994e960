"""S8: route searches are bounded per request, and a score page searches each sheet once for every worker."""

from __future__ import annotations

from test_web_score import score_page
from test_web_sheets import LOOP, save, sheet

from companion.games.enroute import search
from companion.games.enroute.search import SearchBudget


def test_budget_shares_the_request_time_among_the_searches(monkeypatch):
    """8 searches in a 1 s budget: none gets more than its share of what is left; together at most 1 s + a share."""
    clock = [100.0]
    monkeypatch.setattr(search.time, "monotonic", lambda: clock[0])
    budget = SearchBudget(per_route=3.0, total=1.0, searches=8)
    granted = []
    for _ in range(8):
        limit = budget.limit()
        budget.left = max(1, budget.left - 1)
        granted.append(limit)
        clock[0] += limit  # each search uses all it was given
    assert granted[0] == 1.0 / 8
    assert sum(granted) <= 1.0 + 1e-9
    assert SearchBudget(per_route=3.0, total=None).limit() == 3.0
    assert SearchBudget(per_route=0.5, total=60, searches=2).limit() == 0.5


def test_api_request_with_many_players_keeps_to_the_request_budget(client, app, monkeypatch):
    """The API hands every search a share of SOLVER_REQUEST_LIMIT, never the per-route limit 8 times over."""
    app.config.update(SOLVER_TIME_LIMIT=3.0, SOLVER_REQUEST_LIMIT=0.8)
    given = []
    real = search.best_route

    def spy(ctx, sheet, time_limit=None):
        """Record the limit each search was given."""
        given.append(time_limit)
        return real(ctx, sheet, time_limit=time_limit)

    monkeypatch.setattr(search, "best_route", spy)
    player = sheet(sections=LOOP, final_route=None)
    doc = {"format": "enroute-game/1", "board": "training-city", "level": "full", "ratings": {}, "goals": [],
           "players": [{**player, "player": f"P{i}"} for i in range(8)]}
    response = client.post("/api/score", json=doc)
    assert response.status_code == 200, response.get_json()
    assert len(given) == 8 and all(limit <= 0.8 / 8 + 0.05 for limit in given[:1])
    assert all(limit <= 0.8 for limit in given)


def test_score_page_searches_each_sheet_once(client, make_table, monkeypatch):
    """The second view of a score page (any worker: the routes are in the database) runs no search."""
    calls = []
    real = search.best_route

    def counting(ctx, sheet_, time_limit=None):
        """Count searches."""
        calls.append(1)
        return real(ctx, sheet_, time_limit=time_limit)

    monkeypatch.setattr(search, "best_route", counting)
    token = make_table()
    save(client, token, 0, sheet(sections=LOOP, final_route=None), 0)
    first = score_page(client, token)
    searched = len(calls)
    assert searched >= 1
    second = score_page(client, token)
    assert len(calls) == searched and first.count("PP") == second.count("PP")
    response = save(client, token, 0, sheet(tourists=[{"at": [5, 5], "red": 3}], final_route=None), 1)
    assert response.status_code == 302  # a changed sheet is searched again
    score_page(client, token)
    assert len(calls) > searched
