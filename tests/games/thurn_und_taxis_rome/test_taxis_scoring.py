"""The final score sheet: known-answer games, every refused entry with its path, and a table scored from its state."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from taxis_helpers import act, ready, table

from companion.games.core.engine import NotAGameDocument
from companion.games.thurn_und_taxis_rome import game_document, score_game, score_table

GAMES = Path(__file__).resolve().parent / "games"


def game_files() -> list[Path]:
    """Every known-answer game file."""
    return sorted(p for p in GAMES.glob("*.json") if not p.name.endswith(".expect.json"))


def load(path: Path) -> dict:
    """Read a JSON file."""
    return json.loads(path.read_text(encoding="utf-8"))


def triples(problems: list[dict]) -> list[list[str]]:
    """Problems as [severity, code, path]."""
    return [[p["severity"], p["code"], p["path"]] for p in problems]


@pytest.mark.parametrize("path", game_files(), ids=lambda p: p.stem)
def test_known_answer(path):
    """Rows, totals, ranks and problems match the hand computation."""
    expected = load(path.with_name(path.stem + ".expect.json"))
    result = score_game(load(path))
    assert result["format"] == "thurn-und-taxis-rome-score/1"
    assert triples(result["problems"]) == expected["problems"]
    assert len(result["players"]) == len(expected["players"])
    for got, want in zip(result["players"], expected["players"], strict=True):
        assert got["player"] == want["player"]
        assert got["rows"] == want["rows"]
        assert got["total"] == want["total"]
        if want["rows"] is not None:
            assert want["total"] == sum(want["rows"].values())
        assert got["rank"] == want["rank"]
        assert triples(got["problems"]) == want["problems"]


def test_seed_audience_lists_rome_with_points():
    """The score sheet shows Rome's audience with each tile's points."""
    result = score_game(load(GAMES / "seed-audience.json"))
    assert {(r["colour"], r["rank"], r["points"]) for r in result["rome"]} == {
        ("yellow", "cardinal", 11), ("blue", "priest", 5), ("red", "bishop", 7), ("green", "pastor", 3),
        ("red", "pastor", 3)}
    scott = result["players"][2]
    assert sorted((c["rank"], c["points"]) for c in scott["clergy"]) == [("bishop", 7), ("pastor", 3)]


def seed_doc() -> dict:
    """A fresh copy of the seed-audience game."""
    return load(GAMES / "seed-audience.json")


@pytest.mark.parametrize(("change", "where", "code", "path"), [
    (lambda d: d["players"][0]["bonus_tiles"].append({"type": "province", "applies_to": "Bayern", "points": 5}),
     0, "unknown-bonus-tile", "players[0].bonus_tiles[3]"),
    (lambda d: d["players"][0]["bonus_tiles"].append({"type": "province", "applies_to": "Baden", "points": 9}),
     0, "unknown-bonus-tile", "players[0].bonus_tiles[3].points"),
    (lambda d: d["players"][0]["bonus_tiles"].append({"type": "long_route", "route_length": 4, "points": 1}),
     0, "unknown-bonus-tile", "players[0].bonus_tiles[3]"),
    (lambda d: d["players"][0]["bonus_tiles"].append({"type": "end_game", "route_length": 7, "points": 1}),
     0, "unknown-bonus-tile", "players[0].bonus_tiles[3]"),
    (lambda d: d["players"][1]["bonus_tiles"].append({"type": "end_game", "points": 1}),
     1, "bonus-tile-twice", "players[1].bonus_tiles"),
    (lambda d: d["players"][0].update(carriage=8), 0, "unknown-carriage-card", "players[0].carriage"),
    (lambda d: d["players"][0].update(houses_left=-1), 0, "bad-number", "players[0].houses_left"),
    (lambda d: d["players"][0].update(houses_left="2"), 0, "bad-number", "players[0].houses_left"),
    (lambda d: d["players"][0].pop("colour"), 0, "missing-colour", "players[0].colour"),
    (lambda d: d["players"][0].update(colour="green"), 1, "colour-twice", "players[1].colour"),
    (lambda d: d["players"][1].update(player="Anna"), 1, "player-twice", "players[1].player"),
    (lambda d: d["players"][2].update(hat=1), 2, "unknown-key", "players[2].hat"),
    (lambda d: d["tile_values"].pop("bishop"), 2, "tile-value-missing", "tile_values.bishop"),
])
def test_a_players_bad_line_is_refused_with_its_path(change, where, code, path):
    """One player's errors withhold that player's total only."""
    doc = seed_doc()
    change(doc)
    result = score_game(doc)
    mine = result["players"][where]
    assert ["error", code, path] in triples(mine["problems"])
    assert mine["total"] is None and mine["rank"] is None
    others = [p for i, p in enumerate(result["players"]) if i != where and not p["problems"]]
    assert others and all(p["total"] is not None for p in others)


@pytest.mark.parametrize(("change", "code", "path"), [
    (lambda d: d["rome"].append({"colour": "blue", "rank": "priest"}), "rome-tile-twice", "rome[5]"),
    (lambda d: d["rome"].append({"colour": "blue", "rank": "pope"}), "unknown-rank", "rome[5].rank"),
    (lambda d: d["rome"].append({"colour": "purple", "rank": "pope"}), "bad-value", "rome[5].colour"),
    (lambda d: d["tile_values"].update(pope=3), "unknown-rank", "tile_values.pope"),
    (lambda d: d["tile_values"].update(bishop=-3), "bad-tile-value", "tile_values.bishop"),
    (lambda d: d["players"][3].update(vp_coins=10), "too-many-coins", "players"),
    (lambda d: d.update(players=d["players"] * 2), "too-many", "players"),
    (lambda d: d.update(modules=["audience", "pope"]), "bad-value", "modules[1]"),
])
def test_a_bad_game_is_refused_with_its_path(change, code, path):
    """A game-wide error withholds every total."""
    doc = seed_doc()
    change(doc)
    result = score_game(doc)
    assert ["error", code, path] in triples(result["problems"])
    assert all(p["total"] is None for p in result["players"])


def test_rome_of_a_colour_nobody_plays():
    """A tile of a colour not at the table is an error at its path."""
    doc = seed_doc()
    doc["players"] = doc["players"][:3]
    result = score_game(doc)
    assert ["error", "unknown-colour", "rome[0].colour"] in triples(result["problems"])


@pytest.mark.parametrize("doc", [[], "x", 3, None, {"format": "enroute-game/1", "players": []},
                                 {"format": "thurn-und-taxis-rome-game/1"},
                                 {"format": "thurn-und-taxis-rome-game/1", "players": []},
                                 {"format": "thurn-und-taxis-rome-game/1", "players": {"a": 1}}])
def test_not_a_game_document(doc):
    """No object, another format, or no players: NotAGameDocument."""
    with pytest.raises(NotAGameDocument):
        score_game(doc)


def test_a_table_is_scored_from_its_state():
    """Rome, the coins and the tile values come from the table; the base game's entries from the score pad."""
    t = ready(table(4))
    t.audience.carriages["baiern"] = "Trient"
    t = act(t, action="score-route", seat=0, cities=["Augsburg", "Munchen", "Salzburg"],
            post_offices=["Augsburg", "Salzburg"], moves=[{"carriage": "baiern", "to": "Rom"}])
    for rank, points in (("cardinal", 11), ("priest", 5), ("pastor", 3)):
        t = act(t, action="tile-value", rank=rank, points=points)
    t = act(t, action="take-office", seat=0, office="postmaster")
    base = [{"carriage": 3, "houses_left": 0}, {"houses_left": 1}, {"houses_left": 2},
            {"bonus_tiles": [{"type": "end_game", "points": 1}], "houses_left": 0}]
    doc = game_document(t, base)
    assert sorted((r["colour"], r["rank"]) for r in doc["rome"]) == [
        ("blue", "priest"), ("green", "pastor"), ("red", "pastor"), ("yellow", "cardinal")]
    result = score_table(t, base)
    assert triples(result["problems"]) == [["warning", "game-not-over", ""]]
    assert [p["total"] for p in result["players"]] == [2 + 5, -1 + 3, -2 + 3, 1 + 11]
    t = act(t, action="end-game")
    assert triples(score_table(t, base)["problems"]) == [["warning", "final-return-open", ""]]
    t = act(t, action="return-offices", seat=0, kinds=["postmaster"])
    assert score_table(t, base)["problems"] == []


def test_scoring_leaves_the_document_alone():
    """Scoring does not change its input."""
    doc = seed_doc()
    before = copy.deepcopy(doc)
    score_game(doc)
    assert doc == before
