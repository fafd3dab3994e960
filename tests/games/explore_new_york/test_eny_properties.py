"""Invariants of scoring and of the best-route search, on random sheets (hypothesis)."""

from __future__ import annotations

import json

from eny_helpers import brute_best, game
from fuzz_scale import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.explore_new_york import score_document
from companion.games.explore_new_york.rows import score_sections, walk_sections
from companion.games.explore_new_york.sheet import Sheet
from companion.games.explore_new_york.solver import best_route
from companion.games.explore_new_york.tile import COLOURS, LOCATIONS, ROADS, neighbours, section
from companion.games.explore_new_york.tiles import shipped_tiles

ROAD_LIST = sorted(ROADS)
TILES = sorted(shipped_tiles())


@st.composite
def sheets(draw, most: int = 9) -> Sheet:
    """A random sheet: a tile, a few drawn sections (often joined), tourists in up to nine districts."""
    tile = shipped_tiles()[draw(st.sampled_from(TILES))]
    n = draw(st.integers(0, most))
    drawn: list = []
    for _ in range(n):
        if drawn and draw(st.booleans()):
            p = draw(st.sampled_from(draw(st.sampled_from(drawn))))
            sec = section(p, draw(st.sampled_from(neighbours(p))))
        else:
            sec = draw(st.sampled_from(ROAD_LIST))
        if sec not in drawn:
            drawn.append(sec)
    places = draw(st.lists(st.sampled_from(LOCATIONS), max_size=9, unique=True))
    tourists = {}
    for loc in places:
        counts = {c: draw(st.integers(0, 3)) for c in COLOURS}
        if any(counts.values()):
            tourists[loc] = {c: n for c, n in counts.items() if n}
    return Sheet("P", tile, drawn, tourists)


def to_player(sheet: Sheet, route=None) -> dict:
    """A sheet as a game document's player."""
    doc = {"player": sheet.player, "tile": sheet.tile.id, "sections": [[list(a), list(b)] for a, b in sheet.sections],
           "tourists": [{"at": list(loc), **counts} for loc, counts in sheet.tourists.items()]}
    if route is not None:
        doc["final_route"] = [list(p) for p in route]
    return doc


def is_trail(walk: list, drawn: list) -> bool:
    """A walk over drawn sections using each at most once."""
    secs = walk_sections(walk)
    return len(set(secs)) == len(secs) and set(secs) <= set(drawn)


@settings(max_examples=examples(150), deadline=None)
@given(sheets())
def test_search_matches_brute_force(sheet):
    """The branch and bound finds the same best (PP, sections) as trying every trail, and proves it."""
    choice = best_route(sheet, None)
    assert choice.proven
    assert is_trail(choice.walk, sheet.sections)
    score = score_sections(sheet, walk_sections(choice.walk))
    assert (score.total, len(choice.walk) - 1 if choice.walk else 0) == brute_best(sheet)
    assert choice.total == score.total


@settings(max_examples=examples(60), deadline=None)
@given(sheets(most=14), st.randoms(use_true_random=False))
def test_order_of_sections_does_not_matter(sheet, rnd):
    """Listing the drawn sections or tourists in another order (or reversed) gives the same score document."""
    doc = game(to_player(sheet))
    shuffled = json.loads(json.dumps(doc))
    p = shuffled["players"][0]
    rnd.shuffle(p["sections"])
    p["sections"] = [s[::-1] if rnd.random() < .5 else s for s in p["sections"]]
    rnd.shuffle(p["tourists"])
    assert score_document(shuffled) == score_document(doc)


@settings(max_examples=examples(60), deadline=None)
@given(sheets(most=12), st.data())
def test_more_sections_never_score_less(sheet, data):
    """Drawing one more section never lowers the best possible total."""
    before = best_route(sheet, None).total
    extra = data.draw(st.sampled_from(ROAD_LIST))
    more = Sheet(sheet.player, sheet.tile, sorted(set(sheet.sections) | {extra}), sheet.tourists)
    assert best_route(more, None).total >= before


@settings(max_examples=examples(60), deadline=None)
@given(sheets(most=10), st.data())
def test_own_route_never_beats_the_best(sheet, data):
    """Any trail the player keeps scores at most the best possible; rows add up; the erase lists are exact."""
    walk: list = []
    if sheet.sections:
        a, b = data.draw(st.sampled_from(sheet.sections))
        walk = [a, b]
        used = {section(a, b)}
        for _ in range(data.draw(st.integers(0, 5))):
            options = [q for q in neighbours(walk[-1]) if section(walk[-1], q) in set(sheet.sections) - used]
            if not options:
                break
            q = data.draw(st.sampled_from(options))
            used.add(section(walk[-1], q))
            walk.append(q)
    result = score_document(game(to_player(sheet, walk)))["players"][0]
    assert result["route_chosen_by"] == "player"
    assert result["total"] == sum(result["rows"].values()) <= result["best"]["total"]
    kept = set(walk_sections(walk))
    assert len(result["erase"]["sections"]) == len(sheet.sections) - len(kept)
    on_route = set(score_sections(sheet, kept).districts)
    assert {tuple(d) for d in result["erase"]["tourists"]} == set(sheet.tourists) - on_route


@settings(max_examples=examples(40), deadline=None)
@given(st.lists(sheets(most=6), min_size=1, max_size=4))
def test_ranks(sheets_):
    """Rank = 1 + the number of players with a strictly higher total (ties share; the seed has no tie-break)."""
    result = score_document(game(*[to_player(s) for s in sheets_]))
    totals = [p["total"] for p in result["players"]]
    assert [p["rank"] for p in result["players"]] == [1 + sum(t > mine for t in totals) for mine in totals]
