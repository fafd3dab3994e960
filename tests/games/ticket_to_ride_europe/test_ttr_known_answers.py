"""Known-answer games: each `games/*.json` has a hand-computed `.expect.json` beside it; every field counts."""

from __future__ import annotations

import copy

import pytest
from ttr_helpers import game_files, load, score

KEYS = ["player", "rows", "trains", "longest_path", "tickets_completed", "tickets_failed", "stations_built",
        "borrowed", "tickets_detail", "total", "rank", "problems"]


@pytest.mark.parametrize("path", game_files(), ids=lambda p: p.stem)
def test_known_answer(path):
    """Every field of every player matches the hand computation (problems by severity, code and path)."""
    expected = load(path.with_name(path.stem + ".expect.json"))
    result = score(load(path))
    assert result["format"] == "ttr-europe-score/1" and set(result) == {"format", "players"}
    assert len(result["players"]) == len(expected["players"])
    for got, want in zip(result["players"], expected["players"]):
        assert list(got) == KEYS
        for key in KEYS[:-1]:
            assert got[key] == want[key], (want["player"], key)
        assert want["total"] == (sum(want["rows"].values()) if want["rows"] is not None else None)
        shape = [{k: p[k] for k in ("severity", "code", "path")} for p in got["problems"]]
        assert shape == want["problems"]
        assert all(p["message"] for p in got["problems"])


def test_every_case_the_issue_names_has_a_file():
    """Station borrowing, a loop in the Express, the three tie-breaks and all four variants are covered."""
    names = {p.stem for p in game_files()}
    assert {"station-borrowing", "express-loop", "tie-tickets", "tie-stations", "tie-express",
            "variant-1912", "variant-mega", "variant-big-cities", "big-cities-deck", "big-cities-refused",
            "borrow-repeated"} <= names


@pytest.mark.parametrize("path", game_files(), ids=lambda p: p.stem)
def test_ticket_direction_does_not_matter(path):
    """Writing every ticket the other way round changes no row and no rank."""
    doc = load(path)
    turned = copy.deepcopy(doc)
    for p in turned["players"]:
        for t in p.get("tickets", []):
            t["from"], t["to"] = t["to"], t["from"]
    a, b = score(doc), score(turned)
    for x, y in zip(a["players"], b["players"]):
        assert (x["rows"], x["rank"], x["borrowed"]) == (y["rows"], y["rank"], y["borrowed"])


@pytest.mark.parametrize("path", game_files(), ids=lambda p: p.stem)
def test_route_order_does_not_matter(path):
    """Listing each player's routes in reverse changes nothing scored."""
    doc = load(path)
    turned = copy.deepcopy(doc)
    for p in turned["players"]:
        p["routes"] = list(reversed(p.get("routes", [])))
    a, b = score(doc), score(turned)
    for x, y in zip(a["players"], b["players"]):
        assert (x["rows"], x["rank"], x["longest_path"]) == (y["rows"], y["rank"], y["longest_path"])


@pytest.mark.parametrize("path", game_files(), ids=lambda p: p.stem)
def test_reporting_the_chosen_borrowing_scores_the_same(path):
    """Writing the companion's choice back as each station's `borrows` gives the same score."""
    doc = load(path)
    first = score(doc)
    given = copy.deepcopy(doc)
    for p, line in zip(given["players"], first["players"]):
        for station, choice in zip(p.get("stations", []), line["borrowed"] or []):
            station["borrows"] = choice["borrows"]
    again = score(given)
    for x, y in zip(first["players"], again["players"]):
        assert (x["rows"], x["total"], x["rank"], x["borrowed"]) == (y["rows"], y["total"], y["rank"], y["borrowed"])
