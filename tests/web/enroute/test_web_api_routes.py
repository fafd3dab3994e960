"""The JSON API remembers the companion's chosen routes: a repeated document is answered without a search,
the answers stay exactly the engine's, and a long search is stored in the route cache for every server."""

from __future__ import annotations

import json

from sqlalchemy import func, select

from companion.games.core.engine import ScoreOptions
from companion.games.enroute import search
from companion.games.enroute.commands import score_document
from companion.games.enroute.evaluation import RouteChoice
from companion.games.enroute.registry import find_board
from companion.games.enroute.simulate import simulate_game
from companion.web.core.db import read
from companion.web.enroute import api
from companion.web.enroute.routes.cache import route_cache


def chosen_games(seeds) -> list[dict]:
    """Simulated 4-player games with every final route left to the companion."""
    board = find_board("training-city")
    docs = []
    for seed in seeds:
        doc = simulate_game(board, players=4, seed=seed)
        for player in doc["players"]:
            player["final_route"] = None
        docs.append(doc)
    return docs


def counting(monkeypatch) -> list[int]:
    """Count the engine's searches."""
    calls: list[int] = []
    real = search.best_route

    def spy(ctx, sheet, time_limit=None):
        """Count, then search."""
        calls.append(1)
        return real(ctx, sheet, time_limit=time_limit)

    monkeypatch.setattr(search, "best_route", spy)
    return calls


def test_answers_are_the_engines_and_a_repeat_searches_nothing(client, monkeypatch):
    docs = chosen_games(range(12))
    expected = [score_document(doc, ScoreOptions()) for doc in docs]
    calls = counting(monkeypatch)
    first = [client.post("/api/enroute/score", json=doc) for doc in docs]
    searched = len(calls)
    assert searched == 4 * len(docs)
    again = [client.post("/api/score", json=doc) for doc in docs]  # the shared endpoint takes the same path
    assert len(calls) == searched  # every route came from memory
    for doc_answer, repeat, want in zip(first, again, expected, strict=True):
        assert doc_answer.status_code == repeat.status_code == 200
        assert doc_answer.get_json() == repeat.get_json() == want


def test_an_edited_sheet_is_searched_again(client, monkeypatch):
    doc = chosen_games([3])[0]
    calls = counting(monkeypatch)
    client.post("/api/enroute/score", json=doc)
    before = len(calls)
    doc["players"][1]["tourists"] = []
    answer = client.post("/api/enroute/score", json=doc)
    assert answer.status_code == 200 and len(calls) == before + 1  # only the edited sheet
    assert answer.get_json() == score_document(doc, ScoreOptions())


def test_given_routes_touch_no_route_cache(client, app, monkeypatch):
    doc = chosen_games([5])[0]
    scored = score_document(doc, ScoreOptions())
    for player, result in zip(doc["players"], scored["players"], strict=True):
        player["final_route"] = result["final_route"]
    calls = counting(monkeypatch)
    assert client.post("/api/enroute/score", json=doc).status_code == 200
    assert calls == [] and "enroute.route_memo" not in app.extensions


def test_long_searches_are_stored_for_every_server(client, app, monkeypatch):
    monkeypatch.setattr(api, "STORE_AFTER", 0.0)  # every search counts as long
    docs = chosen_games(range(2))
    for doc in docs:
        client.post("/api/enroute/score", json=doc)
    with app.app_context(), read() as conn:
        assert conn.execute(select(func.count()).select_from(route_cache)).scalar_one() == 8
    app.extensions.pop("enroute.route_memo")  # another server: nothing in its memory, the database has them
    expected = [score_document(doc, ScoreOptions()) for doc in docs]
    calls = counting(monkeypatch)
    for doc, want in zip(docs, expected, strict=True):
        assert client.post("/api/enroute/score", json=doc).get_json() == want
    assert calls == []


def test_unproven_routes_are_not_remembered(client, app, monkeypatch):
    app.config.update(SOLVER_TIME_LIMIT=0.0)  # every search stops at once: nothing proven
    monkeypatch.setattr(api, "STORE_AFTER", 0.0)
    doc = chosen_games([7])[0]
    body = client.post("/api/enroute/score", json=doc).get_json()
    if all(p["proven"] for p in body["players"]):
        return  # the machine was quick enough to prove them anyway: nothing to check
    calls = counting(monkeypatch)
    client.post("/api/enroute/score", json=json.loads(json.dumps(doc)))
    assert len(calls) == sum(1 for p in body["players"] if not p["proven"])


def test_a_quick_search_asks_no_database(client, monkeypatch):
    docs = chosen_games(range(20, 24))
    asked: list[int] = []
    real = api.cached_routes
    monkeypatch.setattr(api, "cached_routes", lambda keys: asked.append(1) or real(keys))
    proven = []
    for doc in docs:
        body = client.post("/api/enroute/score", json=doc).get_json()
        assert body == score_document(doc, ScoreOptions())
        proven += [p["proven"] for p in body["players"]]
    assert len(asked) == proven.count(False)  # only a search not proven within the quick try asks the database


def test_after_a_slow_quick_try_the_database_answers(client, app, monkeypatch):
    docs = chosen_games(range(30, 32))
    monkeypatch.setattr(api, "STORE_AFTER", 0.0)  # every search counts as long: all stored
    for doc in docs:
        client.post("/api/enroute/score", json=doc)
    app.extensions.pop("enroute.route_memo")  # another server
    monkeypatch.setattr(api, "STORE_AFTER", 0.02)
    tries: list[int] = []
    monkeypatch.setattr(search.SearchBudget, "probe",
                        lambda self, ctx, sheet, seconds: tries.append(1) or RouteChoice([], False))
    expected = [score_document(doc, ScoreOptions()) for doc in docs]
    calls = counting(monkeypatch)
    for doc, want in zip(docs, expected, strict=True):
        assert client.post("/api/enroute/score", json=doc).get_json() == want
    assert len(tries) == 8 and calls == []  # each quick try fell short; the database had every route
